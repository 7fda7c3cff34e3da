# Le jour, le mois abrégé, l'année : 1 déc. 2026, 14:05.
DATE_FORMAT = "j N Y"
SHORT_DATE_FORMAT = "j N Y"
DATETIME_FORMAT = "j N Y, H:i"
SHORT_DATETIME_FORMAT = "j N Y, H:i"
TIME_FORMAT = "H:i"
