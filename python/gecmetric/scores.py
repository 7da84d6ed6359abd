"""Corpus scores, significance and judgements: ``gecmetric eval``, ``compare``
and ``judge`` from Python.

Each function takes lists of lines or file paths, runs the command in the
engine and returns its JSON as dataclasses, taking the engine's numbers as
they are (nothing is recomputed here, so results equal the CLI's to the last
digit). ``raw`` keeps the whole JSON of the command. An input error raises
GecmetricError with the engine's message and the file and line at fault; a
list given in memory is named in it as, e.g., ``hypotheses['AMU']``.

Inputs:

- ``sources``: the source sentences, a list of lines or a path (optional
  when the references are M2).
- ``hypotheses`` (``evaluate``, ``judge``): one system's lines or path, or a
  dict of system name to lines or path.
- ``references``: a path (an M2 file, every annotator a reference, or a text
  file), or a list of references, each a list of lines or a path.

Lines are tokenised text, one sentence each, as the CLI reads files
(``tokenize=True`` splits raw text as ``--tokenize`` does).
"""

import difflib
import os
import re
import tempfile
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from . import _engine
from ._errors import GecmetricError

__all__ = [
    "evaluate",
    "compare",
    "judge",
    "EvalResult",
    "SystemScores",
    "PRF",
    "ERRANTScores",
    "TypeScores",
    "GLEUScore",
    "ChrFScore",
    "CompareResult",
    "Candidate",
    "MetricComparison",
    "JudgeResult",
    "SystemJudgement",
    "SentenceJudgement",
]


# --- inputs -----------------------------------------------------------------


