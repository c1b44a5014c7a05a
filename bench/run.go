package bench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/trace"
)

// Tools holds the paths of the tracers; an empty path means the tool is
// missing and its configurations are skipped.
type Tools struct {
	Sctrace, Strace, Perf string
}

// path returns the path of tool t ("" for Native or a missing tool).
func (ts Tools) path(t Tool) string {
	switch t {
	case Sctrace, SctraceAside:
		return ts.Sctrace
	case Strace:
		return ts.Strace
	case Perf:
		return ts.Perf
	}
	return ""
}

// Options say what to measure.
type Options struct {
	// Tools are the tracers' paths.
	Tools Tools
	// Workload is the traced command's argument vector.
	Workload []string
	// Runs is how many times each configuration runs.
	Runs int
	// Configs are the configurations to run; native among them.
	Configs []Config
	// Timeout bounds one run; 0 means no bound.
	Timeout time.Duration
	// TmpDir holds trace files of configurations that write one: a tmpfs,
	// so that the disk does not take part in the measurement.
	TmpDir string
	// Progress receives a line per run and the notes; nil discards them.
	Progress io.Writer
}

// Sample is one run of one configuration.
type Sample struct {
	// Wall is the time from starting the command to reaping it.
	Wall time.Duration
	// User and Sys are the CPU time of the command's process tree (wait4's
	// rusage: the tool and every descendant it reaped).
	User, Sys time.Duration
	// CtxSwitches counts voluntary and involuntary context switches of
	// that tree.
	CtxSwitches int64
	// Tracer is sctrace's --tracer-stats report, when it printed one.
	Tracer *trace.TracerReport
	// Lines counts the lines of the trace file, for configurations that
	// write one.
	Lines int64
	// Round is the round of the run (0 is the first).
	Round int
}

// runResult is what the runs of one configuration gave.
type runResult struct {
	config   Config
	skipped  string // why the configuration did not run
	samples  []Sample
	failures []string
	// startups are the wall times of the configuration on `true`: its
	// fixed cost, paid once per run whatever the workload.
	startups []time.Duration
	// startupRuns are those runs, with what sctrace reported of them, in
	// the same order.
	startupRuns []startupRun
}

// startupRun is one run of a configuration on `true`.
type startupRun struct {
	wall time.Duration
	// report is sctrace's --tracer-stats report (nil when it printed
	// none).
	report *trace.TracerReport
	// startNS and endNS are CLOCK_MONOTONIC just before the command was
	// started and just after it was reaped.
	startNS, endNS int64
}

