package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

const (
	cloneVM          = 0x100
	clonePidfd       = 0x1000
	cloneSettls      = 0x80000
	cloneParentSetid = 0x100000
	cloneChildClear  = 0x200000
	cloneChildSetid  = 0x1000000
)

// cloneArgs returns the argument indexes of clone's stack, parent_tid,
// child_tid and tls on ev's architecture (x86_64 swaps the last two).
func cloneArgs(ev *trace.Event) (stack, ptid, ctid, tls int) {
	if ev.Arch == trace.ArchAArch64 {
		return 1, 2, 4, 3
	}
	return 1, 2, 3, 4
}

func enterClone(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	stack, _, _, _ := cloneArgs(ev)
	flags := ev.Args[0] &^ 0xff
	sig := ev.Args[0] & 0xff
	b = append(b, "child_stack="...)
	b = appendPtr(b, ev.Args[stack])
	b = append(d.sep(b), "flags="...)
	if flags != 0 {
		b = d.flags(b, cloneFlags, flags)
		if sig != 0 {
			b = append(b, '|')
			b = d.signal(b, int64(sig))
		}
	} else {
		b = d.signal(b, int64(sig))
	}
	return b
}

func exitClone(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	_, ptid, ctid, tls := cloneArgs(ev)
	flags := ev.Args[0] &^ 0xff
	if flags&(cloneParentSetid|clonePidfd) != 0 {
		b = append(d.sep(b), "parent_tid="...)
		if pc, ok := capOK(ev, ptid); ok && flags&clonePidfd != 0 && !failed(ev) && len(pc.Data) >= 4 {
			// The kernel stored the child's pidfd there.
			b = append(b, '[')
			b = d.appendFD(b, ev, uint64(int64(int32(le32(pc.Data, 0)))))
			b = append(b, ']')
		} else {
			b = appendTidRef(b, ev, ev.Args[ptid])
		}
	}
	if flags&cloneSettls != 0 {
		b = append(d.sep(b), "tls="...)
		b = appendPtr(b, ev.Args[tls])
	}
	if flags&(cloneChildSetid|cloneChildClear) != 0 {
		b = append(d.sep(b), "child_tidptr="...)
		b = appendPtr(b, ev.Args[ctid])
	}
	return b
}

