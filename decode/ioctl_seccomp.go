package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Requests of type '!' (linux/seccomp.h).
const (
	reqSeccompNotifRecv         = 0xc0502100
	reqSeccompNotifSend         = 0xc0182101
	reqSeccompNotifIDValid      = 0x40082102
	reqSeccompNotifIDValidWrong = 0x80082102 // the old, mistaken direction
	reqSeccompNotifAddFD        = 0x40182103
	seccompNotifSize            = 80
	seccompNotifRespSize        = 24
	seccompNotifAddFDSize       = 24
	seccompDataArgsOff          = 32
	seccompDataArgsCount        = 6
	seccompNotifDataOff         = 16
)

var seccompRespFlags = &xlat{vals: []xv{{1, "SECCOMP_USER_NOTIF_FLAG_CONTINUE"}}, dflt: "SECCOMP_USER_NOTIF_FLAG_???"}

var seccompAddFDFlags = &xlat{vals: []xv{{1, "SECCOMP_ADDFD_FLAG_SETFD"}, {2, "SECCOMP_ADDFD_FLAG_SEND"}}, dflt: "SECCOMP_ADDFD_FLAG_???"}

// auditArches names the AUDIT_ARCH_* values of the architectures sctrace
// knows.
var auditArches = &xlat{vals: []xv{
	{uint64(trace.ArchAArch64), "AUDIT_ARCH_AARCH64"}, {uint64(trace.ArchI386), "AUDIT_ARCH_I386"},
	{uint64(trace.ArchX86_64), "AUDIT_ARCH_X86_64"},
}, dflt: "AUDIT_ARCH_???"}

func init() { ioctlFamilies['!'] = seccompIoctl }

// seccompIoctl decodes the seccomp user notification requests: RECV's
// struct seccomp_notif (at entry too unless it is all zeros, then at exit
// after " => "), SEND's struct seccomp_notif_resp, ADDFD's struct
// seccomp_notif_addfd and ID_VALID's [id].
func seccompIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqSeccompNotifRecv:
		return seccompNotifRecv(d, b, ev, exit)
	case reqSeccompNotifSend, reqSeccompNotifIDValid, reqSeccompNotifIDValidWrong, reqSeccompNotifAddFD:
		if exit {
			return b, ioctlResDone
		}
	default:
		return b, ioctlResUnknown
	}
	b = d.sep(b)
	switch code {
	case reqSeccompNotifSend:
		b, p, ok := ioctlArg(b, ev, seccompNotifRespSize, exit)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{id="...)
		b = appendHex(b, le64(p, 0))
		b = append(b, ", val="...)
		b = appendInt(b, int64(le64(p, 8)))
		b = append(b, ", error="...)
		b = d.appendErrValue(b, int64(int32(le32(p, 16))))
		b = append(b, ", flags="...)
		b = d.flags(b, seccompRespFlags, uint64(le32(p, 20)))
		return append(b, '}'), ioctlResDone
	case reqSeccompNotifAddFD:
		b, p, ok := ioctlArg(b, ev, seccompNotifAddFDSize, exit)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{id="...)
		b = appendHex(b, le64(p, 0))
		b = append(b, ", flags="...)
		b = d.flags(b, seccompAddFDFlags, uint64(le32(p, 8)))
		b = append(b, ", srcfd="...)
		b = d.appendFD(b, ev, uint64(int64(int32(le32(p, 12)))))
		b = append(b, ", newfd="...)
		b = appendInt(b, int64(int32(le32(p, 16))))
		b = append(b, ", newfd_flags="...)
		b = d.flags(b, openFlagsOf(ev.Arch), uint64(le32(p, 20)))
		return append(b, '}'), ioctlResDone
	}
	b, p, ok := ioctlArg(b, ev, 8, exit)
	if ok {
		b = append(b, '[')
		b = appendHex(b, le64(p, 0))
		b = append(b, ']')
	}
	return b, ioctlResDone
}

// seccompNotifRecv prints SECCOMP_IOCTL_NOTIF_RECV's struct seccomp_notif:
// at entry unless it is all zeros (followed by " => "), and at exit.
func seccompNotifRecv(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b = d.sep(b)
		b, p, ok := ioctlArg(b, ev, seccompNotifSize, false)
		if !ok {
			return b, ioctlResDone
		}
		if allZero(p) {
			return b, ioctlResLater
		}
		b = d.appendSeccompNotif(b, ev, p)
		return append(b, " => "...), ioctlResLater
	}
	// The entry printed the address (NULL included) when it could not
	// read the structure; the exit capture tells the same.
	if _, ok := ioctlData(ev, seccompNotifSize); !ok {
		return b, ioctlResDone
	}
	b, p, ok := ioctlArg(b, ev, seccompNotifSize, true)
	if ok {
		b = d.appendSeccompNotif(b, ev, p)
	}
	return b, ioctlResDone
}

