"""gecmetric.evaluate, compare and judge equal the CLI's JSON; errors carry
the file and line."""

import os

import pytest

import gecmetric
from conftest import SYSTEMS, cli, cli_json, lines

SRC = ["He go to school .", "It do n't work .", "I like it ."]
REF0 = ["He goes to school .", "It does n't work .", "I like it ."]
REF1 = ["He went to school .", "It does not work .", "I really like it ."]
HYP = ["He goes to school .", "It do n't work .", "I like it !"]


def test_evaluate_in_memory():
    r = gecmetric.evaluate(SRC, {"mine": HYP}, [REF0, REF1], metrics=["m2", "errant", "gleu", "chrf"])
    s = r["mine"]
    assert r.signature.startswith("gecmetric:%s|refs:2" % gecmetric.__version__)
    assert r.signature.endswith("|chrf:nc=6,nw=0,beta=2,space=no")
    assert (s.errant.tp, s.errant.fp, s.errant.fn) == (1, 1, 1)
    assert s.errant.types["R:VERB:SVA"].tp == 1 and s.errant.level == "type"
    assert sum(t.fp for t in s.errant.types.values()) == s.errant.fp
    ops = gecmetric.evaluate(SRC, {"mine": HYP}, [REF0, REF1], metrics="errant", errant_cat=1)["mine"].errant
    assert ops.level == "operation" and set(ops.types) <= {"M", "R", "U"} and ops.types["R"].tp == 1
    assert 0 < s.m2.f < 1 and 0 < s.gleu.score < 1 and 0.5 < s.chrf.score < 1
    assert len(s.chrf.stats) == 18
    # One system as a plain list is named "system".
    assert list(gecmetric.evaluate(SRC, HYP, [REF0]).systems) == ["system"]


def test_chrf_like_sacrebleu():
    # sacrebleu.corpus_chrf(hyps, [refs]): no sources needed for chrF alone.
    # 0.6843868140967754 is sacreBLEU's algorithm computed by hand for these
    # lines (see cmd/gecmetric/testdata/script/chrf.txtar).
    hyps = ["He goes to the school .", "It do n't work ."]
    refs = [["He goes to school .", "It does n't work ."]]
    r = gecmetric.evaluate(None, hyps, refs, metrics="chrf")
    assert r["system"].chrf.score == 0.6843868140967754
    assert r["system"].chrf.stats[:3] == [30, 29, 27]
    with pytest.raises(gecmetric.GecmetricError, match="plain-text references need --source"):
        gecmetric.evaluate(None, hyps, refs, metrics="chrf,gleu")


def test_evaluate_equals_cli_in_memory(tmp_path):
    paths = {}
    for name, ls in [("src", SRC), ("ref0", REF0), ("ref1", REF1), ("mine", HYP)]:
        p = tmp_path / (name + ".txt")
        p.write_text("".join(x + "\n" for x in ls))
        paths[name] = str(p)
    want = cli_json("eval", "--json", "-m", "m2,errant,gleu,chrf", "--errant-cat", "3", "--source", paths["src"],
                    "--ref", paths["ref0"], "--ref", paths["ref1"], "--hyp", paths["mine"])
    got = gecmetric.evaluate(SRC, {"mine": HYP}, [REF0, REF1], metrics="m2,errant,gleu,chrf")
    assert got.raw == want
    # paths give the same
    assert gecmetric.evaluate(paths["src"], paths["mine"], [paths["ref0"], paths["ref1"]], metrics="m2,errant,gleu,chrf").raw == want


def test_errors_name_file_and_line(tmp_path):
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.evaluate(SRC, {"short": HYP[:2]}, [REF0])
    assert e.value.file == "hypotheses['short']" and e.value.line == 3
    assert "hypotheses['short']:3" in str(e.value) or "hypotheses['short']" in str(e.value)
    assert e.value.exit_code == 2
    bad = tmp_path / "bad.m2"
    bad.write_text("S He go to school .\nA 1 x|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n")
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.evaluate(None, HYP[:1], str(bad))
    assert (e.value.file, e.value.line) == (str(bad), 2)
    assert str(e.value) == "%s:2:3: malformed M2: span \"1 x\" is not two integers" % bad
    with pytest.raises(gecmetric.GecmetricError, match="unknown metric"):
        gecmetric.evaluate(SRC, HYP, [REF0], metrics="bleu")
    with pytest.raises(gecmetric.GecmetricError, match="no such file"):
        gecmetric.evaluate(SRC, "/nonexistent/hyp.txt", [REF0])
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.evaluate(SRC, {"nul": [HYP[0], "It do\x00 work .", HYP[2]]}, [REF0])
    assert (e.value.file, e.value.line, e.value.column) == ("hypotheses['nul']", 2, 6)
    assert str(e.value).startswith("hypotheses['nul']:2:6: NUL byte")
    with pytest.raises(ValueError, match="line break"):
        gecmetric.evaluate(SRC, ["a\nb", "c", "d"], [REF0])


