# Wie man im Deutschen Daten schreibt: lang „6. Dezember 2026, 14:05“, kurz „06.12.2026 14:05“.
# Django's own German module lacks the comma before the time, and its ordinary space lets a
# narrow heading end a line on "6." with the month on the next (a no-break space here).
DATE_FORMAT = "j.\u00a0F Y"
SHORT_DATE_FORMAT = "d.m.Y"
DATETIME_FORMAT = "j.\u00a0F Y, H:i"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
TIME_FORMAT = "H:i"
