package ptrace

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/internal/gcpause"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/trace"
)

// Backend is the ptrace backend. Its zero value is ready to use. Each Run
// has its own tracer thread and waits only for its own tracees and children
// (__WNOTHREAD), so Runs may proceed concurrently, and children that other
// goroutines start are never reaped by a Run.
type Backend struct {
	// SameCPU runs the tracer thread and the launched command on one CPU
	// (the one the tracer is on when it launches) while the command is the
	// only traced task (--cpu-placement=same; off by default). Every
	// syscall stop is a round trip between the two, which is cheaper
	// within one CPU. The command sees a one-CPU affinity mask
	// (sched_getaffinity, nproc) meanwhile, which strace does not impose;
	// its children get the original mask back (see placement.go). It does
	// not apply to attached processes.
	SameCPU bool
	// SeccompBPF installs a seccomp filter in the launched command so that
	// only the syscalls of Options.Filter (and those that execute a
	// program) stop it (--seccomp-bpf); the others run at native speed.
	// It needs a filter, does not apply to attached processes, and is off
	// under Options.DetachOnExec.
	SeccompBPF bool
	// CallerThread makes Run trace from the calling goroutine's thread,
	// which it locks for good, rather than from a thread of its own. A
	// program whose main goroutine is locked to the main thread (a
	// runtime.LockOSThread in an init function) and calls Run there
	// traces by its own pid, as strace does: a launched command's
	// TracerPid is then its PPid. That thread must not start children
	// of its own meanwhile (wait4 would take them as the tracer's).
	CallerThread bool
	// Debug, when set, receives the backend's debugging notes (strace's
	// -d), one line each, without a program name: so far that
	// PTRACE_GET_SYSCALL_INFO works, once a stop has shown it.
	Debug func(string)
}

// New returns a ptrace backend with the default placement: the command
// keeps its affinity (SameCPU unset).
func New() *Backend { return &Backend{} }

// Name returns "ptrace", as --backend spells it.
func (*Backend) Name() string { return "ptrace" }

// Capabilities says how the backend observes tasks: it stops each task at every syscall stop and reports it then.
func (*Backend) Capabilities() trace.Capabilities {
	return trace.Capabilities{Stops: true, Tamper: true}
}

var _ trace.Backend = (*Backend)(nil)

// Run traces target: it launches target.Path (stopped before its execve,
// which is the first event reported) or adopts target.Adopt (the same,
// but attached: see adoption.go) and attaches to target.PIDs, then
// reports events until every traced task is gone or ctx is done. On ctx's
// end, attached tasks are detached (they keep running) and the launched
// command is killed; Run then returns ctx's error. When sink returns an
// error, Run stops the same way and returns that error.
//
// The sink is called on the tracer's goroutine. The *Event it receives, its
// SignalInfo and the memory its Captures point to are reused once the sink
// returns: a sink must copy what it keeps (trace.Event.CopyTo).
//
// Run adds SA_NOCLDSTOP to the process's SIGCHLD action (see sigchld.go):
// tracee stops then cost no signal delivery to the tracer.
func (b *Backend) Run(ctx context.Context, target trace.Target, opts trace.Options, sink func(*trace.Event) error) (trace.Result, error) {
	if target.Path == "" && len(target.PIDs) == 0 && target.Adopt == nil {
		return trace.Result{}, errors.New("ptrace: nothing to trace: no command and no pid")
	}
	if err := ctx.Err(); err != nil {
		return trace.Result{}, err
	}
	// Its start-up is short: collect from the first event on.
	gcpause.Resume()
	quietSIGCHLD()
	tr := newTracer(opts, sink)
	tr.debug = b.Debug
	tr.sameCPU = b.SameCPU
	// Under -b execve strace turns the filter off: a task let go would
	// keep a filter that wants a tracer.
	tr.seccomp = b.SeccompBPF && opts.Filter != nil && !opts.DetachOnExec
	if tr.debug != nil {
		// strace -d's note of the options its tasks get.
		o := tr.launchOptions()
		if opts.FollowForks {
			o |= forkOptions
		}
		tr.debug(fmt.Sprintf("ptrace_setoptions = %#x", o))
	}
	type outcome struct {
		res trace.Result
		err error
	}
	if b.CallerThread {
		runtime.LockOSThread()
		return tr.runWatched(ctx, target)
	}
	done := make(chan outcome, 1)
	go func() {
		// Never unlocked: when this goroutine ends, its thread ends with
		// it, and the kernel lets go of anything still traced.
		runtime.LockOSThread()
		res, err := tr.run(ctx, target)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
		if s, ok := context.Cause(ctx).(trace.StopSignal); ok {
			tr.stopSignal.Store(int32(s.Sig))
		}
		tr.requestStop()
		o := <-done
		return o.res, o.err
	}
}

// runWatched runs tr on the calling thread while another goroutine
// watches ctx and asks tr to stop when it is done.
func (tr *tracer) runWatched(ctx context.Context, target trace.Target) (trace.Result, error) {
	finished := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ctx.Done():
			if s, ok := context.Cause(ctx).(trace.StopSignal); ok {
				tr.stopSignal.Store(int32(s.Sig))
			}
			tr.requestStop()
		case <-finished:
		}
	}()
	res, err := tr.run(ctx, target)
	close(finished)
	<-watched
	return res, err
}

// The PTRACE_O_* options the backend uses. PTRACE_O_TRACEEXIT stops a
// task as it starts to exit, where a call it is in ends without a result,
// as strace prints it: a group leader's wait status comes only after its
// other threads'.
const (
	baseOptions = unix.PTRACE_O_TRACESYSGOOD | unix.PTRACE_O_TRACEEXEC | unix.PTRACE_O_TRACEEXIT
	forkOptions = unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK
)

