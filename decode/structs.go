package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"strconv"
)

// structFn prints a captured object p (at least its layout's size).
type structFn func(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte

// sizeOf is the size of layout l on ev's architecture.
func sizeOf(ev *trace.Event, l syscalls.LayoutID) int {
	return int(syscalls.LayoutSize(ev.Arch, l))
}

func isARM64(ev *trace.Event) bool { return ev.Arch == trace.ArchAArch64 }

func printIntRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendInt(b, int64(int32(le32(p, 0))))
	return append(b, ']')
}

func printLongRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendInt(b, int64(le64(p, 0)))
	return append(b, ']')
}

// printGIDElem prints a gid_t element of an array.
func printGIDElem(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return appendID(b, uint64(le32(p, 0)))
}

// printIntElem prints an int element of an array.
func printIntElem(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return appendInt(b, int64(int32(le32(p, 0))))
}

// printStatusElem prints an int that holds a negated errno when
// negative, as -X asks: -EFAULT, -14, or -14 /* -EFAULT */.
func printStatusElem(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	v := int32(le32(p, 0))
	name := ""
	if v < 0 {
		name = ErrnoName(int(-v))
	}
	if name == "" || d.opts.Xlat == XlatRaw {
		return appendInt(b, int64(v))
	}
	if d.opts.Xlat == XlatVerbose {
		b = appendInt(b, int64(v))
		b = append(b, " /* -"...)
		b = append(b, name...)
		return append(b, " */"...)
	}
	b = append(b, '-')
	return append(b, name...)
}

// printPtrElem prints a pointer element of an array.
func printPtrElem(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return appendPtr(b, le64(p, 0))
}

// printPtrRef prints a pointer the call stored: [0x7f...] or [NULL].
func printPtrRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendPtr(b, le64(p, 0))
	return append(b, ']')
}

// printUlongRef prints an unsigned long the call stored: [N].
// printUintRef prints an unsigned int in brackets.
func printUintRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendUint(b, uint64(le32(p, 0)))
	return append(b, ']')
}

func printUlongRef(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	b = appendUint(b, le64(p, 0))
	return append(b, ']')
}

// printInt2 prints a pair of ints; the pairs the tables name (pipe,
// pipe2, socketpair) are file descriptors, shown with -y's paths.
// printInt2 prints a pair of descriptors (pipe's, socketpair's) as
// strace's array of two: "..." past -s of them unless -v.
func printInt2(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, '[')
	for k := 0; k < 2; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && k >= d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		b = d.appendFD(b, ev, uint64(le32(p, 4*k)))
	}
	return append(b, ']')
}

func appendTimespec(b []byte, p []byte) []byte { return appendSeconds(b, p, ", tv_nsec=") }

func appendTimeval(b []byte, p []byte) []byte { return appendSeconds(b, p, ", tv_usec=") }

// appendSeconds prints a {tv_sec, fraction} pair of 64-bit fields: the
// seconds signed, the fraction unsigned, as strace prints them.
func appendSeconds(b []byte, p []byte, fraction string) []byte {
	b = append(b, "{tv_sec="...)
	b = appendInt(b, int64(le64(p, 0)))
	b = append(b, fraction...)
	b = appendUint(b, le64(p, 8))
	return append(b, '}')
}

func printTimespecS(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return appendTimespec(b, p)
}

func printTimevalS(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return appendTimeval(b, p)
}

