"""PEP 517 build backend of the gecmetric Python package, in-tree.

It needs nothing but the standard library (no setuptools, no package index):
``pip install --no-index ./python`` builds the wheel here. The wheel holds the
pure-Python package ``gecmetric`` and the Go engine, built by ``go build`` of
``./cmd/gecmetric`` in the Go module (the repository root, one folder up from
this package, or ``_go/`` inside an sdist), at ``gecmetric/_bin/gecmetric``.
As the binary is native, the wheel is tagged for this platform
(``py3-none-<platform>``), the way tools written in Rust or Go ship through
pip.

Environment:

``GECMETRIC_BINARY``
    a prebuilt engine to ship instead of building one (no Go needed).
``GO``
    the go command (default: ``go`` on PATH).
``CGO_ENABLED``, ``GOFLAGS``...
    passed to go build as they are.
"""

import base64
import hashlib
import io
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile

NAME = "gecmetric"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # the python/ folder
EXE = ".exe" if os.name == "nt" else ""

__all__ = [
    "get_requires_for_build_wheel",
    "get_requires_for_build_sdist",
    "prepare_metadata_for_build_wheel",
    "build_wheel",
    "build_sdist",
]


class BuildError(Exception):
    pass


def _go_module():
    """The folder of the Go module that holds cmd/gecmetric."""
    for d in (os.path.dirname(ROOT), os.path.join(ROOT, "_go")):
        gomod = os.path.join(d, "go.mod")
        if os.path.isfile(gomod) and os.path.isdir(os.path.join(d, "cmd", "gecmetric")):
            with open(gomod, encoding="utf-8") as f:
                if re.search(r"^module\s+github\.com/gecmetric/gecmetric\s*$", f.read(), re.M):
                    return d
    return None


def _version():
    """The release: the package's (gecmetric/_version.py), which must be
    the engine's (cmd/gecmetric/main.go) when the Go module is here."""
    with open(os.path.join(ROOT, NAME, "_version.py"), encoding="utf-8") as f:
        m = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    if not m:
        raise BuildError("gecmetric/_version.py has no __version__")
    version = m.group(1)
    mod = _go_module()
    if mod is not None:
        with open(os.path.join(mod, "cmd", "gecmetric", "main.go"), encoding="utf-8") as f:
            g = re.search(r'^const version = "([^"]+)"', f.read(), re.M)
        if g and g.group(1) != version:
            raise BuildError(
                "gecmetric/_version.py says %s, the engine (cmd/gecmetric/main.go) %s: make them agree"
                % (version, g.group(1))
            )
    return version


def _platform_tag():
    return re.sub(r"[^A-Za-z0-9_]", "_", sysconfig.get_platform())


def _metadata(version):
    readme = ""
    path = os.path.join(ROOT, "README.md")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            readme = f.read()
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + NAME,
        "Version: " + version,
        "Summary: Exact GEC metrics (M2, ERRANT, GLEU, chrF), ERRANT's edit extraction, "
        "significance tests and calibrated judgements, from Python; backed by the Go engine",
        "License: Apache-2.0",
        "Requires-Python: >=3.9",
        "Description-Content-Type: text/markdown",
    ]
    return "\n".join(lines) + "\n\n" + readme


def _wheel_file(tag):
    return "Wheel-Version: 1.0\nGenerator: gecmetric_build\nRoot-Is-Purelib: false\nTag: %s\n" % tag


ENTRY_POINTS = "[console_scripts]\ngecmetric = gecmetric.__main__:main\n"


