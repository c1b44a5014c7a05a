package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// io_uring_register(2), opcode by opcode, as strace 6.1's io_uring.c
// prints it. Its argument is captured as a prefix of the largest object
// an opcode reads (syscalls.LayoutIOUringRegisterArg), at entry and at
// exit (IORING_REGISTER_PROBE and IORING_REGISTER_IOWQ_MAX_WORKERS show
// what the call wrote). The arrays that the structures of
// IORING_REGISTER_FILES_UPDATE, _FILES2, _BUFFERS2, _FILES_UPDATE2 and
// _BUFFERS_UPDATE point to are captured at entry as the capture's Elems
// (syscalls.FprogCond.Uring).

// io_uring_register opcodes.
const (
	uringRegisterBuffers          = 0
	uringRegisterFiles            = 2
	uringRegisterEventfd          = 4
	uringRegisterFilesUpdate      = 6
	uringRegisterEventfdAsync     = 7
	uringRegisterProbe            = 8
	uringRegisterRestrictions     = 11
	uringRegisterFiles2           = 13
	uringRegisterFilesUpdate2     = 14
	uringRegisterBuffers2         = 15
	uringRegisterBuffersUpdate    = 16
	uringRegisterIowqAff          = 17
	uringRegisterIowqMaxWorkers   = 19
	uringRegisterRingFds          = 20
	uringUnregisterRingFds        = 21
	uringRegisterPbufRing         = 22
	uringUnregisterPbufRing       = 23
	uringProbeMaxOps              = 256
	uringProbeSize                = 16 // struct io_uring_probe without its ops
	uringProbeOpSize              = 8  // struct io_uring_probe_op
	uringRestrictionSize          = 16 // struct io_uring_restriction
	uringRsrcSize                 = 32 // struct io_uring_rsrc_register, io_uring_rsrc_update2
	uringRsrcUpdateSize           = 16 // struct io_uring_rsrc_update
	uringFilesUpdateSize          = 16 // struct io_uring_files_update
	uringRegisterFilesSkip        = -2 // IORING_REGISTER_FILES_SKIP
	uringBufRegSize               = 40 // struct io_uring_buf_reg
	uringRestrictionRegisterOp    = 0
	uringRestrictionSqeOp         = 1
	uringRestrictionSqeFlagsAllow = 2
	uringRestrictionSqeFlagsReq   = 3
	uringPageSize                 = 4096
)

var uringRegisterOpcodes = &xlat{vals: []xv{
	{0, "IORING_REGISTER_BUFFERS"}, {1, "IORING_UNREGISTER_BUFFERS"}, {2, "IORING_REGISTER_FILES"},
	{3, "IORING_UNREGISTER_FILES"}, {4, "IORING_REGISTER_EVENTFD"}, {5, "IORING_UNREGISTER_EVENTFD"},
	{6, "IORING_REGISTER_FILES_UPDATE"}, {7, "IORING_REGISTER_EVENTFD_ASYNC"}, {8, "IORING_REGISTER_PROBE"},
	{9, "IORING_REGISTER_PERSONALITY"}, {10, "IORING_UNREGISTER_PERSONALITY"},
	{11, "IORING_REGISTER_RESTRICTIONS"}, {12, "IORING_REGISTER_ENABLE_RINGS"},
	{13, "IORING_REGISTER_FILES2"}, {14, "IORING_REGISTER_FILES_UPDATE2"}, {15, "IORING_REGISTER_BUFFERS2"},
	{16, "IORING_REGISTER_BUFFERS_UPDATE"}, {17, "IORING_REGISTER_IOWQ_AFF"},
	{18, "IORING_UNREGISTER_IOWQ_AFF"}, {19, "IORING_REGISTER_IOWQ_MAX_WORKERS"},
	{20, "IORING_REGISTER_RING_FDS"}, {21, "IORING_UNREGISTER_RING_FDS"},
	{22, "IORING_REGISTER_PBUF_RING"}, {23, "IORING_UNREGISTER_PBUF_RING"},
}, dflt: "IORING_REGISTER_???"}

