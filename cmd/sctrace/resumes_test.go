package main

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestWithInterruptibleCalls: a filter with restart_syscall takes in the
// calls it may resume; one without, and nil (every call), stay as they are.
func TestWithInterruptibleCalls(t *testing.T) {
	nr := func(name string) int {
		n, ok := syscalls.X86_64.Lookup(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return n
	}
	f := trace.NewSyscallSet(false)
	f.Add(nr("restart_syscall"))
	w := withInterruptibleCalls(f, syscalls.X86_64)
	if !w.Has(nr("clock_nanosleep")) || !w.Has(nr("restart_syscall")) || w.Has(nr("read")) || f.Has(nr("clock_nanosleep")) {
		t.Errorf("widened %v from %v", w, f)
	}
	g := trace.NewSyscallSet(false)
	g.Add(nr("read"))
	if withInterruptibleCalls(g, syscalls.X86_64) != g {
		t.Error("a filter without restart_syscall was changed")
	}
	if withInterruptibleCalls(nil, syscalls.X86_64) != nil {
		t.Error("nil widened")
	}
}
