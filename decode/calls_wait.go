package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// appendWaitStatus prints a wait status as strace's printstatus.
func appendWaitStatus(b []byte, st uint32) []byte {
	b = append(b, '[')
	switch {
	case st&0xff == 0x7f: // stopped
		sig := (st >> 8) & 0xff
		b = append(b, "{WIFSTOPPED(s) && WSTOPSIG(s) == "...)
		b = appendSignal(b, int64(sig&0x7f))
		if sig&0x80 != 0 {
			b = append(b, " | 0x80"...)
		}
		b = append(b, '}')
		st &^= 0xffff
	case st&0x7f != 0 && st&0xffff != 0xffff: // signaled
		b = append(b, "{WIFSIGNALED(s) && WTERMSIG(s) == "...)
		b = appendSignal(b, int64(st&0x7f))
		if st&0x80 != 0 {
			b = append(b, " && WCOREDUMP(s)"...)
		}
		b = append(b, '}')
		st &^= 0xff
	case st&0x7f == 0: // exited
		b = append(b, "{WIFEXITED(s) && WEXITSTATUS(s) == "...)
		b = appendInt(b, int64((st>>8)&0xff))
		b = append(b, '}')
		st &^= 0xff00
	case st == 0xffff:
		b = append(b, "{WIFCONTINUED(s)}"...)
		st = 0
	default:
		b = appendHex(b, uint64(st))
		return append(b, ']')
	}
	if st != 0 {
		if ev := st >> 16; ev != 0 {
			b = append(b, " | "...)
			b = appendEnum(b, ptraceEvents, uint64(ev))
			b = append(b, "<<16"...)
			st &= 0xffff
		}
		if st != 0 {
			b = append(b, " | "...)
			b = appendHex(b, uint64(st))
		}
	}
	return append(b, ']')
}

var ptraceEvents = &xlat{vals: []xv{
	{1, "PTRACE_EVENT_FORK"}, {2, "PTRACE_EVENT_VFORK"}, {3, "PTRACE_EVENT_CLONE"}, {4, "PTRACE_EVENT_EXEC"},
	{5, "PTRACE_EVENT_VFORK_DONE"}, {6, "PTRACE_EVENT_EXIT"}, {7, "PTRACE_EVENT_SECCOMP"},
	{0x80, "PTRACE_EVENT_STOP"},
}, dflt: "PTRACE_EVENT_???"}

func exitWait4(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[1]
	cp, ok := capOK(ev, 1)
	switch {
	case addr == 0:
		b = append(b, "NULL"...)
	case !exited(ev) || ev.Ret == 0 || failed(ev) || !ok || len(cp.Data) < 4:
		b = appendPtr(b, addr)
	default:
		b = appendWaitStatus(b, le32(cp.Data, 0))
	}
	b = d.sep(b)
	b = d.flags(b, waitOptions, uint64(uint32(ev.Args[2])))
	if len(c.args) < 4 {
		return b
	}
	b = d.sep(b)
	ru := ev.Args[3]
	if ru == 0 {
		return append(b, "NULL"...)
	}
	rp, rok := capOK(ev, 3)
	if !exited(ev) || ev.Ret <= 0 || !rok || len(rp.Data) < sizeOf(ev, syscalls.LayoutRusage) {
		return appendPtr(b, ru)
	}
	return printRusage(d, b, rp.Data, ev)
}

// pPidfd is waitid's P_PIDFD: the id is a pidfd.
const pPidfd = 3

// enterWaitid prints waitid's idtype and id: a descriptor under P_PIDFD.
func enterWaitid(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	if uint32(ev.Args[0]) == pPidfd {
		b = d.appendFD(b, ev, uint64(int64(int32(ev.Args[1]))))
	} else {
		b = c.args[1](d, b, ev, 1)
	}
	return d.sep(b)
}
