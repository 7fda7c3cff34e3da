# The two commands of the README: `make run` and `make test`. Both set up what they need.
VENV ?= .venv
PY := $(VENV)/bin/python
ADDR ?= 127.0.0.1:8000

.PHONY: run test test-sqlite test-postgres bench lint format setup fonts messages catalogs clean vnu

$(PY):
	"$$(bin/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

setup: $(VENV)/.installed fonts

# The result picture's font (games/picture.py): Debian's DejaVu Sans. Installed when missing
# and make runs as root; otherwise it says what to install (the picture falls back to
# Pillow's own font, without accents, meanwhile).
FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
fonts:
	@[ -f $(FONT) ] || [ -n "$${RESULT_FONT_DIR:-}" ] || \
	{ [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core >/dev/null; } || \
	echo "The result picture needs DejaVu Sans: apt-get install fonts-dejavu-core" >&2

run: setup catalogs
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver $(ADDR)

# The whole suite on SQLite, then again on a throwaway PostgreSQL server (bin/with-postgres).
test: test-sqlite test-postgres

test-sqlite: setup vnu
	$(PY) manage.py makemigrations --check --dry-run
	env -u DATABASE_URL $(PY) -m pytest $(PYTEST_ARGS)

test-postgres: setup vnu
	bin/with-postgres --fast $(PY) -m pytest $(PYTEST_ARGS)

# The Nu Html Checker that tests/deploy/test_valid_html.py runs over every main page: npm's
# vnu-jar, installed once into .vnu/ (its install script, which fetches a Java, is skipped:
# Debian's default-jre-headless runs it).
VNU_VERSION ?= 26.9.27
VNU_JAR := .vnu/node_modules/vnu-jar/build/dist/vnu.jar
vnu: $(VNU_JAR)
$(VNU_JAR):
	@command -v npm >/dev/null 2>&1 || { echo "vnu-jar comes from npm: apt-get install npm" >&2; exit 1; }
	@command -v java >/dev/null 2>&1 || { echo "vnu.jar needs Java: apt-get install default-jre-headless" >&2; exit 1; }
	npm install --prefix .vnu --no-save --no-audit --no-fund --ignore-scripts vnu-jar@$(VNU_VERSION)

# Not a test: load figures for docs/benchmarks.md (gunicorn + wrk, on SQLite and PostgreSQL).
bench: setup
	$(PY) bench/run.py $(BENCH_ARGS)

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: setup
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# The compiled catalogs (.mo) are committed, so a fresh clone runs without GNU gettext;
# `make run` recompiles a catalog whose .po changed when msgfmt is there.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
catalogs: $(CATALOGS)
%.mo: %.po
	@if command -v msgfmt >/dev/null 2>&1; then msgfmt --check-format -o $@ $<; \
	else echo "msgfmt not found (apt-get install gettext): $@ is not recompiled"; fi

# After changing or adding translatable strings: update the French catalog, translate the
# new or fuzzy entries in locale/fr/LC_MESSAGES/django.po, then run this again to compile.
messages: setup
	@command -v xgettext >/dev/null 2>&1 || { echo "makemessages needs GNU gettext: apt-get install gettext" >&2; exit 1; }
	$(PY) manage.py makemessages --locale fr --add-location file --no-wrap --no-obsolete
	$(PY) manage.py compilemessages --locale fr --ignore ".*" --ignore staticfiles

clean:
	rm -rf $(VENV) staticfiles .vnu
