package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// TestSeccompBPF checks --seccomp-bpf on the ptrace backend: the trace is
// strace's, and only the traced calls (and the execve that ends the
// start-up) stop the command, so the stops are far fewer than the calls
// it makes.
func TestSeccompBPF(t *testing.T) {
	strace, sctrace := tracers(t)
	args := []string{"--seccomp-bpf", "-f", "-e", "trace=openat,close", "cat", "/etc/hostname"}
	want, _ := traceFile(t, strace, args...)
	got, r := traceFile(t, sctrace, append([]string{"--backend=ptrace", "--tracer-stats=json"}, args...)...)
	if r.exit != 0 {
		t.Fatalf("exit %d, stderr %s", r.exit, r.stderr)
	}
	if d := sameLines(normalized(want), normalized(got)); d != "" {
		t.Errorf("trace differs from strace's, %s", d)
	}
	traced := uint64(len(callNames(got)))
	stops := ptraceStops(t, r)
	_, plain := traceFile(t, sctrace, append([]string{"--backend=ptrace", "--tracer-stats=json"}, args[1:]...)...)
	// Each traced call stops at its seccomp event and at its exit; the
	// exec stub's start-up and the exit (its PTRACE_EVENT_EXIT stop
	// included) add 13 to 17 more: 13 in 30 runs on an idle machine, 13
	// to 17 in 25 runs beside two busy loops (the stub's stop and
	// continuation are reported once or more depending on timing).
	// Without the filter every call of cat stops twice.
	if stops > 2*traced+17 || 2*stops > ptraceStops(t, plain) {
		t.Errorf("%d ptrace stops for %d traced calls (%d without --seccomp-bpf): the filter does not spare the others",
			stops, traced, ptraceStops(t, plain))
	}
	for _, name := range callNames(got) {
		if name != "openat" && name != "close" {
			t.Errorf("a %s line under trace=openat,close:\n%s", name, got)
		}
	}
	if !strings.Contains(got, "openat(AT_FDCWD, \"/etc/hostname\"") {
		t.Errorf("no openat of /etc/hostname in\n%s", got)
	}
}

// ptraceStops returns the ptrace stops of a run's --tracer-stats=json
// report, the last line of its stderr.
func ptraceStops(t *testing.T, r result) uint64 {
	t.Helper()
	report := lines(r.stderr)
	var rep trace.TracerReport
	if len(report) == 0 || json.Unmarshal([]byte(report[len(report)-1]), &rep) != nil {
		t.Fatalf("no --tracer-stats report in %q", r.stderr)
	}
	return rep.Stats.PtraceStops
}
