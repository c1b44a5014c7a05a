package decode

import "github.com/sctrace/sctrace/trace"

// The real-time clock requests (linux/rtc.h), type 'p'.
const (
	reqRTCAIEOn     = 0x7001
	reqRTCAIEOff    = 0x7002
	reqRTCUIEOn     = 0x7003
	reqRTCUIEOff    = 0x7004
	reqRTCPIEOn     = 0x7005
	reqRTCPIEOff    = 0x7006
	reqRTCWIEOn     = 0x700f
	reqRTCWIEOff    = 0x7010
	reqRTCVLClr     = 0x7014
	reqRTCAlmSet    = 0x40247007
	reqRTCAlmRead   = 0x80247008
	reqRTCRdTime    = 0x80247009
	reqRTCSetTime   = 0x4024700a
	reqRTCIrqpRead  = 0x8008700b
	reqRTCIrqpSet   = 0x4008700c
	reqRTCEpochRead = 0x8008700d
	reqRTCEpochSet  = 0x4008700e
	reqRTCWkalmSet  = 0x4028700f
	reqRTCWkalmRd   = 0x80287010
	reqRTCPLLGet    = 0x80207011
	reqRTCPLLSet    = 0x40207012
	reqRTCVLRead    = 0x80047013
	reqRTCParamGet  = 0x40187013
	reqRTCParamSet  = 0x40187014
	rtcTimeSize     = 36
	rtcWkalrmSize   = 40
	rtcPLLInfoSize  = 32
	rtcParamSize    = 24
)

var rtcVLFlags = &xlat{vals: []xv{
	{1 << 0, "RTC_VL_DATA_INVALID"}, {1 << 1, "RTC_VL_BACKUP_LOW"}, {1 << 2, "RTC_VL_BACKUP_EMPTY"},
	{1 << 3, "RTC_VL_ACCURACY_LOW"}, {1 << 4, "RTC_VL_BACKUP_SWITCH"},
}, dflt: "RTC_VL_???"}

var rtcParams = &xlat{vals: []xv{
	{0, "RTC_PARAM_FEATURES"}, {1, "RTC_PARAM_CORRECTION"}, {2, "RTC_PARAM_BACKUP_SWITCH_MODE"},
}, dflt: "RTC_PARAM_???"}

var rtcFeatures = &xlat{vals: []xv{
	{1 << 0, "1<<RTC_FEATURE_ALARM"}, {1 << 1, "1<<RTC_FEATURE_ALARM_RES_MINUTE"},
	{1 << 2, "1<<RTC_FEATURE_NEED_WEEK_DAY"}, {1 << 3, "1<<RTC_FEATURE_ALARM_RES_2S"},
	{1 << 4, "1<<RTC_FEATURE_UPDATE_INTERRUPT"}, {1 << 5, "1<<RTC_FEATURE_CORRECTION"},
	{1 << 6, "1<<RTC_FEATURE_BACKUP_SWITCH_MODE"}, {1 << 7, "1<<RTC_FEATURE_ALARM_WAKEUP_ONLY"},
}, dflt: "1<<RTC_FEATURE_???"}

var rtcBackupSwitchModes = &xlat{vals: []xv{
	{0, "RTC_BSM_DISABLED"}, {1, "RTC_BSM_DIRECT"}, {2, "RTC_BSM_LEVEL"}, {3, "RTC_BSM_STANDBY"},
}, dflt: "RTC_BSM_???"}

func init() {
	ioctlFamilies['p'] = rtcIoctl
}

// rtcIoctl decodes the RTC requests as strace's rtc.c: the readers'
// structs at exit, the setters' at entry, RTC_PARAM_GET's request at
// entry and its value after " => " at exit.
func rtcIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	var out bool
	var print func(d *Decoder, b []byte, p []byte) []byte
	size := 0
	switch code {
	case reqRTCAIEOn, reqRTCAIEOff, reqRTCUIEOn, reqRTCUIEOff, reqRTCPIEOn, reqRTCPIEOff,
		reqRTCWIEOn, reqRTCWIEOff, reqRTCVLClr:
		return b, ioctlResDone
	case reqRTCIrqpSet, reqRTCEpochSet:
		if !exit {
			b = appendUint(d.sep(b), ev.Args[2])
		}
		return b, ioctlResDone
	case reqRTCIrqpRead, reqRTCEpochRead:
		out, size = true, 8
		print = func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = appendUint(b, le64(p, 0))
			return append(b, ']')
		}
	case reqRTCAlmRead, reqRTCRdTime:
		out = true
		fallthrough
	case reqRTCAlmSet, reqRTCSetTime:
		size, print = rtcTimeSize, appendRTCTime
	case reqRTCWkalmRd:
		out = true
		fallthrough
	case reqRTCWkalmSet:
		size, print = rtcWkalrmSize, appendRTCWkalrm
	case reqRTCPLLGet:
		out = true
		fallthrough
	case reqRTCPLLSet:
		size, print = rtcPLLInfoSize, appendRTCPLLInfo
	case reqRTCVLRead:
		out, size = true, 4
		print = func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = d.flags(b, rtcVLFlags, uint64(le32(p, 0)))
			return append(b, ']')
		}
	case reqRTCParamGet, reqRTCParamSet:
		return rtcParam(d, b, ev, code == reqRTCParamGet, exit)
	default:
		return b, ioctlResUnknown
	}
	if out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	b, p, ok := ioctlArg(d.sep(b), ev, size, exit)
	if ok {
		b = print(d, b, p)
	}
	return b, ioctlResDone
}

