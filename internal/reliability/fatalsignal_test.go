package reliability

import (
	"os/exec"
	"regexp"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestFatalSignalText: a command killed by a fatal signal that its own
// call raised (a write to a pipe with no reader, SIGPIPE) or sent (kill
// of itself) prints what strace prints: the call with its result, the
// signal with its siginfo, the death; sctrace dies of the same signal.
func TestFatalSignalText(t *testing.T) {
	strace := testutil.RequireCommand(t, "strace")
	cases := []struct {
		name string
		argv []string
	}{
		{"SIGPIPE", []string{"-e", "trace=write", workload(t, "sigpipe")}},
		{"SIGTERM", []string{"-e", "trace=kill", "/bin/sh", "-c", "kill -TERM $$"}},
	}
	eachBackend(t, "fatal signal text", func(t *testing.T, backend, sctrace string) {
		for _, c := range cases {
			want, wantCode := fatalRun(exec.Command(strace, c.argv...))
			got, code := fatalRun(exec.Command(sctrace, append([]string{"--backend=" + backend}, c.argv...)...))
			if got != want || code != wantCode {
				t.Errorf("%s: exit %d, trace:\n%swant (strace, exit %d):\n%s", c.name, code, got, wantCode, want)
			}
		}
	})
}

// pidField matches what differs between two runs: process ids, and the
// padding before a result, whose width follows theirs.
var (
	pidField = regexp.MustCompile(`(si_pid=|kill\()\d+`)
	padding  = regexp.MustCompile(`\) +=`)
)

// fatalRun runs a tracer and returns its stderr, with process ids masked
// and results unpadded, and its exit status.
func fatalRun(cmd *exec.Cmd) (string, int) {
	out, err := cmd.CombinedOutput()
	text := pidField.ReplaceAllString(string(out), "${1}PID")
	return padding.ReplaceAllString(text, ") ="), testutil.ExitCode(err)
}
