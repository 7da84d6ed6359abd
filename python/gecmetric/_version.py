# The release of the package; the build checks it against the engine's
# (cmd/gecmetric/main.go), and the tests check the running engine's.
__version__ = "0.1.0"
