package syscalls

import "github.com/sctrace/sctrace/trace"

// Dumped reports whether a call of sc with arguments args has its data
// dumped under the -e read= and -e write= sets of opts: a backend then
// captures the data argument whole.
func Dumped(sc *Syscall, args *[trace.MaxArgs]uint64, opts *trace.Options) bool {
	if opts.DumpRead == nil && opts.DumpWrite == nil {
		return false
	}
	fd := int(int32(args[0]))
	switch {
	case sc.Effects&DumpsRead != 0:
		return opts.DumpRead.Has(fd)
	case sc.Effects&DumpsWrite != 0:
		return opts.DumpWrite.Has(fd)
	}
	return false
}