class _Inputs:
    """Writes in-memory lists to temporary files and names them in errors."""

    def __init__(self, func=None):
        self.dir = None
        self.names = {}  # temporary path -> description
        self.func = func  # the Python function, for errors
        self.keywords = {}  # flag name -> (keyword name, values as given to the flag)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.dir is not None:
            self.dir.cleanup()

    def path(self, x, what):
        """A file holding x (a path, or lines) for an error to call what."""
        if isinstance(x, (str, os.PathLike)):
            p = os.fspath(x)
            if not os.path.exists(p):
                raise GecmetricError("%s: %s: no such file" % (what, p), file=p, exit_code=2)
            return p
        if isinstance(x, bytes):
            raise TypeError("%s: want a path or a list of lines, not bytes" % what)
        lines = list(x)
        for i, line in enumerate(lines):
            if not isinstance(line, str):
                raise TypeError("%s: line %d is %s, not a string" % (what, i + 1, type(line).__name__))
            _check_line(line, what, i + 1)
        if self.dir is None:
            self.dir = tempfile.TemporaryDirectory(prefix="gecmetric-")
        p = os.path.join(self.dir.name, "in%d.txt" % len(self.names))
        with open(p, "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(line + "\n" for line in lines))
        self.names[p] = what
        return p

    def scratch(self, name):
        """A path in the temporary folder for the engine to write."""
        if self.dir is None:
            self.dir = tempfile.TemporaryDirectory(prefix="gecmetric-")
        return os.path.join(self.dir.name, name)

    def run(self, args):
        try:
            return _engine.run(args)
        except GecmetricError as e:
            e = e.renamed(self.names)
            raise type(e)(
                self.python_names(e.message), e.file, e.line, e.column, e.exit_code, self.python_names(e.stderr)
            ) from None

    def python_names(self, msg):
        """msg with the flags that keyword arguments became named as those
        arguments: "--gleu-iter 0: ..." reads "gleu_iter=0: ...", "flag
        -seed" reads "keyword argument seed"."""
        # A renamed path reads "the source sources" in the engine's words.
        msg = msg.replace("the source sources ", "sources ")
        for flag, (kw, values) in self.keywords.items():
            for v in values:
                msg = re.sub(r"(?<![\w-])--?%s %s(?=[:,;)\s]|$)" % (re.escape(flag), re.escape(v)), lambda m: "%s=%s" % (kw, v), msg)
            msg = re.sub(r"(?<![\w-])--?%s ([^\s:]+):" % re.escape(flag), lambda m: "%s=%s:" % (kw, m.group(1)), msg)
            msg = re.sub(r"\bflag --?%s(?![\w-])" % re.escape(flag), lambda m: "keyword argument " + kw, msg)
            msg = re.sub(r"(?<![\w-])--?%s(?![\w-])" % re.escape(flag), lambda m: kw, msg)
        return msg

    def flag(self, kw, flag, value=None):
        """Records that keyword argument kw became --flag (value)."""
        values = self.keywords.setdefault(flag, (kw, []))[1]
        if value is not None:
            values.append(value)


def _check_line(line, what, n):
    """Refuses a line holding a line break, naming the kind: a carriage
    return is most often the end of a Windows line ("\\r\\n") left by a
    split on "\\n" alone."""
    if "\r" in line:
        where = "ends with" if line.endswith("\r") and "\n" not in line else "holds"
        raise ValueError(
            "%s: line %d %s a carriage return (\\r), as Windows line ends (\\r\\n) leave when "
            "text is split at \\n alone: split it with str.splitlines(), or read the file in text "
            "mode (open(path) turns \\r\\n into \\n); one sentence per line" % (what, n, where)
        )
    if "\n" in line:
        raise ValueError(
            "%s: line %d holds a line break (\\n): give one sentence per line (str.splitlines() "
            "splits a text into its lines)" % (what, n)
        )


def _systems(hypotheses, what="hypotheses"):
    """(name or None, value) pairs of one system or a dict of systems."""
    if isinstance(hypotheses, dict):
        if not hypotheses:
            raise ValueError("%s: no system" % what)
        return [(str(k), v) for k, v in hypotheses.items()]
    return [(None, hypotheses)]


def _system_arg(inp, name, value, what):
    desc = "%s[%r]" % (what, name) if name is not None else what
    p = inp.path(value, desc)
    if name is None:
        if isinstance(value, (str, os.PathLike)):
            return p
        return "system=" + p
    if "=" in name or os.sep in name:
        raise ValueError("%s: a system name cannot hold '=' or %r: %r" % (what, os.sep, name))
    return name + "=" + p


def _reference_args(inp, references):
    if isinstance(references, (str, os.PathLike)):
        return ["--ref", inp.path(references, "references")]
    refs = list(references)
    if not refs:
        raise ValueError("references: none given")
    if all(isinstance(r, str) for r in refs) and not all(os.path.exists(r) for r in refs):
        raise TypeError(
            "references: a list of strings that are not all files; give a list of references, "
            "each a list of lines (references=[ref0_lines, ref1_lines]) or a path"
        )
    args = []
    for k, r in enumerate(refs):
        args += ["--ref", inp.path(r, "references[%d]" % k)]
    return args


_flag_cache = {}


def _flags(command):
    """The flags of a command as the engine lists them: keyword name ->
    kind ("bool", "list" or "value"), one-letter aliases left out."""
    if command not in _flag_cache:
        kinds = {}
        for f in _engine.call("flags", command=command):
            for n in f["names"]:
                if len(n) > 1:
                    kinds[n.replace("-", "_")] = f["kind"]
        _flag_cache[command] = kinds
    return _flag_cache[command]


# Names a caller may use for a parameter: the CLI's flag, or a short form.
_PARAM_NAMES = {
    "source": "sources",
    "src": "sources",
    "srcs": "sources",
    "orig": "sources",
    "ref": "references",
    "refs": "references",
    "hyp": "hypotheses",
    "hyps": "hypotheses",
    "candidate": "candidates",
    "cat": "errant_cat",
    "per_sentence": "sentences",
    "jsonl": "sentences",
}


def _check_options(func, command, options, params, managed):
    """Checks the keyword arguments that func passes on as the command's
    flags, as Python checks a call's keywords: an unknown name is a
    TypeError naming it, with the closest name func takes (its parameters
    params and the command's flags, less those func sets itself, managed);
    a value of the wrong kind is a TypeError too."""
    kinds = {k: v for k, v in _flags(command).items() if k not in managed}
    for k, v in options.items():
        if k not in kinds:
            if k in _PARAM_NAMES and _PARAM_NAMES[k] in params:
                raise TypeError(
                    "%s() got an unexpected keyword argument %r. Did you mean %r?" % (func, k, _PARAM_NAMES[k])
                )
            if k in managed:
                raise TypeError(
                    "%s() sets --%s itself (it reads the command's JSON): drop the keyword argument %r"
                    % (func, k.replace("_", "-"), k)
                )
            msg = "%s() got an unexpected keyword argument %r" % (func, k)
            near = difflib.get_close_matches(k, sorted(set(kinds) | set(params)), n=1, cutoff=0.6)
            if near:
                msg += ". Did you mean %r?" % near[0]
            raise TypeError(msg)
        kind = kinds[k]
        if kind == "bool" and v is not None and not isinstance(v, bool):
            raise TypeError("%s(): %s takes True or False, not %r" % (func, k, v))
        if kind == "value" and isinstance(v, (list, tuple, set, dict)):
            raise TypeError("%s(): %s takes one value, not a %s" % (func, k, type(v).__name__))
        if kind == "list" and isinstance(v, (set, dict)):
            raise TypeError("%s(): %s takes a value or a list of values, not a %s" % (func, k, type(v).__name__))


def _common_args(inp, sources, metrics, beta, lang, tokenize, options):
    args = []
    if sources is not None:
        args += ["--source", inp.path(sources, "sources")]
    if metrics is not None:
        if not isinstance(metrics, str):
            metrics = ",".join(metrics)
        args += ["--metrics", metrics]
        inp.flag("metrics", "metrics", metrics)
    if beta is not None:
        args += ["--beta", repr(float(beta))]
        inp.flag("beta", "beta", repr(float(beta)))
    if lang is not None:
        args += ["--lang", lang]
        inp.flag("lang", "lang", lang)
    if tokenize:
        args.append("--tokenize")
        inp.flag("tokenize", "tokenize")
    for k, v in (options or {}).items():
        name = k.replace("_", "-")
        flag = "--" + name
        inp.flag(k, name)
        if v is True:
            args.append(flag)
        elif v is False or v is None:
            continue
        elif isinstance(v, (list, tuple)):
            for x in v:
                args += [flag, str(x)]
                inp.flag(k, name, str(x))
        else:
            args += [flag, str(v)]
            inp.flag(k, name, str(v))
    return args


def _json(stdout):
    import json

    return json.loads(stdout)


# --- short representations -------------------------------------------------


def _num(x):
    """A number as the CLI prints scores: 4 decimals, integers as they are."""
    if x is None:
        return "None"
    if isinstance(x, bool) or isinstance(x, int):
        return str(x)
    return "%.4f" % x


def _interval(ci):
    return "[%s, %s]" % (_num(ci[0]), _num(ci[1])) if ci is not None and ci[0] is not None else ""


def _fields_repr(obj, names):
    """ClassName(name=value, ...), numbers at 4 decimals, None left out."""
    parts = []
    for n in names:
        v = getattr(obj, n)
        if v is None:
            continue
        if isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, (int, float)) or x is None for x in v):
            if v[0] is None:
                continue
            parts.append("%s=(%s, %s)" % (n, _num(v[0]), _num(v[1])))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            parts.append("%s=%s" % (n, _num(v)))
        else:
            parts.append("%s=%r" % (n, v))
    return "%s(%s)" % (type(obj).__name__, ", ".join(parts))


