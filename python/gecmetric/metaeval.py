"""gecmetric.meta_eval: a benchmark's meta-evaluation leaderboard, as
``gecmetric meta-eval --benchmark NAME --format json`` computes it."""

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from . import _engine
from ._errors import GecmetricError


@dataclass
class SystemRow:
    """One metric's system-level correlations over one system set of one
    ranking: pearson[human] and spearman[human], human "trueskill" or
    "expected_wins" (the benchmark's published scores for SEEDA)."""

    metric: str
    aggregate: str
    ranking: str
    set: str
    pearson: Dict[str, Optional[float]]
    spearman: Dict[str, Optional[float]]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)


@dataclass
class SentenceRow:
    """One metric's sentence-level agreement over one system set of one
    ranking: accuracy and Kendall as SEEDA's corr_sentence.py counts them
    (``authors``: a metric tie prefers the second system of a pair), and in
    gecmetric's conventions (``ties_as_disagreement``, ``no_ties``), each
    a dict with "accuracy" and "kendall"; ``counts`` the pairs."""

    metric: str
    ranking: str
    set: str
    authors: Dict[str, float]
    ties_as_disagreement: Dict[str, float]
    no_ties: Dict[str, float]
    counts: Dict[str, int]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)


@dataclass
class MetaEvalResult:
    """A benchmark leaderboard: its protocol's signature, the system-level
    and sentence-level rows, the windows, and the engine's JSON as raw."""

    benchmark: str
    signature: str
    system: List[SystemRow]
    sentence: List[SentenceRow]
    windows: List[Dict[str, Any]]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)

    def find(self, metric, ranking, set="base", aggregate="corpus"):
        """The system-level row of a metric (None if there is none)."""
        for r in self.system:
            if (r.metric, r.ranking, r.set, r.aggregate) == (metric, ranking, set, aggregate):
                return r
        return None


def _list(x):
    if x is None:
        return None
    if isinstance(x, str):
        return x
    return ",".join(x)


def meta_eval(benchmark="seeda", metrics=None, metric_files=None, sets=None, aggregates=None, human=None,
              window=None, data=None, refs=None, **options):
    """Runs a benchmark's meta-evaluation protocol (``gecmetric meta-eval
    --benchmark``) and returns its leaderboard.

    benchmark: "seeda" or "gjg15"; data: the shared data folder (default
    $GECMETRIC_DATA, else ../shared/data beside the repository); metrics:
    gecmetric's metrics to compute (a list or comma-separated string, "none"
    for only metric_files); metric_files: {name: path}, a CSV/JSONL of
    item,system,score by line of the judged sentences or a folder in the
    SEEDA authors' layout; sets: system sets (SEEDA: "base",
    "+REF-F_GPT-3.5", "+INPUT", "all"); aggregates: "corpus", "trueskill",
    "expected_wins"; human: the human score for windows ("trueskill" or
    "expected_wins"); window: window size; refs: "m2" or "text". Other
    options are meta-eval's flags by name (``trueskill_runs=100``,
    ``seed=0``)."""
    args = ["meta-eval", "--benchmark", benchmark, "--format", "json"]
    if data is not None:
        args += ["--data", os.fspath(data)]
    if metrics is not None:
        args += ["--metrics", _list(metrics)]
    for name, path in (metric_files or {}).items():
        args += ["--metric-file", "%s=%s" % (name, os.fspath(path))]
    if sets is not None:
        args += ["--sets", _list(sets)]
    if aggregates is not None:
        args += ["--aggregate", _list(aggregates)]
    if human is not None:
        args += ["--human", human]
    if window is not None:
        args += ["--window", str(window)]
    if refs is not None:
        args += ["--benchmark-refs", refs]
    for k, v in options.items():
        args += ["--" + k.replace("_", "-"), str(v)]
    code, out, err = _engine.run(args)
    if code != 0:
        raise GecmetricError(err.strip() or "meta-eval exited with status %d" % code, exit_code=code)
    raw = json.loads(out)
    system = [
        SystemRow(r["metric"], r["aggregate"], r["ranking"], r["set"], r["pearson"], r["spearman"], r)
        for r in raw.get("system_level") or []
    ]
    sentence = [
        SentenceRow(r["metric"], r["ranking"], r["set"], r["authors"], r["ties_as_disagreement"], r["no_ties"], r["counts"], r)
        for r in raw.get("sentence_level") or []
    ]
    return MetaEvalResult(raw["benchmark"], raw["signature"], system, sentence, raw.get("windows") or [], raw)
