package syscalls

import (
	"fmt"

	"github.com/sctrace/sctrace/trace"
)

// CaptureKind says what shape of user memory a plan copies.
type CaptureKind uint8

// Capture kinds.
const (
	// CaptureNone copies nothing.
	CaptureNone CaptureKind = iota
	// CaptureCString copies a NUL-terminated string (without the NUL).
	CaptureCString
	// CaptureBytes copies a byte range whose length the plan computes.
	CaptureBytes
	// CaptureStringArray copies a NULL-terminated array of string pointers
	// and the strings (or only counts them, with CountOnly).
	CaptureStringArray
	// CaptureIovec copies an array of struct iovec and the bytes each names.
	CaptureIovec
	// CaptureMsghdr copies a struct msghdr and what it points to: its
	// address (msg_name), its iovec array with the bytes each names (as
	// CaptureIovec does), and its control buffer (msg_control).
	//
	// The resulting trace.Capture has Data = the raw struct msghdr
	// (MsghdrSize bytes); at exit, Aux = the msg_namelen the header held at
	// entry (as a uint32), so that a decoder can show what the caller
	// offered beside what the kernel stored. Unless the plan's call failed
	// (an exit capture with a negative return value) or this is the entry
	// capture of an exit plan (AtEntry|AtExit: the header alone), Elems
	// holds three captures, indexed by the Msg* constants:
	//   - MsgName: min(msg_namelen, MsgNameMax) bytes at msg_name (empty
	//     when msg_name is NULL or msg_namelen <= 0);
	//   - MsgIov: the iovec array, shaped exactly like a CaptureIovec
	//     capture (raw array in Data, Aux = msg_iovlen, Elems per buffer,
	//     each limited by the string limit and, at exit, by the return
	//     value; at most the string limit of buffers unless verbose);
	//   - MsgControl: min(msg_controllen, MsgControlMax) bytes at
	//     msg_control, Truncated when msg_controllen was larger (empty when
	//     msg_control is NULL or msg_controllen is 0).
	// An unreadable object sets its capture's Faulted; an unreadable
	// header sets Faulted on the whole capture, with no Elems.
	CaptureMsghdr
)

// When says at which stop a capture is taken.
type When uint8

// When values; AtEntry|AtExit copies at both.
const (
	AtEntry When = 1 << iota
	AtExit
)

// LenFrom says where a CaptureBytes length comes from.
type LenFrom uint8

// Length sources.
const (
	// LenFixed: Size bytes.
	LenFixed LenFrom = iota
	// LenArg: argument LenArg times ElemSize bytes, capped at Size (or the
	// string limit when Size is 0).
	LenArg
	// LenRet: the return value's bytes (at exit), capped likewise.
	LenRet
)

// Plan is the capture plan of one argument: the single description of which
// user memory a backend copies. The ptrace backend executes it with
// process_vm_readv; the eBPF backend loads it into a map and executes it in
// the kernel. Nothing else decides what to read.
type Plan struct {
	Kind CaptureKind
	When When
	Len  LenFrom
	// LenArg is the argument holding a length or element count.
	LenArg uint8
	// ElemSize multiplies an argument-held count into bytes (arrays of
	// structs); 0 means 1.
	ElemSize uint32
	// Size is a fixed size (LenFixed) or a cap; 0 means "the string limit"
	// (-s), plus one byte for C strings so that truncation can be told.
	Size uint32
	// CountOnly makes a CaptureStringArray count its elements without
	// copying them unless the trace is verbose (-v).
	CountOnly bool
	// FromStack makes the object's address the stack pointer at entry plus
	// StackOffset, instead of the argument's value (rt_sigreturn's frame).
	FromStack   bool
	StackOffset int32
	// Count32 makes a LenArg count a C unsigned int: the argument's low
	// 32 bits (semop's nsops).
	Count32 bool
	// Prefix makes a CaptureBytes plan whose read faults copy again the
	// whole elements (of ElemSize bytes) that lie before the end of the
	// first page (PrefixPage bytes), so that an array running into an
	// unmapped page shows its readable elements (bytes, for a fixed-size
	// object without ElemSize: quotactl's data); the capture is then
	// Truncated with fewer bytes than asked.
	Prefix bool
	// Header is a number of bytes (at most 255) that precede the counted
	// ones and are copied besides them, whatever the cap: a struct
	// msgbuf's mtype before its mtext. A LenRet plan with a header copies
	// nothing when the call returned <= 0, as without.
	Header uint8
	// KeepEntry makes the exit copy of an AtEntry|AtExit CaptureBytes
	// plan of at most KeepEntryMax bytes keep the entry copy: the
	// capture's Data is the entry bytes then the exit bytes, and its Aux
	// the entry bytes' length.
	KeepEntry bool
}

// PrefixPage is the page size a Prefix plan's second read assumes: the
// smallest page of the architectures, so that the prefix is readable
// whenever the first page is.
const PrefixPage = 4096

// KeepEntryMax caps the size of a KeepEntry plan's object.
const KeepEntryMax = 8

