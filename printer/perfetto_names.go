package printer

import (
	"bytes"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// nameSource says where a track's name came from; a name is replaced
// only by one from a source at least as good.
type nameSource uint8

const (
	// The zero value: nothing told the task's name yet.
	_ nameSource = iota
	// fromComm: Options.Comm (/proc) when the task was first seen.
	fromComm
	// fromCreator: the name of the thread whose fork, vfork, clone or
	// clone3 returned the task's id.
	fromCreator
	// fromExec: the program the task executed.
	fromExec
)

// trackName is a track's name and its source.
type trackName struct {
	name string
	from nameSource
}

// set replaces n with name unless n has a better source.
func (n *trackName) set(name string, from nameSource) {
	if name != "" && from >= n.from {
		n.name, n.from = name, from
	}
}

// pfThread is what the Perfetto printer knows of one thread: its process,
// its name and its last known time.
type pfThread struct {
	pid  int32
	name trackName
	// last is the latest time its events told.
	last int64
}

// pfProcess is what it knows of one process: its name and the order in
// which it appeared.
type pfProcess struct {
	name  trackName
	order int
}

// tracks names the processes and threads of a trace from its events
// alone: a launched or forked task is named after its creator, a task
// that executes a program after that program; Options.Comm names the
// others (tasks attached to, and those whose creation or execve is not
// traced).
type tracks struct {
	comm    func(tid int32) (string, bool)
	threads map[int32]*pfThread
	procs   map[int32]*pfProcess
	// pids and tids are the processes and threads in the order they
	// appeared.
	pids, tids []int32
	// inherit holds the creator's name for a task whose id a clone-like
	// call returned before the task's own first event.
	inherit map[int32]string
}

func newTracks(comm func(int32) (string, bool)) *tracks {
	return &tracks{comm: comm, threads: make(map[int32]*pfThread), procs: make(map[int32]*pfProcess), inherit: make(map[int32]string)}
}

// see registers the task of ev at its first event.
func (t *tracks) see(ev *trace.Event) *pfThread {
	if th := t.threads[ev.TID]; th != nil {
		return th
	}
	th := &pfThread{pid: ev.PID}
	t.threads[ev.TID] = th
	t.tids = append(t.tids, ev.TID)
	pr := t.procs[ev.PID]
	if pr == nil {
		pr = &pfProcess{order: len(t.pids)}
		t.procs[ev.PID] = pr
		t.pids = append(t.pids, ev.PID)
	}
	if t.comm != nil {
		if name, ok := t.comm(ev.TID); ok {
			th.name.set(name, fromComm)
			if ev.PID == ev.TID {
				pr.name.set(name, fromComm)
			}
		}
	}
	if name, ok := t.inherit[ev.TID]; ok {
		delete(t.inherit, ev.TID)
		t.created(ev.TID, name)
	}
	return th
}

// created names task tid after its creator, name.
func (t *tracks) created(tid int32, name string) {
	th := t.threads[tid]
	if th == nil {
		t.inherit[tid] = name
		return
	}
	th.name.set(name, fromCreator)
	if th.pid == tid {
		t.procs[tid].name.set(name, fromCreator)
	}
}

// callEnded learns from a call that returned: a fork-like call's result
// is the new task, which takes its creator's name.
func (t *tracks) callEnded(exit *trace.Event, sc *syscalls.Syscall) {
	if sc.Effects&syscalls.NewTask == 0 || exit.NoReturn || exit.Ret <= 0 || exit.Ret > 1<<31-1 {
		return
	}
	if creator := t.threads[exit.TID]; creator != nil && creator.name.name != "" {
		t.created(int32(exit.Ret), creator.name.name)
	}
}

// execed names process pid and its thread tid (which now leads it) after
// the program the execve entry enter ran; enter may be nil.
func (t *tracks) execed(pid, tid int32, enter *trace.Event) {
	if enter == nil {
		return
	}
	sc := lookupSyscall(enter)
	if sc.Sig == nil {
		return
	}
	for i, a := range sc.Sig.Args {
		if a.Type != syscalls.Path || i >= trace.MaxArgs {
			continue
		}
		path := enter.Captures[i].Data
		if len(path) == 0 {
			return
		}
		name := path
		if j := bytes.LastIndexByte(path, '/'); j >= 0 && j+1 < len(path) {
			name = path[j+1:]
		}
		if th := t.threads[tid]; th != nil {
			th.name.set(string(name), fromExec)
		}
		if pr := t.procs[pid]; pr != nil {
			pr.name.set(string(name), fromExec)
		}
		return
	}
}

// lookupSyscall returns the table entry of ev's call.
func lookupSyscall(ev *trace.Event) *syscalls.Syscall {
	tbl := syscalls.ForArch(ev.Arch)
	if tbl == nil {
		tbl = syscalls.Native()
	}
	return tbl.Get(int(ev.NR))
}
