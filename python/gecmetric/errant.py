"""ERRANT's Python API, backed by gecmetric's engine (no spaCy).

A drop-in for the calls of ERRANT 2.x/3.x (Bryant et al. 2017)::

    import gecmetric.errant as errant
    annotator = errant.load("en")
    orig = annotator.parse("This are gramamtical sentence .")
    cor = annotator.parse("This is a grammatical sentence .")
    for e in annotator.annotate(orig, cor):
        print(e.o_start, e.o_end, e.o_str, e.c_start, e.c_end, e.c_str, e.type)
        print(e.to_m2())

The edits and their types are those of ``gecmetric edits`` (the same engine):
an M2 file written from them equals the CLI's byte for byte. Texts are
tokenised already (tokens separated by white space), as ERRANT's command-line
tools read them; ``parse(text, tokenise=True)`` splits raw English text the
way ``--tokenize`` does (CoNLL-2014's tokenisation, not spaCy's). Token
annotations (``tag_``, ``pos_``, ``lemma_``, ``dep_``) are the engine's
tagger's, fetched when first read.

``annotate_batch`` extracts many pairs in one call on all cores; ``parallel``
writes the M2 of sources and corrections as ``errant_parallel`` does.

What differs from ERRANT: there is no spaCy. ``annotator.nlp`` is a small
stand-in (``nlp(text)``, ``nlp.tokenizer(text)``, ``nlp.pipe(texts)``
tokenise as ``parse(text, tokenise=True)`` does) that refuses spaCy's other
attributes by name; a spaCy pipeline given to ``load`` is not used (a
warning says so); custom ``merger`` or ``classifier`` modules are refused.
``load`` accepts the languages the engine has rules for (``languages()``)
and raises for others, as ERRANT does; ``Annotator(code)`` applies the
engine's language-agnostic rules to any code, as ``gecmetric edits --lang
code`` does.
"""

import re
import warnings

from . import _engine

__all__ = ["load", "languages", "Annotator", "Doc", "Span", "Token", "Edit", "Alignment", "Pipeline"]

# The white space of Go's strings.Fields (unicode.IsSpace), which splits the
# engine's lines into tokens; Python's str.split() also splits at
# \x1c-\x1f, which Go keeps inside a token.
_SPACE = re.compile("[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")

_SPACE_CHARS = "\t\n\v\f\r \x85\xa0\u1680" + "".join(chr(c) for c in range(0x2000, 0x200B)) + "\u2028\u2029\u202f\u205f\u3000"

MERGING = ("rules", "all-split", "all-merge", "all-equal")


def _trim(text):
    """text without Go's strings.TrimSpace white space at its ends."""
    return text.strip(_SPACE_CHARS)


def _fields(text):
    return [t for t in _SPACE.split(text) if t]


_languages = None


def languages():
    """The language codes ``load`` accepts: those the engine has rules of
    its own for (``gecmetric edits --lang``), as a tuple."""
    global _languages
    if _languages is None:
        _languages = tuple(_engine.call("languages"))
    return _languages


def load(lang="en", nlp=None):
    """Returns an Annotator for lang, one of ``languages()``; another code
    raises ValueError, as ERRANT's load raises for a language it has no
    rules for.

    nlp, ERRANT's spaCy pipeline, is not used: gecmetric's engine
    tokenises, tags and lemmatises by itself (no spaCy), so a pipeline
    given here gets a warning saying so and the edits are the engine's."""
    if not isinstance(lang, str):
        raise TypeError("load: lang is a language code such as 'en', not %s" % type(lang).__name__)
    known = languages()
    if lang not in known:
        raise ValueError(
            "%s is an unsupported or unknown language: gecmetric.errant has rules for %s "
            "(errant.Annotator(%r) applies the language-agnostic rules that "
            "`gecmetric edits --lang %s` uses)" % (lang, ", ".join(known), lang, lang)
        )
    return Annotator(lang, nlp=nlp, _stacklevel=3)


