package bpfbackend

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// scopeVars are the load-time constants of bpf/scope.h for opts, on
// architecture arch.
func scopeVars(opts *trace.Options, arch uint32) (map[string]any, error) {
	sc := opts.Scope
	names := opts.TaskInfo != nil && !opts.CountOnly
	vars := map[string]any{
		sctraceVarScopeOn:   boolU32(sc != nil),
		sctraceVarTrackComm: boolU32(names),
		sctraceVarPidComms:  boolU32(names && opts.NamePids),
	}
	if names && opts.NamePids {
		vars[sctraceVarPidMasks] = pidMasks(arch)
		vars[sctraceVarSiginfoArgs] = siginfoArgs(arch)
	}
	if sc == nil {
		return vars, nil
	}
	if len(sc.Cgroups) > trace.MaxScopeValues || len(sc.Comms) > trace.MaxScopeValues || len(sc.UIDs) > trace.MaxScopeValues {
		return nil, fmt.Errorf("ebpf: at most %d values of each kind of scope", trace.MaxScopeValues)
	}
	var ids [trace.MaxScopeValues]uint64
	var levels [trace.MaxScopeValues]uint32
	for i, c := range sc.Cgroups {
		ids[i], levels[i] = c.ID, uint32(c.Level)
	}
	var comms [2 * trace.MaxScopeValues]uint64
	for i, c := range sc.Comms {
		var b [16]byte
		copy(b[:15], c)
		comms[2*i] = binary.LittleEndian.Uint64(b[:8])
		comms[2*i+1] = binary.LittleEndian.Uint64(b[8:])
	}
	var uids [trace.MaxScopeValues]uint32
	copy(uids[:], sc.UIDs)
	vars[sctraceVarScopeSelf] = uint32(os.Getpid())
	vars[sctraceVarScopeNcgroups] = uint32(len(sc.Cgroups))
	vars[sctraceVarScopeCgroupIds] = ids
	vars[sctraceVarScopeCgroupLevels] = levels
	vars[sctraceVarScopeNcomms] = uint32(len(sc.Comms))
	vars[sctraceVarScopeComms] = comms
	vars[sctraceVarScopeNuids] = uint32(len(sc.UIDs))
	vars[sctraceVarScopeUids] = uids
	vars[sctraceVarScopeTree] = boolU32(len(sc.Trees) > 0)
	return vars, nil
}

// pidMasks are, per native call, the arguments (bits 0-5) and whether the
// result (bit 6) are ids of processes or threads, whose names -Y prints.
func pidMasks(arch uint32) [trace.MaxNR]uint8 {
	var m [trace.MaxNR]uint8
	// The kinds that may name a process or thread (a process group's or
	// session's id is printed without a name).
	named := func(k syscalls.PidKind) bool {
		return k != syscalls.PidNone && k != syscalls.PidPGID && k != syscalls.PidSID
	}
	tbl := syscalls.ForArch(arch)
	for nr := range m {
		sc := tbl.Get(nr)
		for i, k := range sc.Pids.Args {
			if named(k) {
				m[nr] |= 1 << i
			}
		}
		if named(sc.Pids.Ret) {
			m[nr] |= 1 << 6
		}
	}
	return m
}

// siginfoArgs are, per native call, 1 + the argument that is a siginfo_t
// the call fills (its si_pid names a process for -Y), 0 for none.
func siginfoArgs(arch uint32) [trace.MaxNR]uint8 {
	var m [trace.MaxNR]uint8
	tbl := syscalls.ForArch(arch)
	for nr := range m {
		sc := tbl.Get(nr)
		if sc == nil || sc.Sig == nil {
			continue
		}
		for i, a := range sc.Sig.Args {
			if a.Type == syscalls.StructOut && a.Layout == syscalls.LayoutSiginfo && i < trace.MaxArgs {
				m[nr] = uint8(i + 1)
			}
		}
	}
	return m
}

// fillTree puts --tree's processes and their existing descendants into
// the tree map. The programs are attached already, so a process created
// from now on by one in the map joins it (sched_process_fork); one
// created before is found in /proc, parents before children.
func (p *probe) fillTree(roots []int) error {
	in := map[int]bool{}
	add := func(pid int) error {
		if in[pid] {
			return nil
		}
		in[pid] = true
		if err := p.objs.Tree.Put(uint32(pid), uint8(1)); err != nil {
			return fmt.Errorf("ebpf: --tree: add %d: %w", pid, err)
		}
		return nil
	}
	for _, pid := range roots {
		if err := add(pid); err != nil {
			return err
		}
	}
	for {
		grew := false
		for pid, ppid := range processParents() {
			if in[ppid] && !in[pid] {
				if err := add(pid); err != nil {
					return err
				}
				grew = true
			}
		}
		if !grew {
			return nil
		}
	}
}

