# Everything a fresh machine needs, from Python 3.11 and pip alone.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.runtime $@

run: $(VENV)/.runtime
	$(BIN)/python -m bot

test: $(VENV)/.dev
	bash tests/ensure_postgres.sh
	$(BIN)/python -m pytest

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(VENV)/.runtime
	$(BIN)/python -m bench.skyjo_speed
	$(BIN)/python -m bench.bot_latency

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