# --- evaluate ---------------------------------------------------------------


@dataclass
class PRF:
    """The M2 scorer's precision, recall and F-beta."""

    p: float
    r: float
    f: float
    f_ci: Optional[Tuple[float, float]] = None

    def __repr__(self):
        return _fields_repr(self, ("p", "r", "f", "f_ci"))


@dataclass
class TypeScores:
    """One error type's row of ERRANT's table."""

    tp: int
    fp: int
    fn: int
    p: float
    r: float
    f: float

    def __repr__(self):
        return _fields_repr(self, ("tp", "fp", "fn", "p", "r", "f"))


@dataclass
class ERRANTScores:
    """ERRANT's counts and scores, and its table by error category
    (compare_m2.py -cat N's rows, by name; ``level`` says which: "type",
    "main_type" or "operation")."""

    tp: int
    fp: int
    fn: int
    p: float
    r: float
    f: float
    types: Dict[str, TypeScores] = field(default_factory=dict)
    level: Optional[str] = None
    f_ci: Optional[Tuple[float, float]] = None

    def __repr__(self):
        # The table by category is left out (one row per type): .types.
        r = _fields_repr(self, ("tp", "fp", "fn", "p", "r", "f", "f_ci"))
        if self.types:
            r = r[:-1] + ", types=<%d %s rows>)" % (len(self.types), self.level or "category")
        return r


