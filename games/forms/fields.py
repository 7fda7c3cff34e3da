"""The fields the games' forms share: a player's name, a place or a note (cleaned and checked
by the rule of names, common/names.py), and a choice among the players at a table."""

from django import forms
from django.core import validators
from django.utils.translation import gettext_lazy as _

from common.names import clean, clean_lines, validate_visible, validate_visible_text
from games.models import NAME_MAX_LENGTH

# A choice field's own refusal quotes what was sent: this one does not.
NOT_AT_THE_TABLE = {"invalid_choice": _("Choose a player at this table.")}


class NameField(forms.CharField):
    """A player's name, cleaned and checked by the rule of names."""

    default_validators = [validate_visible]

    def __init__(self, **kwargs):
        super().__init__(max_length=NAME_MAX_LENGTH, **kwargs)
        # validate_visible refuses NUL among the others, with one message for them all.
        self.validators = [
            v
            for v in self.validators
            if not isinstance(v, validators.ProhibitNullCharactersValidator)
        ]

    def to_python(self, value):
        return clean(super().to_python(value))


class TextLinesField(forms.CharField):
    """A place or a note: cleaned line by line (`lines`=False keeps it to one line) and checked
    by the rule of names, line breaks apart."""

    default_validators = [validate_visible_text]

    def __init__(self, *, lines=True, **kwargs):
        super().__init__(**kwargs)
        self.lines = lines
        self.validators = [
            v
            for v in self.validators
            if not isinstance(v, validators.ProhibitNullCharactersValidator)
        ]

    def to_python(self, value):
        value = super().to_python(value)
        return clean_lines(value) if self.lines else clean(value)
