"""What a form types back into the page it shows again: at most ECHO_MAX characters a field
(or the field's own maximum, if longer).

A refused round, the hand calculator and the emptied-hand button show the sheet again with
everything typed back in its fields, as the account's forms do (accounts/forms.py); but a
request may carry megabytes in one field: echoed whole, they would cost the server the
rendering and the phone the download. Only the echo is cut; the form still checks what was
sent, whole, and says how long it was.
"""

from django.forms import BoundField

# Far more than a goal card, a hand, a score or a round number holds.
ECHO_MAX = 200


class BoundedEcho(BoundField):
    def value(self):
        value = super().value()
        # Never shorter than what the field accepts: a value it took is shown whole.
        longest = max(ECHO_MAX, getattr(self.field, "max_length", None) or 0)
        return value[:longest] if isinstance(value, str) else value
