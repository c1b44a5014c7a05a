package e2e

import (
	"slices"
	"strings"
	"testing"
)

// TestExitCodePassthrough: the traced command's exit code becomes the
// tracer's own.
func TestExitCodePassthrough(t *testing.T) {
	strace, sctrace := tracers(t)
	for _, code := range []string{"0", "7", "255"} {
		ref := run(t, strace, "-o", "/dev/null", "/bin/sh", "-c", "exit "+code)
		got := run(t, sctrace, "-o", "/dev/null", "/bin/sh", "-c", "exit "+code)
		if got.exit != ref.exit {
			t.Errorf("sh -c 'exit %s': sctrace exited %d, strace %d (stderr %q)", code, got.exit, ref.exit, got.stderr)
		}
	}
}

// TestKilledBySignal: a command killed by SIGKILL ends the trace with
// "+++ killed by SIGKILL +++", and the tracer dies of the same signal, so
// its own status is 128+9.
func TestKilledBySignal(t *testing.T) {
	strace, sctrace := tracers(t)
	args := []string{"/bin/sh", "-c", "kill -9 $$"}
	refTrace, ref := traceFile(t, strace, args...)
	gotTrace, got := traceFile(t, sctrace, args...)
	if got.exit != ref.exit {
		t.Errorf("sctrace exit status %d, strace %d (stderr %q)", got.exit, ref.exit, got.stderr)
	}
	want := lastLine(refTrace)
	if want != "+++ killed by SIGKILL +++" {
		t.Fatalf("strace's last line is %q; the test's premise is wrong", want)
	}
	if last := lastLine(gotTrace); last != want {
		t.Errorf("last line %q, want %q", last, want)
	}
	if got.stdout != "" {
		t.Errorf("unexpected stdout %q", got.stdout)
	}
}

// TestStdoutPassthrough: the traced program's own output reaches the user
// untouched, and the trace goes to stderr when there is no -o.
func TestStdoutPassthrough(t *testing.T) {
	strace, sctrace := tracers(t)
	ref := run(t, strace, "/bin/echo", "hello", "world")
	got := run(t, sctrace, "/bin/echo", "hello", "world")
	if got.stdout != "hello world\n" || got.stdout != ref.stdout {
		t.Errorf("stdout %q, strace's %q", got.stdout, ref.stdout)
	}
	if !strings.Contains(got.stderr, `write(1, "hello world\n", 12)`) {
		t.Errorf("stderr lacks the write line:\n%s", got.stderr)
	}
	if lastLine(got.stderr) != "+++ exited with 0 +++" {
		t.Errorf("stderr's last line is %q", lastLine(got.stderr))
	}
}

// lastLine returns the last non-empty line of text.
func lastLine(text string) string {
	l := lines(text)
	if len(l) == 0 {
		return ""
	}
	return l[len(l)-1]
}

// TestKilledBySegfault: a command that dies of SIGSEGV shows strace's
// "--- SIGSEGV {...si_addr=NULL} ---" and "+++ killed by SIGSEGV ... +++"
// lines, and the tracer dies of SIGSEGV too (status 139), rather than Go's
// runtime treating the signal as its own crash.
func TestKilledBySegfault(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "crash")
	refTrace, ref := traceFile(t, strace, bin)
	gotTrace, got := traceFile(t, sctrace, bin)
	if ref.exit != 128+11 || got.exit != ref.exit {
		t.Errorf("exit status: sctrace %d, strace %d (stderr %q)", got.exit, ref.exit, got.stderr)
	}
	if got.stdout != "before\n" {
		t.Errorf("stdout %q", got.stdout)
	}
	want, have := normalized(refTrace), normalized(gotTrace)
	if d := sameLines(want[len(want)-3:], have[len(have)-3:]); d != "" {
		t.Errorf("last lines differ: %s", d)
	}
}

// TestExecFailure: a command that cannot be executed shows its failed
// execve and the exit of the process that tried, nothing of what sctrace's
// exec stub did after; the message names the program as strace's does.
func TestExecFailure(t *testing.T) {
	strace, sctrace := tracers(t)
	ref, refRun := traceFile(t, strace, "/")
	for _, backend := range []string{"ptrace", "ebpf"} {
		got, gotRun := traceFile(t, sctrace, "--backend="+backend, "/")
		if gotRun.exit != refRun.exit || gotRun.stderr != asSctrace(refRun.stderr) {
			t.Errorf("%s: exit %d, stderr %q; strace: %d, %q", backend, gotRun.exit, gotRun.stderr, refRun.exit, refRun.stderr)
		}
		if d := sameLines(normalized(ref), normalized(got)); d != "" {
			t.Errorf("%s: trace differs from strace's at %s", backend, d)
		}
	}
}

// TestExecFailureOnStderr: with the trace on stderr, the failed execve's
// line comes before the message, as under strace, on both backends (the
// eBPF backend prints the line after the fact and the message with it);
// under -c the table counts the failed execve alone, nothing of what the
// exec stub did after.
func TestExecFailureOnStderr(t *testing.T) {
	strace, sctrace := tracers(t)
	ref := run(t, strace, "/")
	refCounts := run(t, strace, "-c", "/")
	for _, backend := range []string{"ptrace", "ebpf"} {
		got := run(t, sctrace, "--backend="+backend, "/")
		if got.exit != ref.exit {
			t.Errorf("%s: exit %d, strace's %d", backend, got.exit, ref.exit)
		}
		if d := sameLines(normalized(asSctrace(ref.stderr)), normalized(got.stderr)); d != "" {
			t.Errorf("%s: stderr differs from strace's at %s", backend, d)
		}
		counts := run(t, sctrace, "--backend="+backend, "-c", "/")
		if want, have := countedCalls(refCounts.stderr), countedCalls(counts.stderr); !slices.Equal(want, have) {
			t.Errorf("%s -c: calls %q, strace's %q", backend, have, want)
		}
	}
}

// countedCalls returns the calls, errors and name of each row of a -c
// table (its times left out), in order.
func countedCalls(table string) []string {
	var rows []string
	for _, l := range lines(table) {
		f := strings.Fields(l)
		if len(f) < 5 || strings.HasPrefix(l, "%") || strings.HasPrefix(l, "-") {
			continue
		}
		rows = append(rows, strings.Join(f[3:], " "))
	}
	return rows
}
