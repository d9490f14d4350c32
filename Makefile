# Everything a fresh machine needs, from Python 3.11 and pip alone. Every package comes from
# the locks in requirements/ (exact versions, checked against their hashes); `make lock` writes
# them again from pyproject.toml and requirements/build.in.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALL := $(BIN)/python -m pip --disable-pip-version-check install --quiet
LOCKED := $(INSTALL) --require-hashes -r
# The project itself cannot be hashed: it goes in after its locked requirements, built by the
# locked setuptools.
PROJECT := $(INSTALL) --no-deps --no-build-isolation -e .
UV_VERSION := 0.13.9
LOCK := $(BIN)/uv pip compile --quiet --generate-hashes --universal --python-version 3.11 \
	--custom-compile-command "make lock" $(LOCK_FLAGS)

.PHONY: run test fuzz lint bench lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.build: requirements/build.txt | $(BIN)/python
	$(LOCKED) requirements/build.txt
	touch $@

$(VENV)/.runtime: requirements/runtime.txt pyproject.toml $(VENV)/.build
	$(LOCKED) requirements/runtime.txt
	$(PROJECT)
	touch $@

$(VENV)/.dev: requirements/dev.txt pyproject.toml $(VENV)/.build
	$(LOCKED) requirements/dev.txt
	$(PROJECT)
	touch $(VENV)/.runtime $@

run: $(VENV)/.runtime
	$(BIN)/python -m bot

# Four workers, each with its own Discord stand-ins and PostgreSQL server: most of the suite
# waits (on the stand-in's rate limits, the bots' pace), so four overlap on two cores.
TEST_WORKERS ?= 4

test: $(VENV)/.dev
	bash tests/ensure_postgres.sh
	bash tests/ensure_chromium.sh
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=10

# New examples for every test that draws them, for FUZZ_MINUTES (10 by default); each failure
# is printed as the example to add to its test.
fuzz: $(VENV)/.dev
	bash tests/ensure_postgres.sh
	$(BIN)/python -m tests.fuzz

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(VENV)/.runtime
	$(BIN)/python -m bench.skyjo_speed
	$(BIN)/python -m bench.bot_latency

# The runtime lock is solved within the dev lock, so both hold the same versions. Pins already
# in the locks are kept where pyproject.toml allows them: `make lock LOCK_FLAGS=--upgrade` moves
# every package to its newest allowed version.
lock: | $(BIN)/python
	$(INSTALL) uv==$(UV_VERSION)
	$(LOCK) requirements/build.in -o requirements/build.txt
	$(LOCK) pyproject.toml --extra dev -o requirements/dev.txt
	$(LOCK) pyproject.toml --constraint requirements/dev.txt -o requirements/runtime.txt

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
