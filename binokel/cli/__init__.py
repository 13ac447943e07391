"""The ``binokel`` command line: a thin shell over the core (one module per command)."""
