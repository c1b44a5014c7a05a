// Command sctrace traces the system calls and signals of a program and
// prints them as strace does.
//
// This file only wires the packages together: flags (flags.go) to a filter
// Spec, a Decoder and a Printer, and a Backend whose events feed the printer.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/fdpath"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/internal/gcpause"
	"github.com/sctrace/sctrace/internal/startsigs"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/pidns"
	"github.com/sctrace/sctrace/printer"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// version is sctrace's version, as -V prints it.
const version = "0.1.0"

// progName names sctrace in its messages: argv[0] as the user called it,
// as strace names itself, or the executable's path without one.
var progName = "sctrace"

// init keeps main on the process's main thread (a lock taken during
// initialization holds through main), from which the ptrace backend
// traces (ptrace.Backend.CallerThread).
func init() { runtime.LockOSThread() }

// mainStarted is when main began: the origin of --tracer-stats's steps;
// mainStartedNS the same on CLOCK_MONOTONIC (TracerReport.MainStartedNS).
var (
	mainStarted   time.Time
	mainStartedNS int64
)

func main() {
	mainStarted, mainStartedNS = time.Now(), monotonicNS()
	// A child started as the backends' exec stub or wake sentinel becomes
	// that here and never returns.
	tracee.Init()
	// The chosen backend resumes it once tracing has started.
	gcpause.Pause()
	if len(os.Args) > 0 && os.Args[0] != "" {
		progName = os.Args[0]
	} else if exe, err := os.Executable(); err == nil {
		// Started without an argv[0]: named by the file it runs.
		progName = exe
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes sctrace and returns its exit status. When the traced command
// was killed by a signal, run kills sctrace with the same signal first.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseArgs(args)
	if tracee.DaemonTracer() == nil {
		// A -D tracer reads the same command line again.
		for _, n := range cfg.notes {
			fmt.Fprintf(stderr, "%s: %s\n", progName, n)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
		var ue *usageError
		var he *filter.HelpError
		if errors.As(err, &ue) || errors.As(err, &he) {
			fmt.Fprintf(stderr, "Try '%s -h' for more information.\n", progName)
		}
		return 1
	}
	if cfg.help {
		_, _ = io.WriteString(stdout, usageText)
		return 0
	}
	if cfg.version {
		fmt.Fprintf(stdout, "sctrace -- version %s\n", version)
		return 0
	}

	notes := stderr
	if tracee.DaemonTracer() != nil {
		notes = nil // the command line was read by the process it runs for
	}
	spec, err := buildSpec(cfg, notes)
	if err == nil {
		err = cfg.format.applySpec(spec)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
		var he *filter.HelpError
		if errors.As(err, &he) {
			fmt.Fprintf(stderr, "Try '%s -h' for more information.\n", progName)
		}
		return 1
	}
	// The command line is valid: a run follows, which stop signals end.
	watchStopSignals()
	daemon := tracee.DaemonTracer()
	if daemon != nil {
		// Until it lets the command go, the command waits for it.
		defer daemon.Fail()
	} else {
		// A -D tracer runs with the same arguments: said once.
		for _, w := range spec.InjectWarnings {
			fmt.Fprintf(stderr, "%s: %s\n", progName, w)
		}
	}

	var target trace.Target
	if len(cfg.command) > 0 {
		path, err := lookPath(cfg.command[0])
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progName, err)
			return 1
		}
		target.Path, target.Argv, target.Env = path, cfg.command, os.Environ()
		target.DetachStdio = true
	}
	target.PIDs = cfg.pids
	if err := cfg.proc.applyTo(&target); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
		return 1
	}
	if cfg.compat.daemonize > 0 {
		if daemon == nil {
			return daemonize(cfg.compat.daemonize, target, stderr)
		}
		adoptDaemonTracee(&target, daemon)
	}

	pids := pidns.New("/proc")
	if cfg.scope.given() {
		// Lines of many processes name theirs: [pid N<comm>].
		spec.DecodePIDs |= filter.DecodePIDComm
		cfg.scope.alwaysShowPID = true
	}
	names := &taskNames{proc: pids}
	dec := newDecoder(cfg, spec, learnedPids{pids, names})
	var stacks *stackTracer
	if cfg.stackTraces && !cfg.summary.only {
		stacks = newStackTracer(cfg.frameLimit)
	}
	pr, err := newPrinter(cfg, dec, spec, names, stacks, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
		return 1
	}
	opts := backendOptions(cfg, spec)
	if cfg.tracerStats != "" {
		opts.Steps = trace.NewSteps(mainStarted)
	}
	if len(cfg.tracePaths) > 0 {
		// -P chooses calls by their events: aggregates alone would not do.
		opts.CountOnly = false
	}
	cfg.proc.setOptions(&opts, cfg, spec, stderr)
	cfg.scope.setOptions(&opts, cfg, spec, names)
	chosen := opts.Steps.Begin("choose backend")
	backend, err := chooseBackend(cfg, spec, &opts, stderr)
	chosen()
	if err != nil {
		// A trace format with a closing part (perfetto) stays whole.
		_ = pr.Close()
		fmt.Fprintf(stderr, "%s: %v\n", progName, err)
		return 1
	}
	fds := fdResolver(&cfg.format, backend, dec, target.Path != "")
	defer fds.Close()
	var nl *fdpath.Resolver
	if fds == nil {
		nl = netlinkResolver(backend, dec)
		nl.SetProcPid(pids.ProcPid)
		defer nl.Close()
	} else {
		fds.SetProcPid(pids.ProcPid)
	}
	paths, pathFDs := pathSelector(cfg, backend, fds)
	defer pathFDs.Close()
	if (fds != nil || pathFDs != nil) && !backend.Capabilities().Stops && !opts.CountOnly {
		// The resolver learns from calls -e trace= hides; the printer and
		// the summary still show only the traced ones.
		opts.Filter = fdpath.WithTeachingCalls(opts.Filter, syscalls.Native())
	}
	if !backend.Capabilities().Stops && !opts.CountOnly {
		opts.Filter = withInterruptibleCalls(opts.Filter, syscalls.Native())
	}
	sink, sum := withSummary(cfg, spec, pids, warnShortReads(markingOutputErrors(pr.Handle), spec, stderr), stderr)
	if paths != nil {
		sink = paths.Filter(sink)
	}
	sink = observing(observing(observing(sink, fds), pathFDs), nl)

	if stacks != nil {
		sink = stacks.observing(sink)
	}
	sink = names.forgetting(sink)
	if cfg.compat.debug {
		sink = debugInvalidCalls(sink, stderr)
	}
	sink, costs := withTracerStats(cfg, backend, opts.Steps, sink)

	var ctx context.Context
	var stop func()
	var caught func() syscall.Signal
	if daemon != nil {
		ctx, stop, caught = daemonContext(interruptModeOf(cfg.compat.interruptible))
		if err := daemon.Wait(); err != nil {
			// The command is gone before it could be traced.
			_ = pr.Close()
			return 1
		}
	} else {
		ctx, stop, caught = interruptContext(len(cfg.command) > 0)
	}
	defer stop()
	sum.start(&opts)
	// The collector stays as the run left it: still paused after a run
	// that ended within its first moments (gcpause), as it is about to
	// exit; a collection now would cost the summary milliseconds.
	res, runErr := backend.Run(ctx, target, opts, sink)
	var sumErr error
	if w, ok := pr.(interface{ Writer() io.Writer }); ok && isPipe(cfg.output) {
		// The summary goes into the -o pipe too, before it is closed.
		sumErr = sum.reportTo(res, w.Writer())
		sum = nil
	}
	closed := opts.Steps.Begin("close output")
	closeErr := pr.Close()
	closed()
	if closeErr == nil {
		closeErr = sumErr
	}
	if closeErr != nil && !isOutputError(closeErr) {
		closeErr = &outputError{closeErr}
	}
	if launched := len(cfg.command) > 0; launched && (isOutputError(runErr) || runErr == nil && closeErr != nil) {
		// The command ran to its end untraced: its status is sctrace's.
		if runErr == nil {
			runErr = closeErr
		}
		fmt.Fprintf(stderr, "%s: %v\n", progName, runErr)
		runErr, closeErr = nil, nil
	}
	if err := sum.report(res, stderr); err != nil && closeErr == nil {
		closeErr = err
	}
	costs.report(res, stderr)
	reportLost(res, stderr)
	tip := parseTips(cfg.compat.tips)
	if sig := caught(); sig != 0 && errors.Is(runErr, context.Canceled) {
		// Interrupted: the backend detached (or killed the command); die
		// of the same signal, as strace does.
		stop()
		tip.print(stderr)
		killSelf(int(sig))
		return 128 + int(sig)
	}
	if nothingAttached(runErr) {
		return 1 // each -p failure is printed already
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "%s: %v%s\n", progName, runErr, advice(runErr, backend))
		return 1
	}
	if closeErr != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progName, closeErr)
		return 1
	}
	tip.print(stderr)
	if daemon != nil {
		// The command's status went to its own parent.
		return 0
	}
	if res.Signal != 0 {
		stop()
		killSelf(res.Signal)
		return 128 + res.Signal
	}
	return res.ExitCode
}

