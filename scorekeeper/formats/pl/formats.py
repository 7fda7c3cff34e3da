# Daty tak, jak pisze się je po polsku: „6 grudnia 2026, 14:05” i krótko „6.12.2026, 14:05”
# (Django pisze „06-12-2026  14:05”: myślniki i dwie spacje). Liczby („1 000”, „2,5”) zostają
# Django: spacja nierozdzielająca między tysiącami, przecinek dziesiętny.
DATE_FORMAT = "j E Y"
SHORT_DATE_FORMAT = "j.m.Y"
DATETIME_FORMAT = "j E Y, H:i"
SHORT_DATETIME_FORMAT = "j.m.Y, H:i"
TIME_FORMAT = "H:i"
