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
- ``python -m gecmetric ...`` runs the command line.

Errors are GecmetricError, with the engine's message and the file and line
at fault (a list given in memory named by its keyword, e.g.
``hypotheses['AMU']``); EngineError when the engine stopped or fell out of
step (the next call starts a new one); InvalidTextError (a
UnicodeEncodeError) for a string that is not valid Unicode, named by its
list and line.
"""

from ._errors import EngineError, GecmetricError, InvalidTextError
from ._version import __version__
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
    "EvalResult",
    "SystemScores",
    "CompareResult",
    "JudgeResult",
    "GecmetricError",
    "EngineError",
    "InvalidTextError",
    "engine_version",
]


def engine_version():
    """The engine's release (gecmetric --version)."""
    from . import _engine

    return _engine.call("version")["version"]
