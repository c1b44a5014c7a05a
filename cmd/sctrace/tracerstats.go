package main

// --tracer-stats: what tracing cost the tracer, printed on stderr at exit
// (never into the -o file, which holds only the trace). The teaching view:
// ptrace stops and context switches per syscall on one backend, ring-buffer
// records and wake-ups on the other.

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// checkTracerStatsMode validates --tracer-stats's value.
func checkTracerStatsMode(mode string) error {
	switch mode {
	case "", "text", "json":
		return nil
	}
	return usageErrorf("invalid --tracer-stats argument: '%s' (want text or json)", mode)
}

// tracerCosts gathers, while tracing, what --tracer-stats reports at the
// end.
type tracerCosts struct {
	mode    string
	backend string
	// syscalls counts SyscallExit events.
	syscalls uint64
	// traceeCPUs is the first traced task's Cpus_allowed_list, read at its
	// first event; tracerCPUs is that of the thread that delivered the
	// event (ptrace's tracing thread, eBPF's reader), read at the same time.
	traceeCPUs, tracerCPUs string
	// steps times the run's steps (trace.Options.Steps).
	steps *trace.Steps
}

// withTracerStats returns sink wrapped to count what --tracer-stats
// reports, and the counters; without --tracer-stats it returns sink as is
// and nil (whose report does nothing).
func withTracerStats(cfg *config, backend trace.Backend, steps *trace.Steps, sink func(*trace.Event) error) (func(*trace.Event) error, *tracerCosts) {
	if cfg.tracerStats == "" {
		return sink, nil
	}
	t := &tracerCosts{mode: cfg.tracerStats, backend: backend.Name(), steps: steps}
	return func(ev *trace.Event) error {
		if ev.Kind == trace.SyscallExit {
			t.syscalls++
		}
		if t.traceeCPUs == "" && ev.TID > 0 {
			t.traceeCPUs = cpusAllowed(fmt.Sprintf("/proc/%d/task/%d/status", ev.PID, ev.TID))
			t.tracerCPUs = cpusAllowed("/proc/thread-self/status")
		}
		return sink(ev)
	}, t
}