def test_compare_and_judge():
    c = gecmetric.compare(SRC * 10, {"base": REF0 * 10}, {"same": REF0 * 10, "worse": SRC * 10}, [REF0 * 10, REF1 * 10],
                          metrics="errant", resamples=200)
    assert c.baseline == "base" and set(c.candidates) == {"same", "worse"}
    assert not c.candidates["same"].worse and c.candidates["worse"].worse
    assert not c.passed and c.verdict.startswith("REGRESSION")
    r = c.candidates["worse"].results[0]
    assert r.metric == "errant" and r.delta < 0 and r.p is not None and r.p < 0.05 and r.ci_high < 0
    j = gecmetric.judge(SRC, {"a": HYP, "b": REF0})
    assert {"a", "b"} <= set(j.systems) and j.systems["a"].sentences == 3
    assert "grammaticality" in j.systems["a"].scores and not j.systems["a"].input
    mean, (lo, hi) = j.systems["a"].scores["grammaticality"]
    assert lo <= mean <= hi
    assert j.signature.startswith("judge:en") and j.signature == j.raw["systems"]["signature"]
    # the numbers are the engine's, as judge --json prints them
    for d in j.raw["systems"]["systems"]:
        assert j.systems[d["name"]].scores == {k: (v["mean"], tuple(v["ci"])) for k, v in d["scores"].items()}
    assert len(j.sentences) == 6 and j.sentences[0].line == 1 and "grammaticality" in j.sentences[0].scores


def test_cli_module():
    code, out, _ = cli("--version")
    assert code == 0 and gecmetric.__version__ in out
    code, out, err = cli("edits", "--source", "-", "--target", os.devnull)
    assert code == 2


# --- CoNLL-2014: evaluate equals eval --json to the last digit ----------------


def test_conll14_evaluate_equals_cli_m2_reference(conll):
    gold = os.path.join(conll, "m2", "gold.m2")
    hyps = {s: lines(os.path.join(conll, "text", s + ".txt")) for s in SYSTEMS}
    args = ["eval", "--json", "-m", "m2,errant,gleu,chrf", "--errant-cat", "3", "--ref", gold]
    for s in SYSTEMS:
        args += ["--hyp", os.path.join(conll, "text", s + ".txt")]
    want = cli_json(*args)
    got = gecmetric.evaluate(None, hyps, gold, metrics=["m2", "errant", "gleu", "chrf"])
    assert got.raw == want
    for d in want["systems"]:
        s = got[d["name"]]
        assert (s.m2.p, s.m2.r, s.m2.f) == (d["m2"]["p"], d["m2"]["r"], d["m2"]["f"])
        assert (s.errant.tp, s.errant.fp, s.errant.fn, s.errant.f) == tuple(d["errant"][k] for k in ("tp", "fp", "fn", "f"))
        assert s.gleu.score == d["gleu"]["score"] and s.chrf.score == d["chrf"]["score"]
    # AMU's M2 F0.5 on the ERRANT re-annotated gold, as the CLI prints it.
    assert round(got["AMU"].m2.f, 4) == round(want["systems"][0]["m2"]["f"], 4) and 0.3 < got["AMU"].m2.f < 0.5


def test_conll14_evaluate_equals_cli_text_references(conll):
    t = os.path.join(conll, "text")
    want = cli_json("eval", "--json", "-m", "m2,errant,gleu,chrf", "--errant-cat", "3", "--source", t + "/source.txt",
                    "--ref", t + "/ref0.txt", "--ref", t + "/ref1.txt", "--hyp", t + "/CAMB.txt")
    got = gecmetric.evaluate(lines(t + "/source.txt"), {"CAMB": lines(t + "/CAMB.txt")},
                             [lines(t + "/ref0.txt"), lines(t + "/ref1.txt")], metrics="m2,errant,gleu,chrf")
    assert got.raw == want


