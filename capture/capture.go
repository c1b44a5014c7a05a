// Package capture executes capture plans (syscalls.Plan): the one
// description of which tracee memory a backend copies for a system call.
// It reads through a Memory, so that every backend produces the same
// trace.Capture values: the ptrace backend's Memory reads the tracee with
// process_vm_readv, the eBPF backend's replays what its kernel program
// copied while executing the same plans.
//
// The captures follow these rules, which the decoder relies on:
//
//   - A NULL address, or a LenRet length with a return value <= 0, leaves
//     the capture empty (Data nil, not Faulted).
//   - An unreadable object sets Faulted and leaves Data nil.
//   - C strings: Data excludes the NUL and holds at most the limit (Size,
//     or the string limit when Size is 0) bytes; Truncated says the string
//     is longer than the limit.
//   - Byte ranges: Data holds min(length, limit) bytes; Truncated says the
//     length was larger.
//   - String arrays: Data holds the raw pointers captured, Aux the number of
//     elements (to the NULL), Elems one C string per pointer captured (none
//     for CountOnly plans unless verbose); Truncated says elements were left
//     out. Without Verbose, only StringLimit elements are captured, as
//     strace prints no more.
//   - Iovecs: Data holds the raw struct iovec array (16 bytes per element,
//     at most MaxArrayElems), Aux the count argument, Elems each element's
//     bytes (at most StringLimit elements without Verbose), each limited by
//     the string limit and, for an exit capture, by what the return value
//     says was transferred. A failed call gets no Elems.
//   - Msghdrs: Data holds the raw struct msghdr, Aux (at exit) the
//     msg_namelen it held at entry, Elems its name, iovecs (shaped as an
//     iovec capture) and control bytes, as syscalls.CaptureMsghdr says.
//   - Mmsghdr arrays: Data holds the raw array, Elems (at exit) the
//     captures of what each element's header points to, as
//     syscalls.CaptureMmsghdr says.
//
// The sequence of Memory calls an Executor makes for a plan is part of the
// contract too: the eBPF backend's kernel program makes the same reads in
// the same order (see bpfbackend/bpf/capture.h).
package capture