def _dist_info(version):
    return "%s-%s.dist-info" % (NAME, version)


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version()
    d = os.path.join(metadata_directory, _dist_info(version))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(version))
    with open(os.path.join(d, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(_wheel_file("py3-none-" + _platform_tag()))
    with open(os.path.join(d, "entry_points.txt"), "w", encoding="utf-8") as f:
        f.write(ENTRY_POINTS)
    return _dist_info(version)


def _build_engine(out):
    """Puts the engine at out: GECMETRIC_BINARY's, or go build's."""
    given = os.environ.get("GECMETRIC_BINARY")
    if given:
        if not os.path.isfile(given):
            raise BuildError("GECMETRIC_BINARY=%s: no such file" % given)
        shutil.copyfile(given, out)
        return
    mod = _go_module()
    if mod is None:
        raise BuildError(
            "gecmetric: the Go module (go.mod with cmd/gecmetric) is neither one folder up from %s "
            "nor in its _go/ folder; build from the gecmetric repository or an sdist, or set "
            "GECMETRIC_BINARY=/path/to/gecmetric" % ROOT
        )
    go = os.environ.get("GO") or shutil.which("go")
    if not go:
        raise BuildError(
            "gecmetric: building the engine needs Go %s or later (https://go.dev/dl) on PATH, "
            "or GECMETRIC_BINARY=/path/to/a/built/gecmetric" % _go_version(mod)
        )
    # The flags of a plain `go build` (no -trimpath, the usual cgo
    # setting), so that the build cache of the checkout's own builds and
    # tests serves; -s -w only drop the symbol tables.
    env = dict(os.environ)
    cmd = [go, "build", "-ldflags=-s -w", "-o", out, "./cmd/gecmetric"]
    sys.stderr.write("gecmetric: building the engine: %s (in %s)\n" % (" ".join(cmd), mod))
    sys.stderr.flush()
    r = subprocess.run(cmd, cwd=mod, env=env, stderr=subprocess.PIPE)
    errors = r.stderr.decode("utf-8", "replace")
    sys.stderr.write(errors)
    sys.stderr.flush()
    if r.returncode != 0:
        raise BuildError(
            "gecmetric: go build of the engine failed (exit status %d)%s" % (r.returncode, _build_hint(errors, mod))
        )


def _go_version(mod):
    """The Go release go.mod asks for ("1.26.0"), or "(go.mod's)"."""
    try:
        with open(os.path.join(mod, "go.mod"), encoding="utf-8") as f:
            m = re.search(r"^go\s+(\S+)\s*$", f.read(), re.M)
    except OSError:
        m = None
    return m.group(1) if m else "(the release go.mod names)"


def _build_hint(errors, mod):
    """Advice for a failed go build, from what go printed."""
    offline = (
        "module lookup disabled",
        "dial tcp",
        "no such host",
        "proxy.golang.org",
        "connection refused",
        "i/o timeout",
        "TLS handshake",
    )
    if any(s in errors for s in offline):
        return (
            ": the Go modules the engine needs are not in the module cache (%s) and cannot be "
            "downloaded. Run `go mod download` in %s once with network access (or copy a module "
            "cache filled so), then `pip install --no-index ./python` builds offline"
            % (os.environ.get("GOMODCACHE") or "go env GOMODCACHE", mod)
        )
    if "toolchain" in errors or "requires go >=" in errors:
        return ": this Go is older than the Go %s that go.mod names; install it from https://go.dev/dl" % _go_version(mod)
    return ""


def _record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _package_files():
    """The package's Python files, as (archive name, path), sorted."""
    out = []
    pkg = os.path.join(ROOT, NAME)
    for dirpath, dirnames, filenames in os.walk(pkg):
        dirnames[:] = sorted(d for d in dirnames if d not in ("__pycache__", "_bin"))
        for fn in sorted(filenames):
            if fn.endswith(".py") or fn == "py.typed":
                path = os.path.join(dirpath, fn)
                out.append((os.path.relpath(path, ROOT).replace(os.sep, "/"), path))
    return out


def _zip_entry(zf, name, data, mode=0o644):
    # A fixed date keeps the wheel reproducible; zip cannot hold dates
    # before 1980.
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = (stat.S_IFREG | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    tag = "py3-none-" + _platform_tag()
    wheel_name = "%s-%s-%s.whl" % (NAME, version, tag)
    dist_info = _dist_info(version)
    with tempfile.TemporaryDirectory() as tmp:
        engine = os.path.join(tmp, NAME + EXE)
        _build_engine(engine)
        with open(engine, "rb") as f:
            engine_data = f.read()
        entries = []  # (name, data, mode)
        for name, path in _package_files():
            with open(path, "rb") as f:
                entries.append((name, f.read(), 0o644))
        entries.append(("%s/_bin/%s%s" % (NAME, NAME, EXE), engine_data, 0o755))
        entries.append((dist_info + "/METADATA", _metadata(version).encode("utf-8"), 0o644))
        entries.append((dist_info + "/WHEEL", _wheel_file(tag).encode("utf-8"), 0o644))
        entries.append((dist_info + "/entry_points.txt", ENTRY_POINTS.encode("utf-8"), 0o644))
        license_path = os.path.join(_go_module() or ROOT, "LICENSE")
        if os.path.isfile(license_path):
            with open(license_path, "rb") as f:
                entries.append((dist_info + "/LICENSE", f.read(), 0o644))
        record = dist_info + "/RECORD"
        lines = ["%s,%s,%d" % (n, _record_hash(d), len(d)) for n, d, _ in entries]
        lines.append(record + ",,")
        os.makedirs(wheel_directory, exist_ok=True)
        partial = os.path.join(wheel_directory, wheel_name + ".part")
        with zipfile.ZipFile(partial, "w") as zf:
            for n, d, mode in entries:
                _zip_entry(zf, n, d, mode)
            _zip_entry(zf, record, ("\n".join(lines) + "\n").encode("utf-8"))
        os.replace(partial, os.path.join(wheel_directory, wheel_name))
    return wheel_name


# What an sdist takes of the Go module: its sources and the data they
# embed, not the other modules, documents or tests' data.
_SDIST_SKIP_DIRS = {".git", "python", "beam", "docs", "testdata", "node_modules", ".ci"}


def _go_files(mod):
    out = []
    for dirpath, dirnames, filenames in os.walk(mod):
        rel = os.path.relpath(dirpath, mod)
        dirnames[:] = sorted(d for d in dirnames if d not in _SDIST_SKIP_DIRS and not d.startswith("."))
        for fn in sorted(filenames):
            if fn.endswith("_test.go"):
                continue
            if rel == "." and fn not in ("go.mod", "go.sum", "LICENSE"):
                continue
            out.append(os.path.normpath(os.path.join(rel, fn)))
    return out


def build_sdist(sdist_directory, config_settings=None):
    version = _version()
    mod = _go_module()
    if mod is None:
        raise BuildError("gecmetric: an sdist needs the Go module (go.mod with cmd/gecmetric) one folder up")
    base = "%s-%s" % (NAME, version)
    name = base + ".tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)
    partial = os.path.join(sdist_directory, name + ".part")

    def add(tf, arcname, path=None, data=None):
        if data is None:
            with open(path, "rb") as f:
                data = f.read()
        info = tarfile.TarInfo(base + "/" + arcname.replace(os.sep, "/"))
        info.size, info.mtime, info.mode = len(data), int(time.time()), 0o644
        tf.addfile(info, io.BytesIO(data))

    with tarfile.open(partial, "w:gz", format=tarfile.PAX_FORMAT) as tf:
        add(tf, "PKG-INFO", data=_metadata(version).encode("utf-8"))
        for rel in ("pyproject.toml", "README.md", os.path.join("_build", "gecmetric_build.py")):
            if os.path.isfile(os.path.join(ROOT, rel)):
                add(tf, rel, os.path.join(ROOT, rel))
        for arc, path in _package_files():
            add(tf, arc, path)
        for dirpath, _, filenames in os.walk(os.path.join(ROOT, "tests")):
            for fn in sorted(filenames):
                if fn.endswith(".py"):
                    p = os.path.join(dirpath, fn)
                    add(tf, os.path.relpath(p, ROOT), p)
        if mod != os.path.join(ROOT, "_go"):
            for rel in _go_files(mod):
                add(tf, os.path.join("_go", rel), os.path.join(mod, rel))
        else:
            for dirpath, _, filenames in os.walk(mod):
                for fn in sorted(filenames):
                    p = os.path.join(dirpath, fn)
                    add(tf, os.path.relpath(p, ROOT), p)
    os.replace(partial, os.path.join(sdist_directory, name))
    return name
