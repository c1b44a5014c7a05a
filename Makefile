# sctrace — build, test, demo. Every target installs what it needs.

GO          ?= go
BIN         := bin
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOBIN       := $(shell $(GO) env GOPATH)/bin
# Debian packages the tests drive: strace is the oracle, gcc (g++ for C++)
# builds workloads.
TEST_PKGS   := strace gcc g++ libc6-dev python3 btrfs-progs

.PHONY: all build demo bench bench-decode bench-startup test deps lint generate bpf-tools figures clean

all: build

# SCTRACE_BUILD links sctrace statically, with Go's own user, group and
# host lookups (which read /etc/passwd, /etc/group and /etc/hosts instead
# of loading NSS modules, which a static glibc cannot do safely): an
# execve of sctrace, its own and each exec stub's, then maps and relocates
# no shared library.
SCTRACE_BUILD := -tags osusergo,netgo -ldflags=-extldflags=-static

build:
	$(GO) build $(SCTRACE_BUILD) -o $(BIN)/sctrace ./cmd/sctrace
	$(GO) build -o $(BIN)/sctrace-bench ./cmd/sctrace-bench

# demo: build, then trace a small pipeline so a newcomer sees real output.
demo: build
	@echo '$$ bin/sctrace -f -e trace=execve,openat,read,write,clone,wait4,exit_group sh -c "echo hello | cat"'
	@$(BIN)/sctrace -f -e trace=execve,openat,read,write,clone,wait4,exit_group sh -c 'echo hello | cat'
	@echo
	@echo '$$ bin/sctrace -T -e trace=openat,read,write,close cat /etc/hostname'
	@LC_ALL=C $(BIN)/sctrace -T -e trace=openat,read,write,close cat /etc/hostname
	@echo
	@echo '# What tracing costs the tracer itself, per backend (--tracer-stats):'
	@for b in ptrace ebpf; do \
		if $(BIN)/sctrace --backend=$$b -o /dev/null true 2>/dev/null; then \
			echo '$$ bin/sctrace --backend='$$b' --tracer-stats -o /dev/null $(DEMO_DD)'; \
			$(BIN)/sctrace --backend=$$b --tracer-stats -o /dev/null $(DEMO_DD) 2>&1 | grep -v -e '+0 records' -e ' copied, '; \
		else echo "# (--backend=$$b is not available here)"; fi; \
	done
	@echo
	@echo '# The overhead harness, short version (make bench runs the full one):'
	@echo '$$ bin/sctrace-bench $(DEMO_BENCH)'
	@$(BIN)/sctrace-bench $(DEMO_BENCH)

# The demo's workload and harness run: about half a minute on 2 cores.
DEMO_DD     := dd if=/dev/zero of=/dev/null bs=1 count=2k
DEMO_BENCH  := --count 20k --runs 3 --configs 'sctrace-*-full,sctrace-*-c,sctrace-ptrace-seccomp,strace-full'

# bench: the full overhead measurement on dd (about one million syscalls):
# raw figures in $(BIN)/overhead.json, the Markdown table for the README in
# $(BIN)/overhead.md, the chart in docs/overhead.svg. Run it on an otherwise
# idle machine; BENCH_FLAGS="--count 50k --runs 3" for a quicker one.
BENCH_PKGS  := strace linux-perf
BENCH_FLAGS ?=
bench: build
	@missing=""; for p in $(BENCH_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	$(BIN)/sctrace-bench --json $(BENCH_FLAGS) > $(BIN)/overhead.json
	$(BIN)/sctrace-bench --from $(BIN)/overhead.json --markdown --svg docs/overhead.svg | tee $(BIN)/overhead.md

# bench-decode: the decoder's speed on one core (BenchmarkDecodeLine).
bench-decode:
	mkdir -p $(BIN) && $(GO) test -run '^$$' -bench BenchmarkDecodeLine -benchtime 3s -count 5 -cpu 1 ./decode | tee $(BIN)/decode-bench.txt

# bench-startup: what one run of sctrace on `true` costs, per backend and
# kind of run (BenchmarkStartup: wall time per run, CPU time, largest
# resident set). Run it on an otherwise idle machine; root for the eBPF rows.
bench-startup:
	mkdir -p $(BIN) && $(GO) test -run '^$$' -bench BenchmarkStartup -benchtime 20x -count 3 ./internal/e2e | tee $(BIN)/startup-bench.txt

# deps: install the Debian packages the tests need, when missing (root).
deps:
	@missing=""; for p in $(TEST_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@test -x $(GOBIN)/staticcheck || $(GO) install $(STATICCHECK)

lint: deps
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GOBIN)/staticcheck ./...

# RACE_PKGS are the packages whose tests need no privileges: make test runs
# them once more under the race detector. (The packages that trace run as
# root, and their timing is part of what they test.)
RACE_PKGS   := ./capture ./cmd/sctrace ./cmd/sctrace-bench ./cmd/sctrace-figures \
	./decode ./fdpath ./filter ./internal/startfds ./internal/testutil ./internal/tracee ./printer \
	./summary ./syscalls ./trace

# The tests that run sctrace run the binary build made (SCTRACE_BIN).
test: deps lint build
	$(GO) test -race -count=1 $(RACE_PKGS)
	mkdir -p $(BIN) && SCTRACE_CONFORMANCE_REPORT=$(CURDIR)/$(BIN)/conformance.txt \
		SCTRACE_PARITY_REPORT=$(CURDIR)/$(BIN)/parity.txt SCTRACE_BIN=$(BIN)/sctrace \
		$(GO) test -count=1 -timeout 20m ./...
	@echo; echo "strace conformance (internal/conformance):"; cat $(BIN)/conformance.txt
	@echo; echo "backend parity, ptrace vs ebpf (internal/conformance):"; cat $(BIN)/parity.txt 2>/dev/null || echo "(not run)"

# bpf-tools: clang/llvm (and libbpf's headers) compile bpfbackend/bpf/*.c.
# Only generate needs them: the objects bpf2go writes are committed.
BPF_PKGS    := clang llvm libbpf-dev
bpf-tools:
	@missing=""; for p in $(BPF_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

generate: bpf-tools
	$(GO) generate ./syscalls/... ./decode/... ./bpfbackend/...

# figures: copy the figures of the last runs into the documents' generated
# blocks: the conformance and parity totals of the last `make test`, the
# table of the last `make bench`, the pass counts of the last
# `make strace-suite`. Run it after any of them; nothing in those
# blocks is edited by hand.
figures:
	$(GO) run ./cmd/sctrace-figures \
		$$(test -f $(BIN)/conformance.txt && echo --conformance $(BIN)/conformance.txt) \
		$$(test -f $(BIN)/parity.txt && echo --parity $(BIN)/parity.txt) \
		$$(test -f $(BIN)/overhead.json && echo --bench $(BIN)/overhead.json) \
		$$(test -f $(BIN)/strace-suite-summary.txt && echo --suite $(BIN)/strace-suite-summary.txt) \
		README.md docs/overhead.md suite/README.md

clean:
	rm -rf $(BIN)

include suite/suite.mk