var uringOps = &xlat{vals: []xv{
	{0, "IORING_OP_NOP"}, {1, "IORING_OP_READV"}, {2, "IORING_OP_WRITEV"}, {3, "IORING_OP_FSYNC"},
	{4, "IORING_OP_READ_FIXED"}, {5, "IORING_OP_WRITE_FIXED"}, {6, "IORING_OP_POLL_ADD"},
	{7, "IORING_OP_POLL_REMOVE"}, {8, "IORING_OP_SYNC_FILE_RANGE"}, {9, "IORING_OP_SENDMSG"},
	{10, "IORING_OP_RECVMSG"}, {11, "IORING_OP_TIMEOUT"}, {12, "IORING_OP_TIMEOUT_REMOVE"},
	{13, "IORING_OP_ACCEPT"}, {14, "IORING_OP_ASYNC_CANCEL"}, {15, "IORING_OP_LINK_TIMEOUT"},
	{16, "IORING_OP_CONNECT"}, {17, "IORING_OP_FALLOCATE"}, {18, "IORING_OP_OPENAT"},
	{19, "IORING_OP_CLOSE"}, {20, "IORING_OP_FILES_UPDATE"}, {21, "IORING_OP_STATX"},
	{22, "IORING_OP_READ"}, {23, "IORING_OP_WRITE"}, {24, "IORING_OP_FADVISE"},
	{25, "IORING_OP_MADVISE"}, {26, "IORING_OP_SEND"}, {27, "IORING_OP_RECV"},
	{28, "IORING_OP_OPENAT2"}, {29, "IORING_OP_EPOLL_CTL"}, {30, "IORING_OP_SPLICE"},
	{31, "IORING_OP_PROVIDE_BUFFERS"}, {32, "IORING_OP_REMOVE_BUFFERS"}, {33, "IORING_OP_TEE"},
	{34, "IORING_OP_SHUTDOWN"}, {35, "IORING_OP_RENAMEAT"}, {36, "IORING_OP_UNLINKAT"},
	{37, "IORING_OP_MKDIRAT"}, {38, "IORING_OP_SYMLINKAT"}, {39, "IORING_OP_LINKAT"},
	{40, "IORING_OP_MSG_RING"}, {41, "IORING_OP_FSETXATTR"}, {42, "IORING_OP_SETXATTR"},
	{43, "IORING_OP_FGETXATTR"}, {44, "IORING_OP_GETXATTR"}, {45, "IORING_OP_SOCKET"},
	{46, "IORING_OP_URING_CMD"},
}, dflt: "IORING_OP_???"}

var uringOpFlags = &xlat{vals: []xv{{1, "IO_URING_OP_SUPPORTED"}}, dflt: "IO_URING_OP_???"}

var uringRestrictionOpcodes = &xlat{vals: []xv{
	{0, "IORING_RESTRICTION_REGISTER_OP"}, {1, "IORING_RESTRICTION_SQE_OP"},
	{2, "IORING_RESTRICTION_SQE_FLAGS_ALLOWED"}, {3, "IORING_RESTRICTION_SQE_FLAGS_REQUIRED"},
}, dflt: "IORING_RESTRICTION_???"}

var uringSqeFlags = &xlat{vals: []xv{
	{1 << 0, "IOSQE_FIXED_FILE"}, {1 << 1, "IOSQE_IO_DRAIN"}, {1 << 2, "IOSQE_IO_LINK"},
	{1 << 3, "IOSQE_IO_HARDLINK"}, {1 << 4, "IOSQE_ASYNC"}, {1 << 5, "IOSQE_BUFFER_SELECT"},
	{1 << 6, "IOSQE_CQE_SKIP_SUCCESS"},
}, dflt: "IOSQE_???"}

var uringRsrcFlags = &xlat{vals: []xv{{1, "IORING_RSRC_REGISTER_SPARSE"}}, dflt: "IORING_RSRC_REGISTER_???"}

var uringIowqAcct = &xlat{vals: []xv{{0, "IO_WQ_BOUND"}, {1, "IO_WQ_UNBOUND"}}, dflt: "IO_WQ_???"}

// xvalU prints v by name or, unnamed, in decimal with x's default
// comment, as strace's printxval_ex with XLAT_STYLE_FMT_U.
func (d *Decoder) xvalU(b []byte, x *xlat, v uint64) []byte {
	mark := len(b)
	if s, ok := x.lookup(v); ok {
		b = append(b, s...)
	} else {
		b = appendUint(b, v)
		b = appendComment(b, x.dflt)
	}
	return d.restyle(b, mark, v, numUnsigned)
}

