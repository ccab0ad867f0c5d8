# The project's front door. `make demo` runs the main job on bundled data; `make test` runs every test.
# Needs: Rust (cargo), Python 3.11+ with pip and venv (the Python package and the peer comparison), gcc/g++
# (C99, C++17), cmake and valgrind for the C and C++ tests; pkg-config is used when present.

CARGO   ?= cargo
PYTHON  ?= python3
VENV    ?= .venv
VPY     := $(VENV)/bin/python

WUKONG  := examples/data/wukong/Hu_Ronghua_1391_UCI_games.pgn examples/data/wukong/Liu_Dahua_1125_UCI_games.pgn
STARTFEN := rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1

CASES   := tests/data/rules/repetition-cases.jsonl
RECORDS := tests/data/records/*.pgn tests/data/records/*.PGN tests/data/xqf/*.xqf tests/data/xqf/*.XQF \
           tests/data/dhtmlxq/*.html

.PHONY: demo cli-demo test lint rust-test ffi-lib ffi-test ffi-examples cmake-test bench-ffi py-install py-test py-demo bench-py \
        arbiter-interface convert-interface replay-interface peers-sample check-peers bench bench-peers-records fuzz \
        perft-all clean-venv arbiter-cycles docs install release-check release-crates release-msrv release-docs bench-dask \
        release-wheel release-c wasm-toolchain wasm-build wasm-test bench-wasm

XIANGQI := $(CARGO) run -q --release -p xiangqi-cli --
DEMO_OUT := target/demo

demo: py-demo cli-demo
	$(CARGO) run -q --release -p xiangqi-core --example perft -- '$(STARTFEN)' 5
	$(CARGO) run -q --release -p xiangqi-core --example demo -- $(WUKONG)
	$(CARGO) run -q --release -p xiangqi-core --example adjudicate -- --summary < $(CASES)
	echo '{"moves": ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]}' \
	  | $(CARGO) run -q --release -p xiangqi-core --example convert -- --to chinese
	$(CARGO) run -q --release -p xiangqi-core --example replay -- --summary $(RECORDS)
	$(CARGO) run -q --release -p xiangqi-core --example replay -- tests/data/xqf/test_5_variations.xqf
	$(MAKE) -s ffi-examples

# The `xiangqi` command on the bundled corpus: the games and plies tables as Parquet, a DuckDB query over
# them as a user would write it, the bundled records validated (the broken ones listed), a verdict, a board.
cli-demo: $(VENV)/.py-deps
	@mkdir -p $(DEMO_OUT)
	$(XIANGQI) analyse examples/data --plies -o $(DEMO_OUT)/games.parquet
	$(VPY) examples/python/query_parquet.py $(DEMO_OUT)/games.parquet $(DEMO_OUT)/games.plies.parquet
	$(XIANGQI) validate tests/data/records tests/data/xqf || test $$? -eq 1
	$(XIANGQI) adjudicate --fen '4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1' d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1
	$(XIANGQI) show --color never h2e2 h9g7

test: lint rust-test arbiter-interface convert-interface replay-interface peers-sample ffi-test ffi-examples \
      cmake-test py-test wasm-test release-check fuzz-smoke
	@echo "make test: all test suites passed"

lint: docs
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy -q --workspace --all-targets -- -D warnings
	$(CARGO) clippy -q --workspace --all-targets --all-features -- -D warnings
	$(CARGO) clippy -q --workspace --all-targets --no-default-features -- -D warnings

# The API docs of every crate with every feature, without a warning (run once for lint and release-docs).
docs:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc -q --workspace --no-deps --all-features

rust-test:
	$(CARGO) test --workspace --all-features -- --show-output

# The adjudicate example's exact interface and its answers to bad input (Python standard library only).
arbiter-interface:
	$(CARGO) build -q --release -p xiangqi-core --example adjudicate
	$(PYTHON) tests/arbiter/check_adjudicate.py $(CASES) $(CARGO) run -q --release -p xiangqi-core --example adjudicate --

# The convert example's exact interface and its answers to bad input (Python standard library only).
convert-interface:
	$(CARGO) build -q --release -p xiangqi-core --example convert
	$(PYTHON) tests/notation/check_convert.py $(CARGO) run -q --release -p xiangqi-core --example convert --

# The replay example's exact interface on the bundled records (Python standard library only).
replay-interface:
	$(CARGO) build -q --release -p xiangqi-core --example replay
	$(PYTHON) tests/records/check_replay.py tests/data $(CARGO) run -q --release -p xiangqi-core --example replay --

# Python tools for the peer comparison live in a venv of their own.
$(VENV)/.installed: tests/peers/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --disable-pip-version-check -r tests/peers/requirements.txt
	touch $@

# Legal move sets compared with Fairy-Stockfish (pyffish) over a sample of the bundled wukong games.
peers-sample: $(VENV)/.installed
	$(CARGO) build -q --release -p xiangqi-core --example legal_moves
	$(VPY) tests/peers/compare_pyffish.py --games 300 $(WUKONG)

# The same over all 2,516 games.
check-peers: $(VENV)/.installed
	$(CARGO) build -q --release -p xiangqi-core --example legal_moves
	$(VPY) tests/peers/compare_pyffish.py $(WUKONG)

# The arbiter's differential and metamorphic tests on larger samples (make test runs 1,000 cycles of each kind
# against the reference and 10,000 under the transformations).
arbiter-cycles:
	XQ_CYCLES=10000 $(CARGO) test --release -p xiangqi-core --test arbiter_reference --test arbiter_cycles -- --nocapture

# Every perft row, the deep ones included (minutes).
perft-all:
	$(CARGO) test --release -p xiangqi-core --test perft -- --ignored --nocapture

bench:
	$(CARGO) bench -p xiangqi-core

# The Python package: built in release mode into the venv (maturin develop), rebuilt when a source changes.
PY_SOURCES := $(shell find xiangqi-py/src xiangqi-core/src python/xiangqi -type f -not -name '*.so' -not -path '*__pycache__*') \
              pyproject.toml xiangqi-py/Cargo.toml xiangqi-core/Cargo.toml Cargo.lock

$(VENV)/.py-deps: tests/python/requirements.txt $(VENV)/.installed
	$(VPY) -m pip install -q --disable-pip-version-check -r tests/python/requirements.txt
	touch $@

# Dask and Spark for xiangqi.dask and xiangqi.spark (make py-test; not needed by the demo). Spark also needs a
# Java runtime (17 or later): without one its tests skip, and say so.
$(VENV)/.scale-deps: tests/python/requirements-dask.txt tests/python/requirements-spark.txt $(VENV)/.py-deps
	$(VPY) -m pip install -q --disable-pip-version-check -r tests/python/requirements-dask.txt \
	  -r tests/python/requirements-spark.txt
	touch $@

$(VENV)/.py-installed: $(VENV)/.py-deps $(PY_SOURCES)
	VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/maturin develop --release -q
	touch $@

py-install: $(VENV)/.py-installed

# pytest over the shared case files (with the core's replay example as a cross-check), the stubs against the
# module (stubtest), and a typed program under mypy --strict.
py-test: py-install $(VENV)/.scale-deps
	@command -v java >/dev/null 2>&1 || echo "py-test: no Java runtime on PATH: the Spark tests (tests/python/test_spark.py) skip; install one (Debian: apt-get install openjdk-17-jre-headless)"
	$(CARGO) build -q --release -p xiangqi-core --example replay
	XIANGQI_REPLAY="$(CARGO) run -q --release -p xiangqi-core --example replay --" $(VPY) -m pytest tests/python -q -rs
	$(VPY) -m mypy.stubtest xiangqi._xiangqi
	$(VPY) -m mypy --strict tests/python/typed_usage.py

# The analysis example over the bundled CCPD games: a CSV and a PNG chart in examples/python/out/.
py-demo: py-install
	$(VPY) examples/python/analyse_ccpd.py --out examples/python/out examples/data/ccpd

# Ours, pyffish and cchess (PyPI) on the same work in one run, side by side (not part of `make test`).
$(VENV)/.bench-py-installed: bench/requirements.txt $(VENV)/.py-deps
	$(VPY) -m pip install -q --disable-pip-version-check -r bench/requirements.txt
	touch $@

bench-py: py-install $(VENV)/.bench-py-installed
	$(VPY) bench/bench_xiangqi.py --peers

# xiangqi.dask on a local cluster (one and two worker processes) against one process with one and two threads,
# on the bundled games copied to 2 M plies, and the cost of a task (docs/scale.md; not part of `make test`).
bench-dask: py-install $(VENV)/.scale-deps
	$(VPY) bench/bench_dask.py

# Coverage-guided fuzzing (docs/fuzzing.md): FEN, move notation, the arbiter, the C ABI's text entry points
# and the four record readers. Needs a nightly toolchain (rustup toolchain install nightly) and cargo-fuzz
# (cargo install cargo-fuzz). Each target starts from its corpus in fuzz/corpus/<target> and, for the record
# readers, the bundled fixtures; new inputs go to a scratch copy under target/fuzz/ (the committed corpora
# change only through `make fuzz-long`, minimised). A crash stops the run with a failure; the input that
# crashed is left in fuzz/artifacts/<target>/.
FUZZ_TARGETS ?= fen notation pgn xqf dhtmlxq chessbridge arbiter ffi
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?= 10000000
FUZZ_WORK     = $(FFI_TARGET_DIR)/fuzz
# The C ABI target runs under AddressSanitizer (it crosses raw pointers); the others are safe Rust, built
# without a sanitizer (twice the executions per second) but with debug assertions (overflow checks).
# The arbiter's inputs get their full length at once (its executions are slow, and games need plies), and it
# is built without compare tracing: its bytes are indices into lists of legal moves, with no magic values for
# traced comparisons to find, and the tracing in the searches' inner loops halved its executions per second.
# FUZZ_SANITIZER, when given, builds every target the same way (that sanitizer, compare tracing on), so that
# one build serves them all (the smoke run gives `none`). The targets are listed so that those built alike
# come together: a change of build flags rebuilds everything. libFuzzer's hang bound is wall time: 30 s an
# input, 300 s for the arbiter, whose inputs are whole games of up to 200 classified plies (1.1 s of CPU for
# the slowest saved game in a release build) and whose target bounds each ply's CPU time itself; a fuzzer at
# the lowest priority beside builds took over 30 s of wall time for that game.
fuzz_options = case $$target in ffi) san=address;; *) san=none;; esac; \
	  case $$target in arbiter) tc=--no-trace-compares; grow=-len_control=0; hang=300;; *) tc=; grow=; hang=30;; esac; \
	  if [ -n "$(FUZZ_SANITIZER)" ]; then san=$(FUZZ_SANITIZER); tc=; fi; \
	  case $$target in pgn|xqf|dhtmlxq|chessbridge) len=16384;; arbiter) len=1024;; *) len=4096;; esac
fuzz_run = $(CARGO) +nightly fuzz run -O -a -s $$san $$tc $$target $(FUZZ_WORK)/corpus/$$target \
	  $(CURDIR)/fuzz/corpus/$$target $(FUZZ_WORK)/seeds/$$target -- -max_len=$$len $$grow -rss_limit_mb=2048 \
	  -timeout=$$hang -print_final_stats=1

.PHONY: fuzz-seeds fuzz-long fuzz-smoke

fuzz-seeds:
	@for target in $(FUZZ_TARGETS); do mkdir -p $(FUZZ_WORK)/corpus/$$target $(FUZZ_WORK)/seeds/$$target fuzz/corpus/$$target; done
	@mkdir -p $(FUZZ_WORK)/seeds/pgn $(FUZZ_WORK)/seeds/xqf $(FUZZ_WORK)/seeds/dhtmlxq $(FUZZ_WORK)/seeds/chessbridge
	@cp tests/data/records/*.pgn tests/data/records/*.PGN $(FUZZ_WORK)/seeds/pgn/
	@cp tests/data/xqf/*.xqf tests/data/xqf/*.XQF $(FUZZ_WORK)/seeds/xqf/
	@cp tests/data/dhtmlxq/*.html $(FUZZ_WORK)/seeds/dhtmlxq/
	@cp tests/data/chessbridge/*.cbr tests/data/chessbridge/*.cbf $(FUZZ_WORK)/seeds/chessbridge/

# Every target for FUZZ_SECONDS.
fuzz: fuzz-seeds
	@for target in $(FUZZ_TARGETS); do \
	  echo "fuzz: $$target for $(FUZZ_SECONDS) s"; \
	  $(fuzz_options); \
	  $(fuzz_run) -max_total_time=$(FUZZ_SECONDS) || exit 1; \
	done

# FUZZ_RUNS executions of every target (10 million by default: hours per target on two cores), then each
# corpus minimised into fuzz/corpus/<target> with `cargo fuzz cmin`. Fails on any crash, hang (30 s of wall time
# an input, 300 s for the arbiter) or out-of-memory (2 GB).
fuzz-long: fuzz-seeds
	@for target in $(FUZZ_TARGETS); do \
	  echo "fuzz-long: $$target, $(FUZZ_RUNS) executions"; \
	  $(fuzz_options); \
	  $(fuzz_run) -runs=$(FUZZ_RUNS) > $(FUZZ_WORK)/$$target.log 2>&1 \
	    || { tail -n 60 $(FUZZ_WORK)/$$target.log; exit 1; }; \
	  grep '^stat::' $(FUZZ_WORK)/$$target.log; \
	  find $(FUZZ_WORK)/corpus/$$target -maxdepth 1 -type f -exec cp -t fuzz/corpus/$$target/ {} +; \
	  $(CARGO) +nightly fuzz cmin -O -a -s $$san $$tc $$target $(CURDIR)/fuzz/corpus/$$target \
	    -- -max_len=$$len -rss_limit_mb=2048 || exit 1; \
	done

# The smoke run of `make test`: the targets built once (no sanitizer), then each run for FUZZ_SMOKE_SECONDS
# (20: eight targets and their one build take about six minutes on a clean checkout). Skipped, saying so,
# without a nightly toolchain; cargo-fuzz is installed when it is missing.
FUZZ_SMOKE_SECONDS ?= 20
fuzz-smoke:
	@if ! $(CARGO) +nightly --version > /dev/null 2>&1; then \
	  echo "fuzz-smoke: no nightly toolchain (rustup toolchain install nightly): the fuzz smoke run is SKIPPED"; \
	  exit 0; \
	fi; \
	if ! $(CARGO) +nightly fuzz --version > /dev/null 2>&1; then \
	  echo "fuzz-smoke: installing cargo-fuzz"; \
	  $(CARGO) install -q cargo-fuzz || { echo "fuzz-smoke: cargo-fuzz cannot be installed: SKIPPED"; exit 0; }; \
	fi; \
	$(MAKE) -s fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_SANITIZER=none

# Reading PGN, ours and cchess's (../shared/bench/bench_cchess.py read_pgn) on the same 200 files, in one run.
$(VENV)/.bench-installed: xiangqi-core/benches/peers/requirements.txt $(VENV)/.installed
	$(VPY) -m pip install -q --disable-pip-version-check -r xiangqi-core/benches/peers/requirements.txt
	touch $@

bench-peers-records: $(VENV)/.bench-installed
	cd ../shared/bench && $(abspath $(VPY)) bench_cchess.py --skip replay,replay_raw,perft3 --pgn 200 --calls 5 --repeat 1
	$(CARGO) bench -p xiangqi-core --bench pgn -- pgn-read-files

clean-venv:
	rm -rf $(VENV)

# ---- C and C++: the xiangqi-ffi library, include/xiangqi.h and include/xiangqi.hpp (docs/c-api.md) ----

FFI_TARGET_DIR := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)
FFI_LIB        := $(FFI_TARGET_DIR)/release/libxiangqi.a
FFI_OUT        := $(FFI_TARGET_DIR)/ffi
# What the Rust standard library needs from the system when linked statically.
FFI_SYSLIBS    := -lpthread -ldl -lm -lrt -lutil
FFI_CFLAGS     := -std=c99 -Wall -Wextra -Werror -pedantic -g -O1 -Iinclude -Itests/c
FFI_CXXFLAGS   := -std=c++17 -Wall -Wextra -Werror -g -O1 -Iinclude -Itests/c
FFI_SANITIZE   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND       := valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite

ffi-lib:
	$(CARGO) build -q --release -p xiangqi-ffi

# The C test (repetition cases, bad input) and the C++ test (two translation units), each built once with
# AddressSanitizer and UndefinedBehaviorSanitizer and once plain, run under valgrind memcheck.
# (include/xiangqi.h itself is checked against cbindgen's output by `rust-test`.)
ffi-test: ffi-lib
	@mkdir -p $(FFI_OUT)
	@for variant in san plain; do \
	  if [ $$variant = san ]; then flags="$(FFI_SANITIZE)"; else flags=""; fi; \
	  set -e; \
	  $(CC) $(FFI_CFLAGS) $$flags tests/c/test_api.c $(FFI_LIB) $(FFI_SYSLIBS) -o $(FFI_OUT)/test_api-$$variant; \
	  $(CC) $(FFI_CFLAGS) $$flags tests/c/test_cases.c tests/c/cases.c $(FFI_LIB) $(FFI_SYSLIBS) \
	    -o $(FFI_OUT)/test_cases-$$variant; \
	  $(CC) $(FFI_CFLAGS) $$flags -c tests/c/cases.c -o $(FFI_OUT)/cases-$$variant.o; \
	  $(CXX) $(FFI_CXXFLAGS) $$flags tests/cpp/test_cases.cpp tests/cpp/test_wrapper.cpp $(FFI_OUT)/cases-$$variant.o \
	    $(FFI_LIB) $(FFI_SYSLIBS) -o $(FFI_OUT)/test_cpp-$$variant; \
	  $(CC) $(FFI_CFLAGS) $$flags tests/c/test_competition.c $(FFI_LIB) $(FFI_SYSLIBS) -o $(FFI_OUT)/test_competition-$$variant; \
	  $(CC) $(FFI_CFLAGS) $$flags tests/c/test_corpus.c $(FFI_LIB) $(FFI_SYSLIBS) -o $(FFI_OUT)/test_corpus-$$variant; \
	  echo "ffi-test: built test_api, test_cases, test_cpp, test_competition and test_corpus ($$variant)"; \
	done
	$(FFI_OUT)/test_api-san tests/data
	$(FFI_OUT)/test_cases-san $(CASES)
	$(FFI_OUT)/test_cpp-san $(CASES) tests/data
	$(VALGRIND) $(FFI_OUT)/test_api-plain tests/data
	$(VALGRIND) $(FFI_OUT)/test_cases-plain $(CASES)
	$(VALGRIND) $(FFI_OUT)/test_cpp-plain $(CASES) tests/data
	$(FFI_OUT)/test_competition-san tests/data/competition
	$(VALGRIND) $(FFI_OUT)/test_competition-plain tests/data/competition
	$(FFI_OUT)/test_corpus-san tests/data/records $(FFI_OUT)/corpus-c.jsonl $(FFI_OUT)/corpus-c.plies.jsonl
	@# The engine's schemas are built once per process (OnceLock): "possibly lost" at exit, not leaks.
	$(VALGRIND) --show-possibly-lost=no $(FFI_OUT)/test_corpus-plain tests/data/records $(FFI_OUT)/corpus-c.parquet $(FFI_OUT)/corpus-c.plies.csv
	@# The C API's tables are the command's, byte for byte.
	$(CARGO) build -q --release -p xiangqi-cli
	$(FFI_TARGET_DIR)/release/xiangqi analyse tests/data/records --plies --threads 2 -o $(FFI_OUT)/corpus-cli.jsonl 2>/dev/null
	cmp $(FFI_OUT)/corpus-c.jsonl $(FFI_OUT)/corpus-cli.jsonl
	cmp $(FFI_OUT)/corpus-c.plies.jsonl $(FFI_OUT)/corpus-cli.plies.jsonl

# The C and C++ examples, built with warnings as errors and run.
ffi-examples: ffi-lib
	@mkdir -p $(FFI_OUT)
	$(CC) $(FFI_CFLAGS) examples/c/position_tour.c $(FFI_LIB) $(FFI_SYSLIBS) -o $(FFI_OUT)/position_tour_c
	$(CXX) $(FFI_CXXFLAGS) examples/cpp/position_tour.cpp $(FFI_LIB) $(FFI_SYSLIBS) -o $(FFI_OUT)/position_tour_cpp
	$(FFI_OUT)/position_tour_c
	$(FFI_OUT)/position_tour_cpp

# Both ways a CMake project takes the library (add_subdirectory, and find_package after an install into a
# temporary prefix), and a pkg-config compile of the installed tree. One cargo target directory throughout.
FFI_CMAKE := $(FFI_OUT)/cmake
cmake-test: ffi-lib
	rm -rf $(FFI_CMAKE)
	cmake -S tests/cmake -B $(FFI_CMAKE)/subdirectory -DXIANGQI_CONSUME=subdirectory -DXIANGQI_SOURCE_DIR=$(CURDIR) \
	  -DXIANGQI_CARGO_TARGET_DIR=$(FFI_TARGET_DIR) -DCARGO=$$(command -v $(CARGO)) > $(FFI_CMAKE)-configure.log
	cmake --build $(FFI_CMAKE)/subdirectory
	$(FFI_CMAKE)/subdirectory/consumer_c && $(FFI_CMAKE)/subdirectory/consumer_cpp && $(FFI_CMAKE)/subdirectory/consumer_shared
	cmake -S . -B $(FFI_CMAKE)/library -DXIANGQI_CARGO_TARGET_DIR=$(FFI_TARGET_DIR) -DXIANGQI_EXAMPLES=OFF \
	  -DCARGO=$$(command -v $(CARGO)) >> $(FFI_CMAKE)-configure.log
	cmake --build $(FFI_CMAKE)/library
	cmake --install $(FFI_CMAKE)/library --prefix $(FFI_CMAKE)/prefix > /dev/null
	cmake -S tests/cmake -B $(FFI_CMAKE)/find_package -DXIANGQI_CONSUME=find_package \
	  -DCMAKE_PREFIX_PATH=$(FFI_CMAKE)/prefix >> $(FFI_CMAKE)-configure.log
	cmake --build $(FFI_CMAKE)/find_package
	$(FFI_CMAKE)/find_package/consumer_c && $(FFI_CMAKE)/find_package/consumer_cpp && $(FFI_CMAKE)/find_package/consumer_shared
	@if command -v pkg-config > /dev/null; then \
	  set -ex; export PKG_CONFIG_PATH=$(FFI_CMAKE)/prefix/lib/pkgconfig; \
	  libdir=$$(pkg-config --variable=libdir xiangqi); \
	  $(CC) -std=c99 tests/cmake/consumer.c $$(pkg-config --cflags --libs xiangqi) -Wl,-rpath,$$libdir \
	    -o $(FFI_CMAKE)/pkg_config_shared; \
	  $(FFI_CMAKE)/pkg_config_shared; \
	  $(CC) -std=c99 tests/cmake/consumer.c $$(pkg-config --cflags xiangqi) $$libdir/libxiangqi.a \
	    $$(pkg-config --static --libs-only-l xiangqi | sed 's/-lxiangqi//') -o $(FFI_CMAKE)/pkg_config_static; \
	  $(FFI_CMAKE)/pkg_config_static; \
	else \
	  echo "cmake-test: pkg-config is not installed: the pkg-config compile is SKIPPED"; \
	fi

# Legal move generation through the C API against the direct Rust call, in one run (timings: not in `make test`).
bench-ffi: ffi-lib
	@mkdir -p $(FFI_OUT)
	$(CARGO) build -q --release -p xiangqi-ffi --example bench_legal_moves
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -Iinclude xiangqi-ffi/benches/legal_moves.c $(FFI_LIB) $(FFI_SYSLIBS) \
	  -o $(FFI_OUT)/bench_legal_moves_c
	$(PYTHON) xiangqi-ffi/benches/compare.py $(FFI_TARGET_DIR)/release/examples/bench_legal_moves \
	  $(FFI_OUT)/bench_legal_moves_c xiangqi-ffi/benches/positions.txt 200000 5

# ---- Installing and releasing (README: "Installing" and "Releasing") ----

# The C library, its headers, CMake package, pkg-config file and licences under PREFIX (DESTDIR is honoured
# for staged installs). The libraries go to lib/ (lib/<multiarch> or lib64/ when PREFIX is /usr).
PREFIX ?= /usr/local
FFI_INSTALL_BUILD := $(FFI_OUT)/install-build
install: ffi-lib
	rm -rf $(FFI_INSTALL_BUILD)
	cmake -S . -B $(FFI_INSTALL_BUILD) -DCMAKE_INSTALL_PREFIX=$(PREFIX) -DXIANGQI_CARGO_TARGET_DIR=$(FFI_TARGET_DIR) \
	  -DXIANGQI_EXAMPLES=OFF -DCARGO=$$(command -v $(CARGO)) > /dev/null
	cmake --build $(FFI_INSTALL_BUILD) > /dev/null
	DESTDIR="$(DESTDIR)" cmake --install $(FFI_INSTALL_BUILD)

# Everything a release needs, each a command that fails when its point does not hold: the crates for
# crates.io package, build as published (every feature set) and pass `cargo publish --dry-run`; every crate
# builds with its rust-version; the docs build without warnings and each front page has an example; the
# wheel passes the Python tests installed into a fresh venv outside the checkout, and the sdist builds; the C
# library installs where a distribution expects it and the CMake consumer builds against the installed copy.
RELEASE_WORK := $(FFI_TARGET_DIR)/release-check
release-check: release-crates release-msrv release-docs release-wheel release-c
	@echo "make release-check: ready to publish"

release-crates:
	$(PYTHON) tests/release/check_crates.py $(RELEASE_WORK)/crates

release-msrv:
	$(PYTHON) tests/release/check_msrv.py $(RELEASE_WORK)/msrv

release-docs: docs
	$(PYTHON) tests/release/check_front_pages.py

release-wheel: $(VENV)/.py-deps
	$(CARGO) build -q --release -p xiangqi-core --example replay
	tests/release/check_wheel.sh $(abspath $(VENV))/bin/maturin $(PYTHON) $(FFI_TARGET_DIR) \
	  "$(FFI_TARGET_DIR)/release/examples/replay"

release-c:
	tests/release/check_c_install.sh $$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)

# ---- JavaScript: the WebAssembly build, the npm package and the page (docs/wasm.md) ----

WASM_TOOLS := $(FFI_TARGET_DIR)/wasm-tools
WASM_OUT   := $(FFI_TARGET_DIR)/wasm-test
WASM_ENV   := TOOLS_DIR=$(WASM_TOOLS) CARGO_TARGET_DIR=$(FFI_TARGET_DIR)

# Debian's rustc-web, cargo-web, rust-web-src, lld-22 and chromium (apt-get, as root), the wasm-bindgen step
# over wasm-bindgen-cli-support at the crate's pinned version (crates.io), wasm-opt, tsc, playwright-core and
# ffish (npm): each only once.
wasm-toolchain:
	$(WASM_ENV) scripts/wasm-toolchain.sh

# xiangqi-wasm/pkg: the module for Node (CommonJS and ES modules) and pages, optimised by wasm-opt.
wasm-build: wasm-toolchain
	$(WASM_ENV) scripts/wasm-build.sh

# The crate's format and lints (it is not a workspace member), then node's test runner over the shared case
# files, the bundled records (compared with the core's replay example), bad input, the packed package from
# CommonJS and ES modules, the TypeScript declarations, and the page in headless Chromium (screenshot in
# $(WASM_OUT)/page.png).
wasm-test: wasm-build
	$(CARGO) fmt --manifest-path xiangqi-wasm/Cargo.toml -- --check
	$(CARGO) fmt --manifest-path xiangqi-wasm/bindgen/Cargo.toml -- --check
	CARGO_TARGET_DIR=$(FFI_TARGET_DIR) $(CARGO) clippy -q --manifest-path xiangqi-wasm/Cargo.toml --all-targets -- -D warnings
	$(CARGO) build -q --release -p xiangqi-core --example replay
	$(WASM_ENV) WASM_TEST_OUT=$(WASM_OUT) XIANGQI_REPLAY="$(FFI_TARGET_DIR)/release/examples/replay" \
	  node --test tests/wasm/*.test.mjs examples/web/page.test.mjs

# Legal moves and replaying the bundled games, ours and ffish's (npm), in one run (not part of `make test`).
bench-wasm: wasm-build
	$(WASM_ENV) node bench/wasm/bench.mjs
