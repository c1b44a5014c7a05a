package bench

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/sctrace/sctrace/trace"
)

// Report is the outcome of a measurement.
type Report struct {
	Workload string    `json:"workload"`
	Runs     int       `json:"runs"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	Machine  Machine   `json:"machine"`
	// Syscalls is how many syscalls the workload makes, and
	// SyscallsSource how that was counted.
	Syscalls       int64  `json:"syscalls"`
	SyscallsSource string `json:"syscalls_source"`
	// Busy says how much other work ran meanwhile.
	Busy     Busy     `json:"busy"`
	Warnings []string `json:"warnings,omitempty"`
	Rows     []Row    `json:"configs"`
}

// Row is the figures of one configuration.
type Row struct {
	Name     string `json:"name"`
	Describe string `json:"describe"`
	// Command is the command line of a run, the workload abbreviated.
	Command string `json:"command,omitempty"`
	// Skipped says why the configuration did not run; the figures are
	// then empty.
	Skipped  string   `json:"skipped,omitempty"`
	Failures []string `json:"failures,omitempty"`
	// Runs counts the successful runs the figures come from.
	Runs int `json:"runs"`
	// Median, Min and Max are wall times in seconds.
	Median float64 `json:"median_s"`
	Min    float64 `json:"min_s"`
	Max    float64 `json:"max_s"`
	// User and Sys are median CPU seconds of the process tree.
	User float64 `json:"user_s"`
	Sys  float64 `json:"sys_s"`
	// Ratio is Median over native's median.
	Ratio float64 `json:"ratio"`
	// NSPerSyscall is the wall time added per workload syscall.
	NSPerSyscall float64 `json:"ns_per_syscall"`
	// Startup is the median wall time of the configuration on `true`
	// (seconds): the fixed cost included in Median. NetNSPerSyscall is
	// NSPerSyscall without it: what each syscall costs at the margin.
	Startup         float64 `json:"startup_s"`
	NetNSPerSyscall float64 `json:"net_ns_per_syscall"`
	// StartupSteps are the steps sctrace timed (--tracer-stats) in its
	// median run on `true`, between the two the harness timed around
	// them: StepBeforeMain first, StepAfterSteps last (startupRun.steps).
	StartupSteps []trace.Step `json:"startup_steps,omitempty"`
	// CtxPerSyscall is the process tree's context switches per workload
	// syscall (median run); TracerCtxPerSyscall and TraceeCtxPerSyscall
	// split it for sctrace (--tracer-stats).
	CtxPerSyscall       float64 `json:"ctx_switches_per_syscall"`
	TracerCtxPerSyscall float64 `json:"tracer_ctx_switches_per_syscall,omitempty"`
	TraceeCtxPerSyscall float64 `json:"tracee_ctx_switches_per_syscall,omitempty"`
	// Tracer is sctrace's --tracer-stats report of the median run.
	Tracer *trace.TracerReport `json:"tracer_stats,omitempty"`
	// Lines is the trace file's line count (median), for configurations
	// that write one.
	Lines int64 `json:"lines,omitempty"`
	// Placement describes the CPUs the tracer and tracee could use.
	Placement string `json:"placement"`
	// OverFloor is the wall time over the floor's, in units of native's,
	// round by round; nil for native and the floor.
	OverFloor *Paired `json:"over_floor_x_native,omitempty"`
}

// summarize turns the runs into rows, ratios relative to native.
func (rep *Report) summarize(results []*runResult) {
	var native, nativeStartup time.Duration
	var nativeSamples, floorSamples []Sample
	for _, r := range results {
		if r.config.Tool == Native && len(r.samples) > 0 {
			native = spreadOf(walls(r.samples)).Median
			nativeStartup = spreadOf(r.startups).Median
			nativeSamples = r.samples
		}
		if r.config.Tool == EmptyHooks {
			floorSamples = r.samples
		}
	}
	for _, r := range results {
		row := Row{Name: r.config.Name, Describe: r.config.Describe, Skipped: r.skipped, Failures: r.failures, Runs: len(r.samples)}
		row.Placement = r.config.Placement
		if row.Placement == "" {
			row.Placement = "unpinned: CPUs " + rep.Machine.Affinity
		}
		if r.config.Tool != Native {
			row.Command = strings.Join(r.config.CommandLine(string(r.config.Tool), "FILE", nil, []string{"WORKLOAD"}), " ")
		}
		if len(r.samples) == 0 {
			if row.Skipped == "" {
				row.Skipped = "every run failed"
			}
			rep.Rows = append(rep.Rows, row)
			continue
		}
		sp := spreadOf(walls(r.samples))
		row.Median, row.Min, row.Max = sp.Median.Seconds(), sp.Min.Seconds(), sp.Max.Seconds()
		row.Ratio = ratio(sp.Median, native)
		row.NSPerSyscall = nsPerSyscall(sp.Median, native, rep.Syscalls)
		if startup := spreadOf(r.startups).Median; len(r.startups) > 0 && nativeStartup > 0 {
			row.Startup = startup.Seconds()
			row.NetNSPerSyscall = nsPerSyscall(sp.Median-startup, native-nativeStartup, rep.Syscalls)
			if run, ok := medianStartupRun(r.startupRuns); ok {
				row.StartupSteps = run.steps()
			}
		}
		if r.config.Tool != Native && r.config.Tool != EmptyHooks {
			row.OverFloor = pairedOverFloor(r.samples, floorSamples, nativeSamples)
		}
		med := medianSample(r.samples)
		row.User = time.Duration(medianInt(mapSamples(r.samples, func(s Sample) int64 { return int64(s.User) }))).Seconds()
		row.Sys = time.Duration(medianInt(mapSamples(r.samples, func(s Sample) int64 { return int64(s.Sys) }))).Seconds()
		row.CtxPerSyscall = perSyscall(float64(medianInt(mapSamples(r.samples, func(s Sample) int64 { return s.CtxSwitches }))), rep.Syscalls)
		if r.config.WritesFile() {
			row.Lines = medianInt(mapSamples(r.samples, func(s Sample) int64 { return s.Lines }))
		}
		if t := med.Tracer; t != nil {
			row.Tracer = t
			row.TracerCtxPerSyscall = perSyscall(float64(t.Tracer.CtxSwitches()), rep.Syscalls)
			row.TraceeCtxPerSyscall = perSyscall(float64(t.Tracee.CtxSwitches()), rep.Syscalls)
			if t.Placement != "" {
				row.Placement = t.Placement
			}
		}
		rep.Rows = append(rep.Rows, row)
	}
}

// walls returns the samples' wall times.
func walls(ss []Sample) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = s.Wall
	}
	return out
}

// mapSamples returns f of each sample.
func mapSamples(ss []Sample, f func(Sample) int64) []int64 {
	out := make([]int64, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

// medianSample returns the sample whose wall time is the median (the
// lower middle one for an even count): its counters describe a typical run.
func medianSample(ss []Sample) Sample {
	idx := make([]int, len(ss))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ { // insertion sort: a handful of runs
		for j := i; j > 0 && ss[idx[j]].Wall < ss[idx[j-1]].Wall; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return ss[idx[(len(idx)-1)/2]]
}

// medianStartupRun returns the run whose wall time is the median (the
// lower middle one for an even count); false when there is none.
func medianStartupRun(runs []startupRun) (startupRun, bool) {
	if len(runs) == 0 {
		return startupRun{}, false
	}
	sorted := slices.Clone(runs)
	slices.SortStableFunc(sorted, func(a, b startupRun) int { return cmp.Compare(a.wall, b.wall) })
	return sorted[(len(sorted)-1)/2], true
}

// The steps the harness adds around sctrace's own (startupRun.steps).
const (
	StepBeforeMain = "before main: exec, runtime and package initialization"
	StepAfterSteps = "after the last step: exit, reaped"
)

// steps returns the steps sctrace reported for the run (nil when it
// reported none), and, when its report gives main's start and the
// harness's clock was read, StepBeforeMain from the harness's fork to
// main first and StepAfterSteps from the end of the step that ended last
// to the reaping last, on the same origin (main's start).
func (r startupRun) steps() []trace.Step {
	if r.report == nil || len(r.report.Steps) == 0 {
		return nil
	}
	steps := r.report.Steps
	if main := r.report.MainStartedNS; main != 0 && r.startNS != 0 && r.endNS != 0 {
		last := int64(0)
		for _, s := range steps {
			last = max(last, s.EndNS)
		}
		steps = append(append([]trace.Step{{Name: StepBeforeMain, StartNS: r.startNS - main}}, steps...),
			trace.Step{Name: StepAfterSteps, StartNS: last, EndNS: r.endNS - main})
	}
	return steps
}

// WriteJSON writes the report as indented JSON.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return fmt.Errorf("write JSON report: %w", err)
	}
	return nil
}

// ReadJSON reads a report that WriteJSON saved.
func ReadJSON(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read report: %w", err)
	}
	var rep Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("read report %s: %w", path, err)
	}
	return &rep, nil
}

// WriteTable writes the report as a text table, followed by its notes.
func (rep *Report) WriteTable(w io.Writer) error {
	return rep.write(w, false)
}

// WriteMarkdown writes the report as a Markdown table, followed by its
// notes, ready to paste into the README or docs/overhead.md.
func (rep *Report) WriteMarkdown(w io.Writer) error {
	return rep.write(w, true)
}

// tableHeader names the columns of WriteTable and WriteMarkdown.
var tableHeader = []string{"configuration", "median s", "min s", "max s", "user s", "sys s", "× native",
	"over floor × native (min–max)", "start-up s", "ns/syscall", "net ns/syscall", "ctx sw/syscall", "ptrace stops", "ring records", "wake-ups", "lost", "lines", "placement"}

// write renders the table and the notes, as Markdown or text.
func (rep *Report) write(w io.Writer, markdown bool) error {
	fmt.Fprintf(w, "%s: `%s`, %d syscalls (%s), %d run(s) each, interleaved; %s, %s, %d CPUs; %s\n\n",
		headerWord(markdown), rep.Workload, rep.Syscalls, rep.SyscallsSource, rep.Runs,
		rep.Machine.Kernel, rep.Machine.CPUModel, rep.Machine.CPUs, rep.Started.Format("2006-01-02 15:04 UTC"))
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAlignment(tw.AlignRight)}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	t := tablewriter.NewTable(w, opts...)
	t.Header(tableHeader)
	for _, r := range rep.Rows {
		if err := t.Append(r.cells()); err != nil {
			return fmt.Errorf("report table: %w", err)
		}
	}
	if err := t.Render(); err != nil {
		return fmt.Errorf("report table: %w", err)
	}
	fmt.Fprintln(w)
	bullet := "note:"
	if markdown {
		bullet = "-"
	}
	for _, r := range rep.Rows {
		if r.Skipped != "" {
			fmt.Fprintf(w, "%s %s skipped: %s\n", bullet, r.Name, r.Skipped)
		}
		if len(r.Failures) > 0 {
			fmt.Fprintf(w, "%s %s: %d run(s) failed, first: %s\n", bullet, r.Name, len(r.Failures), r.Failures[0])
		}
	}
	if d := rep.Machine.describe(); d != "" {
		fmt.Fprintf(w, "%s the machine: %s\n", bullet, d)
	}
	if n := rep.nativeNSPerSyscall(); n > 0 {
		fmt.Fprintf(w, "%s native: %.0f ns per syscall (its median over the workload's syscalls), the unit of the × native columns: a tracer's cost per call weighs less against a dearer syscall\n", bullet, n)
	}
	fmt.Fprintf(w, "%s other work during the measurement: %.2f CPUs on average over %.0f s (load %s -> %s)\n",
		bullet, rep.Busy.OtherCPUs, rep.Busy.Seconds, rep.Busy.LoadBefore, rep.Busy.LoadAfter)
	for _, warn := range rep.Warnings {
		fmt.Fprintf(w, "%s WARNING: %s\n", bullet, warn)
	}
	return nil
}

// nativeNSPerSyscall is native's median wall time over the workload's
// syscalls, 0 when native did not run.
func (rep *Report) nativeNSPerSyscall() float64 {
	for _, r := range rep.Rows {
		if r.Name == "native" && r.Runs > 0 && rep.Syscalls > 0 {
			return r.Median * 1e9 / float64(rep.Syscalls)
		}
	}
	return 0
}

// headerWord starts the report's first line.
func headerWord(markdown bool) string {
	if markdown {
		return "Workload"
	}
	return "workload"
}

// cells returns the row's table cells; "-" where a figure does not apply.
func (r Row) cells() []string {
	if r.Runs == 0 {
		c := make([]string, len(tableHeader))
		c[0] = r.Name
		c[1] = "skipped"
		for i := 2; i < len(c); i++ {
			c[i] = "-"
		}
		return c
	}
	dash := func(ok bool, s string) string {
		if !ok {
			return "-"
		}
		return s
	}
	t := r.Tracer
	hasT := t != nil
	var stops, records, wakeups, lost string
	if hasT {
		stops = fmt.Sprint(t.Stats.PtraceStops)
		records = fmt.Sprint(t.Stats.RingRecords)
		wakeups = fmt.Sprint(t.Stats.Wakeups)
		lost = fmt.Sprint(t.Stats.Lost)
	}
	ctx := fmt.Sprintf("%.2f", r.CtxPerSyscall)
	if hasT {
		ctx += fmt.Sprintf(" (%.2f+%.2f)", r.TracerCtxPerSyscall, r.TraceeCtxPerSyscall)
	}
	return []string{
		r.Name,
		fmt.Sprintf("%.3f", r.Median), fmt.Sprintf("%.3f", r.Min), fmt.Sprintf("%.3f", r.Max),
		fmt.Sprintf("%.3f", r.User), fmt.Sprintf("%.3f", r.Sys),
		dash(r.Ratio > 0, fmt.Sprintf("%.2f", r.Ratio)),
		r.OverFloor.cell(),
		dash(r.Startup > 0, fmt.Sprintf("%.3f", r.Startup)),
		dash(r.Name != "native" && r.NSPerSyscall != 0, fmt.Sprintf("%.0f", r.NSPerSyscall)),
		dash(r.Name != "native" && r.NetNSPerSyscall != 0, fmt.Sprintf("%.0f", r.NetNSPerSyscall)),
		ctx,
		dash(hasT && t.Backend == "ptrace", stops),
		dash(hasT && t.Backend == "ebpf", records),
		dash(hasT && t.Backend == "ebpf", wakeups),
		dash(hasT, lost),
		dash(r.Lines > 0, fmt.Sprint(r.Lines)),
		r.Placement,
	}
}

// cell is p's table cell: the median, then the range over the rounds; "-"
// when there is none.
func (p *Paired) cell() string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf("%.2f (%.2f–%.2f)", p.Median, p.Min, p.Max)
}
