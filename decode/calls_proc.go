package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// enterRtSigreturn prints the mask the signal frame restores, which the
// capture plan reads from the stack pointer: the set, or as strace its
// address when -e verbose= leaves the call out or the frame cannot be
// read; the empty set where no plan finds the frame (an architecture
// sigframeMaskOffset does not know).
func enterRtSigreturn(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = append(b, "{mask="...)
	cp, ok := capOK(ev, 0)
	switch {
	case ok && len(cp.Data) >= 8 && d.verboseCall(ev):
		b = d.appendSigsetX(b, cp.Data[:8])
	case cp != nil && cp.Aux != 0:
		// strace's print_sigset_addr: the frame's address when it does
		// not read it (-e verbose=) or cannot.
		b = appendPtr(b, cp.Aux)
	default:
		b = append(b, "[]"...)
	}
	return append(b, '}')
}

func printIDRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendID(b, uint64(le32(p, 0)))
	return append(b, ']')
}

func printTimezone(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{tz_minuteswest="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	b = append(b, ", tz_dsttime="...)
	b = appendInt(b, int64(int32(le32(p, 4))))
	return append(b, '}')
}

// exitGetgroups prints the group list the call filled: as many ids as it
// returned.
func exitGetgroups(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	addr := ev.Args[1]
	size := int64(int32(ev.Args[0]))
	cp, ok := capOK(ev, 1)
	switch {
	case addr == 0:
		return append(b, "NULL"...)
	case !failed(ev) && ev.Ret == 0:
		// Nothing stored, nothing read, whatever -e verbose= says
		// (strace's print_array of no element).
		return append(b, "[]"...)
	case failed(ev) || !ok || (size == 0 && ev.Ret > 0):
		return appendPtr(b, addr)
	}
	n := ev.Ret
	if n > size {
		n = size
	}
	b = append(b, '[')
	for k := int64(0); k < n; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && k >= int64(d.opts.StringLimit) {
			b = append(b, "..."...)
			break
		}
		if int(k*4+4) > len(cp.Data) {
			b = appendHex(b, addr+uint64(k*4))
			break
		}
		b = appendID(b, uint64(le32(cp.Data, int(k*4))))
	}
	return append(b, ']')
}

// cpusetSize is the most of a CPU mask strace reads: its get_cpuset_size,
// the smallest mask the kernel takes, which is 128 bytes up to 1024 CPUs.
const cpusetSize = 128

// appendAffinityList prints the CPU mask of n bytes at addr, of which the
// capture c holds the first, as strace's print_affinitylist: the CPUs of
// its first cpusetSize bytes, [0 1 3], then "..." when it is longer; NULL
// or the address when it was not read, or -e verbose= leaves ev's call
// out.
func (d *Decoder) appendAffinityList(b []byte, ev *trace.Event, addr uint64, c *trace.Capture, n uint64) []byte {
	if addr == 0 || !d.verboseCall(ev) {
		return appendPtr(b, addr)
	}
	if n == 0 {
		return append(b, "[]"...)
	}
	take := min(n, cpusetSize)
	p, ok := capBytes(c, int(take))
	if !ok {
		return appendPtr(b, addr)
	}
	b = append(b, '[')
	printed := false
	for i := uint64(0); i < take*8; i++ {
		if p[i/8]&(1<<(i%8)) == 0 {
			continue
		}
		if printed {
			b = append(b, ' ')
		}
		printed = true
		b = appendUint(b, i)
	}
	if size := (take + 7) &^ 7; size < n {
		if printed {
			b = append(b, ' ')
		}
		b = append(b, "..."...)
	}
	return append(b, ']')
}

func exitSchedGetaffinity(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if failed(ev) {
		return appendPtr(b, ev.Args[2])
	}
	return d.appendAffinityList(b, ev, ev.Args[2], &ev.Captures[2], uint64(ev.Ret))
}

func enterSchedSetaffinity(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendPid(b, ev, int32(ev.Args[0]), syscalls.PidTGID)
	b = d.sep(b)
	b = appendUint(b, uint64(uint32(ev.Args[1])))
	b = d.sep(b)
	return d.appendAffinityList(b, ev, ev.Args[2], &ev.Captures[2], uint64(uint32(ev.Args[1])))
}

