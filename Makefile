# Makefile: the two commands of the README contract.
#   make run   installs what is missing, builds, and ports the bundled corpus into out/
#   make test  installs what is missing, builds, and runs the whole suite through ctest
BUILD ?= build
JOBS ?= $(shell nproc)
HIPIFY = $(BUILD)/bin/hipify-c

.PHONY: all deps build run test clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@scripts/run-corpus.sh $(HIPIFY) out

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) out