// processParents returns each process's parent, from /proc/PID/stat.
func processParents() map[int]int {
	ents, _ := os.ReadDir("/proc")
	out := make(map[int]int, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// "PID (COMM) STATE PPID ...": the name may hold anything.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			out[pid] = ppid
		}
	}
	return out
}

// commOf is a record's command name, from two words of its args.
func commOf(a, b uint64) string {
	var w [2]uint64
	w[0], w[1] = a, b
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), 16)
	if i := bytes.IndexByte(raw, 0); i >= 0 {
		raw = raw[:i]
	}
	return string(raw)
}

// scoped starts a task a scope took at its first call (REC_SCOPED): it
// is registered and reported (a NewTask printed without a note), and
// its identity goes to Options.TaskInfo.
func (s *session) scoped(r *sctraceRec) {
	if s.tasks.Has(int(r.Tid)) {
		return
	}
	if s.opts.TaskInfo != nil {
		s.info = trace.TaskInfo{TID: int32(r.Tid), PID: int32(r.Pid), Comm: commOf(r.Args[0], r.Args[1]),
			Scoped: true, CgroupID: uint64(r.Ret), PidNS: r.Sp, UID: uint32(r.Args[2])}
		s.opts.TaskInfo(&s.info)
	}
	s.startScoped(r)
}

// startScoped registers the task of r as one a scope took, and reports
// it.
func (s *session) startScoped(r *sctraceRec) *task {
	tk := s.taskState(int(r.Tid), int(r.Pid), false, false)
	tk.Scoped = true
	s.tasks.Put(tk)
	ev := s.tasks.Event(trace.NewTask, &tk.Task, int64(r.Ts))
	ev.Attached, ev.Scoped = true, true
	s.tasks.Emit(ev)
	return tk
}

// taskOf returns the task of a call's record. In a scope's run a record
// of a task not known is one whose REC_SCOPED the full ring lost (and
// counted): the task starts there, its name then from /proc.
func (s *session) taskOf(r *sctraceRec) *task {
	tk := s.tasks.Get(int(r.Tid))
	if tk == nil && s.isScopeRun() {
		tk = s.startScoped(r)
	}
	return tk
}

// commChanged passes a traced task's new command name (REC_COMM) to
// Options.TaskInfo.
func (s *session) commChanged(r *sctraceRec) {
	if s.opts.TaskInfo == nil || !s.tasks.Has(int(r.Tid)) {
		return
	}
	s.info = trace.TaskInfo{TID: int32(r.Tid), PID: int32(r.Pid), Comm: commOf(r.Args[0], r.Args[1])}
	s.opts.TaskInfo(&s.info)
}

// pidComm passes the name of a process a call named (REC_PIDCOMM) to
// Options.TaskInfo: a name at the call's entry now, one at its exit just
// before the exit's event (the call's entry, sent with its exit, may be
// reported after this record and must see the entry's names).
func (s *session) pidComm(r *sctraceRec) {
	if s.opts.TaskInfo == nil {
		return
	}
	info := trace.TaskInfo{TID: int32(r.Ret), PID: int32(r.Ret), Comm: commOf(r.Args[0], r.Args[1]), Named: true}
	if r.Args[2] != 0 {
		if tk := s.tasks.Get(int(r.Tid)); tk != nil {
			tk.exitNames = append(tk.exitNames, info)
			return
		}
	}
	s.info = info
	s.opts.TaskInfo(&s.info)
}

// exitNames passes the names tk's call had at its exit to
// Options.TaskInfo.
func (s *session) exitNames(tk *task) {
	for i := range tk.exitNames {
		s.info = tk.exitNames[i]
		s.opts.TaskInfo(&s.info)
	}
	tk.exitNames = tk.exitNames[:0]
}

// isScopeRun reports whether tracing ends only with the launched command
// or a stop: a scope may take tasks at any time.
func (s *session) isScopeRun() bool { return s.opts.Scope != nil }

// scopeSlack is how much later than the end of a scope's run a record
// may be stamped and still be read: records reach the ring a little out
// of their times' order across CPUs.
const scopeSlack = 50 * time.Millisecond

// finishScope ends a scope's run once its command is gone: it reads what
// the ring holds up to the first record stamped after the end (a busy
// machine may never let the ring empty), reports lost events, and lets
// the scope's tasks go without a note.
func (s *session) finishScope() error {
	cutoff := uint64(monotonicNow() + scopeSlack.Nanoseconds())
	s.rd.drain(func(raw []byte) bool {
		if s.tasks.Err() != nil || len(raw) >= recSize && (*sctraceRec)(unsafe.Pointer(&raw[0])).Ts > cutoff {
			return false
		}
		s.stats.RingRecords++
		s.handle(raw)
		return true
	})
	s.checkLost()
	for tk := range s.tasks.All() {
		if tk.Scoped || tk.Launched || tk.Hidden {
			s.tasks.Delete(tk.TID)
		} else {
			s.tasks.Detach(tk, 0) // -p's
		}
	}
	s.tasks.ReleaseExits()
	return s.tasks.Err()
}
