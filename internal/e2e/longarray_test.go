package e2e

import (
	"strings"
	"testing"
)

// TestLongArrays: an array of 300 descriptors that io_uring_register's
// structure points to, poll's array of 1500 struct pollfd, more than
// syscalls.MaxArrayElems, and mincore's vector of 1500 pages print whole
// under -v and -s2000 and cut at -s elements otherwise, as strace prints
// them, on both backends.
func TestLongArrays(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "longarray")
	for _, flags := range [][]string{{"-v"}, {"-s2000"}, nil} {
		args := append(append([]string(nil), flags...), "-e", "trace=io_uring_register,poll,mincore", bin)
		refTrace, _ := traceFile(t, strace, args...)
		whole := len(flags) > 0
		if n := strings.Count(refTrace, "{fd=-1}"); strings.Contains(refTrace, ", 299]") != whole || (n == 1500) != whole {
			t.Fatalf("strace %v printed %d struct pollfd, and the descriptor array %s", flags, n, map[bool]string{true: "whole", false: "cut"}[strings.Contains(refTrace, ", 299]")])
		}
		if vec := strings.Count(refTrace, "1, 0, 0"); (vec == 500) != whole {
			t.Fatalf("strace %v printed %d of mincore's vector's 500 resident pages", flags, vec)
		}
		backendsMatchStrace(t, sctrace, refTrace, args, flags...)
	}
}

// TestSelectSets: select's sets are read as strace reads them, nfds'
// bits: none for nfds 0 (the address prints), 2000 descriptors whole, and
// the result of 700 ready descriptors cut where strace's text of it ends,
// with and without -y, and addresses under -e verbose=none, on both
// backends.
func TestSelectSets(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "selectsets")
	for _, flags := range [][]string{nil, {"-y"}, {"-e", "verbose=none"}} {
		args := append(append([]string(nil), flags...), "-e", "trace=select,pselect6", bin)
		refTrace, _ := traceFile(t, strace, args...)
		if (!strings.Contains(refTrace, " 1500 1999], NULL") && flags == nil) || !strings.Contains(refTrace, " 277]") {
			t.Fatalf("strace %v printed no set past 1024 or no cut result:\n%s", flags, refTrace)
		}
		backendsMatchStrace(t, sctrace, refTrace, args, flags...)
	}
}
