from django.apps import AppConfig


class CommonConfig(AppConfig):
    """What `accounts` and `games` both need, and neither imports from the other (the limiter,
    time zones, the rule of names, the bounded echo of forms): tests/deploy/test_layers.py."""

    name = "common"

    def ready(self):
        # Connects the session's copy of the time zone.
        from common import zones  # noqa: F401
