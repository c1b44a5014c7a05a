package main

// The -c family: -c/-C count system calls and print strace's summary table
// at the end; -w, -S, -U and -O shape it as in strace; --summary-histogram
// and --summary-format=json are sctrace's own.

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/printer"
	"github.com/sctrace/sctrace/summary"
	"github.com/sctrace/sctrace/trace"
	"github.com/spf13/pflag"
)

// summaryFlags are the -c family's flags.
type summaryFlags struct {
	only, both bool   // -c, -C
	wall       bool   // -w
	sortBy     string // -S
	columns    string // -U
	overhead   string // -O
	histogram  bool   // --summary-histogram
	format     string // --summary-format

	// Resolved by check.
	sort       summary.SortKey
	cols       []summary.Column
	overheadNS uint64
	// warnings are strace's "has no effect" notes, for config.notes.
	warnings []string
}

// addSummaryFlags declares the flags summaryFlags holds.
func addSummaryFlags(fs *pflag.FlagSet, f *summaryFlags) {
	fs.BoolVarP(&f.only, "summary-only", "c", false, "count time, calls and errors of each syscall and print only a summary")
	fs.BoolVarP(&f.both, "summary", "C", false, "like -c, but also print the trace")
	fs.BoolVarP(&f.wall, "summary-wall-clock", "w", false, "summarise wall time from entry to exit (default: system CPU time)")
	fs.StringVarP(&f.sortBy, "summary-sort-by", "S", "", "sort the summary by `KEY`")
	fs.StringVarP(&f.columns, "summary-columns", "U", "", "summary `COLUMNS`, comma-separated")
	fs.StringVarP(&f.overhead, "summary-syscall-overhead", "O", "", "subtract `OVERHEAD[UNIT]` from each call's time")
	fs.BoolVar(&f.histogram, "summary-histogram", false, "with -c/-C, also print a log2 histogram of each syscall's times")
	fs.StringVar(&f.format, "summary-format", "text", "summary `FORMAT`: text (strace's table) or json")
}

// active reports whether -c or -C was given.
func (f *summaryFlags) active() bool { return f.only || f.both }

// check validates what strace checks while it reads the options: -c with
// -C, and the -S, -U and -O arguments.
func (f *summaryFlags) check(fs *pflag.FlagSet) error {
	if f.only && f.both {
		return usageErrorf("-c/--summary-only and -C/--summary are mutually exclusive")
	}
	f.sort = summary.ByTime
	if fs.Changed("summary-sort-by") {
		k, err := summary.ParseSortKey(f.sortBy)
		if err != nil {
			return usageErrorf("%v", err)
		}
		f.sort = k
	}
	f.cols = summary.DefaultColumns
	if fs.Changed("summary-columns") {
		cols, err := summary.ParseColumns(f.columns)
		if err != nil {
			return usageErrorf("%v", err)
		}
		f.cols = cols
	}
	if fs.Changed("summary-syscall-overhead") {
		ns, ok := parseOverhead(f.overhead)
		if !ok {
			return usageErrorf("invalid -O argument: '%s'", f.overhead)
		}
		f.overheadNS = ns
	}
	switch f.format {
	case "text", "json":
	default:
		return usageErrorf("invalid --summary-format argument: '%s' (want text or json)", f.format)
	}
	return nil
}

// checkCombination validates what strace checks after reading every
// option, and collects its warnings.
func (f *summaryFlags) checkCombination(cfg *config, fs *pflag.FlagSet) error {
	const withC = " (-c/--summary-only or -C/--summary)"
	if f.active() && cfg.separately {
		return usageErrorf("%s and -ff/--output-separately are mutually exclusive", withC[1:])
	}
	if !f.active() {
		switch {
		case f.wall:
			return usageErrorf("-w/--summary-wall-clock must be given with%s", withC)
		case fs.Changed("summary-columns"):
			return usageErrorf("-U/--summary-columns must be given with%s", withC)
		case f.histogram:
			return usageErrorf("--summary-histogram must be given with%s", withC)
		case fs.Changed("summary-format"):
			return usageErrorf("--summary-format must be given with%s", withC)
		}
		if fs.Changed("summary-sort-by") {
			f.warnings = append(f.warnings, "-S/--summary-sort-by has no effect without"+withC)
		}
	}
	if f.only {
		for _, w := range []struct {
			given bool
			flag  string
		}{
			{cfg.compat.instructionPointer, "-i/--instruction-pointer"},
			{cfg.stackTraces, "-k/--stack-traces"},
			{cfg.syscallNumbers, "-n/--syscall-number"},
			{cfg.time.relativeDigits >= 0, "-r/--relative-timestamps"},
			{cfg.time.format != printer.NoTimestamps, "-t/--absolute-timestamps"},
			{cfg.time.syscallDigits >= 0, "-T/--syscall-times"},
			{cfg.format.yCount > 0 || cfg.format.fdSet != "", "-y/--decode-fds"},
		} {
			if w.given {
				f.warnings = append(f.warnings, w.flag+" has no effect with -c/--summary-only")
			}
		}
	}
	return nil
}

