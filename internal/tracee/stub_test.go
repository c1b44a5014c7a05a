package tracee

import (
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// TestStubOneThread: the C constructor serves the common exec stub, and
// one with -u credentials or a --seccomp-bpf filter: it stops before the
// Go runtime starts, a process of one thread (the Go stub has several by
// then).
func TestStubOneThread(t *testing.T) {
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
	}{{"plain", "", nil}, {"seccomp", spec, nil}, {"credentials", "", creds}, {"both", spec, creds}} {
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
