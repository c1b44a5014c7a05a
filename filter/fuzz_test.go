package filter

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// FuzzApply: any -e expression is accepted or rejected with one line; none
// panics.
func FuzzApply(f *testing.F) {
	for _, seed := range []string{
		"trace=open,close", "!write", "trace=%file,/^sta", "?nosuch,read", "signal=!SIGCHLD,9",
		"status=failed", "quiet=attach", "trace=/[", "t=,", "trace=!!!all", "syscall_0x1c8", "s=",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		s := New(syscalls.X86_64, signalsForTest)
		err := s.Apply(expr)
		if err == nil {
			return
		}
		// strace's messages: what kind of thing was wrong, and which.
		msg := err.Error()
		if !strings.HasPrefix(msg, "invalid ") && !strings.HasPrefix(msg, "incorrect ") && !strings.HasPrefix(msg, "regcomp: ") &&
			!strings.HasPrefix(msg, "-e ") {
			t.Errorf("Apply(%q): unclear error %q", expr, err)
		}
	})
}
