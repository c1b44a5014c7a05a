package syscalls

import "github.com/sctrace/sctrace/trace"

// Dumped reports whether a call of sc with arguments args has its data
// copied whole for the -e read= and -e write= sets of opts
// (trace.FDSet.Copied): a backend then captures the data argument whole,
// which the printer dumps when the set holds the descriptor.
func Dumped(sc *Syscall, args *[trace.MaxArgs]uint64, opts *trace.Options) bool {
	if opts.DumpRead == nil && opts.DumpWrite == nil {
		return false
	}
	fd := int(int32(args[0]))
	switch {
	case sc.Effects&DumpsRead != 0:
		return opts.DumpRead.Copied(fd)
	case sc.Effects&DumpsWrite != 0:
		return opts.DumpWrite.Copied(fd)
	}
	return false
}
