"""What one app tells the others without importing them (tests/deploy/test_layers.py)."""

from django.dispatch import Signal

# Sent with `user` in the transaction that deletes the account (accounts/services.py), before
# its row goes: each app deletes what would stop it (a game's seat protects its player).
account_deleting = Signal()
