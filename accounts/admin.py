"""Django's own user admin, whose forms refuse a name that looks like another account's
(accounts/usernames.py), as sign-up does, with the account's time zone beside it."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.contrib.auth.models import User

from accounts.usernames import refuse_look_alike
from common.models import Preferences


class AccountCreationForm(AdminUserCreationForm):
    def clean_username(self):
        username = super().clean_username()  # None once it refused the name
        if username:
            refuse_look_alike(username)
        return username


class AccountChangeForm(UserChangeForm):
    def clean_username(self):
        username = self.cleaned_data["username"]
        # Only a new name: two accounts that already look alike can still be edited.
        if "username" in self.changed_data:
            refuse_look_alike(username, self.instance)
        return username


class PreferencesInline(admin.StackedInline):
    """The zone the account reads its dates in: every phone signed in to it follows a change
    at its next page (the zone is read with the account: accounts/backends.py)."""

    model = Preferences
    can_delete = False


admin.site.unregister(User)


@admin.register(User)
class AccountAdmin(UserAdmin):
    form = AccountChangeForm
    add_form = AccountCreationForm
    inlines = [PreferencesInline]
