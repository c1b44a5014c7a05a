package e2e

import (
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// optionSamples gives the options of strace 6.1's --help that take an
// argument one to run with.
var optionSamples = map[string][]string{
	"-a": {"40"}, "--columns": {"--columns=40"}, "-b": {"execve"}, "--detach-on": {"--detach-on=execve"},
	"-e": {"trace=none"}, "--trace": {"--trace=none"}, "--abbrev": {"--abbrev=none"},
	"--verbose": {"--verbose=all"}, "--raw": {"--raw=all"}, "--signal": {"--signal=none"},
	"--status": {"--status=failed"}, "--read": {"--read=1"}, "--write": {"--write=1"},
	"--fault": {"--fault=chdir"}, "--inject": {"--inject=chdir:error=ENOENT"}, "--kvm": {"--kvm=vcpu"},
	"--decode-fds": {"--decode-fds=path"}, "--decode-pids": {"--decode-pids=comm"},
	"-E": {"X=1"}, "--env": {"--env=X=1"}, "-I": {"1"}, "--interruptible": {"--interruptible=1"},
	"-o": {os.DevNull}, "--output": {"--output=" + os.DevNull}, "-O": {"1us"},
	"--summary-syscall-overhead": {"--summary-syscall-overhead=1us"}, "-p": {"PID"}, "--attach": {"--attach=PID"},
	"-P": {"/"}, "--trace-path": {"--trace-path=/"}, "-s": {"10"}, "--string-limit": {"--string-limit=10"},
	"-S": {"calls"}, "--summary-sort-by": {"--summary-sort-by=calls"}, "-U": {"calls"},
	"--summary-columns": {"--summary-columns=calls"}, "-u": {"root"}, "--user": {"--user=root"},
	"-X": {"raw"}, "--const-print-style": {"--const-print-style=raw"},
}

// notYet are the options sctrace knows but refuses, in one line saying
// so, until it supports them: the test fails once one is accepted, so
// that the list only shrinks.
var notYet = map[string]bool{}

// TestEveryStraceOption walks every option strace 6.1's --help lists:
// sctrace knows each, and accepts it (exit 0), or refuses it as strace
// refuses the same arguments, or, for the options of notYet, refuses it
// in one line.
func TestEveryStraceOption(t *testing.T) {
	strace, sctrace := tracers(t)
	help, err := exec.Command(strace, "--help").Output()
	if err != nil {
		t.Fatalf("strace --help: %v", err)
	}
	opts := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)(?:^|[ ,])(--[a-z][a-z-]+|-[A-Za-z])\b`).FindAllStringSubmatch(string(help), -1) {
		opts[m[1]] = true
	}
	if len(opts) < 80 {
		t.Fatalf("found %d options in strace --help; the parser is stale", len(opts))
	}
	// -p attaches to a process that ends soon by itself.
	pid := func(s string) string {
		if !strings.Contains(s, "PID") {
			return s
		}
		sleeper := exec.Command("sleep", "1")
		if err := sleeper.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = sleeper.Process.Kill(); _ = sleeper.Wait() })
		return strings.ReplaceAll(s, "PID", strconv.Itoa(sleeper.Process.Pid))
	}
	names := make([]string, 0, len(opts))
	for o := range opts {
		names = append(names, o)
	}
	sort.Strings(names)
	for _, o := range names {
		args := []string{o}
		if s, ok := optionSamples[o]; ok {
			if strings.HasPrefix(o, "--") {
				args = nil
			}
			for _, a := range s {
				args = append(args, pid(a))
			}
		}
		switch o {
		case "-h", "--help", "-V", "--version":
		case "-p", "--attach":
			args = append(args, "-e", "trace=none")
		default:
			args = append(args, "-o", os.DevNull, "-e", "trace=none", "true")
		}
		r := run(t, sctrace, args...)
		lines := lines(r.stderr)
		switch {
		case notYet[o]:
			if r.exit != 1 || len(lines) != 1 || !strings.Contains(lines[0], "not supported") {
				t.Errorf("%v: exit %d, stderr %q; want one line saying it is not supported (or take it off notYet)", args, r.exit, r.stderr)
			}
		case r.exit != 0:
			// Refused: it must be strace's own refusal of these arguments.
			ref := run(t, strace, args...)
			if ref.exit != r.exit || asSctrace(ref.stderr) != r.stderr {
				t.Errorf("%v: exit %d, stderr %q; strace: exit %d, stderr %q", args, r.exit, r.stderr, ref.exit, ref.stderr)
			}
		}
	}
}
