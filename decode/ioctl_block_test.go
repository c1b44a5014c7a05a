package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// Expected strings follow strace 6.1's ioctl_block.c.
func TestIoctlBlock(t *testing.T) {
	part := make(le, blkpgPartSize)
	copy(part, le(nil).u64(1).u64(2).u32(3))
	copy(part[20:], "sda1")
	blkpg := sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKPG, 0x1000).data(2, le(nil).u32(1).u32(0).u32(152).u32(0).u64(0x2000))
	blkpg.ev.Captures[2].Elems = []trace.Capture{{Data: part}}
	runIoctlCases(t, []ioctlCase{
		{"raset", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKRASET, 0xdeadbeefbadc0ded),
			`ioctl(-1, BLKRASET, 16045690984232390125) = -1 EBADF (Bad file descriptor)`},
		{"roset", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKROSET, 0x1000).data(2, le(nil).u32(0xdeadbeef)),
			`ioctl(-1, BLKROSET, [-559038737]) = -1 EBADF (Bad file descriptor)`},
		{"sectget", XlatAbbrev, sc(t, "ioctl", 0, 3, reqBLKSECTGET, 0x1000).data(2, le(nil).u16(0xffff)),
			`ioctl(3, BLKSECTGET, [65535]) = 0`},
		{"discard", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKDISCARD, 0x1000).data(2, le(nil).u64(1).u64(2)),
			`ioctl(-1, BLKDISCARD, [1, 2]) = -1 EBADF (Bad file descriptor)`},
		{"null", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKGETSIZE64, 0),
			`ioctl(-1, BLKGETSIZE64, NULL) = -1 EBADF (Bad file descriptor)`},
		{"blkpg", XlatAbbrev, blkpg,
			`ioctl(-1, BLKPG, {op=BLKPG_ADD_PARTITION, flags=0, datalen=152, data={start=1, length=2, pno=3, devname="sda1", volname=""}}) = -1 EBADF (Bad file descriptor)`},
		{"trace setup", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKTRACESETUP, 0x1000).data(2, make(le, 32).u16(1).u16(0).u32(2).u32(3).u32(0).u64(4).u64(5).u32(6).u32(0)),
			`ioctl(-1, BLKTRACESETUP, {act_mask=1, buf_size=2, buf_nr=3, start_lba=4, end_lba=5, pid=6}) = -1 EBADF (Bad file descriptor)`},
		{"trace start", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqBLKTRACESTART, 0),
			`ioctl(-1, BLKTRACESTART) = -1 EBADF (Bad file descriptor)`},
	})
}
