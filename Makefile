# Two commands for a fresh machine: `make run` and `make test`.
# The virtual environment is made on first use, for development: it holds the dev
# extras (tests, linters). On a Raspberry Pi it sees the system packages, because
# picamera2 and lgpio come from apt, never from pip. The kiosk is not installed from
# here but by systemd/install-pi.sh, into /opt/tablekit with the runtime packages only.
VENV ?= .venv
PY := $(VENV)/bin/python
ON_PI := $(shell grep -qs 'Raspberry Pi' /proc/device-tree/model && echo yes)
VENV_FLAGS := $(if $(ON_PI),--system-site-packages,)
comma := ,
EXTRAS := $(if $(ON_PI),pi$(comma)dev,dev)
# The compiled translations: built from the .po files (as a wheel's build does, setup.py), never kept in git.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard tablekit/locale/*/LC_MESSAGES/tablekit.po))

.PHONY: run test test-fast lint bench fuzz pi-rehearsal translations clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV_FLAGS) $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $@

$(CATALOGUES): %.mo: %.po $(VENV)/.installed
	$(VENV)/bin/pybabel compile -D tablekit -d tablekit/locale

run: $(VENV)/.installed $(CATALOGUES)
	$(PY) -m tablekit

lint: $(VENV)/.installed
	$(PY) -m ruff check tablekit tests benchmarks tools
	$(PY) -m mypy --strict tablekit
	$(VENV)/bin/lint-imports

test: lint $(CATALOGUES)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto

# A developer's quick pass while working, not a substitute for `make test`: no lint, the tests
# not marked slow, and Hypothesis's "fast" profile (20 examples where a test sets no count).
test-fast: $(VENV)/.installed $(CATALOGUES)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto -m "not slow" --hypothesis-profile=fast

bench: $(VENV)/.installed
	$(PY) -m benchmarks.session_speed
	$(PY) -m benchmarks.journal_damage
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.app_speed
	$(PY) -m benchmarks.dice_read
	$(PY) -m benchmarks.dice_learning
	$(PY) -m benchmarks.symbol_read
	$(PY) -m benchmarks.image_refusal
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.camera_ui
	$(PY) -m benchmarks.mg_odds
	$(PY) -m benchmarks.card_odds
	$(PY) -m benchmarks.pad_latency
	$(PY) -m benchmarks.pad_to_screen
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.pad_processing
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.app_kills
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.four_hours

# A long fuzz campaign (issue 12), not part of `make test`: 100,000 random and mutated inputs per
# boundary (every game's command lines, settings files, image files, serial pad lines); minutes.
fuzz: $(VENV)/.installed
	$(PY) tools/fuzz.py

# A rehearsal of the Pi install (docs/pi-rehearsal.md), not part of `make test`: as root, the real
# systemd/install-pi.sh on an emulated arm64 Debian bookworm root, Lite then desktop, the app for 30 s,
# then --uninstall and what it left; needs debootstrap, qemu-user-static, equivs, dpkg-dev; about 30 minutes
# the first time (the arm64 root is built and cached), about 12 after.
pi-rehearsal:
	python3 tools/pi_rehearsal/rehearsal.py

# After changing interface texts, a RuleError's sentence or a content file's words: refresh the catalogue (babel.cfg
# says what is read: the code, and the content files through tools/content_words.py, hence python -m from here),
# then translate the new entries in tablekit/locale/da/LC_MESSAGES/tablekit.po and run this again to compile them.
translations: $(VENV)/.installed
	$(PY) -m babel.messages.frontend extract -F babel.cfg \
		-k tr -k mark -k Phrase -k RuleError -k UnknownCommandError -k say:2 \
		--no-location --omit-header --sort-output \
		-o tablekit/locale/tablekit.pot tablekit/ui tablekit/vision tablekit/rules tablekit/session \
		tablekit/devices tablekit/catalog tablekit/cli
	$(VENV)/bin/pybabel update --no-fuzzy-matching -D tablekit \
		-i tablekit/locale/tablekit.pot -d tablekit/locale
	$(VENV)/bin/pybabel compile -D tablekit -d tablekit/locale

clean:
	rm -rf $(VENV)
