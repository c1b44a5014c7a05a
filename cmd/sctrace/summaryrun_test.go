package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/sctrace/sctrace/pidns"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// getpidExit is the exit event of a getpid call of the process pid.
func getpidExit(t *testing.T, pid int32) *trace.Event {
	nr, ok := syscalls.Native().Lookup("getpid")
	if !ok {
		t.Fatal("no getpid")
	}
	return &trace.Event{Kind: trace.SyscallExit, PID: pid, TID: pid, Arch: syscalls.Native().Arch, NR: int32(nr), Enter: 1, Exit: 2}
}

// TestSummaryRunIntervals: the sink counts while the interval's ticker
// reads (race-clean), the backend's live counts are added, and the end
// prints the last interval and the total, each call counted once.
func TestSummaryRunIntervals(t *testing.T) {
	cfg, err := parseArgs([]string{"-c", "--summary-interval=0.01", "true"})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := buildSpec(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return stderr.Write(p)
	})
	sink, sum := withSummary(cfg, spec, pidns.New("/proc"), func(*trace.Event) error { return nil }, w)
	opts := backendOptions(cfg, spec)
	opts.CountOnly = true
	sum.start(&opts)
	if opts.LiveCounts == nil {
		t.Fatal("no LiveCounts under -c with intervals")
	}
	ev := getpidExit(t, 1)
	key := trace.SyscallKey{Arch: ev.Arch, NR: ev.NR}
	live := &trace.SyscallStats{}
	live.Add(1, false)
	opts.LiveCounts(func() (map[trace.SyscallKey]*trace.SyscallStats, error) {
		s := *live
		return map[trace.SyscallKey]*trace.SyscallStats{key: &s}, nil
	})
	for range 100 {
		if err := sink(ev); err != nil {
			t.Fatal(err)
		}
	}
	res := trace.Result{Counts: map[trace.SyscallKey]*trace.SyscallStats{key: live}}
	if err := sum.report(res, w); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	out := stderr.String()
	mu.Unlock()
	parts := strings.Split(out, "--- total ---\n")
	if len(parts) != 2 || !strings.Contains(parts[0], "--- interval ending ") {
		t.Fatalf("want intervals then the total:\n%s", out)
	}
	intervals := 0
	for _, l := range strings.Split(parts[0], "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[4] == "getpid" {
			n := 0
			for _, c := range f[3] {
				n = n*10 + int(c-'0')
			}
			intervals += n
		}
	}
	if intervals != 101 || !strings.Contains(parts[1], " 101           getpid") {
		t.Errorf("intervals count %d getpid calls, want 101 (100 events, 1 in the backend), as the total:\n%s", intervals, out)
	}
}

// writerFunc is an io.Writer.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
