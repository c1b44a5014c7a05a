package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_rtc.c.
func TestIoctlRTC(t *testing.T) {
	param := le(nil).u64(0).u64(0xdeadfacebeeffeed).u32(0xfacecafe).u32(0xbadc0ded)
	runIoctlCases(t, []ioctlCase{
		{"param get", XlatAbbrev, sc(t, "ioctl", 0, 3, reqRTCParamGet, 0x1000).data(2, param),
			`ioctl(3, RTC_PARAM_GET, {param=RTC_PARAM_FEATURES, index=4207856382, __pad=0xbadc0ded} => {uvalue=1<<RTC_FEATURE_ALARM|1<<RTC_FEATURE_NEED_WEEK_DAY|1<<RTC_FEATURE_ALARM_RES_2S|1<<RTC_FEATURE_CORRECTION|1<<RTC_FEATURE_BACKUP_SWITCH_MODE|1<<RTC_FEATURE_ALARM_WAKEUP_ONLY|0xdeadfacebeeffe00, __pad=0xbadc0ded}) = 0`},
		{"param get failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqRTCParamGet, 0x1000).data(2, param),
			`ioctl(-1, RTC_PARAM_GET, {param=RTC_PARAM_FEATURES, index=4207856382, __pad=0xbadc0ded} => 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"rd time", XlatAbbrev, sc(t, "ioctl", 0, 3, reqRTCRdTime, 0x1000).data(2, le(nil).u32(1).u32(2).u32(3).u32(4).u32(5).u32(6).u32(7).u32(8).u32(9)),
			`ioctl(3, RTC_RD_TIME, {tm_sec=1, tm_min=2, tm_hour=3, tm_mday=4, tm_mon=5, tm_year=6, ...}) = 0`},
		{"irqp set", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqRTCIrqpSet, 42),
			`ioctl(-1, RTC_IRQP_SET, 42) = -1 EBADF (Bad file descriptor)`},
		{"vl read", XlatAbbrev, sc(t, "ioctl", 0, 3, reqRTCVLRead, 0x1000).data(2, le(nil).u32(0x23)),
			`ioctl(3, RTC_VL_READ, [RTC_VL_DATA_INVALID|RTC_VL_BACKUP_LOW|0x20]) = 0`},
	})
}
