package main

import (
	"errors"
	"testing"
)

// TestDaemonizeLevels checks the levels -D and --daemonize give, under
// every spelling strace accepts.
func TestDaemonizeLevels(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		level int
	}{
		{[]string{"true"}, 0},
		{[]string{"-D", "true"}, 1},
		{[]string{"-DD", "true"}, 2},
		{[]string{"-D", "-DD", "true"}, 3},
		{[]string{"--daemonize", "true"}, 1},
		{[]string{"--daemonize=grandchild", "true"}, 1},
		{[]string{"--daemonize=pgroup", "true"}, 2},
		{[]string{"--daemonize=pgrp", "true"}, 2},
		{[]string{"--daemonize=session", "true"}, 3},
		{[]string{"--daemonize=SESSION", "true"}, 3},
		{[]string{"--daemonize=Pgrp", "true"}, 2},
		{[]string{"--daemonised=session", "true"}, 3},
		{[]string{"--daemonized", "true"}, 1},
		{[]string{"--daemon=pgrp", "true"}, 2},
		{[]string{"--daemonize=grandchild", "--daemonize=session", "true"}, 3},
		{[]string{"-D", "-p", "1", "true"}, 1},
	} {
		cfg, err := parseArgs(tc.args)
		if err != nil {
			t.Errorf("parseArgs(%q): %v", tc.args, err)
			continue
		}
		if cfg.compat.daemonize != tc.level {
			t.Errorf("parseArgs(%q): level %d, want %d", tc.args, cfg.compat.daemonize, tc.level)
		}
	}
}

// TestDaemonizeErrors checks strace 6.1's refusals, word for word, and
// which are usage errors (followed by the hint to run -h).
func TestDaemonizeErrors(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		want  string
		usage bool
	}{
		{[]string{"-D"}, "must have PROG [ARGS] or -p PID", true},
		{[]string{"-D", "-p", "1"}, "PROG [ARGS] must be specified with -D/--daemonize", true},
		{[]string{"--daemonize=pgrp", "-p", "1"}, "PROG [ARGS] must be specified with -D/--daemonize", true},
		{[]string{"-DDDD", "true"}, "Too many -D's (4), maximum supported -D count is 3", true},
		{[]string{"-D", "--daemonize", "true"}, "-D and --daemonize cannot be provided simultaneously", false},
		{[]string{"--daemonize=1", "true"}, "invalid --daemonize argument: '1'", true},
		{[]string{"--daemonize=", "true"}, "invalid --daemonize argument: ''", true},
	} {
		_, err := parseArgs(tc.args)
		if err == nil || err.Error() != tc.want {
			t.Errorf("parseArgs(%q) = %v, want %q", tc.args, err, tc.want)
			continue
		}
		var ue *usageError
		if errors.As(err, &ue) != tc.usage {
			t.Errorf("parseArgs(%q): usage error %v, want %v", tc.args, !tc.usage, tc.usage)
		}
	}
}

// TestInterruptModes checks how -I's values read for a -D tracer.
func TestInterruptModes(t *testing.T) {
	for s, want := range map[string]interruptMode{
		"": intrNeverTstp, "1": intrAnywhere, "anywhere": intrAnywhere, "always": intrAnywhere,
		"2": intrWaiting, "waiting": intrWaiting, "3": intrNever, "never": intrNever,
		"4": intrNeverTstp, "never_tstp": intrNeverTstp,
	} {
		if got := interruptModeOf(s); got != want {
			t.Errorf("interruptModeOf(%q) = %d, want %d", s, got, want)
		}
	}
}
