"""``python -m gecmetric ARGS``: the gecmetric command line (the engine
binary inside the package), with its standard streams and exit status."""

import os
import subprocess
import sys

from ._engine import engine_path
from ._errors import EngineError


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        exe = engine_path()
    except EngineError as e:
        sys.stderr.write("gecmetric: error: %s\n" % e)
        return 2
    if os.name == "posix" and argv is None:
        # The process becomes the engine: signals, streams and the exit
        # status are the CLI's own.
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(exe, [exe] + args)
    try:
        return subprocess.call([exe] + args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
