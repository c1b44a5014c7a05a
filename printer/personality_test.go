package printer

import (
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// TestPersonality: a PersonalityChange prints strace's line, ending the
// line another thread left open, and an i386 call is named from i386's
// table (200 is getgid32 there, tkill on x86_64); -e quiet=personality
// (as -q) drops the lines.
func TestPersonality(t *testing.T) {
	run := func(quiet bool) string {
		var e events
		spec := filter.New(syscalls.X86_64, decode.SignalNumber)
		if quiet {
			spec.SetQuietLevel(1)
		}
		p, out := newPrinter(t, Options{Spec: spec, FollowForks: true})
		open := e.enter(101, unix.SYS_READ, 0, 0, 0x1000, 10)
		to32 := &trace.Event{Kind: trace.PersonalityChange, PID: 100, TID: 100, Arch: trace.ArchI386, Pers: trace.Pers32, Enter: e.at(1)}
		g := &trace.Event{Kind: trace.SyscallEnter, PID: 100, TID: 100, Arch: trace.ArchI386, Pers: trace.Pers32, NR: 200, Enter: e.at(1)}
		to64 := &trace.Event{Kind: trace.PersonalityChange, PID: 100, TID: 100, Arch: trace.ArchX86_64, Enter: e.at(3)}
		feed(t, p, open, to32, g, e.exit(g, 2, 0), to64)
		return out.String()
	}
	want := "read(0,  <unfinished ...>\n" +
		"[pid   100] [ Process PID=100 runs in 32 bit mode. ]\n" +
		"[pid   100] getgid32()                  = 0\n" +
		"[pid   100] [ Process PID=100 runs in 64 bit mode. ]\n"
	if got := run(false); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	want = "read(0,  <unfinished ...>\n" +
		"[pid   100] getgid32()                  = 0\n"
	if got := run(true); got != want {
		t.Errorf("-q: got\n%s\nwant\n%s", got, want)
	}
}
