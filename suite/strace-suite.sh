#!/usr/bin/env bash
# strace 6.1's own test suite as an oracle for sctrace (suite/README.md).
#
#   strace-suite.sh run      fetch and build the suite (cached), run strace
#                            itself over it once (cached), then sctrace on
#                            each backend; write the results and the summary,
#                            and fail if a test of a committed pass list no
#                            longer passes
#   strace-suite.sh update   add the tests the last run passed to the
#                            committed pass lists (never removes one)
#
# Settings (environment): SUITE_CACHE (/var/cache/sctrace-suite),
# SUITE_BACKENDS ("ebpf ptrace"), SUITE_JOBS (3), SUITE_TIMEOUT (seconds a
# test may take, 120), SUITE_TESTS (run only these tests, for debugging; the
# names as in the lists). Run as root from the repository's top directory,
# after `make build`.
set -euo pipefail
# One collation for sort and comm.
export LC_ALL=C

top=$(pwd)
suite=$top/suite
out=$top/bin/strace-suite
summary=$top/bin/strace-suite-summary.txt
sctrace=$top/bin/sctrace
cache=${SUITE_CACHE:-/var/cache/sctrace-suite}
backends=${SUITE_BACKENDS:-ebpf ptrace}
jobs=${SUITE_JOBS:-3}
timeout=${SUITE_TIMEOUT:-120}

# The Debian packages the suite's build and the reference run need: the
# compiler and tools, the headers Debian's own build of strace has (so the
# test programs see the features /usr/bin/strace was built with), and strace.
# btrfs-progs makes the file system strace's btrfs tests that write need.
pkgs="dpkg-dev xz-utils gcc make libc6-dev gawk libbluetooth-dev libunwind-dev libiberty-dev strace btrfs-progs"
# The source package comes from bookworm's deb-src, which this file adds.
src_list=/etc/apt/sources.list.d/sctrace-suite-src.sources
# How the test programs are built: the native ABI only, no m32/mx32 copies.
configure_flags="--enable-mpers=no"

say() { echo "strace-suite: $*"; }
die() {
	echo "strace-suite: $*" >&2
	exit 1
}

# ensure_packages installs what is missing of $pkgs.
ensure_packages() {
	local missing="" p
	for p in $pkgs; do
		dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	say "installing:$missing"
	apt-get update -qq
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
}

# source_version prints the version of Debian's strace source package,
# adding the deb-src entry it needs first.
source_version() {
	if [ ! -f "$src_list" ]; then
		say "adding $src_list (bookworm deb-src)" >&2
		cat >"$src_list" <<'EOF'
# Added by sctrace's suite/strace-suite.sh: strace's source package, whose
# test suite is sctrace's oracle.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	fi
	local v
	v=$(apt-cache showsrc strace 2>/dev/null | awk '$1 == "Version:" { print $2; exit }')
	if [ -z "$v" ]; then
		apt-get update -qq
		v=$(apt-cache showsrc strace 2>/dev/null | awk '$1 == "Version:" { print $2; exit }')
	fi
	[ -n "$v" ] || die "apt-cache showsrc strace finds no source package"
	echo "$v"
}

# build fetches the source package and builds the test programs; built
# says whether that was done with this recipe: $dir/src holds the built
# tree, $dir/built the configure flags it used.
built() {
	[ -f "$1/built" ] && [ "$(cat "$1/built")" = "$configure_flags" ]
}

build() {
	local dir=$1 version=$2 t0 tmp
	t0=$SECONDS
	say "fetching and building strace $version's test programs in $dir"
	# A new build makes new reference results.
	rm -rf "$dir/src" "$dir/built" "$dir/fetch" "$dir"/reference-*
	mkdir -p "$dir/fetch"
	(cd "$dir/fetch" && apt-get source "strace=$version" >"$dir/fetch.log" 2>&1) ||
		die "apt-get source strace=$version failed: $dir/fetch.log"
	tmp=$(find "$dir/fetch" -mindepth 1 -maxdepth 1 -type d -name 'strace-*' | head -n 1)
	[ -n "$tmp" ] || die "apt-get source left no strace-* directory in $dir/fetch"
	mv "$tmp" "$dir/src"
	rm -rf "$dir/fetch"
	(cd "$dir/src" && ./configure -q $configure_flags >"$dir/configure.log" 2>&1) ||
		die "configure failed: $dir/configure.log"
	make -C "$dir/src/tests" -j2 check TESTS= >"$dir/build.log" 2>&1 ||
		die "building the test programs failed: $dir/build.log"
	echo "$configure_flags" >"$dir/built"
	echo $((SECONDS - t0)) >"$dir/build.seconds"
	say "built in $((SECONDS - t0)) s"
}

