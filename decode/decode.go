// Package decode turns Events into strace's text.
//
// It reads only what an Event carries (arguments, return value, captured
// memory); it never reaches into a process, so it formats the events of
// either backend alike and is testable without privileges.
//
// A system call line is built from three parts, so that a caller can split
// it the way strace does when another thread's event intervenes:
//
//	AppendEnter:  `read(3, `            what strace prints at entry
//	AppendExit:   `"\177ELF"..., 832)`  the rest of the arguments
//	AppendReturn: `= 832`                the result
//
// AppendCall writes the three at once and locates the name, each argument
// and the result in what it wrote (CallText), for JSON output.
//
// How a call is printed is resolved once per number (lazily) into a call:
// one printer per argument, chosen by the argument's syscalls.Type (Int,
// Path, OutBuf, StructOut ...), with value tables (xlat_tables.go) named by
// Arg.Xlat and struct printers (structs*.go) named by Arg.Layout. Calls
// whose printing depends on other arguments or on the result have a
// syscall-specific decoder (calls_*.go) named by Signature.Decoder, which
// replaces the entry part, the exit part or the result's decoration. The
// signatures name all three by typed IDs of package syscalls; refs.go maps
// each ID to its implementation.
//
// The split between entry and exit follows strace: arguments are printed
// at entry up to the first one the call fills (OutBuf, StructOut ...);
// that one and those after it are printed at exit. Output arguments of a
// call that failed or never returned are printed as addresses, as strace
// prints what it cannot or need not read.
package decode

