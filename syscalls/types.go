package syscalls

// Type says how an argument is printed and, through its capture plan, what
// a backend must copy out of the tracee for it.
type Type uint8

// Argument types. The decoder has one printer per type; Flags and Enum name
// their value table in Arg.Xlat, the Struct and Array types their layout in
// Arg.Layout.
const (
	// Int is a signed int, printed in decimal.
	Int Type = iota
	// Long is a signed long, printed in decimal.
	Long
	// Uint is an unsigned int, printed in decimal.
	Uint
	// Ulong is an unsigned long (size_t), printed in decimal.
	Ulong
	// Hex is an unsigned value printed as %#x.
	Hex
	// HexInt is an unsigned int printed as %#x (the upper 32 bits of the
	// register ignored).
	HexInt
	// Octal is a value printed as %#o.
	Octal
	// Ptr is an address: NULL, or 0x... .
	Ptr
	// FD is a file descriptor.
	FD
	// DirFD is a directory descriptor: AT_FDCWD or an FD.
	DirFD
	// ID is a uid_t or gid_t: unsigned, with (id_t)-1 printed as -1.
	ID
	// Signo is a signal number, printed by name (SIGTERM).
	Signo
	// Mode is a file permission mode, printed as octal (0644).
	Mode
	// Flags is a bit set printed with the names of Arg.Xlat (O_RDONLY|O_CLOEXEC).
	Flags
	// Enum is one value printed with the names of Arg.Xlat (SEEK_SET).
	Enum
	// Path is a NUL-terminated file name, copied at entry, shown whole.
	Path
	// String is a NUL-terminated string, copied at entry, shortened by -s.
	String
	// InBuf is a buffer the call reads: Arg.Len arguments' worth of bytes,
	// copied at entry, shown as a string shortened by -s. With Arg.Layout
	// set, the layout's size caps the copy instead of -s (a sockaddr).
	InBuf
	// OutBuf is a buffer the call fills: as many bytes as the call
	// returned, copied at exit, shown as a string shortened by -s (or
	// capped by Arg.Layout's size, as for InBuf: getdents64's entries).
	OutBuf
	// InIovec is an array of struct iovec the call reads; Arg.Len is the
	// index of the count argument.
	InIovec
	// OutIovec is an array of struct iovec the call fills, up to the
	// returned byte count.
	OutIovec
	// MsghdrIn is a struct msghdr the call reads (sendmsg): the header,
	// its address, its iovecs and their bytes, and its control buffer,
	// copied at entry.
	MsghdrIn
	// MsghdrOut is a struct msghdr the call fills (recvmsg): the header is
	// copied at entry (for the msg_namelen the caller offered) and again at
	// exit with what it points to, the iovecs' bytes up to the returned
	// byte count.
	MsghdrOut
	// MmsgvecIn is an array of struct mmsghdr the call sends (sendmmsg;
	// Arg.Len is the index of the count argument): the headers and what
	// each points to, copied at exit, when the kernel has set msg_len.
	MmsgvecIn
	// MmsgvecOut is an array of struct mmsghdr the call fills (recvmmsg;
	// Arg.Len is the index of the count argument): the headers copied at
	// entry (for the msg_namelen each offered) and again at exit with
	// what the received ones point to.
	MmsgvecOut
	// SigsetPair is pselect6's sigmask argument, a {const sigset_t *,
	// size_t} pair the call reads, copied at entry with the set.
	SigsetPair
	// StructIn is a fixed-size object the call reads, copied at entry.
	StructIn
	// StructOut is a fixed-size object the call fills, copied at exit.
	StructOut
	// StructInOut is a fixed-size object read at entry and filled at exit;
	// it is copied at both (the exit copy replaces the entry copy).
	StructInOut
	// ArrayIn is an array of fixed-size objects read by the call, with the
	// element count in argument Arg.Len; ArrayInOut is read and filled.
	ArrayIn
	ArrayInOut
	// StrArray is a NULL-terminated array of strings (execve's argv).
	StrArray
	// EnvArray is a NULL-terminated array of strings shown as a count
	// (/* 23 vars */) unless -v.
	EnvArray
	// SigframeMask is the signal mask rt_sigreturn restores: 8 bytes of the
	// signal frame on the stack, found from the stack pointer at entry.
	SigframeMask
	// Custom is printed by a syscall-specific decoder; the decoder reads the
	// capture that Arg.Layout's plan asks for, if any.
	Custom
)

