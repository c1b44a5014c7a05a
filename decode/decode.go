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
package decode

import (
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
)

// Options shape the decoded text.
type Options struct {
	// StringLimit is -s: how many bytes of a string are shown (default 32).
	StringLimit int
	// Hex is -x / -xx.
	Hex HexMode
	// Verbose is -v: structures and environments in full.
	Verbose bool
}

// Decoder formats events. It is not safe for concurrent use.
type Decoder struct {
	opts Options
}

// New returns a Decoder with opts.
func New(opts Options) *Decoder {
	if opts.StringLimit <= 0 {
		opts.StringLimit = 32
	}
	return &Decoder{opts: opts}
}

// Options returns the decoder's options.
func (d *Decoder) Options() Options { return d.opts }

func table(ev *trace.Event) *syscalls.Table {
	if t := syscalls.ForArch(ev.Arch); t != nil {
		return t
	}
	return syscalls.X86_64
}

// AppendEnter appends what strace prints when the call is entered: the name,
// "(", and the arguments that are known at entry, each followed by ", "
// when more arguments follow.
func (d *Decoder) AppendEnter(b []byte, ev *trace.Event) []byte {
	sc := table(ev).Get(int(ev.NR))
	b = append(b, table(ev).DisplayName(int(ev.NR))...)
	b = append(b, '(')
	for i := range sc.Sig.Args {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, ev.Args[i], 16)
	}
	return b
}

// AppendExit appends the arguments AppendEnter left out and the closing
// parenthesis. ev may be the exit event, or the entry event of a call that
// never returned.
func (d *Decoder) AppendExit(b []byte, ev *trace.Event) []byte {
	return append(b, ')')
}

// AppendReturn appends the result: "= 3", "= -1 ENOENT (No such file or
// directory)", "= 0x5581c000", or "= ?" for a call that did not return.
func (d *Decoder) AppendReturn(b []byte, ev *trace.Event) []byte {
	b = append(b, "= "...)
	if ev.Kind != trace.SyscallExit {
		return append(b, '?')
	}
	return strconv.AppendInt(b, ev.Ret, 10)
}

// AppendSignal appends a signal line's text without its prefix:
// "--- SIGCHLD {si_signo=SIGCHLD, ...} ---".
func (d *Decoder) AppendSignal(b []byte, ev *trace.Event) []byte {
	return append(b, "--- signal ---"...)
}

// AppendTaskExit appends "+++ exited with 0 +++" or "+++ killed by SIGKILL
// +++" for an Exit event.
func (d *Decoder) AppendTaskExit(b []byte, ev *trace.Event) []byte {
	b = append(b, "+++ exited with "...)
	b = strconv.AppendInt(b, int64(ev.Status), 10)
	return append(b, " +++"...)
}
