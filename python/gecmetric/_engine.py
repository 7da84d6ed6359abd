"""The Go engine: one long-lived ``gecmetric serve --stdio`` per process.

Requests and answers are JSON objects, one per line, on the engine's standard
input and output (see cmd/gecmetric/serve.go). The engine is started on first
use and shared by every call (a lock keeps one request in flight). It runs in
a session of its own, so Ctrl-C reaches only Python: an interrupted call stops
the engine (its answer would come out of step) and the next call starts a new
one. It exits when its standard input closes, which happens when this process
exits, however it exits; at normal exit it is also shut down by atexit.

Robustness:

- Out of step: anything read that is not a well-formed answer to the request
  in flight (a stray line, another request's answer, an end of output) stops
  the engine and raises EngineError naming what was read; the next call
  starts a new engine.
- Temporary files: each engine gets a private temporary folder ($TMPDIR of
  the engine, e.g. compare's spill files), removed whenever the engine stops,
  also when an interrupted call stops it; folders left by a Python process
  that was killed are removed when a later one starts an engine.
- Fork: a forked child never uses its parent's engine, nor a lock another
  thread of the parent held at the fork (``os.register_at_fork``): it closes
  its copies of the engine's pipes, so the parent's engine still ends with
  the parent, and starts an engine of its own on first use.
- Request size: the engine refuses a request line over a bound (16 MiB by
  default; ``GECMETRIC_MAX_REQUEST``, e.g. ``64MiB``, raises it); a request
  over it is refused here before it is sent, in the same words.
"""

import atexit
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import weakref

from ._errors import EngineError, GecmetricError, InvalidTextError

_EXE = "gecmetric.exe" if os.name == "nt" else "gecmetric"

# The engine's default bound on one request (serve --max-request).
DEFAULT_MAX_REQUEST = 16 << 20
_MAX_MAX_REQUEST = 1 << 40
_TMP_PREFIX = "gecmetric-engine-"


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


_UNITS = {"": 0, "B": 0, "K": 10, "KB": 10, "KIB": 10, "M": 20, "MB": 20, "MIB": 20, "G": 30, "GB": 30, "GIB": 30,
          "T": 40, "TB": 40, "TIB": 40}


def max_request():
    """The bound on one request in bytes: $GECMETRIC_MAX_REQUEST (a number
    of bytes, or one with KiB, MiB, GiB or TiB, as the engine's size flags
    read it), else 16 MiB."""
    given = os.environ.get("GECMETRIC_MAX_REQUEST", "").strip()
    if not given:
        return DEFAULT_MAX_REQUEST
    m = re.match(r"^(\d+)\s*([A-Za-z]*)$", given)
    n = 0
    if m and m.group(2).upper() in _UNITS:
        n = int(m.group(1)) << _UNITS[m.group(2).upper()]
    if not 1 <= n <= _MAX_MAX_REQUEST:
        raise EngineError(
            "GECMETRIC_MAX_REQUEST=%r: want a size from 1 byte to 1 TiB (a number of bytes, or one with "
            "KiB, MiB, GiB or TiB)" % given
        )
    return n


def _size(n):
    for name, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d %s" % (n >> shift, name)
    return "%d bytes" % n


def _too_long(size, limit):
    # The engine's own words (cmd/gecmetric/serve_reader.go, errTooLong).
    shown = "%d bytes" % limit
    if _size(limit) != shown:
        shown += " (%s)" % _size(limit)
    return (
        "request of %d bytes is over serve's limit of %s: raise it with gecmetric serve "
        "--max-request SIZE (from Python: the environment variable GECMETRIC_MAX_REQUEST)" % (size, shown)
    )