// RetType says how a return value is printed.
type RetType uint8

// Return types.
const (
	// RetInt prints a signed decimal.
	RetInt RetType = iota
	// RetFD prints a file descriptor (with its path under -y).
	RetFD
	// RetHex prints %#x (addresses: mmap, brk).
	RetHex
	// RetOctal prints %#o (umask).
	RetOctal
	// RetNone is for calls that never return (exit_group): "= ?".
	RetNone
	// RetUint prints an unsigned decimal.
	RetUint
)

// Arg is one argument of a signature.
type Arg struct {
	// Name is the argument's name, as the man page spells it.
	Name string
	// Type is how it is printed and captured.
	Type Type
	// Xlat names the value table of a Flags or Enum argument.
	Xlat XlatID
	// Len is the index of the argument holding the length (InBuf, and the
	// cap of OutBuf) or the element count (iovecs, arrays); -1 for none.
	Len int8
	// Layout names the layout of a Struct or Array argument, the cap of a
	// buffer's copy, or the capture of a Custom one (LayoutNone for none).
	Layout LayoutID
	// At is when a Custom argument's capture is taken.
	At When
	// Header is an InBuf's or OutBuf's Plan.Header, or what a Custom
	// argument copied at entry and at exit copies at entry (EntryHead).
	Header uint8
	// KeepEntry keeps a Custom argument's entry copy beside its exit copy
	// (see Plan.KeepEntry).
	KeepEntry bool
	// Ext says a Custom argument is an extensible struct whose size is
	// argument Len (see LenExt).
	Ext bool
	// PageRest makes a buffer's copy that faults take the bytes up to the
	// end of its page instead (see Plan.PageRest).
	PageRest bool
	// MinSize is the least a buffer capped by the string limit copies,
	// whatever -s says (see Plan.MinSize).
	MinSize uint16
	// Netlink makes an InBuf's or OutBuf's copy take MsgNetlinkMax bytes
	// when argument 0 is a netlink socket (see Plan.Netlink).
	Netlink bool
	// Long says a Flags argument is a kernel long; the others are ints,
	// whose upper 32 bits the kernel ignores and strace does not print.
	Long bool
	// Prefix copies a Custom argument's object with a LenPrefix plan.
	Prefix bool
	// Count is how a Custom argument's length follows from argument Len
	// (LenArg, LenArgPages, LenFdSet), or LenFixed when it does not.
	Count LenFrom
	// Fprog is the Plan.Fprog of an InBuf or Prefix argument that may be
	// a struct sock_fprog.
	Fprog FprogCond
}

// Signature is how a system call's arguments and result are printed.
type Signature struct {
	Args []Arg
	Ret  RetType
	// Decoder names a syscall-specific decoder in package decode;
	// DecoderNone means the generic printer of each argument's Type.
	Decoder DecoderID
}

// Constructors that keep signatures.go short.

// A returns a plain argument of type t.
func A(name string, t Type) Arg { return Arg{Name: name, Type: t, Len: -1} }

// F returns a Flags argument printed with value table x.
func F(name string, x XlatID) Arg { return Arg{Name: name, Type: Flags, Xlat: x, Len: -1} }

// FL returns a Flags argument of the kernel's long type, printed with
// value table x.
func FL(name string, x XlatID) Arg { return Arg{Name: name, Type: Flags, Xlat: x, Len: -1, Long: true} }

// E returns an Enum argument printed with value table x.
func E(name string, x XlatID) Arg { return Arg{Name: name, Type: Enum, Xlat: x, Len: -1} }

// L returns an argument of type t whose length is argument lenArg.
func L(name string, t Type, lenArg int) Arg { return Arg{Name: name, Type: t, Len: int8(lenArg)} }

// S returns a struct argument of type t with layout l.
func S(name string, t Type, l LayoutID) Arg {
	return Arg{Name: name, Type: t, Layout: l, Len: -1}
}

