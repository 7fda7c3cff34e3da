"""Dates in each language's own order: "1 Dec 2026" in English (Django's "en" is American,
12/01/2026), "1 déc. 2026" in French. FORMAT_MODULE_PATH in settings points here."""
