"""The compiled search core (binokel/search/csrc/) and the environments' compiled catch-up
(binokel/env/csrc/), built whenever a C compiler is present.

Everything else is in pyproject.toml.  The extension is optional: without a compiler (or if it
fails to build) the install goes on and binokel uses the pure-Python search
(docs/decisions/search-05-native-core.md).
"""

import sys

from setuptools import Extension, setup

ARGS = [] if sys.platform == "win32" else ["-O3", "-std=c11", "-pthread"]
LINK = [] if sys.platform == "win32" else ["-pthread"]

#: The core's sources, one extension module (binokel/search/csrc/core.h says what is where).
SOURCES = [f"binokel/search/csrc/{name}.c"
           for name in ("module", "solver", "playouts", "threads", "tables")]

setup(ext_modules=[Extension("binokel.search._native", SOURCES,
                             depends=["binokel/search/csrc/core.h"],
                             extra_compile_args=ARGS, extra_link_args=LINK, optional=True),
                   # The environments' compiled catch-up (binokel/env/native.py), as optional.
                   Extension("binokel.env._native",
                             [f"binokel/env/csrc/{name}.c"
                              for name in ("module", "common", "binokel", "binocle", "mask")],
                             depends=["binokel/env/csrc/encode.h"],
                             extra_compile_args=ARGS, optional=True)])
