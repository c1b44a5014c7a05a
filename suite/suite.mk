# strace 6.1's own test suite as sctrace's oracle (suite/README.md).
# Included at the end of the Makefile.
#
# strace-suite: fetch and build the suite (cached in /var/cache/sctrace-suite),
# run it with STRACE=bin/sctrace on each backend, write the pass lists of the
# run and bin/strace-suite-summary.txt, and fail when a test listed in
# suite/pass-BACKEND.txt no longer passes.
# strace-suite-update: add the tests the last run passed to those lists.

.PHONY: strace-suite strace-suite-update

strace-suite: build
	bash suite/strace-suite.sh run

strace-suite-update:
	bash suite/strace-suite.sh update
