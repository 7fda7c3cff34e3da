from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        # Connect the log-in failure counters, the index of what usernames look like and the
        # deletion that goes on after its worker died, and register the system checks.
        from accounts import checks, tasks, throttle, usernames  # noqa: F401
