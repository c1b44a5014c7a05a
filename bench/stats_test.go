package bench

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sctrace/sctrace/trace"
)

func TestSpreadOf(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	for _, tc := range []struct {
		name string
		in   []time.Duration
		want Spread
	}{
		{"empty", nil, Spread{}},
		{"one", ms(7), Spread{7 * time.Millisecond, 7 * time.Millisecond, 7 * time.Millisecond}},
		{"odd, unsorted", ms(30, 10, 50, 20, 40), Spread{30 * time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond}},
		{"even: mean of the middle two", ms(40, 10, 20, 30), Spread{25 * time.Millisecond, 10 * time.Millisecond, 40 * time.Millisecond}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := slices.Clone(tc.in)
			if got := spreadOf(tc.in); got != tc.want {
				t.Errorf("spreadOf(%v) = %+v, want %+v", tc.in, got, tc.want)
			}
			if !slices.Equal(in, tc.in) {
				t.Errorf("spreadOf reordered its input: %v", tc.in)
			}
		})
	}
	if got := medianInt([]int64{5, 1, 3, 9}); got != 4 {
		t.Errorf("medianInt(5,1,3,9) = %d, want 4", got)
	}
}

func TestRatioAndPerSyscall(t *testing.T) {
	native := 50 * time.Millisecond
	if got := ratio(5*time.Second, native); math.Abs(got-100) > 1e-9 {
		t.Errorf("ratio = %v, want 100", got)
	}
	if got := ratio(time.Second, 0); got != 0 {
		t.Errorf("ratio without native = %v, want 0", got)
	}
	// 1,000,000 syscalls adding 4.95 s: 4950 ns each.
	if got := nsPerSyscall(5*time.Second, native, 1_000_000); math.Abs(got-4950) > 1e-9 {
		t.Errorf("nsPerSyscall = %v, want 4950", got)
	}
	if got := nsPerSyscall(5*time.Second, native, 0); got != 0 {
		t.Errorf("nsPerSyscall with unknown count = %v, want 0", got)
	}
	if got := perSyscall(4_000_000, 1_000_000); got != 4 {
		t.Errorf("perSyscall = %v, want 4", got)
	}
}

func TestRoundOrder(t *testing.T) {
	const n, rounds = 5, 6
	positions := make([]map[int]bool, n) // config -> positions it ran at
	for i := range positions {
		positions[i] = map[int]bool{}
	}
	var first []int
	for r := range rounds {
		order := RoundOrder(n, r)
		sorted := slices.Sorted(slices.Values(order))
		if !slices.Equal(sorted, []int{0, 1, 2, 3, 4}) {
			t.Fatalf("round %d runs %v: not every configuration exactly once", r, order)
		}
		if r == 0 {
			first = order
		} else if slices.Equal(order, first) {
			t.Errorf("round %d repeats round 0's order %v", r, order)
		}
		for pos, c := range order {
			positions[c][pos] = true
		}
	}
	for c, p := range positions {
		if len(p) < 3 {
			t.Errorf("configuration %d ran only at positions %v in %d rounds", c, p, rounds)
		}
	}
	// Configuration 0 runs first in round 0 and last in round 1.
	if o := RoundOrder(n, 1); o[n-1] != 1 || RoundOrder(n, 0)[0] != 0 {
		t.Errorf("RoundOrder(5,0)=%v RoundOrder(5,1)=%v", RoundOrder(n, 0), o)
	}
}

