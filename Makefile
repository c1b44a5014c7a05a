# sctrace — build, test, demo. Every target installs what it needs.

GO          ?= go
BIN         := bin
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOBIN       := $(shell $(GO) env GOPATH)/bin
# Debian packages the tests drive: strace is the oracle, gcc builds workloads.
TEST_PKGS   := strace gcc libc6-dev

.PHONY: all build demo test deps lint generate clean

all: build

build:
	$(GO) build -o $(BIN)/sctrace ./cmd/sctrace

# demo: build, then trace a small pipeline so a newcomer sees real output.
demo: build
	@echo '$$ bin/sctrace -f -e trace=execve,openat,read,write,clone,wait4,exit_group sh -c "echo hello | cat"'
	@$(BIN)/sctrace -f -e trace=execve,openat,read,write,clone,wait4,exit_group sh -c 'echo hello | cat'
	@echo
	@echo '$$ bin/sctrace -T -e trace=openat,read,write,close cat /etc/hostname'
	@LC_ALL=C $(BIN)/sctrace -T -e trace=openat,read,write,close cat /etc/hostname

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

test: deps lint
	mkdir -p $(BIN) && SCTRACE_CONFORMANCE_REPORT=$(CURDIR)/$(BIN)/conformance.txt $(GO) test -count=1 -timeout 20m ./...
	@echo; echo "strace conformance (internal/conformance):"; cat $(BIN)/conformance.txt

generate:
	$(GO) generate ./syscalls/...

clean:
	rm -rf $(BIN)
