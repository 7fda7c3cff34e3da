from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Skeleton(models.Model):
    """What an account's name looks like (common/names.py's skeleton), unique: a new name is
    checked against the others by one look-up on this index (accounts/usernames.py), not by
    comparing it with every account's. Updated whenever an account is saved.

    Empty (NULL) for an account whose name already looked like an older one's when it was
    made outside the forms (a shell, createsuperuser) or before this index: the older keeps
    the skeleton, and both can still be edited."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="skeleton"
    )
    # A SHA-256 of the skeleton: a name of 150 letters can unfold (NFKC) into thousands,
    # more than an index entry holds.
    skeleton = models.CharField(_("looks like"), max_length=64, unique=True, null=True)

    class Meta:
        verbose_name = _("username skeleton")
        verbose_name_plural = _("username skeletons")

    def __str__(self):
        return self.skeleton or ""