func TestSelectConfigs(t *testing.T) {
	all := AllConfigs()
	got, err := SelectConfigs(all, []string{"sctrace-ptrace-*", "strace-full"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"native", "sctrace-ptrace-full", "sctrace-ptrace-c", "sctrace-ptrace-accept", "sctrace-ptrace-seccomp", "sctrace-ptrace-k", "sctrace-ptrace-full-same", "strace-full"}
	if !slices.Equal(names(got), want) {
		t.Errorf("selected %v, want %v", names(got), want)
	}
	if _, err := SelectConfigs(all, []string{"nosuch*"}); err == nil {
		t.Error("a pattern matching nothing was accepted")
	}
	if got, _ := SelectConfigs(all, nil); len(got) != len(all) {
		t.Errorf("no pattern selected %d of %d", len(got), len(all))
	}
}

func TestCommandLine(t *testing.T) {
	var full Config
	for _, c := range AllConfigs() {
		if c.Name == "sctrace-ebpf-full" {
			full = c
		}
	}
	got := full.CommandLine("/bin/sctrace", "/dev/shm/x", []string{"--tracer-stats=json"}, []string{"dd", "count=1"})
	want := []string{"/bin/sctrace", "--backend=ebpf", "-o", "/dev/shm/x", "--tracer-stats=json", "--", "dd", "count=1"}
	if !slices.Equal(got, want) || !full.WritesFile() {
		t.Errorf("CommandLine = %q, want %q (WritesFile %v)", got, want, full.WritesFile())
	}
	perf := Config{Name: "p", Tool: Perf, Args: []string{"-s"}}
	if got := perf.CommandLine("/usr/bin/perf", "", nil, []string{"true"}); !slices.Equal(got, []string{"/usr/bin/perf", "trace", "-s", "--", "true"}) {
		t.Errorf("perf CommandLine = %q", got)
	}
}

func TestParseSummaryTotal(t *testing.T) {
	// The tail of a strace -c table, with and without an errors column.
	withErrors := "" +
		"------ ----------- ----------- --------- --------- ----------------\n" +
		"100.00    0.012345           1     10365         3 total\n"
	if n, err := ParseSummaryTotal([]byte(withErrors)); err != nil || n != 10365 {
		t.Errorf("ParseSummaryTotal = %d, %v; want 10365", n, err)
	}
	noErrors := "100.00    0.000100           2        50           total\n"
	if n, err := ParseSummaryTotal([]byte(noErrors)); err != nil || n != 50 {
		t.Errorf("ParseSummaryTotal = %d, %v; want 50", n, err)
	}
	if _, err := ParseSummaryTotal([]byte("nothing here\n")); err == nil {
		t.Error("a table without a total line was accepted")
	}
}

func TestSummarize(t *testing.T) {
	s := func(wall time.Duration, ctx int64, tr *trace.TracerReport) Sample {
		return Sample{Wall: wall, User: wall / 10, Sys: wall / 2, CtxSwitches: ctx, Tracer: tr}
	}
	mid := &trace.TracerReport{Backend: "ptrace", Placement: "tracer 1, tracee 1",
		Tracer: trace.ProcessCost{VoluntaryCtxSwitches: 2000}, Tracee: trace.ProcessCost{VoluntaryCtxSwitches: 1000}}
	all := AllConfigs()
	rep := &Report{Syscalls: 1000, Machine: Machine{Affinity: "0-1"}}
	rep.summarize([]*runResult{
		{config: all[0], samples: []Sample{s(10*time.Millisecond, 2, nil), s(12*time.Millisecond, 2, nil), s(11*time.Millisecond, 2, nil)},
			startups: []time.Duration{time.Millisecond, time.Millisecond, time.Millisecond}},
		{config: all[1], samples: []Sample{
			s(1200*time.Millisecond, 5000, nil), s(1011*time.Millisecond, 3000, mid), s(900*time.Millisecond, 4000, nil)},
			startups: []time.Duration{6 * time.Millisecond, 5 * time.Millisecond, 5 * time.Millisecond}},
		{config: all[2], skipped: "no -c in this build"},
	})
	if len(rep.Rows) != 3 {
		t.Fatalf("%d rows", len(rep.Rows))
	}
	native, full, skipped := rep.Rows[0], rep.Rows[1], rep.Rows[2]
	if native.Ratio != 1 || native.Median != 0.011 || native.Placement != "unpinned: CPUs 0-1" {
		t.Errorf("native row %+v", native)
	}
	// 1.011 s over 0.011 s; (1.011 - 0.011) s over 1000 calls; net of
	// start-up (5 ms against 1 ms): (1.006 - 0.010) s over 1000 calls.
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6*math.Max(1, math.Abs(b)) }
	if !near(full.Ratio, 1.011/0.011) || !near(full.NSPerSyscall, 1e6) || !near(full.NetNSPerSyscall, 996000) ||
		full.Min != 0.9 || full.Max != 1.2 || full.Startup != 0.005 {
		t.Errorf("full row %+v", full)
	}
	// Counters come from the median run: 3000 switches over 1000 calls,
	// split by its --tracer-stats report.
	if full.Tracer != mid || full.CtxPerSyscall != 4 || full.TracerCtxPerSyscall != 2 || full.TraceeCtxPerSyscall != 1 ||
		full.Placement != "tracer 1, tracee 1" {
		t.Errorf("full row counters %+v (ctx/syscall is the median of 5000, 3000, 4000 over 1000)", full)
	}
	if skipped.Runs != 0 || skipped.Skipped != "no -c in this build" || skipped.Ratio != 0 {
		t.Errorf("skipped row %+v", skipped)
	}
	// 11 ms over 1000 calls; the machine's notes as measured.
	rep.Machine.Virtual, rep.Machine.Meltdown = true, "Mitigation: PTI"
	var out strings.Builder
	if err := rep.WriteMarkdown(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"- native: 11000 ns per syscall", "- the machine: a virtual machine (the CPU reports a hypervisor); Meltdown: Mitigation: PTI\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestPairedOverFloor checks that a configuration is set against the floor
// and native of its own round: a drift that slows every run of a round
// alike cancels, a round without all three is left out.
func TestPairedOverFloor(t *testing.T) {
	ms := time.Millisecond
	run := func(round int, wall time.Duration) Sample { return Sample{Round: round, Wall: wall} }
	// Round 1 runs 1.5 times slower than round 0, round 2 twice as slow;
	// the configuration costs 0.4 native over the floor in each.
	native := []Sample{run(0, 100*ms), run(1, 150*ms), run(2, 200*ms)}
	floor := []Sample{run(0, 150*ms), run(1, 225*ms), run(2, 300*ms)}
	config := []Sample{run(0, 190*ms), run(1, 285*ms), run(2, 380*ms), run(3, 999*ms)}
	p := pairedOverFloor(config, floor, native)
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if p == nil || !near(p.Median, 0.4) || !near(p.Min, 0.4) || !near(p.Max, 0.4) || p.Rounds != 3 {
		t.Errorf("paired %+v, want 0.4 in each of 3 rounds", p)
	}
	// One slower run moves the range, not the median.
	config[2].Wall = 420 * ms // round 2: (420-300)/200 = 0.6
	p = pairedOverFloor(config, floor, native)
	if p == nil || !near(p.Median, 0.4) || !near(p.Min, 0.4) || !near(p.Max, 0.6) {
		t.Errorf("paired %+v, want median 0.4, range 0.4-0.6", p)
	}
	if p := pairedOverFloor(config, nil, native); p != nil {
		t.Errorf("paired without a floor: %+v", p)
	}

	// summarize sets it on every row but native's and the floor's.
	all := AllConfigs()
	var hooks, sctrace Config
	for _, c := range all {
		switch {
		case c.Tool == EmptyHooks:
			hooks = c
		case c.Tool == Sctrace && sctrace.Name == "":
			sctrace = c
		}
	}
	rep := &Report{Syscalls: 1000}
	rep.summarize([]*runResult{{config: all[0], samples: native}, {config: hooks, samples: floor}, {config: sctrace, samples: config[:2]}})
	if rep.Rows[0].OverFloor != nil || rep.Rows[1].OverFloor != nil {
		t.Errorf("native or floor row with paired figures: %+v %+v", rep.Rows[0].OverFloor, rep.Rows[1].OverFloor)
	}
	if p := rep.Rows[2].OverFloor; p == nil || !near(p.Median, 0.4) || p.Rounds != 2 {
		t.Errorf("%s row paired %+v", sctrace.Name, p)
	}
}
