package decode

import "testing"

// Expected strings are from strace 6.1's aio.c and aio_pgetevents.c.
func TestAio(t *testing.T) {
	cb := le(nil).u64(0xdeadbeefbadc0ded).u32(0).u32(0).u16(0).u16(99).u32(0xffffffd6).pad(40)
	cb2 := le(nil).u64(0).u32(0xdefaced0).u32(0).u16(1).u16(0xbeef).u32(0xdefaced1).pad(32).u32(0xfacef157).u32(0xded1ca7e)
	events := le(nil).u64(0xfeedface11111111).u64(0x7fb0fc63af80).u64(4096).u64(0).
		u64(0xfeedface22222222).u64(0x7fb0fc63afc0).u64(8192).u64(0)
	ts := le(nil).u64(0).u64(123456789)
	runIoctlCases(t, []ioctlCase{
		{"setup", XlatAbbrev, sc(t, "io_setup", 0, 0xdeadbeef00000002, 0x1000).data(1, le(nil).u64(0x7fb0fc832000)),
			"io_setup(2, [0x7fb0fc832000]) = 0"},
		{"setup fault", XlatAbbrev, sc(t, "io_setup", -14, 0xdeadbeef, 0),
			"io_setup(3735928559, NULL) = -1 EFAULT (Bad address)"},
		{"submit negative", XlatAbbrev, sc(t, "io_submit", -22, 0x7fb0fc832000, 0xffffffffffffffff, 0x1000),
			"io_submit(0x7fb0fc832000, -1, 0x1000) = -1 EINVAL (Invalid argument)"},
		{"submit pointers", XlatAbbrev, sc(t, "io_submit", -9, 0x7fb0fc832000, 1057, 0x1000).data(2, le(nil).u64(0).u64(0xffffffffffffffff)).trunc(2),
			"io_submit(0x7fb0fc832000, 1057, [NULL, 0xffffffffffffffff, ... /* 0x1010 */]) = -1 EBADF (Bad file descriptor)"},
		{"getevents", XlatAbbrev, sc(t, "io_getevents", 2, 0x7fb0fc832000, 2, 3, 0x2000, 0x3000).data(3, events).data(4, ts),
			"io_getevents(0x7fb0fc832000, 2, 3, [{data=0xfeedface11111111, obj=0x7fb0fc63af80, res=4096, res2=0}, {data=0xfeedface22222222, obj=0x7fb0fc63afc0, res=8192, res2=0}], {tv_sec=0, tv_nsec=123456789}) = 2"},
		{"getevents fault", XlatAbbrev, sc(t, "io_getevents", -22, 0xface1e55deadbeef, 0xca7faceddeadf00d, 0xba5e1e505ca571e0, 0x2000, 0),
			"io_getevents(0xface1e55deadbeef, -3855172618362687475, -5017539604343590432, 0x2000, NULL) = -1 EINVAL (Invalid argument)"},
		{"cancel", XlatAbbrev, sc(t, "io_cancel", -22, 0x7fb0fc832000, 0x1000, 0x2000).data(1, cb),
			"io_cancel(0x7fb0fc832000, {aio_data=0xdeadbeefbadc0ded, aio_lio_opcode=IOCB_CMD_PREAD, aio_reqprio=99, aio_fildes=-42}, 0x2000) = -1 EINVAL (Invalid argument)"},
		{"cancel ioprio", XlatAbbrev, sc(t, "io_cancel", -22, 0x7fb0fc832000, 0x1000, 0x2000).data(1, cb2),
			"io_cancel(0x7fb0fc832000, {aio_data=0, aio_key=3740978896, aio_lio_opcode=IOCB_CMD_PWRITE, aio_reqprio=IOPRIO_PRIO_VALUE(0x5 /* IOPRIO_CLASS_??? */, 7919), aio_fildes=-553988399}, 0x2000) = -1 EINVAL (Invalid argument)"},
		{"destroy", XlatAbbrev, sc(t, "io_destroy", -22, 0xface1e55deadbeef),
			"io_destroy(0xface1e55deadbeef) = -1 EINVAL (Invalid argument)"},
		{"pgetevents", XlatAbbrev, sc(t, "io_pgetevents", -22, 0xface1e55deadbeef, 0, 0, 0, 0x3000, 0x4000).data(4, le(nil).u64(0xdeadbeef).u64(0xfacefeed)).data(5, le(nil).u64(0x5000).u64(0xdeadbeefbadcaffe)),
			"io_pgetevents(0xface1e55deadbeef, 0, 0, NULL, {tv_sec=3735928559, tv_nsec=4207869677}, {sigmask=0x5000, sigsetsize=16045690984232431614}) = -1 EINVAL (Invalid argument)"},
	})
}
