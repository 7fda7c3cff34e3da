"""One settings module: safe defaults for development, read from the environment.

Production (DEBUG off, the default: `make run` and the tests set DEBUG=1) refuses to start
without a real SECRET_KEY and ALLOWED_HOSTS, and its worker without EMAIL_HOST.
"""

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
DEV_SECRET_KEY = "dev-only-secret-key-do-not-use-in-production"


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off", ""}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean, not {value!r}")


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Off unless set: a process started without it (a worker, a shell) is production, and
# refuses what production refuses, rather than print mails and debug pages.
DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# What Django's deploy check (security.W009) asks of a key: 50 characters, 5 different ones.
MIN_SECRET_KEY_LENGTH = 50

if not DEBUG:
    too_weak = len(SECRET_KEY) < MIN_SECRET_KEY_LENGTH or len(set(SECRET_KEY)) < 5
    # startproject's key, and any made like it, is public: security.W009 refuses it too.
    insecure = SECRET_KEY.startswith("django-insecure-")
    if SECRET_KEY == DEV_SECRET_KEY or too_weak or insecure:
        raise ImproperlyConfigured(
            "Set SECRET_KEY to a long random value in production. (To develop: DEBUG=1.)"
        )
    if "ALLOWED_HOSTS" not in os.environ:
        raise ImproperlyConfigured("Set ALLOWED_HOSTS in production. (To develop: DEBUG=1.)")


def site_url():
    """The site's own address, which links in mails are built from, never from a request's
    Host header (whose port no ALLOWED_HOSTS checks). In production, https:// and the first
    of ALLOWED_HOSTS unless SITE_URL says otherwise; in development, `make run`'s address."""
    default = f"https://{ALLOWED_HOSTS[0]}" if not DEBUG and ALLOWED_HOSTS else ""
    url = os.environ.get("SITE_URL") or default or "http://127.0.0.1:8000"
    parts = urlsplit(url)
    wildcard = "*" in parts.netloc or parts.netloc.startswith(".")
    if parts.scheme not in {"http", "https"} or not parts.hostname or wildcard:
        raise ImproperlyConfigured(
            f"Set SITE_URL to the site's address, such as https://scores.example.org, not {url!r}."
        )
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ImproperlyConfigured(f"SITE_URL is a scheme and a host only, not {url!r}.")
    return f"{parts.scheme}://{parts.netloc}"


SITE_URL = site_url()

INSTALLED_APPS = [
    "games",
    "accounts",
    "common",
    "jobs",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Polish pages: no one-letter word at the end of a line (scorekeeper/typography.py). After
    # CommonMiddleware, so that the length it writes is the page's as sent.
    "scorekeeper.middleware.bind_polish_single_letters",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scorekeeper.middleware.follow_the_account_zone",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scorekeeper.middleware.name_the_account",
    # Last, so that its 413 gets every header above; still before any body is read (the CSRF
    # check reads it in process_view, after every middleware has seen the request).
    "scorekeeper.middleware.refuse_oversized_requests",
    # Likewise: a body in another charset, or multipart without a boundary, is refused unread.
    "scorekeeper.middleware.refuse_unreadable_requests",
]

# The most a request may send (a backup to import is the biggest): refused by its size before
# it is read. The proxy's own limit must say the same (docs/deploy.md: client_max_body_size).
UPLOAD_MAX_BYTES = 10 * 1024 * 1024

