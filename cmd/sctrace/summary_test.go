package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseOverhead(t *testing.T) {
	for _, c := range []struct {
		in   string
		ns   uint64
		okay bool
	}{
		{"1s", 1_000_000_000, true},
		{"5", 5_000, true}, // microseconds by default
		{"+5us", 5_000, true},
		{"250ms", 250_000_000, true},
		{"100ns", 100, true},
		{"1.5", 1_500, true},
		{"2.5s", 2_500_000_000, true},
		{"1e3", 1_000_000, true},
		{"", 0, false},
		{"x", 0, false},
		{"-1", 0, false},
		{"1h", 0, false},
		{"1 s", 0, false},
		{"99999999999999999999s", 0, false},
	} {
		ns, ok := parseOverhead(c.in)
		if ok != c.okay || ns != c.ns {
			t.Errorf("parseOverhead(%q) = %d, %v; want %d, %v", c.in, ns, ok, c.ns, c.okay)
		}
	}
}

// TestSummaryFlags: -c/-C set what the backend must measure, and the
// "no effect" notes are collected as strace prints them.
func TestSummaryFlags(t *testing.T) {
	cfg, err := parseArgs([]string{"-c", "-T", "-S", "calls", "-U", "name,p99", "true"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.summary.warnings) != 1 || cfg.summary.warnings[0] != "-T/--syscall-times has no effect with -c/--summary-only" {
		t.Errorf("warnings %q", cfg.summary.warnings)
	}
	spec, err := buildSpec(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := backendOptions(cfg, spec)
	if !opts.CountOnly || opts.SummaryWallTime || !opts.SyscallCPUTime {
		t.Errorf("-c: options %+v, want CountOnly and CPU times", opts)
	}
	cfg, err = parseArgs([]string{"-C", "-w", "-O", "1ms", "true"})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ = buildSpec(cfg, nil)
	if opts := backendOptions(cfg, spec); opts.CountOnly || !opts.SummaryWallTime || opts.SyscallCPUTime {
		t.Errorf("-C -w: options %+v, want events and wall time", opts)
	}
	cfg, _ = parseArgs([]string{"-c", "-O", "1ms", "true"})
	spec, _ = buildSpec(cfg, nil)
	if opts := backendOptions(cfg, spec); opts.CountOnly {
		t.Errorf("-c -O: in-place counting cannot subtract a per-call overhead")
	}
	cfg, _ = parseArgs([]string{"true"})
	spec, _ = buildSpec(cfg, nil)
	if opts := backendOptions(cfg, spec); opts.CountOnly || opts.SyscallCPUTime {
		t.Errorf("no -c: options %+v ask for counting", opts)
	}
}

// TestSummaryPerProcessFlags: -c -ff (or --output-separately) with -o
// asks for per-process tables, which the backend helps with
// (CountPerProcess); without -o it is refused as strace refuses it.
func TestSummaryPerProcessFlags(t *testing.T) {
	for _, args := range [][]string{{"-c", "-ff", "true"}, {"-C", "--output-separately", "true"}} {
		if _, err := parseArgs(args); err == nil || !strings.Contains(err.Error(), "and -ff/--output-separately are mutually exclusive") {
			t.Errorf("%v: error %v, want strace's refusal", args, err)
		}
	}
	for _, args := range [][]string{
		{"-c", "-ff", "-o", "t", "true"},
		{"--summary-only", "--output-separately", "-o", "t", "true"},
		{"-C", "-ff", "-o", "t", "true"},
	} {
		cfg, err := parseArgs(args)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if !cfg.summary.perProcess || !cfg.follow {
			t.Errorf("%v: perProcess %v, follow %v; want both", args, cfg.summary.perProcess, cfg.follow)
		}
		if len(cfg.notes) != 0 {
			t.Errorf("%v: notes %q", args, cfg.notes)
		}
		spec, err := buildSpec(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if opts := backendOptions(cfg, spec); !opts.CountPerProcess {
			t.Errorf("%v: options %+v do not ask for per-process counts", args, opts)
		}
	}
	cfg, err := parseArgs([]string{"-c", "-f", "true"})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := buildSpec(cfg, nil)
	if opts := backendOptions(cfg, spec); cfg.summary.perProcess || opts.CountPerProcess {
		t.Errorf("-c -f: per-process tables asked for")
	}
}

func TestSummaryIntervalFlag(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want time.Duration
		ok   bool
	}{
		{"1", time.Second, true},
		{"0.25", 250 * time.Millisecond, true},
		{"0.01", 10 * time.Millisecond, true},
		{"1e-1", 100 * time.Millisecond, true},
		{"0.001", 0, false},
		{"0", 0, false},
		{"-1", 0, false},
		{"nan", 0, false},
		{"inf", 0, false},
		{"1s", 0, false},
		{"", 0, false},
	} {
		cfg, err := parseArgs([]string{"-c", "--summary-interval=" + c.arg, "true"})
		if c.ok != (err == nil) || cfg != nil && cfg.summary.interval != c.want {
			var got time.Duration
			if cfg != nil {
				got = cfg.summary.interval
			}
			t.Errorf("--summary-interval=%s: %v, %v; want %v, ok %v", c.arg, got, err, c.want, c.ok)
			continue
		}
		if err != nil && err.Error() != "invalid --summary-interval argument: '"+c.arg+"'" {
			t.Errorf("--summary-interval=%s: error %q", c.arg, err)
		}
	}
	if _, err := parseArgs([]string{"--summary-interval=1", "true"}); err == nil {
		t.Errorf("--summary-interval without -c/-C is accepted")
	}
}