// Run measures every configuration in opts, interleaving the runs, and
// returns the report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if len(opts.Workload) == 0 {
		return nil, errors.New("no workload to run")
	}
	if opts.Runs < 1 {
		return nil, fmt.Errorf("--runs must be at least 1, not %d", opts.Runs)
	}
	if opts.TmpDir == "" {
		opts.TmpDir = os.TempDir()
	}
	progress := opts.Progress
	if progress == nil {
		progress = io.Discard
	}
	workload, err := exec.LookPath(opts.Workload[0])
	if err != nil {
		return nil, fmt.Errorf("workload: %w", err)
	}
	opts.Workload = append([]string{workload}, opts.Workload[1:]...)

	rep := &Report{Workload: strings.Join(opts.Workload, " "), Runs: opts.Runs, Started: time.Now().UTC()}
	rep.Machine = describeMachine()
	before := snapshotMachine()
	rep.Warnings = append(rep.Warnings, foreignTracers()...)

	statsFlag := tracerStatsFlag(ctx, opts.Tools.Sctrace)
	results := make([]*runResult, len(opts.Configs))
	var active []*runResult
	for i, c := range opts.Configs {
		r := &runResult{config: c}
		results[i] = r
		r.skipped = probe(ctx, opts, c, statsFlag)
		if r.skipped != "" {
			fmt.Fprintf(progress, "note: %s skipped: %s\n", c.Name, r.skipped)
			continue
		}
		active = append(active, r)
	}
	rep.Syscalls, rep.SyscallsSource = countSyscalls(ctx, opts)
	if rep.Syscalls == 0 {
		rep.Warnings = append(rep.Warnings, "the workload's syscalls could not be counted ("+rep.SyscallsSource+"): no per-syscall figures")
	}

	// One untimed run of the workload alone: its pages are then cached for
	// every configuration alike.
	if _, err := execute(ctx, opts.Workload, opts.Timeout); err != nil {
		return nil, fmt.Errorf("workload: %w", err)
	}
	for round := range opts.Runs {
		for _, i := range RoundOrder(len(active), round) {
			r := active[i]
			s, err := runOnce(ctx, opts, r.config, statsFlag)
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				r.failures = append(r.failures, err.Error())
				fmt.Fprintf(progress, "round %d/%d  %-22s failed: %v\n", round+1, opts.Runs, r.config.Name, err)
				continue
			}
			s.Round = round
			r.samples = append(r.samples, s)
			var startups []time.Duration
			for range startupRuns {
				startup, err := runStartup(ctx, opts, r.config, statsFlag)
				if err != nil {
					if ctx.Err() != nil {
						return nil, ctx.Err()
					}
					r.failures = append(r.failures, "start-up: "+err.Error())
					continue
				}
				startups = append(startups, startup.wall)
				r.startupRuns = append(r.startupRuns, startup)
			}
			r.startups = append(r.startups, startups...)
			fmt.Fprintf(progress, "round %d/%d  %-23s %10.3f s  (start-up %.3f s)\n", round+1, opts.Runs, r.config.Name, s.Wall.Seconds(), spreadOf(startups).Median.Seconds())
		}
	}

	rep.Finished = time.Now().UTC()
	rep.Busy = machineBusy(before, snapshotMachine())
	rep.Warnings = append(rep.Warnings, rep.Busy.warnings()...)
	for _, w := range foreignTracers() {
		if !slices.Contains(rep.Warnings, w) {
			rep.Warnings = append(rep.Warnings, w)
		}
	}
	rep.summarize(results)
	return rep, nil
}

// tracerStatsFlag returns "--tracer-stats=json" when the sctrace binary
// understands it, else "".
func tracerStatsFlag(ctx context.Context, sctrace string) string {
	if sctrace == "" {
		return ""
	}
	const flag = "--tracer-stats=json"
	res, err := execute(ctx, []string{sctrace, flag, "-o", "/dev/null", "--", "true"}, 20*time.Second)
	if err != nil || parseTracerReport(res.stderr) == nil {
		return ""
	}
	return flag
}

// probe returns why configuration c cannot run here, or "" if it can: the
// tool is missing, or running it on `true` fails (a flag this build lacks,
// a kernel without BPF, no tracefs for perf).
func probe(ctx context.Context, opts Options, c Config, statsFlag string) string {
	if c.Tool == Native {
		return ""
	}
	if hookBody(c.Tool) != nil {
		h, err := attachHooks(c.Tool)
		if err != nil {
			return err.Error()
		}
		h.Close()
		return ""
	}
	tool := opts.Tools.path(c.Tool)
	if tool == "" {
		return fmt.Sprintf("%s not found", c.Tool)
	}
	if c.Tool == SctraceAside {
		a, err := startAside(ctx, c.AsideCommandLine(tool, nil), 30*time.Second)
		if err != nil {
			return err.Error()
		}
		if err := a.Close(); err != nil {
			return err.Error()
		}
		return ""
	}
	if c.Tool == Perf {
		if err := ensureTracefs(); err != nil {
			return err.Error()
		}
	}
	out := filepath.Join(opts.TmpDir, "sctrace-bench-probe.out")
	defer removeOutputs(out)
	var extra []string
	if c.Tool == Sctrace && statsFlag != "" {
		extra = []string{statsFlag}
	}
	argv := c.CommandLine(tool, out, extra, []string{"true"})
	if _, err := execute(ctx, argv, 30*time.Second); err != nil {
		argv[0] = filepath.Base(argv[0])
		return fmt.Sprintf("`%s` failed: %v", strings.Join(argv, " "), err)
	}
	return ""
}

