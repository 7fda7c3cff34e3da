"""What one app tells the others without importing them (tests/deploy/test_layers.py)."""

from django.dispatch import Signal

# Sent with `user` in the transaction that deletes the account (accounts/tasks.py), before
# its row goes: each app deletes what would stop it (a game's seat protects its player).
account_deleting = Signal()

# Sent with `user` in the request's transaction that disables an account for its deletion
# (accounts/services.py, disable_account): each app stops at once what acts without signing
# in (a game's scorer and live links).
account_disabled = Signal()

# Sent with `user` and `progress(done, total)` by the worker's deletion job, outside any
# transaction, before account_deleting: each app deletes what is big in chunks of bounded time,
# each its own transaction, calling `progress` after each.
account_emptying = Signal()
