"""The engine never falls out of step: help, stray output, answers to
other requests, oversized requests, invalid Unicode, interruptions and
forks (issue 37). Errors name the Python keyword, the list and the line."""

import os
import signal
import sys
import threading
import time

import pytest

import gecmetric
from gecmetric import _engine

SRC = ["He go to school .", "It do n't work .", "I like it ."]
REF0 = ["He goes to school .", "It does n't work .", "I like it ."]
HYP = ["He goes to school .", "It do n't work .", "I like it !"]

posix = pytest.mark.skipif(os.name != "posix", reason="fork and signals of POSIX")


def in_step():
    """Thirteen calls after a failure all answer (before: each raised a
    bare JSONDecodeError)."""
    for _ in range(13):
        assert _engine.call("version")["version"] == gecmetric.__version__
    assert gecmetric.evaluate(SRC, HYP, [REF0], metrics="m2")["system"].m2.f > 0


def test_help_is_an_answer():
    # Before: the help went to the engine's stdout ahead of the JSON.
    for args, name in [(["--help"], "gecmetric"), ([], "gecmetric"), (["annotate"], "gecmetric annotate"),
                       (["calibrate"], "gecmetric calibrate"), (["completion"], "gecmetric completion")]:
        code, out, _ = _engine.run(args)
        assert code == 0 and out.startswith("NAME:\n   %s - " % name), out[:100]
        assert "serve gecmetric" not in out
    in_step()
    with pytest.raises(TypeError, match=r"evaluate\(\) got an unexpected keyword argument 'help'"):
        gecmetric.evaluate(SRC, HYP, [REF0], help=True)
    in_step()
    with pytest.raises(gecmetric.GecmetricError) as e:
        _engine.run(["eval", "stray"])
    assert str(e.value) == 'unexpected argument "stray": eval takes its files by flags'


@pytest.mark.parametrize("stray, what", [
    (b"hello from a stray print\n", "a line that is not JSON"),
    (b"[1, 2]\n", "JSON that is not an answer"),
    (b'{"id": 424242, "ok": true, "result": null}\n', "the answer to request 424242"),
    (b'{"id": 1, "ok": "yes"}\n', "JSON that is not an answer"),
])
def test_out_of_step_restarts(stray, what):
    e = _engine.engine()
    e.call("version")
    # What the engine wrote before the answer: read first, as a stray
    # line or another request's answer would be.
    e._rbuf[:0] = stray
    with pytest.raises(gecmetric.EngineError) as err:
        e.call("version")
    assert what in str(err.value) and "stopped" in str(err.value)
    assert repr(stray.decode().rstrip("\n"))[:40] in str(err.value)
    assert not e.alive() and not os.path.exists(e.tmp)
    in_step()
    assert _engine.engine() is not e


def test_stdout_of_the_engine_is_not_its_answers(tmp_path):
    # A file written to /dev/stdout by a command run in the engine goes to
    # its stderr, not between the answers.
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text("He go .\n")
    hyp.write_text("He goes .\n")
    for flag in ("--output", "--per-sentence"):
        code, _, _ = _engine.run(["eval", "--source", src, "--ref", hyp, "--hyp", hyp, flag, "/dev/stdout"])
        assert code == 0
        in_step()


def test_surrogate_names_list_and_line():
    bad = ["He goes .", "It do\udc80 work .", "I like it ."]
    with pytest.raises(gecmetric.InvalidTextError) as e:
        gecmetric.evaluate(SRC, {"AMU": bad}, [REF0])
    assert isinstance(e.value, UnicodeEncodeError) and isinstance(e.value, ValueError)
    assert str(e.value).startswith("hypotheses['AMU']: line 2, character 6: '\\udc80' is a lone surrogate")
    with pytest.raises(ValueError, match=r"references\[1\]: line 2, character 6"):
        gecmetric.evaluate(SRC, HYP, [REF0, bad])
    with pytest.raises(ValueError, match=r"^sources: line 2"):
        gecmetric.compare(bad, {"a": HYP}, {"b": HYP}, [REF0])
    # A request of the ERRANT API: the argument and the place in it.
    with pytest.raises(ValueError, match=r"^tokenize: texts\[1\] holds '\\udc80' at character 2"):
        _engine.call("tokenize", texts=["fine", "a\udc80"])
    in_step()


def test_empty_system_name():
    for hyps in ({"": HYP}, {" ": HYP}):
        with pytest.raises(ValueError, match=r"hypotheses: a system name cannot be empty"):
            gecmetric.evaluate(SRC, hyps, [REF0])
    with pytest.raises(ValueError, match=r"candidates: a system name cannot be empty"):
        gecmetric.compare(SRC, {"a": HYP}, {"": HYP}, [REF0])