// The layout of a struct msghdr capture (CaptureMsghdr).
const (
	// MsghdrSize is sizeof(struct msghdr) on 64-bit architectures.
	MsghdrSize = 56
	// MsgNameMax caps the bytes copied at msg_name: a sockaddr_storage.
	MsgNameMax = 128
	// MsgControlMax caps the bytes copied at msg_control.
	MsgControlMax = 1024
	// MsgName, MsgIov and MsgControl index a CaptureMsghdr's Elems.
	MsgName    = 0
	MsgIov     = 1
	MsgControl = 2
)

// PathMax caps the length of a captured file name, as PATH_MAX does.
const PathMax = 4096

// MaxArrayElems caps how many elements of an array argument are copied.
const MaxArrayElems = 1024

// sigframeMaskOffset is where the signal mask being restored lies relative
// to the stack pointer at rt_sigreturn's entry. x86_64: the frame starts at
// sp-8 (its return address was popped), and uc_sigmask sits at 8 (pretcode)
// + 40 (uc_flags, uc_link, uc_stack) + 256 (uc_mcontext) into it. arm64:
// the frame starts at sp, with 128 bytes of siginfo before a ucontext whose
// uc_sigmask is at 40.
var sigframeMaskOffset = map[uint32]int32{trace.ArchX86_64: 296, trace.ArchAArch64: 168}

// planFor derives the capture plan of a signature on arch.
func planFor(arch uint32, sig *Signature) (plans [trace.MaxArgs]Plan, any, atExit bool) {
	for i, a := range sig.Args {
		if i >= trace.MaxArgs {
			break
		}
		p := argPlan(arch, a)
		plans[i] = p
		if p.Kind != CaptureNone {
			any = true
			if p.When&AtExit != 0 {
				atExit = true
			}
		}
	}
	return plans, any, atExit
}

// mustSize is the size of layout l on arch; a layout without one is a
// mistake in the tables, found when the tables are built.
func mustSize(arch uint32, l LayoutID) uint32 {
	s := LayoutSize(arch, l)
	if s == 0 {
		panic(fmt.Sprintf("syscalls: layout %d has no size", l))
	}
	return s
}

// optSize is the cap a buffer's Layout sets, or 0 (the string limit).
func optSize(arch uint32, l LayoutID) uint32 {
	if l == LayoutNone {
		return 0
	}
	return mustSize(arch, l)
}

func argPlan(arch uint32, a Arg) Plan {
	switch a.Type {
	case Path:
		// strace prints at most PATH_MAX-1 characters of a name, reading
		// one more byte to tell whether it goes on: a name that fills its
		// page to the end is shown cut ("..."), not faulted.
		return Plan{Kind: CaptureCString, When: AtEntry, Size: PathMax - 1}
	case String:
		return Plan{Kind: CaptureCString, When: AtEntry}
	case InBuf:
		return Plan{Kind: CaptureBytes, When: AtEntry, Len: LenArg, LenArg: uint8(a.Len), Size: optSize(arch, a.Layout), Header: a.Header}
	case OutBuf:
		return Plan{Kind: CaptureBytes, When: AtExit, Len: LenRet, Size: optSize(arch, a.Layout), Header: a.Header}
	case InIovec:
		return Plan{Kind: CaptureIovec, When: AtEntry, Len: LenArg, LenArg: uint8(a.Len)}
	case OutIovec:
		return Plan{Kind: CaptureIovec, When: AtExit, Len: LenArg, LenArg: uint8(a.Len)}
	case MsghdrIn:
		return Plan{Kind: CaptureMsghdr, When: AtEntry, Len: LenFixed, Size: MsghdrSize}
	case MsghdrOut:
		return Plan{Kind: CaptureMsghdr, When: AtEntry | AtExit, Len: LenRet, Size: MsghdrSize}
	case StructIn:
		return Plan{Kind: CaptureBytes, When: AtEntry, Len: LenFixed, Size: mustSize(arch, a.Layout)}
	case StructOut:
		return Plan{Kind: CaptureBytes, When: AtExit, Len: LenFixed, Size: mustSize(arch, a.Layout)}
	case StructInOut:
		return Plan{Kind: CaptureBytes, When: AtEntry | AtExit, Len: LenFixed, Size: mustSize(arch, a.Layout)}
	case ArrayIn, ArrayInOut:
		es := mustSize(arch, a.Layout)
		w := AtEntry
		if a.Type == ArrayInOut {
			w |= AtExit
		}
		return Plan{Kind: CaptureBytes, When: w, Len: LenArg, LenArg: uint8(a.Len), ElemSize: es, Size: es * MaxArrayElems, Count32: a.Count32, Prefix: a.Prefix}
	case StrArray:
		return Plan{Kind: CaptureStringArray, When: AtEntry}
	case EnvArray:
		return Plan{Kind: CaptureStringArray, When: AtEntry, CountOnly: true}
	case SigframeMask:
		off, ok := sigframeMaskOffset[arch]
		if !ok {
			return Plan{}
		}
		return Plan{Kind: CaptureBytes, When: AtEntry, Len: LenFixed, Size: 8, FromStack: true, StackOffset: off}
	case Custom:
		if a.Layout == LayoutNone {
			return Plan{}
		}
		return Plan{Kind: CaptureBytes, When: a.At, Len: LenFixed, Size: mustSize(arch, a.Layout), KeepEntry: a.KeepEntry, Prefix: a.Prefix}
	}
	return Plan{}
}
