package decode

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// Expected strings are from strace 6.1's io_uring_register.c (without
// -y, and with strace's default -s 32).
func TestIOUringRegister(t *testing.T) {
	probe := le{29, 29}.u16(0).u32(0).u32(0xdeadbeef).u32(0)
	probe = append(probe, 0, 0xde)
	probe = probe.u16(0).u32(0xbeefface)
	probe = append(probe, 46, 0)
	probe = probe.u16(1).u32(0xdeadc0de)
	probe = append(probe, 47, 0xaf)
	probe = probe.u16(0xbeef).u32(0)
	probe = append(probe, 0xfe, 0)
	probe = probe.u16(0xc0de).u32(0)
	restr := le(nil).u16(4).u16(0).pad(12)
	rsrc := le(nil).u32(5).u32(0xbadc0ded).u64(0).u64(0).u64(0x1000)
	fds := le(nil).u32(3).u32(0).u32(0xffffffff).u32(0xfffffffe).u32(0xfffffffd)
	tags := le(nil).u64(1).u64(0xdead).u64(0xfacefeed).u64(0xbadc0deddadfaced).u64(0)
	bufReg := le(nil).u64(0).u32(3141592653).u16(42069).u16(31337).u64(0xbadc0deddeadface).u64(0).u64(0)
	runIoctlCases(t, []ioctlCase{
		{"unknown", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 0xbadc0ded, 0x1000, 0xdeadbeef),
			"io_uring_register(0, 0xbadc0ded /* IORING_REGISTER_??? */, 0x1000, 3735928559) = -1 EINVAL (Invalid argument)"},
		{"buffers", XlatVerbose, sc(t, "io_uring_register", -22, 0, 0, 0x1000, 2).data(2, le(nil).u64(0xfacefeedcafef00d).u64(0xdeadfacebeefcafe).u64(0x2000).u64(10)),
			"io_uring_register(0, 0 /* IORING_REGISTER_BUFFERS */, [{iov_base=0xfacefeedcafef00d, iov_len=16045756813264538366}, {iov_base=0x2000, iov_len=10}], 2) = -1 EINVAL (Invalid argument)"},
		{"files", XlatAbbrev, sc(t, "io_uring_register", -9, 0, 2, 0x1000, 5).data(2, le(nil).u32(3).u32(0).u32(0xffffffff).u32(0xfffffffe).u32(0xfffffffd)),
			"io_uring_register(0, IORING_REGISTER_FILES, [3, 0, -1, -2, -3], 5) = -1 EBADF (Bad file descriptor)"},
		{"files update empty", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 6, 0x1000, 0).data(2, le(nil).u32(0x83828180).u32(0x87868584).u64(0x8f8e8d8c8b8a8988)),
			"io_uring_register(0, IORING_REGISTER_FILES_UPDATE, {offset=2206368128, resv=0x87868584, fds=[]}, 0) = -1 EINVAL (Invalid argument)"},
		{"probe", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 8, 0x1000, 4).data(2, probe),
			"io_uring_register(0, IORING_REGISTER_PROBE, {last_op=IORING_OP_EPOLL_CTL, ops_len=29, resv2=[0, 0xdeadbeef, 0], ops=[{op=IORING_OP_NOP, resv=0xde, flags=0, resv2=0xbeefface}, {op=IORING_OP_URING_CMD, flags=IO_URING_OP_SUPPORTED, resv2=0xdeadc0de}, {op=47 /* IORING_OP_??? */, resv=0xaf, flags=IO_URING_OP_SUPPORTED|0xbeee}, {op=254 /* IORING_OP_??? */, flags=0xc0de /* IO_URING_OP_??? */}]}, 4) = -1 EINVAL (Invalid argument)"},
		{"probe zero", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 8, 0x1000, 8).data(2, make([]byte, 16+8*8)),
			"io_uring_register(0, IORING_REGISTER_PROBE, 0x1000, 8) = -1 EINVAL (Invalid argument)"},
		{"restriction unknown", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 11, 0x1000, 1).data(2, restr),
			"io_uring_register(0, IORING_REGISTER_RESTRICTIONS, [{opcode=0x4 /* IORING_RESTRICTION_??? */ /* op: 0 */}], 1) = -1 EINVAL (Invalid argument)"},
		{"rsrc", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 13, 0x1000, 32).data(2, rsrc),
			"io_uring_register(0, IORING_REGISTER_FILES2, {nr=5, flags=IORING_RSRC_REGISTER_SPARSE|0xbadc0dec, data=NULL, tags=0x1000}, 32) = -1 EINVAL (Invalid argument)"},
		{"rsrc short", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 15, 0x1000, 24).data(2, rsrc),
			"io_uring_register(0, IORING_REGISTER_BUFFERS2, 0x1000, 24) = -1 EINVAL (Invalid argument)"},
		{"iowq aff", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 17, 0x1000, 2).data(2, le(nil).u64(0xfacefeeddeadbeef)),
			"io_uring_register(0, IORING_REGISTER_IOWQ_AFF, [0 1 2 3 5 6 7 9 10 11 12 13 15], 2) = -1 EINVAL (Invalid argument)"},
		{"max workers", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 19, 0x1000, 3).data(2, le(nil).u32(0).u32(1).u32(0xbedfaced)),
			"io_uring_register(0, IORING_REGISTER_IOWQ_MAX_WORKERS, [[IO_WQ_BOUND]=0, [IO_WQ_UNBOUND]=1, [2 /* IO_WQ_??? */]=3202329837] => 0x1000, 3) = -1 EINVAL (Invalid argument)"},
		{"files update", XlatAbbrev, sc(t, "io_uring_register", -95, 0, 6, 0x1000, 5).data(2, le(nil).u32(3735929054).u32(0).u64(0x7ffc219779c0)).
			elemCaps(2, trace.Capture{Data: fds}),
			"io_uring_register(0, IORING_REGISTER_FILES_UPDATE, {offset=3735929054, fds=[3, 0, -1, IORING_REGISTER_FILES_SKIP, -3]}, 5) = -1 EOPNOTSUPP (Operation not supported)"},
		{"files update verbose", XlatVerbose, sc(t, "io_uring_register", -95, 0, 6, 0x1000, 5).data(2, le(nil).u32(3735929054).u32(0).u64(0x7ffc219779c0)).
			elemCaps(2, trace.Capture{Data: fds}),
			"io_uring_register(0, 0x6 /* IORING_REGISTER_FILES_UPDATE */, {offset=3735929054, fds=[3, 0, -1, -2 /* IORING_REGISTER_FILES_SKIP */, -3]}, 5) = -1 EOPNOTSUPP (Operation not supported)"},
		{"files2 arrays", XlatAbbrev, sc(t, "io_uring_register", -95, 0, 13, 0x1000, 32).data(2, le(nil).u32(5).u32(0).u64(0).u64(0x2000).u64(0x3000)).
			elemCaps(2, trace.Capture{Data: fds}, trace.Capture{Data: tags}),
			"io_uring_register(0, IORING_REGISTER_FILES2, {nr=5, flags=0, data=[3, 0, -1, -2, -3], tags=[0x1, 0xdead, 0xfacefeed, 0xbadc0deddadfaced, 0]}, 32) = -1 EOPNOTSUPP (Operation not supported)"},
		{"buffers update to a page's end", XlatAbbrev, sc(t, "io_uring_register", -95, 0, 16, 0x1000, 32).data(2, le(nil).u32(0).u32(0xbadc0ded).u64(0x7f8485617fe0).u64(0).u32(3).u32(0xfacecafe)).
			elemCaps(2, trace.Capture{Data: le(nil).u64(0xfacefeedcafef00d).u64(0xdeadfacebeefcafe).u64(0x5628a825a540).u64(10)}, trace.Capture{}),
			"io_uring_register(0, IORING_REGISTER_BUFFERS_UPDATE, {offset=0, resv=0xbadc0ded, data=[{iov_base=0xfacefeedcafef00d, iov_len=16045756813264538366}, {iov_base=0x5628a825a540, iov_len=10}, ... /* 0x7f8485618000 */], tags=NULL, nr=3, resv2=0xfacecafe}, 32) = -1 EOPNOTSUPP (Operation not supported)"},
		{"update2 unread", XlatAbbrev, sc(t, "io_uring_register", -95, 0, 14, 0x1000, 32).data(2, le(nil).u32(0).u32(0).u64(0x2000).u64(0x3000).u32(5).u32(0)),
			"io_uring_register(0, IORING_REGISTER_FILES_UPDATE2, {offset=0, data=0x2000, tags=0x3000, nr=5}, 32) = -1 EOPNOTSUPP (Operation not supported)"},
		{"tags past -s", XlatAbbrev, sc(t, "io_uring_register", -95, 0, 13, 0x1000, 32).data(2, le(nil).u32(40).u32(0).u64(0).u64(0).u64(0x3000)).
			elemCaps(2, trace.Capture{}, trace.Capture{Data: make([]byte, 8*32)}),
			"io_uring_register(0, IORING_REGISTER_FILES2, {nr=40, flags=0, data=NULL, tags=[" + strings.Repeat("0, ", 32) + "...]}, 32) = -1 EOPNOTSUPP (Operation not supported)"},
		{"pbuf ring", XlatAbbrev, sc(t, "io_uring_register", -22, 0, 22, 0x1000, 0x42).data(2, bufReg),
			"io_uring_register(0, IORING_REGISTER_PBUF_RING, {ring_addr=NULL, ring_entries=3141592653, bgid=42069, pad=0x7a69, resv=[0xbadc0deddeadface, 0, 0]}, 66) = -1 EINVAL (Invalid argument)"},
	})
}
