package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/conformance"
	"github.com/sctrace/sctrace/internal/testutil"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testutil.RemoveBuildDir()
	os.Exit(code)
}

// env is the environment every traced command gets.
var env = []string{
	"PATH=/usr/local/bin:/usr/bin:/bin",
	"HOME=/root",
	"LC_ALL=C",
	"TERM=dumb",
}

// result is what a finished tracer run showed its user.
type result struct {
	stdout, stderr string
	exit           int // 128+N when killed by signal N, as a shell reports
}

// tracers returns the paths of strace and of the sctrace under test,
// skipping (failing under CI) when the test cannot trace.
func tracers(t *testing.T) (strace, sctrace string) {
	t.Helper()
	testutil.RequirePtrace(t)
	strace = testutil.RequireCommand(t, "strace")
	return strace, testutil.BuildSctrace(t)
}

// hangs counts runs that timed out. After two, further runs fail at once
// rather than each waiting out its timeout: a tracer that hangs everywhere
// should cost the suite seconds, not many minutes.
var hangs atomic.Int32

// run runs bin with args, stdin on /dev/null, and returns what it printed
// and its exit status. It fails the test if bin cannot start or hangs.
func run(t *testing.T, bin string, args ...string) result {
	t.Helper()
	if hangs.Load() >= 2 {
		t.Fatalf("not run: two earlier runs hung")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	// strace names itself after argv[0] in its messages; so may sctrace.
	cmd.Args[0] = filepath.Base(bin)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		hangs.Add(1)
		t.Fatalf("%s %s: timed out\nstderr:\n%s", filepath.Base(bin), strings.Join(args, " "), stderr.String())
	}
	code := testutil.ExitCode(err)
	if code < 0 {
		t.Fatalf("%s %s: %v", filepath.Base(bin), strings.Join(args, " "), err)
	}
	return result{stdout: stdout.String(), stderr: stderr.String(), exit: code}
}

// traceFile runs bin -o FILE args... and returns the file's contents along
// with the run's result.
func traceFile(t *testing.T, bin string, args ...string) (string, result) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "trace.out")
	r := run(t, bin, append([]string{"-o", out}, args...)...)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%s left no trace file (exit %d, stderr %q): %v", filepath.Base(bin), r.exit, r.stderr, err)
	}
	return string(b), r
}

// workload compiles testdata/workloads/NAME.c and returns the binary's path.
func workload(t *testing.T, name string, flags ...string) string {
	t.Helper()
	return testutil.BuildC(t, testutil.WorkloadSource(t, name), flags...)
}

// lines splits text into lines, without a trailing empty one.
func lines(text string) []string {
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// normalized returns the normalized text of each line of a trace (pids,
// addresses and times replaced; see conformance.Normalize), with the task
// prefix kept as "PIDn " when there is one.
func normalized(trace string) []string {
	var out []string
	for _, l := range conformance.Normalize(trace) {
		if l.Task != "" {
			out = append(out, l.Task+" "+l.Text)
		} else {
			out = append(out, l.Text)
		}
	}
	return out
}

var callName = regexp.MustCompile(`^(?:\[pid +\d+\] |\d+ +)?([a-z0-9_]+)\(`)

// callNames returns the syscall name of every syscall line, in order; lines
// that are not syscalls (signals, exits, resumptions) are skipped.
func callNames(trace string) []string {
	var names []string
	for _, l := range lines(trace) {
		if m := callName.FindStringSubmatch(l); m != nil {
			names = append(names, m[1])
		}
	}
	return names
}

// sameLines reports the first difference between two line lists, or "".
func sameLines(want, got []string) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  strace:  " + w + "\n  sctrace: " + g
		}
	}
	return ""
}

// asSctrace rewrites strace's messages as sctrace would print them: the
// program name is the only difference.
func asSctrace(s string) string {
	s = strings.ReplaceAll(s, "strace: ", "sctrace: ")
	return strings.ReplaceAll(s, "'strace -h'", "'sctrace -h'")
}

// backendsMatchStrace traces args with sctrace on each backend, in a
// subtest named by the backend and flags, and requires each trace to be
// refTrace, strace's, line for line once normalized.
func backendsMatchStrace(t *testing.T, sctrace, refTrace string, args []string, flags ...string) {
	t.Helper()
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(strings.Join(append([]string{backend}, flags...), " "), func(t *testing.T) {
			gotTrace, _ := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
				t.Errorf("trace differs from strace's at %s", d)
			}
		})
	}
}