func printItimerspec(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{it_interval="...)
	b = appendTimespec(b, p)
	b = append(b, ", it_value="...)
	b = appendTimespec(b, p[16:])
	return append(b, '}')
}

func printItimerval(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{it_interval="...)
	b = appendTimeval(b, p)
	b = append(b, ", it_value="...)
	b = appendTimeval(b, p[16:])
	return append(b, '}')
}

// appendRlim prints a resource limit: RLIM64_INFINITY, 8192*1024, or 42.
func appendRlim(b []byte, v uint64) []byte {
	switch {
	case v == ^uint64(0):
		return append(b, "RLIM64_INFINITY"...)
	case v > 1024 && v%1024 == 0:
		b = appendUint(b, v/1024)
		return append(b, "*1024"...)
	}
	return appendUint(b, v)
}

func printRlimit(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{rlim_cur="...)
	mark := len(b)
	b = d.restyle(appendRlim(b, le64(p, 0)), mark, le64(p, 0), numUnsigned)
	b = append(b, ", rlim_max="...)
	mark = len(b)
	b = d.restyle(appendRlim(b, le64(p, 8)), mark, le64(p, 8), numUnsigned)
	return append(b, '}')
}

// appendFixedCString prints a NUL-padded char array whole.
func (d *Decoder) appendFixedCString(b []byte, p []byte) []byte {
	n := 0
	for n < len(p) && p[n] != 0 {
		n++
	}
	if n == len(p) && n > 0 {
		// No NUL: strace shows all but the last byte, then "...".
		b = d.appendQuoted(b, p[:n-1], false)
		return append(b, "..."...)
	}
	return d.appendQuoted(b, p[:n], false)
}

func printUtsname(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	names := [...]string{"sysname", "nodename", "release", "version", "machine", "domainname"}
	b = append(b, '{')
	for k, name := range names {
		if k == 2 && !d.opts.Verbose {
			return append(b, ", ...}"...)
		}
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		b = d.appendFixedCString(b, p[65*k:65*k+65])
	}
	return append(b, '}')
}

// saHandlers are the handlers strace names (sa_handler_values), printed
// as -X asks.
var saHandlers = &xlat{vals: []xv{{0, "SIG_DFL"}, {1, "SIG_IGN"}, {^uint64(0), "SIG_ERR"}}}

func printSigaction(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	handler := le64(p, 0)
	flags := le64(p, 8)
	b = append(b, "{sa_handler="...)
	if s, ok := saHandlers.lookup(handler); ok {
		mark := len(b)
		b = d.restyle(append(b, s...), mark, handler, numHex)
	} else {
		b = appendPtr(b, handler)
	}
	b = append(b, ", sa_mask="...)
	b = d.appendSigsetX(b, p[24:32])
	b = append(b, ", sa_flags="...)
	b = d.flags(b, saFlags, flags)
	if flags&0x04000000 != 0 {
		b = append(b, ", sa_restorer="...)
		b = appendPtr(b, le64(p, 16))
	}
	return append(b, '}')
}

func printSigsetS(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return d.appendSigsetX(b, p[:8])
}

// printPollfd prints a struct pollfd; the events of a negative
// descriptor, which poll ignores, are not printed (as strace does).
func printPollfd(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{fd="...)
	b = d.appendFD(b, ev, uint64(le32(p, 0)))
	if int32(le32(p, 0)) < 0 {
		return append(b, '}')
	}
	ev16 := uint64(le16(p, 4))
	b = append(b, ", events="...)
	return append(d.flags(b, pollFlags, ev16), '}')
}

func printRusage(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{ru_utime="...)
	b = appendTimeval(b, p)
	b = append(b, ", ru_stime="...)
	b = appendTimeval(b, p[16:])
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	names := [...]string{"ru_maxrss", "ru_ixrss", "ru_idrss", "ru_isrss", "ru_minflt", "ru_majflt",
		"ru_nswap", "ru_inblock", "ru_oublock", "ru_msgsnd", "ru_msgrcv", "ru_nsignals", "ru_nvcsw", "ru_nivcsw"}
	for k, name := range names {
		b = append(b, ", "...)
		b = append(b, name...)
		b = append(b, '=')
		b = appendUint(b, le64(p, 32+8*k)) // PRINT_FIELD_U, as strace
	}
	return append(b, '}')
}

func printWinsize(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{ws_row="...)
	b = appendUint(b, uint64(le16(p, 0)))
	b = append(b, ", ws_col="...)
	b = appendUint(b, uint64(le16(p, 2)))
	b = append(b, ", ws_xpixel="...)
	b = appendUint(b, uint64(le16(p, 4)))
	b = append(b, ", ws_ypixel="...)
	b = appendUint(b, uint64(le16(p, 6)))
	return append(b, '}')
}

func printFlock(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{l_type="...)
	b = d.enum(b, lockTypes, uint64(le16(p, 0)))
	b = append(b, ", l_whence="...)
	b = d.enum(b, whence, uint64(le16(p, 2)))
	b = append(b, ", l_start="...)
	b = appendInt(b, int64(le64(p, 8)))
	b = append(b, ", l_len="...)
	b = appendInt(b, int64(le64(p, 16)))
	return append(b, '}')
}

func printSysinfo(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{uptime="...)
	b = appendInt(b, int64(le64(p, 0)))
	b = append(b, ", loads=["...)
	for k := 0; k < 3; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = appendUint(b, le64(p, 8+8*k))
	}
	b = append(b, ']')
	b = appendU64Fields(b, p, sysinfoFields)
	b = append(b, ", procs="...)
	b = appendUint(b, uint64(le16(p, 80)))
	b = append(b, ", totalhigh="...)
	b = appendUint(b, le64(p, 88))
	b = append(b, ", freehigh="...)
	b = appendUint(b, le64(p, 96))
	b = append(b, ", mem_unit="...)
	b = appendUint(b, uint64(le32(p, 104)))
	return append(b, '}')
}

func printTms(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	for k, name := range [4]string{"tms_utime", "tms_stime", "tms_cutime", "tms_cstime"} {
		if k == 0 {
			b = append(b, '{')
		} else {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		b = append(b, '=')
		if d.opts.Xlat == XlatRaw {
			// -X raw drops the seconds' comment.
			b = strconv.AppendUint(b, le64(p, 8*k), 10)
			continue
		}
		b = appendClockT(b, le64(p, 8*k))
	}
	return append(b, '}')
}

func printEpollEvent(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	var data uint64
	if isARM64(ev) {
		data = le64(p, 8)
	} else {
		data = le64(p, 4)
	}
	b = append(b, "{events="...)
	b = d.flags(b, epollEvents, uint64(le32(p, 0)))
	b = append(b, ", data={u32="...)
	b = appendUint(b, uint64(uint32(data)))
	b = append(b, ", u64="...)
	b = appendUint(b, data)
	return append(b, "}}"...)
}

var epollEvents = &xlat{vals: []xv{
	{0x1, "EPOLLIN"}, {0x2, "EPOLLPRI"}, {0x4, "EPOLLOUT"}, {0x8, "EPOLLERR"}, {0x10, "EPOLLHUP"},
	{0x20, "EPOLLNVAL"}, {0x40, "EPOLLRDNORM"}, {0x80, "EPOLLRDBAND"}, {0x100, "EPOLLWRNORM"},
	{0x200, "EPOLLWRBAND"}, {0x400, "EPOLLMSG"}, {0x2000, "EPOLLRDHUP"}, {0x10000000, "EPOLLEXCLUSIVE"},
	{0x20000000, "EPOLLWAKEUP"}, {0x40000000, "EPOLLONESHOT"}, {0x80000000, "EPOLLET"},
}, dflt: "EPOLL???"}

func printCapHeader(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{version="...)
	mark := len(b)
	v := le32(p, 0)
	switch v {
	case 0x19980330:
		b = append(b, "_LINUX_CAPABILITY_VERSION_1"...)
	case 0x20071026:
		b = append(b, "_LINUX_CAPABILITY_VERSION_2"...)
	case 0x20080522:
		b = append(b, "_LINUX_CAPABILITY_VERSION_3"...)
	default:
		b = appendHex(b, uint64(v))
		b = appendComment(b, "_LINUX_CAPABILITY_VERSION_???")
	}
	b = d.restyle(b, mark, uint64(v), numHex)
	b = append(b, ", pid="...)
	b = d.appendPidField(b, int32(le32(p, 4)), syscalls.PidTGID)
	return append(b, '}')
}

func printSiginfoS(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return d.appendSiginfo(b, ev, p)
}

var sigaltstackFlags = &xlat{vals: []xv{{1, "SS_ONSTACK"}, {2, "SS_DISABLE"}, {0x80000000, "SS_AUTODISARM"}}, dflt: "SS_???"}

func printStackT(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{ss_sp="...)
	b = appendPtr(b, le64(p, 0))
	b = append(b, ", ss_flags="...)
	b = d.flags(b, sigaltstackFlags, uint64(le32(p, 8)))
	b = append(b, ", ss_size="...)
	b = appendUint(b, le64(p, 16))
	return append(b, '}')
}

// u64Field names an unsigned 64-bit field of a struct and its offset.
type u64Field struct {
	name string
	off  int
}

// u64Run names consecutive u64 fields of a struct, the first at offset
// off.
func u64Run(off int, names ...string) []u64Field {
	fs := make([]u64Field, len(names))
	for k, name := range names {
		fs[k] = u64Field{name, off + 8*k}
	}
	return fs
}

// appendU64Struct prints fields of p as {name=value, ...}, in decimal.
func appendU64Struct(b []byte, p []byte, fields []u64Field) []byte {
	return append(appendU64List(append(b, '{'), p, fields), '}')
}

// appendU64List prints fields of p as name=value, ..., in decimal.
func appendU64List(b []byte, p []byte, fields []u64Field) []byte {
	for k, f := range fields {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, f.name...)
		b = append(b, '=')
		b = appendUint(b, le64(p, f.off))
	}
	return b
}

// appendU64Fields prints ", name=value" for each field, in decimal.
func appendU64Fields(b []byte, p []byte, fields []u64Field) []byte {
	if len(fields) == 0 {
		return b
	}
	return appendU64List(append(b, ", "...), p, fields)
}

var sysinfoFields = []u64Field{{"totalram", 32}, {"freeram", 40}, {"sharedram", 48}, {"bufferram", 56}, {"totalswap", 64}, {"freeswap", 72}}
