package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

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

// iocbBytes is a struct iocb: aio_data, aio_key, aio_rw_flags,
// aio_lio_opcode, aio_reqprio, aio_fildes, aio_buf, aio_nbytes,
// aio_offset, a reserved word, aio_flags and aio_resfd.
func iocbBytes(data uint64, key uint32, op, prio uint16, fd uint32, buf, n, off uint64, flags, resfd uint32) []byte {
	return le(nil).u64(data).u32(key).u32(0).u16(op).u16(prio).u32(fd).u64(buf).u64(n).u64(off).u64(0).u32(flags).u32(resfd)
}

// TestIoSubmit: io_submit's iocbs, as strace 6.1's aio.c prints them
// (the expected strings of its aio test, and a vectored write and a poll,
// which it does not make).
func TestIoSubmit(t *testing.T) {
	const (
		key, fd, prio = 0xdefaced0, 0xdefaced1, 0xbeef
		off           = uint64(1<<64 - 2401022805662757395)
		big, negative = 1161981756646125696, 9264081114510713072
		readOff       = 1004211328502398701
	)
	iovs := le(nil).u64(0x7000).u64(1024).u64(0x7400).u64(3072)
	cases := []struct {
		name  string
		ptrs  []byte
		trunc bool
		iocbs []trace.Capture
		want  string
	}{
		{"strace's", le(nil).u64(0x2000).u64(0x2040).u64(0x2080).u64(0x20c0).u64(0x2100).u64(0).u64(0xffffffffffffffff), true,
			[]trace.Capture{
				{Data: iocbBytes(0xbadfacedc0ffeeed, key, 0xf00d, 0, fd, 0, 0, 0, 0, 0)},
				{Data: iocbBytes(0, key, 1, prio, fd, 0, big, off, 0xfacef157, 0xded1ca7e)},
				{Data: iocbBytes(0, key, 1, prio, fd, 0xbadc0ffeedefaced, negative, off, 0, 0)},
				{Data: iocbBytes(0, key, 1, prio, fd, 0x5000, 40, off, 0, 0),
					Elems: []trace.Capture{{Data: []byte("\x00\x01\x02\x03cat test test test 0123456789"), Truncated: true}}},
				{Data: iocbBytes(0, key, 8, prio, fd, 0, negative, off, 0, 0)},
			},
			`io_submit(0x7fd887a5a000, 1057, [{aio_data=0xbadfacedc0ffeeed, aio_key=3740978896, aio_lio_opcode=61453 /* IOCB_CMD_??? */, aio_fildes=-553988399}, {aio_data=0, aio_key=3740978896, aio_lio_opcode=IOCB_CMD_PWRITE, aio_reqprio=IOPRIO_PRIO_VALUE(0x5 /* IOPRIO_CLASS_??? */, 7919), aio_fildes=-553988399, aio_buf=NULL, aio_nbytes=1161981756646125696, aio_offset=-2401022805662757395, aio_flags=IOCB_FLAG_RESFD|IOCB_FLAG_IOPRIO|0xfacef154, aio_resfd=-556676482}, {aio_data=0, aio_key=3740978896, aio_lio_opcode=IOCB_CMD_PWRITE, aio_reqprio=-16657, aio_fildes=-553988399, aio_buf=0xbadc0ffeedefaced, aio_nbytes=9264081114510713072, aio_offset=-2401022805662757395}, {aio_data=0, aio_key=3740978896, aio_lio_opcode=IOCB_CMD_PWRITE, aio_reqprio=-16657, aio_fildes=-553988399, aio_buf="\0\1\2\3cat test test test 012345678"..., aio_nbytes=40, aio_offset=-2401022805662757395}, {aio_data=0, aio_key=3740978896, aio_lio_opcode=IOCB_CMD_PWRITEV, aio_reqprio=-16657, aio_fildes=-553988399, aio_buf=0, aio_nbytes=9264081114510713072, aio_offset=-2401022805662757395}, NULL, 0xffffffffffffffff, ... /* 0x1038 */]) = -1 EBADF (Bad file descriptor)`},
		{"vectored", le(nil).u64(0x2000).u64(0x2040).u64(0x2080), false,
			[]trace.Capture{
				{Data: iocbBytes(0xfeed11111111face, 0, 7, 111, 0, 0x3000, 2, readOff, 0, 0), Elems: []trace.Capture{{Data: iovs, Aux: 2}}},
				{Data: iocbBytes(0, 0, 8, 0, 1, 0x3000, 2, 0, 0, 0), Elems: []trace.Capture{{Data: iovs, Aux: 2,
					Elems: []trace.Capture{{Data: []byte("abc")}, {Faulted: true}}}}},
				{Data: iocbBytes(0, 0, 5, 0, 3, 1, 0, 0, 0, 0)},
			},
			`io_submit(0x7fd887a5a000, 3, [{aio_data=0xfeed11111111face, aio_lio_opcode=IOCB_CMD_PREADV, aio_reqprio=111, aio_fildes=0, aio_buf=[{iov_base=0x7000, iov_len=1024}, {iov_base=0x7400, iov_len=3072}], aio_offset=1004211328502398701}, {aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITEV, aio_fildes=1, aio_buf=[{iov_base="abc"..., iov_len=1024}, {iov_base=0x7400, iov_len=3072}], aio_offset=0}, {aio_data=0, aio_lio_opcode=IOCB_CMD_POLL, aio_fildes=3, aio_buf=POLLIN}]) = 3`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		b := sc(t, "io_submit", int64(len(c.iocbs)), 0x7fd887a5a000, uint64(len(c.iocbs)), 0x1000).data(2, c.ptrs)
		if c.trunc {
			b = b.trunc(2)
			b.ev.Args[1], b.ev.Ret = 1057, -9
		}
		b.ev.Captures[2].Elems = c.iocbs
		if got := whole(d, b.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