// report prints the tracer's cost to w, as text or JSON.
func (t *tracerCosts) report(res trace.Result, w io.Writer) {
	if t == nil {
		return
	}
	r := trace.TracerReport{
		Backend:        t.backend,
		SyscallsTraced: t.syscalls,
		Stats:          res.Stats,
		Tracer:         processCost(unix.RUSAGE_SELF),
		Tracee:         processCost(unix.RUSAGE_CHILDREN),
		Steps:          t.steps.List(),
	}
	if r.Steps != nil {
		r.MainStartedNS = mainStartedNS
	}
	for _, s := range res.Counts {
		r.SyscallsTraced += s.Calls
	}
	tracer := t.tracerCPUs
	if tracer == "" {
		tracer = tracerCPUs()
	}
	r.Placement = "tracer " + tracer + ", tracee " + orUnknown(t.traceeCPUs)
	if t.mode == "json" {
		b, err := json.Marshal(r)
		if err != nil { // cannot happen: plain numbers and strings
			fmt.Fprintf(w, "%s: tracer stats: %v\n", progName, err)
			return
		}
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	writeTracerText(w, r)
}

// writeTracerText prints r as an aligned list, with per-syscall figures
// where a syscall count is known.
func writeTracerText(w io.Writer, r trace.TracerReport) {
	per := func(n int64) string {
		if r.SyscallsTraced == 0 {
			return ""
		}
		return fmt.Sprintf("  (%.2f per syscall)", float64(n)/float64(r.SyscallsTraced))
	}
	line := func(name string, n uint64) {
		fmt.Fprintf(w, "  %-22s %12d%s\n", name, n, per(int64(n)))
	}
	fmt.Fprintf(w, "%s: tracer stats (backend %s; %s)\n", progName, r.Backend, r.Placement)
	fmt.Fprintf(w, "  %-22s %12d\n", "syscalls traced", r.SyscallsTraced)
	s := r.Stats
	line("ptrace stops", s.PtraceStops)
	line("ptrace calls", s.PtraceCalls)
	line("wait4 calls", s.Wait4Calls)
	line("ring-buffer records", s.RingRecords)
	line("wake-ups", s.Wakeups)
	line("bytes captured", s.BytesCaptured)
	fmt.Fprintf(w, "  %-22s %12d\n", "lost events", s.Lost)
	fmt.Fprintf(w, "  %-22s %12d\n", "captures re-read", s.CaptureRereads)
	fmt.Fprintf(w, "  %-22s %12d\n", "capture mismatches", s.CaptureMismatches)
	fmt.Fprintf(w, "  %-22s %12d\n", "capture tails re-read", s.CaptureTails)
	fmt.Fprintf(w, "  %-22s %12d\n", "capture reads cut", s.CaptureCut)
	fmt.Fprintf(w, "  %-22s %12d\n", "calls unavailable", s.Unavailable)
	for _, p := range []struct {
		who  string
		cost trace.ProcessCost
	}{{"tracer", r.Tracer}, {"tracee", r.Tracee}} {
		c := p.cost
		fmt.Fprintf(w, "  %-22s %12d%s  voluntary %d, involuntary %d\n", p.who+" ctx switches",
			c.CtxSwitches(), per(c.CtxSwitches()), c.VoluntaryCtxSwitches, c.InvoluntaryCtxSwitches)
		fmt.Fprintf(w, "  %-22s user %s, system %s\n", p.who+" cpu time",
			time.Duration(c.UserNS).Round(time.Microsecond), time.Duration(c.SysNS).Round(time.Microsecond))
	}
	writeSteps(w, r.Steps)
}

// writeSteps prints the timed steps, in milliseconds after main began.
func writeSteps(w io.Writer, steps []trace.Step) {
	if len(steps) == 0 {
		return
	}
	ms := func(ns int64) float64 { return float64(ns) / 1e6 }
	fmt.Fprintf(w, "  %-34s %8s %8s %8s\n", "steps (ms after main began)", "start", "end", "took")
	for _, s := range steps {
		fmt.Fprintf(w, "    %-32s %8.1f %8.1f %8.1f\n", s.Name, ms(s.StartNS), ms(s.EndNS), ms(s.EndNS-s.StartNS))
	}
}

// monotonicNS reads CLOCK_MONOTONIC in nanoseconds (0 if it cannot).
func monotonicNS() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts) != nil {
		return 0
	}
	return ts.Nano()
}

// processCost returns getrusage(who) as a ProcessCost; zero if it fails.
func processCost(who int) trace.ProcessCost {
	var ru unix.Rusage
	if unix.Getrusage(who, &ru) != nil {
		return trace.ProcessCost{}
	}
	return trace.ProcessCost{
		UserNS:                 ru.Utime.Nano(),
		SysNS:                  ru.Stime.Nano(),
		VoluntaryCtxSwitches:   ru.Nvcsw,
		InvoluntaryCtxSwitches: ru.Nivcsw,
	}
}

// tracerCPUs describes the CPUs sctrace's threads may run on: one list
// when they all agree, else each distinct list with its thread count (a
// backend may pin only its tracing thread).
func tracerCPUs() string {
	paths, _ := filepath.Glob("/proc/self/task/*/status")
	counts := map[string]int{}
	for _, p := range paths {
		if l := cpusAllowed(p); l != "" {
			counts[l]++
		}
	}
	lists := make([]string, 0, len(counts))
	for l := range counts {
		lists = append(lists, l)
	}
	slices.Sort(lists)
	switch len(lists) {
	case 0:
		return "?"
	case 1:
		return lists[0]
	}
	parts := make([]string, len(lists))
	for i, l := range lists {
		parts[i] = fmt.Sprintf("%s (%d threads)", l, counts[l])
	}
	return strings.Join(parts, " / ")
}

// cpusAllowed returns the Cpus_allowed_list of a /proc status file, or ""
// when it cannot be read.
func cpusAllowed(statusPath string) string {
	b, err := os.ReadFile(statusPath)
	if err != nil {
		return ""
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// orUnknown returns s, or "?" when s is empty.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
