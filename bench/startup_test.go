package bench

import (
	"strings"
	"testing"
	"time"

	"github.com/sctrace/sctrace/trace"
)

func TestMedianReport(t *testing.T) {
	fast, mid, slow := &trace.TracerReport{Backend: "fast"}, &trace.TracerReport{Backend: "mid"}, &trace.TracerReport{Backend: "slow"}
	walls := []time.Duration{9 * time.Millisecond, 3 * time.Millisecond, 5 * time.Millisecond}
	if got := medianReport(walls, []*trace.TracerReport{slow, fast, mid}); got != mid {
		t.Errorf("medianReport = %+v, want the 5 ms run's", got)
	}
	if got := medianReport(walls, []*trace.TracerReport{slow, fast}); got != nil {
		t.Errorf("medianReport with a report missing = %+v, want nil", got)
	}
	if got := medianReport(nil, nil); got != nil {
		t.Errorf("medianReport of no run = %+v, want nil", got)
	}
}

func TestWriteStartupMarkdown(t *testing.T) {
	rep := &Report{Machine: Machine{Kernel: "Linux 6.18"}, Started: time.Date(2026, 12, 2, 7, 0, 0, 0, time.UTC), Rows: []Row{
		{Name: "native", Startup: 0.003},
		{Name: "sctrace-ebpf-full", Startup: 0.125, StartupSteps: []trace.Step{
			{Name: "load sys_enter", StartNS: 40_000_000, EndNS: 72_500_000},
			{Name: "attach", StartNS: 110_000_000, EndNS: 113_000_000},
		}},
		{Name: "sctrace-ebpf-y", Startup: 0.160, StartupSteps: []trace.Step{{Name: "attach", StartNS: 1, EndNS: 2}}},
	}}
	var b strings.Builder
	if err := rep.WriteStartupMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"Linux 6.18, 2026-12-02 07:00 UTC\n",
		"\n**sctrace-ebpf-full**, 0.125 s in all:\n\n",
		"| load sys_enter |     40.0 |   72.5 |    32.5 |\n",
		"|         attach |    110.0 |  113.0 |     3.0 |\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Only the configurations of StartupDetailed get a table.
	if strings.Contains(out, "sctrace-ebpf-y") || strings.Contains(out, "native") {
		t.Errorf("a configuration outside StartupDetailed got a table:\n%s", out)
	}
}
