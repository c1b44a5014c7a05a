package bpfbackend

import (
	"math"
	"unsafe"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Record types and flags (bpf/events.h).
const (
	recEnter    = 1
	recExit     = 2
	recSignal   = 3
	recNewTask  = 4
	recExitTask = 5
	recExec     = 6
	recBoundary = 7
	recStop     = 8

	recDeferred  = 1
	recWithEntry = 2
	recCPU       = 4
)

// handle dispatches one ring-buffer record.
func (s *session) handle(raw []byte) {
	if len(raw) < recSize {
		return
	}
	r := (*sctraceRec)(unsafe.Pointer(&raw[0]))
	switch r.Type {
	case recEnter:
		s.enter(r, raw)
	case recExit:
		s.exit(r, raw)
	case recSignal:
		s.signal(r, raw)
	case recNewTask:
		s.newTask(r)
	case recExitTask:
		s.exitTask(r)
	case recExec:
		s.exec(r)
	case recStop:
		s.groupStop(r)
	case recBoundary:
		if tk := s.tasks[int32(r.Tid)]; tk != nil && !tk.hidden {
			s.flushSignals(tk)
		}
	}
}

func (s *session) isExec(nr int32) bool { return nr == s.execNRs[0] || nr == s.execNRs[1] }

func (s *session) enter(r *sctraceRec, raw []byte) {
	tk := s.tasks[int32(r.Tid)]
	if tk == nil {
		return
	}
	if tk.hidden {
		if !s.isExec(r.Nr) {
			return
		}
		tk.hidden = false
	}
	s.mem.reset(raw, int(r.Nseg), int32(r.Tid))
	s.startCall(tk, r, int64(r.Ts))
}

// startCall records a call's entry and reports it; s.mem serves the
// entry's segments.
func (s *session) startCall(tk *task, r *sctraceRec, ts int64) {
	// Signals generated during the call (its entry came with its exit)
	// are reported after it.
	s.flushSignalsBefore(tk, ts)
	tk.inCall = true
	tk.wanted = s.opts.Filter.Has(int(r.Nr))
	tk.nr = r.Nr
	tk.args = r.Args
	tk.sp = r.Sp
	tk.enter = ts
	tk.sc = nil
	if !tk.wanted {
		return
	}
	c := tk.call()
	c.Clear()
	if sc := s.tbl.Get(int(r.Nr)); sc != nil && sc.HasPlan {
		tk.sc = sc
		s.x.FullData = syscalls.Dumped(sc, &tk.args, &s.opts)
		s.x.Run(&s.mem, &sc.Plan, syscalls.AtEntry, 0, c)
	}
	ev := s.event(trace.SyscallEnter, tk, tk.enter)
	ev.NR = tk.nr
	ev.Args = tk.args
	ev.Captures = tk.caps
	if s.opts.DescribeSockets {
		// The sockets among its arguments, as the call found them: the
		// entry's segments after its plans' (all of an entry record's,
		// the first NsegEntry of an exit record that carries its entry).
		n := int(r.Nseg)
		if r.Type == recExit {
			n = int(r.NsegEntry)
		}
		tk.entrySockets = s.mem.sockets(tk.entrySockets[:0], n-s.mem.used)
		ev.Sockets = tk.entrySockets
	}
	// tk.bufs change only at this call's exit or the task's next call.
	ev.CapturesKept = true
	s.emit(ev)
}

func (s *session) exit(r *sctraceRec, raw []byte) {
	tk := s.tasks[int32(r.Tid)]
	if tk == nil {
		return
	}
	if tk.hidden {
		if r.Flags&recWithEntry == 0 || !s.isExec(r.Nr) {
			return
		}
		tk.hidden = false
	}
	s.mem.reset(raw, int(r.Nseg), int32(r.Tid))
	if r.Flags&recWithEntry != 0 {
		s.startCall(tk, r, int64(r.EnterTs))
		s.mem.skipTo(int(r.NsegEntry))
	}
	if !tk.inCall {
		return
	}
	tk.inCall = false
	if tk.wanted {
		if tk.sc != nil && tk.sc.HasExitPlan {
			s.x.FullData = syscalls.Dumped(tk.sc, &tk.args, &s.opts)
			s.x.Run(&s.mem, &tk.sc.Plan, syscalls.AtExit, r.Ret, tk.call())
		}
		ev := s.event(trace.SyscallExit, tk, tk.enter)
		ev.NR = tk.nr
		ev.Args = tk.args
		ev.Exit = int64(r.Ts)
		ev.Ret = r.Ret
		ev.Captures = tk.caps
		if r.Flags&recCPU != 0 {
			ev.CPUTime, ev.HasCPUTime = int64(r.CpuNs), true
		}
		if s.opts.NameNewFDs || s.opts.DescribeSockets {
			tk.newFDs = s.mem.newFDs(tk.newFDs[:0])
			ev.NewFDs = tk.newFDs
		}
		if s.opts.DescribeSockets {
			// The sockets the call made: its arguments were described
			// at its entry.
			tk.sockets = s.mem.sockets(tk.sockets[:0], s.mem.left)
			ev.Sockets = tk.sockets
		}
		s.emit(ev)
	}
	s.flushSignals(tk)
}

func (s *session) signal(r *sctraceRec, raw []byte) {
	tk := s.tasks[int32(r.Tid)]
	if tk == nil || tk.hidden {
		return
	}
	var ps pendingSignal
	ps.signo = int32(r.Ret)
	ps.ts = int64(r.Ts)
	copy(ps.info[:], raw[recSize:])
	if r.Flags&recDeferred != 0 {
		if len(tk.pending) < 64 {
			tk.pending = append(tk.pending, ps)
		}
		return
	}
	s.emitSignal(tk, &ps)
}

func (s *session) emitSignal(tk *task, ps *pendingSignal) {
	s.sig = trace.SignalInfo{Signo: ps.signo}
	copy(s.sig.Raw[:], ps.info[:])
	ev := s.event(trace.Signal, tk, ps.ts)
	ev.Signal = &s.sig
	s.emit(ev)
}

// flushSignals reports the ignored signals held for tk.
func (s *session) flushSignals(tk *task) {
	s.flushSignalsBefore(tk, math.MaxInt64)
}

// flushSignalsBefore reports the ignored signals held for tk that were
// generated before ts, and keeps the others.
func (s *session) flushSignalsBefore(tk *task, ts int64) {
	kept := tk.pending[:0]
	for i := range tk.pending {
		if tk.pending[i].ts < ts {
			s.emitSignal(tk, &tk.pending[i])
		} else {
			kept = append(kept, tk.pending[i])
		}
	}
	tk.pending = kept
}

// groupStop reports that a task entered a group stop (strace's "--- stopped
// by SIGSTOP ---"), after the ignored signals generated before it.
func (s *session) groupStop(r *sctraceRec) {
	tk := s.tasks[int32(r.Tid)]
	if tk == nil || tk.hidden {
		return
	}
	ts := int64(r.Ts)
	s.flushSignalsBefore(tk, ts)
	s.sig = trace.SignalInfo{Signo: int32(r.Ret), GroupStop: true}
	ev := s.event(trace.Signal, tk, ts)
	ev.Signal = &s.sig
	s.emit(ev)
}

func (s *session) newTask(r *sctraceRec) {
	parent := s.tasks[int32(r.Ret)]
	tk := &task{tid: int32(r.Tid), pid: int32(r.Pid)}
	if parent != nil {
		tk.launched = parent.launched
	}
	s.tasks[tk.tid] = tk
	s.emit(s.event(trace.NewTask, tk, int64(r.Ts)))
}

func (s *session) exitTask(r *sctraceRec) {
	tk := s.tasks[int32(r.Tid)]
	if tk == nil {
		return
	}
	delete(s.tasks, tk.tid)
	if tk.hidden {
		return
	}
	if tk.inCall && tk.wanted {
		// It exits inside a call (exit_group, or killed while blocked):
		// the call ends without a result.
		ev := s.event(trace.SyscallExit, tk, tk.enter)
		ev.NR = tk.nr
		ev.Args = tk.args
		ev.Exit = int64(r.Ts)
		ev.NoReturn = true
		ev.Captures = tk.caps
		s.emit(ev)
	}
	s.flushSignals(tk)
	ev := s.event(trace.Exit, tk, int64(r.Ts))
	// exit_code is a wait status: a code in bits 8-15, or the killing
	// signal in bits 0-6 with the core-dump flag at bit 7.
	code := int(r.Ret)
	if sig := code & 0x7f; sig != 0 {
		ev.ExitSignal = sig
		ev.CoreDumped = code&0x80 != 0
	} else {
		ev.Status = code >> 8 & 0xff
	}
	if tk.tid == tk.pid && s.groupAlive(tk.pid) {
		// The kernel reports a leader's exit before its threads'; strace,
		// which learns it from wait, after them.
		if s.heldExits == nil {
			s.heldExits = make(map[int32]trace.Event)
		}
		s.heldExits[tk.pid] = *ev
		return
	}
	s.emit(ev)
	s.releaseLeaderExit(tk.pid)
}

// groupAlive reports whether a task of thread group pid is still traced.
func (s *session) groupAlive(pid int32) bool {
	for _, tk := range s.tasks {
		if tk.pid == pid && !tk.hidden {
			return true
		}
	}
	return false
}

// releaseLeaderExit reports the held exit of group pid's leader once no
// other thread of the group is left.
func (s *session) releaseLeaderExit(pid int32) {
	ev, ok := s.heldExits[pid]
	if !ok || s.groupAlive(pid) {
		return
	}
	delete(s.heldExits, pid)
	s.ev = ev
	s.emit(&s.ev)
}

// releaseLeaderExits reports every held leader exit: the run ends.
func (s *session) releaseLeaderExits() {
	for pid, ev := range s.heldExits {
		delete(s.heldExits, pid)
		s.ev = ev
		s.emit(&s.ev)
	}
}

func (s *session) exec(r *sctraceRec) {
	tid, old := int32(r.Tid), int32(r.Ret)
	tk := s.tasks[old]
	if tk == nil {
		return
	}
	if old != tid {
		// A non-leader thread executed: it takes over the leader's id.
		delete(s.tasks, old)
		tk.tid = tid
		s.tasks[tid] = tk
	}
	if tk.hidden {
		return
	}
	ev := s.event(trace.Exec, tk, int64(r.Ts))
	ev.OldTID = old
	s.emit(ev)
}
