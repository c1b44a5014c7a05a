package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

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

	var stderr bytes.Buffer
	cmd := exec.Command(sctrace, append([]string{"--backend=ptrace", "--tracer-stats=json", "-o", "/dev/null"}, workload...)...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("sctrace: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	var r trace.TracerReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		t.Fatalf("last stderr line is not the JSON report: %v\n%s", err, stderr.String())
	}
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