// appendUringArg prints io_uring_register's argument for opcode op, at
// entry or (atExit) at exit, and reports whether strace's decoder
// returned 0 there (more follows at exit; nr_args is not printed yet).
func (d *Decoder) appendUringArg(b []byte, ev *trace.Event, op uint32, atExit bool) ([]byte, bool) {
	const l = syscalls.LayoutIOUringRegisterArg
	addr, nargs := ev.Args[2], uint64(uint32(ev.Args[3]))
	switch op {
	case uringRegisterBuffers:
		return d.appendPrefixIovec(b, ev, 2, l, nargs), false
	case uringRegisterFiles, uringRegisterEventfd, uringRegisterEventfdAsync:
		b, _ = d.appendPrefixArray(b, ev, 2, l, nargs, 4, false, func(b []byte, p []byte, k uint64) []byte {
			return d.appendFD(b, ev, uint64(le32(p, 0)))
		})
		return b, false
	case uringRegisterFilesUpdate:
		p, ok := d.uringStruct(ev, uringFilesUpdateSize)
		if !ok {
			return appendPtr(b, addr), false
		}
		b = append(b, "{offset="...)
		b = appendUint(b, uint64(le32(p, 0)))
		if resv := le32(p, 4); resv != 0 {
			b = append(b, ", resv="...)
			b = appendHex(b, uint64(resv))
		}
		b = append(b, ", fds="...)
		b = d.appendUringArray(b, ev, 0, le64(p, 8), nargs, 4, d.uringUpdateFD(ev))
		return append(b, '}'), false
	case uringRegisterProbe:
		return d.appendUringProbe(b, ev, atExit)
	case uringRegisterRestrictions:
		b, _ = d.appendPrefixArray(b, ev, 2, l, nargs, uringRestrictionSize, false, func(b []byte, p []byte, k uint64) []byte {
			return d.appendUringRestriction(b, p)
		})
		return b, false
	case uringRegisterFiles2, uringRegisterBuffers2, uringRegisterFilesUpdate2, uringRegisterBuffersUpdate:
		return d.appendUringRsrc(b, ev, op), false
	case uringRegisterIowqAff:
		return d.appendUringAffinity(b, ev), false
	case uringRegisterIowqMaxWorkers:
		b, complete := d.appendPrefixArray(b, ev, 2, l, nargs, 4, atExit, func(b []byte, p []byte, k uint64) []byte {
			b = append(b, '[')
			b = d.xvalU(b, uringIowqAcct, k)
			b = append(b, "]="...)
			return appendUint(b, uint64(le32(p, 0)))
		})
		if !atExit && complete {
			b = append(b, " => "...)
		}
		return b, complete
	case uringRegisterRingFds, uringUnregisterRingFds:
		b, _ = d.appendPrefixArray(b, ev, 2, l, nargs, uringRsrcUpdateSize, false, func(b []byte, p []byte, k uint64) []byte {
			return d.appendUringRingFd(b, ev, p, op == uringRegisterRingFds)
		})
		return b, false
	case uringRegisterPbufRing, uringUnregisterPbufRing:
		p, ok := d.uringStruct(ev, uringBufRegSize)
		if !ok {
			return appendPtr(b, addr), false
		}
		b = append(b, "{ring_addr="...)
		b = appendPtr(b, le64(p, 0))
		b = append(b, ", ring_entries="...)
		b = appendUint(b, uint64(le32(p, 8)))
		b = append(b, ", bgid="...)
		b = appendUint(b, uint64(le16(p, 12)))
		if pad := le16(p, 14); pad != 0 {
			b = append(b, ", pad="...)
			b = appendHex(b, uint64(pad))
		}
		b = d.appendU64ArrayField(b, "resv", p[16:40], 3)
		return append(b, '}'), false
	}
	return appendPtr(b, addr), false
}

// uringStruct returns the n bytes of the structure io_uring_register's
// argument points to, when they could be read (strace's umove).
func (d *Decoder) uringStruct(ev *trace.Event, n int) ([]byte, bool) {
	return keyctlStruct(ev, 2, n)
}

