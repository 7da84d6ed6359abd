"""The in-tree build backend: a platform wheel with the engine inside, an
sdist that carries the Go module, nothing asked of a package index."""

import base64
import csv
import hashlib
import importlib.util
import io
import os
import stat
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

import pytest

from conftest import ROOT

BACKEND = os.path.join(ROOT, "python", "_build", "gecmetric_build.py")


def load_backend(path):
    spec = importlib.util.spec_from_file_location("gecmetric_build_%d" % abs(hash(path)), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def fake_engine(tmp_path, monkeypatch):
    p = tmp_path / "engine"
    p.write_bytes(b"#!/bin/sh\necho fake engine\n")
    monkeypatch.setenv("GECMETRIC_BINARY", str(p))
    return p


def check_wheel(path, engine_bytes):
    tag = "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert os.path.basename(path) == "gecmetric-0.1.0-%s.whl" % tag
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        assert "gecmetric/__init__.py" in names and "gecmetric/errant.py" in names
        info = zf.getinfo("gecmetric/_bin/gecmetric")
        assert stat.S_IMODE(info.external_attr >> 16) == 0o755
        assert zf.read("gecmetric/_bin/gecmetric") == engine_bytes
        wheel = zf.read("gecmetric-0.1.0.dist-info/WHEEL").decode()
        assert "Root-Is-Purelib: false" in wheel and ("Tag: %s" % tag) in wheel
        meta = zf.read("gecmetric-0.1.0.dist-info/METADATA").decode()
        assert "Name: gecmetric\n" in meta and "Version: 0.1.0\n" in meta and "Requires-Python: >=3.9" in meta
        assert "gecmetric = gecmetric.__main__:main" in zf.read("gecmetric-0.1.0.dist-info/entry_points.txt").decode()
        rows = list(csv.reader(io.StringIO(zf.read("gecmetric-0.1.0.dist-info/RECORD").decode())))
        listed = {r[0] for r in rows}
        assert listed == set(names)
        for name, digest, size in rows:
            if name.endswith("RECORD"):
                assert (digest, size) == ("", "")
                continue
            data = zf.read(name)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (want, len(data)), name
        assert not any("__pycache__" in n or n.startswith("tests/") for n in names)


def test_wheel(tmp_path, fake_engine):
    b = load_backend(BACKEND)
    assert b.get_requires_for_build_wheel() == [] and b.get_requires_for_build_sdist() == []
    name = b.build_wheel(str(tmp_path / "dist"))
    check_wheel(str(tmp_path / "dist" / name), fake_engine.read_bytes())
    assert b.prepare_metadata_for_build_wheel(str(tmp_path / "meta")) == "gecmetric-0.1.0.dist-info"
    assert (tmp_path / "meta" / "gecmetric-0.1.0.dist-info" / "METADATA").read_text().startswith("Metadata-Version: 2.1\nName: gecmetric\n")


def test_missing_binary(tmp_path, monkeypatch):
    monkeypatch.setenv("GECMETRIC_BINARY", str(tmp_path / "nope"))
    b = load_backend(BACKEND)
    with pytest.raises(b.BuildError, match="GECMETRIC_BINARY=.*nope: no such file"):
        b.build_wheel(str(tmp_path))
    assert not list(tmp_path.iterdir())


def test_sdist_builds_a_wheel(tmp_path, fake_engine):
    b = load_backend(BACKEND)
    name = b.build_sdist(str(tmp_path))
    assert name == "gecmetric-0.1.0.tar.gz"
    with tarfile.open(str(tmp_path / name)) as tf:
        names = tf.getnames()
        tf.extractall(str(tmp_path / "x"))
    base = "gecmetric-0.1.0/"
    for want in ("PKG-INFO", "pyproject.toml", "_build/gecmetric_build.py", "gecmetric/errant.py",
                 "_go/go.mod", "_go/go.sum", "_go/cmd/gecmetric/main.go", "_go/cmd/gecmetric/serve.go", "_go/edits/align.go"):
        assert base + want in names, want
    assert not any(n.endswith("_test.go") or "/testdata/" in n or "/_go/python/" in n for n in names)
    # The unpacked sdist's own backend finds the Go module in _go/.
    b2 = load_backend(str(tmp_path / "x" / "gecmetric-0.1.0" / "_build" / "gecmetric_build.py"))
    assert b2._go_module() == str(tmp_path / "x" / "gecmetric-0.1.0" / "_go")
    whl = b2.build_wheel(str(tmp_path / "dist"))
    check_wheel(str(tmp_path / "dist" / whl), fake_engine.read_bytes())


def test_version_agrees_with_engine():
    with open(os.path.join(ROOT, "cmd", "gecmetric", "main.go")) as f:
        assert 'const version = "0.1.0"' in f.read()
    import gecmetric

    assert gecmetric.__version__ == "0.1.0" == gecmetric.engine_version()


def test_python_m_gecmetric():
    r = subprocess.run([sys.executable, "-m", "gecmetric", "edits", "--source", "-", "--target", "-"], capture_output=True, text=True)
    assert r.returncode == 2 and "standard input (-) can be read only once" in r.stderr


def test_build_hints():
    # What a failed go build prints decides the advice: offline without the
    # modules, or a Go older than go.mod's.
    b = load_backend(BACKEND)
    with open(os.path.join(ROOT, "go.mod"), encoding="utf-8") as f:
        want = [line.split()[1] for line in f if line.startswith("go ")][0]
    assert b._go_version(ROOT) == want
    hint = b._build_hint("cmd/gecmetric/main.go:12:2: module lookup disabled by GOPROXY=off\n", ROOT)
    assert "go mod download" in hint and "--no-index" in hint
    hint = b._build_hint("go: go.mod requires go >= %s (running go 1.22.1; GOTOOLCHAIN=local)\n" % want, ROOT)
    assert hint == ": this Go is older than the Go %s that go.mod names; install it from https://go.dev/dl" % want
    assert b._build_hint("edits/x.go:1:1: syntax error\n", ROOT) == ""
