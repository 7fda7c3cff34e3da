"""The account's forms: sign-up with an optional e-mail address (and a name that looks like
no other account's), a new address, the account's deletion, its time zone. Each change that
could hand the account over asks for its password, so that a phone left signed in at the
table cannot (a new address would let anyone reset the password); a time zone cannot."""

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from accounts.usernames import holds_its_skeleton, refuse_look_alike
from common.echo import BoundedEcho
from common.models import available_zones, canonical_zones, validate_time_zone


class LoginForm(AuthenticationForm):
    bound_field_class = BoundedEcho  # a refused form types back a bounded name


class ResetForm(PasswordResetForm):
    bound_field_class = BoundedEcho


class SignupForm(UserCreationForm):
    bound_field_class = BoundedEcho
    email = forms.EmailField(
        label=_("E-mail address (optional)"),
        required=False,
        help_text=_(
            "Only to reset a forgotten password: without an address, it cannot be reset. "
            "You can add one later on your account page."
        ),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_username(self):
        # Django's refuses the same name in another case, and then returns None.
        username = super().clean_username()
        if username:
            refuse_look_alike(username)
        return username

    def create(self):
        """The new account; None, the form refused, when another sign-up took this name or
        one that looks like it since the form was checked."""
        try:
            with transaction.atomic():
                user = self.save()
                if not holds_its_skeleton(user):
                    raise IntegrityError("a look-alike name was taken meanwhile")
                return user
        except IntegrityError:
            self.full_clean()  # checked again, the other account now in the way
            return None


class CurrentPasswordForm(forms.Form):
    """A form that the account's password confirms."""

    bound_field_class = BoundedEcho

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.order_fields([name for name in self.fields if name != "password"] + ["password"])

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="wrong_password")
        return password


class EmailChangeForm(CurrentPasswordForm):
    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_(
            "Only to reset a forgotten password. Leave it empty to remove the address: "
            "a forgotten password then cannot be reset."
        ),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, user, *args, **kwargs):
        kwargs.setdefault("initial", {"email": user.email})
        super().__init__(user, *args, **kwargs)


class AccountDeleteForm(CurrentPasswordForm):
    pass


# The select's groups, by the first part of a zone's name; the names themselves are the
# database's, in English ("America/Los_Angeles" is "Los Angeles" under "America").
REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}


def zone_choices(current=""):
    """The site's zone first (""), then the canonical zones by region, UTC last under "Other";
    the account's `current` zone too where it is an older name, so that it shows as chosen."""
    groups = {region: [] for region in [*REGIONS, ""]}
    names = canonical_zones() | ({current} if current in available_zones() else set())
    for name in sorted(names):
        region, _slash, place = name.partition("/")
        if region in REGIONS and place:
            groups[region].append((name, place.replace("_", " ").replace("/", " / ")))
        else:
            groups[""].append((name, name.replace("_", " ")))
    site = _("The site’s: %(zone)s") % {"zone": settings.TIME_ZONE.replace("_", " ")}
    return [("", site)] + [
        (REGIONS.get(region, _("Other")), names) for region, names in groups.items() if names
    ]


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        required=False,
        choices=zone_choices,
        help_text=_(
            "Every date and time, and the day each night falls on, is shown in this zone. "
            "A game started within a few hours of the previous one still joins its night."
        ),
        error_messages={"invalid_choice": _("Choose a time zone from the list.")},
    )

    def __init__(self, zone, *args, **kwargs):
        kwargs.setdefault("initial", {"time_zone": zone})
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = zone_choices(zone)
        if not zone:  # static/js/time-zone.js offers the phone's, to be saved
            self.fields["time_zone"].widget.attrs["data-phone-zone"] = ""


class PhoneZoneForm(forms.Form):
    """The zone a phone's own engine calls its own (static/js/phone-zone.js): any name the time
    zone database has, an older alias ("Asia/Calcutta") included, as the phone may say it."""

    time_zone = forms.CharField(max_length=64, validators=[validate_time_zone])
