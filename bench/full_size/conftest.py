"""The full-size checks of `make bench` (bench/run.py, `--only full-size` for these alone):
the suite's scale tests at the sizes they stand for, minutes each. The suite (tests/) proves
the same invariants small, in seconds; these fail the bench when a full-size target is missed.
They use the suite's fixtures."""

from tests.conftest import (  # noqa: F401 (fixtures, found by their names)
    _empty_caches,
    _fast_password_hashing,
    _no_browser_loop,
    _tasks_run_at_once,
    alice,
    alice_client,
    bob,
    fold_calls,
    make_game,
)
from tests.views.test_account_deletion import queue  # noqa: F401
