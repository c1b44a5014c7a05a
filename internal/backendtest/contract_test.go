package backendtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/bpfbackend"
	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/ptrace"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// killInCall forks a child that blocks in pause(); the test kills it there
// with SIGKILL when it sees the call's entry, and the parent reaps it.
const killInCall = `#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		pause();
		_exit(0);
	}
	wait4(pid, &status, 0, NULL);
	return 0;
}
`

// TestMain lets the test binary serve as the backends' exec stub.
func TestMain(m *testing.M) {
	tracee.Init()
	testutil.RunAndClean(m)
}

// contractWorkload is a program traced under -f for TestContract, with
// what its stream must show beyond the contract.
type contractWorkload struct {
	name string
	// source is the C program's text when inline; otherwise the program
	// is testdata/workloads/NAME.c.
	source string
	inline bool
	// onEvent, if set, is called with every event, in the sink.
	onEvent func(t *testing.T, ev *trace.Event, launched int32)
	// detachOnExec runs it under Options.DetachOnExec (-b execve).
	detachOnExec bool
	// shows checks that the stream exercised what the workload is for.
	shows func(evs []trace.Event) error
}

// TestContract traces workloads on both backends and checks each stream
// with checkContract, the event contract of package trace's documentation.
func TestContract(t *testing.T) {
	testutil.RequirePtrace(t)
	testutil.RequireBPF(t)
	if err := bpfbackend.Probe(&trace.Options{}); err != nil {
		t.Fatalf("eBPF backend unavailable as root: %v", err)
	}
	tbl := syscalls.Native()
	pauseNR, _ := tbl.Lookup("pause")
	// The i386 calls, or where the kernel refuses int $0x80 the SIGSEGV
	// that kills the program at its first one.
	int80Shows := count("PersonalityChange", 4, func(ev *trace.Event) bool { return ev.Kind == trace.PersonalityChange })
	if !testutil.I386Syscalls(t, testutil.BuildC(t, testutil.WorkloadSource(t, "int80"))) {
		int80Shows = count("SIGSEGV at int $0x80", 1, func(ev *trace.Event) bool {
			return ev.Kind == trace.Signal && ev.Signal.Signo == int32(unix.SIGSEGV)
		})
	}
	workloads := []contractWorkload{
		{name: "threads", shows: count("NewTask", 4, func(ev *trace.Event) bool { return ev.Kind == trace.NewTask })},
		{name: "forkexec", shows: count("Exec", 2, func(ev *trace.Event) bool { return ev.Kind == trace.Exec })},
		{name: "threadexec", shows: count("Exec from a non-leader thread", 1, func(ev *trace.Event) bool {
			return ev.Kind == trace.Exec && ev.OldTID != ev.TID
		})},
		{name: "signals", shows: count("Signal", 3, func(ev *trace.Event) bool { return ev.Kind == trace.Signal })},
		{name: "jobctl", shows: count("group stop", 1, func(ev *trace.Event) bool {
			return ev.Kind == trace.Signal && ev.Signal.GroupStop
		})},
		{
			name: "killincall", source: killInCall, inline: true,
			onEvent: func(t *testing.T, ev *trace.Event, launched int32) {
				if ev.Kind == trace.SyscallEnter && ev.NR == int32(pauseNR) && ev.PID != launched {
					if err := unix.Kill(int(ev.TID), unix.SIGKILL); err != nil {
						t.Errorf("kill %d: %v", ev.TID, err)
					}
				}
			},
			shows: count("pause killed inside the call", 1, func(ev *trace.Event) bool {
				return ev.Kind == trace.SyscallExit && ev.NoReturn && ev.NR == int32(pauseNR)
			}),
		},
		{name: "int80", shows: int80Shows},
		{name: "forkexec", detachOnExec: true, shows: detachedAtExec(1)},
		{name: "threadexec", detachOnExec: true, shows: detachedAtExec(1)},
	}
	backends := []func() trace.Backend{
		func() trace.Backend { return ptrace.New() },
		func() trace.Backend { return bpfbackend.New() },
	}
	for _, w := range workloads {
		var src string
		if w.inline {
			src = filepath.Join(t.TempDir(), w.name+".c")
			if err := os.WriteFile(src, []byte(w.source), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			src = testutil.WorkloadSource(t, w.name)
		}
		bin := testutil.BuildC(t, src)
		for _, newBackend := range backends {
			b := newBackend()
			name := w.name
			if w.detachOnExec {
				name += "-b"
			}
			t.Run(name+"/"+b.Name(), func(t *testing.T) {
				evs, launched := traceAll(t, b, bin, w.detachOnExec, w.onEvent)
				for _, err := range checkContract(evs, launched, isExec) {
					t.Error(err)
				}
				if err := w.shows(evs); err != nil {
					t.Error(err)
				}
				if t.Failed() {
					for _, ev := range evs {
						t.Logf("%v pid %d tid %d nr %d ret %d noreturn %v oldtid %d", ev.Kind, ev.PID, ev.TID, ev.NR, ev.Ret, ev.NoReturn, ev.OldTID)
					}
				}
			})
		}
	}
}

// traceAll traces bin under -f with signals (and -b execve if
// detachOnExec) and returns copies of the events and the launched
// command's pid (that of its first event).
func traceAll(t *testing.T, b trace.Backend, bin string, detachOnExec bool, onEvent func(*testing.T, *trace.Event, int32)) ([]trace.Event, int32) {
	t.Helper()
	target := trace.Target{Path: bin, Argv: []string{filepath.Base(bin)}, Env: []string{"LC_ALL=C"}}
	opts := trace.Options{StringLimit: 32, SignalsWanted: true, FollowForks: true, DetachOnExec: detachOnExec}
	var evs []trace.Event
	var launched int32
	_, err := b.Run(context.Background(), target, opts, func(ev *trace.Event) error {
		if launched == 0 && ev.Kind != trace.Lost {
			launched = ev.PID
		}
		if onEvent != nil {
			onEvent(t, ev, launched)
		}
		var c trace.Event
		ev.CopyTo(&c)
		evs = append(evs, c)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", b.Name(), err)
	}
	return evs, launched
}

// count returns a check that at least n events satisfy match.
func count(what string, n int, match func(*trace.Event) bool) func([]trace.Event) error {
	return func(evs []trace.Event) error {
		got := 0
		for i := range evs {
			if match(&evs[i]) {
				got++
			}
		}
		if got < n {
			return fmt.Errorf("%d events of kind %q, want at least %d: the workload did not exercise it", got, what, n)
		}
		return nil
	}
}

// detachedAtExec returns the check of a run under Options.DetachOnExec
// in which n threads execute a program after the launched command's first
// execve: each of them, and nothing else, is let go (Detached) right after
// its Exec, inside the execve, and that execve has no exit.
func detachedAtExec(n int) func([]trace.Event) error {
	return func(evs []trace.Event) error {
		last := map[int32]trace.Kind{} // each thread's previous event
		detached := 0
		for i := range evs {
			ev := &evs[i]
			switch {
			case ev.Kind == trace.Detached && last[ev.TID] != trace.Exec:
				return fmt.Errorf("event %d: thread %d let go after a %v, not at an Exec", i, ev.TID, last[ev.TID])
			case ev.Kind == trace.Detached:
				detached++
			}
			last[ev.TID] = ev.Kind
		}
		if detached != n {
			return fmt.Errorf("%d threads let go, want %d", detached, n)
		}
		return nil
	}
}

// isExec reports whether nr executes a program on arch.
func isExec(arch uint32, nr int32) bool {
	tbl := syscalls.ForArch(arch)
	return tbl != nil && slices.Contains(tbl.ExecNRs(), int(nr))
}

// thread is checkContract's state of one traced thread.
type thread struct {
	pid int32
	// open is the SyscallEnter of the call in progress, if any; execed
	// says an Exec was reported during it.
	open   *trace.Event
	execed bool
	// noReturn: a NoReturn exit was reported; only Signals and the Exit
	// may follow, or the Exec of a thread taking over its id.
	noReturn bool
	// pers is the personality of the thread's calls since its last
	// PersonalityChange.
	pers trace.Personality
}

// checkContract checks a complete run's events (launched is the launched
// command's pid; the run was neither cancelled nor lost events) against
// the event contract of package trace's documentation, and returns every
// violation found.
func checkContract(evs []trace.Event, launched int32, isExec func(arch uint32, nr int32) bool) []error {
	var errs []error
	live := map[int32]*thread{}
	ended := map[int32]trace.Kind{}
	fail := func(i int, ev *trace.Event, format string, args ...any) {
		errs = append(errs, fmt.Errorf("event %d (%v, pid %d, tid %d): %s", i, ev.Kind, ev.PID, ev.TID, fmt.Sprintf(format, args...)))
	}
	for i := range evs {
		ev := &evs[i]
		if ev.Kind == trace.Lost {
			fail(i, ev, "%d events lost: the contract cannot be checked", ev.Lost)
			continue
		}
		if ev.PID <= 0 || ev.TID <= 0 {
			fail(i, ev, "no PID or TID")
			continue
		}
		th := live[ev.TID]
		switch {
		case ev.Kind == trace.NewTask:
			if th != nil {
				fail(i, ev, "NewTask for a thread already traced")
			}
			th = &thread{pid: ev.PID}
			live[ev.TID] = th
			delete(ended, ev.TID)
			continue
		case th == nil && len(live) == 0 && len(ended) == 0 && ev.TID == launched:
			if ev.Kind != trace.SyscallEnter || !isExec(ev.Arch, ev.NR) {
				fail(i, ev, "the launched command's first event is not an execve's entry")
			}
			th = &thread{pid: ev.PID}
			live[ev.TID] = th
		case th == nil:
			if k, ok := ended[ev.TID]; ok {
				fail(i, ev, "event after the thread's %v", k)
			} else {
				fail(i, ev, "event before the thread's NewTask")
			}
			continue
		}
		if ev.PID != th.pid {
			fail(i, ev, "thread group changed from %d", th.pid)
		}
		takenOver := ev.Kind == trace.Exec && ev.OldTID != ev.TID
		if th.noReturn && ev.Kind != trace.Signal && ev.Kind != trace.Exit && !takenOver {
			fail(i, ev, "event after a NoReturn exit other than a Signal, the Exit or a thread's Exec")
		}
		switch ev.Kind {
		case trace.SyscallEnter:
			if th.open != nil {
				fail(i, ev, "entry of %d while call %d is open", ev.NR, th.open.NR)
			}
			if ev.Arch == 0 {
				fail(i, ev, "no Arch")
			}
			if ev.Pers != th.pers {
				fail(i, ev, "entry in personality %d without a PersonalityChange from %d", ev.Pers, th.pers)
			}
			th.open, th.execed = ev, false
		case trace.SyscallExit:
			switch o := th.open; {
			case o == nil:
				fail(i, ev, "exit of %d without its entry", ev.NR)
			case o.NR != ev.NR || o.Args != ev.Args || o.Enter != ev.Enter || o.Arch != ev.Arch || o.Pers != ev.Pers:
				fail(i, ev, "exit of %d does not repeat its entry's NR, Args, Enter, Arch and Pers (entry: %d)", ev.NR, o.NR)
			case isExec(ev.Arch, ev.NR) && !ev.NoReturn && ev.Ret == 0 && !th.execed:
				fail(i, ev, "a successful execve's exit without an Exec")
			}
			th.open = nil
			th.noReturn = ev.NoReturn
		case trace.Exec:
			execer := th
			if ev.OldTID != ev.TID {
				execer = live[ev.OldTID]
				if execer == nil {
					fail(i, ev, "Exec from thread %d, which is not traced", ev.OldTID)
					continue
				}
				if execer.pid != ev.PID {
					fail(i, ev, "Exec from thread %d of another group", ev.OldTID)
				}
				// The executing thread takes over the leader's id; the
				// leader's own state ends silently.
				delete(live, ev.OldTID)
				ended[ev.OldTID] = trace.Exec
				live[ev.TID] = execer
			}
			switch {
			case execer.open == nil || !isExec(execer.open.Arch, execer.open.NR):
				fail(i, ev, "Exec outside an execve")
			case execer.execed:
				fail(i, ev, "second Exec in one execve")
			}
			execer.execed = true
		case trace.Signal:
			if ev.Signal == nil {
				fail(i, ev, "no Signal")
			}
			if th.open != nil {
				fail(i, ev, "Signal inside call %d", th.open.NR)
			}
		case trace.Exit:
			if th.open != nil {
				fail(i, ev, "Exit with call %d open (no NoReturn exit)", th.open.NR)
			}
			if ev.ExitSignal != 0 && ev.Status != 0 {
				fail(i, ev, "both a Status and an ExitSignal")
			}
			delete(live, ev.TID)
			ended[ev.TID] = trace.Exit
			if ev.TID == ev.PID {
				for tid, o := range live {
					if o.pid == ev.PID {
						fail(i, ev, "leader's Exit before thread %d's", tid)
					}
				}
			}
		case trace.Detached:
			delete(live, ev.TID)
			ended[ev.TID] = trace.Detached
		case trace.PersonalityChange:
			if th.open != nil {
				fail(i, ev, "PersonalityChange inside call %d", th.open.NR)
			}
			if ev.Pers == th.pers {
				fail(i, ev, "PersonalityChange to the personality %d of the previous call", ev.Pers)
			}
			th.pers = ev.Pers
		default:
			fail(i, ev, "unknown kind")
		}
	}
	for tid := range live {
		errs = append(errs, fmt.Errorf("thread %d never ended", tid))
	}
	return errs
}

// TestCheckContract feeds checkContract streams that break one rule each.
func TestCheckContract(t *testing.T) {
	const arch = trace.ArchX86_64
	execve, _ := syscalls.ForArch(arch).Lookup("execve")
	const read = 0
	enter := func(pid, tid, nr int32) trace.Event {
		return trace.Event{Kind: trace.SyscallEnter, PID: pid, TID: tid, Arch: arch, NR: nr, Enter: 1}
	}
	exit := func(pid, tid, nr int32) trace.Event {
		return trace.Event{Kind: trace.SyscallExit, PID: pid, TID: tid, Arch: arch, NR: nr, Enter: 1}
	}
	ev := func(kind trace.Kind, pid, tid int32) trace.Event {
		return trace.Event{Kind: kind, PID: pid, TID: tid, Signal: &trace.SignalInfo{Signo: 10}}
	}
	execEv := func(pid, tid, old int32) trace.Event {
		e := ev(trace.Exec, pid, tid)
		e.OldTID = old
		return e
	}
	noReturn := exit(1, 1, read)
	noReturn.NoReturn = true
	// start is a launched command's execve, whole.
	start := []trace.Event{enter(1, 1, int32(execve)), execEv(1, 1, 1), exit(1, 1, int32(execve))}
	with := func(evs ...trace.Event) []trace.Event { return append(slices.Clone(start), evs...) }
	good := with(ev(trace.NewTask, 1, 2), enter(1, 2, read), exit(1, 2, read), ev(trace.Signal, 1, 2),
		enter(1, 2, read), exit(1, 2, read), ev(trace.Exit, 1, 2), enter(1, 1, read), noReturn, ev(trace.Signal, 1, 1), ev(trace.Exit, 1, 1))
	if errs := checkContract(good, 1, isExec); len(errs) != 0 {
		t.Errorf("a valid stream: %v", errs)
	}
	// A thread's execve supersedes the leader, which died in its call.
	superseded := with(ev(trace.NewTask, 1, 2), enter(1, 1, read), enter(1, 2, int32(execve)), noReturn,
		execEv(1, 1, 2), exit(1, 1, int32(execve)), ev(trace.Exit, 1, 1))
	if errs := checkContract(superseded, 1, isExec); len(errs) != 0 {
		t.Errorf("a leader's NoReturn, then a thread's Exec: %v", errs)
	}
	for _, tc := range []struct {
		name string
		evs  []trace.Event
	}{
		{"first event not execve", []trace.Event{enter(1, 1, read)}},
		{"no NewTask", with(enter(1, 2, read))},
		{"nested entry", with(enter(1, 1, read), enter(1, 1, read))},
		{"exit without entry", with(exit(1, 1, read))},
		{"exit of another call", with(enter(1, 1, read), exit(1, 1, 1))},
		{"execve without Exec", []trace.Event{enter(1, 1, int32(execve)), exit(1, 1, int32(execve))}},
		{"Exec outside execve", with(execEv(1, 1, 1))},
		{"Exec from an untraced thread", with(execEv(1, 1, 7))},
		{"Signal inside a call", with(enter(1, 1, read), ev(trace.Signal, 1, 1))},
		{"Exit in a call", with(enter(1, 1, read), ev(trace.Exit, 1, 1))},
		{"event after NoReturn", with(enter(1, 1, read), noReturn, enter(1, 1, read))},
		{"event after Exit", with(ev(trace.Exit, 1, 1), enter(1, 1, read))},
		{"leader's Exit first", with(ev(trace.NewTask, 1, 2), ev(trace.Exit, 1, 1), ev(trace.Exit, 1, 2))},
		{"thread not ended", with(ev(trace.NewTask, 1, 2), ev(trace.Exit, 1, 2))},
		{"superseded thread goes on", with(ev(trace.NewTask, 1, 2), enter(1, 2, int32(execve)), execEv(1, 1, 2),
			enter(1, 2, read), exit(1, 1, int32(execve)), ev(trace.Exit, 1, 1))},
	} {
		if errs := checkContract(tc.evs, 1, isExec); len(errs) == 0 {
			t.Errorf("%s: no violation found", tc.name)
		}
	}
}
