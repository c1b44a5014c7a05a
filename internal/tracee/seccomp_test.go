package tracee

import (
	"slices"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestSeccompSpec: the stub decodes the filter SeccompSpec encodes to the
// instructions the tracer built (the C constructor reads the same
// encoding), and refuses one it cannot read.
func TestSeccompSpec(t *testing.T) {
	openat, ok := syscalls.Native().Lookup("openat")
	if !ok {
		t.Fatal("no openat in the native table")
	}
	for _, f := range []*trace.SyscallSet{trace.NewSyscallSet(false), trace.NewSyscallSet(true), func() *trace.SyscallSet {
		s := trace.NewSyscallSet(false)
		s.Add(openat)
		s.Add(0)
		return s
	}()} {
		spec, err := SeccompSpec(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := seccompProgram(nativeAuditArch(), seccompRangesOf(f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeSeccompProgram(spec)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("decode(SeccompSpec) = %v, %v; want %v", got, err, want)
		}
	}
	for _, bad := range []string{"", "0006", "00060000000000zz", "000600000000000"} {
		if _, err := decodeSeccompProgram(bad); err == nil {
			t.Errorf("decode(%q) succeeded", bad)
		}
	}
}