// allZero reports whether p holds only zero bytes.
func allZero(p []byte) bool {
	for _, c := range p {
		if c != 0 {
			return false
		}
	}
	return true
}

// appendSeccompNotif prints a struct seccomp_notif.
func (d *Decoder) appendSeccompNotif(b []byte, ev *trace.Event, p []byte) []byte {
	b = append(b, "{id="...)
	b = appendHex(b, le64(p, 0))
	b = append(b, ", pid="...)
	b = d.appendPidField(b, int32(le32(p, 8)), syscalls.PidTGID)
	b = append(b, ", flags="...)
	b = appendHex(b, uint64(le32(p, 12)))
	data := p[seccompNotifDataOff:]
	arch := le32(data, 4)
	b = append(b, ", data={nr="...)
	b = d.appendSyscallNumber(b, ev, arch, le32(data, 0))
	b = append(b, ", arch="...)
	b = d.enum(b, auditArches, uint64(arch))
	b = append(b, ", instruction_pointer="...)
	b = appendPtr(b, le64(data, 8))
	b = append(b, ", args=["...)
	for i := 0; i < seccompDataArgsCount; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, le64(p, seccompDataArgsOff+8*i))
	}
	return append(b, "]}}"...)
}

// appendSyscallNumber prints a system call number of AUDIT_ARCH arch as
// strace's PRINT_FIELD_SYSCALL_NAME: __NR_name for the tracee's own
// architecture, N /* name */ for another known one, N when unknown; -X
// raw prints the number, -X verbose the number and the name in a comment.
func (d *Decoder) appendSyscallNumber(b []byte, ev *trace.Event, arch, nr uint32) []byte {
	name := ""
	if t := syscalls.ForArch(arch); t != nil {
		if sc := t.Get(int(int32(nr))); sc != nil {
			name = sc.Name
		}
	}
	native := arch == ev.Arch
	if d.opts.Xlat != XlatAbbrev || !native || name == "" {
		b = strconv.AppendUint(b, uint64(nr), 10)
	}
	if d.opts.Xlat == XlatRaw || name == "" {
		return b
	}
	comment := !native || d.opts.Xlat == XlatVerbose
	if comment {
		b = append(b, " /* "...)
	}
	if native {
		b = append(b, "__NR_"...)
	}
	b = append(b, name...)
	if comment {
		b = append(b, " */"...)
	}
	return b
}

// appendErrValue prints a negated error number as strace's print_err:
// -ENOSR (its number under -X raw, both under -X verbose), the number
// when it names no error.
func (d *Decoder) appendErrValue(b []byte, v int64) []byte {
	name := ""
	if v < 0 {
		name = ErrnoName(int(-v))
	}
	if name == "" || d.opts.Xlat != XlatAbbrev {
		b = strconv.AppendInt(b, v, 10)
	}
	if name == "" || d.opts.Xlat == XlatRaw {
		return b
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " /* -"...)
		b = append(b, name...)
		return append(b, " */"...)
	}
	b = append(b, '-')
	return append(b, name...)
}
