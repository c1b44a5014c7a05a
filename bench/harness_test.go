package bench

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testutil.RemoveBuildDir()
	os.Exit(code)
}

// TestHarnessEndToEnd runs the harness on a tiny workload with native,
// sctrace's ptrace backend and strace, and checks that every configuration
// either ran or says why it did not, and that the figures hang together.
func TestHarnessEndToEnd(t *testing.T) {
	testutil.RequirePtrace(t)
	strace := testutil.RequireCommand(t, "strace")
	sctrace := testutil.BuildSctrace(t)
	configs, rep, _ := runSmall(t, Tools{Sctrace: sctrace, Strace: strace}, []string{"sctrace-ptrace-*", "strace-full", "strace-c"}, 1)
	// strace -c is the oracle for the count: dd copies 2048 bytes one at a
	// time, a read and a write each.
	if !strings.Contains(rep.SyscallsSource, "strace") || rep.Syscalls < 2*2048 {
		t.Errorf("workload syscalls = %d (%s), want strace's count, at least %d", rep.Syscalls, rep.SyscallsSource, 2*2048)
	}
	if len(rep.Rows) != len(configs) {
		t.Fatalf("%d rows for %d configurations", len(rep.Rows), len(configs))
	}
	for i, r := range rep.Rows {
		if r.Name != configs[i].Name {
			t.Errorf("row %d is %q, want %q", i, r.Name, configs[i].Name)
		}
		if r.Runs == 0 {
			if r.Skipped == "" {
				t.Errorf("%s neither ran nor says why", r.Name)
			}
			continue
		}
		if r.Median <= 0 || r.Min > r.Median || r.Median > r.Max || r.Ratio <= 0 {
			t.Errorf("%s: inconsistent figures %+v", r.Name, r)
		}
	}
	// These must run on any machine with ptrace and strace.
	for _, name := range []string{"native", "sctrace-ptrace-full", "strace-full", "strace-c"} {
		r := rowNamed(rep, name)
		if r == nil || r.Runs != 1 {
			t.Errorf("%s did not run: %+v", name, r)
		}
	}
	if r := rowNamed(rep, "sctrace-ptrace-full"); r != nil {
		// sctrace's own count of the calls it traced matches the oracle's
		// to within the calls around exec and exit.
		if r.Tracer == nil || r.Tracer.Backend != "ptrace" {
			t.Errorf("sctrace-ptrace-full: no --tracer-stats report: %+v", r.Tracer)
		} else if d := int64(r.Tracer.SyscallsTraced) - rep.Syscalls; d < -3 || d > 3 {
			t.Errorf("sctrace traced %d syscalls, strace -c counted %d", r.Tracer.SyscallsTraced, rep.Syscalls)
		}
	}
	for _, write := range []func(*Report, *strings.Builder) error{
		func(r *Report, b *strings.Builder) error { return r.WriteTable(b) },
		func(r *Report, b *strings.Builder) error { return r.WriteMarkdown(b) },
		func(r *Report, b *strings.Builder) error { return r.WriteJSON(b) },
		func(r *Report, b *strings.Builder) error { return r.WriteSVG(b) },
	} {
		var b strings.Builder
		if err := write(rep, &b); err != nil {
			t.Fatal(err)
		}
		for _, r := range rep.Rows {
			if !strings.Contains(b.String(), r.Name) {
				t.Errorf("output lacks %s:\n%s", r.Name, b.String())
			}
		}
	}
}

// rowNamed returns the report's row for a configuration, or nil.
func rowNamed(rep *Report, name string) *Row {
	for i := range rep.Rows {
		if rep.Rows[i].Name == name {
			return &rep.Rows[i]
		}
	}
	return nil
}

// TestHookFloors runs the two floors, the empty programs and those that
// read the clock, on a small workload: both attach and run, and the clock
// floor's row is measured over the empty one's.
func TestHookFloors(t *testing.T) {
	testutil.RequireBPF(t)
	_, rep, progress := runSmall(t, Tools{}, []string{"ebpf-*-hooks"}, 2)
	empty, clock := rowNamed(rep, "ebpf-empty-hooks"), rowNamed(rep, "ebpf-clock-hooks")
	if empty == nil || clock == nil {
		t.Fatalf("rows missing: empty %v, clock %v\n%s", empty, clock, progress)
	}
	for _, r := range []*Row{empty, clock} {
		if r.Runs != 2 || r.Skipped != "" {
			t.Errorf("%s: %d runs, skipped %q\n%s", r.Name, r.Runs, r.Skipped, progress)
		}
	}
	if empty.OverFloor != nil || clock.OverFloor == nil {
		t.Errorf("over floor: empty %+v, clock %+v; want only the clock floor's", empty.OverFloor, clock.OverFloor)
	}
}

// runSmall runs the configurations patterns select, runs times each, on
// dd's 2048 one-byte copies, with tools; it fails t if the run fails, and
// returns the configurations, the report and the progress output.
func runSmall(t *testing.T, tools Tools, patterns []string, runs int) ([]Config, *Report, string) {
	t.Helper()
	configs, err := SelectConfigs(AllConfigs(), patterns)
	if err != nil {
		t.Fatal(err)
	}
	var progress strings.Builder
	rep, err := Run(context.Background(), Options{
		Tools:    tools,
		Workload: []string{"dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=2k"},
		Runs:     runs,
		Configs:  configs,
		TmpDir:   t.TempDir(),
		Progress: &progress,
	})
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, progress.String())
	}
	return configs, rep, progress.String()
}