// SA returns an array argument of type t, with element layout l and count
// in argument countArg.
func SA(name string, t Type, l LayoutID, countArg int) Arg {
	return Arg{Name: name, Type: t, Layout: l, Len: int8(countArg)}
}

// HB returns a buffer argument of type t (InBuf, OutBuf) whose length is
// argument lenArg (InBuf) and which follows a header of header bytes
// (a struct msgbuf: mtype, then mtext).
func HB(name string, t Type, lenArg int, header uint8) Arg {
	return Arg{Name: name, Type: t, Len: int8(lenArg), Header: header}
}

// B returns a buffer argument of type t (InBuf, OutBuf) whose length is
// argument lenArg and whose copy layout l caps.
func B(name string, t Type, lenArg int, l LayoutID) Arg {
	return Arg{Name: name, Type: t, Layout: l, Len: int8(lenArg)}
}

// C returns a Custom argument with no capture.
func C(name string) Arg { return Arg{Name: name, Type: Custom, Len: -1} }

// CIn returns a Custom argument whose object (of layout l) is copied at
// entry; COut, one copied at exit; CInOut, at both.
func CIn(name string, l LayoutID) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: -1, At: AtEntry}
}

// COut: see CIn.
func COut(name string, l LayoutID) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: -1, At: AtExit}
}

// PageVec returns a Custom argument that the call fills at exit with an
// element of layout l per page of the length in argument lenArg.
func PageVec(name string, l LayoutID, lenArg int) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: int8(lenArg), At: AtExit, Count: LenArgPages}
}

// HBOut returns a Custom buffer argument the call fills, copied at exit:
// a header of header bytes, then as many bytes as argument lenArg says
// (msgrcv's struct msgbuf, whose text strace prints to msgsz).
func HBOut(name string, lenArg int, header uint8) Arg {
	return Arg{Name: name, Type: Custom, Len: int8(lenArg), At: AtExit, Header: header, Count: LenArg}
}

// FdSetArg returns a select set, copied at entry and at exit, of as many
// descriptors as argument countArg says (LenFdSet).
func FdSetArg(name string, countArg int) Arg {
	return Arg{Name: name, Type: Custom, Layout: LayoutFdSet, Len: int8(countArg), At: AtEntry | AtExit, Count: LenFdSet}
}

// AtLeast returns a with MinSize n: a buffer argument strace may show as
// a structure of n bytes beyond the string limit (setsockopt's option
// values).
func AtLeast(a Arg, n uint16) Arg {
	a.MinSize = n
	return a
}

// Partial returns a with PageRest set: a value strace reads in part (a
// socket option's int within a longer optlen) is captured up to its
// page's end when the whole cannot be read.
func Partial(a Arg) Arg {
	a.PageRest = true
	return a
}

// NetlinkBuf returns a (an InBuf or OutBuf of a call whose argument 0 is
// a socket) copied up to MsgNetlinkMax bytes when that socket is a
// netlink one, whose messages strace reads whole (Plan.Netlink).
func NetlinkBuf(a Arg) Arg {
	a.Netlink = true
	return a
}

// CExt returns a Custom argument that is an extensible struct of known
// layout l, whose size the caller gives in argument sizeArg, copied when
// (at) says with the tail beyond l (syscalls.LenExt).
func CExt(name string, l LayoutID, sizeArg int, at When) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: int8(sizeArg), At: at, Ext: true}
}

// CInOut: see CIn.
func CInOut(name string, l LayoutID) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: -1, At: AtEntry | AtExit}
}

// CInAndOut returns a Custom argument copied at entry and again at exit,
// both copies kept: a value the call reads and then overwrites, such as a
// socket address length, printed as strace's [IN => OUT].
func CInAndOut(name string, l LayoutID) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: -1, At: AtEntry | AtExit, KeepEntry: true}
}

// EntryHead returns a, a Custom argument of a fixed layout copied at
// entry and at exit, copying only its first n bytes at entry (Plan.Header).
func EntryHead(a Arg, n uint8) Arg {
	a.Header = n
	return a
}

// CInPrefix returns a Custom argument whose object (of layout l, or the
// string limit plus one bytes if more) is copied at entry, or as much of
// it as lies before the end of its page when it cannot be read whole
// (Plan.Len LenPrefix): an argument whose type depends on another, such
// as fsconfig's value.
func CInPrefix(name string, l LayoutID) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: -1, At: AtEntry, Prefix: true}
}