// appendUringArray prints array k (0: data, 1: tags) of n elements of
// esize bytes at addr, which io_uring_register's structure points to,
// from the capture's Elems[k] (syscalls.FprogCond.Uring), as strace's
// print_array.
func (d *Decoder) appendUringArray(b []byte, ev *trace.Event, k int, addr, n uint64, esize int, elem func(b []byte, p []byte, k uint64) []byte) []byte {
	var c *trace.Capture
	if es := ev.Captures[2].Elems; k < len(es) {
		c = &es[k]
	}
	return d.appendNestedArray(b, addr, n, esize, c, elem)
}

// uringUpdateFD returns the printer of a descriptor to update, as
// strace's print_files_update_array_member: a descriptor, or below -1
// IORING_REGISTER_FILES_SKIP's value by name.
func (d *Decoder) uringUpdateFD(ev *trace.Event) func(b []byte, p []byte, _ uint64) []byte {
	return func(b []byte, p []byte, _ uint64) []byte {
		fd := int32(le32(p, 0))
		if fd >= -1 {
			return d.appendFD(b, ev, uint64(uint32(fd)))
		}
		mark := len(b)
		if fd == uringRegisterFilesSkip {
			b = append(b, "IORING_REGISTER_FILES_SKIP"...)
		} else {
			b = strconv.AppendInt(b, int64(fd), 10)
		}
		return d.restyle(b, mark, uint64(int64(fd)), numDecimal)
	}
}

// appendU64ArrayField prints ", name=[...]" for an array of n u64 at p in
// hex, when one is not zero.
func (d *Decoder) appendU64ArrayField(b []byte, name string, p []byte, n int) []byte {
	nonzero := false
	for k := 0; k < n; k++ {
		nonzero = nonzero || le64(p, 8*k) != 0
	}
	if !nonzero {
		return b
	}
	b = append(b, ", "...)
	b = append(b, name...)
	b = append(b, "=["...)
	for k := 0; k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && k >= max(d.opts.StringLimit, 0) {
			b = append(b, "..."...)
			break
		}
		b = appendHex(b, le64(p, 8*k))
	}
	return append(b, ']')
}

// appendUringProbe prints IORING_REGISTER_PROBE's struct io_uring_probe
// as strace's print_io_uring_probe: at entry when it is not all zero
// (the kernel wants zeros), and at exit what the call wrote.
func (d *Decoder) appendUringProbe(b []byte, ev *trace.Event, atExit bool) ([]byte, bool) {
	addr, nargs := ev.Args[2], uint64(uint32(ev.Args[3]))
	if nargs > uringProbeMaxOps {
		return appendPtr(b, addr), false
	}
	size := uringProbeSize + int(nargs)*uringProbeOpSize
	p, ok := d.uringStruct(ev, size)
	if !ok {
		return appendPtr(b, addr), false
	}
	zero := true
	for _, c := range p {
		zero = zero && c == 0
	}
	if !atExit {
		if zero {
			return b, true
		}
		return d.appendUringProbeStruct(b, p, nargs, false), true
	}
	// Whether the entry printed the probe: it was not all zero, which
	// the kernel refuses, so that the call failed (or its result was
	// injected) and the memory holds what it held at entry.
	printed := !zero && (ev.IsError() || ev.Tampered&trace.TamperedResult != 0)
	if failed(ev) {
		if !printed {
			b = appendPtr(b, addr)
		}
		return b, true
	}
	if printed {
		b = append(b, " => "...)
	}
	return d.appendUringProbeStruct(b, p, nargs, true), true
}

// appendUringProbeStruct prints a struct io_uring_probe whose ops are
// nargs long; atExit, only the ops_len the kernel filled are shown.
func (d *Decoder) appendUringProbeStruct(b []byte, p []byte, nargs uint64, atExit bool) []byte {
	b = append(b, "{last_op="...)
	b = d.xvalU(b, uringOps, uint64(p[0]))
	b = append(b, ", ops_len="...)
	opsLen := uint64(p[1])
	b = appendUint(b, opsLen)
	if resv := le16(p, 2); resv != 0 {
		b = append(b, ", resv="...)
		b = appendHex(b, uint64(resv))
	}
	if le32(p, 4) != 0 || le32(p, 8) != 0 || le32(p, 12) != 0 {
		b = append(b, ", resv2="...)
		b = d.appendHexArray(b, p[4:16], 3)
	}
	b = append(b, ", ops=["...)
	n := nargs
	truncated := false
	if atExit {
		n = min(opsLen, nargs)
		truncated = nargs < opsLen
	}
	limit := uint64(max(d.opts.StringLimit, 0))
	abbreviated := false
	for k := uint64(0); k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && n > limit && k >= limit {
			b = append(b, "..."...)
			abbreviated = true
			break
		}
		b = d.appendUringProbeOp(b, p[uringProbeSize+int(k)*uringProbeOpSize:])
	}
	if truncated && !abbreviated {
		if n > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "..."...)
	}
	return append(b, "]}"...)
}

