# Wie man im Deutschen Daten schreibt: lang „6. Dezember 2026, 14:05“, kurz „06.12.2026 14:05“
# (Django's own German module lacks the comma between the long date and the time).
DATE_FORMAT = "j. F Y"
SHORT_DATE_FORMAT = "d.m.Y"
DATETIME_FORMAT = "j. F Y, H:i"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
TIME_FORMAT = "H:i"