// CInOutPrefix returns a Custom argument whose object (of layout l, or
// the string limit plus one bytes if more) is copied at entry and at exit,
// or as much of it as lies before the end of its page when it cannot be
// read whole (Plan.Len LenPrefix): an argument whose type depends on
// another, such as prctl's.
func CInOutPrefix(name string, l LayoutID) Arg {
	return Arg{Name: name, Type: Custom, Layout: l, Len: -1, At: AtEntry | AtExit, Prefix: true}
}

// WithFprog returns a (an InBuf or Prefix argument) whose object is a
// struct sock_fprog, with its instructions, when argument arg's lower 32
// bits are v1 or v2 (Plan.Fprog).
func WithFprog(a Arg, arg uint8, v1, v2 uint32) Arg {
	a.Fprog = FprogCond{On: true, Arg: arg, Vals: [2]uint32{v1, v2}}
	return a
}

// WithIovOn returns a (a Prefix argument) whose object is a struct iovec
// whose base's bytes are copied too when argument arg's lower 32 bits are
// v1 or v2 (Plan.Fprog with FprogCond.Iov).
func WithIovOn(a Arg, arg uint8, v1, v2 uint32) Arg {
	a.Fprog = FprogCond{On: true, Iov: true, Arg: arg, Vals: [2]uint32{v1, v2}}
	return a
}

// OnlyWhen returns a (a Custom argument) copied only when argument arg's
// lower 32 bits are v (Plan.Fprog with FprogCond.Plain): an argument that
// points to an object for one operation only.
func OnlyWhen(a Arg, arg uint8, v uint32) Arg {
	a.Fprog = FprogCond{On: true, Only: true, Plain: true, Arg: arg, Vals: [2]uint32{v, v}}
	return a
}

// WithKdfOn returns a (a Prefix argument) whose object is a struct
// keyctl_kdf_params whose string and buffer are copied at exit when
// argument arg's lower 32 bits are v (Plan.Fprog with FprogCond.Kdf).
func WithKdfOn(a Arg, arg uint8, v uint32) Arg {
	a.Fprog = FprogCond{On: true, Kdf: true, Arg: arg, Vals: [2]uint32{v, v}}
	return a
}

// WithIovsOn returns a (a Prefix argument) whose object is an array of
// struct iovec, argument count of them, whose bytes are copied at entry
// when argument arg's lower 32 bits are v (Plan.Fprog with
// FprogCond.Iovs).
func WithIovsOn(a Arg, arg uint8, v uint32, count uint8) Arg {
	a.Fprog = FprogCond{On: true, Iovs: true, Arg: arg, CountArg: count, Vals: [2]uint32{v, v}}
	return a
}

// WithUringArrays returns a (io_uring_register's Prefix argument) whose
// structure's arrays are copied at entry for the opcodes UringNested
// knows: argument opArg is the opcode, countArg the count of
// IORING_REGISTER_FILES_UPDATE's descriptors (Plan.Fprog with
// FprogCond.Uring).
func WithUringArrays(a Arg, opArg, countArg uint8) Arg {
	a.Fprog = FprogCond{On: true, Uring: true, Arg: opArg, CountArg: countArg}
	return a
}

// WithIocbs returns a (io_submit's ArrayIn argument of pointers to
// struct iocb) whose iocbs, and what a valid one's aio_buf holds, are
// copied at entry when argument count is positive (Plan.Fprog with
// FprogCond.Iocbs).
func WithIocbs(a Arg, count uint8) Arg {
	a.Fprog = FprogCond{On: true, Iocbs: true, Arg: count}
	return a
}

// WithFprogOnly returns a (a Custom argument with a fixed layout) copied
// only when argument arg's lower 32 bits are v, then as a struct
// sock_fprog with its instructions (Plan.Fprog, FprogCond.Only).
func WithFprogOnly(a Arg, arg uint8, v uint32) Arg {
	a.Fprog = FprogCond{On: true, Only: true, Arg: arg, Vals: [2]uint32{v, v}}
	return a
}