class Pipeline:
    """What ``annotator.nlp`` is in place of ERRANT's spaCy pipeline: the
    engine's tokeniser, without spaCy. ``nlp(text)`` and
    ``nlp.tokenizer(text)`` give a Doc of raw text split as
    ``parse(text, tokenise=True)`` splits it (CoNLL-2014's tokenisation);
    ``nlp.pipe(texts)`` does so for many texts in one engine call. The
    Doc's tokens carry the engine's tags, lemmas and dependency labels.
    Any other attribute of a spaCy Language raises AttributeError naming
    what is missing."""

    def __init__(self, lang):
        self.lang = lang

    def __call__(self, text):
        return self.pipe([text])[0]

    def tokenizer(self, text):
        return self.pipe([text])[0]

    def pipe(self, texts, **_spacy_options):
        texts = list(texts)
        for i, t in enumerate(texts):
            if not isinstance(t, str):
                raise TypeError("nlp.pipe: text %d is %s, not a string" % (i, type(t).__name__))
        return [Doc(toks, self.lang) for toks in _engine.call("tokenize", texts=texts)]

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(
            "annotator.nlp.%s: gecmetric.errant has no spaCy pipeline (its Go engine tokenises, tags "
            "and lemmatises); annotator.nlp offers nlp(text), nlp.tokenizer(text) and nlp.pipe(texts) "
            "only, and each token of a Doc its text, lower_, tag_, pos_, lemma_ and dep_" % name
        )

    def __repr__(self):
        return "<gecmetric.errant.Pipeline %r: the engine's tokeniser and tagger, no spaCy>" % self.lang


class Token:
    """One token of a Doc: ``text`` and, fetched from the engine when first
    read, ``lower_``, ``tag_`` (Penn Treebank), ``pos_`` (Universal
    Dependencies), ``lemma_`` and ``dep_``."""

    __slots__ = ("doc", "i")

    def __init__(self, doc, i):
        self.doc, self.i = doc, i

    @property
    def text(self):
        return self.doc.tokens[self.i]

    def _ann(self, key):
        return self.doc._annotations()[self.i][key]

    lower_ = property(lambda self: self._ann("lower"))
    tag_ = property(lambda self: self._ann("tag"))
    pos_ = property(lambda self: self._ann("pos"))
    lemma_ = property(lambda self: self._ann("lemma"))
    dep_ = property(lambda self: self._ann("dep"))

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.text

    def __len__(self):
        return len(self.text)


class Span:
    """Tokens [start, end) of a Doc, as ``doc[start:end]``."""

    __slots__ = ("doc", "start", "end")

    def __init__(self, doc, start, end):
        self.doc, self.start, self.end = doc, start, end

    @property
    def text(self):
        return " ".join(self.doc.tokens[self.start : self.end])

    def __len__(self):
        return self.end - self.start

    def __iter__(self):
        return (Token(self.doc, i) for i in range(self.start, self.end))

    def __getitem__(self, i):
        return list(self)[i]

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.text


class Doc:
    """A tokenised sentence, as ERRANT's spaCy Doc is used: ``len(doc)``,
    ``doc[i]`` (a Token), ``doc[i:j]`` (a Span), iteration, ``text``."""

    __slots__ = ("tokens", "lang", "_ann")

    def __init__(self, tokens, lang="en"):
        self.tokens = list(tokens)
        self.lang = lang
        self._ann = None

    @property
    def text(self):
        return " ".join(self.tokens)

    def _annotations(self):
        if self._ann is None:
            self._ann = _engine.call("parse", tokens=self.tokens, lang=self.lang)
        return self._ann

    def __len__(self):
        return len(self.tokens)

    def __iter__(self):
        return (Token(self, i) for i in range(len(self.tokens)))

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self.tokens))
            if step != 1:
                raise ValueError("a Doc slice takes step 1")
            return Span(self, start, max(start, stop))
        if i < 0:
            i += len(self.tokens)
        if not 0 <= i < len(self.tokens):
            raise IndexError("token %d of a %d-token Doc" % (i, len(self.tokens)))
        return Token(self, i)

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.text


