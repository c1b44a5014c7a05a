package bpfbackend

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/bpfbackend/internal/kerneltypes"
	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/internal/gcpause"
	"github.com/sctrace/sctrace/internal/hugeheap"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Backend is the eBPF backend. Its zero value is ready to use.
type Backend struct {
	// BufferSize is the ring buffer's size in bytes (--buffer-size),
	// rounded up to a power of two; 0 means the default (defaultRingSize).
	BufferSize int
}

// New returns an eBPF backend.
func New() *Backend { return &Backend{} }

// Name returns "ebpf", as --backend spells it.
func (*Backend) Name() string { return "ebpf" }

// Capabilities says how the backend observes tasks: its events are read from a ring buffer after the fact.
func (*Backend) Capabilities() trace.Capabilities { return trace.Capabilities{Stops: false} }

var _ trace.Backend = (*Backend)(nil)

// replayMismatches counts, over all runs, capture reads that did not find
// the segment the kernel should have recorded: a disagreement between
// package capture and bpf/capture.h. replayRereads counts, over all runs,
// captures the programs recorded as faulted and user space read from the
// live task. The package's tests require both to be 0.
var replayMismatches, replayRereads atomic.Uint64

// nativeArch is the AUDIT_ARCH_* value of the architecture the programs
// were written for (bpf/kernel.h: x86_64's pt_regs), or 0. The object is
// built for any little-endian host, so that the package builds everywhere.
func nativeArch() uint32 {
	if runtime.GOARCH == "amd64" {
		return trace.ArchX86_64
	}
	return 0
}

// Probe reports whether the backend can run here: with the privileges
// checked, it loads a program for sys_enter that does nothing, then
// releases it, while it parses the object that a Run of opts loads.
// Without count_only the probe is a tp_btf program, whose
// load checks its target and decodes the kernel's BTF (kept for Run).
// Count_only's programs are raw_tp ones that relocate against a few of
// the kernel's types (countingKernelTypes), read from /sys/kernel/btf/vmlinux
// while Run starts: its probe is a raw_tp program, and the kernel's BTF
// is decoded only where that file is missing. The probe is not attached:
// detaching a tracepoint's last program makes the next first attach to
// any tracepoint wait for an RCU grace period (the kernel's 1-0-1
// transition sync), which Run's attach would then wait for, up to 30 ms
// more start-up. The error says what is missing.
func Probe(opts *trace.Options) error {
	if nativeArch() == 0 {
		return &unsupported{"no BPF programs for " + runtime.GOARCH}
	}
	if err := checkEnvironment(); err != nil {
		return err
	}
	// What follows allocates most of the start-up's heap.
	hugeheap.Reserve()
	// Run will need the object: it is parsed while the probe loads.
	warmObject(objectFor(opts))
	if opts.CountOnly {
		if err := probeRawTracepoint(); err != nil {
			return err
		}
		if _, err := os.Stat(kerneltypes.VMLinux); err == nil {
			return nil
		}
	}
	warmKernelTypes()
	if _, err := kernelTypes.Kernel(); err != nil {
		return loadError(err)
	}
	// Loaded as a collection of its own, which finds its attach target
	// in the shared cache: NewProgramWithOptions would decode the
	// kernel's BTF again for that.
	coll, err := ebpf.NewCollectionWithOptions(&ebpf.CollectionSpec{Programs: map[string]*ebpf.ProgramSpec{
		"probe": {
			Name: "probe", Type: ebpf.Tracing, AttachType: ebpf.AttachTraceRawTp, AttachTo: "sys_enter", License: "GPL",
			Instructions: probeInstructions,
		},
	}}, ebpf.CollectionOptions{Cache: kernelTypes})
	if err != nil {
		return loadError(err)
	}
	coll.Close()
	return nil
}

// probeInstructions are a probe program's: return 0.
var probeInstructions = asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}

// probeRawTracepoint loads a raw_tp program that does nothing, then
// releases it.
func probeRawTracepoint() error {
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Name: "probe", Type: ebpf.RawTracepoint, License: "GPL", Instructions: probeInstructions})
	if err != nil {
		return loadError(err)
	}
	return prog.Close()
}

