# The two commands of the README: `make play` and `make test`. Each makes .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
# axe-core, the accessibility checker the browser tests inject into the pages (tests/browser/axe.py), from npm.
AXE_VERSION := 4.14.1
AXE := .axe/installed-$(AXE_VERSION)

.PHONY: play test axe benchmarks i18n translations solve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps reinstall when pyproject.toml or a file pip copies into the environment (the Voila templates of
# share/, data files even in an editable install) changes: Voila serves the copy, not the checkout.
SHARED := $(shell find share -type f)
$(VENV)/.play-installed: pyproject.toml $(SHARED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.test-installed: pyproject.toml $(SHARED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $@ $(VENV)/.play-installed

# npm's copy (.axe/node_modules/axe-core/axe.min.js) lives in the git-ignored .axe/; the stamp names the
# version, so changing AXE_VERSION reinstalls it.
$(AXE):
	rm -rf .axe
	npm install --prefix .axe --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
	touch $@

axe: $(AXE)

# Run from the repository root: Voila reads voila.json here (preheated table, closed tabs' kernels stopped
# by phase10kit_server.ClassroomKernelManager, idle unconnected kernels culled; see docs/classroom.md).
play: $(VENV)/.play-installed
	@echo "The table: http://127.0.0.1:$(PORT)/ (Ctrl+C stops it; add ?seed=5&players=2&bots=greedy to the URL)"
	$(BIN)/voila notebooks/play.ipynb --no-browser --Voila.ip=127.0.0.1 --port=$(PORT)

test: $(VENV)/.test-installed $(AXE)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/nbqa ruff teacher/*.ipynb notebooks/*.ipynb  # the translations (teacher/uk/ ...) hold the same code
	$(BIN)/mypy --strict phase10kit phase10kit_server widgets tools
	$(BIN)/lint-imports --no-cache  # the layers and purity contracts of pyproject.toml [tool.importlinter]
	# The API reference from the docstrings (docs/api/conf.py): any warning fails, a module without a page too.
	$(BIN)/sphinx-build -W --keep-going -q -b html docs/api build/api
	# Everything but the browser on both cores; then the browser tests one at a time (their servers and pages
	# would share the two cores with the rest and time out).
	$(BIN)/pytest -n 2 -m "not browser" tests phase10kit widgets tools README.md
	$(BIN)/pytest -m browser --durations=12 tests/browser
	# Every course notebook in six languages, both editions, the table and the deck (nbval): two workers, each
	# running whole notebooks (--dist loadfile keeps a notebook's cells on one kernel).
	$(BIN)/pytest --nbval-lax --nbval-current-env -n 2 --dist loadfile teacher notebooks

# Extract messages, update the .po catalogs and compile them (new messages arrive untranslated).
i18n: $(VENV)/.test-installed
	$(BIN)/python tools/i18n.py

# The course notebooks in every language from translations/<lang>/*.po (docs/translating.md).
translations: $(VENV)/.test-installed
	$(BIN)/python tools/translate_notebooks.py

benchmarks: $(VENV)/.test-installed
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test,bench]"
	$(BIN)/python benchmarks/run.py

# An optional warm-up: solve perfect play for the ten standard phases ahead (seconds each) and cache them on disk
# ($$P10_CACHE, or ~/.cache/phase10kit). Never needed: ExpertBot and lesson 12 solve a phase when they first need it.
solve: $(VENV)/.play-installed
	$(BIN)/python -c "from phase10kit.probability.solitaire import optimum_table; print(optimum_table(range(1, 11)).to_string(index=False))"

clean:
	rm -rf $(VENV) .axe
