package bench

import (
	"fmt"
	"io"
	"slices"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// StartupDetailed names the configurations whose start-up
// WriteStartupMarkdown breaks into steps: one per kind of run (the ptrace
// backend, eBPF counting, an eBPF trace).
var StartupDetailed = []string{"sctrace-ptrace-full", "sctrace-ebpf-c", "sctrace-ebpf-full"}

// WriteStartupMarkdown writes, for each configuration of StartupDetailed
// that the report has steps for, a Markdown table of the steps sctrace
// timed in its median run on `true` (--tracer-stats), in milliseconds
// after sctrace's main began (Row.StartupSteps).
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
		ms := func(ns int64) string { return fmt.Sprintf("%.1f", float64(ns)/1e6) }
		for _, s := range r.StartupSteps {
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