def test_options_named_by_keyword():
    # The docstring's confidence_n (it said confidence=1000, no such option).
    assert "confidence=True, confidence_n=1000" in gecmetric.evaluate.__doc__
    with pytest.raises(TypeError, match=r"^evaluate\(\): confidence takes True or False, not 1000$"):
        gecmetric.evaluate(SRC, HYP, [REF0], confidence=1000)
    r = gecmetric.evaluate(SRC, HYP, [REF0], metrics="m2", confidence=True, confidence_n=100, seed=1)
    assert r["system"].m2.f_ci is not None
    with pytest.raises(gecmetric.GecmetricError, match=r"resamples"):
        gecmetric.compare(SRC, {"a": HYP}, {"b": HYP}, [REF0], resamples="many")
    in_step()


def test_request_over_the_bound(monkeypatch):
    monkeypatch.setenv("GECMETRIC_MAX_REQUEST", "1000")
    e = _engine.Engine()
    try:
        # Refused before it is sent ...
        with pytest.raises(gecmetric.GecmetricError) as err:
            e.call("tokenize", texts=["x" * 2000])
        assert "over serve's limit of 1000 bytes" in str(err.value) and "GECMETRIC_MAX_REQUEST" in str(err.value)
        assert e.call("tokenize", texts=["a b"]) == [["a", "b"]]
        # ... and by the engine, which answers it under its id and reads on.
        e.max_request = 1 << 30
        with pytest.raises(gecmetric.GecmetricError) as err:
            e.call("tokenize", texts=["x" * 5000])
        assert "request on line 2 is 5046 bytes, over serve's limit of 1000 bytes: raise it" in str(err.value)
        assert "--max-request" in str(err.value) and not isinstance(err.value, gecmetric.EngineError)
        assert e.call("tokenize", texts=["a b"]) == [["a", "b"]] and e.alive()
    finally:
        e.close()
    monkeypatch.setenv("GECMETRIC_MAX_REQUEST", "lots")
    with pytest.raises(gecmetric.EngineError, match="GECMETRIC_MAX_REQUEST='lots': want a size from 1 byte to 1 TiB"):
        _engine.Engine()
    monkeypatch.setenv("GECMETRIC_MAX_REQUEST", "2KiB")
    assert _engine.max_request() == 2048


@posix
def test_interrupted_compare_leaves_no_files():
    # Before: Ctrl-C during compare() killed the engine and left its
    # gecmetric-compare-* spill files in the temporary folder. Now the
    # engine's temporary folder is its own, removed when it stops.
    e = _engine.engine()
    e.call("version")
    busy = threading.Event()
    real = e._readline

    def readline():
        busy.set()  # the request is sent: the engine is comparing
        return real()

    e._readline = readline

    def interrupt():
        busy.wait(60)
        time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=interrupt)
    t.start()
    started = time.time()
    with pytest.raises(KeyboardInterrupt):
        gecmetric.compare(SRC * 200, {"base": REF0 * 200}, {"cand": HYP * 200}, [REF0 * 200], metrics="errant",
                          resamples=1000000)
    t.join()
    assert time.time() - started < 30
    assert not e.alive() and not os.path.exists(e.tmp)
    in_step()


@posix
def test_fork_while_threads_call():
    """Forks while threads call: no child deadlocks, no parent waits at
    exit. GECMETRIC_FORK_STRESS sets the number of forks (the issue's must
    show: 1000; measured 1000 forks, 0 deadlocks, 0 slow exits)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fork_stress

    total = int(os.environ.get("GECMETRIC_FORK_STRESS", "20"))
    forks, deadlocks, slow, parents = fork_stress.run(total)
    assert (forks, deadlocks, slow) == (total, 0, 0), "%d parents" % parents


@posix
def test_exit_while_a_forked_child_lives():
    # Before: the parent's exit waited 5 s for its engine, whose input the
    # forked child still held open. Now the child closes its copies of the
    # engine's pipes at the fork, and the parent exits at once.
    import subprocess

    script = r"""
import os, sys, time
from gecmetric import _engine
_engine.call("version")
pid = os.fork()
if pid == 0:
    time.sleep(8)
    os._exit(0)
print(_engine.engine().proc.pid, time.time(), flush=True)
"""
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    out = p.stdout.readline().split()
    p.wait(timeout=60)
    took = time.time() - float(out[1])
    # measured 0.1 s; before 5 s
    assert took < 2.0, "the exit took %.1f s" % took
