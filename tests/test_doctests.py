"""Every example in the docstrings of the binokel package, and the README, runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import binokel

README = Path(__file__).resolve().parent.parent / "README.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def module_names() -> list[str]:
    names = [binokel.__name__]
    for info in pkgutil.walk_packages(binokel.__path__, prefix=f"{binokel.__name__}."):
        # ``python -m binokel`` runs the command line on import: it has no examples to run.
        if info.name.rsplit(".", 1)[-1] != "__main__":
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", module_names())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


@pytest.mark.skipif(not README.exists(), reason="no README.md")
def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=FLAGS,
                              report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed"
