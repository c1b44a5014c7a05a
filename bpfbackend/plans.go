package bpfbackend

import (
	"fmt"
	"slices"

	"github.com/cilium/ebpf"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// planSet is what user space loads into the plans map: the plans of the
// calls a run reports, by plan_key (personality and number), and what they use: all of them
// (sys_exit runs the plans due at the exit, and those of an entry held
// back), those due at the entry (sys_enter), and those due at the entry
// of the calls that execute a program (sched_prepare_exec).
type planSet struct {
	keys             []uint32
	vals             []sctraceSyscallPlans
	use, entry, exec captureUse
}

// captureUse is what the plans of a planSet use. The programs are
// specialised for it (bpf/capture.h: capture_kinds and the flags after
// it; bpf/fdname.h: netlink_args): the verifier checks no code that no
// plan needs, which is most of the load time of a run that captures
// little.
type captureUse struct {
	// kinds has bit 1 << k for each syscalls.CaptureKind k.
	kinds uint32
	// ioctl: a plan takes its length from an ioctl request
	// (syscalls.LenIoctl); clone: one reads a struct clone_args; bpfAttr:
	// one reads bpf(2)'s attributes (syscalls.ExtBPFAttr); fprog:
	// one may read a struct sock_fprog's instructions; netlink: a call
	// describes its netlink socket arguments (syscalls.NetlinkData).
	ioctl, clone, bpfAttr, fprog, netlink bool
}

// vars are the programs' constants that say what is used.
func (u captureUse) vars() map[string]any {
	return map[string]any{
		sctraceVarCaptureKinds:   u.kinds,
		sctraceVarCaptureIoctl:   boolU32(u.ioctl),
		sctraceVarCaptureClone:   boolU32(u.clone),
		sctraceVarCaptureBpfAttr: boolU32(u.bpfAttr),
		sctraceVarCaptureFprog:   boolU32(u.fprog),
		sctraceVarNetlinkArgs:    boolU32(u.netlink),
	}
}

// plansOf builds the plans of arch's calls that wanted holds (nil: all).
// The calls a run does not report (the execve that ends the exec stub's
// hiding, when not wanted) get none: user space replays no capture of
// theirs.
func plansOf(arch uint32, wanted *trace.SyscallSet) (planSet, error) {
	var ps planSet
	tbl := syscalls.ForArch(arch)
	if tbl == nil {
		return ps, fmt.Errorf("ebpf: no syscall table for arch %#x: %w", arch, trace.ErrUnsupported)
	}
	execs := tbl.ExecNRs()
	for _, pers := range syscalls.Personalities(tbl) {
		ps.add(pers, wanted, execs)
	}
	return ps, nil
}

// add adds the plans of personality pers's calls that wanted holds, each
// under its plan_key (the personality times trace.MaxNR plus its
// number); execs are the native numbers of the calls that execute a
// program.
func (ps *planSet) add(pers syscalls.Personality, wanted *trace.SyscallSet, execs []int) {
	tbl, base := pers.Table, uint32(pers.Pers)*trace.MaxNR
	for nr := 0; nr <= tbl.Max() && nr < trace.MaxNR; nr++ {
		sc := tbl.Get(nr)
		if sc == nil || !wanted.HasIn(pers.Pers, nr) {
			continue
		}
		isExec := pers.Pers == trace.PersNative && slices.Contains(execs, nr)
		newFDs, fdArgs := newFDsOf(sc), fdArgsOf(sc)
		if !sc.HasPlan && newFDs == sctraceNewFdsNEW_FDS_NONE && fdArgs == 0 && sc.Effects&syscalls.NetlinkData == 0 {
			continue
		}
		var v sctraceSyscallPlans
		v.NewFds, v.FdArgs = newFDs, fdArgs
		v.CmsgFds = cmsgFDsOf(sc, pers.Pers)
		v.FdStructs = fdStructsOf(sc, pers.Pers)
		v.FdLate = boolU8((fdArgs != 0 || v.FdStructs != sctraceFdStructsFD_STRUCTS_NONE) && sc.Effects&changesFDs == 0)
		if sc.Effects&syscalls.NetlinkData != 0 {
			v.NlArgs = 1
			ps.use.netlink, ps.entry.netlink = true, true
			ps.exec.netlink = ps.exec.netlink || isExec
		}
		for i, pl := range sc.Plan {
			v.Arg[i] = sctracePlan{
				Kind:          uint8(pl.Kind),
				When:          uint8(pl.When),
				LenFrom:       uint8(pl.Len),
				LenArg:        pl.LenArg,
				ElemSize:      pl.ElemSize,
				Size:          pl.Size,
				CountOnly:     boolU8(pl.CountOnly),
				FromStack:     boolU8(pl.FromStack),
				PageRest:      boolU8(pl.PageRest),
				MinSize8:      uint8(pl.MinSize / 8),
				Header:        pl.Header,
				StackOffset:   pl.StackOffset,
				Fprog:         boolU8(pl.Fprog.On),
				FprogArg:      pl.Fprog.Arg,
				FprogOnly:     boolU8(pl.Fprog.Only),
				FprogKind:     fprogKind(pl.Fprog),
				FprogCountArg: pl.Fprog.CountArg,
				FprogVals:     pl.Fprog.Vals,
				ExtKind:       extKind(pl),
				Netlink:       boolU8(pl.Netlink),
			}
			if pl.Kind != syscalls.CaptureNone {
				ps.use.add(pl)
				v.When |= uint8(pl.When)
				if pl.When&syscalls.AtEntry != 0 {
					v.EntryArgs |= 1 << i
					ps.entry.add(pl)
					if isExec {
						ps.exec.add(pl)
					}
				}
				if pl.When&syscalls.AtExit != 0 {
					v.ExitArgs |= 1 << i
				}
			}
		}
		v.Dump = dumpKindOf(sc)
		ps.keys = append(ps.keys, base+uint32(nr))
		ps.vals = append(ps.vals, v)
	}
}

// add notes what plan pl uses.
func (u *captureUse) add(pl syscalls.Plan) {
	u.kinds |= 1 << pl.Kind
	if pl.Kind != syscalls.CaptureBytes {
		return
	}
	u.ioctl = u.ioctl || pl.Len == syscalls.LenIoctl
	u.clone = u.clone || pl.Ext == syscalls.ExtCloneArgs
	u.bpfAttr = u.bpfAttr || pl.Ext == syscalls.ExtBPFAttr
	u.fprog = u.fprog || pl.Fprog.On
	if pl.Fprog.Iovs || pl.Fprog.Iocbs {
		// Its iovecs are read as a CaptureIovec plan's.
		u.kinds |= 1 << syscalls.CaptureIovec
	}
}

// fillPlans loads ps into the plans map.
func (p *probe) fillPlans(ps planSet) error {
	if len(ps.keys) == 0 {
		return nil
	}
	if _, err := p.objs.Plans.BatchUpdate(ps.keys, ps.vals, nil); err != nil {
		for i := range ps.keys {
			if err := p.objs.Plans.Update(ps.keys[i], ps.vals[i], ebpf.UpdateAny); err != nil {
				return fmt.Errorf("ebpf: load capture plan of syscall %d: %w", ps.keys[i], err)
			}
		}
	}
	return nil
}

// cmsgFDsOf says when the descriptors in the control messages of sc's
// msghdr are named: at a sendmsg's entry, at a recvmsg's exit. The
// programs read the native struct msghdr only.
func cmsgFDsOf(sc *syscalls.Syscall, pers trace.Personality) sctraceCmsgFds {
	switch {
	case pers != trace.PersNative:
	case sc.Effects&syscalls.PassesFDs != 0:
		return sctraceCmsgFdsCMSG_FDS_ENTRY
	case sc.Effects&syscalls.ReceivesFDs != 0:
		return sctraceCmsgFdsCMSG_FDS_EXIT
	}
	return sctraceCmsgFdsCMSG_FDS_NONE
}

// fdStructsOf says which structures of sc's arguments hold descriptors
// that -y names at its entry: a struct pollfd array (poll, ppoll) or
// fd_sets (select, pselect6), as its signature's layouts tell, where
// the programs look for them: a pollfd array at argument 0 counted by
// argument 1, sets from argument 1 on. They read native layouts only.
func fdStructsOf(sc *syscalls.Syscall, pers trace.Personality) sctraceFdStructs {
	if pers != trace.PersNative || sc.Sig == nil {
		return sctraceFdStructsFD_STRUCTS_NONE
	}
	args := sc.Sig.Args
	switch {
	case len(args) >= 2 && args[0].Layout == syscalls.LayoutPollfd && args[0].Len == 1:
		return sctraceFdStructsFD_STRUCTS_POLL
	case len(args) >= 4 && args[1].Layout == syscalls.LayoutFdSet:
		return sctraceFdStructsFD_STRUCTS_SELECT
	}
	return sctraceFdStructsFD_STRUCTS_NONE
}

// newFDsOf says where the descriptors sc creates are: its result (a call
// returning a descriptor), the two ints an output argument points to
// (pipe2's pipefd, socketpair's sv: NEW_FDS_PAIR plus the argument), or
// the result of some bpf(2) commands or ioctl requests.
func newFDsOf(sc *syscalls.Syscall) sctraceNewFds {
	switch {
	case sc.Effects&syscalls.NewFD != 0:
		return sctraceNewFdsNEW_FDS_RET
	case sc.Effects&syscalls.NewFDPair != 0:
		return sctraceNewFdsNEW_FDS_PAIR + sctraceNewFds(sc.FDPairArg)
	case sc.Effects&syscalls.NewFDByBPFCmd != 0:
		return sctraceNewFdsNEW_FDS_RET_BPF
	case sc.Effects&syscalls.NewFDByIoctl != 0:
		return sctraceNewFdsNEW_FDS_RET_IOCTL
	}
	return sctraceNewFdsNEW_FDS_NONE
}

// dumpKindOf says whether -e read= or -e write= dumps sc's data.
func dumpKindOf(sc *syscalls.Syscall) sctraceDumpKind {
	switch {
	case sc.Effects&syscalls.DumpsRead != 0:
		return sctraceDumpKindDUMP_READ
	case sc.Effects&syscalls.DumpsWrite != 0:
		return sctraceDumpKindDUMP_WRITE
	}
	return sctraceDumpKindDUMP_NONE
}

// changesFDs are the effects that change what a descriptor or the working
// directory is: a call with none may have its descriptor arguments named
// when its held entry is sent rather than at the entry (fd_late).
const changesFDs = syscalls.ClosesFD | syscalls.DupsFD | syscalls.DupsFDByCmd | syscalls.Execs | syscalls.ChangesCwd

// fdArgsOf returns the arguments of sc that are descriptors or directory
// descriptors, a bit each.
func fdArgsOf(sc *syscalls.Syscall) uint8 {
	var mask uint8
	if sc.Sig != nil {
		for i, a := range sc.Sig.Args {
			if (a.Type == syscalls.FD || a.Type == syscalls.DirFD) && i < trace.MaxArgs {
				mask |= 1 << i
			}
		}
	}
	return mask
}

// extKind is plan pl's ext_kind (see events.h).
func extKind(pl syscalls.Plan) sctraceExtKind {
	switch pl.Ext {
	case syscalls.ExtCloneArgs:
		return sctraceExtKindEXT_CLONE_ARGS
	case syscalls.ExtBPFAttr:
		return sctraceExtKindEXT_BPF_ATTR
	}
	return sctraceExtKindEXT_PLAIN
}

// fprogKind is the plan's fprog_kind: what a FprogCond's object is (see
// events.h).
func fprogKind(f syscalls.FprogCond) sctraceFprogKind {
	switch {
	case f.Iov:
		return sctraceFprogKindFPROG_KIND_IOV
	case f.Plain:
		return sctraceFprogKindFPROG_KIND_PLAIN
	case f.Kdf:
		return sctraceFprogKindFPROG_KIND_KDF
	case f.Iovs:
		return sctraceFprogKindFPROG_KIND_IOVS
	case f.Uring:
		return sctraceFprogKindFPROG_KIND_URING
	case f.Iocbs:
		return sctraceFprogKindFPROG_KIND_IOCBS
	}
	return sctraceFprogKindFPROG_KIND_FPROG
}