// Run traces target: it launches target.Path through the exec stub,
// registering its pid in the kernel before its execve, which is therefore
// the first event (or traces target.Adopt, see adoption.go); it adds
// target.PIDs (and their threads under -f) without stopping them. It
// reports events until every traced task is
// gone or ctx is done. On ctx's end the launched command is killed (or,
// when the cause is a trace.StopSignal, sent that signal) and attached
// tasks are let go; Run then returns ctx's error. Everything loaded into
// the kernel is released on every way out.
//
// The sink is called on Run's goroutine; the *Event and the memory it
// points to are reused once the sink returns (trace.Event.CopyTo).
func (b *Backend) Run(ctx context.Context, target trace.Target, opts trace.Options, sink func(*trace.Event) error) (res trace.Result, err error) {
	if target.Path == "" && len(target.PIDs) == 0 && target.Adopt == nil && opts.Scope == nil {
		return res, errors.New("ebpf: nothing to trace: no command and no pid")
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if opts.Inject.Len() > 0 {
		return res, &unsupported{"cannot change system calls (-e inject=, -e fault=)"}
	}
	arch := nativeArch()
	if arch == 0 {
		return res, &unsupported{"no BPF programs for " + runtime.GOARCH}
	}
	if err := checkEnvironment(); err != nil {
		return res, err
	}
	// Start-up allocates much (the kernel's BTF, the object's specs) and
	// keeps most of it: collecting during it costs time and frees little.
	// A pause taken before (sctrace's, from its start) is its taker's to
	// end: a run shorter than collectAfter leaves it on to the exit.
	if gcpause.Pause() {
		defer gcpause.Resume()
	}
	reserved := opts.Steps.Begin("reserve the heap")
	hugeheap.Reserve()
	reserved()
	if !opts.CountOnly {
		warmKernelTypes()
	}
	warmObject(objectFor(&opts))
	// The exec stub starts (and stops itself) while the programs load.
	var stub <-chan stubStart
	waitCh := make(chan unix.WaitStatus, 1)
	if target.Path != "" {
		// Under -c no record shows the execve: the stub says it failed.
		stub = startStub(target, !opts.CountOnly, waitCh, unknownExitWarner(opts))
		defer func() {
			if stub != nil {
				// Not launched: the run failed before.
				if st := <-stub; st.err == nil {
					st.reap <- false
					<-st.done
				}
			}
		}()
	}
	// A launched command's lone thread (no -f, no -p): nothing else's
	// records can come between a call's entry and exit.
	lone := (target.Path != "" || target.Adopt != nil) && len(target.PIDs) == 0 && !opts.FollowForks && opts.Scope == nil
	scopeOnly := opts.Scope != nil && target.Path == "" && target.Adopt == nil && len(target.PIDs) == 0 && !opts.FollowForks
	loaded := opts.Steps.Begin("load")
	p, err := load(loadConfig{opts: opts, bufferSize: b.BufferSize, arch: arch, lone: lone, attaching: len(target.PIDs) > 0,
		scopeOnly: scopeOnly})
	loaded()
	addWarmSteps(opts.Steps, objectFor(&opts))
	if err != nil {
		return res, err
	}
	defer func() {
		released := opts.Steps.Begin("release programs and maps")
		if cerr := p.close(); cerr != nil && err == nil {
			err = fmt.Errorf("ebpf: release programs: %w", cerr)
		}
		released()
	}()
	attached := opts.Steps.Begin("attach")
	err = p.attach()
	attached()
	if err != nil {
		return res, err
	}
	if opts.Scope != nil && len(opts.Scope.Trees) > 0 {
		if err := p.fillTree(opts.Scope.Trees); err != nil {
			return res, err
		}
	}
	s := newSession(p, p.ring, arch, opts, sink, waitCh)
	defer s.release()
	if len(target.PIDs) > 0 {
		if err := s.attachAll(target.PIDs, target.Path != "" || target.Adopt != nil); err != nil {
			return res, err
		}
	}
	if stub != nil {
		waited := opts.Steps.Begin("wait for the exec stub")
		st := <-stub
		waited()
		stub = nil
		if st.err != nil {
			return res, st.err
		}
		launched := opts.Steps.Begin("launch the command")
		err := s.launch(target, st)
		launched()
		if err != nil {
			return res, err
		}
	}
	if target.Adopt != nil {
		if err := s.adoptCommand(target); err != nil {
			return res, err
		}
	}
	// Tracing has started: the collection the start-up put off runs
	// once the command has run for a while, so that a short run ends
	// without it.
	gcpause.ResumeAfter(collectAfter)
	if opts.CountOnly && opts.LiveCounts != nil {
		live := &liveCounts{p: p, arch: arch}
		// Before the maps are closed (deferred above, run after).
		defer live.close()
		opts.LiveCounts(live.read)
	}
	traced := opts.Steps.Begin("trace")
	err = s.loop(ctx)
	traced()
	if opts.CountOnly {
		counts, cerr := p.readCounts(arch)
		if cerr != nil && err == nil {
			err = cerr
		}
		s.result.Counts = counts
	}
	if opts.CountPerProcess {
		if perr := p.readProcessCounts(arch, opts.CountOnly, &s.result); perr != nil && err == nil {
			err = perr
		}
	}
	s.result.Stats = s.stats
	s.result.Stats.BytesCaptured = s.mem.bytes
	s.result.Stats.CaptureRereads = s.mem.rereads
	s.result.Stats.CaptureMismatches = s.mem.mismatches
	s.result.Stats.CaptureTails = s.mem.tails
	s.result.Stats.CaptureCut = s.mem.cutReads
	replayMismatches.Add(s.mem.mismatches)
	replayRereads.Add(s.mem.rereads)
	return s.result, err
}

// kernelFilter is the syscall set the programs report: the wanted one
// plus the calls that execute a program, which end the exec stub's hiding.
func kernelFilter(f *trace.SyscallSet, arch uint32) *trace.SyscallSet {
	if f == nil {
		return nil
	}
	k := *f
	for _, nr := range syscalls.ForArch(arch).ExecNRs() {
		k.Add(nr)
	}
	return &k
}

// task is what user space keeps about one traced thread: the state both
// backends keep (tracee.Task) and what the records add to it.
type task struct {
	tracee.Task
	// exitNames are the names of processes the call in progress named at
	// its exit (-Y), passed on just before its exit's event.
	exitNames []trace.TaskInfo
	// newFDs and sockets back the NewFDs and Sockets of the task's exit
	// events, argFDs and entrySockets the ArgFDs and Sockets of its
	// entries.
	newFDs, argFDs        []trace.FDName
	sockets, entrySockets []trace.SocketState
	// pending holds signals the kernel discarded as ignored: a ptraced
	// task would have stopped for them, so they are reported at the
	// task's next syscall boundary.
	pending []pendingSignal
	// callStack and sigStack are the last stack samples (-k) of the task,
	// for its next call and its next signal, exitStack for the end of its
	// next call (an execve's: the new program's); have says which are
	// there.
	callStack, sigStack, exitStack             trace.UserStack
	haveCallStack, haveSigStack, haveExitStack bool
	// gone counts liveness checks that found the task dead with no exit
	// record (one lost in the ring).
	gone int
	// netlink says the call in progress may carry netlink messages
	// (syscalls.NetlinkData), noted at its entry for both its events.
	netlink bool
}

type pendingSignal struct {
	// fatal: generated to take its default, fatal action (REC_F_FATAL).
	fatal bool
	signo int32
	ts    int64
	ip    uint64
	info  [siginfoSize]byte
	stack *trace.UserStack // -k
}

// siginfoSize is sizeof(struct kernel_siginfo): what a signal record
// carries.
const siginfoSize = len(sctraceSigRec{}.Info)

// session is the user-space state of one Run.
type session struct {
	p    *probe
	rd   *ring
	opts trace.Options
	tbl  *syscalls.Table
	x    capture.Executor
	mem  replay

	// tasks are the traced threads; it emits the events and keeps the
	// sink's first error.
	tasks   *tracee.Table[*task]
	execNRs [2]int32

	launchPid int32
	waitCh    chan unix.WaitStatus
	reaped    bool
	result    trace.Result
	// launchLetGo: the launched command was let go at an execve
	// (Options.DetachOnExec); its status does not become the result.
	launchLetGo bool

	sig   trace.SignalInfo
	stats trace.TracerStats
	lost  uint64
	// maps are the executable file mappings of each process (-k), as
	// its last REC_MAPS record gave them.
	maps map[int32][]trace.Mapping
	// info is the TaskInfo handed to Options.TaskInfo.
	info trace.TaskInfo
	// nextCheck is when a scope's run next runs the poll's checks; ticks
	// counts them.
	nextCheck time.Time
	ticks     int
}

func newSession(p *probe, rd *ring, arch uint32, opts trace.Options, sink func(*trace.Event) error, waitCh chan unix.WaitStatus) *session {
	s := &session{
		p:       p,
		rd:      rd,
		opts:    opts,
		tbl:     syscalls.ForArch(arch),
		x:       capture.Executor{StringLimit: opts.StringLimit, Verbose: opts.Verbose, KVMVcpu: opts.KVMVcpu},
		tasks:   tracee.NewTable[*task](sink),
		execNRs: execNRs(arch),
		waitCh:  waitCh,
	}
	return s
}

// release kills a launched command that is still running (an error
// path) and waits for it, so that no stub outlives a failed Run.
func (s *session) release() {
	if s.launchPid != 0 && !s.reaped {
		_ = unix.Kill(int(s.launchPid), unix.SIGKILL)
		s.waitReaped()
	}
}

// trace adds tid to the kernel's set of traced threads.
func (s *session) trace(tid int32) error {
	if err := s.p.objs.Traced.Put(uint32(tid), sctraceTracedMarkTRACED); err != nil {
		return fmt.Errorf("ebpf: trace thread %d: %w", tid, err)
	}
	return nil
}

// taskState returns the state of thread tid of group pid.
func (s *session) taskState(tid, pid int, launched, hidden bool) *task {
	return &task{Task: tracee.Task{TID: tid, PID: pid, Arch: s.tbl.Arch, Launched: launched, Hidden: hidden}}
}

// launch registers the exec stub (started by startStub, stopped) as
// traced and lets it execute the command; its reaper then waits for it.
func (s *session) launch(target trace.Target, st stubStart) error {
	pid := st.pid
	s.launchPid = int32(pid)
	st.reap <- true
	if s.p.lone {
		if err := s.p.setLoneTID(pid); err != nil {
			return err
		}
	}
	if err := s.p.objs.Traced.Put(uint32(pid), sctraceTracedMarkTRACED_STUB); err != nil {
		return err
	}
	s.tasks.Put(s.taskState(pid, pid, true, true))
	if err := unix.Kill(pid, unix.SIGCONT); err != nil {
		return fmt.Errorf("launch %s: continue exec stub: %w", target.Path, err)
	}
	return nil
}

// stubStart is the outcome of startStub: the stopped stub, and its
// reaper's orders (true: reap it and its siblings, sending its status to
// the session; false: kill and reap it, then close done).
type stubStart struct {
	pid  int
	err  error
	reap chan<- bool
	done <-chan struct{}
}

// startStub starts target's exec stub in the background (quietExec:
// started quiet, see tracee.StartStopped); it stops itself before its
// execve and waits there for launch's SIGCONT. The goroutine
// that starts it stays on its OS thread and becomes its reaper: a child
// the command makes with CLONE_PARENT is that thread's child too, and
// only a wait4 with __WNOTHREAD there reaps it without taking children
// other parts of sctrace started.
func startStub(target trace.Target, quietExec bool, waitCh chan<- unix.WaitStatus, unknown func(int)) <-chan stubStart {
	ch := make(chan stubStart, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the reaper
		pid, err := startStopped(target, quietExec)
		reap, done := make(chan bool), make(chan struct{})
		ch <- stubStart{pid, err, reap, done}
		if err != nil {
			return
		}
		if !<-reap {
			tracee.KillAndReap(pid)
			close(done)
			return
		}
		waitCh <- reapFamily(pid, unknown)
	}()
	return ch
}

// reapFamily reaps this thread's children until pid is reaped, and
// returns pid's status; the others (children of the command made with
// CLONE_PARENT) go to unknown.
func reapFamily(pid int, unknown func(int)) unix.WaitStatus {
	for {
		var ws unix.WaitStatus
		wpid, err := unix.Wait4(-1, &ws, unix.WALL|unix.WNOTHREAD, nil)
		switch {
		case err == unix.EINTR:
		case err != nil:
			// ECHILD: nothing left to wait for (cannot happen before
			// pid is reaped); report a kill rather than hang.
			return unix.WaitStatus(unix.SIGKILL)
		case wpid == pid:
			return ws
		default:
			unknown(wpid)
		}
	}
}

// unknownExitWarner returns what to do when a child the session does not
// trace has exited: say so, as strace does, unless -f traces it (a child
// of the command made with CLONE_PARENT).
func unknownExitWarner(opts trace.Options) func(int) {
	return func(pid int) {
		if !opts.FollowForks && opts.Warn != nil {
			opts.Warn(trace.UnknownExit{PID: pid})
		}
	}
}

// waitReaped waits for the launched command's status.
func (s *session) waitReaped() {
	ws := <-s.waitCh
	s.setResult(ws)
}

func (s *session) setResult(ws unix.WaitStatus) {
	s.reaped = true
	if s.launchLetGo {
		return
	}
	if ws.Signaled() {
		s.result.ExitCode, s.result.Signal = -1, int(ws.Signal())
	} else {
		s.result.ExitCode = ws.ExitStatus()
	}
}

// collectAfter is how long tracing runs before the garbage collector,
// paused during the start-up, is resumed: the start-up's garbage (the
// kernel's types, the objects' specifications) is then collected in the
// background, and a command that ends sooner ends before any collection.
// A variable for tests.
var collectAfter = 100 * time.Millisecond

// pollInterval is how often the reader looks at the ring without being
// woken: the programs wake it only when much data is pending.
const pollInterval = 20 * time.Millisecond

// loop reads and dispatches records until every task is gone, the sink
// fails or ctx is done.
func (s *session) loop(ctx context.Context) error {
	s.nextCheck = time.Now().Add(pollInterval)
	due := false // the poll's time came: its checks follow the records read
	for {
		if s.tasks.Err() != nil {
			s.letCommandRun()
			return s.tasks.Err()
		}
		ended, checks := false, false
		s.rd.drain(func(raw []byte) bool {
			s.stats.RingRecords++
			s.handle(raw)
			if s.isScopeRun() {
				// A scope's records may never let the ring empty: the
				// poll's checks are due all the same.
				checks = s.stats.RingRecords%scopeCheckEvery == 0 && time.Now().After(s.nextCheck)
				return !checks && s.tasks.Err() == nil
			}
			ended = s.tasks.Len() == 0
			return !ended && s.tasks.Err() == nil
		})
		if s.tasks.Err() != nil {
			continue
		}
		if ended {
			if s.awaitReaped(ctx) {
				// The last task is gone: end now rather than at the
				// next poll.
				return s.finish()
			}
			continue
		}
		if checks {
			if done, err := s.tick(ctx); done {
				return err
			}
			continue
		}
		if !due {
			woken, err := s.rd.wait(s.nextCheck)
			if err != nil {
				s.stop(ctx)
				return fmt.Errorf("ebpf: read ring buffer: %w", err)
			}
			// Records sent since the last read woke nothing (the
			// programs wake the reader only when much is unread):
			// they are read before the poll's work, which their
			// order may matter to (a launched command let go).
			due = !woken
			continue
		}
		due = false
		// Wakeups counts the poll timer's; the wake-ups the programs
		// force when much is unread are not counted (telling them apart
		// would cost a check per record).
		s.stats.Wakeups++
		if done, err := s.tick(ctx); done {
			return err
		}
	}
}

// scopeCheckEvery: in a scope's run, one record in scopeCheckEvery looks
// whether a poll's checks are due.
const scopeCheckEvery = 256

// scopeVanishEvery: a scope's run, whose tasks may be many, looks for
// tasks gone without an exit record at one poll in scopeVanishEvery (a
// signal per task each time).
const scopeVanishEvery = 50

// tick runs the poll's checks: lost records, ctx's end, the launched
// command's status, tasks gone without an exit record, the end of the
// run. done says the run is over, with err its result.
func (s *session) tick(ctx context.Context) (done bool, err error) {
	s.checkLost()
	if ctx.Err() != nil {
		s.stop(ctx)
		return true, ctx.Err()
	}
	if !s.reaped {
		select {
		case ws := <-s.waitCh:
			s.setResult(ws)
		default:
		}
	}
	s.ticks++
	if !s.isScopeRun() || s.ticks%scopeVanishEvery == 0 {
		s.checkVanished()
	}
	if s.isScopeRun() {
		// A scope may take tasks at any time: the run lasts as long as
		// the command, or until it is stopped.
		if s.launchPid != 0 && s.reaped && !s.tasks.Has(int(s.launchPid)) {
			return true, s.finishScope()
		}
	} else if s.tasks.Len() == 0 && (s.launchPid == 0 || s.reaped) {
		s.tasks.ReleaseExits()
		return true, s.tasks.Err()
	}
	s.nextCheck = time.Now().Add(pollInterval)
	return false, nil
}

// awaitReaped waits for the launched command's status, if there is one
// not yet reaped; it returns false when ctx ends first.
func (s *session) awaitReaped(ctx context.Context) bool {
	if s.launchPid == 0 || s.reaped {
		return true
	}
	select {
	case ws := <-s.waitCh:
		s.setResult(ws)
		return true
	case <-ctx.Done():
		return false
	}
}

// finish reads what is left in the ring once nothing is traced any more
// and reports events the kernel could not deliver.
func (s *session) finish() error {
	s.rd.drain(func(raw []byte) bool {
		s.stats.RingRecords++
		s.handle(raw)
		return s.tasks.Err() == nil
	})
	s.checkLost()
	s.tasks.ReleaseExits()
	return s.tasks.Err()
}

// stop ends tracing early: the launched command is killed, or sent the
// signal a trace.StopSignal cause names; attached tasks are let go.
func (s *session) stop(ctx context.Context) {
	var ss trace.StopSignal
	forward := errors.As(context.Cause(ctx), &ss)
	if s.launchLetGo {
		// Untraced, it goes on as it would without sctrace.
		s.reaped = true
	}
	if s.launchPid != 0 && !s.reaped {
		if forward {
			_ = unix.Kill(int(s.launchPid), unix.Signal(ss.Sig))
		} else {
			_ = unix.Kill(int(s.launchPid), unix.SIGKILL)
			s.waitReaped()
		}
	}
	for tk := range s.tasks.All() {
		if tk.Scoped {
			// Taken by a scope, never attached: let go silently.
			s.tasks.Delete(tk.TID)
		} else if forward || (!tk.Launched && !tk.Hidden) {
			s.tasks.Detach(tk, 0)
		} else {
			s.tasks.Delete(tk.TID)
		}
	}
	if forward {
		// The command goes on untraced; its status is not ours to wait
		// for.
		s.reaped = true
	}
}

// letCommandRun ends tracing after the sink failed (the trace cannot be
// written): the programs are detached, every task is let go, and the
// launched command runs on to its own end, whose status becomes the run's
// result. The exec stub, not yet the command, is killed.
func (s *session) letCommandRun() {
	_ = s.p.detach()
	launched := s.tasks.Get(int(s.launchPid))
	if launched != nil && launched.Hidden && !s.reaped {
		_ = unix.Kill(int(s.launchPid), unix.SIGKILL)
	}
	for tk := range s.tasks.All() {
		s.tasks.Detach(tk, 0)
	}
	if s.launchPid != 0 && !s.reaped {
		s.waitReaped()
	}
}

// checkLost reports events the kernel could not deliver since last time.
func (s *session) checkLost() {
	n, err := s.p.lostCount()
	if err != nil || n <= s.lost {
		return
	}
	ev := trace.Event{Kind: trace.Lost, PID: s.launchPid, TID: s.launchPid, Lost: n - s.lost, Enter: monotonicNow()}
	s.lost = n
	s.stats.Lost = n
	s.tasks.Emit(&ev)
}

// checkVanished forgets tasks that are gone although their exit record
// never came (it was lost): a task found dead at two checks in a row.
func (s *session) checkVanished() {
	for tk := range s.tasks.All() {
		if tk.Hidden && tk.TID == int(s.launchPid) && !s.reaped {
			continue
		}
		if err := unix.Tgkill(tk.PID, tk.TID, 0); err != unix.ESRCH {
			tk.gone = 0
			continue
		}
		tk.gone++
		if tk.gone >= 2 {
			s.tasks.Delete(tk.TID)
			s.tasks.ReleaseExit(tk.PID)
		}
	}
}

func monotonicNow() int64 {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return ts.Nano()
}
