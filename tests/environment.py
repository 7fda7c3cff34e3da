"""Loaded by pytest before Django reads its settings (`-p tests.environment`, pyproject.toml):
the tests run the development settings, and unset, DEBUG is off (production)."""

import os

os.environ.setdefault("DEBUG", "1")
