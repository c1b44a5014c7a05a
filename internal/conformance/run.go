package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// tracedEnv is the environment both tracers and so the traced programs get:
// the same variables, so execve's "/* N vars */" agrees.
var tracedEnv = []string{
	"PATH=/usr/local/bin:/usr/bin:/bin",
	"HOME=/root",
	"LC_ALL=C",
	"TERM=dumb",
}

// runResult is what one traced run left behind.
type runResult struct {
	trace  string // contents of the -o file
	stderr string // the tracer's own messages
	exit   int    // the tracer's exit status (128+N for signal N)
	err    error  // set when the tracer could not run or left no trace
	// stats is sctrace's --tracer-stats=json report, when asked for.
	stats trace.TracerReport
}

// hangs counts sctrace runs that timed out; after maxHangs the rest are not
// run, so a tracer that hangs everywhere costs seconds, not many minutes.
var hangs atomic.Int32

// maxHangs is how many timed-out runs end the attempt to run more.
const maxHangs = 3

// runTracer runs tracer -o OUT flags... argv... with a fixed environment,
// stdin and stdout on /dev/null, in a fresh scratch directory. With
// stats (sctrace, not strace), it asks for --tracer-stats=json and parses
// the report, the last line of the tracer's stderr.
func runTracer(tracer string, stats bool, flags, argv []string, scratch, outFile string) runResult {
	if err := os.RemoveAll(scratch); err != nil {
		return runResult{err: fmt.Errorf("reset scratch: %w", err)}
	}
	if err := os.Mkdir(scratch, 0o755); err != nil {
		return runResult{err: fmt.Errorf("reset scratch: %w", err)}
	}
	_ = os.Remove(outFile)
	if hangs.Load() >= maxHangs {
		return runResult{err: fmt.Errorf("%s not run: %d earlier runs timed out", filepath.Base(tracer), maxHangs)}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	args := []string{"-o", outFile}
	if stats {
		args = append(args, "--tracer-stats=json")
	}
	args = append(args, flags...)
	args = append(args, argv...)
	cmd := exec.CommandContext(ctx, tracer, args...)
	// On a timeout, kill the tracer's whole process group: a tracee left
	// behind (stopped, say) would hold the stderr pipe open and Wait
	// would never return. WaitDelay bounds that wait in any case.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	cmd.Env = tracedEnv
	cmd.Dir = filepath.Dir(scratch)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	res := runResult{stderr: stderr.String(), exit: testutil.ExitCode(err)}
	if ctx.Err() != nil {
		hangs.Add(1)
		res.err = fmt.Errorf("%s timed out", filepath.Base(tracer))
	}
	b, rerr := os.ReadFile(outFile)
	if rerr != nil && res.err == nil {
		res.err = fmt.Errorf("%s left no trace (exit %d, stderr %q): %w", filepath.Base(tracer), res.exit, stderr.String(), rerr)
	}
	res.trace = string(b)
	if stats && res.err == nil {
		out := strings.TrimSuffix(res.stderr, "\n")
		last := out[strings.LastIndexByte(out, '\n')+1:]
		if err := json.Unmarshal([]byte(last), &res.stats); err != nil {
			res.err = fmt.Errorf("%s printed no --tracer-stats=json report (exit %d): %v; stderr %q", filepath.Base(tracer), res.exit, err, res.stderr)
		}
	}
	return res
}

// statsProblems says what a run's tracer report shows went wrong: events
// lost, captures the eBPF backend had to read from the live task after
// its programs faulted, capture reads that disagreed with the programs'.
// Each is 0 on a correct run.
func statsProblems(r trace.TracerReport) string {
	var p []string
	if n := r.Stats.Lost; n != 0 {
		p = append(p, fmt.Sprintf("%d events lost", n))
	}
	if n := r.Stats.CaptureRereads; n != 0 {
		p = append(p, fmt.Sprintf("%d captures re-read from the live task", n))
	}
	if n := r.Stats.CaptureMismatches; n != 0 {
		p = append(p, fmt.Sprintf("%d capture reads mismatched", n))
	}
	return strings.Join(p, ", ")
}
