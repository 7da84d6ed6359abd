"""gecmetric.metrics: gec-metrics' interface, the engine's numbers."""

import os

import pytest

import gecmetric
from gecmetric.metrics import get_metric, get_metric_ids
from conftest import lines

SRCS = ["This sentences contain grammatical error .", "He go to school .", "I like it ."]
HYPS = ["This sentence contains an grammatical error .", "He goes to the school .", "I like it !"]
REFS = [
    ["This sentence contains an grammatical error .", "He goes to school .", "I like it ."],
    ["This sentence contains grammatical errors .", "He went to school .", "I really like it ."],
]


@pytest.mark.parametrize("name,attr", [("m2", "m2.f"), ("errant", "errant.f"), ("gleu", "gleu.score"), ("chrf", "chrf.score")])
def test_corpus_equals_evaluate(name, attr):
    metric = get_metric(name)
    got = metric(metric.Config()).score_corpus(sources=SRCS, hypotheses=HYPS, references=REFS)
    s = gecmetric.evaluate(SRCS, HYPS, REFS, metrics=[name])["system"]
    a, b = attr.split(".")
    assert got == getattr(getattr(s, a), b)
    assert 0 < got <= 1


@pytest.mark.parametrize("name", get_metric_ids())
def test_sentence_scores(name):
    metric = get_metric(name)
    scorer = metric(metric.Config())
    sent = scorer.score_sentence(sources=SRCS, hypotheses=HYPS, references=REFS)
    assert len(sent) == 3 and all(0 <= x <= 1 for x in sent)
    # The first output equals a reference: a perfect sentence, but GLEU's,
    # which also rewards leaving the source's errors out.
    if name != "gleu":
        assert sent[0] == 1
    # A one-sentence corpus scores as its sentence (the same counts and
    # the same choice of reference); GLEU's sentence score is smoothed.
    if name != "gleu":
        for i in range(3):
            one = scorer.score_corpus(sources=SRCS[i:i + 1], hypotheses=HYPS[i:i + 1], references=[r[i:i + 1] for r in REFS])
            assert sent[i] == pytest.approx(one, abs=1e-12)


def test_config_reaches_the_engine():
    m = get_metric("ERRANT")
    f05 = m(m.Config()).score_corpus(sources=SRCS, hypotheses=HYPS, references=REFS)
    f1 = m(m.Config(beta=1.0)).score_corpus(sources=SRCS, hypotheses=HYPS, references=REFS)
    assert f05 != f1
    g = get_metric("gleu")
    assert g(g.Config(iter=1)).score_corpus(sources=SRCS, hypotheses=HYPS, references=REFS) != g(g.Config()).score_corpus(
        sources=SRCS, hypotheses=HYPS, references=REFS)
    with pytest.raises(ValueError, match="unknown metric 'bleu'"):
        get_metric("bleu")


def test_conll14_corpus(conll):
    t = os.path.join(conll, "text")
    refs = [lines(t + "/ref0.txt"), lines(t + "/ref1.txt")]
    m = get_metric("errant")
    got = m(m.Config()).score_corpus(sources=lines(t + "/source.txt"), hypotheses=lines(t + "/AMU.txt"), references=refs)
    want = gecmetric.evaluate(t + "/source.txt", t + "/AMU.txt", [t + "/ref0.txt", t + "/ref1.txt"], metrics="errant")["AMU"].errant.f
    assert got == want and 0.2 < got < 0.5