// tracer is the state of one Run. Apart from requestStop, its methods run
// on the locked tracer goroutine only.
type tracer struct {
	opts trace.Options

	// tasks are the traced threads; it emits the events and keeps the
	// sink's first error.
	tasks *tracee.Table[*task]
	// goneEarly remembers tasks that exited before their creator's fork
	// event named them.
	goneEarly map[int]unix.WaitStatus
	// unclaimed holds tasks adopted at their first stop that exited
	// before their creator's fork event came: that late event must not
	// register them again.
	unclaimed map[int]bool
	// held are the tasks a delay_enter= or delay_exit= keeps stopped.
	held []*task
	// letGo are tasks detached at their execve (Options.DetachOnExec)
	// whose end still comes to the tracer: the launched command, which
	// is its child, and a task killed before it could be detached. The
	// run waits for them, as strace waits for its child.
	letGo map[int]bool

	// launchPid is the launched command's pid (0 if none); result its
	// outcome once it exited.
	launchPid int
	result    trace.Result
	// adoptPid is the command of Target.Adopt (0 if none): it is not the
	// tracer's child, and is detached, not killed, when tracing stops.
	adoptPid int
	// attached counts tasks attached with -p.
	attached int

	mem   capture.Process
	si    syscallInfo
	sig   trace.SignalInfo
	clock clock

	// rusage is what wait4 reported with the status being dispatched, for
	// Options.SyscallCPUTime.
	rusage unix.Rusage
	// round holds the statuses of one round of the loop (see loop).
	round []waited

	// stop is set by requestStop; the wake sentinel (see stub.go) is how
	// requestStop interrupts a blocked wait4.
	stop        atomic.Bool
	wakeMu      sync.Mutex
	wakeFD      int // write end of the sentinel's stdin; -1 once closed
	sentinelPid int // 0 once reaped

	// sameCPU: see Backend.SameCPU; place is the pinning state.
	sameCPU bool
	place   placement

	// stopSignal is the signal that cancelled the run (trace.StopSignal),
	// if any: it is forwarded to the launched command, which is then
	// detached rather than killed. Set before stop.
	stopSignal atomic.Int32
	// runningPid is the launched command let go untraced when the sink
	// failed, until awaitCommand has its status.
	runningPid int

	// seccomp says the launched command runs under the --seccomp-bpf
	// filter.
	seccomp bool

	// stats counts what tracing costs; ptraceCalls0 is the process-wide
	// ptrace call count when the run started.
	stats        trace.TracerStats
	ptraceCalls0 uint64

	// debug is Backend.Debug; sysInfoNoted says the note that
	// PTRACE_GET_SYSCALL_INFO works was given.
	debug        func(string)
	sysInfoNoted bool
}

// forcePeekData makes tracers read memory with PTRACE_PEEKDATA only, as
// where process_vm_readv is missing (tests use it).
var forcePeekData bool

func newTracer(opts trace.Options, sink func(*trace.Event) error) *tracer {
	return &tracer{
		mem:       capture.Process{Fallback: peekData, NoVM: forcePeekData, Cached: true},
		opts:      opts,
		tasks:     tracee.NewTable[*task](sink),
		goneEarly: make(map[int]unix.WaitStatus),
		unclaimed: make(map[int]bool),
		letGo:     make(map[int]bool),
		clock:     newClock(),
		wakeFD:    -1,
	}
}

// run is the body of the tracer goroutine.
func (tr *tracer) run(ctx context.Context, target trace.Target) (trace.Result, error) {
	// A context that can never be done needs no way to wake the tracer.
	steps := tr.opts.Steps
	if ctx.Done() != nil {
		started := steps.Begin("start the wake sentinel")
		err := tr.startSentinel()
		started()
		if err != nil {
			return trace.Result{}, err
		}
		defer func() {
			defer steps.Begin("stop the wake sentinel")()
			tr.stopSentinel()
		}()
	}

	tr.ptraceCalls0 = ptraceCalls.Load()
	if len(target.PIDs) > 0 {
		attached := steps.Begin("attach")
		err := tr.attachAll(target.PIDs, target.Path != "" || target.Adopt != nil)
		attached()
		if err != nil {
			tr.shutdown()
			return trace.Result{}, err
		}
	}
	if target.Path != "" {
		launched := steps.Begin("launch the command")
		err := tr.launch(target)
		launched()
		if err != nil {
			tr.shutdown()
			return trace.Result{}, err
		}
	}
	if target.Adopt != nil {
		if err := tr.adoptCommand(target); err != nil {
			tr.shutdown()
			return trace.Result{}, err
		}
	}
	traced := steps.Begin("trace")
	err := tr.loop()
	traced()
	tr.tasks.ReleaseExits()
	if err == nil && tr.stop.Load() {
		err = ctx.Err()
	}
	tr.finishStats()
	return tr.result, err
}

// requestStop asks the tracer to stop, from any goroutine: it closes the
// sentinel's stdin, so that the sentinel exits and wait4 returns.
func (tr *tracer) requestStop() {
	tr.stop.Store(true)
	tr.wakeMu.Lock()
	defer tr.wakeMu.Unlock()
	if tr.wakeFD >= 0 {
		unix.Close(tr.wakeFD)
		tr.wakeFD = -1
	}
}

// clock reads CLOCK_MONOTONIC cheaply: the runtime's monotonic clock (a
// vDSO call) plus the offset measured once.
type clock struct {
	base   time.Time
	baseNS int64
}

func newClock() clock {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return clock{base: time.Now(), baseNS: ts.Nano()}
}

// now returns CLOCK_MONOTONIC nanoseconds.
func (c *clock) now() int64 { return c.baseNS + int64(time.Since(c.base)) }