// appendRTCTime prints a struct rtc_time (its last three fields under -v).
func appendRTCTime(d *Decoder, b []byte, p []byte) []byte {
	names := [...]string{"{tm_sec=", ", tm_min=", ", tm_hour=", ", tm_mday=", ", tm_mon=", ", tm_year=",
		", tm_wday=", ", tm_yday=", ", tm_isdst="}
	for i, n := range names {
		if i == 6 && !d.opts.Verbose {
			return append(b, ", ...}"...)
		}
		b = append(b, n...)
		b = appendInt(b, int64(int32(le32(p, 4*i))))
	}
	return append(b, '}')
}

// appendRTCWkalrm prints a struct rtc_wkalrm.
func appendRTCWkalrm(d *Decoder, b []byte, p []byte) []byte {
	b = append(b, "{enabled="...)
	b = appendUint(b, uint64(p[0]))
	b = append(b, ", pending="...)
	b = appendUint(b, uint64(p[1]))
	b = append(b, ", time="...)
	b = appendRTCTime(d, b, p[4:4+rtcTimeSize])
	return append(b, '}')
}

// appendRTCPLLInfo prints a struct rtc_pll_info.
func appendRTCPLLInfo(d *Decoder, b []byte, p []byte) []byte {
	names := [...]string{"{pll_ctrl=", ", pll_value=", ", pll_max=", ", pll_min=", ", pll_posmult=", ", pll_negmult="}
	for i, n := range names {
		b = append(b, n...)
		b = appendInt(b, int64(int32(le32(p, 4*i))))
	}
	b = append(b, ", pll_clock="...)
	b = appendInt(b, int64(le64(p, 24)))
	return append(b, '}')
}

// rtcParam decodes RTC_PARAM_GET and RTC_PARAM_SET's struct rtc_param.
func rtcParam(d *Decoder, b []byte, ev *trace.Event, get, exit bool) ([]byte, ioctlRes) {
	if exit {
		if !get {
			return b, ioctlResDone
		}
		// The entry printed the request unless its struct was unreadable.
		if _, ok := ioctlData(ev, rtcParamSize); !ok {
			return b, ioctlResDone
		}
		b = append(b, " => "...)
	} else {
		b = d.sep(b)
	}
	b, p, ok := ioctlArg(b, ev, rtcParamSize, exit)
	if !ok {
		return b, ioctlResDone
	}
	param := le64(p, 0)
	b = append(b, '{')
	if !exit {
		b = append(b, "param="...)
		b = d.enum(b, rtcParams, param)
	}
	if exit == get {
		if !exit {
			b = append(b, ", "...)
		}
		switch param {
		case 0:
			b = append(b, "uvalue="...)
			b = d.flags(b, rtcFeatures, le64(p, 8))
		case 1:
			b = append(b, "svalue="...)
			b = appendInt(b, int64(le64(p, 8)))
		case 2:
			b = append(b, "uvalue="...)
			b = d.enum(b, rtcBackupSwitchModes, le64(p, 8))
		default:
			b = append(b, "uvalue="...)
			b = appendHex(b, le64(p, 8))
		}
	}
	if !exit {
		b = append(b, ", index="...)
		b = appendUint(b, uint64(le32(p, 16)))
	}
	if pad := le32(p, 20); pad != 0 {
		b = append(b, ", __pad="...)
		b = appendHex(b, uint64(pad))
	}
	b = append(b, '}')
	if get && !exit {
		return b, ioctlResLater
	}
	return b, ioctlResDone
}