# Heavy work (imports, exports, mail) is a task of Django's tasks framework, queued in the
# database by django-tasks-db, so that every node's worker (`manage.py worker`, which `make run`
# starts beside the server) takes tasks from one queue, each row locked by the worker that runs
# it (SELECT ... FOR UPDATE SKIP LOCKED on PostgreSQL). The request only queues the task.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# A running job not heard from for this long lost its worker (jobs/models.py): it is given up
# and what it wrote is undone. Each step of a job reports well within a second.
JOB_STALE_SECONDS = int(os.environ.get("JOB_STALE_SECONDS", 120))
# What one account may ask of the worker (games/archive/quota.py): one import at a time, and
# this many an hour; and the most games an account holds, past which an import is refused.
IMPORTS_PER_HOUR = int(os.environ.get("IMPORTS_PER_HOUR", 5))
ACCOUNT_MAX_GAMES = int(os.environ.get("ACCOUNT_MAX_GAMES", 20_000))
# A scorer link (games/models.py, ScorerLink) scores for this many days after it was made, and
# never once its game is over: an evening's table, not a key for ever.
SCORER_LINK_DAYS = int(os.environ.get("SCORER_LINK_DAYS", 2))
# Exports an account may ask for in an hour (each reads all its games), and how long the file
# of one is held for its owner to download.
EXPORTS_PER_HOUR = int(os.environ.get("EXPORTS_PER_HOUR", 10))
EXPORT_KEEP_SECONDS = int(os.environ.get("EXPORT_KEEP_SECONDS", 24 * 60 * 60))
# A GET of an export streams it in the request for an account of at most this many rounds
# (some seconds of writing); a bigger one's is queued as a job, as the history's buttons do:
# a download of minutes would be cut off in the middle by a restart of the server.
EXPORT_STREAM_MAX_ROUNDS = int(os.environ.get("EXPORT_STREAM_MAX_ROUNDS", 10_000))
# A game started within this many hours of the account's previous one joins its night, if
# within NIGHT_SPAN_HOURS of the night's first game (games/nights.py); a player is ranked in
# the group's table after this many finished games of a game (two: ranked after an evening of
# two games of each), and their rating is marked provisional until they have played this many
# in all.
NIGHT_GAP_HOURS = float(os.environ.get("NIGHT_GAP_HOURS", 6))
NIGHT_SPAN_HOURS = float(os.environ.get("NIGHT_SPAN_HOURS", 16))
RANKED_AFTER_GAMES = int(os.environ.get("RANKED_AFTER_GAMES", 2))
RATING_SETTLES_AFTER_GAMES = int(os.environ.get("RATING_SETTLES_AFTER_GAMES", 6))
# The group's table of an account of up to this many finished games is counted in the request
# that finds it out of date (under 50 ms: docs/benchmarks.md); a bigger one's by the worker,
# the page showing the last one meanwhile (games/reports/recount.py), at most once every
# TABLE_RECOUNT_SECONDS per account.
TABLE_IN_REQUEST_GAMES = int(os.environ.get("TABLE_IN_REQUEST_GAMES", 300))
TABLE_RECOUNT_SECONDS = float(os.environ.get("TABLE_RECOUNT_SECONDS", 10))
# A deleted account's games go a chunk at a time (games/services/deletion.py), each chunk its own
# transaction lasting about this long: the account's other rows are never held for longer.
DELETION_CHUNK_SECONDS = float(os.environ.get("DELETION_CHUNK_SECONDS", 0.5))

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "scorekeeper.context_processors.languages",
                "scorekeeper.context_processors.phone_zone",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers go on while a round is written; IMMEDIATE takes the write lock at
    # the start of a transaction, so two phones saving at once queue instead of failing.
    # Held open like PostgreSQL's (conn_max_age above): opening one costs more CPU than a
    # whole bare request (Django registers its SQL functions on every new connection).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
