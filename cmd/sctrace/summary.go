package main

// The -c family: -c/-C count system calls and print strace's summary table
// at the end; -w, -S, -U and -O shape it as in strace; --summary-histogram
// and --summary-format=json are sctrace's own.

import (
	"math"
	"strconv"
	"strings"

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
	summaryIntervalFlags

	// perProcess is -c -ff (or --output-separately): a table per process,
	// set by checkCombination.
	perProcess bool

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
	return f.checkInterval(fs)
}

// checkCombination validates what strace checks after reading every
// option, and collects its warnings.
func (f *summaryFlags) checkCombination(cfg *config, fs *pflag.FlagSet) error {
	const withC = " (-c/--summary-only or -C/--summary)"
	if f.active() && cfg.separately && cfg.output == "" {
		// The tables go to FILE.PID; without -o, strace's refusal.
		return usageErrorf("%s and -ff/--output-separately are mutually exclusive", withC[1:])
	}
	if !f.active() {
		switch {
		case fs.Changed("summary-interval"):
			return usageErrorf("--summary-interval must be given with%s", withC)
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
	f.perProcess = f.active() && cfg.separately
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
	opts.CountPerProcess = f.perProcess
	// The histograms print, or give the percentiles, the JSON's buckets
	// and an interval's shortest and longest call.
	opts.CountHistograms = f.histogram || f.format == "json" || f.interval > 0 || summary.UsesHistograms(f.cols, f.sort)
	opts.SummaryWallTime = f.wall
	opts.SyscallCPUTime = !f.wall
}
