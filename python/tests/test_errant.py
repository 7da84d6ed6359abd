"""gecmetric.errant: ERRANT's API, and the same edits as `gecmetric edits`."""

import difflib
import os
import time

import pytest

import gecmetric
import gecmetric.errant as errant
from conftest import SYSTEMS, cli, lines


@pytest.fixture(scope="module")
def annotator():
    return errant.load("en")


def test_readme_example(annotator):
    # ERRANT's README example, with the types ERRANT gives.
    orig = annotator.parse("This are gramamtical sentence .")
    cor = annotator.parse("This is a grammatical sentence .")
    got = [
        (e.o_start, e.o_end, e.o_str, e.c_start, e.c_end, e.c_str, e.type)
        for e in annotator.annotate(orig, cor)
    ]
    assert got == [
        (1, 2, "are", 1, 2, "is", "R:VERB:SVA"),
        (2, 2, "", 2, 3, "a", "M:DET"),
        (2, 3, "gramamtical", 3, 4, "grammatical", "R:SPELL"),
    ]
    e = annotator.annotate(orig, cor)[1]
    assert e.to_m2() == "A 2 2|||M:DET|||a|||REQUIRED|||-NONE-|||0"
    assert e.to_m2(3).endswith("|||3")
    assert str(e) == "Orig: [2, 2, ''], Cor: [2, 3, 'a'], Type: 'M:DET'"
    assert e.c_toks.text == "a" and len(e.o_toks) == 0


@pytest.mark.parametrize(
    "orig,cor,want",
    [
        # a deletion: an empty correction field, as ERRANT writes it
        ("I I like it .", "I like it .", ["A 0 1|||U:PRON||||||REQUIRED|||-NONE-|||0"]),
        ("He go to school .", "He goes to school .", ["A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0"]),
        ("Same sentence .", "Same sentence .", []),
        # white space alone is no edit
        ("Same  sentence .", " Same sentence . ", []),
    ],
)
def test_annotate_m2(annotator, orig, cor, want):
    assert [e.to_m2() for e in annotator.annotate(orig, cor)] == want


def test_parse(annotator):
    doc = annotator.parse("He can't go.", tokenise=True)
    assert doc.tokens == ["He", "ca", "n't", "go", "."]
    doc = annotator.parse("He  goes\tto school .")
    assert [t.text for t in doc] == ["He", "goes", "to", "school", "."]
    assert len(doc) == 5 and doc[-1].text == "." and doc[1:3].text == "goes to"
    assert [(t.tag_, t.pos_, t.lemma_) for t in doc][:2] == [("PRP", "PRON", "-PRON-"), ("VBZ", "VERB", "go")]


def test_align_merge_classify_equal_annotate(annotator):
    orig = annotator.parse("Yesterday I go to the the shop and buyed apple .")
    cor = annotator.parse("Yesterday I went to the shop and bought an apple .")
    for merging in errant.MERGING:
        al = annotator.align(orig, cor)
        assert all(op[0] in "MSID" or op[0].startswith("T") for op in al.align_seq)
        merged = annotator.merge(al, merging)
        assert all(e.type == "NA" for e in merged)
        typed = [annotator.classify(e) for e in merged]
        assert typed == annotator.annotate(orig, cor, merging=merging)
        assert len(typed) > 0


def test_lev_and_merging_change_edits(annotator):
    orig, cor = "I has eaten the apple", "I have been eating apples"
    rules = annotator.annotate(orig, cor)
    split = annotator.annotate(orig, cor, merging="all-split")
    assert len(split) > len(annotator.annotate(orig, cor, merging="all-merge"))
    assert rules != split
    assert annotator.annotate(orig, cor, lev=True) is not None


def test_import_edit(annotator):
    orig = annotator.parse("He has eaten it")
    cor = annotator.parse("He was eaten it")
    # min drops the shared "eaten"; the type is the engine's
    e = annotator.import_edit(orig, cor, [1, 3, 1, 3])
    assert (e.o_start, e.o_end, e.o_str, e.c_str) == (1, 2, "has", "was")
    assert e.type == "R:VERB:TENSE"
    e = annotator.import_edit(orig, cor, [1, 3, 1, 3, "R:OTHER"], min=False, old_cat=True)
    assert (e.o_end, e.type) == (3, "R:OTHER")
    with pytest.raises(gecmetric.GecmetricError, match="outside the sentences"):
        annotator.import_edit(orig, cor, [1, 9, 1, 3])


