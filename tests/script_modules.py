"""The scripts under ``scripts/bench/`` and ``scripts/ops/`` are not a package: their tests load
them from their files."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str) -> ModuleType:
    """``scripts/<folder>/<name>.py`` as the module ``name`` (its ``main`` is not run); as when
    a script is run, it can import the scripts beside it."""
    (path,) = SCRIPTS.glob(f"*/{name}.py")
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import does (a dataclass looks its module up there)
    spec.loader.exec_module(module)
    return module