@dataclass
class GLEUScore:
    """GLEU: the mean over sampled reference choices, its spread and 95%
    interval (None with one reference)."""

    score: float
    std: float
    ci: Tuple[Optional[float], Optional[float]] = (None, None)
    bootstrap_ci: Optional[Tuple[float, float]] = None

    def __repr__(self):
        return _fields_repr(self, ("score", "std", "ci", "bootstrap_ci"))


@dataclass
class ChrFScore:
    """sacreBLEU's chrF2 in [0, 1] (sacreBLEU prints 100 times it) and the
    summed character n-gram statistics."""

    score: float
    stats: List[float] = field(default_factory=list)
    ci: Optional[Tuple[float, float]] = None

    def __repr__(self):
        return _fields_repr(self, ("score", "ci"))


@dataclass
class SystemScores:
    name: str
    m2: Optional[PRF] = None
    errant: Optional[ERRANTScores] = None
    gleu: Optional[GLEUScore] = None
    chrf: Optional[ChrFScore] = None

    def summary(self):
        """One line: each metric's corpus score (F for M2 and ERRANT)."""
        parts = []
        for name, v in (("m2", self.m2), ("errant", self.errant), ("gleu", self.gleu), ("chrf", self.chrf)):
            if v is not None:
                parts.append("%s %s" % (name, _num(v.f if name in ("m2", "errant") else v.score)))
        return "  ".join(parts)

    def __repr__(self):
        return "SystemScores(%r, %s)" % (
            self.name,
            ", ".join("%s=%r" % (n, getattr(self, n)) for n in ("m2", "errant", "gleu", "chrf") if getattr(self, n) is not None),
        )


@dataclass
class EvalResult:
    """eval --json: the signature and each system's scores, by name; with
    ``sentences=True``, ``sentences[name]`` holds each sentence's line of
    ``eval --per-sentence`` (statistics and scores, as JSON)."""

    signature: str
    systems: Dict[str, SystemScores]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)
    sentences: Dict[str, List[Dict[str, Any]]] = field(repr=False, default_factory=dict)

    def __getitem__(self, name):
        return self.systems[name]

    def __repr__(self):
        # A line per system, each metric's corpus score; the details
        # (precision, recall, ERRANT's table) are in result[name].
        width = max([len(n) for n in self.systems] + [0])
        lines = ["EvalResult(%d system%s)" % (len(self.systems), "" if len(self.systems) == 1 else "s")]
        for name, s in self.systems.items():
            lines.append("  %-*s  %s" % (width + 1, name + ":", s.summary()))
        return "\n".join(lines)


def _pair(x):
    return tuple(x) if x is not None else None


