package tracee

import (
	"slices"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
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

// TestStubOneThreadWith: the C constructor serves a stub with -u
// credentials and a --seccomp-bpf filter too; it stops before the Go
// runtime starts.
func TestStubOneThreadWith(t *testing.T) {
	if !cStubs {
		t.Skip("built without cgo: the Go stub serves")
	}
	env := testutil.RequireCommand(t, "env")
	spec, err := SeccompSpec(trace.NewSyscallSet(false))
	if err != nil {
		t.Fatal(err)
	}
	creds := &trace.Credentials{UID: 65534, GID: 65534, Groups: []uint32{65534, 4}}
	for _, c := range []struct {
		name    string
		seccomp string
		creds   *trace.Credentials
	}{{"seccomp", spec, nil}, {"credentials", "", creds}, {"both", spec, creds}} {
		target := trace.Target{Path: env, Argv: []string{"env"}, Credentials: c.creds}
		argv, stubEnv := StubCommand(target, c.seccomp)
		pid, err := StartStub(env, argv, stubEnv)
		if err != nil {
			t.Fatal(err)
		}
		tids, err := Threads(pid)
		KillAndReap(pid)
		if err != nil || len(tids) != 1 {
			t.Errorf("%s: stopped stub's threads: %v, %v; want 1", c.name, tids, err)
		}
	}
}

// TestCStubParsers: the constructor reads the credentials and filters the
// Go stub reads, and refuses what it refuses (it then leaves the stub to
// the Go code, which says why).
func TestCStubParsers(t *testing.T) {
	if _, err := cParse("", false); err == errNoCStub {
		t.Skip("no C stub in this build")
	}
	for _, s := range []string{"0:0:0:0:", "1000:1000:0:1000:4,24,27", "65534:65534:65534:65534:65534,,4",
		"4294967295:0:0:0:4294967295", "4294967296:0:0:0:", "1:2:3:4", "1:2:3:4::", "1:2:3:4:5:6", "-1:0:0:0:",
		"1:2:3:4:x", "1:2:3:4:5,", "a:0:0:0:", ":0:0:0:", "1:2:3:4: 5"} {
		goCreds, goErr := parseCredSpec(s)
		n, cErr := cParse(s, false)
		if (goErr == nil) != (cErr == nil) || goErr == nil && n != len(goCreds.groups) {
			t.Errorf("credentials %q: Go %v (%d groups), C %v (%d)", s, goErr, len(goCreds.groups), cErr, n)
		}
	}
	spec, err := SeccompSpec(trace.NewSyscallSet(true))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{spec, "", "0006", "00060000000000zz", "000600000000000", "0006000000000000" + "0"} {
		goProg, goErr := decodeSeccompProgram(s)
		n, cErr := cParse(s, true)
		if (goErr == nil) != (cErr == nil) || goErr == nil && n != len(goProg) {
			t.Errorf("filter %.20q: Go %v (%d instructions), C %v (%d)", s, goErr, len(goProg), cErr, n)
		}
	}
}
