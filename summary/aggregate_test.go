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
