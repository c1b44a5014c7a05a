package bpfbackend

import (
	"math"
	"slices"
	"syscall"
	"unsafe"

	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// handle dispatches one ring-buffer record.
func (s *session) handle(raw []byte) {
	if len(raw) < recSize {
		return
	}
	r := (*sctraceRec)(unsafe.Pointer(&raw[0]))
	switch r.Type {
	case sctraceRecTypeREC_DATA:
		if int(r.Size) <= len(raw) {
			s.mem.addPiece(int32(r.Tid), r.Args[0], r.Args[1], raw[recSize:r.Size])
		}
	case sctraceRecTypeREC_ENTER:
		s.enter(r, raw)
		s.mem.dropPieces(int32(r.Tid))
	case sctraceRecTypeREC_EXIT:
		s.exit(r, raw)
		s.mem.dropPieces(int32(r.Tid))
	case sctraceRecTypeREC_SIGNAL:
		s.signal(r, raw)
	case sctraceRecTypeREC_NEWTASK:
		s.newTask(r)
	case sctraceRecTypeREC_EXITTASK:
		s.exitTask(r)
		s.mem.dropPieces(int32(r.Tid))
	case sctraceRecTypeREC_EXEC:
		s.exec(r)
	case sctraceRecTypeREC_STOP:
		s.groupStop(r)
	case sctraceRecTypeREC_STACK:
		s.stack(r, raw)
	case sctraceRecTypeREC_MAPS:
		s.mappings(r, raw)
	case sctraceRecTypeREC_PERS:
		if tk := s.tasks.Get(int(r.Tid)); tk != nil {
			pers := trace.Personality(r.Ret)
			s.tasks.Personality(&tk.Task, s.archOf(pers), pers, int64(r.Ts), r.Ip)
		}
	case sctraceRecTypeREC_SCOPED:
		s.scoped(r)
	case sctraceRecTypeREC_COMM:
		s.commChanged(r)
	case sctraceRecTypeREC_PIDCOMM:
		s.pidComm(r)
	case sctraceRecTypeREC_BOUNDARY:
		if tk := s.tasks.Get(int(r.Tid)); tk != nil && !tk.Hidden {
			s.flushSignals(tk)
		}
	}
}

// stack keeps a stack sample (-k) for the task's next call or signal.
func (s *session) stack(r *sctraceRec, raw []byte) {
	tk := s.tasks.Get(int(r.Tid))
	if tk == nil || int(r.Size) > len(raw) || int(r.Size) < stackRecSize {
		return
	}
	dst, have := &tk.callStack, &tk.haveCallStack
	switch {
	case r.Flags&sctraceRecFlagREC_F_SIGNAL_STACK != 0:
		dst, have = &tk.sigStack, &tk.haveSigStack
	case r.Flags&sctraceRecFlagREC_F_EXIT_STACK != 0:
		dst, have = &tk.exitStack, &tk.haveExitStack
	}
	dst.Regs = (*sctraceStackRec)(unsafe.Pointer(&raw[0])).Regs
	dst.Data = append(dst.Data[:0], raw[stackRecSize:r.Size]...)
	dst.Maps = s.maps[int32(r.Pid)]
	*have = true
}

// mappings keeps the executable file mappings of a process (-k), which
// its next stack samples carry.
func (s *session) mappings(r *sctraceRec, raw []byte) {
	n := int(r.Ret)
	if n < 0 || recSize+n*mapEntSize > len(raw) {
		return
	}
	maps := make([]trace.Mapping, 0, n)
	for i := range n {
		e := (*sctraceMapEnt)(unsafe.Pointer(&raw[recSize+i*mapEntSize]))
		m := trace.Mapping{Start: e.Start, End: e.End, Offset: e.Offset, Inode: e.Ino}
		if l := int(e.PathLen); l > 0 && l <= len(e.Path) {
			m.Path = string(unsafe.Slice((*byte)(unsafe.Pointer(&e.Path[0])), l))
		}
		maps = append(maps, m)
	}
	if s.maps == nil {
		s.maps = map[int32][]trace.Mapping{}
	}
	s.maps[int32(r.Pid)] = maps
}

func (s *session) isExec(nr int32) bool { return nr == s.execNRs[0] || nr == s.execNRs[1] }

// recPers is the personality of a call's record.
func recPers(r *sctraceRec) trace.Personality {
	switch {
	case r.Flags&sctraceRecFlagREC_F_PERS32 != 0:
		return trace.Pers32
	case r.Flags&sctraceRecFlagREC_F_PERSX32 != 0:
		return trace.PersX32
	}
	return trace.PersNative
}

// archOf is the AUDIT_ARCH_* value of a call of personality pers.
func (s *session) archOf(pers trace.Personality) uint32 {
	if pers == trace.Pers32 {
		return trace.ArchI386
	}
	return s.tbl.Arch
}

func (s *session) enter(r *sctraceRec, raw []byte) {
	tk := s.taskOf(r)
	if tk == nil {
		return
	}
	if tk.Hidden {
		if !s.isExec(r.Nr) || recPers(r) != trace.PersNative {
			return
		}
		tk.Reveal()
	}
	s.mem.reset(raw, int(r.Nseg), int32(r.Tid), recordFlags(r))
	s.startCall(tk, r, int64(r.Ts))
}

// startCall records a call's entry and reports it; s.mem serves the
// entry's segments.
func (s *session) startCall(tk *task, r *sctraceRec, ts int64) {
	// Signals generated during the call (its entry came with its exit)
	// are reported after it.
	s.flushSignalsBefore(tk, ts)
	pers := recPers(r)
	s.tasks.Personality(&tk.Task, s.archOf(pers), pers, ts, r.Ip)
	tk.Begin(r.Nr, r.Args, r.Sp, r.Ip, ts, s.opts.Filter.HasIn(pers, int(r.Nr)))
	if !tk.Wanted {
		return
	}
	if tk.haveCallStack {
		// Swapped, not copied: the sample's memory stays the call's
		// until the task's next one.
		tk.Stack, tk.callStack = tk.callStack, tk.Stack
		tk.HasStack, tk.haveCallStack = true, false
	}
	sc := syscalls.ForCall(tk.Arch, pers).Get(int(r.Nr))
	// The entry's segments (all of an entry record's, the first
	// NsegEntry of an exit record that carries its entry).
	n := int(r.Nseg)
	if r.Type == sctraceRecTypeREC_EXIT {
		n = int(r.NsegEntry)
	}
	// Whether the call's records carry the state of its netlink socket
	// arguments, even without -yy.
	tk.netlink = sc.Effects&syscalls.NetlinkData != 0
	sockets := s.opts.DescribeSockets || tk.netlink
	if sockets {
		// The sockets among its arguments, as the call found them: the
		// entry carries them after its plans' reads, which a plan that
		// reads more of a netlink socket's data needs to know first.
		tk.entrySockets = s.mem.sockets(tk.entrySockets[:0], n-s.mem.used)
	}
	if sc.HasPlan {
		tk.Sys = sc
		s.x.FullData = syscalls.Dumped(sc, &tk.Args, &s.opts)
		c := tk.Call()
		if sockets && sc.NetlinkWhen&syscalls.AtEntry != 0 {
			c.Netlink = netlinkSocket(tk.entrySockets, nil, int32(tk.Args[0]))
		}
		s.x.Run(&s.mem, &sc.Plan, syscalls.AtEntry, 0, c)
	}
	ev := s.tasks.EntryEvent(&tk.Task)
	if s.opts.NameNewFDs || s.opts.DescribeSockets {
		// Its descriptor arguments, as the call found them (after its
		// plans' reads).
		tk.argFDs = s.mem.fdNames(tk.argFDs[:0], n-s.mem.used)
		ev.ArgFDs = tk.argFDs
	}
	if sockets {
		ev.Sockets = tk.entrySockets
	}
	// tk.Bufs change only at this call's exit or the task's next call.
	ev.CapturesKept = true
	s.tasks.Emit(ev)
}

func (s *session) exit(r *sctraceRec, raw []byte) {
	tk := s.taskOf(r)
	if tk == nil {
		return
	}
	// An execve's stack at its end belongs to this record alone.
	execStack := tk.haveExitStack && s.isExec(r.Nr)
	tk.haveExitStack = false
	if tk.Hidden {
		if r.Flags&sctraceRecFlagREC_F_WITH_ENTRY == 0 || !s.isExec(r.Nr) || recPers(r) != trace.PersNative {
			return
		}
		tk.Reveal()
	}
	s.mem.reset(raw, int(r.Nseg), int32(r.Tid), recordFlags(r))
	if r.Flags&sctraceRecFlagREC_F_WITH_ENTRY != 0 {
		s.startCall(tk, r, int64(r.EnterTs))
		s.mem.skipTo(int(r.NsegEntry))
	}
	if r.Flags&sctraceRecFlagREC_F_KILLED != 0 {
		// The task dies of SIGKILL in the call: no result, as with
		// ptrace; its exit ends the call.
		return
	}
	if !tk.InCall {
		return
	}
	tk.InCall = false
	defer s.callEnded(tk, r.Ret)
	if tk.Wanted {
		if tk.Sys != nil && tk.Sys.HasExitPlan {
			s.x.FullData = syscalls.Dumped(tk.Sys, &tk.Args, &s.opts)
			c := tk.Call()
			if tk.Sys.NetlinkWhen&syscalls.AtExit != 0 {
				// The programs look at the socket at the exit: the
				// state of it the record carries after the plans'
				// reads (when -yy does not describe every socket at
				// the entry), else its state at the entry.
				tk.sockets = s.mem.sockets(tk.sockets[:0], s.mem.left)
				c.Netlink = netlinkSocket(tk.sockets, tk.entrySockets, int32(tk.Args[0]))
			}
			s.x.Run(&s.mem, &tk.Sys.Plan, syscalls.AtExit, r.Ret, c)
		}
		if execStack {
			tk.Stack, tk.exitStack = tk.exitStack, tk.Stack
			tk.HasStack = true
		}
		if len(tk.exitNames) > 0 {
			s.exitNames(tk)
		}
		ev := s.tasks.ExitEvent(&tk.Task, int64(r.Ts), r.Ret)
		if r.Flags&sctraceRecFlagREC_F_CPU != 0 {
			ev.CPUTime, ev.HasCPUTime = int64(r.CpuNs), true
		}
		if s.opts.NameNewFDs || s.opts.DescribeSockets {
			tk.newFDs = s.mem.fdNames(tk.newFDs[:0], s.mem.left)
			ev.NewFDs = tk.newFDs
		}
		if s.opts.DescribeSockets || tk.netlink {
			// The sockets the call made (its arguments were described
			// at its entry), or its netlink socket arguments.
			tk.sockets = s.mem.sockets(tk.sockets[:0], s.mem.left)
			ev.Sockets = tk.sockets
		}
		s.tasks.Emit(ev)
	}
	s.flushSignals(tk)
}

// callEnded ends tk's call, which returned ret, once its exit is emitted:
// when the launched command's execve failed, it says so as the exec stub,
// started quiet, would have, after the execve's line.
func (s *session) callEnded(tk *task, ret int64) {
	revealing := tk.Revealing
	tk.CallEnded(ret)
	if revealing && tk.ExecFailed && tk.TID == int(s.launchPid) && s.opts.Warn != nil {
		s.opts.Warn(tracee.ExecFailure{Errno: syscall.Errno(-ret)})
	}
}

func (s *session) signal(r *sctraceRec, raw []byte) {
	tk := s.tasks.Get(int(r.Tid))
	if tk == nil || tk.Hidden {
		return
	}
	var ps pendingSignal
	ps.signo = int32(r.Ret)
	ps.ts = int64(r.Ts)
	ps.ip = r.Ip
	if len(raw) >= sigRecSize {
		ps.info = (*sctraceSigRec)(unsafe.Pointer(&raw[0])).Info
	}
	if tk.haveSigStack {
		ps.stack = &trace.UserStack{Regs: tk.sigStack.Regs, Data: append([]byte(nil), tk.sigStack.Data...), Maps: tk.sigStack.Maps}
		tk.haveSigStack = false
	}
	ps.fatal = r.Flags&sctraceRecFlagREC_F_FATAL != 0
	if r.Flags&sctraceRecFlagREC_F_DEFERRED != 0 {
		if len(tk.pending) < 64 {
			tk.pending = append(tk.pending, ps)
		}
		return
	}
	// A fatal signal reported when generated, then delivered all the
	// same: the delivery is the one ptrace reports.
	tk.pending = slices.DeleteFunc(tk.pending, func(p pendingSignal) bool { return p.fatal && p.signo == ps.signo })
	s.emitSignal(tk, &ps)
}

func (s *session) emitSignal(tk *task, ps *pendingSignal) {
	s.sig = trace.SignalInfo{Signo: ps.signo}
	copy(s.sig.Raw[:], ps.info[:])
	if ps.stack != nil {
		tk.SignalStack, tk.HasSignalStack = *ps.stack, true
	}
	s.tasks.ReportSignal(&tk.Task, ps.ts, ps.ip, &s.sig)
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
	tk := s.tasks.Get(int(r.Tid))
	if tk == nil || tk.Hidden {
		return
	}
	ts := int64(r.Ts)
	s.flushSignalsBefore(tk, ts)
	s.sig = trace.SignalInfo{Signo: int32(r.Ret), GroupStop: true}
	s.tasks.ReportSignal(&tk.Task, ts, r.Ip, &s.sig)
}

func (s *session) newTask(r *sctraceRec) {
	parent := s.tasks.Get(int(int32(r.Ret)))
	tk := s.taskState(int(r.Tid), int(r.Pid), parent != nil && parent.Launched, false)
	tk.Scoped = parent != nil && parent.Scoped
	s.tasks.Add(tk, int64(r.Ts))
}

func (s *session) exitTask(r *sctraceRec) {
	tk := s.tasks.Get(int(r.Tid))
	if tk == nil {
		return
	}
	if r.Tid == r.Pid {
		delete(s.maps, int32(r.Pid))
	}
	s.tasks.Delete(tk.TID)
	if tk.Hidden && !tk.ExecFailed {
		return
	}
	// Killed by signal sig, the task would have been stopped by ptrace for
	// the signals pending with it in the order they are taken, the lowest
	// number first: those after sig, never.
	if sig := int32(r.Ret) & 0x7f; sig != 0 && sig != 0x7f {
		tk.pending = slices.DeleteFunc(tk.pending, func(p pendingSignal) bool { return p.signo > sig })
	}
	// exit_code is a wait status.
	s.tasks.ReportExit(&tk.Task, int64(r.Ts), int(r.Ret), func() { s.flushSignals(tk) })
}

func (s *session) exec(r *sctraceRec) {
	tid, old := int(r.Tid), int(int32(r.Ret))
	if !s.tasks.Has(old) {
		return
	}
	// A non-leader thread that executed takes over the leader's id.
	tk := s.tasks.Takeover(old, tid)
	if s.opts.CountOnly && tk.Hidden {
		// Under -c no entry record reveals the exec stub: the success of
		// its execve does (its later PersonalityChanges are reported).
		tk.Hidden = false
	}
	s.tasks.ReportExec(&tk.Task, old, int64(r.Ts), r.Ip)
	if r.Flags&sctraceRecFlagREC_F_DETACHED != 0 {
		s.letGo(tk, int64(r.Ts))
	}
}

// letGo reports that the programs stopped tracing tk at its execve
// (Options.DetachOnExec). Signals held for it are dropped: ptrace, which
// detaches before the execve returns, never sees them delivered. A
// launched command let go is still waited for, as strace waits for its
// child, but its status is not the run's.
func (s *session) letGo(tk *task, ts int64) {
	tk.pending = nil
	if tk.TID == int(s.launchPid) {
		s.launchLetGo = true
	}
	s.tasks.Detach(tk, ts)
}

// recordFlags is what replay needs of a syscall record's flags.
func recordFlags(r *sctraceRec) replayFlags {
	return replayFlags{cut: r.Flags&sctraceRecFlagREC_F_CUT != 0, settled: r.Flags&sctraceRecFlagREC_F_SETTLED != 0}
}

// netlinkSocket reports whether descriptor fd is a netlink socket, as
// the first of a call's exit and entry socket states that has it says.
func netlinkSocket(exit, entry []trace.SocketState, fd int32) bool {
	for _, states := range [2][]trace.SocketState{exit, entry} {
		for _, st := range states {
			if st.FD == fd {
				return st.Proto == "NETLINK"
			}
		}
	}
	return false
}