// tracefs is where perf trace expects the kernel's tracing file system.
const tracefs = "/sys/kernel/tracing"

// ensureTracefs mounts tracefs when it is not mounted, as perf trace needs
// it.
func ensureTracefs() error {
	if _, err := os.Stat(filepath.Join(tracefs, "events")); err == nil {
		return nil
	}
	if err := syscall.Mount("nodev", tracefs, "tracefs", 0, ""); err != nil {
		return fmt.Errorf("perf trace needs tracefs, and mounting it on %s failed: %w", tracefs, err)
	}
	return nil
}

// countSyscalls counts the workload's syscalls once, with strace -c -f
// (preferred: the oracle) or sctrace -c -f. It returns the count and how it
// was obtained (or why it was not).
func countSyscalls(ctx context.Context, opts Options) (int64, string) {
	out := filepath.Join(opts.TmpDir, "sctrace-bench-count.out")
	defer removeOutputs(out)
	why := "neither strace nor sctrace -c is available"
	for _, tool := range []struct{ name, path string }{{"strace", opts.Tools.Strace}, {"sctrace", opts.Tools.Sctrace}} {
		if tool.path == "" {
			continue
		}
		argv := append([]string{tool.path, "-c", "-f", "-o", out, "--"}, opts.Workload...)
		if _, err := execute(ctx, argv, opts.Timeout); err != nil {
			why = fmt.Sprintf("%s -c: %v", tool.name, err)
			continue
		}
		b, err := os.ReadFile(out)
		if err != nil {
			why = fmt.Sprintf("%s -c: %v", tool.name, err)
			continue
		}
		n, err := ParseSummaryTotal(b)
		if err != nil {
			why = fmt.Sprintf("%s -c: %v", tool.name, err)
			continue
		}
		return n, fmt.Sprintf("total calls of `%s -c -f`, counted once", tool.name)
	}
	return 0, why
}

// ParseSummaryTotal returns the calls column of the "total" line of a
// strace -c table (as sctrace -c prints it too).
func ParseSummaryTotal(table []byte) (int64, error) {
	sc := bufio.NewScanner(bytes.NewReader(table))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 5 || f[len(f)-1] != "total" {
			continue
		}
		// % time, seconds, usecs/call, calls, [errors,] "total"
		n, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("total line %q: calls: %w", sc.Text(), err)
		}
		return n, nil
	}
	return 0, errors.New("no total line in the -c table")
}

// runOnce runs configuration c once and measures it.
func runOnce(ctx context.Context, opts Options, c Config, statsFlag string) (Sample, error) {
	out := filepath.Join(opts.TmpDir, "sctrace-bench-"+c.Name+".out")
	var extra []string
	if c.Tool == Sctrace && statsFlag != "" {
		extra = []string{statsFlag}
	}
	argv := c.CommandLine(opts.Tools.path(c.Tool), out, extra, opts.Workload)
	if hookBody(c.Tool) != nil {
		h, err := attachHooks(c.Tool)
		if err != nil {
			return Sample{}, err
		}
		defer h.Close()
	}
	defer removeOutputs(out)
	var beside *aside
	if c.Tool == SctraceAside {
		a, err := startAside(ctx, c.AsideCommandLine(opts.Tools.path(c.Tool), extra), 30*time.Second)
		if err != nil {
			return Sample{}, err
		}
		beside = a
		defer beside.Close()
	}
	res, err := execute(ctx, argv, opts.Timeout)
	if err != nil {
		return Sample{}, err
	}
	s := res.sample
	if c.Tool == Sctrace {
		s.Tracer = parseTracerReport(res.stderr)
	}
	if beside != nil {
		if err := beside.Close(); err != nil {
			return Sample{}, err
		}
		s.Tracer = parseTracerReport(beside.stderr.Bytes())
	}
	if c.WritesFile() {
		n, err := countLines(out)
		if err != nil {
			return Sample{}, err
		}
		s.Lines = n
	}
	return s, nil
}

