package bpfbackend

import (
	"encoding/binary"
	"net/netip"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/capture"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Sizes of the record and segment headers and of the signal and stack
// records' (bpf/events.h).
const (
	recSize      = int(unsafe.Sizeof(sctraceRec{}))
	segSize      = int(unsafe.Sizeof(sctraceSeg{}))
	sigRecSize   = int(unsafe.Sizeof(sctraceSigRec{}))
	stackRecSize = int(unsafe.Sizeof(sctraceStackRec{}))
	mapEntSize   = int(unsafe.Sizeof(sctraceMapEnt{}))
)

// replay is a capture.Memory that serves the reads a capture plan makes
// from the segments the kernel program recorded while executing the same
// plan, in the same order. A read the record does not hold (the record
// was full, or the two sides disagree) fails as a fault; mismatches counts
// disagreements, which tests require to be 0.
type replay struct {
	data []byte
	off  int
	left int
	// used counts the segments consumed.
	used int
	ptrs []uint64
	// bytes counts the bytes of tracee memory served.
	bytes uint64
	// mismatches counts reads that found a segment of another kind or
	// address.
	mismatches uint64
	// fallback reads what the kernel program could not: BPF programs on
	// tracepoints cannot take page faults, so memory the task has mapped
	// but not yet touched (a string in a binary's read-only data) reads
	// as a fault there. It is read again from the live task (a read
	// that fails if the task is gone or the address is bad); rereads
	// counts the reads that succeeded, which hold the task's memory as
	// it was then rather than at the call. Tests require it to be 0.
	// A settled record (REC_F_SETTLED) has none: its faults stand.
	fallback *capture.Process
	proc     capture.Process
	rereads  uint64
	// tails counts the reads served by the record's bytes up to the
	// end of the first page (which the programs read at the call after
	// the whole read faulted) and by the live task's past it (see
	// pageRestAhead): only the bytes the programs could not reach are
	// the task's as they were when the record was read.
	tails uint64
	// reread is the address of the last read the live task served after
	// the kernel program's read faulted (0: none since the last segment
	// was taken). The program then read what precedes the end of the
	// page (page_rest), a segment the capture, which got the whole
	// object, does not ask for: next skips it.
	reread uint64
	// cut says the record was full before all its reads were recorded
	// (REC_F_CUT); cutReads counts the reads past its last segment.
	cut      bool
	cutReads uint64
	// tid is the thread whose record is being served.
	tid int32
	// pieces holds, by thread, the large reads that came in REC_DATA
	// records ahead of the thread's next record (SEG_F_CHUNKED).
	pieces map[int32][]piece
}

// piece is the data of one large read, as its REC_DATA records brought it.
type piece struct {
	addr uint64
	data []byte
}

// addPiece keeps the bytes of a REC_DATA record of thread tid: part of
// the read at addr, starting at offset off in it.
func (r *replay) addPiece(tid int32, addr, off uint64, data []byte) {
	if r.pieces == nil {
		r.pieces = make(map[int32][]piece)
	}
	ps := r.pieces[tid]
	if off == 0 {
		// A new read (a record may read one address more than once).
		r.pieces[tid] = append(ps, piece{addr: addr, data: append([]byte(nil), data...)})
		return
	}
	if i := len(ps) - 1; i >= 0 && ps[i].addr == addr && uint64(len(ps[i].data)) == off {
		ps[i].data = append(ps[i].data, data...)
	}
}

// dropPieces forgets what is left of thread tid's large reads once its
// record has been served (or the thread is gone).
func (r *replay) dropPieces(tid int32) {
	if len(r.pieces) != 0 { // the common case, no large read, costs no lookup
		delete(r.pieces, tid)
	}
}

// takePiece returns the data of thread r.tid's first large read at addr
// not yet taken, and whether exactly n bytes of it came.
func (r *replay) takePiece(addr uint64, n uint64) ([]byte, bool) {
	ps := r.pieces[r.tid]
	for i := range ps {
		if ps[i].addr == addr {
			data := ps[i].data
			r.pieces[r.tid] = append(ps[:i], ps[i+1:]...)
			return data, uint64(len(data)) == n
		}
	}
	return nil, false
}

var _ capture.Memory = (*replay)(nil)

// replayFlags are a syscall record's flags that replay heeds.
type replayFlags struct {
	// cut: the record ran out of room (REC_F_CUT).
	cut bool
	// settled: its faults are those ptrace would have met
	// (REC_F_SETTLED), not read again from the live task.
	settled bool
}

// reset starts serving the segments of a record of thread tid.
func (r *replay) reset(rec []byte, nseg int, tid int32, flags replayFlags) {
	r.cut = flags.cut
	r.proc.TID = int(tid)
	r.tid = tid
	r.fallback = &r.proc
	if flags.settled {
		r.fallback = nil
	}
	r.reread = 0
	r.data = rec
	r.off = recSize
	r.left = nseg
	r.used = 0
}

// skipTo moves past the first n segments of the record, those of an
// entry a plan did not consume whole.
func (r *replay) skipTo(n int) {
	for r.used < n && r.left > 0 && r.off+segSize <= len(r.data) {
		sg := (*sctraceSeg)(unsafe.Pointer(&r.data[r.off]))
		r.off += segSize + (int(sg.Len)+7)&^7
		r.left--
		r.used++
	}
}

// peek returns the record's next segment and its data without taking
// them; ok is false when the record has no more, or when the segment's
// data would run past the record.
func (r *replay) peek() (sg *sctraceSeg, data []byte, ok bool) {
	if r.left <= 0 || r.off+segSize > len(r.data) {
		return nil, nil, false
	}
	sg = (*sctraceSeg)(unsafe.Pointer(&r.data[r.off]))
	end := r.off + segSize + int(sg.Len)
	if end > len(r.data) {
		return sg, nil, false
	}
	return sg, r.data[r.off+segSize : end], true
}

// next returns the next segment and its data if it is of kind at addr.
func (r *replay) next(kind sctraceSegKind, addr uint64) (*sctraceSeg, []byte, bool) {
	sg, data, ok := r.peek()
	if sg == nil {
		if r.cut {
			r.cutReads++
		}
		return nil, nil, false
	}
	if !ok {
		r.left = 0
		return nil, nil, false
	}
	if (sg.Kind != kind || sg.Addr != addr) && r.reread != 0 && sg.Kind == sctraceSegKindSEG_READ && sg.Addr == r.reread {
		// page_rest's read after the one the live task served.
		r.reread = 0
		r.off += segSize + (int(sg.Len)+7)&^7
		r.left--
		r.used++
		return r.next(kind, addr)
	}
	r.reread = 0
	if sg.Kind != kind || sg.Addr != addr {
		r.mismatches++
		return nil, nil, false
	}
	r.off += segSize + (int(sg.Len)+7)&^7
	r.left--
	r.used++
	r.bytes += uint64(sg.Len)
	return sg, data, true
}

// Read implements capture.Memory.
func (r *replay) Read(addr uint64, buf []byte) error {
	if len(buf) == 0 {
		return nil
	}
	sg, data, ok := r.next(sctraceSegKindSEG_READ, addr)
	if ok && sg.Flags&sctraceSegFlagSEG_F_FAULT != 0 && r.fallback != nil {
		if rest, ok := r.pageRestAhead(addr, len(buf)); ok {
			// The bytes the programs read at the call stand; only
			// those past the page they could not read come from the
			// live task.
			err := r.fallback.Read(addr+uint64(len(rest)), buf[len(rest):])
			if err == nil {
				copy(buf, rest)
				r.tails++
				r.reread = addr
			}
			return err
		}
		err := r.fallback.Read(addr, buf)
		if err == nil {
			r.rereads++
			r.reread = addr
		}
		return err
	}
	if !ok || sg.Flags&sctraceSegFlagSEG_F_FAULT != 0 {
		return unix.EFAULT
	}
	if sg.Flags&sctraceSegFlagSEG_F_CHUNKED != 0 {
		var whole bool
		data, whole = r.takePiece(addr, sg.Aux)
		if !whole {
			r.mismatches++
			return unix.EFAULT
		}
		r.bytes += uint64(len(data))
	}
	if len(data) != len(buf) {
		r.mismatches++
		return unix.EFAULT
	}
	copy(buf, data)
	return nil
}

// pageRestAhead returns the data of the record's next segment when it is
// the programs' read of what precedes the end of the page of a read of n
// bytes at addr that faulted (page_rest): a read of the same address, of
// fewer bytes, none of them past the page's end, that did not fault.
func (r *replay) pageRestAhead(addr uint64, n int) ([]byte, bool) {
	sg, data, ok := r.peek()
	if !ok || sg.Kind != sctraceSegKindSEG_READ || sg.Addr != addr || sg.Flags != 0 || len(data) == 0 ||
		len(data) >= n || uint64(len(data)) > capture.PageSize-addr%capture.PageSize {
		return nil, false
	}
	return data, true
}

// VcpuRun implements capture.Descriptors: the programs' answer, in the
// segment of the read that asked (seg_vcpu_run).
func (r *replay) VcpuRun(fd int32) (uint64, bool) {
	sg, _, ok := r.next(sctraceSegKindSEG_VCPU, uint64(uint32(fd)))
	if !ok || sg.Aux == 0 {
		return 0, false
	}
	return sg.Aux, true
}

// The replay answers what the capture asks of descriptors.
var _ capture.Descriptors = (*replay)(nil)

// BPFObject implements capture.Descriptors: the programs' answer, in
// the segment of the read that asked.
func (r *replay) BPFObject(fd int32) syscalls.BPFObject {
	sg, _, ok := r.next(sctraceSegKindSEG_BPF_OBJ, uint64(uint32(fd)))
	if !ok {
		return syscalls.BPFObjOther
	}
	return syscalls.BPFObject(sg.Aux)
}

// ReadCString implements capture.Memory.
func (r *replay) ReadCString(addr uint64, max int, dst []byte) ([]byte, bool, capture.StringFault) {
	sg, data, ok := r.next(sctraceSegKindSEG_STR, addr)
	if !ok {
		return nil, false, capture.StringFault{Faulted: true}
	}
	if sg.Flags&sctraceSegFlagSEG_F_FAULT != 0 {
		// Aux: the bytes the program read before the string ran
		// into memory it could not read.
		recorded := capture.StringFault{Faulted: true, Before: int(sg.Aux), Want: max + 1}
		if r.fallback == nil {
			return nil, false, recorded
		}
		s, trunc, fault := r.fallback.ReadCString(addr, max, dst)
		switch {
		case !fault.Faulted:
			r.rereads++
		case !fault.Short():
			// The task is gone, or its memory is: what the
			// program saw stands.
			fault = recorded
		}
		return s, trunc, fault
	}
	if sg.Flags&sctraceSegFlagSEG_F_CHUNKED != 0 {
		var whole bool
		data, whole = r.takePiece(addr, sg.Aux)
		if !whole {
			r.mismatches++
			return nil, false, capture.StringFault{Faulted: true}
		}
		r.bytes += uint64(len(data))
		if sg.Flags&sctraceSegFlagSEG_F_TRUNC != 0 && len(data) > max {
			data = data[:max]
		}
	}
	if len(data) > max {
		r.mismatches++
		data = data[:max]
	}
	return capture.CopyInto(dst, data), sg.Flags&sctraceSegFlagSEG_F_TRUNC != 0, capture.StringFault{}
}

// ReadPointers implements capture.Memory.
func (r *replay) ReadPointers(addr uint64, keep, limit int) ([]uint64, int, bool) {
	sg, data, ok := r.next(sctraceSegKindSEG_PTRS, addr)
	if !ok {
		return nil, 0, true
	}
	if sg.Flags&sctraceSegFlagSEG_F_FAULT != 0 && sg.Aux == 0 && r.fallback != nil {
		ptrs, n, fault := r.fallback.ReadPointers(addr, keep, limit)
		if n > 0 || !fault {
			r.rereads++
		}
		return ptrs, n, fault
	}
	r.ptrs = r.ptrs[:0]
	for i := 0; i+8 <= len(data) && len(r.ptrs) < keep; i += 8 {
		r.ptrs = append(r.ptrs, binary.LittleEndian.Uint64(data[i:]))
	}
	return r.ptrs, int(min(sg.Aux, uint64(limit))), sg.Flags&sctraceSegFlagSEG_F_FAULT != 0
}

// ahead calls fn with the data of each segment of kind, at least size
// bytes long, among the record's next n segments (without consuming
// them), as a pointer and as bytes.
func (r *replay) ahead(n int, kind sctraceSegKind, size uintptr, fn func(unsafe.Pointer, []byte)) {
	for off, left := r.off, min(r.left, n); left > 0 && off+segSize <= len(r.data); left-- {
		sg := (*sctraceSeg)(unsafe.Pointer(&r.data[off]))
		data := off + segSize
		off = data + (int(sg.Len)+7)&^7
		if sg.Kind == kind && uintptr(sg.Len) >= size && data+int(sg.Len) <= len(r.data) {
			fn(unsafe.Pointer(&r.data[data]), r.data[data:data+int(sg.Len)])
		}
	}
}

// fdNames appends to dst the descriptors named by the SEG_FD segments
// among the record's next n segments (after the plans' segments), as
// /proc would name them; those it cannot name are left out.
func (r *replay) fdNames(dst []trace.FDName, n int) []trace.FDName {
	r.ahead(n, sctraceSegKindSEG_FD, unsafe.Sizeof(sctraceFdName{}), func(p unsafe.Pointer, data []byte) {
		fn := (*sctraceFdName)(p)
		if fn.Flags&sctraceFdNameFlagFDN_OPEN == 0 {
			dst = append(dst, trace.FDName{FD: fn.Fd, Closed: true})
			return
		}
		name := trace.FDName{FD: fn.Fd, Cloexec: fn.Cloexec != 0, Mode: uint32(fn.Mode),
			Rdev: unix.Mkdev(fn.Rdev>>20, fn.Rdev&(1<<20-1))}
		path := data[unsafe.Sizeof(sctraceFdName{}):]
		switch pseudo := procName(fn); {
		case pseudo != "":
			name.Name = pseudo
		case fn.Flags&sctraceFdNameFlagFDN_PSEUDO != 0:
			// A memfd's, say: d_path gives "/NAME (deleted)".
			name.Name, name.Deleted = "/"+cString(fn.Name[:]), true
		case fn.Flags&sctraceFdNameFlagFDN_PATH != 0 && int(fn.PathLen) <= len(path):
			name.Name = string(path[:fn.PathLen])
			name.Deleted = fn.Flags&sctraceFdNameFlagFDN_DELETED != 0
		default:
			return
		}
		dst = append(dst, name)
	})
	return dst
}

// procName is what /proc/PID/fd/N shows for the file fn describes, by the
// magic number of its pseudo file system, or "" for a file it names by
// path.
func procName(fn *sctraceFdName) string {
	switch fn.Magic {
	case unix.PIPEFS_MAGIC:
		return "pipe:[" + strconv.FormatUint(fn.Ino, 10) + "]"
	case unix.SOCKFS_MAGIC:
		return "socket:[" + strconv.FormatUint(fn.Ino, 10) + "]"
	case unix.PID_FS_MAGIC:
		return "anon_inode:[pidfd]"
	case unix.ANON_INODE_FS_MAGIC:
		return "anon_inode:" + cString(fn.Name[:])
	case unix.NSFS_MAGIC:
		// The programs read the namespace's type for its name.
		return cString(fn.Name[:]) + ":[" + strconv.FormatUint(fn.Ino, 10) + "]"
	}
	return ""
}

// sockets appends to dst the socket states of the SEG_SOCK segments
// among the record's next n segments.
func (r *replay) sockets(dst []trace.SocketState, n int) []trace.SocketState {
	r.ahead(n, sctraceSegKindSEG_SOCK, unsafe.Sizeof(sctraceSockState{}), func(p unsafe.Pointer, _ []byte) {
		ss := (*sctraceSockState)(p)
		st := trace.SocketState{FD: ss.Fd, Inode: ss.Ino, Proto: cString(ss.Proto[:]), Family: ss.Family,
			Listed: ss.Listed != 0, SPort: ss.Sport, DPort: ss.Dport, Peer: ss.PeerIno,
			NetlinkProto: ss.Protocol, PortID: ss.Portid}
		switch ss.Family {
		case unix.AF_INET:
			st.Src, st.Dst = netip.AddrFrom4([4]byte(ss.Saddr[:4])), netip.AddrFrom4([4]byte(ss.Daddr[:4]))
		case unix.AF_INET6:
			st.Src, st.Dst = netip.AddrFrom16(ss.Saddr), netip.AddrFrom16(ss.Daddr)
		case unix.AF_UNIX:
			if n := min(int(ss.PathLen), len(ss.Path)); n > 0 {
				st.Path = make([]byte, n)
				for i := range n {
					st.Path[i] = byte(ss.Path[i])
				}
			}
		}
		dst = append(dst, st)
	})
	return dst
}

// cString is the NUL-terminated string at the start of b.
func cString(b []int8) string {
	s := make([]byte, 0, len(b))
	for _, c := range b {
		if c == 0 {
			break
		}
		s = append(s, byte(c))
	}
	return string(s)
}
