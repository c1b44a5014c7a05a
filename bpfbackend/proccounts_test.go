package bpfbackend

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// countOpts are -c -ff's options.
func countOpts() trace.Options {
	opts := defaultOpts()
	opts.CountOnly, opts.CountPerProcess, opts.FollowForks = true, true, true
	return opts
}

// sumProcesses adds up every process's aggregates per syscall.
func sumProcesses(res trace.Result) map[trace.SyscallKey]uint64 {
	out := map[trace.SyscallKey]uint64{}
	for _, counts := range res.ProcessCounts {
		for k, s := range counts {
			out[k] += s.Calls
		}
	}
	return out
}

// TestProcessCounts: procsum's parent makes 3 getpid calls, its child 5
// (2 in a second thread): the kernel counts them per process, names the
// processes, and the processes' calls add up to the totals.
func TestProcessCounts(t *testing.T) {
	testutil.RequireBPF(t)
	target := workload(t, "procsum")
	_, res := collect(t, New(), target, countOpts())
	if len(res.ProcessCounts) != 2 {
		t.Fatalf("%d processes counted, want 2: %v", len(res.ProcessCounts), res.ProcessCounts)
	}
	getpid := trace.SyscallKey{Arch: trace.ArchX86_64, NR: nr(t, "getpid")}
	var got []uint64
	pids := slices.Sorted(maps.Keys(res.ProcessCounts))
	for _, pid := range pids {
		s := res.ProcessCounts[pid][getpid]
		if s == nil {
			t.Fatalf("process %d made no getpid call", pid)
		}
		if s.MinNS > s.MaxNS || s.TotalNS < s.MaxNS {
			t.Errorf("process %d getpid: min %d, max %d, total %d", pid, s.MinNS, s.MaxNS, s.TotalNS)
		}
		got = append(got, s.Calls)
		name := filepath.Base(target.Path)
		if want := name[:min(len(name), 15)]; res.ProcessComms[pid] != want {
			t.Errorf("process %d named %q, want %q", pid, res.ProcessComms[pid], want)
		}
	}
	if slices.Sort(got); got[0] != 3 || got[1] != 5 {
		t.Errorf("getpid calls per process %v, want 3 and 5", got)
	}
	sums := sumProcesses(res)
	for k, s := range res.Counts {
		if sums[k] != s.Calls {
			t.Errorf("syscall %d: %d calls in the processes, %d in the total", k.NR, sums[k], s.Calls)
		}
	}
	if res.ProcessCountsDropped != 0 {
		t.Errorf("%d calls dropped", res.ProcessCountsDropped)
	}
}

// TestProcessCountsOverflow: a full per-process table leaves calls out,
// counted, and the totals whole.
func TestProcessCountsOverflow(t *testing.T) {
	testutil.RequireBPF(t)
	defer func(n uint32) { maxProcCounts = n }(maxProcCounts)
	maxProcCounts = 4
	_, res := collect(t, New(), workload(t, "procsum"), countOpts())
	var total, kept uint64
	for _, s := range res.Counts {
		total += s.Calls
	}
	for _, n := range sumProcesses(res) {
		kept += n
	}
	if res.ProcessCountsDropped == 0 || kept+res.ProcessCountsDropped != total {
		t.Errorf("%d calls kept per process, %d dropped, %d in all: want some dropped, and kept+dropped = all", kept, res.ProcessCountsDropped, total)
	}
}

// TestLiveCounts: under CountOnly the backend hands a reader of the
// aggregates so far, which works while the run goes on and refuses after.
func TestLiveCounts(t *testing.T) {
	testutil.RequireBPF(t)
	opts := countOpts()
	var read func() (map[trace.SyscallKey]*trace.SyscallStats, error)
	opts.LiveCounts = func(r func() (map[trace.SyscallKey]*trace.SyscallStats, error)) { read = r }
	var during map[trace.SyscallKey]*trace.SyscallStats
	var readErr error
	res, err := New().Run(context.Background(), workload(t, "procsum"), opts, func(ev *trace.Event) error {
		// The child's NewTask comes after its parent's clone: counted.
		if ev.Kind == trace.NewTask && during == nil && read != nil {
			during, readErr = read()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read == nil {
		t.Fatal("LiveCounts was not called")
	}
	if readErr != nil || len(during) == 0 {
		t.Fatalf("read during the run: %v, %d syscalls", readErr, len(during))
	}
	for k, s := range during {
		if end := res.Counts[k]; end == nil || end.Calls < s.Calls {
			t.Errorf("syscall %d: %d calls read during the run, %v at the end", k.NR, s.Calls, end)
		}
	}
	if _, err := read(); err == nil {
		t.Error("read after the run did not fail")
	}
}