// appendUringProbeOp prints a struct io_uring_probe_op.
func (d *Decoder) appendUringProbeOp(b []byte, p []byte) []byte {
	b = append(b, "{op="...)
	b = d.xvalU(b, uringOps, uint64(p[0]))
	if p[1] != 0 {
		b = append(b, ", resv="...)
		b = appendHex(b, uint64(p[1]))
	}
	b = append(b, ", flags="...)
	b = d.flags(b, uringOpFlags, uint64(le16(p, 2)))
	if resv2 := le32(p, 4); resv2 != 0 {
		b = append(b, ", resv2="...)
		b = appendHex(b, uint64(resv2))
	}
	return append(b, '}')
}

// appendUringRestriction prints a struct io_uring_restriction.
func (d *Decoder) appendUringRestriction(b []byte, p []byte) []byte {
	b = append(b, "{opcode="...)
	opcode := le16(p, 0)
	b = d.enum(b, uringRestrictionOpcodes, uint64(opcode))
	switch opcode {
	case uringRestrictionRegisterOp:
		b = append(b, ", register_op="...)
		b = d.enum(b, uringRegisterOpcodes, uint64(p[2]))
	case uringRestrictionSqeOp:
		b = append(b, ", sqe_op="...)
		b = d.enum(b, uringOps, uint64(p[2]))
	case uringRestrictionSqeFlagsAllow, uringRestrictionSqeFlagsReq:
		b = append(b, ", sqe_flags="...)
		b = d.flags(b, uringSqeFlags, uint64(p[2]))
	default:
		b = append(b, " /* op: "...)
		b = appendHex(b, uint64(p[2]))
		b = append(b, " */"...)
	}
	if p[3] != 0 {
		b = append(b, ", resv="...)
		b = appendHex(b, uint64(p[3]))
	}
	if le32(p, 4) != 0 || le32(p, 8) != 0 || le32(p, 12) != 0 {
		b = append(b, ", resv2="...)
		b = d.appendHexArray(b, p[4:16], 3)
	}
	return append(b, '}')
}

// appendUringRingFd prints a struct io_uring_rsrc_update of
// IORING_REGISTER_RING_FDS (reg) or IORING_UNREGISTER_RING_FDS.
func (d *Decoder) appendUringRingFd(b []byte, ev *trace.Event, p []byte, reg bool) []byte {
	b = append(b, "{offset="...)
	off := le32(p, 0)
	if reg && off == ^uint32(0) {
		b = append(b, "-1"...)
	} else {
		b = appendUint(b, uint64(off))
	}
	if resv := le32(p, 4); resv != 0 {
		b = append(b, ", resv="...)
		b = appendHex(b, uint64(resv))
	}
	data := le64(p, 8)
	switch {
	case reg:
		b = append(b, ", data="...)
		b = d.appendFD(b, ev, uint64(uint32(data)))
	case data != 0:
		b = append(b, ", data="...)
		b = appendHex(b, data)
	}
	return append(b, '}')
}