// parseOverhead parses -O's OVERHEAD[UNIT] as strace does: an integer or
// a non-negative decimal number, then s, ms, us or ns (us when none).
func parseOverhead(s string) (uint64, bool) {
	const floatChars, intChars = "eE.-+0123456789", "+0123456789"
	floatLen := len(s) - len(strings.TrimLeft(s, floatChars))
	intLen := len(s) - len(strings.TrimLeft(s, intChars))
	n := max(floatLen, intLen)
	var scale uint64
	switch s[n:] {
	case "", "us":
		scale = 1_000
	case "s":
		scale = 1_000_000_000
	case "ms":
		scale = 1_000_000
	case "ns":
		scale = 1
	default:
		return 0, false
	}
	if floatLen > intLen {
		v, err := strconv.ParseFloat(s[:n], 64)
		if err != nil || v < 0 || v*float64(scale) >= math.MaxInt64 {
			return 0, false
		}
		return uint64(v * float64(scale)), true
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(s[:n], "+"), 10, 63)
	if err != nil || v > math.MaxInt64/scale {
		return 0, false
	}
	return v * scale, true
}

// apply sets what the backend must measure for the summary: a backend that
// can aggregate in place does so under -c, unless -O must be subtracted
// from each call.
func (f *summaryFlags) apply(opts *trace.Options) {
	if !f.active() {
		return
	}
	opts.CountOnly = f.only && f.overheadNS == 0
	opts.SummaryWallTime = f.wall
	opts.SyscallCPUTime = !f.wall
}

// summaryRun counts system calls while tracing and prints the summary at
// the end.
type summaryRun struct {
	flags  *summaryFlags
	agg    *summary.Aggregator
	output string
}

// withSummary, under -c or -C, returns
// sink wrapped to count calls, with the run that prints the summary. Under
// -c the printer sees only what strace still prints then: attach and
// detach notes, and lost events. Without -c/-C it returns sink and nil.
func withSummary(cfg *config, spec *filter.Spec, sink func(*trace.Event) error, stderr io.Writer) (func(*trace.Event) error, *summaryRun) {
	if !cfg.summary.active() {
		return sink, nil
	}
	opts := summary.AggregatorOptions{WallTime: cfg.summary.wall, OverheadNS: cfg.summary.overheadNS}
	if !spec.TraceAll {
		opts.Filter = spec.Trace
	}
	s := &summaryRun{flags: &cfg.summary, agg: summary.NewAggregator(opts), output: cfg.output}
	if cfg.format.output == "perfetto" {
		// The timeline is one JSON object: the table goes to stderr.
		s.output = ""
	}
	only := cfg.summary.only
	return func(ev *trace.Event) error {
		s.agg.Handle(ev)
		if only {
			switch ev.Kind {
			case trace.NewTask, trace.Detached, trace.Lost, trace.PersonalityChange:
			default:
				return nil
			}
		}
		return sink(ev)
	}, s
}

// report prints the summary: to the -o file after the trace (the printer
// has closed it), else (and after a Perfetto timeline) to stderr, as
// strace does. A nil run prints nothing.
func (s *summaryRun) report(res trace.Result, stderr io.Writer) error {
	if s == nil {
		return nil
	}
	s.agg.Merge(res.Counts)
	if s.output == "" {
		return s.write(stderr)
	}
	f, err := os.OpenFile(s.output, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	err = s.write(f)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("summary: %w", cerr)
	}
	return err
}

// reportTo prints the summary to w (the -o pipe). A nil run prints
// nothing.
func (s *summaryRun) reportTo(res trace.Result, w io.Writer) error {
	if s == nil {
		return nil
	}
	s.agg.Merge(res.Counts)
	return s.write(w)
}

// isPipe reports whether -o names a pipe into a command ("|CMD", "!CMD").
func isPipe(output string) bool {
	_, ok := printer.PipeCommand(output)
	return ok
}

// write renders the summary in the format asked for.
func (s *summaryRun) write(w io.Writer) error {
	counts := s.agg.Counts()
	if s.flags.format == "json" {
		clock := "cpu"
		if s.flags.wall {
			clock = "wall"
		}
		return summary.WriteJSON(w, counts, summary.JSONOptions{Sort: s.flags.sort, Clock: clock})
	}
	if err := summary.WriteTable(w, counts, summary.TableOptions{Columns: s.flags.cols, Sort: s.flags.sort}); err != nil {
		return err
	}
	if s.flags.histogram {
		return summary.WriteHistograms(w, counts, s.flags.sort)
	}
	return nil
}
