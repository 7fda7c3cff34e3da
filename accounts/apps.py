from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        # Connect the log-in failure counters, the index of what usernames look like and the
        # session's copy of the time zone, and register the system checks.
        from accounts import checks, throttle, usernames, zones  # noqa: F401