// appendUringRsrc prints the struct io_uring_rsrc_register of
// IORING_REGISTER_FILES2 and _BUFFERS2, or the struct
// io_uring_rsrc_update2 of _FILES_UPDATE2 and _BUFFERS_UPDATE, of the
// size nr_args gives.
func (d *Decoder) appendUringRsrc(b []byte, ev *trace.Event, op uint32) []byte {
	addr, size := ev.Args[2], uint64(uint32(ev.Args[3]))
	if size < uringRsrcSize {
		return appendPtr(b, addr)
	}
	p, ok := d.uringStruct(ev, uringRsrcSize)
	if !ok {
		return appendPtr(b, addr)
	}
	update := op == uringRegisterFilesUpdate2 || op == uringRegisterBuffersUpdate
	var nr, data, tags uint64
	if !update {
		nr, data, tags = uint64(le32(p, 0)), le64(p, 16), le64(p, 24)
		b = append(b, "{nr="...)
		b = appendUint(b, nr)
		b = append(b, ", flags="...)
		b = d.flags(b, uringRsrcFlags, uint64(le32(p, 4)))
		if resv2 := le64(p, 8); resv2 != 0 {
			b = append(b, ", resv2="...)
			b = appendHex(b, resv2)
		}
	} else {
		nr, data, tags = uint64(le32(p, 24)), le64(p, 8), le64(p, 16)
		b = append(b, "{offset="...)
		b = appendUint(b, uint64(le32(p, 0)))
		if resv := le32(p, 4); resv != 0 {
			b = append(b, ", resv="...)
			b = appendHex(b, uint64(resv))
		}
	}
	b = append(b, ", data="...)
	switch op {
	case uringRegisterFiles2:
		b = d.appendUringArray(b, ev, 0, data, nr, 4, func(b []byte, p []byte, _ uint64) []byte {
			return d.appendFD(b, ev, uint64(le32(p, 0)))
		})
	case uringRegisterFilesUpdate2:
		b = d.appendUringArray(b, ev, 0, data, nr, 4, d.uringUpdateFD(ev))
	default:
		b = d.appendUringArray(b, ev, 0, data, nr, 16, appendIovecAddr)
	}
	b = append(b, ", tags="...)
	b = d.appendUringArray(b, ev, 1, tags, nr, 8, func(b []byte, p []byte, _ uint64) []byte {
		return appendHex(b, le64(p, 0))
	})
	if update {
		b = append(b, ", nr="...)
		b = appendUint(b, nr)
		if resv2 := le32(p, 28); resv2 != 0 {
			b = append(b, ", resv2="...)
			b = appendHex(b, uint64(resv2))
		}
	}
	if size > uringRsrcSize {
		b = d.appendUringExtra(b, ev, uringRsrcSize, int(min(size, uringPageSize)))
	}
	return append(b, '}')
}

// appendUringExtra prints the bytes from off to end of io_uring_register's
// argument when not all zero, as strace's print_nonzero_bytes: "???"
// when they could not be read.
func (d *Decoder) appendUringExtra(b []byte, ev *trace.Event, off, end int) []byte {
	cp, ok := capOK(ev, 2)
	if !ok || len(cp.Data) < end {
		if ok && d.prefixWhole(ev, 2, syscalls.LayoutIOUringRegisterArg) {
			return append(b, ", ..."...)
		}
		return append(b, ", ???"...)
	}
	p := cp.Data[off:end]
	zero := true
	for _, c := range p {
		zero = zero && c == 0
	}
	if zero {
		return b
	}
	b = append(b, ", /* bytes "...)
	b = appendUint(b, uint64(off))
	b = append(b, ".."...)
	b = appendUint(b, uint64(end-1))
	b = append(b, " */ "...)
	show := min(len(p), max(d.opts.StringLimit, 0))
	b = d.appendQuoted(b, p[:show], true)
	if show < len(p) {
		b = append(b, "..."...)
	}
	return b
}

// appendUringAffinity prints IORING_REGISTER_IOWQ_AFF's CPU mask of
// nr_args bytes as strace's print_affinitylist.
func (d *Decoder) appendUringAffinity(b []byte, ev *trace.Event) []byte {
	return d.appendAffinityList(b, ev, ev.Args[2], &ev.Captures[2], uint64(uint32(ev.Args[3])))
}

// enterIOUringRegister prints io_uring_register(2) at entry: the ring,
// the opcode, the argument and, unless the opcode shows more at exit,
// nr_args.
func enterIOUringRegister(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, uint64(uint32(ev.Args[0])))
	b = d.sep(b)
	op := uint32(ev.Args[1])
	b = d.enum(b, uringRegisterOpcodes, uint64(op))
	b = d.sep(b)
	b, more := d.appendUringArg(b, ev, op, false)
	if more {
		return b
	}
	b = d.sep(b)
	return appendUint(b, uint64(uint32(ev.Args[3])))
}

// exitIOUringRegister prints what the opcodes that show more at exit
// print there, then nr_args.
func exitIOUringRegister(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	op := uint32(ev.Args[1])
	if _, more := d.appendUringArg(nil, ev, op, false); !more {
		return b
	}
	b, _ = d.appendUringArg(b, ev, op, true)
	b = d.sep(b)
	return appendUint(b, uint64(uint32(ev.Args[3])))
}
