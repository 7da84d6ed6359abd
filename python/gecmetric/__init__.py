"""gecmetric from Python: exact GEC metrics (M2, ERRANT, GLEU, chrF), ERRANT's
edit extraction, significance tests and calibrated judgements, computed by
gecmetric's Go engine (installed inside this package), which runs once per
Python process.

- ``gecmetric.errant``: ERRANT's API (``load``, ``Annotator.parse``,
  ``annotate``, ``import_edit``, ...), the same edits as ``gecmetric edits``.
- ``gecmetric.evaluate``, ``compare``, ``judge``: the commands ``eval``,
  ``compare`` and ``judge``, lists of lines or paths in, dataclasses out.
- ``gecmetric.metrics``: gec-metrics' interface (``get_metric``,
  ``score_corpus``, ``score_sentence``) for M2, ERRANT, GLEU and chrF.
- ``gecmetric.demo()``: the built-in demo set (12 sentences, 2 references,
  2 systems), to try the functions on.
- ``gecmetric.meta_eval``: a benchmark's leaderboard (SEEDA, GJG15) as
  ``meta-eval --benchmark`` computes it.
- ``python -m gecmetric ...`` runs the command line.

Errors are GecmetricError, with the engine's message and the file and line
at fault.
"""

from ._errors import EngineError, GecmetricError

# Tracebacks name the errors where users import them from.
GecmetricError.__module__ = EngineError.__module__ = "gecmetric"
from ._version import __version__
from .metaeval import MetaEvalResult, meta_eval
from .scores import (
    CompareResult,
    EvalResult,
    JudgeResult,
    SystemScores,
    compare,
    evaluate,
    judge,
)

__all__ = [
    "__version__",
    "evaluate",
    "compare",
    "judge",
    "meta_eval",
    "MetaEvalResult",
    "EvalResult",
    "SystemScores",
    "CompareResult",
    "JudgeResult",
    "GecmetricError",
    "EngineError",
    "engine_version",
    "demo",
]


def engine_version():
    """The engine's release (gecmetric --version)."""
    from . import _engine

    return _engine.call("version")["version"]


def demo():
    """The built-in demo set that ``gecmetric eval`` scores with no files:
    a dict with ``sources`` (12 learner sentences, tokenised),
    ``references`` (two corrections of each, a list of lists of lines) and
    ``hypotheses`` (two systems' outputs by name, "careful" and "eager"),
    the arguments of evaluate, judge and the metrics' score_corpus::

        d = gecmetric.demo()
        gecmetric.evaluate(d["sources"], d["hypotheses"], d["references"])
    """
    from . import _engine

    d = _engine.call("demo")
    return {
        "sources": list(d["source"]),
        "references": [list(r["lines"]) for r in d["references"]],
        "hypotheses": {h["name"]: list(h["lines"]) for h in d["hypotheses"]},
    }
