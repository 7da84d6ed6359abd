"""The Python examples of the documentation run as doctests: every ```pycon
block of README.md and docs/*.md (from the repository root), so that they
cannot go stale.

The blocks of one file run in order in one namespace (a later block may use
what an earlier one defined), in a fresh temporary folder as the current
folder, with doctest's ELLIPSIS ("..." in expected output matches anything)
and nothing else. A mismatch fails with doctest's report, naming the file
and line. The summary at the end of the run says how many blocks and
examples ran (conftest.py's pytest_terminal_summary).
"""

import doctest
import glob
import os
import re

import pytest

from conftest import DOCS_RAN, ROOT

FENCE = re.compile(r"^```pycon[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
FLAGS = doctest.ELLIPSIS


def doc_files():
    """README.md and docs/*.md, relative to the repository root."""
    files = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return [os.path.relpath(f, ROOT) for f in files if os.path.isfile(f)]


def pycon_blocks(text):
    """The pycon blocks of a Markdown text: (line of the block's first
    line, block text)."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


def run_blocks(name, text, globs=None):
    """Runs the pycon blocks of text (a file called name) as doctests in one
    namespace; returns (blocks, examples, failures, report)."""
    globs = {} if globs is None else globs
    parser = doctest.DocTestParser()
    blocks = examples = failures = 0
    report = []
    for line, block in pycon_blocks(text):
        test = parser.get_doctest(block, globs, "%s:%d" % (name, line), name, line - 1)
        runner = doctest.DocTestRunner(verbose=False, optionflags=FLAGS)
        result = runner.run(test, out=report.append, clear_globs=False)
        globs = test.globs  # a DocTest runs in a copy: the next block continues it
        blocks += 1
        examples += result.attempted
        failures += result.failed
    return blocks, examples, failures, "".join(report)


FILES = [f for f in doc_files() if pycon_blocks(open(os.path.join(ROOT, f), encoding="utf-8").read())]


def test_docs_have_python_examples():
    if not os.path.isdir(os.path.join(ROOT, "docs")):
        pytest.skip("no docs/ folder at %s (an installed copy of the tests without the repository)" % ROOT)
    assert "docs/python.md" in FILES, "docs/python.md has no pycon block (files with some: %s)" % FILES


@pytest.mark.parametrize("name", FILES)
def test_pycon_blocks(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        text = f.read()
    blocks, examples, failures, report = run_blocks(name, text)
    DOCS_RAN[name] = (blocks, examples)
    assert examples > 0, "%s: pycon blocks without examples" % name
    assert failures == 0, "%d of %d examples of %s failed:\n%s" % (failures, examples, name, report)


def test_a_wrong_output_fails(tmp_path):
    # The check can fail: a block whose shown output is not what Python
    # prints is reported, with its file and line.
    text = "Intro.\n\n```pycon\n>>> 1 + 1\n2\n>>> round(2 / 3, 4)\n0.6667\n```\n\n```pycon\n>>> 2 * 3\n7\n```\n"
    blocks, examples, failures, report = run_blocks("docs/x.md", text)
    assert (blocks, examples, failures) == (2, 3, 1)
    assert 'File "docs/x.md", line 11' in report and "Expected:\n    7\nGot:\n    6" in report
    # A name defined in one block is seen by the next.
    assert run_blocks("x.md", "```pycon\n>>> a = 5\n```\n```pycon\n>>> a\n5\n```\n")[2] == 0
