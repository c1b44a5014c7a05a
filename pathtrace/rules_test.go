package pathtrace

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// TestRuleNames: every call the rules name is a call of a table we have,
// or one of the 32-bit names strace's rules also cover.
func TestRuleNames(t *testing.T) {
	only32 := map[string]bool{"sendfile64": true, "fstatat64": true, "mmap2": true, "_newselect": true}
	for name := range rules {
		if only32[name] || strings.HasSuffix(name, "time64") {
			continue
		}
		_, x86 := syscalls.X86_64.Lookup(name)
		_, arm := syscalls.ARM64.Lookup(name)
		if !x86 && !arm {
			t.Errorf("rule for %q, a call no table has", name)
		}
	}
}

// TestDefaultRule: a file call is matched by its first path, a
// descriptor call by its first descriptor.
func TestDefaultRule(t *testing.T) {
	for name, want := range map[string]rule{"chdir": firstPath, "read": firstFD, "connect": firstFD} {
		nr, ok := syscalls.X86_64.Lookup(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		got := ruleOf(syscalls.X86_64.Get(nr))
		if len(got.fds) != len(want.fds) || len(got.paths) != len(want.paths) {
			t.Errorf("%s: %+v, want %+v", name, got, want)
		}
	}
}
