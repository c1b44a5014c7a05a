package ptrace

import (
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// getppidMark is the first argument of the getppid helper's call, which
// tells it from any other getppid (the exec stub's, the runtime's).
const getppidMark = 0x5ec7ace

// isMarked reports whether si is the entry stop of the getppid helper's
// marked call.
func isMarked(si *syscallInfo) bool {
	return (si.Op == syscallInfoEntry || si.Op == syscallInfoSeccomp) &&
		si.nr() == int32(unix.SYS_GETPPID) && si.args()[0] == getppidMark
}

// killBeforeRead makes the backend's next runs kill the traced thread with
// SIGKILL just before reading one of its syscall stops: the first stop
// that want accepts, given the stop's syscall information (read here
// first) and whether the thread is in the marked call. A killed thread
// leaves its stop at once, so the backend's own read then fails, as when
// a thread is killed between its stop and the tracer's read.
func killBeforeRead(t *testing.T, want func(si *syscallInfo, inMarked bool) bool) {
	t.Helper()
	var si syscallInfo
	inMarked, done := false, false
	stopReadHook = func(tid int) {
		if done || getSyscallInfo(tid, &si) != nil {
			return
		}
		if want(&si, inMarked) {
			done = true
			_ = unix.Kill(tid, unix.SIGKILL)
			return
		}
		inMarked = isMarked(&si)
	}
	t.Cleanup(func() { stopReadHook = nil })
}

// TestUnreadEntry: a thread killed before its entry stop (a syscall stop,
// or under --seccomp-bpf a seccomp stop) is read shows as strace shows it,
// a call of unknown number ("???(", then "= ?" when the thread dies),
// whatever the filter selects, and is counted.
func TestUnreadEntry(t *testing.T) {
	testutil.RequirePtrace(t)
	getppidOnly := trace.NewSyscallSet(false)
	getppidOnly.Add(unix.SYS_GETPPID)
	for _, tc := range []struct {
		name    string
		backend *Backend
		filter  *trace.SyscallSet
	}{
		{"syscall stop, trace=none", New(), trace.NewSyscallSet(false)},
		{"seccomp stop", &Backend{SeccompBPF: true}, getppidOnly},
	} {
		t.Run(tc.name, func(t *testing.T) {
			killBeforeRead(t, func(si *syscallInfo, _ bool) bool { return isMarked(si) })
			opts := defaultOpts()
			opts.Filter = tc.filter
			evs, res := collectWith(t, tc.backend, selfTarget(t, "getppid"), opts)
			if res.Signal != int(unix.SIGKILL) {
				t.Fatalf("result = %+v, want killed by SIGKILL", res)
			}
			var calls []trace.Event
			for _, ev := range evs {
				if ev.Kind == trace.SyscallEnter || ev.Kind == trace.SyscallExit {
					calls = append(calls, ev)
				}
			}
			if len(calls) != 2 {
				t.Fatalf("syscall events %+v, want the unread call's entry and end only", calls)
			}
			if e := calls[0]; e.Kind != trace.SyscallEnter || !e.UnknownCall || e.NR != -1 || e.Args != [trace.MaxArgs]uint64{} {
				t.Errorf("entry = %+v, want an UnknownCall entry of NR -1 and no arguments", e)
			}
			if e := calls[1]; e.Kind != trace.SyscallExit || !e.UnknownCall || !e.NoReturn || e.Unavailable {
				t.Errorf("exit = %+v, want the UnknownCall's NoReturn exit", e)
			}
			if res.Stats.Unavailable != 1 {
				t.Errorf("Stats.Unavailable = %d, want 1", res.Stats.Unavailable)
			}
		})
	}
}

// TestUnreadExit: a thread killed before its exit stop is read ends the
// call it is in without a result ("= ? <unavailable>"), and is counted.
func TestUnreadExit(t *testing.T) {
	testutil.RequirePtrace(t)
	getppid := nr(t, "getppid")
	killBeforeRead(t, func(si *syscallInfo, inMarked bool) bool { return si.Op == syscallInfoExit && inMarked })
	evs, res := collect(t, selfTarget(t, "getppid"), defaultOpts())
	if res.Signal != int(unix.SIGKILL) {
		t.Fatalf("result = %+v, want killed by SIGKILL", res)
	}
	var last []trace.Event
	for _, ev := range evs {
		if ev.Kind == trace.SyscallEnter || ev.Kind == trace.SyscallExit {
			last = append(last, ev)
		}
	}
	if len(last) < 2 {
		t.Fatalf("syscall events %+v, want getppid's entry and end last", last)
	}
	last = last[len(last)-2:]
	if e := last[0]; e.Kind != trace.SyscallEnter || e.NR != getppid || e.UnknownCall {
		t.Errorf("entry = %+v, want getppid's", e)
	}
	if e := last[1]; e.Kind != trace.SyscallExit || e.NR != getppid || !e.Unavailable || !e.NoReturn || e.UnknownCall {
		t.Errorf("exit = %+v, want getppid's Unavailable NoReturn exit", e)
	}
	if res.Stats.Unavailable != 1 {
		t.Errorf("Stats.Unavailable = %d, want 1", res.Stats.Unavailable)
	}
}