def _system_scores(d):
    s = SystemScores(name=d["name"])
    if d.get("m2") is not None:
        m = d["m2"]
        s.m2 = PRF(m["p"], m["r"], m["f"], _pair(m.get("f_ci")))
    if d.get("errant") is not None:
        e = d["errant"]
        types = {v["type"]: TypeScores(*(v[k] for k in ("tp", "fp", "fn", "p", "r", "f"))) for v in e.get("categories") or []}
        s.errant = ERRANTScores(e["tp"], e["fp"], e["fn"], e["p"], e["r"], e["f"], types, e.get("category_level"), _pair(e.get("f_ci")))
    if d.get("gleu") is not None:
        g = d["gleu"]
        s.gleu = GLEUScore(g["score"], g["std"], _pair(g.get("ci")) or (None, None), _pair(g.get("bootstrap_ci")))
    if d.get("chrf") is not None:
        c = d["chrf"]
        s.chrf = ChrFScore(c["score"], list(c.get("stats") or []), _pair(c.get("ci")))
    return s


_EVALUATE_PARAMS = ("sources", "hypotheses", "references", "metrics", "beta", "lang", "tokenize", "errant_cat", "sentences")
# eval's flags that evaluate sets itself, from its parameters or to read
# the JSON it parses.
_EVALUATE_MANAGED = frozenset(
    "source ref hyp metrics beta lang tokenize errant_cat cat format json output per_sentence score_only width".split()
)


def evaluate(
    sources,
    hypotheses,
    references,
    metrics=("m2", "errant", "gleu"),
    beta=None,
    lang=None,
    tokenize=False,
    errant_cat=3,
    sentences=False,
    **options,
):
    """Scores systems as ``gecmetric eval --format json --errant-cat 3``
    does.

    metrics: any of "m2", "errant", "gleu", "chrf" (a list or a
    comma-separated string). errant_cat: the level of ERRANT's table in
    ``errant.types`` (3: full types such as R:VERB:SVA, 2: main types, 1:
    operations; 0 or None: none). Further options are eval's flags by name
    (``errant_mode="cse"``, ``gleu_iter=500``, ``confidence=1000``,
    ``filt=["UNK"]``, ``single=True``...). Returns an EvalResult whose
    ``systems`` maps each system's name (the dict's keys; "system" for a
    single list; a file's base name for a path) to its SystemScores;
    sentences=True adds each sentence's statistics (``--per-sentence``).
    """
    _check_options("evaluate", "eval", options, _EVALUATE_PARAMS, _EVALUATE_MANAGED)
    names = metrics.split(",") if isinstance(metrics, str) else list(metrics or ("errant",))
    if errant_cat and "errant" in [m.strip().lower() for m in names]:
        options = dict(options, errant_cat=errant_cat)
    with _Inputs() as inp:
        args = ["eval", "--format", "json"] + _common_args(inp, sources, metrics, beta, lang, tokenize, options)
        args += _reference_args(inp, references)
        for name, value in _systems(hypotheses):
            args += ["--hyp", _system_arg(inp, name, value, "hypotheses")]
        per = {}
        if sentences:
            path = inp.scratch("per-sentence.jsonl")
            args += ["--per-sentence", path]
        _, out, _ = inp.run(args)
        if sentences:
            import json

            with open(path, encoding="utf-8") as f:
                for line in f:
                    d = json.loads(line)
                    per.setdefault(d["system"], []).append(d)
    raw = _json(out)
    systems = {}
    for d in raw["systems"]:
        systems[d["name"]] = _system_scores(d)
    return EvalResult(raw["signature"], systems, raw, per)


# --- compare ----------------------------------------------------------------


