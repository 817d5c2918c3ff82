# faqc: `make` builds everything from content/sources; `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
FAQC   := $(BIN)/faqc
STAMP  := $(VENV)/.installed

SOURCES := $(wildcard content/sources/*.txt)

.PHONY: all test faqs check clean help
.DEFAULT_GOAL := all

all: faqs ## Build everything from content/sources (for now: the YAML in content/faqs)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

faqs: $(STAMP) ## Normalize every source into content/faqs/*.yaml
	$(FAQC) normalize content/sources --out-dir content/faqs

check: faqs ## Validate the YAML strictly
	$(FAQC) --strict check --faqs content/faqs --sources content/sources

test: $(STAMP) ## Run every test
	$(BIN)/python -m pytest -q

clean: ## Remove build output (keeps the virtualenv)
	rm -rf site .pytest_cache

help: ## List the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'
