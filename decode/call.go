package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// argFn prints argument i of ev.
type argFn func(d *Decoder, b []byte, ev *trace.Event, i int) []byte

// hookFn is a syscall-specific printer of a line's entry or exit part.
type hookFn func(d *Decoder, c *call, b []byte, ev *trace.Event) []byte

// call is the resolved printer of one system call number.
type call struct {
	name string
	sig  *syscalls.Signature
	// args prints each argument; split is the first one printed at exit.
	args  []argFn
	split int
	// enter and exit replace the generic argument loop when set; exit
	// must not append the closing parenthesis.
	enter, exit hookFn
	// ret replaces the generic printing of a successful result (what
	// follows "= ").
	ret     hookFn
	retType syscalls.RetType
	// pidRet: the result is a process or thread id, which strace prints
	// as a C int.
	pidRet bool
	// pidKind: the result is a process id of this kind (syscalls.PidUse).
	pidKind syscalls.PidKind
}

// custom is a syscall-specific decoder, named by Signature.Decoder: the
// hooks that replace the generic entry part, exit part and result (nil:
// the generic one).
type custom struct {
	enter, exit, ret hookFn
}

// unreadCall is the call of an event whose entry the backend could not
// read (trace.Event.UnknownCall): strace names it "???", with no
// arguments.
var unreadCall = &call{name: "???", sig: &syscalls.Signature{Ret: syscalls.RetHex}, retType: syscalls.RetHex}

func newCall(t *syscalls.Table, nr int) *call {
	sc := t.Get(nr)
	c := &call{name: t.DisplayName(nr), sig: sc.Sig, retType: sc.Sig.Ret, pidRet: sc.Effects&syscalls.ReturnsPID != 0, pidKind: sc.Pids.Ret}
	n := len(sc.Sig.Args)
	if n > trace.MaxArgs {
		n = trace.MaxArgs
	}
	c.args = make([]argFn, n)
	c.split = n
	for i := 0; i < n; i++ {
		a := sc.Sig.Args[i]
		c.args[i] = argPrinter(a, t.Arch, sc.Sig.CountIsInt(i))
		if k := sc.Pids.Args[i]; k != syscalls.PidNone && a.Type == syscalls.Int {
			c.args[i] = pidArg(k)
		}
		if c.split == n && atExit(a) {
			c.split = i
		}
	}
	cd := customs[sc.Sig.Decoder]
	c.enter, c.exit, c.ret = cd.enter, cd.exit, cd.ret
	return c
}

// atExit reports whether strace prints argument a only when the call
// returns.
func atExit(a syscalls.Arg) bool {
	switch a.Type {
	case syscalls.OutBuf, syscalls.OutIovec, syscalls.StructOut, syscalls.StructInOut, syscalls.ArrayInOut, syscalls.MsghdrOut:
		return true
	case syscalls.Custom:
		return a.At&syscalls.AtExit != 0
	}
	return false
}

// exited reports whether ev carries the call's result.
func exited(ev *trace.Event) bool { return ev.Kind == trace.SyscallExit }

// failed reports whether ev did not return successfully (an error, or no
// return at all): strace then prints output arguments as addresses.
func failed(ev *trace.Event) bool { return ev.Kind != trace.SyscallExit || ev.IsError() }