@dataclass
class MetricComparison:
    """One metric's comparison of a candidate with the baseline: the corpus
    scores, their difference, its bootstrap interval and the p-value."""

    metric: str
    baseline: float
    candidate: float
    delta: float
    ci_low: Optional[float] = None
    ci_high: Optional[float] = None
    p: Optional[float] = None
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)

    def summary(self):
        """One line: the difference, its interval and p."""
        out = "%s %+.4f" % (self.metric, self.delta) if self.delta is not None else self.metric
        if self.ci_low is not None:
            out += " [%s, %s]" % (_num(self.ci_low), _num(self.ci_high))
        if self.p is not None:
            out += " p %s" % _num(self.p)
        return out

    def __repr__(self):
        return "MetricComparison(%s)" % self.summary()


@dataclass
class Candidate:
    name: str
    results: List[MetricComparison]
    regressions: List[Any]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)

    @property
    def worse(self):
        """Whether the candidate is significantly worse (a regression) on
        any metric."""
        return bool(self.regressions)

    def __repr__(self):
        return "Candidate(%r, worse=%s: %s)" % (self.name, self.worse, "; ".join(r.summary() for r in self.results))


@dataclass
class CompareResult:
    """compare --json. ``passed``: no candidate significantly worse than the
    baseline (the CLI's exit status 0); ``verdict``: the CLI's verdict line
    ("PASS: ..." or "REGRESSION: ...")."""

    passed: bool
    verdict: str
    signature: str
    baseline: str
    candidates: Dict[str, Candidate]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)

    def __repr__(self):
        # The verdict, then a line per candidate: each metric's difference
        # from the baseline, its interval and p.
        lines = ["CompareResult(passed=%s, baseline=%r)" % (self.passed, self.baseline), "  " + self.verdict]
        for c in self.candidates.values():
            lines.append("  %s%s: %s" % (c.name, " (worse)" if c.worse else "", "; ".join(r.summary() for r in c.results)))
        return "\n".join(lines)


_COMPARE_PARAMS = ("sources", "baseline", "candidates", "references", "metrics", "beta", "lang", "tokenize")
_COMPARE_MANAGED = frozenset("source ref baseline candidate metrics beta lang tokenize json output".split())


def compare(sources, baseline, candidates, references, metrics=None, beta=None, lang=None, tokenize=False, **options):
    """Tests whether candidate systems are significantly worse than a baseline,
    as ``gecmetric compare --json`` does.

    baseline: one system's lines or path, or a one-entry dict of name to
    them; candidates: a system or a dict of them. Options are compare's flags
    by name (``alpha=0.05``, ``resamples=10000``, ``seed=1``,
    ``max_drop=["errant=0.01"]``...).
    """
    _check_options("compare", "compare", options, _COMPARE_PARAMS, _COMPARE_MANAGED)
    with _Inputs() as inp:
        args = ["compare", "--json"] + _common_args(inp, sources, metrics, beta, lang, tokenize, options)
        args += _reference_args(inp, references)
        base = _systems(baseline, "baseline")
        if len(base) != 1:
            raise ValueError("baseline: one system, not %d" % len(base))
        name, value = base[0]
        args += ["--baseline", _system_arg(inp, name if name is not None else "baseline", value, "baseline")]
        for name, value in _systems(candidates, "candidates"):
            args += ["--candidate", _system_arg(inp, name if name is not None else "candidate", value, "candidates")]
        code, out, _ = inp.run(args)
    raw = _json(out)
    cands = {}
    for c in raw.get("candidates") or []:
        results = [
            MetricComparison(
                r.get("metric"), r.get("baseline"), r.get("candidate"), r.get("delta"),
                r.get("ci_low"), r.get("ci_high"), r.get("p"), r,
            )
            for r in c.get("results") or []
        ]
        cands[c["name"]] = Candidate(c["name"], results, list(c.get("regressions") or []), c)
    verdict = raw.get("verdict") or ("PASS" if code == 0 else "REGRESSION")
    return CompareResult(code == 0, verdict, raw.get("signature", ""), raw.get("baseline", ""), cands, raw)


# --- judge ------------------------------------------------------------------


