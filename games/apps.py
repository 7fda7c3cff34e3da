from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from django.db.backends.signals import connection_created

        from games import search, signals  # noqa: F401  (connects the revision's receivers)

        connection_created.connect(search.add_sqlite_upper)
