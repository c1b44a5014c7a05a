package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_ptp.c.
func TestIoctlPTP(t *testing.T) {
	extts := le(nil).u32(3141592653).u32(0xdeadbabe).u32(0xdeadc0de).u32(0)
	pin := le(nil)
	pin = append(pin, "abc"...)
	pin = pin.pad(61).u32(0xcafebabe).u32(1).u32(0xfeedbeef).u32(0xbadc0ded).pad(16)
	sysoff := le(nil).u32(0).pad(12).u64(0).u32(0).u32(0).pad(50 * 16)
	runIoctlCases(t, []ioctlCase{
		{"extts2", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPTPExttsRequest2, 0x1000).data(2, extts),
			`ioctl(-1, PTP_EXTTS_REQUEST2, {index=3141592653, flags=PTP_RISING_EDGE|PTP_FALLING_EDGE|PTP_STRICT_FLAGS|0xdeadbab0, rsv=[0xdeadc0de, 0]}) = -1 EBADF (Bad file descriptor)`},
		{"pin get2", XlatAbbrev, sc(t, "ioctl", 0, 3, reqPTPPinGetFunc2, 0x1000).data(2, pin),
			`ioctl(3, PTP_PIN_GETFUNC2, {index=3405691582, rsv=[0xbadc0ded, 0, 0, 0, 0], name="abc", func=PTP_PF_EXTTS, chan=4276993775}) = 0`},
		{"pin get failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPTPPinGetFunc, 0x1000).data(2, pin),
			`ioctl(-1, PTP_PIN_GETFUNC, {index=3405691582}) = -1 EBADF (Bad file descriptor)`},
		{"sysoff", XlatAbbrev, sc(t, "ioctl", 0, 3, reqPTPSysOffset, 0x1000).data(2, sysoff),
			`ioctl(3, PTP_SYS_OFFSET, {n_samples=0, ts=[{sec=0, nsec=0}]}) = 0`},
		{"pps", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPTPEnablePPS, 0xffffffffffffffff),
			`ioctl(-1, PTP_ENABLE_PPS, 0xffffffffffffffff) = -1 EBADF (Bad file descriptor)`},
	})
}
