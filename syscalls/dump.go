package syscalls

import "github.com/sctrace/sctrace/trace"

// DumpKind says whether -e read= or -e write= shows a call's data as a hex
// dump.
type DumpKind uint8

// Dump kinds.
const (
	// DumpNone: the call's data is never dumped.
	DumpNone DumpKind = iota
	// DumpRead: the call reads from its first argument, a descriptor, into
	// its second (a buffer, an iovec array or a msghdr); -e read= dumps
	// what was read.
	DumpRead
	// DumpWrite: the call writes its second argument to its first; -e
	// write= dumps it.
	DumpWrite
)

// dumpKinds lists the calls strace dumps (its dumpio).
var dumpKinds = map[string]DumpKind{
	"read": DumpRead, "pread64": DumpRead, "recv": DumpRead, "recvfrom": DumpRead,
	"mq_timedreceive": DumpRead, "readv": DumpRead, "preadv": DumpRead,
	"preadv2": DumpRead, "recvmsg": DumpRead, "recvmmsg": DumpRead,
	"write": DumpWrite, "pwrite64": DumpWrite, "send": DumpWrite, "sendto": DumpWrite,
	"mq_timedsend": DumpWrite, "writev": DumpWrite, "pwritev": DumpWrite,
	"pwritev2": DumpWrite, "vmsplice": DumpWrite, "sendmsg": DumpWrite, "sendmmsg": DumpWrite,
}

// DumpOf returns how -e read=/write= treats the call named name.
func DumpOf(name string) DumpKind { return dumpKinds[name] }

// Dumped reports whether a call of sc with arguments args has its data
// dumped under the -e read= and -e write= sets of opts: a backend then
// captures the data argument whole.
func Dumped(sc *Syscall, args *[trace.MaxArgs]uint64, opts *trace.Options) bool {
	if opts.DumpRead == nil && opts.DumpWrite == nil {
		return false
	}
	fd := int(int32(args[0]))
	switch DumpOf(sc.Name) {
	case DumpRead:
		return opts.DumpRead.Has(fd)
	case DumpWrite:
		return opts.DumpWrite.Has(fd)
	}
	return false
}