import (
	"math"
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// HexMode is the -x / -xx setting.
type HexMode uint8

// Hex modes.
const (
	// HexNone escapes only non-printable bytes (strace's default).
	HexNone HexMode = iota
	// HexNonASCII prints non-ASCII strings in hex (-x).
	HexNonASCII
	// HexAll prints all strings in hex (-xx).
	HexAll
	// HexNonASCIIChars escapes non-printable bytes in hex rather than
	// octal (--strings-in-hex=non-ascii-chars).
	HexNonASCIIChars
)

// DefaultStringLimit is -s when not given.
const DefaultStringLimit = 32

// Options shape the decoded text.
type Options struct {
	// StringLimit is -s: how many bytes of a string are shown (0: none,
	// only "..."). strace's default is DefaultStringLimit.
	StringLimit int
	// Hex is -x / -xx.
	Hex HexMode
	// Verbose is -v: structures and environments in full.
	Verbose bool
	// DecodeFDs is -y / -yy: what is shown beside file descriptors; FDs
	// answers the questions it raises (nil shows bare numbers).
	DecodeFDs FDDecode
	FDs       FDResolver
	// DumpRead and DumpWrite are -e read= and -e write=: the descriptors
	// whose data AppendDumps shows in hex (nil: none).
	DumpRead, DumpWrite *trace.FDSet
	// Raw is -e raw=: the syscalls whose arguments and result print as
	// raw hex numbers (nil: none).
	Raw *trace.SyscallSet
	// Xlat is -X: names, numbers, or both for named constants.
	Xlat XlatStyle
	// Abbrev is -e abbrev=: the calls whose structures and arrays are
	// abbreviated unless Verbose (nil: all). Deref is -e verbose=: the
	// calls whose structures are shown at all, others showing addresses
	// (nil: all).
	Abbrev, Deref *trace.SyscallSet
	// DecodePids is --decode-pids (-Y, --pidns-translation): what is shown
	// beside process ids; Pids answers the questions it raises (nil shows
	// bare numbers).
	DecodePids PidDecode
	Pids       PidResolver
}

// Decoder formats events. It is not safe for concurrent use.
type Decoder struct {
	opts Options
	// calls caches the resolved printer of each number, per architecture
	// (index 0: x86_64, 1: arm64).
	calls [4][]*call
	// unknown caches printers of numbers beyond the tables.
	unknown map[uint64]*call
	// scratch holds a constant's names while restyle rewrites it (-X).
	scratch []byte
	// ioctlTmp is where an ioctl's entry is formatted again at its exit.
	ioctlTmp []byte
	// selective is set when -e raw=, abbrev= or verbose= treat some calls
	// differently (verbosity.go); shallow is narrow's copy of an event,
	// traced the event it copied (see whole).
	selective bool
	shallow   trace.Event
	traced    *trace.Event
	// recording is set while AppendCall formats a call; seps then collects
	// the offset of each ", " between two of its arguments (sep).
	recording bool
	seps      []int
	// tid is the thread whose event is being formatted: the namespace of
	// the process ids its structures hold (appendPidField).
	tid int32
}

// New returns a Decoder with opts.
func New(opts Options) *Decoder {
	opts.StringLimit = max(opts.StringLimit, 0)
	return &Decoder{opts: opts, selective: opts.Raw != nil || opts.Abbrev != nil || opts.Deref != nil}
}

// SetFDResolver sets the resolver -y and -yy consult (Options.FDs); the
// CLI creates it once the backend is known.
func (d *Decoder) SetFDResolver(r FDResolver) { d.opts.FDs = r }

// Options returns the decoder's options.
func (d *Decoder) Options() Options { return d.opts }

func table(ev *trace.Event) *syscalls.Table {
	if t := syscalls.ForCall(ev.Arch, ev.Pers); t != nil {
		return t
	}
	return syscalls.X86_64
}

// tableIndex is t's index in Decoder.calls.
func tableIndex(t *syscalls.Table) int {
	switch t {
	case syscalls.ARM64:
		return 1
	case syscalls.I386:
		return 2
	case syscalls.X32:
		return 3
	}
	return 0
}

// compat reports whether ev's call is of a personality whose kernel long
// is 32 bits (i386), whose hexadecimal results strace prints as such.
func compat(ev *trace.Event) bool { return ev.Arch == trace.ArchI386 }

// CallName returns the name ev's call prints under: "???" for a call the
// backend could not read (trace.Event.UnknownCall).
func (d *Decoder) CallName(ev *trace.Event) string { return d.lookup(ev).name }

// lookup returns the printer of ev's system call, building it on first use.
func (d *Decoder) lookup(ev *trace.Event) *call {
	if ev.UnknownCall {
		return unreadCall
	}
	t := table(ev)
	ai := tableIndex(t)
	nr := int(ev.NR)
	if nr >= 0 && nr <= t.Max() {
		cs := d.calls[ai]
		if cs == nil {
			cs = make([]*call, t.Max()+1)
			d.calls[ai] = cs
		}
		if c := cs[nr]; c != nil {
			return c
		}
		c := newCall(t, nr)
		cs[nr] = c
		return c
	}
	key := uint64(ai)<<32 | uint64(uint32(ev.NR))
	if c, ok := d.unknown[key]; ok {
		return c
	}
	c := newCall(t, nr)
	if d.unknown == nil {
		d.unknown = make(map[uint64]*call)
	}
	if len(d.unknown) < 1024 {
		d.unknown[key] = c
	}
	return c
}

// sep appends the ", " between two arguments of a call. While AppendCall
// formats a call, it notes where the argument before it ends.
func (d *Decoder) sep(b []byte) []byte {
	if d.recording {
		d.seps = append(d.seps, len(b))
	}
	return append(b, ", "...)
}

// AppendEnter appends what strace prints when the call is entered: the name,
// "(", and the arguments that are known at entry, each followed by ", "
// when more arguments follow.
func (d *Decoder) AppendEnter(b []byte, ev *trace.Event) []byte {
	d.tid = ev.TID
	c := d.lookup(ev)
	b = append(b, c.name...)
	b = append(b, '(')
	restore, verbose := false, false
	if d.selective {
		if d.raw(ev) {
			return d.appendRawArgs(b, ev, c)
		}
		ev, verbose = d.narrow(ev, c)
		restore = true
	}
	if c.enter != nil {
		b = c.enter(d, c, b, ev)
	} else {
		for i := 0; i < c.split; i++ {
			if i > 0 {
				b = d.sep(b)
			}
			b = c.args[i](d, b, ev, i)
		}
		if c.split > 0 && c.split < len(c.args) {
			b = d.sep(b)
		}
	}
	if restore {
		d.opts.Verbose = verbose
	}
	return b
}

// AppendExit appends the arguments AppendEnter left out and the closing
// parenthesis. ev may be the exit event, or the entry event of a call that
// never returned.
func (d *Decoder) AppendExit(b []byte, ev *trace.Event) []byte {
	d.tid = ev.TID
	c := d.lookup(ev)
	restore, verbose := false, false
	if d.selective {
		if d.raw(ev) {
			return append(b, ')')
		}
		ev, verbose = d.narrow(ev, c)
		restore = true
	}
	if c.exit != nil {
		b = c.exit(d, c, b, ev)
	} else {
		for i := c.split; i < len(c.args); i++ {
			if i > c.split {
				b = d.sep(b)
			}
			b = c.args[i](d, b, ev, i)
		}
	}
	if restore {
		d.opts.Verbose = verbose
	}
	return append(b, ')')
}

// AppendReturn appends the result: "= 3", "= -1 ENOENT (No such file or
// directory)", "= 0x5581c000", or "= ?" for a call that did not return.
func (d *Decoder) AppendReturn(b []byte, ev *trace.Event) []byte {
	d.tid = ev.TID
	if d.selective && !d.raw(ev) {
		// -e abbrev= holds for what the result shows of the call's
		// structures too (poll's ready descriptors); the decoders whose
		// results strace reads only when verbose ask verboseCall (select's
		// sets are read whatever -e verbose= says).
		saved := d.unabbreviate(ev)
		b = appendTamperNote(d.appendResult(append(b, "= "...), ev), ev)
		d.opts.Verbose = saved
		return b
	}
	return appendTamperNote(d.appendResult(append(b, "= "...), ev), ev)
}

// appendTamperNote appends strace's note on what -e inject= did to the
// call: " (INJECTED)", " (INJECTED: args)", " (DELAYED)"...
func appendTamperNote(b []byte, ev *trace.Event) []byte {
	if ev.Tampered == 0 || ev.Kind != trace.SyscallExit {
		return b
	}
	switch t := ev.Tampered; {
	case t&trace.TamperedResult != 0 && t&trace.TamperedArgs != 0:
		b = append(b, " (INJECTED: args, retval)"...)
	case t&trace.TamperedArgs != 0:
		b = append(b, " (INJECTED: args)"...)
	case t&trace.TamperedResult != 0:
		b = append(b, " (INJECTED)"...)
	}
	if ev.Tampered&trace.TamperedDelayed != 0 {
		b = append(b, " (DELAYED)"...)
	}
	return b
}

// appendResult appends what AppendReturn prints after "= ".
func (d *Decoder) appendResult(b []byte, ev *trace.Event) []byte {
	if ev.Kind != trace.SyscallExit {
		return append(b, '?')
	}
	if ev.IsError() {
		// Even a call that never returns fails when a fault is
		// injected into it: "exit_group(42) = -1 ENOSYS (...)".
		return appendErrorReturn(b, int(-ev.Ret))
	}
	c := d.lookup(ev)
	if c.retType == syscalls.RetNone {
		return append(b, '?')
	}
	if d.selective && d.raw(ev) {
		if compat(ev) {
			return appendRetValue(b, syscalls.RetHex, int64(uint32(ev.Ret)))
		}
		return appendRetValue(b, syscalls.RetHex, ev.Ret)
	}
	if c.ret != nil {
		return c.ret(d, c, b, ev)
	}
	if c.retType == syscalls.RetFD && d.opts.DecodeFDs != 0 {
		return d.appendFD(b, ev, uint64(ev.Ret))
	}
	if c.pidKind != syscalls.PidNone {
		return d.appendPid(b, ev, int32(ev.Ret), c.pidKind)
	}
	if c.pidRet && c.retType == syscalls.RetInt {
		return strconv.AppendInt(b, int64(int32(ev.Ret)), 10)
	}
	return appendRetValue(b, c.retType, ev.Ret)
}

// appendRetValue appends ret printed as rt says.
func appendRetValue(b []byte, rt syscalls.RetType, ret int64) []byte {
	switch rt {
	case syscalls.RetHex:
		return appendHex(b, uint64(ret))
	case syscalls.RetOctal:
		return appendMode(b, uint64(ret))
	case syscalls.RetUint:
		return strconv.AppendUint(b, uint64(ret), 10)
	case syscalls.RetFD:
		if uint64(ret) > math.MaxInt32 {
			return strconv.AppendInt(b, ret, 10)
		}
	}
	// strace's default is an unsigned long (a successful result below
	// -4095 is a huge number, not a negative one).
	return strconv.AppendUint(b, uint64(ret), 10)
}

// AppendSignal appends a signal line's text without its prefix:
// "--- SIGCHLD {si_signo=SIGCHLD, ...} ---".
func (d *Decoder) AppendSignal(b []byte, ev *trace.Event) []byte {
	d.tid = ev.TID
	b = append(b, "--- "...)
	if ev.Signal == nil {
		return append(b, "? ---"...)
	}
	if ev.Signal.GroupStop {
		b = append(b, "stopped by "...)
		b = appendSignal(b, int64(ev.Signal.Signo))
		return append(b, " ---"...)
	}
	b = appendSignal(b, int64(ev.Signal.Signo))
	b = append(b, ' ')
	b = d.appendSiginfo(b, ev, ev.Signal.Raw[:])
	return append(b, " ---"...)
}

// AppendTaskExit appends "+++ exited with 0 +++" or "+++ killed by SIGKILL
// +++" for an Exit event.
func (d *Decoder) AppendTaskExit(b []byte, ev *trace.Event) []byte {
	if ev.ExitSignal != 0 {
		b = append(b, "+++ killed by "...)
		b = appendSignal(b, int64(ev.ExitSignal))
		if ev.CoreDumped {
			b = append(b, " (core dumped)"...)
		}
		return append(b, " +++"...)
	}
	b = append(b, "+++ exited with "...)
	b = strconv.AppendInt(b, int64(ev.Status), 10)
	return append(b, " +++"...)
}