@dataclass
class SystemJudgement:
    """A system's mean judgement on each scale with its 95% bootstrap
    interval, scores[scale] = (mean, (low, high)); ``vs_input`` the same for
    its paired difference from the unchanged input; ``input`` marks the
    unchanged input itself, judged beside the systems (named "(input)");
    ``labels`` the label shares as the engine gives them."""

    name: str
    sentences: int
    scores: Dict[str, Tuple[float, Tuple[float, float]]]
    vs_input: Dict[str, Tuple[float, Tuple[float, float]]] = field(default_factory=dict)
    input: bool = False
    labels: Dict[str, Any] = field(repr=False, default_factory=dict)
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)

    def summary(self):
        """One line: each scale's mean."""
        return "  ".join("%s %s" % (k, _num(v[0])) for k, v in self.scores.items())

    def __repr__(self):
        return "SystemJudgement(%r, %d sentences: %s)" % (self.name, self.sentences, self.summary())


@dataclass
class SentenceJudgement:
    """One output's judgement: a number per scale and its label."""

    line: int
    system: str
    scores: Dict[str, float]
    labels: Dict[str, str]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)


@dataclass
class JudgeResult:
    """judge --json (per system, the unchanged input included) and
    --jsonl (per sentence)."""

    signature: str
    systems: Dict[str, SystemJudgement]
    sentences: List[SentenceJudgement]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)

    def __repr__(self):
        # A line per system, each scale's mean; the intervals are in
        # result.systems[name], each sentence's judgement in .sentences.
        width = max([len(n) for n in self.systems] + [0])
        lines = ["JudgeResult(%d systems, %d sentence judgements)" % (len(self.systems), len(self.sentences))]
        for name, s in self.systems.items():
            lines.append("  %-*s  %s" % (width + 1, name + ":", s.summary()))
        return "\n".join(lines)


_JUDGE_PARAMS = ("sources", "hypotheses", "references", "lang", "sentences")
_JUDGE_MANAGED = frozenset("source ref hyp lang json jsonl output".split())


def judge(sources, hypotheses, references=None, lang=None, sentences=True, **options):
    """Judges outputs on human rating scales as ``gecmetric judge`` does:
    per system (``judge --json``) and, with sentences=True, per sentence
    (``judge --jsonl``). Options are judge's flags by name (``model=[...]``,
    ``seed=1``...)."""
    import json

    _check_options("judge", "judge", options, _JUDGE_PARAMS, _JUDGE_MANAGED)
    with _Inputs() as inp:
        args = []
        if sources is not None:
            args += ["--source", inp.path(sources, "sources")]
        if references is not None:
            args += _reference_args(inp, references)
        if lang is not None:
            args += ["--lang", lang]
            inp.flag("lang", "lang", lang)
        args += _common_args(inp, None, None, None, None, False, options)
        for name, value in _systems(hypotheses):
            args += ["--hyp", _system_arg(inp, name, value, "hypotheses")]
        _, out, _ = inp.run(["judge", "--json"] + args)
        per_sentence = []
        if sentences:
            _, lines, _ = inp.run(["judge", "--jsonl"] + args)
            per_sentence = [json.loads(x) for x in lines.splitlines() if x.strip()]
    raw = _json(out)
    systems = {}

    def means(d):
        return {k: (v.get("mean"), _pair(v.get("ci"))) for k, v in (d or {}).items()}

    for s in raw.get("systems") or []:
        systems[s["name"]] = SystemJudgement(
            s["name"], s.get("sentences", 0), means(s.get("scores")), means(s.get("vs_input")),
            bool(s.get("input")), s.get("labels") or {}, s,
        )
    sents = []
    for d in per_sentence:
        labels = d.get("labels") or {}
        nums = {k: v for k, v in d.items() if isinstance(v, (int, float)) and not isinstance(v, bool) and k != "line"}
        sents.append(SentenceJudgement(d.get("line"), d.get("system"), nums, labels, d))
    return JudgeResult(raw.get("signature", ""), systems, sents, {"systems": raw, "sentences": per_sentence})
