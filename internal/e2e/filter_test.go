package e2e

import (
	"strings"
	"testing"
)

// filterCase is a trace run whose output strace and sctrace must agree on.
type filterCase struct {
	name     string
	args     []string // tracer options
	workload string
	check    func(t *testing.T, line string) // property of every sctrace line
}

// TestFilters: -e trace=, -e signal=, -e status=, -z and -Z select the same
// lines as strace, and every selected line has the selected property.
func TestFilters(t *testing.T) {
	strace, sctrace := tracers(t)
	onlyCalls := func(names ...string) func(*testing.T, string) {
		return func(t *testing.T, l string) {
			if isEvent(l) {
				return
			}
			for _, n := range names {
				if strings.HasPrefix(l, n+"(") {
					return
				}
			}
			t.Errorf("line outside trace=%s: %q", strings.Join(names, ","), l)
		}
	}
	failedOnly := func(t *testing.T, l string) {
		if !isEvent(l) && !strings.Contains(l, ") = -1 E") && !strings.Contains(l, " = -1 E") {
			t.Errorf("successful call shown: %q", l)
		}
	}
	successOnly := func(t *testing.T, l string) {
		if strings.Contains(l, " = -1 E") {
			t.Errorf("failed call shown: %q", l)
		}
	}
	cases := []filterCase{
		{"trace=openat,close", []string{"-e", "trace=openat,close"}, "fileio", onlyCalls("openat", "close")},
		{"trace=%file", []string{"-e", "trace=%file"}, "fileio", nil},
		{"trace=!write", []string{"-e", "trace=!write"}, "pipes", func(t *testing.T, l string) {
			if strings.HasPrefix(l, "write(") {
				t.Errorf("write shown: %q", l)
			}
		}},
		{"signal=none", []string{"-e", "signal=none"}, "signals", func(t *testing.T, l string) {
			if strings.HasPrefix(l, "--- ") {
				t.Errorf("signal shown: %q", l)
			}
		}},
		{"status=failed", []string{"-e", "status=failed"}, "errors", failedOnly},
		{"-Z", []string{"-Z"}, "errors", failedOnly},
		{"-z", []string{"-z"}, "errors", successOnly},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var argv []string
			switch c.workload {
			case "fileio":
				argv = []string{workload(t, c.workload), t.TempDir()}
			default:
				argv = []string{workload(t, c.workload)}
			}
			refTrace, _ := traceFile(t, strace, append(c.args, argv...)...)
			gotTrace, r := traceFile(t, sctrace, append(c.args, argv...)...)
			if r.exit != 0 {
				t.Errorf("exit %d, stderr %q", r.exit, r.stderr)
			}
			if c.check != nil {
				for _, l := range lines(gotTrace) {
					c.check(t, l)
				}
			}
			if d := sameLines(callNames(refTrace), callNames(gotTrace)); d != "" {
				t.Errorf("selected syscalls differ from strace's at %s", d)
			}
			if !strings.Contains(gotTrace, "+++ exited with 0 +++") {
				t.Errorf("no exit line in:\n%s", gotTrace)
			}
		})
	}
}

// isEvent reports whether a trace line is a signal or exit notice rather
// than a syscall.
func isEvent(l string) bool {
	return strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ ")
}
