package decode

import "github.com/sctrace/sctrace/trace"

// The userfaultfd requests (linux/userfaultfd.h), type 0xaa.
const (
	reqUFFDIORegister   = 0xc020aa00
	reqUFFDIOUnregister = 0x8010aa01
	reqUFFDIOWake       = 0x8010aa02
	reqUFFDIOCopy       = 0xc028aa03
	reqUFFDIOZeropage   = 0xc020aa04
	reqUFFDIOAPI        = 0xc018aa3f
	// Sizes of struct uffdio_api, uffdio_register, uffdio_range,
	// uffdio_copy and uffdio_zeropage.
	uffdioAPISize      = 24
	uffdioRegisterSize = 32
	uffdioRangeSize    = 16
	uffdioCopySize     = 40
	uffdioZeropageSize = 32
)

var uffdAPIFeatures = &xlat{vals: []xv{
	{1 << 0, "UFFD_FEATURE_PAGEFAULT_FLAG_WP"}, {1 << 1, "UFFD_FEATURE_EVENT_FORK"},
	{1 << 2, "UFFD_FEATURE_EVENT_REMAP"}, {1 << 3, "UFFD_FEATURE_EVENT_REMOVE"},
	{1 << 4, "UFFD_FEATURE_MISSING_HUGETLBFS"}, {1 << 5, "UFFD_FEATURE_MISSING_SHMEM"},
	{1 << 6, "UFFD_FEATURE_EVENT_UNMAP"}, {1 << 7, "UFFD_FEATURE_SIGBUS"},
	{1 << 8, "UFFD_FEATURE_THREAD_ID"}, {1 << 9, "UFFD_FEATURE_MINOR_HUGETLBFS"},
	{1 << 10, "UFFD_FEATURE_MINOR_SHMEM"}, {1 << 11, "UFFD_FEATURE_EXACT_ADDRESS"},
	{1 << 12, "UFFD_FEATURE_WP_HUGETLBFS_SHMEM"},
}, dflt: "UFFD_FEATURE_???"}

// uffdAPIIoctls are the bits of the ioctls UFFDIO_API reports
// (1 << _UFFDIO_REGISTER ...).
var uffdAPIIoctls = &xlat{vals: []xv{
	{1 << 0x00, "1<<_UFFDIO_REGISTER"}, {1 << 0x01, "1<<_UFFDIO_UNREGISTER"}, {1 << 0x3f, "1<<_UFFDIO_API"},
}, dflt: "_UFFDIO_???"}

// uffdRegisterIoctls are the bits of the ioctls UFFDIO_REGISTER reports.
var uffdRegisterIoctls = &xlat{vals: []xv{
	{1 << 0x02, "1<<_UFFDIO_WAKE"}, {1 << 0x03, "1<<_UFFDIO_COPY"}, {1 << 0x04, "1<<_UFFDIO_ZEROPAGE"},
	{1 << 0x06, "1<<_UFFDIO_WRITEPROTECT"}, {1 << 0x07, "1<<_UFFDIO_CONTINUE"},
}, dflt: "UFFDIO_???"}

var uffdRegisterModes = &xlat{vals: []xv{
	{1 << 0, "UFFDIO_REGISTER_MODE_MISSING"}, {1 << 1, "UFFDIO_REGISTER_MODE_WP"}, {1 << 2, "UFFDIO_REGISTER_MODE_MINOR"},
}, dflt: "UFFDIO_REGISTER_MODE_???"}

var uffdCopyModes = &xlat{vals: []xv{
	{1 << 0, "UFFDIO_COPY_MODE_DONTWAKE"}, {1 << 1, "UFFDIO_COPY_MODE_WP"},
}, dflt: "UFFDIO_COPY_???"}

var uffdZeropageModes = &xlat{vals: []xv{
	{1 << 0, "UFFDIO_ZEROPAGE_MODE_DONTWAKE"},
}, dflt: "UFFDIO_ZEROPAGE_???"}

