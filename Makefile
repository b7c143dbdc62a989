# Inkstone: the two commands are `make run` and `make test` (see README.md).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
SWIFT_BUILD_FLAGS ?=
FUZZ_SECONDS ?= 600
SOAK_CALLS ?= 200000
SOAK_SECONDS ?= 3600

.PHONY: run test build release bench bench-deps hot-functions install uninstall generate clean fuzz soak asan tsan lint format

run:            ## install missing packages, build inkstoned and inkstone, run inkstoned on the session bus
	scripts/run.sh $(ARGS)

test:           ## install missing packages, build, run every test
	scripts/test.sh $(SWIFT_BUILD_FLAGS)

build:
	scripts/ensure-deps.sh
	TMPDIR=$(CURDIR)/.tmp swift build

release:
	scripts/ensure-deps.sh
	mkdir -p .tmp
	TMPDIR=$(CURDIR)/.tmp swift build -c release --product inkstoned
	TMPDIR=$(CURDIR)/.tmp swift build -c release --product inkstone
	TMPDIR=$(CURDIR)/.tmp swift build -c release --product inkstone-bench

bench-deps:     ## install what the benchmarks compare with: stock fcitx5, fcitx5-hangul, fcitx5-pinyin, sd-bus
	scripts/ensure-bench-deps.sh

bench: release bench-deps  ## run every benchmark (release build); ARGS="--quick" for a smoke run
	bin=$$(TMPDIR=$(CURDIR)/.tmp swift build -c release --show-bin-path); \
	for b in all protocol roundtrip service buffer engine segmentation geometry; do $$bin/inkstone-bench $$b $(ARGS) || exit 1; done

hot-functions:  ## profile keys under callgrind and rewrite Sources/inkstoned/HotFunctions.order (the release daemon's code layout)
	scripts/hot-functions.sh

fuzz:           ## libFuzzer on the buffer model, the engines and the message reader, FUZZ_SECONDS per target
	scripts/fuzz.sh $(FUZZ_SECONDS)

soak:           ## random calls to a fresh daemon over a private bus: SOAK_CALLS calls, at most SOAK_SECONDS
	scripts/soak.sh $(SOAK_CALLS) $(SOAK_SECONDS)

asan:           ## the whole suite under AddressSanitizer (.build-asan)
	scripts/sanitize.sh address

tsan:           ## the whole suite under ThreadSanitizer (.build-tsan)
	scripts/sanitize.sh thread

lint:           ## swift format lint --strict over Sources, Tests and Package.swift (.swift-format, Tests/.swift-format)
	scripts/lint.sh

format:         ## swift format in place with the same configurations
	scripts/lint.sh --fix

generate:       ## regenerate sources derived from dbus/*.xml
	scripts/generate-introspection.sh

install:        ## build (as you, never as root), then install binaries, activation file, user unit, XML
	PREFIX="$(PREFIX)" BINDIR="$(BINDIR)" DESTDIR="$(DESTDIR)" scripts/install.sh install

uninstall:      ## remove exactly what `make install` installed under $(PREFIX)
	PREFIX="$(PREFIX)" BINDIR="$(BINDIR)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .tmp
