package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

func TestTracerStatsFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"true"}, ""},
		{[]string{"--tracer-stats", "true"}, "text"},
		{[]string{"--tracer-stats=json", "true"}, "json"},
		{[]string{"--tracer-stats=text", "true"}, "text"},
	} {
		cfg, err := parseArgs(tc.args)
		if err != nil || cfg.tracerStats != tc.want || cfg.command[0] != "true" {
			t.Errorf("parseArgs(%q): tracerStats %q, command %q, %v; want %q", tc.args, cfg.tracerStats, cfg.command, err, tc.want)
		}
	}
	_, err := parseArgs([]string{"--tracer-stats=xml", "true"})
	if err == nil || err.Error() != "invalid --tracer-stats argument: 'xml' (want text or json)" {
		t.Errorf("--tracer-stats=xml: %v", err)
	}
}

func TestWriteTracerText(t *testing.T) {
	var b bytes.Buffer
	writeTracerText(&b, trace.TracerReport{
		Backend: "ptrace", Placement: "tracer 0, tracee 0", SyscallsTraced: 1000,
		Stats:  trace.TracerStats{PtraceStops: 2000, PtraceCalls: 4000, Wait4Calls: 2000},
		Tracer: trace.ProcessCost{VoluntaryCtxSwitches: 1900, InvoluntaryCtxSwitches: 100, SysNS: 1500000},
		Tracee: trace.ProcessCost{VoluntaryCtxSwitches: 2000},
	})
	out := b.String()
	for _, want := range []string{
		"sctrace: tracer stats (backend ptrace; tracer 0, tracee 0)\n",
		"  syscalls traced                1000\n",
		"  ptrace stops                   2000  (2.00 per syscall)\n",
		"  ptrace calls                   4000  (4.00 per syscall)\n",
		"  tracer ctx switches            2000  (2.00 per syscall)  voluntary 1900, involuntary 100\n",
		"  tracer cpu time        user 0s, system 1.5ms\n",
		"  lost events                       0\n",
		"  captures re-read                  0\n",
		"  capture mismatches                0\n",
		"  capture tails re-read             0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteTracerTextSteps(t *testing.T) {
	var b bytes.Buffer
	writeTracerText(&b, trace.TracerReport{Backend: "ebpf", Placement: "tracer 0, tracee 0", Steps: []trace.Step{
		{Name: "load sys_enter", StartNS: 12_340_000, EndNS: 40_000_000},
		{Name: "trace", StartNS: 41_000_000, EndNS: 41_050_000},
	}})
	want := "  steps (ms after main began)           start      end     took\n" +
		"    load sys_enter                       12.3     40.0     27.7\n" +
		"    trace                                41.0     41.0      0.1\n"
	if out := b.String(); !strings.HasSuffix(out, want) {
		t.Errorf("text ends\n%s\nwant it to end\n%s", out, want)
	}
	b.Reset()
	writeTracerText(&b, trace.TracerReport{Backend: "ptrace"})
	if strings.Contains(b.String(), "steps") {
		t.Errorf("a report without steps printed their heading:\n%s", b.String())
	}
}