// newDecoder returns the decoder the flags ask for.
func newDecoder(cfg *config, spec *filter.Spec, pids decode.PidResolver) *decode.Decoder {
	return decode.New(decode.Options{
		StringLimit: cfg.stringLimit,
		Hex:         decode.HexMode(cfg.hex),
		// -v is -e abbrev=none (Abbrev), in its place among the -e's.
		DecodeFDs:  cfg.format.decodeFDs,
		DumpRead:   spec.DumpRead,
		DumpWrite:  spec.DumpWrite,
		Raw:        spec.Raw,
		Xlat:       cfg.format.xlatStyle(),
		Abbrev:     spec.Abbrev,
		Deref:      spec.Verbose,
		DecodePids: pidDecode(spec.DecodePIDs),
		Pids:       pids,
	})
}

// pidDecode returns the decoder's setting for -e decode-pids=.
func pidDecode(set filter.DecodePIDs) decode.PidDecode {
	var d decode.PidDecode
	if set&filter.DecodePIDComm != 0 {
		d |= decode.PidComm
	}
	if set&filter.DecodePIDNS != 0 {
		d |= decode.PidNS
	}
	return d
}

// newPrinter returns the printer for the trace text the flags ask for.
func newPrinter(cfg *config, dec *decode.Decoder, spec *filter.Spec, names *taskNames, stacks *stackTracer, stderr io.Writer) (eventPrinter, error) {
	initial := len(cfg.pids)
	if len(cfg.command) > 0 {
		initial++
	}
	var comm func(int32) (string, bool)
	if spec.DecodePIDs&filter.DecodePIDComm != 0 || cfg.format.output != "text" {
		// -Y's prefixes; the JSON records' comm; the names of the
		// Perfetto tracks the events do not name.
		comm = names.taskComm
	}
	return newFormatPrinter(cfg.format.output, dec, printer.Options{
		Timestamps:         cfg.time.format,
		TimestampDigits:    cfg.time.digits,
		Relative:           cfg.time.relativeDigits >= 0,
		RelativeDigits:     cfg.time.relativeDigits,
		SyscallTimes:       cfg.time.syscallDigits >= 0,
		SyscallTimeDigits:  cfg.time.syscallDigits,
		SyscallNumbers:     cfg.syscallNumbers,
		InstructionPointer: cfg.compat.instructionPointer && !cfg.summary.only,
		Append:             cfg.appendOutput,
		Column:             cfg.column,
		Output:             cfg.output,
		Separate:           cfg.separately && cfg.output != "",
		FollowForks:        cfg.follow,
		Spec:               spec,
		Initial:            initial,
		Stderr:             stderr,
		// A -D tracer that any signal may kill (-I anywhere) leaves
		// every part of a line it made, as strace, which flushes
		// each, does.
		Unbuffered:    tracee.DaemonTracer() != nil && interruptModeOf(cfg.compat.interruptible) == intrAnywhere,
		Prog:          progName,
		Comm:          comm,
		AlwaysShowPID: cfg.scope.alwaysShowPID,
		TaskScope:     names.scopeFunc(cfg.scope.given()),
		StackFrames:   stacks.framesFunc(),
	})
}

