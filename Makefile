# The two commands of the README: `make run` and `make test`. Both set up what they need.
VENV ?= .venv
PY := $(VENV)/bin/python
ADDR ?= 127.0.0.1:8000

.PHONY: run check test test-sqlite test-postgres bench lint format setup messages catalogs clean \
	vnu firefox-phone run-packages test-packages

# What the two commands need from the system. bin/system-packages installs the missing ones
# with apt-get when run as root; otherwise it prints the one command that does, and stops.
# python3-venv only until the virtualenv is made.
RUN_PACKAGES := gettext fonts-dejavu-core $(if $(wildcard $(PY)),,python3-venv)
# The table flow runs on Chromium, on WebKit (WebKitWebDriver drives a WebKitGTK window of our
# own, run by Debian's Python, on an Xvfb display) and on Firefox (tests/helpers/phones.py).
# nginx-light: docs/deploy.md's nginx block is checked with `nginx -t` (tests/deploy/test_documented_limits.py).
TEST_PACKAGES := $(RUN_PACKAGES) chromium redis-server postgresql default-jre-headless npm \
	firefox-esr webkit2gtk-driver xvfb python3-gi gir1.2-webkit2-4.1 nginx-light
run-packages:
	@bin/system-packages $(RUN_PACKAGES)
test-packages:
	@bin/system-packages $(TEST_PACKAGES)

$(PY):
	"$$(bin/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

setup: $(VENV)/.installed

# Unset, DEBUG is off (production): these run the development settings.
run check test-sqlite test-postgres messages: export DEBUG ?= 1

run: run-packages setup catalogs
	$(PY) manage.py migrate --noinput
	bin/serve $(PY) $(ADDR)

# Both run the tests on as many processes as there are cores (pytest-xdist): XDIST= for one.
# loadgroup: a module marked `xdist_group` (a costly world of its own: servers, a database)
# runs whole on one core, which builds that world once; every other test goes where a core
# is free, in the order tests/conftest.py gives.
XDIST ?= -n auto --dist loadgroup

# The edit loop: the rules, views, security and history tests on SQLite, without the browser,
# the tests that start a process of their own or take seconds, and the sweeps that send the
# same requests to every URL (some 870 tests; markers in pyproject.toml: make test runs them
# all), with few Hypothesis examples (the `dev` profile, tests/conftest.py).
CHECK_LEAVES_OUT := not browser and not server and not slow and not every_url
check: setup
	env -u DATABASE_URL $(PY) -m pytest $(XDIST) -m "$(CHECK_LEAVES_OUT)" \
		tests/rules tests/views tests/security tests/history $(PYTEST_ARGS)

# The whole suite on SQLite, then, on a throwaway PostgreSQL server (bin/with-postgres), the
# tests whose outcome can depend on the engine (marked `engine`, see pyproject.toml).
test: test-sqlite test-postgres

# Each pass ends with its slowest tests and a line of its own time (its PostgreSQL server's
# start and stop included), so that every CI log shows where the budget goes: the two passes
# together within 9 minutes on a 2-core machine.
DURATIONS ?= --durations=25
timed = start=$$(date +%s); status=0; $(2) || status=$$?; \
	echo "$(1) pass: $$(($$(date +%s) - start)) s"; exit $$status

test-sqlite: test-packages setup vnu firefox-phone
	$(PY) manage.py makemigrations --check --dry-run
	$(call timed,SQLite,env -u DATABASE_URL $(PY) -m pytest $(XDIST) $(DURATIONS) $(PYTEST_ARGS))

test-postgres: test-packages setup vnu
	$(call timed,PostgreSQL,bin/with-postgres --fast $(PY) -m pytest $(XDIST) -m engine \
		$(DURATIONS) $(PYTEST_ARGS))

# The Nu Html Checker that tests/deploy/test_valid_html.py runs over every main page: npm's
# vnu-jar, installed once into .vnu/ (its install script, which fetches a Java, is skipped:
# Debian's default-jre-headless runs it).
VNU_VERSION ?= 26.9.27
VNU_JAR := .vnu/node_modules/vnu-jar/build/dist/vnu.jar
vnu: $(VNU_JAR)
$(VNU_JAR):
	@bin/system-packages npm default-jre-headless
	npm install --prefix .vnu --no-save --no-audit --no-fund --ignore-scripts vnu-jar@$(VNU_VERSION)

# puppeteer-core, which drives Debian's Firefox ESR over WebDriver BiDi for the browser tests
# (tests/browser/firefox/phone.mjs), at the version its lockfile names; it downloads no browser.
FIREFOX_PHONE := tests/browser/firefox
$(FIREFOX_PHONE)/node_modules/.installed: $(FIREFOX_PHONE)/package-lock.json
	@bin/system-packages npm firefox-esr
	PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix $(FIREFOX_PHONE) --no-audit --no-fund --ignore-scripts
	touch $@
firefox-phone: $(FIREFOX_PHONE)/node_modules/.installed

# Not a test: load figures for docs/benchmarks.md (gunicorn + wrk, on SQLite and PostgreSQL;
# Chromium for how soon the other phones follow). First, on each engine, the full-size checks
# (bench/full_size/: the suite's scale tests at the sizes they stand for), which fail it when
# one misses; BENCH_ARGS="--only full-size" runs those alone (minutes), "--only load" the rest.
bench: test-packages setup
	$(PY) bench/run.py $(BENCH_ARGS)

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: setup
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# `make run` recompiles a catalog whose .po changed (the .mo files are committed too, for
# servers that run without GNU gettext).
CATALOGS := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
catalogs: $(CATALOGS)
%.mo: %.po
	msgfmt --check-format -o $@ $<

# After changing or adding translatable strings: update every language's catalog (each folder
# of locale/), translate the new or fuzzy entries in locale/*/LC_MESSAGES/django.po, then run
# this again to compile. A new language: docs/languages.md, "Adding a language".
messages: setup
	@bin/system-packages gettext
	$(PY) manage.py makemessages --all --add-location file --no-wrap --no-obsolete
	$(PY) manage.py compilemessages --ignore ".*" --ignore staticfiles

clean:
	rm -rf $(VENV) staticfiles .vnu $(FIREFOX_PHONE)/node_modules