def test_batch_equals_loop(annotator):
    origs = ["He go to school .", "I like it .", "She have a apple ."]
    cors = ["He goes to school .", "I like it .", "She has an apple ."]
    assert annotator.annotate_batch(origs, cors) == [annotator.annotate(o, c) for o, c in zip(origs, cors)]
    with pytest.raises(ValueError, match="3 sources but 2 corrections"):
        annotator.annotate_batch(origs, cors[:2])
    with pytest.raises(ValueError, match="merging 'fancy'"):
        annotator.annotate("a", "b", merging="fancy")


def test_one_engine(annotator):
    from gecmetric import _engine

    annotator.annotate("a b", "a c")
    first = _engine.engine().proc.pid
    for _ in range(20):
        annotator.annotate("a b", "a c")
    assert _engine.engine().proc.pid == first
    assert gecmetric.engine_version() == gecmetric.__version__


# --- CoNLL-2014: the edits of every system equal `gecmetric edits`' M2 ------


@pytest.mark.parametrize("system", SYSTEMS)
def test_conll14_edits_equal_cli(conll, annotator, system):
    src = os.path.join(conll, "text", "source.txt")
    hyp = os.path.join(conll, "text", system + ".txt")
    code, want, err = cli("edits", "--source", src, "--target", hyp)
    assert code == 0, err
    # The batch call, as errant_parallel.
    got = annotator.parallel(lines(src), lines(hyp))
    diff = list(difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm="", n=0))
    assert diff == [], "\n".join(diff[:20])
    # One annotate call per pair, M2 built from the edits.
    blocks = []
    for o, c in zip(lines(src), lines(hyp)):
        edits = annotator.annotate(o, c)
        s = "S " + " ".join(o.split())
        if " ".join(o.split()) == c.strip():
            blocks.append(s + "\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n")
        else:
            blocks.append(s + "\n" + "".join(e.to_m2() + "\n" for e in edits))
    assert "\n".join(blocks) + "\n" == want


def test_conll14_two_coders_equal_cli(conll, annotator):
    t = os.path.join(conll, "text")
    code, want, err = cli("edits", "--source", t + "/source.txt", "--target", t + "/ref0.txt", "--target", t + "/ref1.txt")
    assert code == 0, err
    got = annotator.parallel(lines(t + "/source.txt"), lines(t + "/ref0.txt"), lines(t + "/ref1.txt"))
    assert got == want


def test_conll14_speed(conll, annotator):
    # The issue's goal: one annotate call per pair over CoNLL-2014's 1,312
    # pairs in under 2 s (measured 0.20-0.60 s on a loaded two-core machine,
    # so the bound leaves a margin of 3x or more; ERRANT with spaCy does
    # about 1,000 pairs/s). The batch call measured 0.10-0.39 s.
    src = lines(os.path.join(conll, "text", "source.txt"))
    hyp = lines(os.path.join(conll, "text", "AMU.txt"))
    assert len(src) == 1312
    annotator.annotate(src[0], hyp[0])
    t = time.perf_counter()
    loop = [annotator.annotate(o, c) for o, c in zip(src, hyp)]
    t_loop = time.perf_counter() - t
    t = time.perf_counter()
    batch = annotator.annotate_batch(src, hyp)
    t_batch = time.perf_counter() - t
    assert loop == batch
    assert t_loop < 2.0, "per-pair loop took %.2f s" % t_loop
    assert t_batch < 2.0, "batch took %.2f s" % t_batch


def test_bad_string_leaves_engine_in_step(annotator):
    from gecmetric import _engine

    annotator.annotate("a b", "a c")
    pid = _engine.engine().proc.pid
    with pytest.raises(UnicodeEncodeError):
        annotator.annotate("a \udc80", "b")
    assert _engine.engine().proc.pid == pid
    assert [e.to_m2() for e in annotator.annotate("", "a b")] == ["A 0 0|||M:OTHER|||a b|||REQUIRED|||-NONE-|||0"]


def test_parallel_refuses_corrections_m2_cannot_hold(annotator):
    # A token holding "|||" gave an A line of 7 fields, which gecmetric's
    # own reader refused; now both parallel and `gecmetric edits` refuse
    # it, naming where it is.
    with pytest.raises(ValueError, match=r'cors\[1\] line 2: the correction .*a\|\|\|b.* cannot be written as M2'):
        annotator.parallel(["This are a test .", "This are fine ."], ["This is a test .", "This is fine ."], ["This is a test .", "This a|||b fine ."])
    edits = annotator.annotate("This are fine .", "This are x| .")
    with pytest.raises(ValueError, match='ends with "\\|"'):
        [e.to_m2() for e in edits]
    # A "|" at the start of a correction reads back (fields split from
    # the left) and passes.
    m2 = annotator.parallel(["This are fine ."], ["This | is fine ."])
    assert "|||| is|||" in m2, m2