// backendOptions returns what the backend must capture and report.
func backendOptions(cfg *config, spec *filter.Spec) trace.Options {
	opts := trace.Options{
		FollowForks:   cfg.follow,
		DetachOnExec:  cfg.detachOnExec,
		StringLimit:   cfg.stringLimit,
		Verbose:       cfg.verbose,
		SignalsWanted: true,
	}
	if !spec.TraceAll {
		opts.Filter = spec.Trace
	}
	opts.DumpRead, opts.DumpWrite = spec.DumpRead, spec.DumpWrite
	opts.Inject = spec.Inject
	opts.KVMVcpu = spec.KVMVcpu
	// -e abbrev= may show some calls in full: capture as -v does.
	opts.Verbose = opts.Verbose || spec.Abbrev != nil
	cfg.summary.apply(&opts)
	opts.Untimed = cfg.time.format == printer.NoTimestamps && cfg.time.relativeDigits < 0 && cfg.time.syscallDigits < 0 &&
		!cfg.summary.active() && cfg.format.output == "text"
	opts.NameNewFDs = cfg.format.decodeFDs != 0
	opts.DescribeSockets = cfg.format.decodeFDs&decode.FDSocket != 0
	if cfg.stackTraces && !cfg.summary.only {
		opts.StackSize = cfg.stackSize
	}
	return opts
}

