package bench

import (
	"fmt"
	"io"
	"slices"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/sctrace/sctrace/trace"
)

// secondsToNS converts seconds to nanoseconds.
func secondsToNS(s float64) int64 { return int64(s * 1e9) }

// StartupDetailed names the configurations whose start-up
// WriteStartupMarkdown breaks into steps: one per kind of run (the ptrace
// backend, eBPF counting, an eBPF trace).
var StartupDetailed = []string{"sctrace-ptrace-full", "sctrace-ebpf-c", "sctrace-ebpf-full"}

// WriteStartupMarkdown writes, for each configuration of StartupDetailed
// that the report has steps for, a Markdown table of the steps sctrace
// timed in its median run on `true` (--tracer-stats), in milliseconds
// after sctrace's main began, between the time the run took to reach
// main and the time it lasted after its last step.
func (rep *Report) WriteStartupMarkdown(w io.Writer) error {
	fmt.Fprintf(w, "Start-up steps: each configuration's median run on `true` (the **start-up s** column), as its `--tracer-stats` timed them, in ms after sctrace's `main` began; %s, %s\n",
		rep.Machine.Kernel, rep.Started.Format("2006-01-02 15:04 UTC"))
	for _, r := range rep.Rows {
		if !slices.Contains(StartupDetailed, r.Name) || len(r.StartupSteps) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n**%s**, %.3f s in all:\n\n", r.Name, r.Startup)
		t := tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAlignment(tw.AlignRight),
			tablewriter.WithRenderer(renderer.NewMarkdown()))
		t.Header([]string{"step", "start ms", "end ms", "took ms"})
		steps := r.StartupSteps
		last := int64(0)
		for _, s := range steps {
			last = max(last, s.EndNS)
		}
		if r.StartupToMain > 0 {
			before := trace.Step{Name: "before main: exec, runtime and package initialization", StartNS: -secondsToNS(r.StartupToMain)}
			steps = append([]trace.Step{before}, steps...)
		}
		if r.StartupAfterSteps > 0 {
			steps = append(steps, trace.Step{Name: "after the last step: exit, reaped", StartNS: last, EndNS: last + secondsToNS(r.StartupAfterSteps)})
		}
		for _, s := range steps {
			ms := func(ns int64) string { return fmt.Sprintf("%.1f", float64(ns)/1e6) }
			if err := t.Append([]string{s.Name, ms(s.StartNS), ms(s.EndNS), ms(s.EndNS - s.StartNS)}); err != nil {
				return fmt.Errorf("start-up table: %w", err)
			}
		}
		if err := t.Render(); err != nil {
			return fmt.Errorf("start-up table: %w", err)
		}
	}
	return nil
}
