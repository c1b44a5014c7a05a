package decode

import "testing"

// Expected strings follow strace 6.1's ioctl_loop.c.
func TestIoctlLoop(t *testing.T) {
	info64 := make(le, loopInfo64Size)
	copy(info64[24:], le(nil).u64(0x1000))
	copy(info64[40:], le(nil).u32(7))
	copy(info64[52:], le(nil).u32(1))
	copy(info64[56:], "/tmp/img")
	cfg := append(le(nil).u32(3).u32(512), info64...)
	cfg = cfg.pad(64)
	runIoctlCases(t, []ioctlCase{
		{"set fd", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqLoopSetFD, 0xdeadbeefbadc0ded),
			`ioctl(-1, LOOP_SET_FD, -1159983635) = -1 EBADF (Bad file descriptor)`},
		{"clr fd", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqLoopClrFD, 0),
			`ioctl(-1, LOOP_CLR_FD) = -1 EBADF (Bad file descriptor)`},
		{"block size", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqLoopSetBlkSize, 0xdeadbeefbadc0ded),
			`ioctl(-1, LOOP_SET_BLOCK_SIZE, 16045690984232390125) = -1 EBADF (Bad file descriptor)`},
		{"status64", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqLoopSetStatus64, 0x1000).data(2, info64),
			`ioctl(-1, LOOP_SET_STATUS64, {lo_offset=0x1000, lo_number=7, lo_flags=LO_FLAGS_READ_ONLY, lo_file_name="/tmp/img", ...}) = -1 EBADF (Bad file descriptor)`},
		{"get status64", XlatAbbrev, sc(t, "ioctl", 0, 3, reqLoopGetStatus64, 0x1000).data(2, info64),
			`ioctl(3, LOOP_GET_STATUS64, {lo_offset=0x1000, lo_number=7, lo_flags=LO_FLAGS_READ_ONLY, lo_file_name="/tmp/img", ...}) = 0`},
		{"configure", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqLoopConfigure, 0x1000).data(2, cfg),
			`ioctl(-1, LOOP_CONFIGURE, {fd=3, block_size=512, info={lo_offset=0x1000, lo_number=7, lo_flags=LO_FLAGS_READ_ONLY, lo_file_name="/tmp/img", ...}}) = -1 EBADF (Bad file descriptor)`},
		{"status short", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqLoopSetStatus, 0x1000).data(2, make([]byte, 64)),
			`ioctl(-1, LOOP_SET_STATUS, 0x1000) = -1 EBADF (Bad file descriptor)`},
	})
}