// buildSpec turns -e, -z, -Z and -q into a filter.Spec. When notes is
// not nil, it says there how -P's paths resolve, where strace does: after
// the -e qualifiers (-e quiet=path-resolution silences it), before -q.
func buildSpec(cfg *config, notes io.Writer) (*filter.Spec, error) {
	spec := filter.New(syscalls.Native(), decode.SignalNumber)
	for _, e := range cfg.exprs {
		if err := spec.Apply(e); err != nil {
			return nil, err
		}
	}
	if notes != nil && spec.Quiet&filter.QuietPathResolution == 0 {
		announceTracePaths(cfg.tracePaths, notes)
	}
	quiet := cfg.quiet
	if quiet > 0 && spec.QuietGiven {
		return nil, errors.New("-q and -e quiet/--quiet cannot be provided simultaneously")
	}
	if quiet == 0 && !spec.QuietGiven && cfg.output != "" && len(cfg.command) > 0 {
		// strace: tracing a command into a file implies -q.
		quiet = 1
	}
	spec.SetQuietLevel(quiet)
	switch cfg.only {
	case "successful":
		spec.OnlySuccessful()
	case "failed":
		spec.OnlyFailed()
	}
	return spec, nil
}

// interruptContext returns a context that is cancelled when sctrace is told
// to stop, a function that releases it, and one that tells which signal
// cancelled it (0 if none). With a launched command, SIGINT and SIGQUIT
// from the terminal reach the command too; sctrace keeps tracing so that
// the command's reaction is shown, as strace does. SIGTERM and SIGHUP stop
// tracing. SIGPIPE is caught and ignored: the failed write reports it. A
// signal blocked when sctrace started is ignored too: strace leaves it
// blocked (internal/startsigs).
func interruptContext(launched bool) (context.Context, func(), func() syscall.Signal) {
	ctx, cancelCause := context.WithCancelCause(context.Background())
	cancel := func() { cancelCause(nil) }
	var caught atomic.Int32
	sigs := takeStopSignals()
	if sigs == nil {
		sigs = make(chan os.Signal, 4)
		signal.Notify(sigs, stopSignals...)
	}
	signal.Notify(sigs, syscall.SIGPIPE)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				if launched && (s == syscall.SIGINT || s == syscall.SIGQUIT) {
					continue
				}
				if startsigs.BlockedAtStart(s.(syscall.Signal)) {
					// strace leaves it blocked: it never acts.
					continue
				}
				if s == syscall.SIGPIPE {
					// A write to a closed pipe fails with EPIPE as
					// well, and the output error policy applies.
					continue
				}
				caught.CompareAndSwap(0, int32(s.(syscall.Signal)))
				// The backend forwards the signal to a launched command.
				cancelCause(trace.StopSignal{Sig: int(s.(syscall.Signal))})
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
			once.Do(func() {
				signal.Stop(sigs)
				close(done)
				cancel()
			})
		}, func() syscall.Signal {
			return syscall.Signal(caught.Load())
		}
}

// killSelf ends sctrace with sig, so that the shell sees the traced
// command's death. Core dumps of sctrace itself are disabled first.
func killSelf(sig int) {
	_ = unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{})
	signal.Reset(syscall.Signal(sig))
	// The Go runtime keeps its own handler for synchronous signals (SIGSEGV,
	// SIGBUS...) whatever os/signal says: restore the default action with
	// the raw call, so the kernel's default (death) applies.
	_ = tracee.RtSigaction(unix.Signal(sig), &tracee.Sigaction{Handler: tracee.SigDFL}, nil)
	// A signal aimed at this very thread is delivered on the way back from
	// the system call; the sleep covers a signal that is blocked here.
	runtime.LockOSThread()
	_ = unix.Tgkill(os.Getpid(), unix.Gettid(), syscall.Signal(sig))
	time.Sleep(time.Second)
}
