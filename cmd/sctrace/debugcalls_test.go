package main

import (
	"bytes"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// TestDebugInvalidCalls: -d says the entry of a number the table does not
// name, sign-extended when negative, and nothing for a named call, an
// exit, or an architecture without a table.
func TestDebugInvalidCalls(t *testing.T) {
	var out bytes.Buffer
	passed := 0
	sink := debugInvalidCalls(func(*trace.Event) error { passed++; return nil }, &out)
	for _, ev := range []trace.Event{
		{Kind: trace.SyscallEnter, Arch: trace.ArchX86_64, TID: 7, NR: 451},
		{Kind: trace.SyscallEnter, Arch: trace.ArchX86_64, TID: 7, NR: -1},
		{Kind: trace.SyscallEnter, Arch: trace.ArchX86_64, TID: 7, NR: 39},
		{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, TID: 7, NR: 451},
		{Kind: trace.SyscallEnter, Arch: 0xdead, TID: 7, NR: 5000},
	} {
		if err := sink(&ev); err != nil {
			t.Fatal(err)
		}
	}
	want := progName + ": pid 7 invalid syscall 0x1c3\n" + progName + ": pid 7 invalid syscall 0xffffffffffffffff\n"
	if out.String() != want {
		t.Errorf("said %q, want %q", out.String(), want)
	}
	if passed != 5 {
		t.Errorf("%d events reached the sink, want 5", passed)
	}
}