# Django's ModelBackend, reading the account's time zone with it (accounts/backends.py); the
# sessions opened under ModelBackend itself go on, reading the zone in a query of its own.
AUTHENTICATION_BACKENDS = [
    "accounts.backends.AccountBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Log-in throttling (accounts/throttle.py): failures per account and per address, then a wait.
# Every limit is counted by one limiter (common/limits.py), in the database, where counting
# is atomic and a cache outage changes nothing.
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", 5))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", 20))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", 15 * 60))
# Password resets asked for one address, and by one client, in a window: past either, the
# answer is the same and no mail leaves (accounts/throttle.py).
PASSWORD_RESETS_PER_ADDRESS = int(os.environ.get("PASSWORD_RESETS_PER_ADDRESS", 3))
PASSWORD_RESETS_PER_CLIENT = int(os.environ.get("PASSWORD_RESETS_PER_CLIENT", 10))
PASSWORD_RESET_WINDOW_SECONDS = int(os.environ.get("PASSWORD_RESET_WINDOW_SECONDS", 60 * 60))
# Sign-up tries from one client in a window: past it, the form answers 429 until the window
# ends (accounts/views.py); a family at one address still has room.
SIGNUPS_PER_CLIENT = int(os.environ.get("SIGNUPS_PER_CLIENT", 10))
# The streams of the pages that follow a game (games/views/streams.py): at most this many open
# at once in one server process for one opener (an owner's phones, signed in; or one scorer or
# live link, each its own, so a link's viewers never use up the owner's room) and for one
# address (a venue behind one NAT); past either, the page polls as before.
STREAMS_PER_OPENER = int(os.environ.get("STREAMS_PER_OPENER", 100))
STREAMS_PER_ADDRESS = int(os.environ.get("STREAMS_PER_ADDRESS", 50))
# A heartbeat event this often on an idle stream (and one as it opens): a page that hears
# nothing for two of them and a margin (35 s) stops trusting its stream and polls, and no
# proxy closes an idle stream (most wait 60 s). Each also asks the stream's door again (a
# scorer link expired, a game finished): one query or two per stream each time.
STREAM_HEARTBEAT_SECONDS = float(os.environ.get("STREAM_HEARTBEAT_SECONDS", 15))
# While the subscription is down (Redis or PostgreSQL away), and always on SQLite for the saves
# of other processes (games/streams/backends.py): each stream checks its game's version this
# often itself.
STREAM_CHECK_SECONDS = float(os.environ.get("STREAM_CHECK_SECONDS", 2))
# How soon a browser opens a stream again after it was cut (the `retry:` field).
STREAM_RETRY_MS = int(os.environ.get("STREAM_RETRY_MS", 2000))
# A result or night picture costs some 150 ms to draw: at most this many drawings a minute per
# account, whichever games and nights (games/pictures.py).
PICTURES_PER_MINUTE = int(os.environ.get("PICTURES_PER_MINUTE", 30))
SIGNUP_WINDOW_SECONDS = int(os.environ.get("SIGNUP_WINDOW_SECONDS", 60 * 60))
# Behind a reverse proxy every request comes from the proxy: name the header in which it puts
# the visitor's address (e.g. HTTP_X_REAL_IP), or all visitors share one log-in counter.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "")
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# A phone at the table stays signed in for weeks.
SESSION_COOKIE_AGE = 60 * 60 * 24 * 7 * 6
# Sessions live in the database only, read there at every signed-in request (one query by its
# primary key). No cache stands for them: a cache that missed a log-out (Redis paused, cut off,
# restarted from its dump) could otherwise sign the session in again on any node.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Mail (the password reset link). Development prints it on the console unless EMAIL_HOST is
# set; otherwise it goes through EMAIL_HOST's SMTP server (this machine's by default). The
# timeout keeps a server that does not answer from holding a worker (gunicorn's is 30 s).
# In production the worker, which sends them, refuses to start without EMAIL_HOST
# (jobs/management/commands/worker.py): "localhost" says this machine's server is meant.
EMAIL_HOST_GIVEN = "EMAIL_HOST" in os.environ
if DEBUG and not EMAIL_HOST_GIVEN:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
else:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ.get("EMAIL_HOST", "localhost"),
                # None: 25, or 587 with EMAIL_USE_TLS, or 465 with EMAIL_USE_SSL.
                "port": int(os.environ["EMAIL_PORT"]) if os.environ.get("EMAIL_PORT") else None,
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS"),
                "use_ssl": env_bool("EMAIL_USE_SSL"),
                "timeout": int(os.environ.get("EMAIL_TIMEOUT", 10)),
            },
        }
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