def _m2_unwritable(c_str):
    """Why the M2 correction field c_str cannot be written and read back
    as written, or None: M2 separates fields by "|||" and alternatives by
    "||", with no escape, so a token holding "||" or a correction ending
    in "|" (it runs into the "|||" after it) is refused, as ``gecmetric
    edits`` refuses it (corpora.CheckCorrection)."""
    toks = c_str.split()
    for t in toks:
        if "||" in t:
            return 'the token %r holds "||", M2\'s separator of alternatives (and of fields, as "|||")' % t
    if toks and toks[-1].endswith("|"):
        return 'it ends with "|", which runs into the "|||" after the field'
    return None


class Edit:
    """An edit as ERRANT's: source tokens [o_start, o_end) (``o_str``,
    ``o_toks``) changed into correction tokens [c_start, c_end) (``c_str``,
    ``c_toks``), of error ``type`` ("NA" before classification)."""

    __slots__ = ("o_start", "o_end", "o_str", "c_start", "c_end", "c_str", "type", "orig", "cor")

    def __init__(self, orig, cor, edit, type="NA"):
        self.orig, self.cor = orig, cor
        self.o_start, self.o_end, self.c_start, self.c_end = (int(x) for x in edit[:4])
        self.o_str = " ".join(orig.tokens[self.o_start : self.o_end]) if orig is not None else ""
        self.c_str = " ".join(cor.tokens[self.c_start : self.c_end]) if cor is not None else ""
        self.type = type

    @classmethod
    def _from_engine(cls, orig, cor, d):
        e = cls.__new__(cls)
        e.orig, e.cor = orig, cor
        e.o_start, e.o_end, e.o_str = d["o_start"], d["o_end"], d["o_str"]
        e.c_start, e.c_end, e.c_str = d["c_start"], d["c_end"], d["c_str"]
        e.type = d.get("type") or "NA"
        return e

    @property
    def o_toks(self):
        return self.orig[self.o_start : self.o_end]

    @property
    def c_toks(self):
        return self.cor[self.c_start : self.c_end]

    def to_m2(self, id=0):
        """The edit's M2 A line (without a line break), coder id. A
        correction M2 cannot hold (see ``_m2_unwritable``) raises
        ValueError rather than give a line no M2 reader reads back."""
        why = _m2_unwritable(self.c_str)
        if why:
            raise ValueError("the correction %r cannot be written as M2: %s" % (self.c_str, why))
        span = " ".join(["A", str(self.o_start), str(self.o_end)])
        return "|||".join([span, self.type, self.c_str, "REQUIRED", "-NONE-", str(id)])

    def _key(self):
        return (self.o_start, self.o_end, self.o_str, self.c_start, self.c_end, self.c_str, self.type)

    def __eq__(self, other):
        return isinstance(other, Edit) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        orig = "Orig: " + str([self.o_start, self.o_end, self.o_str])
        cor = "Cor: " + str([self.c_start, self.c_end, self.c_str])
        return ", ".join([orig, cor, "Type: " + repr(self.type)])

    __repr__ = __str__


def _as_doc(x, lang):
    if isinstance(x, Doc):
        return x
    if isinstance(x, str):
        return Doc(_fields(x), lang)
    if isinstance(x, (list, tuple)):
        return Doc(x, lang)
    raise TypeError("want a Doc, a string or a list of tokens, not %s" % type(x).__name__)


