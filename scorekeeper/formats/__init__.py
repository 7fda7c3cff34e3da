"""Dates in each language's own order: "1 Dec 2026" in English (Django's "en" is American,
12/01/2026), "1 déc. 2026" in French, "6. Dezember 2026, 14:05" and "06.12.2026 14:05" in
German, "6 grudnia 2026" and "6.12.2026, 14:05" in Polish (Django's "pl" writes
"06-12-2026  14:05"). FORMAT_MODULE_PATH in settings points here."""