# all_tests prints the names of the suite's tests (the files that make
# check runs, less .gen.test or .test).
all_tests() {
	make -s -C "$1/src/tests" -f Makefile -f - print-tests <<'EOF' | tr ' ' '\n' | sed -n 's/\.gen\.test$//p; s/\.test$//p' | sort -u
print-tests:
	@echo $(TESTS)
EOF
}

# test_file maps a test name to the file make check runs.
test_files() {
	local t
	for t in "$@"; do
		if [ -f "$src/tests/$t.gen.test" ]; then echo "$t.gen.test"; else echo "$t.test"; fi
	done
}

# backend_setting is the $SCTRACE_BACKEND a backend's column runs with:
# the ebpf column runs as --backend=auto, which is ebpf here (check_backend
# makes sure) except for the tests that ask for -e inject=, -e fault= or
# -k, which only ptrace can do: auto picks ptrace for those.
backend_setting() {
	case $1 in
	ebpf) echo auto ;;
	*) echo "$1" ;;
	esac
}

# run_tests TRACER BACKEND RESULTS TEST... runs the tests with STRACE set
# to TRACER ($SCTRACE_BACKEND as backend_setting says) and writes
# "name RESULT" lines.
run_tests() {
	local tracer=$1 backend=$2 results=$3 log files t r
	shift 3
	log=$results.make.log
	files=$(test_files "$@" | tr '\n' ' ')
	test_files "$@" | sed 's/\.test$/.trs/' | (cd "$src/tests" && xargs rm -f --)
	env STRACE="$tracer" SCTRACE_BACKEND="$(backend_setting "$backend")" TIMEOUT_DURATION="$timeout" \
		make -C "$src/tests" -k -j"$jobs" check TESTS="$files" >"$log" 2>&1 || true
	: >"$results"
	for t in "$@"; do
		r=ERROR
		for f in "$src/tests/$t.gen.trs" "$src/tests/$t.trs"; do
			if [ -f "$f" ]; then
				r=$(awk '$1 == ":test-result:" { print $2; exit }' "$f")
				break
			fi
		done
		echo "$t ${r:-ERROR}" >>"$results"
	done
}

# test_log prints the path of a test's log in the build tree.
test_log() {
	if [ -f "$src/tests/$1.gen.log" ]; then echo "$src/tests/$1.gen.log"; else echo "$src/tests/$1.log"; fi
}

# category names the part of strace a test checks, by its name: inject/fault
# (-e inject=, -e fault=, -e poke, -e delay, and the decoder tests that
# inject a success), qualifiers (-e trace=, -e signal=, -e status=, -P,
# -e read=/write=), options (strace's own options, attaching, -c, -X, -q,
# --secontext, --pidns-translation, --decode-fds), decoders (the rest: how
# each call is printed).
category() {
	awk '{
		n = $1; c = "decoders"
		if (n ~ /inject|(^|_|-)fault(-|$)|^poke|^delay$|tampering|-success(-|$)/) c = "inject/fault"
		else if (n ~ /^(qual_|trace_|status-|filter)/ || n ~ /-P$/ || n == "regex" || n == "read-write" || n ~ /^mq_sendrecv-/) c = "qualifiers"
		else if (n ~ /^(strace-|strace--|options-|count|attach-|detach-|redirect)/ || n ~ /-X(abbrev|raw|verbose)|--secontext|--pidns-translation|--decode-fd|--quiet-|-q+$/ || n == "termsig") c = "options"
		print n, c
	}'
}

