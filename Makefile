# faqc: `make` builds everything from content/sources; `make test` runs every test.
#
# The YAML is brought up to date by content, not by mtimes: on every run, compiler/cli/sync.py
# compares each source's SHA-256 (and its YAML's) with what it recorded, normalizes what
# differs, removes YAML no source gives, and touches $(FAQS_DONE) only when it changed
# something. The site depends on that stamp, the templates, the Comprehensive Rules and the
# compiler's code. `faqc build` is itself incremental, so when make does run it, it redoes only
# what changed. `make -j2` is safe.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
FAQC   := $(BIN)/faqc
STAMP  := $(VENV)/.installed

FAQS      := content/faqs
SITE_GOALS := all site check serve bundle bench
FAQS_DONE := build/faqs/synced
# The Comprehensive Rules are read from a folder of their published texts, never kept in the
# repository: ../shared/cr when it exists (make RULES_FROM=DIR for another); without any, the
# site is built with era features off (faqc build says so in one line).
RULES_FROM ?= ../shared/cr
RULE_TEXT := $(wildcard $(RULES_FROM)/*.txt)
TEMPLATES := $(shell find templates -type f 2>/dev/null)
CODE      := pyproject.toml $(shell find compiler -type f \( -name '*.py' -o -name '*.json' \
                 -o -name '*.tsv' \) -not -path '*/__pycache__/*' 2>/dev/null)
SITE      := site
SITE_DONE := $(SITE)/.faqc/state.json
BUNDLE    := dist/faqc-site.zip
GOLDEN    := $(shell grep -rl --include='test_*.py' -e check_golden -e FAQC_UPDATE_GOLDEN tests 2>/dev/null)
RULES_OPT := $(if $(RULE_TEXT),--rules $(RULES_FROM))

.PHONY: all faqs site test check serve bundle bench bench-scale golden clean help FORCE
.DEFAULT_GOAL := all

all: faqs site ## Build everything: the venv, the YAML in content/faqs and the site

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

faqs: $(FAQS_DONE) ## Normalize each changed source into content/faqs/<document id>.yaml

# Runs every time; touches its target only when a YAML was written or removed. When the site is
# made too, the build, which reads the sources as well, prints their warnings: sync leaves them
# to it when it changed something (a build follows), so each is printed once.
$(FAQS_DONE): FORCE | $(STAMP)
	@$(PY) -m compiler.cli.sync sync content/sources --out-dir $(FAQS) --stamp $@ \
	  $(if $(filter $(SITE_GOALS),$(or $(MAKECMDGOALS),all)),--warnings-to-build)

site: $(SITE_DONE) ## Build the site (incrementally) into site/

$(SITE_DONE): $(FAQS_DONE) $(TEMPLATES) $(RULE_TEXT) $(CODE) | $(STAMP)
	$(FAQC) build --sources content/sources --out $(SITE) $(RULES_OPT)
	@touch $@

# Three test processes on two cores: many tests wait (on Chromium, a server, a build they
# started, a file watcher), and a third keeps both cores busy (8m50s with 2, 7m37s with 3).
TEST_JOBS ?= 3

test: $(STAMP) ## Run every test (TEST_JOBS=3 processes: pytest-xdist)
	$(PY) -m pytest -q -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder

check: faqs site ## Validate the YAML and the built site strictly (schema, words, links)
	$(FAQC) --strict check --faqs $(FAQS) --sources content/sources --site $(SITE) $(RULES_OPT)

serve: site ## Preview the site at http://127.0.0.1:8000/
	$(FAQC) serve --site $(SITE)

bundle: $(BUNDLE) ## Zip the site for offline use (dist/faqc-site.zip: unzip, open index.html)

$(BUNDLE): $(SITE_DONE)
	$(FAQC) bundle --site $(SITE) --out $@

# The first-query bytes are measured on the 20 MiB corpus and on the seeds site (built first,
# like `make`; Pagefind indexes a hard-linked copy of it in bench/out, never site/ itself).
bench: faqs site ## Measure builds on a 20 MiB synthetic corpus, search bytes vs. Pagefind there and on the seeds site; write bench/RESULTS.md
	$(PY) -m pip install --quiet 'pagefind[bin]' || echo "bench: pagefind could not be installed"
	$(PY) bench/run.py --python $(PY) --make "$(MAKE)" --seeds-site $(SITE)

bench-scale: faqs ## Measure the full build and its Whoosh baseline at 5, 10, 20 and 40 MiB (about an hour); write bench/SCALE.md
	$(PY) bench/run.py --python $(PY) --make "$(MAKE)" --scale 5,10,20,40

golden: $(STAMP) ## Refresh the golden fixtures and the golden site (review the diff)
	FAQC_UPDATE_GOLDEN=1 $(PY) -m pytest -q $(GOLDEN)

clean: ## Remove build output (keeps the virtualenv and content/faqs)
	rm -rf $(SITE) .$(SITE).staging-* .$(SITE).old-* dist build .pytest_cache test-output bench/out

help: ## List the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

FORCE:
