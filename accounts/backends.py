"""Who is asking, read by Django's ModelBackend with the account's preferences (its time zone)
in the same query: every page follows the zone as stored now, whichever phone or staff member
changed it, at no query of its own (common/zones.py)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

UserModel = get_user_model()


class AccountBackend(ModelBackend):
    def get_user(self, user_id):
        try:
            user = UserModel._default_manager.select_related("preferences").get(pk=user_id)
        except UserModel.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None