// appendTidRef prints the child's id the kernel stored at addr: the call's
// result, which is that id in the caller's namespace.
func appendTidRef(b []byte, ev *trace.Event, addr uint64) []byte {
	if failed(ev) || addr == 0 {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	b = appendInt(b, ev.Ret)
	return append(b, ']')
}

// cloneArgsSize is the size of the struct clone_args strace knows
// (CLONE_ARGS_SIZE_VER2).
const cloneArgsSize = 88

// clone3Entry returns clone3's struct clone_args as its entry capture
// holds it, and whether strace prints it (it reads at least up to tls).
func clone3Entry(ev *trace.Event) (*trace.Capture, bool) {
	cp, ok := capOK(ev, 0)
	if ev.Args[0] == 0 || !ok || ev.Args[1] < 64 || len(cp.Data) < 64 {
		return cp, false
	}
	return cp, true
}

// clone3Resumes reports whether strace prints more of clone3's struct
// clone_args p when the call returns: what the kernel stored at pidfd or
// parent_tid, or a tail it does not know.
func clone3Resumes(p []byte, size uint64) bool {
	return le64(p, 0)&(clonePidfd|cloneParentSetid) != 0 || size > cloneArgsSize
}

func enterClone3(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := clone3Entry(ev)
	size := ev.Args[1]
	if !ok {
		b = appendPtr(b, ev.Args[0])
		return d.sep(b)
	}
	p := cp.Data
	flags := le64(p, 0)
	b = append(b, "{flags="...)
	b = d.flags(b, clone3Flags, flags)
	if flags&clonePidfd != 0 {
		b = append(b, ", pidfd="...)
		b = appendPtr(b, le64(p, 8))
	}
	if flags&(cloneChildSetid|cloneChildClear) != 0 {
		b = append(b, ", child_tid="...)
		b = appendPtr(b, le64(p, 16))
	}
	if flags&cloneParentSetid != 0 {
		b = append(b, ", parent_tid="...)
		b = appendPtr(b, le64(p, 24))
	}
	b = append(b, ", exit_signal="...)
	if es := le64(p, 32); es < 0x7fffffff {
		b = d.signal(b, int64(es))
	} else {
		b = appendUint(b, es)
	}
	b = append(b, ", stack="...)
	b = appendPtr(b, le64(p, 40))
	b = append(b, ", stack_size="...)
	b = appendHex(b, le64(p, 48))
	if flags&cloneSettls != 0 {
		b = append(b, ", tls="...)
		b = appendPtr(b, le64(p, 56))
	}
	if len(p) >= 80 {
		setTid, setTidSize := le64(p, 64), le64(p, 72)
		if setTid != 0 || setTidSize != 0 {
			b = append(b, ", set_tid="...)
			b = d.appendSetTid(b, cp, setTid, setTidSize)
			b = append(b, ", set_tid_size="...)
			b = appendUint(b, setTidSize)
		}
	}
	if len(p) >= 88 && size > 80 {
		if cg := le64(p, 80); cg != 0 || flags&0x200000000 != 0 {
			b = append(b, ", cgroup="...)
			b = appendUint(b, cg)
		}
	}
	b, _ = d.appendExtTail(b, cp, cloneArgsSize, size, ", ")
	b = append(b, '}')
	if !clone3Resumes(p, size) {
		return d.sep(b)
	}
	return b
}

// appendSetTid prints clone_args' set_tid array of n ints at addr from
// the struct's capture cp (syscalls.CloneSetTid), as strace's
// print_array: the address when it is NULL, too long or unreadable.
func (d *Decoder) appendSetTid(b []byte, cp *trace.Capture, addr, n uint64) []byte {
	if addr == 0 || n == 0 || n > syscalls.CloneSetTidMax || len(cp.Elems) <= syscalls.CloneSetTid {
		return appendPtr(b, addr)
	}
	t := &cp.Elems[syscalls.CloneSetTid]
	if t.Faulted || len(t.Data) < 4 {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	for k := uint64(0); k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if (k+1)*4 > uint64(len(t.Data)) {
			b = append(b, "... /* "...)
			b = appendHex(b, addr+4*k)
			b = append(b, " */"...)
			break
		}
		if !d.opts.Verbose && k >= uint64(d.opts.StringLimit) {
			b = append(b, "..."...)
			break
		}
		b = appendInt(b, int64(int32(le32(t.Data, int(4*k)))))
	}
	return append(b, ']')
}

func exitClone3(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	size := ev.Args[1]
	cp, ok := clone3Entry(ev)
	if !ok || !clone3Resumes(cp.Data, size) {
		return appendUint(b, size)
	}
	if !failed(ev) && len(cp.Elems) > syscalls.CloneExit {
		b = d.appendClone3Stored(b, ev, &cp.Elems[syscalls.CloneExit], size)
	}
	return appendUint(d.sep(b), size)
}

// appendClone3Stored prints what a successful clone3 left in its struct
// clone_args, read again at exit (x): " => {pidfd=[FD], parent_tid=[TID]}"
// and a tail strace does not know, or " => ADDR" when unreadable.
func (d *Decoder) appendClone3Stored(b []byte, ev *trace.Event, x *trace.Capture, size uint64) []byte {
	if !x.Present() {
		return b
	}
	if x.Faulted || len(x.Data) < 64 {
		b = append(b, " => "...)
		return appendPtr(b, ev.Args[0])
	}
	prefix := " => {"
	flags := le64(x.Data, 0)
	num := func(b []byte, name string, off, elem int, fd bool) []byte {
		b = append(b, prefix...)
		prefix = ", "
		b = append(b, name...)
		addr := le64(x.Data, off)
		if addr == 0 || len(x.Elems) <= elem || len(x.Elems[elem].Data) < 4 {
			return appendPtr(b, addr)
		}
		v := int32(le32(x.Elems[elem].Data, 0))
		b = append(b, '[')
		if fd {
			b = d.appendFD(b, ev, uint64(int64(v)))
		} else {
			b = appendInt(b, int64(v))
		}
		return append(b, ']')
	}
	if flags&clonePidfd != 0 {
		b = num(b, "pidfd=", syscalls.ClonePidfdOff, syscalls.ClonePidfd, true)
	}
	if flags&cloneParentSetid != 0 {
		b = num(b, "parent_tid=", syscalls.CloneParentTidOff, syscalls.CloneParentTid, false)
	}
	if len(x.Elems) > syscalls.CloneTail {
		var more bool
		if b, more = d.appendExtTail(b, x, cloneArgsSize, size, prefix); more {
			prefix = ", "
		}
	}
	if prefix == ", " {
		b = append(b, '}')
	}
	return b
}