// startupRuns is how many start-up runs follow each measured run: one
// run on `true` is as noisy as the machine is at that moment (on the
// development VM, one configuration's single runs ranged over 45% of
// their smallest in five rounds), and the median of a handful of rounds'
// single runs followed that noise more than the code.
const startupRuns = 3

// runStartup measures configuration c's fixed cost: its wall time on
// `true`, with the same flags, and sctrace's --tracer-stats report of
// the run when it printed one.
func runStartup(ctx context.Context, opts Options, c Config, statsFlag string) (startupRun, error) {
	out := filepath.Join(opts.TmpDir, "sctrace-bench-startup.out")
	defer removeOutputs(out)
	var extra []string
	if c.Tool == Sctrace && statsFlag != "" {
		extra = []string{statsFlag}
	}
	res, err := execute(ctx, c.CommandLine(opts.Tools.path(c.Tool), out, extra, []string{"true"}), opts.Timeout)
	if err != nil {
		return startupRun{}, err
	}
	return startupRun{wall: res.sample.Wall, report: parseTracerReport(res.stderr), startNS: res.startNS, endNS: res.endNS}, nil
}

// execution is what running one command gave.
type execution struct {
	sample Sample
	stderr []byte
	// startNS and endNS are CLOCK_MONOTONIC just before the command was
	// started and just after it was reaped (0 where it cannot be read).
	startNS, endNS int64
}

// execute runs argv with stdin and stdout on /dev/null and stderr
// captured, and measures its wall time and its process tree's rusage. A
// non-zero exit is an error quoting the end of stderr.
func execute(ctx context.Context, argv []string, timeout time.Duration) (execution, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stderr = &stderr
	// On ^C or a timeout, let a tracer clean up (detach, kill its tracee,
	// release its BPF programs) before it is killed.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	startNS := monotonicNS()
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	endNS := monotonicNS()
	if err != nil {
		if ctx.Err() != nil {
			return execution{}, fmt.Errorf("%s: %w", filepath.Base(argv[0]), ctx.Err())
		}
		return execution{}, fmt.Errorf("%w: %s", err, firstLine(stderr.Bytes()))
	}
	ps := cmd.ProcessState
	s := Sample{Wall: wall, User: ps.UserTime(), Sys: ps.SystemTime()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		s.CtxSwitches = ru.Nvcsw + ru.Nivcsw
	}
	return execution{sample: s, stderr: stderr.Bytes(), startNS: startNS, endNS: endNS}, nil
}

// monotonicNS reads CLOCK_MONOTONIC in nanoseconds, the clock sctrace's
// trace.TracerReport.MainStartedNS is on (0 if it cannot be read).
func monotonicNS() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts) != nil {
		return 0
	}
	return ts.Nano()
}

// parseTracerReport returns the last --tracer-stats=json line of stderr,
// or nil.
func parseTracerReport(stderr []byte) *trace.TracerReport {
	lines := bytes.Split(stderr, []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		l := bytes.TrimSpace(lines[i])
		if !bytes.HasPrefix(l, []byte("{")) || !bytes.Contains(l, []byte(`"backend"`)) {
			continue
		}
		var r trace.TracerReport
		if json.Unmarshal(l, &r) == nil {
			return &r
		}
	}
	return nil
}

// firstLine returns the first non-empty line of b (a tool's error message
// comes first, hints after it), for error messages.
func firstLine(b []byte) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return strings.TrimSpace(line)
}

// countLines counts the newlines in the file at path.
func countLines(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("trace file: %w", err)
	}
	defer f.Close()
	var n int64
	buf := make([]byte, 1<<20)
	for {
		k, err := f.Read(buf)
		n += int64(bytes.Count(buf[:k], []byte("\n")))
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return 0, fmt.Errorf("trace file: %w", err)
		}
	}
}

// removeOutputs removes the trace file out and the OUT.PID files -ff made
// beside it.
func removeOutputs(out string) {
	_ = os.Remove(out)
	more, _ := filepath.Glob(out + ".*")
	for _, f := range more {
		_ = os.Remove(f)
	}
}
