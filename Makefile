# Two commands for a new user: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-slow fuzz lint typecheck bench soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# (no turn clock: only bots wait on you; found play-testing, a newcomer's first turn ran out while
# they read the screen)
play: $(STAMP)
	$(BIN)/uno host --bots 3 --start --turn-timeout 0

# Two workers (the default, and CI's): the tests that live in real time (end to end, the server's)
# run a file at a time, beside another such file or the plain computations (engine, protocol,
# client); those that use what the whole machine shares run one after another (tests/conftest.py).
# Measured on this 2-core machine: 6 min 28 s of tests with two play-testers busy beside them,
# against 8 min 32 s when every real-time test ran on one worker. (Three workers failed a
# real-time bound in 2 runs of 6 on a loaded machine: test_privacy's message count, the thousand
# idle sockets.) One file: `.venv/bin/python -m pytest tests/x/test_y.py`.
TEST_WORKERS ?= 2
test: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -n $(TEST_WORKERS) --dist loadgroup
	$(BIN)/ruff check engine protocol server client tests bench
	$(BIN)/mypy --strict engine protocol server client

# The long-running tests (every attack at once, ...): not part of `make test`.
test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

# Fuzzing for a bounded time: the hypothesis targets with many examples, then atheris (if it
# installs here) on the protocol decoder and on the server, FUZZ_SECONDS each.
FUZZ_EXAMPLES ?= 2000
FUZZ_SECONDS ?= 60
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest tests/fuzz
	if $(BIN)/python -m pip install --quiet -e '.[test,fuzz]'; then \
	  mkdir -p .fuzz && cd .fuzz && \
	  ../$(BIN)/python ../tests/fuzz/atheris_targets.py protocol -max_total_time=$(FUZZ_SECONDS) && \
	  ../$(BIN)/python ../tests/fuzz/atheris_targets.py server -max_total_time=$(FUZZ_SECONDS) -max_len=4096; \
	else echo "atheris does not install here: only the hypothesis targets ran"; fi

# Tables of bots with random drops and comebacks, under attack half the time: memory and latency.
SOAK_SECONDS ?= 60
soak: $(STAMP)
	$(BIN)/python bench/soak.py --seconds $(SOAK_SECONDS)

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/server_load.py
	$(BIN)/python bench/client_startup.py
	$(BIN)/python bench/bot_strength.py --hands 2000 --processes 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .fuzz