# check_backend says why BACKEND cannot trace here, if it cannot, and
# that --backend=auto picks ebpf, for the ebpf column.
check_backend() {
	# shellcheck disable=SC2069 # the error to the caller, the trace dropped
	SCTRACE_BACKEND=$1 "$sctrace" -o /dev/null -e trace=none true 2>&1 >/dev/null || return 1
	if [ "$1" = ebpf ]; then
		local picked
		picked=$(SCTRACE_BACKEND=auto "$sctrace" --debug-backend -o /dev/null -e trace=none true 2>&1 >/dev/null)
		case "$picked" in
		*"backend auto: ebpf"*) ;;
		*) echo "--backend=auto does not pick ebpf here: $picked"; return 1 ;;
		esac
	fi
}

# btrfs_mount mounts a new btrfs file system, on a loop device, at
# $1 until the script exits, and exports $BTRFS_MOUNTPOINT, which strace's
# btrfs tests that write (btrfs-w, btrfs-vw, btrfs-wX, btrfs-vwX) need:
# without it they skip. It says why when it cannot.
btrfs_mount() {
	local mnt=$1 img=$1.img
	umount "$mnt" 2>/dev/null || true
	mkdir -p "$mnt"
	rm -f "$img"
	truncate -s 256M "$img" || return 1
	mkfs.btrfs -q -f "$img" >/dev/null 2>&1 || {
		echo "mkfs.btrfs failed"
		return 1
	}
	mount -o loop "$img" "$mnt" || return 1
	# shellcheck disable=SC2064 # the paths as they are now
	trap "umount '$mnt' 2>/dev/null; rm -f '$img'" EXIT
	export BTRFS_MOUNTPOINT=$mnt
}

