"""The engine lives as long as the Python process: no orphans, also on
Ctrl-C and on a killed interpreter."""

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and signals of POSIX")

CHILD = r"""
import sys, time
import gecmetric.errant as errant
from gecmetric import _engine
a = errant.load("en")
a.annotate("He go .", "He goes .")
try:
    # the pid is printed inside the try: the test sends Ctrl-C as soon as
    # it reads it, and a signal before the try would escape the handler
    print(_engine.engine().proc.pid, flush=True)
    time.sleep(60)
except KeyboardInterrupt:
    # the engine is in its own session: Ctrl-C did not reach it
    print("interrupted", _engine.engine().alive(), flush=True)
    print(len(a.annotate("He go .", "He goes .")), flush=True)
    sys.exit(3)
"""


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie of a child of ours would still count; the engine is not
    # ours, so it is reaped by init once gone
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def wait_gone(pid, seconds=5.0):
    end = time.time() + seconds
    while time.time() < end:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def start_child():
    # SIGINT back to its default in the child: a test run started in the
    # background (CI's, `pytest &`) inherits it ignored, and a Python that
    # starts with SIGINT ignored never raises KeyboardInterrupt.
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    pid = int(p.stdout.readline())
    assert alive(pid)
    return p, pid


def test_engine_exits_with_python():
    p = subprocess.run([sys.executable, "-c", CHILD.replace("time.sleep(60)", "pass")], capture_output=True, text=True)
    pid = int(p.stdout.split()[0])
    assert wait_gone(pid), "engine %d outlived its Python process" % pid


def test_engine_exits_when_python_is_killed():
    p, pid = start_child()
    p.kill()
    p.wait()
    assert wait_gone(pid), "engine %d outlived a killed Python process" % pid


def test_ctrl_c():
    p, pid = start_child()
    # Ctrl-C: SIGINT to the terminal's foreground group, here the child's.
    os.killpg(p.pid, signal.SIGINT)
    out, _ = p.communicate(timeout=20)
    assert p.returncode == 3
    assert out.split() == ["interrupted", "True", "1"]
    assert wait_gone(pid)


def test_interrupted_call_restarts_engine():
    from gecmetric import _engine

    import gecmetric.errant as errant

    a = errant.load("en")
    a.annotate("a b", "a c")
    e = _engine.engine()
    # An interruption while waiting for an answer stops that engine...
    def interrupted():
        raise KeyboardInterrupt

    e._readline = interrupted
    with pytest.raises(KeyboardInterrupt):
        a.annotate("a b", "a c")
    assert wait_gone(e.proc.pid)
    assert not os.path.exists(e.tmp)
    # ... and the next call starts another.
    assert [x.type for x in a.annotate("He go .", "He goes .")] == ["R:VERB:SVA"]
    assert _engine.engine() is not e
