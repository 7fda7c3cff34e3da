from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from django.db.backends.signals import connection_created

        # Registers the system checks, and connects the receivers: the one that undoes an
        # import whose worker died, and those that empty an account that goes.
        from django.db.models.signals import post_migrate

        from games import checks, search, settling  # noqa: F401
        from games.archive import tasks  # noqa: F401
        from games.services import deletion  # noqa: F401

        connection_created.connect(search.add_sqlite_fold)
        # Every upgrade runs `migrate`: a change of the rules settles every game again there.
        post_migrate.connect(settling.settle_if_the_rules_changed, sender=self)
        # A log-out ends the streams its session held, and a password changed or an account
        # disabled the streams of every session of it (games/streams). The user model is
        # contrib.auth's, written by its forms, the admin and management commands as well as
        # by us: its post_save is the one place that hears every such write.
        from django.conf import settings
        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_save

        from games.streams import notices

        user_logged_out.connect(notices.logged_out)
        post_save.connect(notices.account_saved, sender=settings.AUTH_USER_MODEL)
