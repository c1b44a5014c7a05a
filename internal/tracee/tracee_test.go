package tracee

import (
	"os"
	"slices"
	"syscall"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestMain(m *testing.M) {
	Init()
	testutil.RunAndClean(m)
}

func TestProcfs(t *testing.T) {
	pid := os.Getpid()
	tgid, ppid, ok := Status(pid)
	if !ok || tgid != pid || ppid != os.Getppid() {
		t.Errorf("Status(self) = %d, %d, %v; want %d, %d", tgid, ppid, ok, pid, os.Getppid())
	}
	if got := ThreadGroup(1 << 30); got != 1<<30 {
		t.Errorf("ThreadGroup of a missing task = %d, want the tid", got)
	}
	tids, err := Threads(pid)
	if err != nil || !slices.Contains(tids, pid) {
		t.Errorf("Threads(self) = %v, %v; want the leader among them", tids, err)
	}
	if IsKernelThread(pid) {
		t.Error("IsKernelThread(self)")
	}
	if !IsKernelThread(2) {
		t.Error("IsKernelThread(2) (kthreadd) = false")
	}
}

func TestAttachError(t *testing.T) {
	err := &AttachError{PID: 42, Err: syscall.ESRCH}
	if got, want := err.Error(), "attach: ptrace(PTRACE_SEIZE, 42): No such process"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

type testTask struct{ Task }

// record returns a table whose events are appended to *evs.
func record(evs *[]trace.Event) *Table[*testTask] {
	return NewTable[*testTask](func(ev *trace.Event) error {
		*evs = append(*evs, *ev)
		return nil
	})
}

func kinds(evs []trace.Event) []trace.Kind {
	var ks []trace.Kind
	for _, ev := range evs {
		ks = append(ks, ev.Kind)
	}
	return ks
}

// TestExitPolicy: a call a task dies in ends with NoReturn before its
// Exit, and a leader's Exit waits for its group's other threads.
func TestExitPolicy(t *testing.T) {
	var evs []trace.Event
	tb := record(&evs)
	leader := &testTask{Task{TID: 10, PID: 10}}
	thread := &testTask{Task{TID: 11, PID: 10}}
	tb.Put(leader)
	tb.Add(thread, 1)
	leader.Begin(60, [trace.MaxArgs]uint64{1}, 0, 0, 2, true)
	tb.Delete(10)
	tb.ReportExit(&leader.Task, 3, int(syscall.SIGKILL), nil)
	if got := kinds(evs); !slices.Equal(got, []trace.Kind{trace.NewTask, trace.SyscallExit}) {
		t.Fatalf("before the thread's exit: %v", got)
	}
	if !evs[1].NoReturn || evs[1].NR != 60 || evs[1].Enter != 2 || evs[1].Exit != 3 {
		t.Errorf("NoReturn exit %+v", evs[1])
	}
	tb.Delete(11)
	tb.ReportExit(&thread.Task, 4, 3<<8, nil)
	if got := kinds(evs); !slices.Equal(got, []trace.Kind{trace.NewTask, trace.SyscallExit, trace.Exit, trace.Exit}) {
		t.Fatalf("after the thread's exit: %v", got)
	}
	if evs[2].TID != 11 || evs[2].Status != 3 || evs[3].TID != 10 || evs[3].ExitSignal != 9 {
		t.Errorf("exits %+v then %+v, want the thread's status 3, then the leader's SIGKILL", evs[2], evs[3])
	}
}

// TestReportExiting: a call a task starts to exit in ends with NoReturn
// then, and its Exit, reported later, ends nothing more.
func TestReportExiting(t *testing.T) {
	var evs []trace.Event
	tb := record(&evs)
	tk := &testTask{Task{TID: 10, PID: 10}}
	tb.Put(tk)
	tk.Begin(60, [trace.MaxArgs]uint64{42}, 0, 0, 1, true)
	tb.ReportExiting(&tk.Task, 2)
	if len(evs) != 1 || evs[0].Kind != trace.SyscallExit || !evs[0].NoReturn || evs[0].NR != 60 || evs[0].Exit != 2 {
		t.Fatalf("at the exit stop: %+v", evs)
	}
	tb.Delete(10)
	tb.ReportExit(&tk.Task, 3, 42<<8, nil)
	if got := kinds(evs); !slices.Equal(got, []trace.Kind{trace.SyscallExit, trace.Exit}) {
		t.Errorf("after the exit: %v", got)
	}
}

// TestTakeoverDropsLeaderExit: a leader that exited while its thread
// lived is superseded by the thread's execve, and its held Exit is never
// reported.
func TestTakeoverDropsLeaderExit(t *testing.T) {
	var evs []trace.Event
	tb := record(&evs)
	leader := &testTask{Task{TID: 10, PID: 10}}
	execer := &testTask{Task{TID: 11, PID: 10}}
	tb.Put(leader)
	tb.Put(execer)
	tb.Delete(10)
	tb.ReportExit(&leader.Task, 1, 42<<8, nil)
	tk := tb.Takeover(11, 10)
	tb.ReportExec(&tk.Task, 11, 2, 0)
	tb.ReleaseExits()
	if got := kinds(evs); !slices.Equal(got, []trace.Kind{trace.Exec}) {
		t.Errorf("events %v, want the Exec alone", got)
	}
}

// TestTakeover: a non-leader thread's execve moves its state to the
// leader's id.
func TestTakeover(t *testing.T) {
	var evs []trace.Event
	tb := record(&evs)
	tb.Put(&testTask{Task{TID: 10, PID: 10}})
	execer := &testTask{Task{TID: 11, PID: 10}}
	execer.Begin(59, [trace.MaxArgs]uint64{}, 0, 0, 1, true)
	tb.Put(execer)
	tk := tb.Takeover(11, 10)
	tb.ReportExec(&tk.Task, 11, 2, 0)
	if tk != execer || tk.TID != 10 || tb.Has(11) || tb.Len() != 1 || !tk.InCall {
		t.Errorf("after takeover: %+v, table of %d", tk, tb.Len())
	}
	if len(evs) != 1 || evs[0].Kind != trace.Exec || evs[0].TID != 10 || evs[0].OldTID != 11 {
		t.Errorf("events %+v", evs)
	}
}

func TestAttachAll(t *testing.T) {
	var evs []trace.Event
	tb := record(&evs)
	fail := &AttachError{PID: 7, Err: syscall.ESRCH}
	var warned []error
	attach := func(pid int) error {
		if pid == 7 {
			return fail
		}
		tb.Put(&testTask{Task{TID: pid, PID: pid}})
		tb.Put(&testTask{Task{TID: pid + 1, PID: pid}})
		tb.ReportAttached([]int{pid, pid + 1}, 1)
		return nil
	}
	if err := tb.AttachAll([]int{7, 20}, false, func(err error) { warned = append(warned, err) }, attach, "test"); err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || warned[0] != fail {
		t.Errorf("warned %v", warned)
	}
	if len(evs) != 2 || !evs[0].Attached || evs[0].Threads != 2 || evs[0].WithLeader || !evs[1].WithLeader {
		t.Errorf("attach events %+v", evs)
	}
	if err := tb.AttachAll([]int{7}, false, nil, attach, "test"); err != fail {
		t.Errorf("nothing attached: %v, want the attach error", err)
	}
	if err := tb.AttachAll([]int{7}, true, nil, attach, "test"); err != nil {
		t.Errorf("nothing attached but a command follows: %v", err)
	}
}

// TestStartSignals: the start-up signal state covers what /proc shows
// now, no test having changed a disposition (the runtime left some
// ignored signals and part of the mask as they were), and the stub's
// encoding of it round-trips.
func TestStartSignals(t *testing.T) {
	m, err := statusMasks()
	if err != nil {
		t.Fatal(err)
	}
	s := startSignals()
	if !s.known || s.ignored&m["SigIgn"] != m["SigIgn"] || s.blocked&m["SigBlk"] != m["SigBlk"] {
		t.Errorf("start-up state %+v lacks what /proc shows, ignored %#x, blocked %#x", s, m["SigIgn"], m["SigBlk"])
	}
	back, err := parseSignalState(s.stubEnvValue())
	if err != nil || back != s {
		t.Errorf("round trip of %+v: %+v, %v", s, back, err)
	}
	if _, err := parseSignalState("12"); err == nil {
		t.Error("a state without ':' parsed")
	}
}

// TestPersonalityChange: a call in another personality than the task's
// last is announced once, before it; a hidden task's is not.
func TestPersonalityChange(t *testing.T) {
	var got []trace.Event
	tb := NewTable[*Task](func(ev *trace.Event) error { got = append(got, *ev); return nil })
	tk := &Task{TID: 7, PID: 7, Arch: trace.ArchX86_64}
	tb.Personality(tk, trace.ArchX86_64, trace.PersNative, 1, 0)
	tb.Personality(tk, trace.ArchI386, trace.Pers32, 2, 0x1000)
	tb.Personality(tk, trace.ArchI386, trace.Pers32, 3, 0)
	tb.Personality(tk, trace.ArchX86_64, trace.PersNative, 4, 0)
	hidden := &Task{TID: 8, PID: 8, Hidden: true}
	tb.Personality(hidden, trace.ArchI386, trace.Pers32, 5, 0)
	if len(got) != 2 || got[0].Kind != trace.PersonalityChange || got[0].Pers != trace.Pers32 || got[0].Arch != trace.ArchI386 ||
		got[0].IP != 0x1000 || got[1].Pers != trace.PersNative || got[1].Enter != 4 {
		t.Errorf("events %+v", got)
	}
	if hidden.Pers != trace.Pers32 {
		t.Error("a hidden task's personality not kept")
	}
	if nr, p := CallPersonality(trace.ArchX86_64, trace.X32SyscallBit|39); nr != 39 || p != trace.PersX32 {
		t.Errorf("x32 getpid: %d, %v", nr, p)
	}
	if nr, p := CallPersonality(trace.ArchX86_64, -1); nr != -1 || p != trace.PersNative {
		t.Errorf("-1: %d, %v", nr, p)
	}
	// -2 has __X32_SYSCALL_BIT set: an x32 call to strace.
	if nr, p := CallPersonality(trace.ArchX86_64, -2); nr != -2&^trace.X32SyscallBit || p != trace.PersX32 {
		t.Errorf("-2: %d, %v", nr, p)
	}
}

// TestResumes: a restart_syscall's events name the task's last call that
// ended with ERESTART_RESTARTBLOCK, through a restart_syscall interrupted
// again; a call that ends otherwise forgets it.
func TestResumes(t *testing.T) {
	nr := func(name string) int32 {
		n, ok := syscalls.X86_64.Lookup(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return int32(n)
	}
	tb := NewTable[*Task](func(*trace.Event) error { return nil })
	tk := &Task{TID: 7, PID: 7, Arch: trace.ArchX86_64}
	call := func(name string, ret int64) (enter, exit int32) {
		tk.Begin(nr(name), [trace.MaxArgs]uint64{}, 0, 0, 1, true)
		enter = tb.EntryEvent(tk).Resumes
		exit = tb.ExitEvent(tk, 2, ret).Resumes
		tk.CallEnded(ret)
		return enter, exit
	}
	call("clock_nanosleep", -errRestartRestartBlock)
	want := nr("clock_nanosleep") + 1
	if e, x := call("restart_syscall", -errRestartRestartBlock); e != want || x != want {
		t.Errorf("restart_syscall interrupted: resumes %d, %d; want %d", e, x, want)
	}
	if e, x := call("restart_syscall", 0); e != want || x != want {
		t.Errorf("restart_syscall: resumes %d, %d; want %d", e, x, want)
	}
	if e, _ := call("restart_syscall", 0); e != 0 {
		t.Errorf("restart_syscall after one that ended: resumes %d, want 0", e)
	}
	call("clock_nanosleep", -errRestartRestartBlock)
	call("getpid", 7)
	if e, _ := call("restart_syscall", 0); e != 0 {
		t.Errorf("restart_syscall after another call: resumes %d, want 0", e)
	}
	if e, _ := call("getpid", 7); e != 0 {
		t.Errorf("getpid: resumes %d, want 0", e)
	}
}
