package bench

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sctrace/sctrace/trace"
)

func TestMedianStartupRun(t *testing.T) {
	fast := startupRun{wall: 3 * time.Millisecond, report: &trace.TracerReport{Backend: "fast"}}
	mid := startupRun{wall: 5 * time.Millisecond, report: &trace.TracerReport{Backend: "mid"}}
	slow := startupRun{wall: 9 * time.Millisecond}
	if got, ok := medianStartupRun([]startupRun{slow, fast, mid}); !ok || got.report != mid.report {
		t.Errorf("medianStartupRun = %+v, %v; want the 5 ms run", got, ok)
	}
	if _, ok := medianStartupRun(nil); ok {
		t.Error("medianStartupRun of no run reported one")
	}
}

func TestStartupRunSteps(t *testing.T) {
	sctrace := []trace.Step{{Name: "load", StartNS: 1_000_000, EndNS: 90_000_000}, {Name: "attach", StartNS: 2_000_000, EndNS: 5_000_000}}
	run := startupRun{startNS: 1_000_000_000, endNS: 1_130_000_000, report: &trace.TracerReport{MainStartedNS: 1_020_000_000, Steps: sctrace}}
	want := []trace.Step{{Name: StepBeforeMain, StartNS: -20_000_000}, sctrace[0], sctrace[1], {Name: StepAfterSteps, StartNS: 90_000_000, EndNS: 110_000_000}}
	if got := run.steps(); !slices.Equal(got, want) {
		t.Errorf("steps() = %+v, want %+v: the harness's before main and after the step that ended last", got, want)
	}
	run.report.MainStartedNS = 0
	if got := run.steps(); !slices.Equal(got, sctrace) {
		t.Errorf("steps() without main's time = %+v, want sctrace's alone", got)
	}
	if got := (startupRun{}).steps(); got != nil {
		t.Errorf("steps() without a report = %+v, want none", got)
	}
}

func TestWriteStartupMarkdown(t *testing.T) {
	rep := &Report{Machine: Machine{Kernel: "Linux 6.18"}, Started: time.Date(2026, 12, 2, 7, 0, 0, 0, time.UTC), Rows: []Row{
		{Name: "native", Startup: 0.003},
		{Name: "sctrace-ebpf-full", Startup: 0.125, StartupSteps: []trace.Step{
			{Name: StepBeforeMain, StartNS: -20_000_000},
			{Name: "load sys_enter", StartNS: 40_000_000, EndNS: 72_500_000},
			{Name: "attach", StartNS: 110_000_000, EndNS: 113_000_000},
			{Name: StepAfterSteps, StartNS: 113_000_000, EndNS: 114_500_000},
		}},
		{Name: "sctrace-ebpf-y", Startup: 0.160, StartupSteps: []trace.Step{{Name: "attach", StartNS: 1, EndNS: 2}}},
	}}
	var b strings.Builder
	if err := rep.WriteStartupMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "Linux 6.18, 2026-12-02 07:00 UTC\n") || !strings.Contains(out, "\n**sctrace-ebpf-full**, 0.125 s in all:\n\n") {
		t.Errorf("output lacks its heading or the configuration's:\n%s", out)
	}
	// The rows in order, the time before main first and after the last
	// step last; cells as the table pads them.
	rows := regexp.MustCompile(`(?m)^\| +before main: exec, runtime and package initialization \| +-20\.0 \| +0\.0 \| +20\.0 \|\n` +
		`\| +load sys_enter \| +40\.0 \| +72\.5 \| +32\.5 \|\n` +
		`\| +attach \| +110\.0 \| +113\.0 \| +3\.0 \|\n` +
		`\| +after the last step: exit, reaped \| +113\.0 \| +114\.5 \| +1\.5 \|$`)
	if !rows.MatchString(out) {
		t.Errorf("output lacks the rows, in order:\n%s", out)
	}
	// Only the configurations of StartupDetailed get a table.
	if strings.Contains(out, "sctrace-ebpf-y") || strings.Contains(out, "native") {
		t.Errorf("a configuration outside StartupDetailed got a table:\n%s", out)
	}
}
