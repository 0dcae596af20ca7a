# libgomoku - GNU Makefile
# User variables (CC, CFLAGS, LDFLAGS, PREFIX, DESTDIR, LIBDIR, INCLUDEDIR, ...) are
# respected; the flags the build needs are added separately.

VERSION_MAJOR := $(shell sed -n 's/^\#define GOMOKU_VERSION_MAJOR \([0-9]*\).*/\1/p' include/gomoku.h)
VERSION_MINOR := $(shell sed -n 's/^\#define GOMOKU_VERSION_MINOR \([0-9]*\).*/\1/p' include/gomoku.h)
VERSION_PATCH := $(shell sed -n 's/^\#define GOMOKU_VERSION_PATCH \([0-9]*\).*/\1/p' include/gomoku.h)
VERSION := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

CC ?= cc
# -O3 rather than -O2: the same search (`make bench` gives the same nodes) in 11% less
# time with gcc 12 (docs/measurements.md, "Compiler flags").
CFLAGS ?= -O3 -g
PREFIX ?= /usr/local
EXEC_PREFIX ?= $(PREFIX)
LIBDIR ?= $(EXEC_PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR ?= $(EXEC_PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL ?= install
PYTHON ?= python3

WARN := -std=c11 -Wall -Wextra -Wpedantic
LIB_CFLAGS := $(WARN) -Iinclude -Isrc -DGOMOKU_BUILDING -fPIC -fvisibility=hidden -pthread
APP_CFLAGS := $(WARN) -Iinclude -pthread
TEST_CFLAGS := $(WARN) -Iinclude -Isrc -pthread

SONAME := libgomoku.so.$(VERSION_MAJOR)
LIB_A := lib/libgomoku.a
LIB_SO := lib/libgomoku.so.$(VERSION)

SRCS := $(wildcard src/*.c)
OBJS := $(patsubst src/%.c,build/obj/%.o,$(SRCS))
EXAMPLE_SRCS := $(wildcard examples/*.c)
EXAMPLES := $(patsubst %.c,%,$(EXAMPLE_SRCS))
# What `make install` puts in BINDIR: the programs for users, each with its man page. The
# other examples are benchmarks and demonstrations that need this source tree.
USER_PROGRAMS := pbrain-gomoku gomoku-play gomoku-analyze
TEST_SRCS := $(wildcard test/test_*.c)
TESTS := $(patsubst test/%.c,build/test/%,$(TEST_SRCS))
MANPAGES := $(wildcard man/*.1)

.PHONY: all lib examples tests test check demo bench board-bench vct-bench stop-latency node-profile tactics install uninstall clean \
        asan tsan valgrind symbols docs install-smoke fuzz fuzz-smoke fuzz-pbrain

all: lib examples gomoku.pc

lib: $(LIB_A) $(LIB_SO) lib/$(SONAME) lib/libgomoku.so

build/obj/%.o: src/%.c src/internal.h include/gomoku.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(LIB_CFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(OBJS:.o=.d)

$(LIB_A): $(OBJS)
	@mkdir -p lib
	rm -f $@
	$(AR) rcs $@ $(OBJS)

$(LIB_SO): $(OBJS)
	@mkdir -p lib
	$(CC) -shared -Wl,-soname,$(SONAME) $(CFLAGS) $(LDFLAGS) -pthread -o $@ $(OBJS) -lm

lib/$(SONAME): $(LIB_SO)
	ln -sf $(notdir $(LIB_SO)) $@

lib/libgomoku.so: lib/$(SONAME)
	ln -sf $(SONAME) $@

PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|'

gomoku.pc: gomoku.pc.in include/gomoku.h
	$(PC_SED) $< > $@

# Example programs link the static library, like an outside user building statically.
examples: $(EXAMPLES)

examples/%: examples/%.c $(LIB_A) include/gomoku.h
	$(CC) $(CPPFLAGS) $(APP_CFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIB_A) -lm

# Tests link the static library, so they can reach the internal gomoku__ functions too.
build/test/%: test/%.c $(LIB_A) test/testutil.h
	@mkdir -p build/test
	$(CC) $(CPPFLAGS) $(TEST_CFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(TEST_LDFLAGS) $(LIB_A) -lcmocka -lm

# The allocation-failure test puts its own failing allocator between the library and libc.
build/test/test_alloc: TEST_LDFLAGS = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=mmap,--wrap=pthread_create

tests: $(TESTS) bench/vct-bench bench/combo-features bench/node-profile

# The test command: installs cmocka when it is missing and it can, then runs everything.
test check:
	@sh test/ensure-deps.sh
	@$(MAKE) --no-print-directory all tests
	@sh test/run-tests.sh $(TESTS)

# The main job: a short engine-vs-engine game on 15x15, the board after every move with
# the engine's depth, score and speed.
demo: all
	./examples/gomoku-play --black engine --white engine --size 15 --time 200 < /dev/null

bench: all
	./examples/gomoku-bench

# Micro-benchmark of the incremental board; uses internal functions, hence -Isrc.
board-bench: bench/board-bench
	./bench/board-bench

bench/board-bench: bench/board-bench.c $(LIB_A) src/internal.h include/gomoku.h
	$(CC) $(CPPFLAGS) $(TEST_CFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIB_A) -lm

# The threat solver (gomoku_vct) on the win puzzles and on 456 positions of match games,
# at a fixed node budget: wins proven and nodes, which do not depend on the load.
vct-bench: bench/vct-bench
	./bench/vct-bench --nodes 3000000 ../shared/positions/tactics.txt
	./bench/vct-bench --nodes 487000 bench/vct-positions.txt
	./bench/vct-bench --refute --nodes 1000000 ../shared/positions/tactics.txt

# Time from gomoku_stop() to the return of gomoku_search, at random moments in middle
# games with 1, 2 and 4 threads: percentiles and the worst stops (run on an idle machine).
STOPS ?= 10000
stop-latency: bench/stop-latency
	./bench/stop-latency --stops $(STOPS)

bench/stop-latency: bench/stop-latency.c $(LIB_A) src/internal.h include/gomoku.h
	$(CC) $(CPPFLAGS) $(TEST_CFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIB_A) -lm

# Where the search's nodes go (bench/node-profile.c): the library's objects compiled again
# with the node profile's counters (search.h), which the default build leaves out.
PROFILE_OBJS := $(patsubst src/%.c,build/profile/%.o,$(SRCS))

build/profile/%.o: src/%.c src/internal.h include/gomoku.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(LIB_CFLAGS) $(CFLAGS) -DGOMOKU_NODE_PROFILE -MMD -MP -c $< -o $@

-include $(PROFILE_OBJS:.o=.d)

bench/node-profile: bench/node-profile.c $(PROFILE_OBJS) src/search.h include/gomoku.h
	$(CC) $(CPPFLAGS) $(TEST_CFLAGS) $(CFLAGS) -DGOMOKU_NODE_PROFILE $< -o $@ $(LDFLAGS) $(PROFILE_OBJS) -lm

# The test of the profile itself links the same objects.
build/test/test_profile: test/test_profile.c $(PROFILE_OBJS) src/search.h test/testutil.h
	@mkdir -p build/test
	$(CC) $(CPPFLAGS) $(TEST_CFLAGS) $(CFLAGS) -DGOMOKU_NODE_PROFILE $< -o $@ $(LDFLAGS) $(PROFILE_OBJS) -lcmocka -lm

NODES ?= 150000
node-profile: bench/node-profile
	./bench/node-profile --nodes $(NODES)

# The inputs of bench/fit-combo.py (the fitted evaluation's tables).
bench/combo-features: bench/combo-features.c $(LIB_A) src/internal.h include/gomoku.h
	$(CC) $(CPPFLAGS) $(TEST_CFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIB_A) -lm

bench/vct-bench: bench/vct-bench.c $(LIB_A) include/gomoku.h
	$(CC) $(CPPFLAGS) $(APP_CFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIB_A) -lm

clean:
	rm -rf build lib/*.a lib/*.so* gomoku.pc $(EXAMPLES) docs/html bench/board-bench bench/vct-bench bench/stop-latency bench/combo-features \
	    bench/node-profile

# ---- quality targets ----------------------------------------------------------------
asan:
	$(MAKE) clean
	$(MAKE) all tests CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined"
	GOMOKU_SANITIZED=1 sh test/run-tests.sh $(TESTS)

# ThreadSanitizer: the library and the thread tests rebuilt with -fsanitize=thread;
# test_threads is the stress (8 engines in 8 threads, stops from a 9th) and runs TSAN_MS
# milliseconds. Any report fails the run; timing margins are the loose ones of valgrind.
TSAN_MS ?= 60000
TSAN_TESTS := build/test/test_threads build/test/test_search
tsan:
	$(MAKE) clean
	$(MAKE) lib $(TSAN_TESTS) CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" \
	    LDFLAGS="-fsanitize=thread"
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" GOMOKU_SANITIZED=1 GOMOKU_QUICK=1 GOMOKU_STRESS_MS=$(TSAN_MS) \
	    sh -c 'for t in $(TSAN_TESTS); do echo "== $$t"; $$t || exit 1; done'

valgrind: all tests
	GOMOKU_QUICK=1 sh test/run-tests.sh --valgrind $(TESTS)

# Only gomoku_* symbols may be exported from the shared library.
symbols: $(LIB_SO)
	@bad=$$(nm -D --defined-only $(LIB_SO) | awk '{print $$3}' | grep -v '^gomoku_' | grep -v '^_' || true); \
	if [ -n "$$bad" ]; then echo "non-gomoku symbols exported:"; echo "$$bad"; exit 1; fi; \
	n=$$(nm -D --defined-only $(LIB_SO) | awk '{print $$3}' | grep -c '^gomoku_'); \
	echo "symbols: $$n exported, all gomoku_*"

# libFuzzer on the public API (fuzz/fuzz_api.c), built with clang from the sources directly
# with AddressSanitizer and UBSan. `make fuzz` runs FUZZ_TIME seconds on one core: new
# inputs go to build/fuzz/corpus (fuzz/corpus, the seeds, is only read), a crash, leak or
# broken invariant to build/fuzz/crash-* with a non-zero exit. `make fuzz-smoke`: a fixed
# number of runs from the seeds, for CI.
FUZZ_CC ?= clang
FUZZ_TIME ?= 60
FUZZ_RUNS ?= 3000
FUZZ_CFLAGS := $(WARN) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-Iinclude -Isrc -pthread
FUZZ_OPTS := -seed=1 -max_len=1024 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix=build/fuzz/

build/fuzz/fuzz_api: fuzz/fuzz_api.c $(SRCS) src/internal.h src/search.h include/gomoku.h
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) fuzz/fuzz_api.c $(SRCS) -o $@ -lm

# The protocol loop of pbrain-gomoku (fuzz/fuzz_pbrain.c includes the program's source).
build/fuzz/fuzz_pbrain: fuzz/fuzz_pbrain.c examples/pbrain-gomoku.c $(SRCS) src/internal.h include/gomoku.h
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) fuzz/fuzz_pbrain.c $(SRCS) -o $@ -lm

fuzz: build/fuzz/fuzz_api
	@mkdir -p build/fuzz/corpus
	build/fuzz/fuzz_api $(FUZZ_OPTS) -max_total_time=$(FUZZ_TIME) build/fuzz/corpus fuzz/corpus

# `make fuzz-pbrain`: the same on the protocol loop, new inputs to build/fuzz/pbrain-corpus.
PBRAIN_FUZZ_OPTS := -seed=1 -max_len=8192 -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix=build/fuzz/
fuzz-pbrain: build/fuzz/fuzz_pbrain
	@mkdir -p build/fuzz/pbrain-corpus
	build/fuzz/fuzz_pbrain $(PBRAIN_FUZZ_OPTS) -max_total_time=$(FUZZ_TIME) build/fuzz/pbrain-corpus fuzz/pbrain-corpus

# The protocol: every seed replayed whole (with the generated 1 MB line and 1,024-stone
# board), then PBRAIN_FUZZ_RUNS runs from the seeds.
PBRAIN_FUZZ_RUNS ?= 300
fuzz-smoke: build/fuzz/fuzz_api build/fuzz/fuzz_pbrain
	rm -rf build/fuzz/smoke build/fuzz/pbrain-smoke build/fuzz/pbrain-big
	@mkdir -p build/fuzz/smoke build/fuzz/pbrain-smoke
	build/fuzz/fuzz_api $(FUZZ_OPTS) -runs=$(FUZZ_RUNS) build/fuzz/smoke fuzz/corpus
	sh fuzz/make-pbrain-corpus.sh --big build/fuzz/pbrain-big
	build/fuzz/fuzz_pbrain -timeout=20 fuzz/pbrain-corpus/* build/fuzz/pbrain-big/*
	build/fuzz/fuzz_pbrain $(PBRAIN_FUZZ_OPTS) -runs=$(PBRAIN_FUZZ_RUNS) build/fuzz/pbrain-smoke fuzz/pbrain-corpus

docs:
	@if command -v doxygen >/dev/null 2>&1; then doxygen docs/Doxyfile && echo "docs: docs/html/index.html"; \
	else echo "docs: doxygen is not installed (apt-get install doxygen); the header include/gomoku.h is the reference"; fi

install: all
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	$(INSTALL) -m 644 include/gomoku.h $(DESTDIR)$(INCLUDEDIR)/gomoku.h
	$(INSTALL) -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/libgomoku.a
	$(INSTALL) -m 755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO))
	ln -sf $(notdir $(LIB_SO)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libgomoku.so
	# generated again here: PREFIX and LIBDIR given to install may differ from the build's
	$(PC_SED) gomoku.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/gomoku.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/gomoku.pc
	for p in $(USER_PROGRAMS); do $(INSTALL) -m 755 examples/$$p $(DESTDIR)$(BINDIR)/; \
	    $(INSTALL) -m 644 man/$$p.1 $(DESTDIR)$(MANDIR)/man1/; done
	@# Into a directory the run-time linker searches (/usr/local/lib, ...), as root and
	@# without DESTDIR: refresh its cache, so programs linked with -lgomoku start.
	@# Otherwise say how they find the library.
	@if [ -z "$(DESTDIR)" ]; then \
	    PATH="$$PATH:/sbin:/usr/sbin"; \
	    if [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1 && \
	        ldconfig -N -v 2>/dev/null | cut -d: -f1 | grep -q -x -F "$(LIBDIR)"; then \
	        echo "ldconfig"; ldconfig; fi; \
	    if ! ldconfig -p 2>/dev/null | grep -q -F "$(LIBDIR)/$(SONAME)"; then \
	        echo "note: the run-time linker does not search $(LIBDIR): link programs with"; \
	        echo "      -Wl,-rpath,$(LIBDIR) (or add it to /etc/ld.so.conf.d and run ldconfig)"; \
	    fi; \
	fi

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/gomoku.h $(DESTDIR)$(LIBDIR)/libgomoku.a \
	    $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO)) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libgomoku.so $(DESTDIR)$(PKGCONFIGDIR)/gomoku.pc
	@# every example name: earlier versions installed them all
	for p in $(EXAMPLES); do rm -f $(DESTDIR)$(BINDIR)/$$(basename $$p); done
	for m in $(MANPAGES); do rm -f $(DESTDIR)$(MANDIR)/man1/$$(basename $$m); done
	@PATH="$$PATH:/sbin:/usr/sbin"; \
	if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then \
	    ldconfig; fi