LANGUAGE_CODE = "en"
# Adding a language: its code here, then docs/languages.md, "Adding a language" (no other Python).
LANGUAGES = [("en", _("English")), ("fr", _("French")), ("de", _("German")), ("pl", _("Polish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language switch sets this cookie; it outlives the browser session so the choice sticks.
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
# The site's time zone: an account that chose none on its account page reads every date and
# time in it (common/zones.py).
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True
# Dates in each language's own order ("1 Dec 2026", "1 déc. 2026"): scorekeeper/formats/.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))

# The font of a finished game's result picture (games/reports/picture.py): DejaVu Sans, from
# Debian's fonts-dejavu-core (apt-get install fonts-dejavu-core).
RESULT_FONT_DIR = Path(os.environ.get("RESULT_FONT_DIR", "/usr/share/fonts/truetype/dejavu"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "scorekeeper.storage.StaticFilesStorage"
    },
}

# In development and tests, whitenoise serves straight from the app folders; in production
# from STATIC_ROOT, filled by collectstatic with compressed, hashed files cached for a year.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# The caches hold only what can be computed again, under keys that change with their data:
# result pictures in the default cache, shared by the gunicorn workers (a folder on disk in
# production, CACHE_DIR, private to the app: the file cache stores pickles; one process in
# development), and folds (games/reports/folds.py) under their game's version, in each worker's
# memory. Several app servers share one Redis for both instead (REDIS_URL, Django's own
# backend), where one node's fold serves them all. Never a session (SESSION_ENGINE above).
# Redis away is slower, not down (scorekeeper/cache.py): its errors are answered as misses, and
# a worker that met one leaves it alone for REDIS_RETRY_AFTER seconds. A Redis that does not
# answer costs a request at most its connect timeout, once in that time.
REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_OPTIONS = {
    "socket_connect_timeout": float(os.environ.get("REDIS_CONNECT_TIMEOUT", 0.25)),
    "socket_timeout": float(os.environ.get("REDIS_TIMEOUT", 1.0)),
    "retry_after": float(os.environ.get("REDIS_RETRY_AFTER", 5.0)),
}
if REDIS_URL:
    SHARED_CACHE = {
        "BACKEND": "scorekeeper.cache.ResilientRedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": REDIS_OPTIONS,
    }
elif DEBUG:
    SHARED_CACHE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
else:
    SHARED_CACHE = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("CACHE_DIR", BASE_DIR / ".cache"),
        # a file per picture: past this many, a third of them is dropped (drawn again)
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    }
CACHES = {
    "default": SHARED_CACHE,
    # Never out of date (the keys change with the data): kept till memory runs short. Not the file
    # cache, whose every write lists its whole folder.
    "folds": (
        SHARED_CACHE | {"KEY_PREFIX": "folds", "TIMEOUT": 60 * 60 * 24 * 30}
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "folds",
            "TIMEOUT": None,
            # about 0.5 kB a game: some 10 MB per worker
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
    ),
    # {% cache %} fragments of the sheet (its table, its round form's fields), keyed by the game's
    # version and the language, so never out of date. In each worker's memory, even with several
    # nodes: a fragment is cheaper to render again than to fetch across a network. Some 15 kB
    # a sheet: 1,000 of them is about 15 MB a worker, the least recently used going first.
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "TIMEOUT": 60 * 60 * 24,
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    # The service worker (/sw.js, templates/sw.js): our own, from our own origin.
    "worker-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

# htmx reads the token from the page (hx-headers), never from the cookie.
CSRF_COOKIE_HTTPONLY = True
# Django's refusal of a form without a valid token, in the site's words (templates/403_csrf.html).
CSRF_FAILURE_VIEW = "games.views.site.csrf_failure"
# A load balancer's health check may speak plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
