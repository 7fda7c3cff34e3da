# The two commands of the README: `make run` and `make test`. Both set up what they need.
VENV ?= .venv
PY := $(VENV)/bin/python
ADDR ?= 127.0.0.1:8000

.PHONY: run test test-sqlite test-postgres bench lint format setup messages clean

$(PY):
	"$$(bin/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

setup: $(VENV)/.installed

run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver $(ADDR)

# The whole suite on SQLite, then again on a throwaway PostgreSQL server (bin/with-postgres).
test: test-sqlite test-postgres

test-sqlite: setup
	$(PY) manage.py makemigrations --check --dry-run
	env -u DATABASE_URL $(PY) -m pytest $(PYTEST_ARGS)

test-postgres: setup
	bin/with-postgres --fast $(PY) -m pytest $(PYTEST_ARGS)

# Not a test: load figures for docs/benchmarks.md (gunicorn + wrk, on SQLite and PostgreSQL).
bench: setup
	$(PY) bench/run.py $(BENCH_ARGS)

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: setup
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

clean:
	rm -rf $(VENV) staticfiles