def _surrogate(value, path="args"):
    """The place of the first string in value that is not valid Unicode (a
    lone surrogate), as (path, string, index), or None."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            return path, value, e.start
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            found = _surrogate(k, path) or _surrogate(v, "%s[%r]" % (path, k) if path != "args" else str(k))
            if found:
                return found
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            found = _surrogate(v, "%s[%d]" % (path, i))
            if found:
                return found
    return None


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _sweep_stale_tmp():
    """Removes the private folders of engines whose Python process is gone
    (it was killed, so its atexit never ran)."""
    root = tempfile.gettempdir()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        m = re.match(re.escape(_TMP_PREFIX) + r"(\d+)-", name)
        if m and int(m.group(1)) != os.getpid() and not _pid_alive(int(m.group(1))):
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)


_engines = weakref.WeakSet()  # every Engine of this process, for the fork hook


class Engine:
    """A running engine. Use :func:`engine` for the shared one."""

    def __init__(self, path=None):
        self.path = path or engine_path()
        self.max_request = max_request()
        kw = {}
        if os.name == "nt":
            kw["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        else:
            kw["start_new_session"] = True
        _sweep_stale_tmp()
        self.tmp = tempfile.mkdtemp(prefix="%s%d-" % (_TMP_PREFIX, os.getpid()))
        env = dict(os.environ, TMPDIR=self.tmp, TMP=self.tmp, TEMP=self.tmp)
        try:
            # Unbuffered pipes: a forked child closes its copies without
            # flushing anything of a request in flight into the engine.
            self.proc = subprocess.Popen(
                [self.path, "serve", "--stdio", "--max-request", str(self.max_request)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
                env=env,
                **kw,
            )
        except OSError as e:
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise EngineError("cannot start the gecmetric engine %s: %s" % (self.path, e)) from None
        self.pid = os.getpid()
        self._next = 0
        self._lock = threading.Lock()
        self._rbuf = bytearray()
        _engines.add(self)

    def alive(self):
        return self.pid == os.getpid() and self.proc.poll() is None

    def _write(self, data):
        view = memoryview(data)
        while view:
            n = self.proc.stdin.write(view)
            view = view[n:]

    def _readline(self):
        """The engine's next line (with its line break), or b"" at the end of
        its output."""
        start = 0
        while True:
            k = self._rbuf.find(b"\n", start)
            if k >= 0:
                line = bytes(self._rbuf[: k + 1])
                del self._rbuf[: k + 1]
                return line
            start = len(self._rbuf)
            chunk = self.proc.stdout.read(1 << 16)
            if not chunk:
                line = bytes(self._rbuf)
                self._rbuf.clear()
                return line
            self._rbuf += chunk

    def call(self, op, **args):
        """Sends one request and returns its result, or raises
        GecmetricError with the engine's message."""
        with self._lock:
            if self.pid != os.getpid() or self.proc.returncode is not None:
                raise EngineError("the gecmetric engine has stopped")
            self._next += 1
            rid = self._next
            # Encoded before anything is sent: a string that is not valid
            # Unicode, or a request over the bound, fails here, leaving the
            # engine in step.
            line = json.dumps({"id": rid, "op": op, "args": args}, ensure_ascii=False, separators=(",", ":"))
            try:
                data = line.encode("utf-8") + b"\n"
            except UnicodeEncodeError:
                where, text, at = _surrogate(args) or ("a string", "?", 0)
                raise InvalidTextError(
                    "%s: %s holds %r at character %d, a lone surrogate: not valid Unicode text" % (op, where, text[at], at + 1),
                    text,
                    at,
                ) from None
            if len(data) - 1 > self.max_request:
                raise GecmetricError(_too_long(len(data) - 1, self.max_request), exit_code=2)
            try:
                self._write(data)
                answer = self._readline()
            except BaseException as e:
                # Ctrl-C or a broken pipe in the middle of a request: the
                # answer would come out of step. Stop this engine; the
                # next call starts another.
                self.close(kill=True)
                if isinstance(e, OSError):
                    raise EngineError("the gecmetric engine stopped: %s" % e) from None
                raise
            if not answer:
                code = self.proc.wait()
                self.close(kill=True)
                raise EngineError("the gecmetric engine exited (status %s) during %s" % (code, op))
            resp = self._check(answer, rid, op)
        if not resp["ok"]:
            raise GecmetricError.from_engine(resp.get("error") or {})
        return resp.get("result")

    def _check(self, answer, rid, op):
        """The answer as a dict when it is a well-formed answer to request
        rid; else the engine is stopped and EngineError names what was
        read."""
        problem = None
        resp = None
        try:
            resp = json.loads(answer)
        except ValueError:
            problem = "a line that is not JSON"
        if problem is None:
            if not isinstance(resp, dict) or not isinstance(resp.get("ok"), bool):
                problem = "JSON that is not an answer"
            elif resp.get("id") != rid:
                problem = "the answer to request %r" % (resp.get("id"),)
            elif not resp["ok"] and not isinstance(resp.get("error"), dict):
                problem = "a failure without an error"
        if problem is None:
            return resp
        self.close(kill=True)
        shown = answer.decode("utf-8", "replace").rstrip("\n")
        if len(shown) > 200:
            shown = shown[:200] + "... (%d bytes)" % len(answer)
        raise EngineError(
            "the gecmetric engine fell out of step during %s (request %d): it wrote %s: %r; "
            "it was stopped, and the next call starts a new one" % (op, rid, problem, shown)
        )

    def close(self, kill=False):
        """Stops the engine: closes its input (it exits at the end of its
        input) and waits a moment, or stops it at once (SIGTERM, then
        SIGKILL), and removes its temporary folder."""
        p = self.proc
        try:
            if self.pid != os.getpid():
                return
            if p.poll() is None:
                try:
                    if kill:
                        p.terminate()
                        p.wait(timeout=1)
                    else:
                        p.stdin.close()
                        p.wait(timeout=5)
                except Exception:
                    p.kill()
                    p.wait()
        finally:
            if self.pid == os.getpid():
                for f in (p.stdin, p.stdout):
                    try:
                        f.close()
                    except Exception:
                        pass
                shutil.rmtree(self.tmp, ignore_errors=True)

    def _forget_in_child(self):
        # In a forked child: close the child's copies of the pipes (no
        # flush: they are unbuffered), so that the engine still sees the
        # end of its input when the parent closes it; never wait for or
        # signal the parent's engine, nor remove its folder.
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except Exception:
                pass
        self._lock = threading.Lock()
        self._rbuf = bytearray()


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


def _after_fork_in_child():
    global _shared, _shared_lock
    # A lock another thread held at the fork stays held in the child for
    # ever: new locks, and none of the parent's engines.
    _shared_lock = threading.Lock()
    _shared = None
    for e in list(_engines):
        e._forget_in_child()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


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