// retSignalNumber prints a result that is a signal number: "10 (SIGUSR1)".
func retSignalNumber(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendRetValue(b, c.retType, ev.Ret)
	if s := SignalName(int(ev.Ret)); s != "" {
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	return b
}

// kcmpTypes are kcmp's KCMP_* comparison types.
var kcmpTypes = &xlat{vals: []xv{
	{0, "KCMP_FILE"}, {1, "KCMP_VM"}, {2, "KCMP_FILES"}, {3, "KCMP_FS"},
	{4, "KCMP_SIGHAND"}, {5, "KCMP_IO"}, {6, "KCMP_SYSVSEM"}, {7, "KCMP_EPOLL_TFD"},
}, dflt: "KCMP_???"}

// appendFDOf prints descriptor fd of process pid (not the caller's), as
// strace's printfd_pid.
func (d *Decoder) appendFDOf(b []byte, ev *trace.Event, pid int32, fd uint64) []byte {
	if d.opts.DecodeFDs != 0 && d.opts.Pids != nil && pid > 0 {
		// pid is an id of the caller's PID namespace.
		if ours := d.opts.Pids.Translate(ev.TID, int(pid), syscalls.PidTID); ours != 0 {
			pid = int32(ours)
		}
	}
	other := trace.Event{Kind: ev.Kind, Arch: ev.Arch, PID: pid, TID: pid}
	return d.appendFD(b, &other, fd)
}

// enterKcmp prints kcmp: the pids, the type, and per type the
// descriptors it compares (of each process), an epoll slot, or the two
// indexes in hex.
func enterKcmp(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	pid1, pid2 := int32(ev.Args[0]), int32(ev.Args[1])
	b = d.appendPid(b, ev, pid1, syscalls.PidTGID)
	b = d.sep(b)
	b = d.appendPid(b, ev, pid2, syscalls.PidTGID)
	b = d.sep(b)
	typ := uint32(ev.Args[2])
	b = d.enum(b, kcmpTypes, uint64(typ))
	switch typ {
	case 0: // KCMP_FILE
		b = d.appendFDOf(d.sep(b), ev, pid1, ev.Args[3])
		b = d.appendFDOf(d.sep(b), ev, pid2, ev.Args[4])
	case 7: // KCMP_EPOLL_TFD
		b = d.appendFDOf(d.sep(b), ev, pid1, ev.Args[3])
		b = d.sep(b)
		cp, ok := capOK(ev, 4)
		if ev.Args[4] == 0 {
			return append(b, "NULL"...)
		}
		if !ok || len(cp.Data) < 12 {
			return appendPtr(b, ev.Args[4])
		}
		b = append(b, "{efd="...)
		b = d.appendFDOf(b, ev, pid2, uint64(le32(cp.Data, 0)))
		b = append(b, ", tfd="...)
		b = d.appendFDOf(b, ev, pid2, uint64(le32(cp.Data, 4)))
		b = append(b, ", toff="...)
		b = appendUint(b, uint64(le32(cp.Data, 8)))
		return append(b, '}')
	case 1, 2, 3, 4, 5, 6:
	default:
		b = appendHex(d.sep(b), ev.Args[3])
		b = appendHex(d.sep(b), ev.Args[4])
	}
	return b
}

// ngroupsMax is the most supplementary groups a list may hold
// (NGROUPS_MAX, what sysconf reports on Linux).
const ngroupsMax = 65536

// enterSetgroups prints setgroups' size and list: its address when the
// size is beyond NGROUPS_MAX, as strace does.
func enterSetgroups(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	n := int32(ev.Args[0])
	b = appendInt(b, int64(n))
	b = d.sep(b)
	if uint32(n) > ngroupsMax {
		return appendPtr(b, ev.Args[1])
	}
	return d.appendArray(b, ev, 1, syscalls.LayoutGIDElem, printGIDElem, uint64(uint32(n)))
}

// enterPidfdGetfd prints pidfd_getfd: the pidfd, then targetfd as a
// descriptor of the process the pidfd refers to (-y names it there, as
// strace's printfd_pid), then the flags.
func enterPidfdGetfd(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = d.sep(b)
	target := ev.Args[1]
	pid, ok := 0, false
	if d.opts.DecodeFDs != 0 && d.opts.FDs != nil {
		pid, ok = d.opts.FDs.PidfdPID(ev.TID, int32(ev.Args[0]))
	}
	if ok {
		other := trace.Event{Kind: ev.Kind, Arch: ev.Arch, PID: int32(pid), TID: int32(pid)}
		b = d.appendFD(b, &other, target)
	} else {
		b = appendInt(b, int64(int32(target)))
	}
	b = d.sep(b)
	return c.args[2](d, b, ev, 2)
}

// enterRestartSyscall prints the call restart_syscall resumes, as strace
// does: "<... resuming interrupted nanosleep ...>", or "system call" when
// the backend did not see it end.
func enterRestartSyscall(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	name := "system call"
	if tbl := syscalls.ForCall(ev.Arch, ev.Pers); tbl != nil && ev.Resumes > 0 {
		name = tbl.DisplayName(int(ev.Resumes - 1))
	}
	b = append(b, "<... resuming interrupted "...)
	b = append(b, name...)
	return append(b, " ...>"...)
}
