package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/bench"
	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// TestTracerStatsReport runs sctrace --tracer-stats=json on dd and checks
// the report against strace -c's count of the same workload.
func TestTracerStatsReport(t *testing.T) {
	strace, sctrace := tracers(t)
	workload := []string{"dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=300"}

	summary := t.TempDir() + "/summary"
	if out, err := exec.Command(strace, append([]string{"-c", "-o", summary}, workload...)...).CombinedOutput(); err != nil {
		t.Fatalf("strace -c: %v\n%s", err, out)
	}
	table, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	want, err := bench.ParseSummaryTotal(table)
	if err != nil {
		t.Fatalf("strace -c: %v\n%s", err, table)
	}

	r := tracerReport(t, sctrace, append([]string{"--backend=ptrace"}, workload...)...)
	if r.Backend != "ptrace" || !strings.Contains(r.Placement, "tracer ") || !strings.Contains(r.Placement, "tracee ") {
		t.Errorf("report %+v", r)
	}
	// Calls around exec and exit may be counted differently; the 600
	// reads and writes may not.
	if d := int64(r.SyscallsTraced) - want; d < -3 || d > 3 {
		t.Errorf("syscalls traced %d, strace -c counted %d", r.SyscallsTraced, want)
	}
	// Every traced call stops the tracee at least once: it gives up its CPU.
	if r.Tracee.VoluntaryCtxSwitches < int64(r.SyscallsTraced) || r.Tracer.CtxSwitches() == 0 {
		t.Errorf("context switches: tracer %+v, tracee %+v for %d calls", r.Tracer, r.Tracee, r.SyscallsTraced)
	}
}

// TestTracerStatsCaptures: on the eBPF backend, a workload that writes
// strings from pages it never touched gets every capture from the
// programs' records (the exit's task work faults the pages in), and the
// JSON report says so: no capture re-read from the live process, none
// mismatched.
func TestTracerStatsCaptures(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	var stderr bytes.Buffer
	cmd := exec.Command(sctrace, "--backend=ebpf", "--tracer-stats=json", "-o", "/dev/null", workload(t, "untouched"))
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("sctrace: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	var raw struct {
		Stats map[string]json.RawMessage `json:"stats"`
	}
	if err := json.Unmarshal([]byte(last), &raw); err != nil {
		t.Fatalf("last stderr line is not the JSON report: %v\n%s", err, stderr.String())
	}
	for _, key := range []string{"CaptureRereads", "CaptureMismatches"} {
		if v, ok := raw.Stats[key]; !ok || string(v) != "0" {
			t.Errorf("stats.%s = %s (present %v), want 0 in %s", key, v, ok, last)
		}
	}
	var r trace.TracerReport
	if err := json.Unmarshal([]byte(last), &r); err != nil || r.Backend != "ebpf" || r.Stats.BytesCaptured == 0 {
		t.Errorf("report %+v (%v): want the ebpf backend, with bytes captured", r, err)
	}
}

