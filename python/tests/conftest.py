"""Shared fixtures: the shared data (GECMETRIC_DATA, default ../shared/data
from the project root) and the CLI of the installed engine."""

import json
import os
import subprocess
import sys

import pytest

import gecmetric

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pytest_configure(config):
    if os.path.dirname(os.path.dirname(os.path.abspath(gecmetric.__file__))) == os.path.join(ROOT, "python") and not os.environ.get("GECMETRIC_BINARY"):
        pytest.exit(
            "the tests import gecmetric from the source folder %s, not the installed package: "
            "run pytest from another folder (python -m pytest puts the current folder first on sys.path)"
            % os.path.dirname(gecmetric.__file__),
            returncode=2,
        )


# The docs' pycon blocks that test_docs.py ran: file -> (blocks, examples).
DOCS_RAN = {}


def pytest_terminal_summary(terminalreporter):
    if DOCS_RAN:
        blocks = sum(b for b, _ in DOCS_RAN.values())
        examples = sum(e for _, e in DOCS_RAN.values())
        terminalreporter.write_line(
            "docs doctests: %d pycon blocks, %d examples run (%s)"
            % (blocks, examples, ", ".join("%s %d/%d" % (f, b, e) for f, (b, e) in sorted(DOCS_RAN.items())))
        )


def data_root():
    return os.environ.get("GECMETRIC_DATA") or os.path.join(ROOT, "..", "shared", "data")


@pytest.fixture(scope="session")
def conll():
    """The CoNLL-2014 folder of the shared data, or a skip saying why."""
    d = os.path.join(data_root(), "conll14-errant")
    if not os.path.isfile(os.path.join(d, "text", "source.txt")):
        pytest.skip("shared data not found: set GECMETRIC_DATA to the folder holding conll14-errant/ (looked in %s)" % data_root())
    return d


def cli(*args, stdin=None):
    """Runs `python -m gecmetric ARGS` and returns (exit status, stdout,
    stderr)."""
    r = subprocess.run(
        [sys.executable, "-m", "gecmetric"] + [str(a) for a in args],
        input=stdin,
        capture_output=True,
        text=True,
    )
    return r.returncode, r.stdout, r.stderr


def cli_json(*args):
    code, out, err = cli(*args)
    assert code == 0, err
    return json.loads(out)


SYSTEMS = ["AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"]


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()