class Alignment:
    """ERRANT's Alignment of orig and cor (Docs; their language is orig's),
    computed by the engine.

    ``align_seq``: the cheapest alignment, a list of (op, o_start, o_end,
    c_start, c_end), op one of "M" (match), "S" (substitution), "I"
    (insertion), "D" (deletion) or "T<n>" (a transposition of n tokens).

    ``cost_matrix`` and ``op_matrix`` (fetched from the engine when first
    read): ERRANT's two tables of len(orig)+1 rows of len(cor)+1 cells;
    cell [i][j] holds the cheapest cost of turning the first i tokens of
    orig into the first j of cor (a float) and the last step of that way
    ("O" at [0][0], then "M", "S", "I", "D" or "T<n>"). ``lev`` aligns with
    Levenshtein's costs (substitution 1, no transpositions)."""

    def __init__(self, orig, cor, lev=False):
        lang = orig.lang if isinstance(orig, Doc) else "en"
        self.orig, self.cor, self.lev = _as_doc(orig, lang), _as_doc(cor, lang), bool(lev)
        got = _engine.call("align", orig=self.orig.tokens, cor=self.cor.tokens, lang=self.orig.lang, lev=self.lev)
        self.align_seq = [(d["op"], d["o_start"], d["o_end"], d["c_start"], d["c_end"]) for d in got]
        self._matrices = None

    def _tables(self):
        if self._matrices is None:
            got = _engine.call(
                "align_matrices", orig=self.orig.tokens, cor=self.cor.tokens, lang=self.orig.lang, lev=self.lev
            )
            cost = [[float(x) for x in row] for row in got["cost_matrix"]]
            self._matrices = (cost, got["op_matrix"])
        return self._matrices

    @property
    def cost_matrix(self):
        return self._tables()[0]

    @property
    def op_matrix(self):
        return self._tables()[1]

    def get_cheapest_align_seq(self):
        """The cheapest alignment read back from op_matrix, as ERRANT reads
        it (equal to align_seq)."""
        ops = self.op_matrix
        i, j = len(ops) - 1, len(ops[0]) - 1
        seq = []
        while i + j != 0:
            op = ops[i][j]
            if op in ("M", "S"):
                seq.append((op, i - 1, i, j - 1, j))
                i, j = i - 1, j - 1
            elif op == "D":
                seq.append((op, i - 1, i, j, j))
                i -= 1
            elif op == "I":
                seq.append((op, i, i, j - 1, j))
                j -= 1
            else:
                k = int(op[1:])
                seq.append((op, i - k, i, j - k, j))
                i, j = i - k, j - k
        seq.reverse()
        return seq

    def _edits(self, merging):
        return Annotator(self.orig.lang).merge(self, merging)

    def get_all_split_edits(self):
        """Every step but the matches as an edit (merging "all-split")."""
        return self._edits("all-split")

    def get_all_merge_edits(self):
        """Adjacent steps other than matches merged (merging "all-merge")."""
        return self._edits("all-merge")

    def get_all_equal_edits(self):
        """Adjacent steps of the same kind merged (merging "all-equal")."""
        return self._edits("all-equal")

    def __str__(self):
        # ERRANT's layout.
        return "\n".join(
            [
                " ".join(["Orig:"] + self.orig.tokens),
                " ".join(["Cor:"] + self.cor.tokens),
                "\n".join(["Cost Matrix:"] + [str(row) for row in self.cost_matrix]),
                "\n".join(["Operation Matrix:"] + [str(row) for row in self.op_matrix]),
                "Best alignment: " + str([a[0] for a in self.align_seq]),
            ]
        )

    def __repr__(self):
        return "<Alignment %r -> %r: %s>" % (self.orig.text, self.cor.text, " ".join(a[0] for a in self.align_seq))


def _check_merging(merging):
    if merging not in MERGING:
        raise ValueError("merging %r: want one of %s" % (merging, ", ".join(MERGING)))