// TestTracerStatsSteps: --tracer-stats=json reports the steps of the
// run's start-up and end on each backend, each in its place: the programs
// loaded before they are attached, attached before the command is
// launched, the command traced after its launch, the programs released
// after the trace.
func TestTracerStatsSteps(t *testing.T) {
	_, sctrace := tracers(t)
	truePath := testutil.RequireCommand(t, "true")
	for _, tc := range []struct {
		name string
		bpf  bool
		args []string
		// want are the steps the run must report; before, pairs of steps
		// the first of which ends before the second begins; within, steps
		// (the second) that run inside another (the first).
		want           []string
		before, within [][2]string
	}{
		{
			name: "ptrace", args: []string{"--backend=ptrace"},
			want: []string{"choose backend", "start the wake sentinel", "launch the command", "trace", "stop the wake sentinel", "close output"},
			before: [][2]string{{"choose backend", "start the wake sentinel"}, {"start the wake sentinel", "launch the command"},
				{"launch the command", "trace"}, {"trace", "stop the wake sentinel"}, {"trace", "close output"}},
		},
		{
			name: "ebpf", bpf: true, args: []string{"--backend=ebpf"},
			want: []string{"choose backend", "reserve the heap", "load", "parse the object", "create maps", "map ring buffer",
				"load sys_enter", "load sys_exit", "attach", "wait for the exec stub", "launch the command", "trace",
				"release programs and maps", "close output"},
			before: [][2]string{{"reserve the heap", "load"}, {"parse the object", "create maps"}, {"create maps", "load sys_enter"},
				{"create maps", "load sys_exit"}, {"load", "attach"}, {"attach", "launch the command"},
				{"launch the command", "trace"}, {"trace", "release programs and maps"}, {"release programs and maps", "close output"}},
			within: [][2]string{{"load", "create maps"}, {"load", "load sys_enter"}, {"load", "load sys_exit"}},
		},
		{
			name: "ebpf -c", bpf: true, args: []string{"--backend=ebpf", "-c"},
			want: []string{"parse the object", "select the kernel types", "load sys_enter", "load sys_exit", "attach", "launch the command",
				"trace", "release programs and maps"},
			before: [][2]string{{"parse the object", "select the kernel types"}, {"select the kernel types", "load sys_exit"},
				{"attach", "launch the command"}, {"trace", "release programs and maps"}},
			within: [][2]string{{"load", "load sys_enter"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.bpf {
				testutil.RequireBPF(t)
			}
			before := monotonicNS(t)
			r := tracerReport(t, sctrace, append(tc.args, truePath)...)
			after := monotonicNS(t)
			steps := map[string]trace.Step{}
			for i, s := range r.Steps {
				if s.StartNS < 0 || s.EndNS < s.StartNS {
					t.Errorf("step %+v: want 0 <= start <= end", s)
				}
				if i > 0 && s.StartNS < r.Steps[i-1].StartNS {
					t.Errorf("step %+v listed after %+v, which began later", s, r.Steps[i-1])
				}
				steps[s.Name] = s
			}
			// main began after the run started; its last step ended
			// before the run was reaped.
			last := int64(0)
			for _, s := range r.Steps {
				last = max(last, s.EndNS)
			}
			if r.MainStartedNS <= before || r.MainStartedNS+last >= after {
				t.Errorf("main began at %d ns and its steps ended %d ns later: want within the run, %d to %d ns", r.MainStartedNS, last, before, after)
			}
			for _, name := range tc.want {
				if _, ok := steps[name]; !ok {
					t.Errorf("no step %q in %+v", name, r.Steps)
				}
			}
			for _, p := range tc.before {
				a, b := steps[p[0]], steps[p[1]]
				if a.EndNS > b.StartNS {
					t.Errorf("step %+v ends after %+v begins", a, b)
				}
			}
			for _, p := range tc.within {
				outer, inner := steps[p[0]], steps[p[1]]
				if inner.StartNS < outer.StartNS || inner.EndNS > outer.EndNS {
					t.Errorf("step %+v is not within %+v", inner, outer)
				}
			}
		})
	}
}

// tracerReport runs sctrace --tracer-stats=json -o /dev/null with args
// and returns the report it printed last on stderr.
func tracerReport(t *testing.T, sctrace string, args ...string) trace.TracerReport {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(sctrace, append([]string{"--tracer-stats=json", "-o", "/dev/null"}, args...)...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("sctrace: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	var r trace.TracerReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		t.Fatalf("last stderr line is not the JSON report: %v\n%s", err, stderr.String())
	}
	return r
}

// monotonicNS reads CLOCK_MONOTONIC, the clock of
// trace.TracerReport.MainStartedNS.
func monotonicNS(t *testing.T) int64 {
	t.Helper()
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		t.Fatal(err)
	}
	return ts.Nano()
}
