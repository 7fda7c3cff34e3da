"""The production settings, plus the benchmark's reference page (bench/urls.py)."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