class Annotator:
    """ERRANT's Annotator for one language, backed by the engine. Any
    language code is taken here: one without rules of its own (see
    ``languages()``) gets the language-agnostic rules, as ``gecmetric edits
    --lang`` gives them; ``load`` refuses such codes, as ERRANT does.

    ``nlp`` is a Pipeline (the engine's tokeniser; see Pipeline): a spaCy
    pipeline given here is not used, with a warning. Custom ``merger`` and
    ``classifier`` modules cannot run in the engine and raise ValueError."""

    def __init__(self, lang="en", nlp=None, merger=None, classifier=None, _stacklevel=2):
        if not isinstance(lang, str):
            raise TypeError("Annotator: lang is a language code such as 'en', not %s" % type(lang).__name__)
        for name, given in (("merger", merger), ("classifier", classifier)):
            if given is not None:
                raise ValueError(
                    "Annotator(%s=...): gecmetric.errant cannot run a custom %s: the engine merges and "
                    "classifies edits by its own rules for %r" % (name, name, lang)
                )
        if nlp is not None and not isinstance(nlp, Pipeline):
            warnings.warn(
                "gecmetric.errant does not use the spaCy pipeline given as nlp: its engine tokenises "
                "(CoNLL-2014's rules, for parse(text, tokenise=True)), tags and lemmatises by itself, "
                "so the edits and types are gecmetric's whatever pipeline is given; drop nlp= to "
                "silence this warning",
                UserWarning,
                stacklevel=_stacklevel,
            )
        self.lang = lang
        self.nlp = Pipeline(lang)

    def parse(self, text, tokenise=False):
        """A Doc of text: its white-space-separated tokens, or with
        tokenise=True, raw English text split as ``--tokenize`` does."""
        if tokenise:
            return Doc(_engine.call("tokenize", texts=[text])[0], self.lang)
        return Doc(_fields(text), self.lang)

    def _doc(self, x):
        if isinstance(x, Doc):
            return x
        if isinstance(x, str):
            return self.parse(x)
        if isinstance(x, (list, tuple)):
            return Doc(x, self.lang)
        raise TypeError("want a Doc, a string or a list of tokens, not %s" % type(x).__name__)

    def annotate(self, orig, cor, lev=False, merging="rules"):
        """The typed edits turning orig into cor (Docs or tokenised
        strings); none when they are the same."""
        _check_merging(merging)
        orig, cor = self._doc(orig), self._doc(cor)
        got = _engine.call("annotate", orig=orig.tokens, cor=cor.tokens, lang=self.lang, lev=bool(lev), merge=merging)
        return [Edit._from_engine(orig, cor, d) for d in got]

    def annotate_batch(self, origs, cors, lev=False, merging="rules", chunk=20000):
        """annotate over two lists of the same length, in a few calls that
        run on all cores: the list of each pair's edits."""
        _check_merging(merging)
        origs, cors = list(origs), list(cors)
        if len(origs) != len(cors):
            raise ValueError("%d sources but %d corrections" % (len(origs), len(cors)))
        out = []
        for at in range(0, len(origs), chunk):
            o = [self._doc(x) for x in origs[at : at + chunk]]
            c = [self._doc(x) for x in cors[at : at + chunk]]
            try:
                got = _engine.call(
                    "annotate_batch",
                    pairs=[[a.tokens, b.tokens] for a, b in zip(o, c)],
                    lang=self.lang,
                    lev=bool(lev),
                    merge=merging,
                )
            except _engine.GecmetricError as e:
                m = re.match(r"pair (\d+): ", e.message)
                if m and at:
                    e = type(e)("pair %d: %s" % (int(m.group(1)) + at, e.message[m.end() :]), exit_code=e.exit_code)
                raise e from None
            for a, b, es in zip(o, c, got):
                out.append([Edit._from_engine(a, b, d) for d in es])
        return out

    def align(self, orig, cor, lev=False):
        """The alignment of orig and cor (ERRANT's Alignment)."""
        orig, cor = self._doc(orig), self._doc(cor)
        if orig.lang != self.lang:
            orig = Doc(orig.tokens, self.lang)
        return Alignment(orig, cor, lev)

    def merge(self, alignment, merging="rules"):
        """The untyped edits (type "NA") of an alignment."""
        _check_merging(merging)
        steps = [
            {"op": op, "o_start": a, "o_end": b, "c_start": c, "c_end": d} for op, a, b, c, d in alignment.align_seq
        ]
        got = _engine.call(
            "merge",
            orig=alignment.orig.tokens,
            cor=alignment.cor.tokens,
            lang=self.lang,
            align=steps,
            merge=merging,
            lev=bool(alignment.lev),
        )
        return [Edit._from_engine(alignment.orig, alignment.cor, d) for d in got]

    def classify(self, edit):
        """Gives edit its type (in place, as ERRANT does) and returns it."""
        edit.type = self.classify_all([edit])[0].type
        return edit

    def classify_all(self, edits):
        """classify over edits of the same sentence pair, in one call."""
        if not edits:
            return edits
        orig, cor = edits[0].orig, edits[0].cor
        if any(e.orig is not orig or e.cor is not cor for e in edits):
            raise ValueError("classify_all takes the edits of one sentence pair")
        types = _engine.call(
            "classify",
            orig=orig.tokens,
            cor=cor.tokens,
            lang=self.lang,
            edits=[[e.o_start, e.o_end, e.c_start, e.c_end] for e in edits],
        )
        for e, t in zip(edits, types):
            e.type = t
        return edits

    def import_edit(self, orig, cor, edit, min=True, old_cat=False):
        """An Edit from [o_start, o_end, c_start, c_end(, type)]: minimised
        (tokens shared at its ends dropped) with min, typed unless old_cat
        (which keeps the given type)."""
        orig, cor = self._doc(orig), self._doc(cor)
        if old_cat and len(edit) < 5:
            raise ValueError("old_cat needs the edit's type as its fifth field")
        d = _engine.call("import_edit", orig=orig.tokens, cor=cor.tokens, lang=self.lang, edit=list(edit), min=bool(min), old_cat=bool(old_cat))
        return Edit._from_engine(orig, cor, d)

    def parallel(self, origs, *cors, lev=False, merging="rules"):
        """The M2 text of sources and one or more lists of corrections, as
        ``errant_parallel`` and ``gecmetric edits`` write it: a block per
        source line that is not empty, coder k for cors[k], a noop for a
        correction identical to its source."""
        origs = [o.text if isinstance(o, Doc) else o for o in origs]
        cors = [[c.text if isinstance(c, Doc) else c for c in cs] for cs in cors]
        for k, cs in enumerate(cors):
            if len(cs) != len(origs):
                raise ValueError("correction list %d has %d lines, the sources %d" % (k, len(cs), len(origs)))
        keep = [i for i, o in enumerate(origs) if _trim(o)]
        pairs_o, pairs_c, where = [], [], {}
        for i in keep:
            src = " ".join(_fields(origs[i]))
            for k, cs in enumerate(cors):
                if src != _trim(cs[i]):
                    where[(i, k)] = len(pairs_o)
                    pairs_o.append(origs[i])
                    pairs_c.append(cs[i])
        found = self.annotate_batch(pairs_o, pairs_c, lev=lev, merging=merging)
        for (i, k), j in sorted(where.items()):
            for e in found[j]:
                why = _m2_unwritable(e.c_str)
                if why:
                    raise ValueError("cors[%d] line %d: the correction %r cannot be written as M2: %s" % (k, i + 1, e.c_str, why))
        out = []
        for i in keep:
            lines = ["S " + " ".join(_fields(origs[i]))]
            for k in range(len(cors)):
                j = where.get((i, k))
                if j is None:
                    lines.append("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||%d" % k)
                else:
                    lines.extend(e.to_m2(k) for e in found[j])
            out.append("\n".join(lines) + "\n\n")
        return "".join(out)
