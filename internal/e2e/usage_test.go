package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInput: invalid command lines fail with strace's message (with
// sctrace's name) and strace's exit status; odd but valid ones are accepted
// as strace accepts them.
func TestBadInput(t *testing.T) {
	strace, sctrace := tracers(t)
	cases := []struct {
		name string
		args []string
		want string // strace's first line of stderr as sctrace prints it; "" when strace succeeds
	}{
		{"unknown syscall", []string{"-e", "trace=foo", "true"}, "sctrace: invalid system call 'foo'"},
		{"no command", nil, "sctrace: must have PROG [ARGS] or -p PID"},
		{"missing command", []string{"nonexistent"}, "sctrace: Can't stat 'nonexistent': No such file or directory"},
		{"bad -s", []string{"-s", "abc", "true"}, "sctrace: invalid -s argument: 'abc'"},
		{"negative -s", []string{"-s", "-1", "true"}, "sctrace: invalid -s argument: '-1'"},
		{"bad -a", []string{"-a", "abc", "true"}, "sctrace: invalid -a argument: 'abc'"},
		{"unknown class", []string{"-e", "trace=%bogus", "true"}, "sctrace: invalid system call '%bogus'"},
		{"empty trace=", []string{"-e", "trace=", "true"}, "sctrace: invalid system call ''"},
		{"unknown status", []string{"-e", "status=bogus", "true"}, "sctrace: invalid status 'bogus'"},
		{"unknown signal", []string{"-e", "signal=FOO", "true"}, "sctrace: invalid signal 'FOO'"},
		{"unwritable -o", []string{"-o", "/nonexistent/dir/x", "true"}, "sctrace: Can't fopen '/nonexistent/dir/x': No such file or directory"},
		{"unknown option", []string{"-Q", "true"}, "sctrace: invalid option -- 'Q'"},
		{"empty list item", []string{"-e", "trace=write,,read", "true"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref := run(t, strace, c.args...)
			got := run(t, sctrace, c.args...)
			refLines := lines(asSctrace(ref.stderr))
			gotStderr := got.stderr
			if filepath.Base(sctrace) == "strace" {
				// Self-test (SCTRACE_BIN=/usr/bin/strace): strace names itself.
				gotStderr = asSctrace(gotStderr)
			}
			gotLines := lines(gotStderr)
			if got.exit != ref.exit {
				t.Errorf("exit %d, strace's %d; stderr:\n%s", got.exit, ref.exit, gotStderr)
			}
			if c.want == "" {
				if ref.exit != 0 {
					t.Fatalf("strace failed (%q); the test's premise is stale", ref.stderr)
				}
				return
			}
			if len(refLines) == 0 || refLines[0] != c.want {
				t.Fatalf("strace printed %q; the expected text in this test is stale", ref.stderr)
			}
			if len(gotLines) == 0 || gotLines[0] != c.want {
				t.Errorf("stderr %q, want first line %q", gotStderr, c.want)
			}
			if got.stdout != "" {
				t.Errorf("stdout %q, want nothing", got.stdout)
			}
			if want := strings.Join(refLines, "\n"); strings.Join(gotLines, "\n") != want {
				t.Logf("full stderr differs from strace's\nstrace:\n%s\nsctrace:\n%s", want, gotStderr)
			}
		})
	}
}