@pytest.mark.parametrize(
    "call,kw,want",
    [
        # A misspelt flag: Python's own wording, with the closest name.
        ("evaluate", {"errant_mod": "cs"}, "evaluate() got an unexpected keyword argument 'errant_mod'. Did you mean 'errant_mode'?"),
        ("evaluate", {"refs": [REF0]}, "evaluate() got an unexpected keyword argument 'refs'. Did you mean 'references'?"),
        ("evaluate", {"source": SRC}, "evaluate() got an unexpected keyword argument 'source'. Did you mean 'sources'?"),
        ("evaluate", {"nonsense_flag": 1}, "evaluate() got an unexpected keyword argument 'nonsense_flag'"),
        ("evaluate", {"format": "csv"}, "evaluate() sets --format itself (it reads the command's JSON): drop the keyword argument 'format'"),
        ("evaluate", {"single": 1}, "evaluate(): single takes True or False, not 1"),
        ("evaluate", {"seed": [1, 2]}, "evaluate(): seed takes one value, not a list"),
        ("compare", {"alpah": 0.1}, "compare() got an unexpected keyword argument 'alpah'. Did you mean 'alpha'?"),
        ("judge", {"modle": ["x.json"]}, "judge() got an unexpected keyword argument 'modle'. Did you mean 'model'?"),
    ],
)
def test_keyword_errors_name_python_keywords(call, kw, want):
    args = {
        "evaluate": (SRC, HYP, [REF0]),
        "compare": (SRC, HYP, HYP, [REF0]),
        "judge": (SRC, HYP),
    }[call]
    with pytest.raises(TypeError) as e:
        getattr(gecmetric, call)(*args, **kw)
    assert str(e.value) == want
    assert "flag provided but not defined" not in str(e.value)


def test_engine_errors_name_python_keywords():
    # The engine's messages name flags; Python's name the keyword arguments.
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.evaluate(SRC, HYP, [REF0], gleu_iter=0)
    assert str(e.value) == "gleu_iter=0: want at least 1"
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.evaluate(SRC, HYP, [REF0], beta=-1)
    assert str(e.value) == "beta=-1: want a positive number"
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.compare(SRC, HYP, HYP, [REF0], resamples="x")
    assert str(e.value).startswith('invalid value "x" for keyword argument resamples: ')
    assert "--" not in str(e.value) and "-resamples" not in str(e.value)


@pytest.mark.parametrize(
    "line,want",
    [
        ("He goes to school .\r", "hypotheses: line 2 ends with a carriage return (\\r), as Windows line ends (\\r\\n) leave"),
        ("He goes\r\nto school .", "hypotheses: line 2 holds a carriage return (\\r), as Windows line ends (\\r\\n) leave"),
        ("He goes\nto school .", "hypotheses: line 2 holds a line break (\\n): give one sentence per line"),
    ],
)
def test_line_breaks_named(line, want):
    with pytest.raises(ValueError) as e:
        gecmetric.evaluate(SRC, [HYP[0], line, HYP[2]], [REF0])
    assert str(e.value).startswith(want)


def test_short_reprs():
    r = gecmetric.evaluate(SRC, {"mine": HYP, "refs": REF1}, [REF0, REF1], metrics=["m2", "errant", "gleu"])
    text = repr(r)
    # A header and a line per system, whatever ERRANT's table holds.
    assert text.splitlines()[0] == "EvalResult(2 systems)"
    assert len(text.splitlines()) == 3 and len(text) < 200
    assert text.splitlines()[1].startswith("  mine:  m2 %.4f  errant %.4f  gleu " % (r["mine"].m2.f, r["mine"].errant.f))
    assert str(r) == text
    assert "types=<%d type rows>" % len(r["mine"].errant.types) in repr(r["mine"])
    assert "R:VERB:SVA" not in repr(r["mine"])
    j = gecmetric.judge(SRC, {"a": HYP, "b": REF0})
    assert repr(j).splitlines()[0] == "JudgeResult(3 systems, 6 sentence judgements)"
    assert len(repr(j).splitlines()) == 4
    c = gecmetric.compare(SRC, {"base": REF0}, {"worse": SRC}, [REF0], metrics="errant", resamples=200)
    assert repr(c).splitlines()[0] == "CompareResult(passed=%s, baseline='base')" % c.passed
    assert repr(c).splitlines()[1] == "  " + c.verdict
