"""The Go engine: one long-lived ``gecmetric serve --stdio`` per process.

Requests and answers are JSON objects, one per line, on the engine's standard
input and output (see cmd/gecmetric/serve.go). The engine is started on first
use and shared by every call (a lock keeps one request in flight). It runs in
a session of its own, so Ctrl-C reaches only Python: an interrupted call kills
the engine (its answer would come out of step) and the next call starts a new
one. It exits when its standard input closes, which happens when this process
exits, however it exits; at normal exit it is also shut down by atexit.
"""

import atexit
import json
import os
import shutil
import subprocess
import threading

from ._errors import EngineError, GecmetricError

_EXE = "gecmetric.exe" if os.name == "nt" else "gecmetric"


def engine_path():
    """The engine binary: $GECMETRIC_BINARY, else the one in the package,
    else ``gecmetric`` on PATH (a source checkout without a build)."""
    given = os.environ.get("GECMETRIC_BINARY")
    if given:
        return given
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", _EXE)
    if os.path.isfile(here):
        return here
    found = shutil.which("gecmetric")
    if found and not _is_python_script(found):
        return found
    raise EngineError(
        "the gecmetric engine is not installed: install the package with "
        "`pip install ./python` (it builds the engine with Go), or set GECMETRIC_BINARY"
    )


def _is_python_script(path):
    # The console script that pip installs is Python, not the engine.
    try:
        with open(path, "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


class Engine:
    """A running engine. Use :func:`engine` for the shared one."""

    def __init__(self, path=None):
        self.path = path or engine_path()
        kw = {}
        if os.name == "nt":
            kw["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        else:
            kw["start_new_session"] = True
        try:
            self.proc = subprocess.Popen(
                [self.path, "serve", "--stdio"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=1 << 16,
                **kw,
            )
        except OSError as e:
            raise EngineError("cannot start the gecmetric engine %s: %s" % (self.path, e)) from None
        self.pid = os.getpid()
        self._next = 0
        self._lock = threading.Lock()

    def alive(self):
        return self.proc.poll() is None and self.pid == os.getpid()

    def call(self, op, **args):
        """Sends one request and returns its result, or raises
        GecmetricError with the engine's message."""
        with self._lock:
            self._next += 1
            rid = self._next
            # Encoded before anything is sent: a string that is not
            # valid Unicode fails here, leaving the engine in step.
            line = json.dumps({"id": rid, "op": op, "args": args}, ensure_ascii=False, separators=(",", ":"))
            data = line.encode("utf-8") + b"\n"
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
                answer = self.proc.stdout.readline()
            except BaseException as e:
                # Ctrl-C or a broken pipe in the middle of a request: the
                # answer would come out of step. Stop this engine; the
                # next call starts another.
                self.close(kill=True)
                if isinstance(e, (BrokenPipeError, OSError)):
                    raise EngineError("the gecmetric engine stopped: %s" % e) from None
                raise
            if not answer:
                code = self.proc.wait()
                self.close(kill=True)
                raise EngineError("the gecmetric engine exited (status %s) during %s" % (code, op))
        resp = json.loads(answer)
        if resp.get("id") != rid:
            self.close(kill=True)
            raise EngineError("the gecmetric engine answered request %s, not %s" % (resp.get("id"), rid))
        if not resp.get("ok"):
            raise GecmetricError.from_engine(resp.get("error") or {})
        return resp.get("result")

    def close(self, kill=False):
        """Stops the engine: closes its input (it exits at the end of its
        input) and waits a moment, or kills it."""
        p = self.proc
        if p.poll() is not None:
            return
        try:
            if kill:
                p.kill()
            else:
                p.stdin.close()
            p.wait(timeout=5)
        except Exception:
            p.kill()
            p.wait()
        finally:
            for f in (p.stdin, p.stdout):
                try:
                    f.close()
                except Exception:
                    pass


_shared = None
_shared_lock = threading.Lock()


def engine():
    """The process's engine, started on first use (again after a fork, or
    after it stopped)."""
    global _shared
    with _shared_lock:
        if _shared is None or not _shared.alive():
            if _shared is not None and _shared.pid == os.getpid():
                _shared.close(kill=True)
            _shared = Engine()
        return _shared


def call(op, **args):
    """Calls op on the shared engine."""
    return engine().call(op, **args)


@atexit.register
def _shutdown():
    e = _shared
    if e is not None and e.pid == os.getpid():
        e.close()


def run(args, stdin=""):
    """Runs the gecmetric CLI in the engine with args (no program name) and
    returns (exit status, stdout, stderr); a failure raises GecmetricError."""
    r = call("run", args=[str(a) for a in args], stdin=stdin)
    return r.get("exit", 0), r.get("stdout", ""), r.get("stderr", "")
