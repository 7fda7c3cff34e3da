from django.db import models
from django.utils.translation import gettext_lazy as _


class LoginFailures(models.Model):
    """Failed log-ins for one account or from one address, in a window (accounts/throttle.py);
    password resets asked for one address or by one client are counted here too.

    In the database rather than the cache: counting must be atomic across workers and nodes,
    and neither the file cache's `add` nor its `incr` is (they read, then write a file).
    """

    # "account:", "address:", "resetto:" or "resetby:" and a SHA-256: neither a name nor an
    # address is kept.
    key = models.CharField(_("counter"), max_length=72, unique=True)
    count = models.PositiveIntegerField(_("tries"), default=0)
    window_ends = models.DateTimeField(_("window ends"), db_index=True)

    class Meta:
        verbose_name = _("log-in failures")
        verbose_name_plural = _("log-in failures")

    def __str__(self):
        return self.key
