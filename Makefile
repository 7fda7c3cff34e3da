# The two commands of the README: `make run` and `make test`. Both set up what they need.
VENV ?= .venv
PY := $(VENV)/bin/python
ADDR ?= 127.0.0.1:8000

.PHONY: run test lint format setup messages clean

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

test: setup
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: setup
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

clean:
	rm -rf $(VENV) staticfiles
