package summary

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// nr returns the native number of a syscall, failing the test if unknown.
func nr(t *testing.T, name string) int32 {
	t.Helper()
	n, ok := syscalls.Native().Lookup(name)
	if !ok {
		t.Fatalf("no syscall %s", name)
	}
	return int32(n)
}

// exit returns the SyscallExit event of a call that took wall ns of wall
// time and cpu ns of system time, returning ret.
func exit(t *testing.T, name string, wall, cpu int64, ret int64) *trace.Event {
	return &trace.Event{
		Kind: trace.SyscallExit, Arch: syscalls.Native().Arch, NR: nr(t, name),
		Enter: 1000, Exit: 1000 + wall, Ret: ret, CPUTime: cpu, HasCPUTime: cpu >= 0,
	}
}

func TestAggregatorCounts(t *testing.T) {
	events := func(t *testing.T) []*trace.Event {
		noReturn := exit(t, "exit_group", 50, 50, 0)
		noReturn.NoReturn = true
		return []*trace.Event{
			{Kind: trace.SyscallEnter, Arch: syscalls.Native().Arch, NR: nr(t, "read")},
			exit(t, "read", 3000, 1000, 5),
			exit(t, "read", 5000, 2000, -2), // ENOENT
			exit(t, "openat", 7000, -1, 3),  // no CPU time measured
			noReturn,
			{Kind: trace.Signal},
		}
	}
	key := func(name string) trace.SyscallKey {
		return trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, name)}
	}
	cases := []struct {
		name      string
		opts      AggregatorOptions
		readTotal uint64
		openTotal uint64
	}{
		{"cpu", AggregatorOptions{}, 3000, 7000}, // openat falls back to wall time
		{"wall", AggregatorOptions{WallTime: true}, 8000, 7000},
		{"overhead", AggregatorOptions{WallTime: true, OverheadNS: 4000}, 1000, 3000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := NewAggregator(c.opts)
			for _, ev := range events(t) {
				a.Handle(ev)
			}
			counts := a.Counts()
			if len(counts) != 2 {
				t.Fatalf("counted %d syscalls, want read and openat only (exit_group never returned): %v", len(counts), counts)
			}
			r := counts[key("read")]
			if r.Calls != 2 || r.Errors != 1 || r.TotalNS != c.readTotal {
				t.Errorf("read: calls %d errors %d total %d, want 2 1 %d", r.Calls, r.Errors, r.TotalNS, c.readTotal)
			}
			if o := counts[key("openat")]; o.Calls != 1 || o.Errors != 0 || o.TotalNS != c.openTotal {
				t.Errorf("openat: %+v, want 1 call of %d ns", o, c.openTotal)
			}
		})
	}
}

func TestAggregatorFilterAndMerge(t *testing.T) {
	set := trace.NewSyscallSet(false)
	set.Add(int(nr(t, "write")))
	a := NewAggregator(AggregatorOptions{Filter: set})
	a.Handle(exit(t, "read", 10, 10, 1))
	a.Handle(exit(t, "write", 10, 10, 1))
	k := trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "write")}
	var kernel, unwanted trace.SyscallStats
	kernel.Add(30, true)
	unwanted.Add(30, false)
	a.Merge(Counts{k: &kernel, {Arch: k.Arch, NR: nr(t, "execve")}: &unwanted})
	counts := a.Counts()
	if len(counts) != 1 {
		t.Fatalf("counts %v, want write only", counts)
	}
	if w := counts[k]; w.Calls != 2 || w.Errors != 1 || w.TotalNS != 40 || w.MinNS != 10 || w.MaxNS != 30 {
		t.Errorf("write = %+v", w)
	}
}

// TestAggregatorTableRange: as strace, numbers past the end of their
// personality's table are not counted (nor merged); an unassigned number
// within it is, and an i386 call counts under its own key.
func TestAggregatorTableRange(t *testing.T) {
	a := NewAggregator(AggregatorOptions{})
	native := syscalls.Native()
	past, hole := int32(native.Max()+1), int32(-1)
	for n := 0; n < native.Max(); n++ {
		if native.Get(n).Name == "" {
			hole = int32(n)
			break
		}
	}
	for _, ev := range []*trace.Event{
		{Kind: trace.SyscallExit, Arch: native.Arch, NR: past, Exit: 10},
		{Kind: trace.SyscallExit, Arch: native.Arch, NR: hole, Exit: 10},
		{Kind: trace.SyscallExit, Arch: trace.ArchI386, Pers: trace.Pers32, NR: 200, Exit: 10},
	} {
		a.Handle(ev)
	}
	var s trace.SyscallStats
	s.Add(5, false)
	a.Merge(Counts{{Arch: native.Arch, NR: past + 1}: &s})
	counts := a.Counts()
	_, pastCounted := counts[trace.SyscallKey{Arch: native.Arch, NR: past}]
	_, holeCounted := counts[trace.SyscallKey{Arch: native.Arch, NR: hole}]
	_, compatCounted := counts[trace.SyscallKey{Arch: trace.ArchI386, Pers: trace.Pers32, NR: 200}]
	if len(counts) != 2 || pastCounted || !holeCounted || !compatCounted {
		t.Errorf("counts %v: past the table counted %v, hole %d counted %v, i386 200 counted %v", counts, pastCounted, hole, holeCounted, compatCounted)
	}
}

// TestAggregatorUnreadCalls: a call whose result could not be read counts
// as a call that did not fail, as strace counts it; one whose entry could
// not be read (of unknown number) does not count.
func TestAggregatorUnreadCalls(t *testing.T) {
	unavailable := exit(t, "getppid", 3000, 1000, 0)
	unavailable.NoReturn, unavailable.Unavailable = true, true
	unknown := exit(t, "read", 50, 50, 0)
	unknown.NR, unknown.UnknownCall, unknown.NoReturn = -1, true, true
	a := NewAggregator(AggregatorOptions{})
	a.Handle(unavailable)
	a.Handle(unknown)
	counts := a.Counts()
	if len(counts) != 1 {
		t.Fatalf("counted %v, want getppid alone", counts)
	}
	if s := counts[trace.SyscallKey{Arch: syscalls.Native().Arch, NR: nr(t, "getppid")}]; s == nil || s.Calls != 1 || s.Errors != 0 || s.TotalNS != 1000 {
		t.Errorf("getppid: %+v, want 1 call of 1000 ns without error", s)
	}
}
