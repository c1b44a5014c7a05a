package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// TestSignalLines: a handled SIGUSR1 sent with kill() prints strace's
// "--- SIGUSR1 {...} ---" line with the sender's pid; SIGCHLD carries the
// child's pid and status.
func TestSignalLines(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "signals")
	ref := run(t, strace, bin)
	got := run(t, sctrace, bin)
	if got.exit != 0 || got.stdout != "usr1\nchld\n" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", got.exit, got.stdout, got.stderr)
	}
	usr1 := regexp.MustCompile(`(?m)^kill\((\d+), SIGUSR1\) += 0\n--- SIGUSR1 \{si_signo=SIGUSR1, si_code=SI_USER, si_pid=(\d+), si_uid=0\} ---\nrt_sigreturn\(\{mask=\[\]\}\) += 0$`)
	m := usr1.FindStringSubmatch(got.stderr)
	if m == nil {
		t.Fatalf("no kill / --- SIGUSR1 --- / rt_sigreturn sequence in:\n%s", got.stderr)
	}
	if m[1] != m[2] {
		t.Errorf("si_pid=%s, but the process is %s", m[2], m[1])
	}
	want, gotSig := signalLines(ref.stderr), signalLines(got.stderr)
	if strings.Join(want, "\n") != strings.Join(gotSig, "\n") {
		t.Errorf("signal lines differ\nstrace:\n%s\nsctrace:\n%s", strings.Join(want, "\n"), strings.Join(gotSig, "\n"))
	}
}

// signalLines returns the normalized "--- SIG... ---" lines of a trace.
func signalLines(trace string) []string {
	var out []string
	for _, l := range normalized(trace) {
		if strings.HasPrefix(l, "--- ") {
			out = append(out, l)
		}
	}
	return out
}
