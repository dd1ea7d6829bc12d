# The two commands of the README: `make play` and `make test`. Each makes .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: play test lint types unit notebooks benchmarks clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps reinstall when pyproject.toml changes.
$(VENV)/.play-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $@ $(VENV)/.play-installed

play: $(VENV)/.play-installed
	$(BIN)/jupyter lab --notebook-dir=notebooks --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict phase10kit
	$(BIN)/pytest --nbval-lax --nbval-current-env tests phase10kit widgets README.md notebooks

benchmarks: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV)
