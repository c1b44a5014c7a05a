package capture

import (
	"encoding/binary"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// captureBPFAttr runs bpf(2)'s attributes plan (syscalls.ExtBPFAttr)
// for argument i: at entry a LenExt capture and the objects the
// command's attributes point to (syscalls.BPFNestedOf); at the exit of a
// command syscalls.BPFRereadAtExit names, the entry capture with the
// attributes read again as its Elems[syscalls.BPFAttrExit], and the
// object they point to then (syscalls.BPFExitNestedOf).
func (x *Executor) captureBPFAttr(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, atExit bool, ret int64) trace.Capture {
	n, ok := ByteLen(p, c.Args, ret)
	if !ok {
		return trace.Capture{}
	}
	cmd := uint32(c.Args[0])
	if !atExit {
		out := readExt(mem, addr, n, uint64(p.Size), c.Bufs[i])
		if objs := syscalls.BPFNestedOf(cmd); len(objs) > 0 && !out.Faulted {
			out.Elems = x.bpfNested(mem, out, objs, false, false)
		}
		return out
	}
	out := c.Caps[i]
	if !syscalls.BPFRereadAtExit(cmd, n) {
		return out
	}
	again := readExt(mem, addr, n, uint64(p.Size), nil)
	if objs := syscalls.BPFExitNestedOf(cmd); len(objs) > 0 && (ret >= 0 || objs[0].OnFailure) && !again.Faulted {
		again.Elems = x.bpfNested(mem, again, objs, true, ret >= 0)
	}
	// Beside the tail and the objects read at entry.
	out.Elems = withElem(out.Elems, syscalls.BPFAttrExit, again)
	return out
}

// bpfNested reads the objects objs the attributes out point to, as
// strace 6.1's bpf.c reads them, and returns out's Elems with them.
// atExit says they are the exit's, and succeeded that the call succeeded.
func (x *Executor) bpfNested(mem Memory, out trace.Capture, objs []syscalls.BPFNested, atExit, succeeded bool) []trace.Capture {
	head := out.Data
	elems := make([]trace.Capture, syscalls.BPFAttrNested+len(objs))
	copy(elems, out.Elems) // the tail
	le := binary.LittleEndian
	var strs *trace.Capture
	for j, o := range objs {
		if !o.Within(len(head)) || (o.CondOff >= 0 && le.Uint32(head[o.CondOff:]) != o.CondVal) || (o.Verbose && !x.Verbose) {
			continue
		}
		ptr := le.Uint64(head[o.PtrOff:])
		n := uint64(o.Len)
		if o.LenOff >= 0 {
			n = uint64(le.Uint32(head[o.LenOff:]))
		}
		if ptr == 0 {
			continue
		}
		e := &elems[syscalls.BPFAttrNested+j]
		switch o.Kind {
		case syscalls.BPFStr:
			*e = stringCapture(mem.ReadCString(ptr, x.Limit(), nil))
		case syscalls.BPFPath:
			*e = stringCapture(mem.ReadCString(ptr, syscalls.PathMax-1, nil))
		case syscalls.BPFStrZ:
			if n > 0 {
				*e = x.strZ(mem, ptr, n)
			}
		case syscalls.BPFBytes:
			if n > 0 {
				*e = x.readCapped(mem, ptr, n)
			}
		case syscalls.BPFArray, syscalls.BPFStrArray:
			*e = readArray(mem, ptr, syscalls.NestedArrayLen(n, x.Limit(), x.Verbose), uint64(o.ElemSize))
			if o.Kind == syscalls.BPFStrArray && e.Data != nil {
				strs = e
			}
		case syscalls.BPFObjInfo:
			*e = x.objInfo(mem, int32(le.Uint32(head)), ptr, n, atExit, succeeded)
		}
	}
	// The strings a pointer array points to come after every object.
	if strs != nil {
		strs.Elems = x.bpfStrs(mem, strs.Data)
	}
	return elems
}

// objInfo reads BPF_OBJ_GET_INFO_BY_FD's information (BPFObjInfo): what
// descriptor fd refers to, then the n bytes at ptr; at an exit, for a
// program's information read whole, the arrays it points to.
func (x *Executor) objInfo(mem Memory, fd int32, ptr, n uint64, atExit, succeeded bool) trace.Capture {
	if n == 0 {
		// strace prints the address: nothing to read.
		return trace.Capture{}
	}
	obj := syscalls.BPFObjOther
	if d, ok := mem.(Descriptors); ok {
		obj = d.BPFObject(fd)
	}
	c := readArray(mem, ptr, syscalls.NestedArrayLen(n, x.Limit(), x.Verbose), 1)
	c.Aux = uint64(obj)
	if atExit && obj == syscalls.BPFObjProg && !c.Faulted && uint64(len(c.Data)) == n {
		c.Elems = x.progInfoArrays(mem, c.Data, succeeded)
	}
	return c
}

// progInfoArrays reads the arrays of a struct bpf_prog_info, info (the
// bytes the caller asked for), as strace 6.1's print_bpf_prog_info reads
// them at exit: the JITed code whatever the call returned, the others
// when it succeeded (syscalls.ProgInfoArray).
func (x *Executor) progInfoArrays(mem Memory, info []byte, succeeded bool) []trace.Capture {
	arrays := make([]trace.Capture, syscalls.ProgInfoArrays)
	for a, l := range syscalls.ProgInfoLayouts {
		ptr, n := l.Ptr(info), l.Count(info)
		if ptr == 0 || n == 0 {
			continue
		}
		switch syscalls.ProgInfoArray(a) {
		case syscalls.ProgInfoJited:
			arrays[a] = x.readCapped(mem, ptr, n)
		default:
			if succeeded {
				arrays[a] = readArray(mem, ptr, syscalls.NestedArrayLen(n, x.Limit(), x.Verbose), uint64(l.ElemSize))
			}
		}
	}
	return arrays
}

// strZ reads the string of at most n bytes at ptr as strace's
// printstr_ex with QUOTE_0_TERMINATED reads it: -s bytes and one more at
// most, up to a NUL; when n is within -s, n bytes and not one more (up to
// a NUL, else the n bytes whole), so that n bytes before an unreadable
// page still read.
func (x *Executor) strZ(mem Memory, ptr, n uint64) trace.Capture {
	limit := uint64(x.Limit())
	if n > limit {
		return stringCapture(mem.ReadCString(ptr, int(limit), nil))
	}
	if c := stringCapture(mem.ReadCString(ptr, int(n-1), nil)); !c.Truncated {
		return c
	}
	return readObject(mem, ptr, n, n)
}

// bpfStrs reads the C string each pointer of ptrs points to (nothing for
// NULL), at most -s bytes each.
func (x *Executor) bpfStrs(mem Memory, ptrs []byte) []trace.Capture {
	strs := make([]trace.Capture, len(ptrs)/8)
	for k := range strs {
		if p := binary.LittleEndian.Uint64(ptrs[8*k:]); p != 0 {
			strs[k] = stringCapture(mem.ReadCString(p, x.Limit(), nil))
		}
	}
	return strs
}
