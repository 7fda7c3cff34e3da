"""Usernames that look like another account's are refused, by the rule that keeps two
look-alike players from one table (common/names.py): "rооt" with Cyrillic o's beside "root"
would pass for it in a list of accounts, in the admin or in a shared game.

Each account's skeleton is stored, unique (accounts.models.Skeleton), and updated each
time an account is saved, whoever saves it: a new name costs one look-up on that index, however
many accounts there are. Two sign-ups of look-alike names at once cannot both hold it: the
later one is refused (SignupForm.create)."""

import hashlib

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from accounts.models import Skeleton
from common.names import skeleton

LOOKS_LIKE_ANOTHER = _(
    "This name looks just like %(other)s, another account’s: choose one that tells them apart."
)


def fingerprint(username):
    """What the index stores for `username`: a hash of its skeleton. Uncached: every account's
    name would push the players' names out of skeleton's cache."""
    return hashlib.sha256(skeleton.__wrapped__(username).encode()).hexdigest()


def refuse_look_alike(username, account=None):
    """Refuse `username` if it looks like the name of an account other than `account`."""
    holders = Skeleton.objects.filter(skeleton=fingerprint(username))
    if account is not None and account.pk is not None:
        holders = holders.exclude(user_id=account.pk)
    other = holders.values_list("user__username", flat=True).first()
    if other is not None:
        raise ValidationError(LOOKS_LIKE_ANOTHER, code="look_alike", params={"other": other})


def index(user):
    """Store what `user`'s name looks like; nothing (NULL) if another account already holds
    that skeleton (a name made outside the forms, or a race lost): True if it holds it."""
    value = fingerprint(user.get_username())
    try:
        with transaction.atomic():
            Skeleton.objects.update_or_create(user=user, defaults={"skeleton": value})
        return True
    except IntegrityError:
        Skeleton.objects.update_or_create(user=user, defaults={"skeleton": None})
        return False


def holds_its_skeleton(user):
    return Skeleton.objects.filter(user=user, skeleton__isnull=False).exists()


@receiver(post_save, sender=get_user_model())
def keep_in_step(sender, instance, raw=False, update_fields=None, **kwargs):
    """Every save that may change the name (a log-in saves only last_login)."""
    if not raw and (update_fields is None or "username" in update_fields):
        index(instance)


@receiver(post_delete, sender=Skeleton)
def hand_on(sender, instance, **kwargs):
    """An account that held a skeleton is gone: an account whose name looks the same, and
    which could not hold it (see index), holds it now, so that the look-alikes of its name are
    still refused. Such accounts are few (made outside the forms): each is compared."""
    if instance.skeleton is None:
        return
    unheld = Skeleton.objects.filter(skeleton=None).exclude(user_id=instance.user_id)
    for twin in unheld.select_related("user").order_by("user_id"):
        if fingerprint(twin.user.get_username()) == instance.skeleton and index(twin.user):
            return
