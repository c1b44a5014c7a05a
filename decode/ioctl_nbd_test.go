package decode

import "testing"

// Expected strings follow strace 6.1's ioctl_nbd.c.
func TestIoctlNbd(t *testing.T) {
	runIoctlCases(t, []ioctlCase{
		{"do it", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqNBDDoIt, 0),
			`ioctl(-1, NBD_DO_IT) = -1 EBADF (Bad file descriptor)`},
		{"size", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqNBDSetSize, 0xcafef00ddeadbeef),
			`ioctl(-1, NBD_SET_SIZE, 14627392582107119343) = -1 EBADF (Bad file descriptor)`},
		{"flags", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqNBDSetFlags, 0x8000840b),
			`ioctl(-1, NBD_SET_FLAGS, NBD_FLAG_HAS_FLAGS|NBD_FLAG_READ_ONLY|NBD_FLAG_SEND_FUA|NBD_FLAG_SEND_CACHE|0x80008000) = -1 EBADF (Bad file descriptor)`},
	})
}
