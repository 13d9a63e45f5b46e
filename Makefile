# Makefile: the two commands of the README contract.
#   make run   installs what is missing, builds, and ports the bundled corpus into out/
#   make test  installs what is missing, builds, and runs the whole suite through ctest
BUILD ?= build
JOBS ?= $(shell nproc)
HIPIFY = $(BUILD)/bin/hipify-c
# The developer build treats warnings as errors (CMake's own default is off, for users and packagers);
# WERROR=OFF turns it off here too.
WERROR ?= ON

.PHONY: all deps build run test clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIPIFY_WERROR=$(WERROR)

# A build folder configured elsewhere (plain cmake: warnings not errors) is switched to this build's setting.
build: deps $(BUILD)/CMakeCache.txt
	@grep -qx 'HIPIFY_WERROR:BOOL=$(WERROR)' $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DHIPIFY_WERROR=$(WERROR)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@scripts/run-corpus.sh $(HIPIFY) out

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) out