import (
	"encoding/binary"
	"math"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Memory reads a tracee's memory for an Executor.
type Memory interface {
	// Read fills buf from address addr. A short read is an error: an
	// object is read whole or not at all. An empty buf reads nothing.
	Read(addr uint64, buf []byte) error
	// ReadCString copies the NUL-terminated string at addr, at most max
	// bytes of it, into dst's memory (reused when large enough). It tells
	// a string of exactly max bytes from a longer one (truncated: data
	// then holds its first max bytes). fault says when the string could
	// not be read up to its end or to max+1 bytes. data is never nil
	// unless fault.Faulted.
	ReadCString(addr uint64, max int, dst []byte) (data []byte, truncated bool, fault StringFault)
	// ReadPointers reads the NULL-terminated array of 8-byte pointers at
	// addr: it returns the first keep pointers and counts up to limit of
	// them. faulted is set when a pointer could not be read; count then
	// says how many were read before.
	ReadPointers(addr uint64, keep, limit int) (ptrs []uint64, count int, faulted bool)
}

// Descriptors is what a Memory may also tell of the descriptors of the
// task it reads. Without it, the capture knows none (BPFObjInfo's object
// is then syscalls.BPFObjOther).
type Descriptors interface {
	// BPFObject says what descriptor fd refers to.
	BPFObject(fd int32) syscalls.BPFObject
	// VcpuRun returns where the task's process maps the struct kvm_run
	// of the KVM vcpu descriptor fd refers to: the first mapping of a
	// file of that vcpu's name, if it is syscalls.KVMRunSize bytes or
	// more, as strace finds it.
	VcpuRun(fd int32) (addr uint64, ok bool)
}

// StringFault says whether a C string could not be read whole, and how
// far its reading got: Before bytes were read of the Want asked for, as
// strace's umovestr reports a short read.
type StringFault struct {
	Faulted      bool
	Before, Want int
}

// Short reports whether some bytes were read before the fault.
func (f StringFault) Short() bool { return f.Faulted && f.Before > 0 }

// stringCapture is the capture of a C string read with ReadCString; a
// short read keeps its counts in Aux (ShortRead).
func stringCapture(data []byte, trunc bool, f StringFault) trace.Capture {
	c := trace.Capture{Data: data, Truncated: trunc, Faulted: f.Faulted}
	if f.Short() {
		c.Aux = uint64(f.Before)<<32 | uint64(uint32(f.Want))
	}
	return c
}

// ShortRead returns, for the capture of a C string that faulted after
// some bytes were read, how many were read and how many were asked for.
func ShortRead(c *trace.Capture) (before, want int, ok bool) {
	if !c.Faulted || c.Aux>>32 == 0 {
		return 0, 0, false
	}
	return int(c.Aux >> 32), int(uint32(c.Aux)), true
}

// MaxStringArrayElems caps the elements of a string array copied under -v.
const MaxStringArrayElems = 4096

// MaxStringArrayCount caps how far a string array is counted.
const MaxStringArrayCount = 1 << 20

// IovecSize is sizeof(struct iovec) on 64-bit architectures.
const IovecSize = 16

// Offsets of the fields of a 64-bit struct msghdr.
const (
	MsgNameOff       = 0
	MsgNamelenOff    = 8
	MsgIovOff        = 16
	MsgIovlenOff     = 24
	MsgControlOff    = 32
	MsgControllenOff = 40
)

// Call is the state of one system call that an Executor reads (arguments,
// stack pointer) and fills (captures). Bufs keeps each argument's capture
// memory for reuse: a backend's events are valid only during its sink call.
type Call struct {
	Args *[trace.MaxArgs]uint64
	SP   uint64
	Caps *[trace.MaxArgs]trace.Capture
	Bufs *[trace.MaxArgs][]byte
	// Netlink says that argument 0 is a netlink socket when the plans
	// run, for those that copy more of such a socket's data
	// (syscalls.Plan.Netlink). The backend sets it before Run.
	Netlink bool
}

// Clear forgets the captures of the previous call, keeping their memory
// for the next ones.
func (c Call) Clear() {
	for i := range c.Caps {
		if d := c.Caps[i].Data; cap(d) > cap(c.Bufs[i]) {
			c.Bufs[i] = d[:0]
		}
	}
	*c.Caps = [trace.MaxArgs]trace.Capture{}
}

// Executor runs capture plans with one trace's options.
type Executor struct {
	// StringLimit is the -s value.
	StringLimit int
	// Verbose captures whole arrays (-v).
	Verbose bool
	// KVMVcpu captures a successful KVM_RUN's exit reason (-e kvm=vcpu,
	// syscalls.IoctlKVMRun).
	KVMVcpu bool
	// FullData captures the call's data whole, for -e read=/write= dumps
	// (syscalls.Dumped): no string limit on byte ranges and iovec
	// buffers, every iovec element, up to MaxFullData bytes.
	FullData bool
}

// MaxFullData caps what FullData copies of one object.
const MaxFullData = 64 << 20

// Limit returns the -s limit as a byte count (MaxFullData with FullData).
func (x *Executor) Limit() int {
	if x.FullData {
		return MaxFullData
	}
	return max(x.StringLimit, 0)
}

// overRead is the byte read past the -s limit of a buffer that -s caps
// (size 0), as strace reads max_strlen+1 bytes to tell a longer buffer:
// one in memory that ends right after the limit prints as an address.
func (x *Executor) overRead(size uint32) uint64 {
	if size != 0 || x.FullData {
		return 0
	}
	return 1
}

// bufLimit is what a buffer the string limit caps copies: the limit and
// the byte past it (overRead).
func (x *Executor) bufLimit() uint64 {
	return uint64(x.Limit()) + x.overRead(0)
}

// readCapped reads n bytes at addr as a buffer the string limit caps
// (bufLimit) is read: whole or faulted.
func (x *Executor) readCapped(mem Memory, addr, n uint64) trace.Capture {
	return readObject(mem, addr, n, x.bufLimit())
}

// LimitOf is a plan's byte cap: its Size, or the string limit.
func (x *Executor) LimitOf(p *syscalls.Plan) uint64 {
	if p.Size != 0 {
		return uint64(p.Size)
	}
	return uint64(x.Limit())
}

// takeOf is what a byte plan copies at most: its limit and the byte
// past the -s limit, or its MinSize when more.
func (x *Executor) takeOf(p *syscalls.Plan) uint64 {
	if syscalls.IsArrayPlan(p) {
		return syscalls.ArrayTake(p.ElemSize, x.Limit(), x.Verbose)
	}
	return max(x.LimitOf(p)+x.overRead(p.Size), uint64(p.MinSize))
}

// Run executes the plans due at when (AtEntry or AtExit), storing the
// captures in c.Caps. ret is the return value at exit.
func (x *Executor) Run(mem Memory, plans *[trace.MaxArgs]syscalls.Plan, when syscalls.When, ret int64, c Call) {
	for i := range plans {
		p := &plans[i]
		if p.Kind == syscalls.CaptureNone || p.When&when == 0 {
			continue
		}
		if d := c.Caps[i].Data; cap(d) > cap(c.Bufs[i]) {
			c.Bufs[i] = d[:0] // an entry capture the exit one replaces
		}
		if p.KeepEntry && when == syscalls.AtExit {
			c.Caps[i] = x.captureKeepingEntry(mem, c, i, p, ret)
			continue
		}
		if x.KVMVcpu && p.Len == syscalls.LenIoctl && when == syscalls.AtExit && int(p.LenArg) < len(c.Args) &&
			uint32(c.Args[p.LenArg]) == syscalls.IoctlKVMRun {
			c.Caps[i] = trace.Capture{}
			if ret >= 0 {
				c.Caps[i] = kvmExitReason(mem, int32(c.Args[0]))
			}
			continue
		}
		if p.Len == syscalls.LenIoctl && when == syscalls.AtExit && int(p.LenArg) < len(c.Args) &&
			syscalls.IoctlKeepsEntry(uint32(c.Args[p.LenArg])) {
			c.Caps[i] = x.captureKeepingIoctlEntry(mem, c, i, p, ret)
			continue
		}
		c.Caps[i] = x.capture(mem, c, i, p, when, ret)
	}
}

// kvmExitReason mirrors the programs' seg_vcpu_run: the exit reason of
// the vcpu descriptor fd refers to (syscalls.IoctlKVMRun), or nothing.
func kvmExitReason(mem Memory, fd int32) trace.Capture {
	d, ok := mem.(Descriptors)
	if !ok {
		return trace.Capture{}
	}
	run, ok := d.VcpuRun(fd)
	if !ok {
		return trace.Capture{}
	}
	return readObject(mem, run+syscalls.KVMRunExitReasonOff, 4, 4)
}

// captureKeepingEntry runs a KeepEntry plan at exit: the entry copy, then
// the exit copy (see syscalls.Plan.KeepEntry).
func (x *Executor) captureKeepingEntry(mem Memory, c Call, i int, p *syscalls.Plan, ret int64) trace.Capture {
	var both [2 * syscalls.KeepEntryMax]byte
	entry := c.Caps[i]
	n := copy(both[:syscalls.KeepEntryMax], entry.Data)
	exit := x.capture(mem, c, i, p, syscalls.AtExit, ret)
	m := copy(both[n:], exit.Data)
	exit.Data = append(c.Bufs[i][:0], both[:n+m]...)
	exit.Aux = uint64(n)
	exit.Faulted = exit.Faulted && n == 0
	return exit
}

// captureKeepingIoctlEntry runs a LenIoctl plan at exit for a request
// of syscalls.IoctlKeepEntry: the exit copy, with the entry copy as its
// last Elem (nothing kept for a NULL argument).
func (x *Executor) captureKeepingIoctlEntry(mem Memory, c Call, i int, p *syscalls.Plan, ret int64) trace.Capture {
	entry := c.Caps[i]
	if entry.Data != nil {
		// The exit copy may reuse the entry copy's memory; the nested
		// objects' are its own.
		entry.Data = append([]byte(nil), entry.Data...)
	}
	out := x.capture(mem, c, i, p, syscalls.AtExit, ret)
	if c.Args[i] == 0 {
		return out
	}
	out.Elems = append(out.Elems, entry)
	return out
}

// capture executes plan p for argument i. An object found from the stack
// pointer is no argument's: Aux then says where it is, which strace
// prints when it does not read it (the signal mask rt_sigreturn restores).
func (x *Executor) capture(mem Memory, c Call, i int, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	if p.FromStack {
		addr := c.SP + uint64(int64(p.StackOffset))
		out := x.captureAt(mem, c, i, addr, p, when, ret)
		out.Aux = addr
		return out
	}
	return x.captureAt(mem, c, i, c.Args[i], p, when, ret)
}

// captureAt executes plan p for argument i on the object at addr.
func (x *Executor) captureAt(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	if addr == 0 || (p.Fprog.Only && !p.Fprog.Holds(c.Args)) {
		return trace.Capture{}
	}
	switch p.Kind {
	case syscalls.CaptureCString:
		return stringCapture(mem.ReadCString(addr, int(x.LimitOf(p)), c.Bufs[i]))
	case syscalls.CaptureBytes:
		if p.Len == syscalls.LenPrefix {
			return x.capturePrefix(mem, c, i, addr, p, when)
		}
		switch p.Ext {
		case syscalls.ExtCloneArgs:
			return x.captureCloneArgs(mem, c, i, addr, p, when == syscalls.AtExit, ret)
		case syscalls.ExtBPFAttr:
			return x.captureBPFAttr(mem, c, i, addr, p, when == syscalls.AtExit, ret)
		}
		return x.captureBytes(mem, c, i, addr, p, when == syscalls.AtExit, ret)
	case syscalls.CaptureStringArray:
		return x.captureStringArray(mem, addr, p)
	case syscalls.CaptureIovec:
		var count uint64
		if int(p.LenArg) < len(c.Args) {
			count = c.Args[p.LenArg]
		}
		return x.readIovec(mem, addr, count, when == syscalls.AtExit, ret)
	case syscalls.CaptureMsghdr:
		return x.captureMsghdr(mem, c, i, addr, p, when, ret)
	case syscalls.CaptureMmsghdr:
		return x.captureMmsghdr(mem, c, i, addr, p, when, ret)
	case syscalls.CapturePtrLen:
		return capturePtrLen(mem, addr, p, c.Bufs[i])
	}
	return trace.Capture{}
}

// ByteLen computes a CaptureBytes length; ok is false when there is
// nothing to copy (a LenRet capture of a call that returned <= 0).
func ByteLen(p *syscalls.Plan, args *[trace.MaxArgs]uint64, ret int64) (n uint64, ok bool) {
	switch p.Len {
	case syscalls.LenFixed:
		return uint64(p.Size), true
	case syscalls.LenArg, syscalls.LenArg32:
		if int(p.LenArg) >= len(args) {
			return 0, false
		}
		v := args[p.LenArg]
		if p.Len == syscalls.LenArg32 {
			v = uint64(uint32(v))
		}
		es := uint64(p.ElemSize)
		if es == 0 {
			es = 1
		}
		if v > math.MaxUint64/es {
			return math.MaxUint64, true
		}
		return v * es, true
	case syscalls.LenRet:
		if ret <= 0 {
			return 0, false
		}
		return uint64(ret), true
	case syscalls.LenArgPages:
		if int(p.LenArg) >= len(args) {
			return 0, false
		}
		return syscalls.Pages(args[p.LenArg]) * uint64(max(p.ElemSize, 1)), true
	case syscalls.LenFdSet:
		if int(p.LenArg) >= len(args) {
			return 0, false
		}
		n := uint64(syscalls.FdSetBytes(int(int32(args[p.LenArg]))))
		return n, n != 0
	case syscalls.LenExt:
		if int(p.LenArg) >= len(args) {
			return 0, false
		}
		return args[p.LenArg], true
	case syscalls.LenIoctl:
		if int(p.LenArg) >= len(args) {
			return 0, false
		}
		req := args[p.LenArg] & 0xffffffff
		if n, ok := syscalls.IoctlObjectSizes[uint32(req)]; ok {
			return uint64(n), true
		}
		if n := syscalls.IocSize(req); n != 0 && req != syscalls.IoctlRndAddEntropy {
			return uint64(n), true
		}
		return syscalls.IoctlLegacySize, true
	}
	return 0, false
}

func (x *Executor) captureBytes(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, atExit bool, ret int64) trace.Capture {
	n, ok := ByteLen(p, c.Args, ret)
	if !ok {
		return trace.Capture{}
	}
	header := uint64(p.Header)
	if p.Len == syscalls.LenFixed && header != 0 {
		// A struct's head at entry (syscalls.Plan.Header).
		if !atExit {
			n = header
		}
		header = 0
	}
	lim := x.takeOf(p)
	if p.Netlink && c.Netlink {
		lim = max(lim, syscalls.MsgNetlinkMax)
	}
	take := min(n, lim)
	trunc := n > take
	take += header
	data := Sized(c.Bufs[i], take)
	if data == nil {
		data = []byte{}
	}
	if dumpChunked(x, p, take) {
		return x.withFprog(mem, c, p, readDumpChunks(mem, addr, data, trunc))
	}
	if err := mem.Read(addr, data); err != nil {
		switch {
		case p.Len == syscalls.LenIoctl:
			return x.withFprog(mem, c, p, x.ioctlMore(mem, uint32(c.Args[p.LenArg]), addr, pageRest(mem, addr, data, 1), take, true, atExit, ret))
		case p.PageRest:
			return x.withFprog(mem, c, p, pageRest(mem, addr, data, 1))
		case p.Len == syscalls.LenFdSet && take > uint64(syscalls.FdSetBytes(syscalls.FdSetHeadBits)):
			// The first descriptors (syscalls.FdSetView).
			head := data[:syscalls.FdSetBytes(syscalls.FdSetHeadBits)]
			if mem.Read(addr, head) == nil {
				return trace.Capture{Data: head, Truncated: true}
			}
		case p.ElemSize != 0:
			// The elements before unreadable memory, as strace
			// prints them: [..., ... /* ADDR */].
			out := pageRest(mem, addr, data, uint64(p.ElemSize))
			out.Truncated = !out.Faulted
			return x.withIocbs(mem, c, p, out)
		}
		return trace.Capture{Faulted: true}
	}
	if p.Fprog.Iocbs {
		return x.withIocbs(mem, c, p, trace.Capture{Data: data, Truncated: trunc})
	}
	out := x.withFprog(mem, c, p, trace.Capture{Data: data, Truncated: trunc})
	if p.Len == syscalls.LenExt && n > take && take < syscalls.ExtTailEnd {
		end := min(n, syscalls.ExtTailEnd)
		out.Elems = []trace.Capture{readObject(mem, addr+take, end-take, end-take)}
	}
	if p.Len == syscalls.LenIoctl {
		out = x.ioctlMore(mem, uint32(c.Args[p.LenArg]), addr, out, take, false, atExit, ret)
	}
	return out
}

// ioctlMore mirrors the programs' ioctl_more: what a LenIoctl plan reads
// after request req's argument of take bytes at addr, out (with faulted,
// the bytes before the end of its page): SG_IO's objects, and of an
// argument read whole, UBI_IOCRNVOL's tail, FS_IOC_FIEMAP's extents,
// BTRFS_IOC_TREE_SEARCH_V2's buffer, a device mapper request's payload or
// the request's nested object.
func (x *Executor) ioctlMore(mem Memory, req uint32, addr uint64, out trace.Capture, take uint64, faulted, atExit bool, ret int64) trace.Capture {
	if req == syscalls.IoctlSGIO && !out.Faulted {
		out.Elems = x.sgioObjects(mem, out.Data, atExit)
	}
	if faulted {
		return out
	}
	data := out.Data
	switch {
	case req == syscalls.IoctlUBIRnvol && take < syscalls.UBIRnvolSize:
		out.Elems = []trace.Capture{readObject(mem, addr+take, syscalls.UBIRnvolSize-take, syscalls.UBIRnvolSize-take)}
	case req == syscalls.IoctlFiemap && x.Verbose && atExit && ret >= 0:
		out.Elems = []trace.Capture{x.fiemapExtents(mem, addr, data)}
	case req == syscalls.IoctlBtrfsSearchV2 && x.Verbose && atExit && ret >= 0 && take == syscalls.IoctlArgMax:
		if end := syscalls.BtrfsSearchEnd(binary.LittleEndian.Uint64(data[syscalls.BtrfsSearchBufSizeOff:])); end > take {
			out.Elems = []trace.Capture{readArray(mem, addr+take, end-take, 1)}
		}
	case syscalls.IsDMRequest(req) && x.Verbose && take >= syscalls.DMIoctlSize:
		if size := uint64(binary.LittleEndian.Uint32(data[syscalls.DMDataSizeOff:])); size > syscalls.DMIoctlSize {
			out.Elems = []trace.Capture{readArray(mem, addr+syscalls.DMIoctlSize, min(size, syscalls.DMDataMax)-syscalls.DMIoctlSize, 1)}
		}
	}
	if nest, ok := syscalls.IoctlNestedObjects[req]; ok && uint64(len(data)) >= uint64(nest.PtrOff)+8 {
		ptr := binary.LittleEndian.Uint64(data[nest.PtrOff:])
		buf := make([]byte, nest.Size)
		nested := trace.Capture{Data: buf}
		if err := mem.Read(ptr, buf); err != nil {
			nested = pageRest(mem, ptr, buf, 1)
		}
		out.Elems = []trace.Capture{nested}
		if nest.Strs.ElemSize != 0 && uint64(len(data)) >= uint64(nest.Strs.CountOff)+4 {
			out.Elems = x.nestedStrs(mem, out.Elems, nested.Data, binary.LittleEndian.Uint32(data[nest.Strs.CountOff:]), &nest.Strs)
		}
	}
	return out
}

// sgioObjects copies the objects SG_IO's struct hdr (the bytes read of
// it) points to that strace prints at entry or at exit
// (syscalls.SGIOObjects): one Elem each, none for a struct strace does
// not decode.
func (x *Executor) sgioObjects(mem Memory, hdr []byte, atExit bool) []trace.Capture {
	objs := syscalls.SGIOObjects(hdr, atExit)
	if !objs[0].Shown && !objs[1].Shown {
		return nil
	}
	elems := make([]trace.Capture, len(objs))
	for j, o := range objs {
		switch {
		case !o.Read():
		case o.Iovecs != 0:
			// tprint_iov_upto: o.Len bytes in all.
			elems[j] = x.readIovec(mem, o.Ptr, o.Iovecs, true, int64(o.Len))
		default:
			elems[j] = x.readCapped(mem, o.Ptr, o.Len)
		}
	}
	return elems
}

// nestedStrs appends to elems the strings the first count elements of
// a nested array (arr, as far as it was read) point to
// (syscalls.IoctlNestedStrs).
func (x *Executor) nestedStrs(mem Memory, elems []trace.Capture, arr []byte, count uint32, s *syscalls.IoctlNestedStrs) []trace.Capture {
	n := min(uint64(count), uint64(len(arr))/uint64(s.ElemSize), syscalls.IoctlNestedStrsMax)
	for i := uint64(0); i < n; i++ {
		e := arr[i*uint64(s.ElemSize):]
		size := uint64(binary.LittleEndian.Uint32(e[s.SizeOff:]))
		take := min(size, uint64(x.Limit()))
		if take == 0 {
			elems = append(elems, trace.Capture{Data: []byte{}})
			continue
		}
		buf := make([]byte, take)
		if err := mem.Read(binary.LittleEndian.Uint64(e[s.PtrOff:]), buf); err != nil {
			elems = append(elems, trace.Capture{Faulted: true})
			continue
		}
		elems = append(elems, trace.Capture{Data: buf})
	}
	return elems
}

// pageRest copies, for an object whose bytes could not all be read, the
// whole elements of elem bytes up to the end of the page at addr (an
// ioctl request's argument, syscalls.LenIoctl; a PageRest plan's bytes;
// an array's elements).
func pageRest(mem Memory, addr uint64, buf []byte, elem uint64) trace.Capture {
	rest := PageSize - addr%PageSize
	rest -= rest % elem
	if rest == 0 || rest >= uint64(len(buf)) {
		return trace.Capture{Faulted: true}
	}
	data := buf[:rest]
	if err := mem.Read(addr, data); err != nil {
		return trace.Capture{Faulted: true}
	}
	return trace.Capture{Data: data}
}

// fiemapExtents copies the extents of an FS_IOC_FIEMAP's struct fiemap
// hdr at addr (syscalls.IoctlFiemap).
func (x *Executor) fiemapExtents(mem Memory, addr uint64, hdr []byte) trace.Capture {
	if len(hdr) < syscalls.FiemapSize {
		return trace.Capture{}
	}
	n := uint64(binary.LittleEndian.Uint32(hdr[syscalls.FiemapMappedOff:]))
	if n == 0 {
		return trace.Capture{}
	}
	return readObject(mem, addr+syscalls.FiemapSize, n*syscalls.FiemapExtentSize, syscalls.FiemapExtentsMax*syscalls.FiemapExtentSize)
}

// PageSize is the page size the reads that stop at a page's end assume
// (pageRest): the smallest of the architectures', which counts in pages
// assume too.
const PageSize = syscalls.PageSize

// capturePrefix runs a LenPrefix plan: its bytes, or, when they cannot
// all be read, a second read of those before the end of the first page,
// if fewer.
func (x *Executor) capturePrefix(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, when syscalls.When) trace.Capture {
	if p.Fprog.Iov {
		return x.withIov(mem, c, i, addr, p, when)
	}
	n := max(uint64(p.Size), uint64(x.Limit())+1)
	data := Sized(c.Bufs[i], n)
	out := trace.Capture{Data: data}
	if err := mem.Read(addr, data); err != nil {
		out = pageRest(mem, addr, data, 1)
	}
	switch {
	case p.Fprog.Kdf:
		return x.withKdf(mem, c, p, out, when)
	case p.Fprog.Iovs:
		return x.withIovs(mem, c, addr, p, out, when)
	case p.Fprog.Uring:
		return x.withUring(mem, c, p, out, when)
	}
	return x.withFprog(mem, c, p, out)
}

// withUring adds to out, at entry, the arrays io_uring_register's
// structure points to (syscalls.FprogCond.Uring): the data array, then
// the tags array.
func (x *Executor) withUring(mem Memory, c Call, p *syscalls.Plan, out trace.Capture, when syscalls.When) trace.Capture {
	if when != syscalls.AtEntry || out.Faulted || !p.Fprog.Holds(c.Args) || int(p.Fprog.CountArg) >= len(c.Args) {
		return out
	}
	u, _ := syscalls.UringNested(uint32(c.Args[p.Fprog.Arg]))
	if uint64(len(out.Data)) < uint64(u.Head) {
		return out
	}
	le := binary.LittleEndian
	n := c.Args[p.Fprog.CountArg] & 0xffffffff
	if u.CountOff >= 0 {
		n = uint64(le.Uint32(out.Data[u.CountOff:]))
	}
	n = syscalls.NestedArrayLen(n, x.Limit(), x.Verbose)
	out.Elems = []trace.Capture{readArray(mem, le.Uint64(out.Data[u.DataOff:]), n, uint64(u.DataSize))}
	if u.TagsOff >= 0 {
		out.Elems = append(out.Elems, readArray(mem, le.Uint64(out.Data[u.TagsOff:]), n, 8))
	}
	return out
}

// readArray copies n elements of size bytes at addr, or the whole ones
// before the end of the first page when they cannot all be read; nothing
// for a NULL address or no element. The eBPF programs' read_array makes
// the same reads.
func readArray(mem Memory, addr, n, size uint64) trace.Capture {
	if addr == 0 || n == 0 {
		return trace.Capture{}
	}
	data := make([]byte, n*size)
	if err := mem.Read(addr, data); err != nil {
		return pageRest(mem, addr, data, size)
	}
	return trace.Capture{Data: data}
}

// withIocbs adds to out, io_submit's array of pointers to struct iocb,
// each iocb and what a valid one's aio_buf holds
// (syscalls.FprogCond.Iocbs).
func (x *Executor) withIocbs(mem Memory, c Call, p *syscalls.Plan, out trace.Capture) trace.Capture {
	if !p.Fprog.Iocbs || out.Faulted || !p.Fprog.Holds(c.Args) {
		return out
	}
	n := len(out.Data) / 8
	if !x.Verbose && !x.FullData {
		n = min(n, x.Limit())
	}
	out.Elems = make([]trace.Capture, n)
	for j := range out.Elems {
		ptr := binary.LittleEndian.Uint64(out.Data[j*8:])
		if ptr == 0 {
			continue
		}
		cb := readObject(mem, ptr, syscalls.IocbSize, syscalls.IocbSize)
		if !cb.Faulted {
			cb.Elems = x.iocbBuffer(mem, cb.Data)
		}
		out.Elems[j] = cb
	}
	return out
}

// iocbBuffer copies what a valid struct iocb's aio_buf holds for its
// opcode, if anything: the bytes a write writes, or the iovecs of a
// vectored read or write (a write's with their bytes).
func (x *Executor) iocbBuffer(mem Memory, cb []byte) []trace.Capture {
	op := binary.LittleEndian.Uint16(cb[syscalls.IocbOpcodeOff:])
	buf := binary.LittleEndian.Uint64(cb[syscalls.IocbBufOff:])
	n := binary.LittleEndian.Uint64(cb[syscalls.IocbNbytesOff:])
	if int64(n) < 0 || buf == 0 {
		return nil
	}
	switch op {
	case syscalls.IocbCmdPwrite:
		return []trace.Capture{x.readCapped(mem, buf, n)}
	case syscalls.IocbCmdPwritev, syscalls.IocbCmdPreadv:
		// A vectored read's buffers are not read, as at an exit that
		// failed: they print as their addresses.
		return []trace.Capture{x.readIovec(mem, buf, n, op == syscalls.IocbCmdPreadv, -1)}
	}
	return nil
}

// withKdf adds to out, at exit, the capture of a struct
// keyctl_kdf_params, what its pointers name (syscalls.FprogCond.Kdf).
func (x *Executor) withKdf(mem Memory, c Call, p *syscalls.Plan, out trace.Capture, when syscalls.When) trace.Capture {
	if when != syscalls.AtExit || out.Faulted || len(out.Data) < syscalls.KdfHeadSize || !p.Fprog.Holds(c.Args) {
		return out
	}
	le := binary.LittleEndian
	hashname := le.Uint64(out.Data[syscalls.KdfHashnameOff:])
	otherinfo := le.Uint64(out.Data[syscalls.KdfOtherinfoOff:])
	otherlen := uint64(le.Uint32(out.Data[syscalls.KdfOtherinfolenOff:]))
	elems := make([]trace.Capture, 2)
	if hashname != 0 {
		elems[0] = stringCapture(mem.ReadCString(hashname, x.Limit(), nil))
	}
	if otherinfo != 0 && otherlen > 0 {
		elems[1] = x.readCapped(mem, otherinfo, otherlen)
	}
	out.Elems = elems
	return out
}

// withIovs adds to out, at entry, the capture of an array of struct
// iovec at addr, the array and its bytes read again as a CaptureIovec
// plan reads them (syscalls.FprogCond.Iovs).
func (x *Executor) withIovs(mem Memory, c Call, addr uint64, p *syscalls.Plan, out trace.Capture, when syscalls.When) trace.Capture {
	if when != syscalls.AtEntry || out.Faulted || len(out.Data) < syscalls.FprogSize || !p.Fprog.Holds(c.Args) ||
		int(p.Fprog.CountArg) >= len(c.Args) {
		return out
	}
	iov := x.readIovec(mem, addr, c.Args[p.Fprog.CountArg], false, 0)
	out.Elems = []trace.Capture{iov}
	return out
}

// withIov runs a Prefix plan whose object may be a struct iovec
// (syscalls.FprogCond.Iov): the object, then, when the condition holds,
// the register set at its base; at exit, Aux is the entry copy's iov_len.
func (x *Executor) withIov(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, when syscalls.When) trace.Capture {
	// The entry copy's memory may be reused below: read it first.
	entryLen, haveEntry := uint64(0), false
	if d := c.Caps[i].Data; when == syscalls.AtExit && !c.Caps[i].Faulted && len(d) >= IovecSize {
		entryLen, haveEntry = binary.LittleEndian.Uint64(d[8:]), true
	}
	n := max(uint64(p.Size), uint64(x.Limit())+1)
	data := Sized(c.Bufs[i], n)
	var out trace.Capture
	if err := mem.Read(addr, data); err == nil {
		out = trace.Capture{Data: data}
	} else {
		out = pageRest(mem, addr, data, 1)
	}
	if out.Faulted || len(out.Data) < IovecSize || !p.Fprog.Holds(c.Args) {
		return out
	}
	base := binary.LittleEndian.Uint64(out.Data)
	ln := binary.LittleEndian.Uint64(out.Data[8:])
	out.Aux = ln
	if haveEntry {
		out.Aux = entryLen
	}
	if ln = min(ln, syscalls.RegsetMax); ln > 0 {
		regs := make([]byte, ln)
		if err := mem.Read(base, regs); err != nil {
			out.Elems = []trace.Capture{{Faulted: true}}
		} else {
			out.Elems = []trace.Capture{{Data: regs}}
		}
	}
	return out
}

// withFprog adds to out, the capture of a struct sock_fprog, the
// instructions it points to when plan p's Fprog condition holds.
func (x *Executor) withFprog(mem Memory, c Call, p *syscalls.Plan, out trace.Capture) trace.Capture {
	if !x.Verbose || p.Fprog.Plain || out.Faulted || len(out.Data) < syscalls.FprogSize || !p.Fprog.Holds(c.Args) {
		return out
	}
	n := uint64(binary.LittleEndian.Uint16(out.Data))
	ptr := binary.LittleEndian.Uint64(out.Data[syscalls.FprogFilterOff:])
	if n == 0 || ptr == 0 {
		return out
	}
	out.Elems = []trace.Capture{readArray(mem, ptr, min(n, syscalls.FprogInsnsMax), syscalls.FprogInsnSize)}
	return out
}

// StringArrayKeep is how many pointers of a string array plan p captures.
func (x *Executor) StringArrayKeep(p *syscalls.Plan) int {
	switch {
	case x.Verbose:
		return MaxStringArrayElems
	case p.CountOnly:
		return 0
	}
	return min(MaxStringArrayElems, x.Limit())
}

func (x *Executor) captureStringArray(mem Memory, addr uint64, p *syscalls.Plan) trace.Capture {
	ptrs, count, fault := mem.ReadPointers(addr, x.StringArrayKeep(p), MaxStringArrayCount)
	if fault && count == 0 {
		return trace.Capture{Faulted: true}
	}
	c := trace.Capture{
		Data:      make([]byte, 8*len(ptrs)),
		Aux:       uint64(count),
		Truncated: fault,
	}
	for j, ptr := range ptrs {
		binary.LittleEndian.PutUint64(c.Data[8*j:], ptr)
	}
	if p.CountOnly && !x.Verbose {
		return c
	}
	limit := x.Limit()
	c.Elems = make([]trace.Capture, len(ptrs))
	for j, ptr := range ptrs {
		data, trunc, f := mem.ReadCString(ptr, limit, nil)
		c.Elems[j] = trace.Capture{Data: data, Truncated: trunc, Faulted: f.Faulted}
	}
	return c
}

// readIovec copies the array of count struct iovec at addr and the bytes
// each element names, as the package comment describes: at exit (atExit),
// the bytes shown are limited to the ret transferred, and a failed call
// gets no Elems. Both CaptureIovec and a msghdr's iovecs come here.
func (x *Executor) readIovec(mem Memory, addr, count uint64, atExit bool, ret int64) trace.Capture {
	return x.readIovecUpTo(mem, addr, count, atExit, ret, x.bufLimit())
}

// readIovecUpTo is readIovec with limit bytes at most of each element.
func (x *Executor) readIovecUpTo(mem Memory, addr, count uint64, atExit bool, ret int64, limit uint64) trace.Capture {
	n := min(count, syscalls.MaxArrayElems)
	raw := make([]byte, n*IovecSize)
	if err := mem.Read(addr, raw); err != nil {
		// The iovecs before unreadable memory (strace prints them, then
		// "... /* ADDR */"): fewer than count in Data tells.
		r := pageRest(mem, addr, raw, IovecSize)
		if r.Faulted {
			return r
		}
		raw, n = r.Data, uint64(len(r.Data))/IovecSize
	}
	c := trace.Capture{Data: raw, Aux: count, Truncated: count > n}
	if atExit && ret < 0 {
		return c
	}
	k := int(n)
	if !x.Verbose && !x.FullData {
		k = min(k, x.Limit())
	}
	remaining := uint64(ret)
	c.Elems = make([]trace.Capture, k)
	for j := range c.Elems {
		base := binary.LittleEndian.Uint64(raw[j*IovecSize:])
		ln := binary.LittleEndian.Uint64(raw[j*IovecSize+8:])
		if atExit {
			// Only what the call transferred (an unbounded entry copy
			// keeps each length whole, as strace's tprint_iov).
			ln = min(ln, remaining)
			remaining -= ln
		}
		take := min(ln, limit)
		data := make([]byte, take)
		if take > 0 {
			if err := mem.Read(base, data); err != nil {
				c.Elems[j] = trace.Capture{Faulted: true}
				continue
			}
		}
		c.Elems[j] = trace.Capture{Data: data, Truncated: ln > take}
	}
	return c
}

// captureMsghdr executes a CaptureMsghdr plan for argument i: the header,
// then (unless this is the header-only entry capture of an exit plan, or
// the call failed) its name, iovecs and control buffer. The shape of the
// result is documented at syscalls.CaptureMsghdr.
func (x *Executor) captureMsghdr(mem Memory, c Call, i int, addr uint64, p *syscalls.Plan, when syscalls.When, ret int64) trace.Capture {
	atExit := when == syscalls.AtExit
	var entryNamelen uint64
	if atExit {
		// The entry capture is still in c.Caps[i]; its memory may be
		// reused below, so read it first.
		if d := c.Caps[i].Data; len(d) >= syscalls.MsghdrSize {
			entryNamelen = uint64(binary.LittleEndian.Uint32(d[MsgNamelenOff:]))
		}
	}
	hdr := Sized(c.Bufs[i], syscalls.MsghdrSize)
	if err := mem.Read(addr, hdr); err != nil {
		return trace.Capture{Faulted: true}
	}
	out := trace.Capture{Data: hdr, Aux: entryNamelen}
	if (!atExit && p.When&syscalls.AtExit != 0) || (atExit && ret < 0) {
		return out
	}
	out.Elems = x.msghdrBody(mem, hdr, atExit, atExit, ret)
	return out
}

// msghdrBody copies what the struct msghdr hdr points to: its name (with
// nameRest, what precedes the end of its page when the whole cannot be
// read), its iovecs and their bytes (with atExit, ret bytes in all) and
// its control buffer, as the Elems of a CaptureMsghdr capture.
func (x *Executor) msghdrBody(mem Memory, hdr []byte, nameRest, atExit bool, ret int64) []trace.Capture {
	elems := make([]trace.Capture, 3)
	le := binary.LittleEndian
	if name, n := le.Uint64(hdr[MsgNameOff:]), int32(le.Uint32(hdr[MsgNamelenOff:])); name != 0 && n > 0 {
		nc := readObject(mem, name, uint64(n), syscalls.MsgNameMax)
		if nc.Faulted && nameRest {
			// The kernel's length may exceed the caller's buffer,
			// which strace reads no further than: what precedes
			// the end of its page.
			nc = pageRest(mem, name, make([]byte, min(uint64(n), syscalls.MsgNameMax)), 1)
		}
		elems[syscalls.MsgName] = nc
	}
	if iov := le.Uint64(hdr[MsgIovOff:]); iov != 0 {
		limit := x.bufLimit()
		if nc := elems[syscalls.MsgName]; len(nc.Data) >= 2 && le.Uint16(nc.Data) == syscalls.AFNetlink {
			// Netlink messages, which strace reads whole.
			limit = max(limit, syscalls.MsgNetlinkMax)
		}
		elems[syscalls.MsgIov] = x.readIovecUpTo(mem, iov, le.Uint64(hdr[MsgIovlenOff:]), atExit, ret, limit)
	}
	if ctl, n := le.Uint64(hdr[MsgControlOff:]), le.Uint64(hdr[MsgControllenOff:]); ctl != 0 && n > 0 {
		elems[syscalls.MsgControl] = readObject(mem, ctl, n, ControlMax())
	}
	return elems
}

// capturePtrLen executes a CapturePtrLen plan: the pair at addr, then what
// its pointer points to (syscalls.CapturePtrLen).
func capturePtrLen(mem Memory, addr uint64, p *syscalls.Plan, buf []byte) trace.Capture {
	pair := Sized(buf, syscalls.PtrLenSize)
	if mem.Read(addr, pair) != nil {
		return trace.Capture{Faulted: true}
	}
	out := trace.Capture{Data: pair}
	ptr, n := binary.LittleEndian.Uint64(pair), binary.LittleEndian.Uint64(pair[8:])
	if ptr != 0 && n >= 1 && n <= uint64(p.ElemSize) {
		out.Elems = []trace.Capture{readObject(mem, ptr, n, n)}
	}
	return out
}

// DumpChunk is how much of a dumped buffer one read copies: strace's
// dumpstr reads a buffer in pieces of this size, and shows the data of
// those before one it cannot read.
const DumpChunk = 1 << 16

// dumpChunked says whether plan p's take bytes are read in DumpChunk
// pieces: a dumped call's plain buffer (syscalls.Dumped) larger than one.
func dumpChunked(x *Executor, p *syscalls.Plan, take uint64) bool {
	plain := p.Len == syscalls.LenArg || p.Len == syscalls.LenArg32 || p.Len == syscalls.LenRet
	return x.FullData && plain && take > DumpChunk && p.Header == 0 && !p.PageRest && p.ElemSize == 0
}

// readDumpChunks reads data's bytes at addr in DumpChunk pieces, up to the
// first it cannot read: the capture holds the pieces before it, and is
// Truncated when it stops short (or trunc says the object was longer),
// with Aux the size of the piece it could not read; Faulted when not even
// the first could be read.
func readDumpChunks(mem Memory, addr uint64, data []byte, trunc bool) trace.Capture {
	got := 0
	for got < len(data) {
		n := min(DumpChunk, len(data)-got)
		if mem.Read(addr+uint64(got), data[got:got+n]) != nil {
			break
		}
		got += n
	}
	if got == 0 {
		return trace.Capture{Faulted: true}
	}
	return trace.Capture{Data: data[:got], Truncated: trunc || got < len(data), Aux: uint64(min(DumpChunk, len(data)-got))}
}

// readObject copies min(n, limit) bytes at addr into fresh memory;
// Truncated says n was larger.
func readObject(mem Memory, addr, n, limit uint64) trace.Capture {
	take := min(n, limit)
	data := make([]byte, take)
	if err := mem.Read(addr, data); err != nil {
		return trace.Capture{Faulted: true}
	}
	return trace.Capture{Data: data, Truncated: n > take}
}

// Sized returns a slice of n bytes, reusing buf's memory if it fits.
func Sized(buf []byte, n uint64) []byte {
	if uint64(cap(buf)) >= n {
		return buf[:n]
	}
	return make([]byte, n)
}

// CopyInto copies src into dst's memory if it fits, else into a new slice.
// The result is never nil.
func CopyInto(dst, src []byte) []byte {
	out := append(dst[:0], src...)
	if out == nil {
		out = []byte{}
	}
	return out
}
