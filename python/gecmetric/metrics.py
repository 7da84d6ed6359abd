"""gec-metrics' interface (``scorer.score_corpus(sources=, hypotheses=,
references=)``, ``score_sentence``, ``get_metric``) over gecmetric's engine.

::

    from gecmetric.metrics import get_metric
    metric = get_metric("gleu")
    scorer = metric(metric.Config())
    corpus = scorer.score_corpus(sources=srcs, hypotheses=hyps, references=refs)
    per_sentence = scorer.score_sentence(sources=srcs, hypotheses=hyps, references=refs)

``references`` is a list of references, each a list of lines (refs[k][i] is
reference k of sentence i), or a path (an M2 file). A corpus score is
``gecmetric.evaluate``'s number (eval --json's, to the last digit). A sentence
score is the engine's for GLEU (compute_gleu -d's) and chrF; for M2 and ERRANT
it is the F-beta of the sentence's counts (the chosen annotator's), by the
conventions of the corpus score: precision 1 without proposed edits, recall 1
without gold edits, F 0 when both are 0.
"""

from dataclasses import dataclass
from typing import List

from .scores import evaluate

__all__ = ["get_metric", "get_metric_ids", "M2", "ERRANT", "GLEU", "ChrF"]


def _f(tp, proposed, gold, beta):
    p = tp / proposed if proposed else 1.0
    r = tp / gold if gold else 1.0
    if p + r == 0:
        return 0.0
    b2 = beta * beta
    return (1 + b2) * p * r / (b2 * p + r)


class _Metric:
    name = ""

    @dataclass
    class Config:
        pass

    def __init__(self, config=None):
        self.config = config if config is not None else self.Config()

    def _options(self):
        return {}

    def _run(self, sources, hypotheses, references, sentences=False):
        r = evaluate(sources, {"system": hypotheses}, references, metrics=[self.name], errant_cat=None,
                     sentences=sentences, **self._options())
        return r

    def score_corpus(self, sources, hypotheses, references):
        """The corpus score of hypotheses (one system's lines or a path)."""
        return self._corpus(self._run(sources, hypotheses, references)["system"])

    def score_sentence(self, sources, hypotheses, references) -> List[float]:
        """Each sentence's score, in order."""
        r = self._run(sources, hypotheses, references, sentences=True)
        return [self._sentence(d) for d in r.sentences.get("system", [])]


class M2(_Metric):
    """The NUS M2 scorer's F-beta."""

    name = "m2"

    @dataclass
    class Config:
        beta: float = 0.5
        max_unchanged_words: int = 2

    def _options(self):
        return {"beta": self.config.beta, "max_unchanged_words": self.config.max_unchanged_words}

    def _corpus(self, s):
        return s.m2.f

    def _sentence(self, d):
        m = d["m2"]
        return _f(m["correct"], m["proposed"], m["gold"], self.config.beta)


class ERRANT(_Metric):
    """ERRANT's F-beta (compare_m2.py), in one of its modes."""

    name = "errant"

    @dataclass
    class Config:
        beta: float = 0.5
        mode: str = "cs"

    def _options(self):
        return {"beta": self.config.beta, "errant_mode": self.config.mode}

    def _corpus(self, s):
        return s.errant.f

    def _sentence(self, d):
        e = d["errant"]
        return _f(e["tp"], e["tp"] + e["fp"], e["tp"] + e["fn"], self.config.beta)


class GLEU(_Metric):
    """GLEU (compute_gleu, official sampling)."""

    name = "gleu"

    @dataclass
    class Config:
        iter: int = 500
        sampler: str = "py2"

    def _options(self):
        return {"gleu_iter": self.config.iter, "gleu_sampler": self.config.sampler}

    def _corpus(self, s):
        return s.gleu.score

    def _sentence(self, d):
        return d["gleu"]["score"]


class ChrF(_Metric):
    """sacreBLEU's chrF2, in [0, 1]."""

    name = "chrf"

    def _corpus(self, s):
        return s.chrf.score

    def _sentence(self, d):
        return d["chrf"]["score"]


_METRICS = {"m2": M2, "errant": ERRANT, "gleu": GLEU, "chrf": ChrF}


def get_metric_ids():
    return list(_METRICS)


def get_metric(name):
    """The metric class named name (see get_metric_ids)."""
    try:
        return _METRICS[name.lower()]
    except KeyError:
        raise ValueError("unknown metric %r: want one of %s" % (name, ", ".join(_METRICS))) from None
