package reliability

import (
	"strings"
	"testing"
)

// TestCloneParent: a child the command makes with CLONE_PARENT is
// sctrace's own child. sctrace reaps it, so that the command, which waits
// for it to be gone, ends; without -f it says so as strace does, and
// -qq silences that.
func TestCloneParent(t *testing.T) {
	eachBackend(t, "CLONE_PARENT child reaped", func(t *testing.T, backend, sctrace string) {
		bin := workload(t, "cloneparent")
		for _, c := range []struct {
			flags []string
			note  bool
		}{{[]string{"-q"}, true}, {[]string{"-qq"}, false}, {[]string{"-f", "-q"}, false}} {
			args := append([]string{"--backend=" + backend, "-e", "trace=clone"}, c.flags...)
			code, out := run(t, sctrace, append(args, bin)...)
			if code != 0 {
				t.Errorf("%v: exit %d, stderr:\n%s", c.flags, code, tail(out))
				continue
			}
			if got := strings.Contains(out, "sctrace: Exit of unknown pid "); got != c.note {
				t.Errorf("%v: \"Exit of unknown pid\" printed: %v, want %v; stderr:\n%s", c.flags, got, c.note, tail(out))
			}
			if !strings.Contains(out, "clone(child_stack=") || !strings.Contains(out, "CLONE_PARENT|SIGCHLD") {
				t.Errorf("%v: no clone line in:\n%s", c.flags, tail(out))
			}
		}
	})
}
