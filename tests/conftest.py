"""Test configuration: hypothesis profiles, and the rulebook tests' helpers on the path.

``HYPOTHESIS_PROFILE=thorough`` explores without a fixed seed; combine it with
``BINOKEL_PROPERTY_SCALE=10`` for a long run.  The default profile is derandomized so that CI
runs are reproducible and take the same time, and keeps no example database in the tree.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The rulebook tests import their helpers as ``tests.helpers`` (a namespace package, which is
# also how mypy sees them); make that work however pytest is started.
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

settings.register_profile(
    "default", deadline=None, derandomize=True, database=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", deadline=None, database=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