cmd_run() {
	[ "$(id -u)" = 0 ] || die "needs root: it installs packages, and the eBPF backend and many tests need it"
	[ -x "$sctrace" ] || die "$sctrace is missing: run make build first"
	ensure_packages
	local version dir t0 b times start=$SECONDS
	version=$(source_version)
	case "$version" in
	6.1-*) ;;
	*) die "Debian's strace source package is $version, not 6.1" ;;
	esac
	/usr/bin/strace -V | head -n 1 | grep -q 'version 6\.1$' ||
		die "/usr/bin/strace is not strace 6.1: $(/usr/bin/strace -V | head -n 1)"
	dir=$cache/strace-$version
	mkdir -p "$dir"
	src=$dir/src
	# One run at a time uses the build tree.
	exec 9>"$dir/lock"
	if ! flock -n 9; then
		say "waiting for another run to finish with $dir"
		flock 9
	fi
	if built "$dir"; then
		times="build cached ($(cat "$dir/build.seconds" 2>/dev/null || echo ?) s when made)"
	else
		t0=$SECONDS
		build "$dir" "$version"
		times="fetch and build $((SECONDS - t0)) s"
	fi
	mkdir -p "$out"
	all_tests "$dir" >"$out/all.txt"
	[ -s "$out/all.txt" ] || die "the suite lists no tests"

	# The btrfs tests that write run on a file system of their own.
	local fs=""
	if btrfs_mount "$dir/btrfs" >"$dir/btrfs.log" 2>&1; then
		fs=-btrfs
	elif [ "${CI:-}" = true ]; then
		die "no btrfs file system for the btrfs tests, and CI=true: $(head -n 1 "$dir/btrfs.log")"
	else
		say "no btrfs file system for the btrfs tests (they skip): $(head -n 1 "$dir/btrfs.log")"
	fi

	# The reference: strace itself, once per kernel, time limit and
	# file systems the tests are given.
	local ref
	ref=$dir/reference-$(uname -r)-t$timeout$fs.txt
	if [ ! -s "$ref" ]; then
		t0=$SECONDS
		say "reference run: /usr/bin/strace over $(wc -l <"$out/all.txt") tests (-j$jobs, TIMEOUT_DURATION=$timeout)"
		mapfile -t all <"$out/all.txt"
		run_tests /usr/bin/strace "" "$dir/reference.tmp" "${all[@]}"
		mv "$dir/reference.tmp.make.log" "$dir/reference.make.log"
		mv "$dir/reference.tmp" "$ref"
		echo $((SECONDS - t0)) >"${ref%.txt}.seconds"
		say "reference run took $((SECONDS - t0)) s"
		times="$times, reference run $((SECONDS - t0)) s"
	else
		times="$times, reference run cached ($(cat "${ref%.txt}.seconds" 2>/dev/null || echo ?) s when made)"
	fi
	cp "$ref" "$out/reference.txt"
	awk '$2 == "PASS" { print $1 }' "$ref" >"$out/counted.txt"

	local counted
	mapfile -t counted <"$out/counted.txt"
	if [ -n "${SUITE_TESTS:-}" ]; then
		mapfile -t counted < <(tr -s '[:blank:]' '\n' <<<"$SUITE_TESTS" | sort -u | comm -12 - "$out/counted.txt")
		say "SUITE_TESTS: running ${#counted[@]} of the tests strace passes"
	fi
	printf '%s\n' "${counted[@]}" >"$out/run-set.txt"

	local failed_setup=""
	for b in $backends; do
		rm -f "$out/$b.results" "$out/$b.skipped"
		local why
		if ! why=$(check_backend "$b" | head -n 1); then
			echo "$why" >"$out/$b.skipped"
			if [ "${CI:-}" = true ]; then
				echo "strace-suite: backend $b cannot trace here, and CI=true: $why" >&2
				failed_setup="$failed_setup $b"
			else
				say "backend $b cannot trace here, not run: $why"
			fi
			continue
		fi
		t0=$SECONDS
		say "$b: running ${#counted[@]} tests (-j$jobs, TIMEOUT_DURATION=$timeout)"
		run_tests "$sctrace" "$b" "$out/$b.results" "${counted[@]}"
		# A listed test that failed gets a second run before it counts as
		# failed.
		local again
		mapfile -t again < <(awk '$2 != "PASS" { print $1 }' "$out/$b.results" | sort | comm -12 - <(sort -u "$suite/pass-$b.txt" 2>/dev/null))
		rm -rf "$out/$b-logs"
		mkdir -p "$out/$b-logs"
		if [ ${#again[@]} -gt 0 ]; then
			say "$b: a second run of the listed tests that failed: ${again[*]}"
			for t in "${again[@]}"; do
				cp "$(test_log "$t")" "$out/$b-logs/$t.first.log" 2>/dev/null || true
			done
			run_tests "$sctrace" "$b" "$out/$b.again" "${again[@]}"
			awk 'NR == FNR { r[$1] = $2; next } ($1 in r) { $2 = r[$1] } { print }' "$out/$b.again" "$out/$b.results" >"$out/$b.tmp"
			mv "$out/$b.tmp" "$out/$b.results"
		fi
		awk '$2 != "PASS" { print $1 }' "$out/$b.results" | while read -r t; do
			cp "$(test_log "$t")" "$out/$b-logs/$t.log" 2>/dev/null || true
		done
		say "$b: $(grep -c ' PASS$' "$out/$b.results" || true) of ${#counted[@]} passed in $((SECONDS - t0)) s"
		times="$times, $b $((SECONDS - t0)) s"
	done

	times="$times; whole run $((SECONDS - start)) s"
	write_summary "$version" "$times" | tee "$summary"
	ratchet
	if [ -n "$failed_setup" ]; then
		die "backend(s)$failed_setup could not run under CI: see above"
	fi
}

# write_summary prints the summary of the last run.
write_summary() {
	local version=$1 times=$2 b m
	m=$(wc -l <"$out/run-set.txt")
	echo "strace 6.1's test suite (Debian source $version), kernel $(uname -r), TIMEOUT_DURATION=${timeout}s, -j$jobs"
	echo "times: $times"
	awk '{ n[$2]++ } END { printf "reference: /usr/bin/strace passes %d, skips %d, fails %d of %d tests here\n", n["PASS"], n["SKIP"], n["FAIL"] + n["ERROR"] + n["XFAIL"], NR }' "$out/reference.txt"
	[ -z "${SUITE_TESTS:-}" ] || echo "subset: SUITE_TESTS, $m tests"
	echo
	for b in $backends; do
		if [ -f "$out/$b.results" ]; then
			echo "$b: $(grep -c ' PASS$' "$out/$b.results" || true) of $m tests strace 6.1 passes here"
		else
			echo "$b: not run: $(cat "$out/$b.skipped" 2>/dev/null)"
		fi
	done
	echo
	# The category table: tests strace passes, and of them each backend's.
	{
		printf '%-14s %6s' category tests
		for b in $backends; do printf ' %7s' "$b"; done
		echo
		for c in options qualifiers inject/fault decoders; do
			printf '%-14s %6d' "$c" "$(category <"$out/run-set.txt" | awk -v c="$c" '$2 == c' | wc -l)"
			for b in $backends; do
				if [ -f "$out/$b.results" ]; then
					printf ' %7d' "$(awk '$2 == "PASS" { print $1 }' "$out/$b.results" | category | awk -v c="$c" '$2 == c' | wc -l)"
				else
					printf ' %7s' -
				fi
			done
			echo
		done
	}
	for b in $backends; do
		if [ ! -f "$out/$b.results" ] || ! grep -qv ' PASS$' "$out/$b.results"; then
			continue
		fi
		echo
		echo "fail under $b ($(awk '$2 != "PASS"' "$out/$b.results" | wc -l); logs in bin/strace-suite/$b-logs):"
		awk '$2 != "PASS" { print $1 }' "$out/$b.results" | fmt -w 100 | sed 's/^/  /'
	done
}

# ratchet fails when a test of a committed pass list no longer passes, and
# names the tests that pass but are not listed yet. Its last line counts the
# listed tests of the run: passed, failed (twice), skipped (strace itself
# does not pass them here).
ratchet() {
	local b list t gone fails new passed=0 failed=0 skipped=0
	for b in $backends; do
		list=$suite/pass-$b.txt
		[ -f "$out/$b.results" ] || continue
		[ -f "$list" ] || list=/dev/null
		# Listed tests that strace no longer passes here count neither way.
		gone=$(sort -u "$list" | comm -23 - "$out/counted.txt")
		[ -z "$gone" ] || say "$b: listed, but strace itself does not pass them here (not counted): $(tr '\n' ' ' <<<"$gone")"
		skipped=$((skipped + $(echo -n "$gone" | grep -c '^' || true)))
		passed=$((passed + $(awk '$2 == "PASS" { print $1 }' "$out/$b.results" | sort | comm -12 - <(sort -u "$list") | wc -l)))
		fails=$(awk '$2 != "PASS" { print $1 }' "$out/$b.results" | sort | comm -12 - <(sort -u "$list"))
		if [ -n "$fails" ]; then
			echo "strace-suite: $b: listed in ${list#"$top"/} but failed twice:" >&2
			for t in $fails; do
				failed=$((failed + 1))
				echo "--- $t ($(awk -v t="$t" '$1 == t { print $2 }' "$out/$b.results")): tail of bin/strace-suite/$b-logs/$t.log" >&2
				tail -n 15 "$out/$b-logs/$t.log" 2>/dev/null | sed 's/^/    /' >&2
			done
		fi
		new=$(awk '$2 == "PASS" { print $1 }' "$out/$b.results" | sort | comm -23 - <(sort -u "$list"))
		[ -z "$new" ] || say "$b: $(wc -l <<<"$new") passing tests are not in ${list#"$top"/} yet (make strace-suite-update adds them): $(tr '\n' ' ' <<<"$new")"
	done
	echo "ratchet: $passed passed, $failed failed, $skipped skipped"
	[ $failed = 0 ] || die "ratchet: tests left a pass list (see above)"
}

# cmd_update adds the tests the last run passed to the lists.
cmd_update() {
	local b list n
	for b in $backends; do
		[ -f "$out/$b.results" ] || {
			say "$b: no results in $out (run make strace-suite first)"
			continue
		}
		list=$suite/pass-$b.txt
		[ -f "$list" ] || : >"$list"
		n=$(wc -l <"$list")
		{
			cat "$list"
			awk '$2 == "PASS" { print $1 }' "$out/$b.results"
		} | LC_ALL=C sort -u >"$list.tmp"
		mv "$list.tmp" "$list"
		say "$b: suite/pass-$b.txt: $n -> $(wc -l <"$list") tests"
	done
}

case "${1:-run}" in
run) cmd_run ;;
update) cmd_update ;;
*) die "usage: strace-suite.sh run|update" ;;
esac
