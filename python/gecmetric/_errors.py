"""Exceptions raised by gecmetric."""


class GecmetricError(Exception):
    """An error reported by the engine, with its message as the CLI prints it
    ("FILE:LINE: problem") and, when an input is at fault, its ``file``,
    ``line`` and ``column`` (1-based; None when unknown). ``exit_code`` is
    the CLI's exit status (2: usage or input error), ``stderr`` what the CLI
    printed, hints included."""

    def __init__(self, message, file=None, line=None, column=None, exit_code=None, stderr=""):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.exit_code = exit_code
        self.stderr = stderr

    @classmethod
    def from_engine(cls, err):
        return cls(
            err.get("message", "unknown error"),
            file=err.get("file") or None,
            line=err.get("line") or None,
            column=err.get("column") or None,
            exit_code=err.get("exit"),
            stderr=err.get("stderr", ""),
        )

    def renamed(self, names):
        """This error with temporary file names replaced by what they hold
        (names maps a path to a description such as "hypotheses['AMU']")."""
        msg, stderr, file = self.message, self.stderr, self.file
        for path, name in names.items():
            msg = msg.replace(path, name)
            stderr = stderr.replace(path, name)
            if file == path:
                file = name
        return type(self)(msg, file, self.line, self.column, self.exit_code, stderr)


class EngineError(GecmetricError):
    """The engine could not be started or stopped answering."""


class InvalidTextError(UnicodeEncodeError):
    """A string that is not valid Unicode text (it holds a lone surrogate,
    as text decoded with errors="surrogateescape" may), named by where it
    is: the Python keyword, the list and the line (or the argument of an
    engine request) and the character. A UnicodeEncodeError, so also a
    ValueError."""

    def __init__(self, message, text, start):
        super().__init__("utf-8", text, start, start + 1, "surrogates not allowed")
        self.message = message

    def __str__(self):
        return self.message