func init() { ioctlFamilies[0xaa] = uffdioIoctl }

// uffdioIoctl decodes the userfaultfd requests as strace's userfaultfd.c:
// the struct at entry, what the kernel returned in it at exit when the
// call succeeded (UFFDIO_API's features after " => " when they changed,
// as the entry's capture kept at exit tells: syscalls.IoctlKeepEntry).
func uffdioIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	var size int
	switch code {
	case reqUFFDIOAPI:
		size = uffdioAPISize
	case reqUFFDIORegister:
		size = uffdioRegisterSize
	case reqUFFDIOCopy:
		size = uffdioCopySize
	case reqUFFDIOZeropage:
		size = uffdioZeropageSize
	case reqUFFDIOUnregister, reqUFFDIOWake:
		if exit {
			return b, ioctlResDone
		}
		b, p, ok := ioctlArg(d.sep(b), ev, uffdioRangeSize, false)
		if ok {
			b = appendUffdRange(b, p)
		}
		return b, ioctlResDone
	default:
		return b, ioctlResUnknown
	}
	ent, _ := ioctlCaps(ev, true)
	ep, entOK := capBytes(ent, size)
	if !exit {
		b = d.sep(b)
		if ev.Args[2] == 0 || !entOK {
			return appendPtr(b, ev.Args[2]), ioctlResDone
		}
		switch code {
		case reqUFFDIOAPI:
			b = append(b, "{api="...)
			b = appendHex(b, le64(ep, 0))
			b = append(b, ", features="...)
			b = d.flags(b, uffdAPIFeatures, le64(ep, 8))
		case reqUFFDIORegister:
			b = append(b, "{range="...)
			b = appendUffdRange(b, ep)
			b = append(b, ", mode="...)
			b = d.flags(b, uffdRegisterModes, le64(ep, 16))
		case reqUFFDIOCopy:
			b = append(b, "{dst="...)
			b = appendHex(b, le64(ep, 0))
			b = append(b, ", src="...)
			b = appendHex(b, le64(ep, 8))
			b = append(b, ", len="...)
			b = appendHex(b, le64(ep, 16))
			b = append(b, ", mode="...)
			b = d.flags(b, uffdCopyModes, le64(ep, 24))
		case reqUFFDIOZeropage:
			b = append(b, "{range="...)
			b = appendUffdRange(b, ep)
			b = append(b, ", mode="...)
			b = d.flags(b, uffdZeropageModes, le64(ep, 16))
		}
		return b, ioctlResLater
	}
	if ev.Args[2] == 0 || !entOK {
		// The entry printed the address.
		return b, ioctlResDone
	}
	cur, _ := ioctlCaps(ev, false)
	xp, ok := capBytes(cur, size)
	if ok && !failed(ev) {
		switch code {
		case reqUFFDIOAPI:
			if f := le64(xp, 8); f != le64(ep, 8) {
				b = append(b, " => features="...)
				b = d.flags(b, uffdAPIFeatures, f)
			}
			b = append(b, ", ioctls="...)
			b = d.flags(b, uffdAPIIoctls, le64(xp, 16))
		case reqUFFDIORegister:
			b = append(b, ", ioctls="...)
			b = d.flags(b, uffdRegisterIoctls, le64(xp, 24))
		case reqUFFDIOCopy:
			b = append(b, ", copy="...)
			b = appendHex(b, le64(xp, 32))
		case reqUFFDIOZeropage:
			b = append(b, ", zeropage="...)
			b = appendHex(b, le64(xp, 24))
		}
	}
	return append(b, '}'), ioctlResDone
}

// appendUffdRange prints a struct uffdio_range.
func appendUffdRange(b []byte, p []byte) []byte {
	b = append(b, "{start="...)
	b = appendHex(b, le64(p, 0))
	b = append(b, ", len="...)
	b = appendHex(b, le64(p, 8))
	return append(b, '}')
}
