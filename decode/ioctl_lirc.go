package decode

import "github.com/sctrace/sctrace/trace"

// The LIRC requests (linux/lirc.h), type 'i': each passes a __u32.
const (
	reqLIRCGetFeatures        = 0x80046900
	reqLIRCGetSendMode        = 0x80046901
	reqLIRCGetRecMode         = 0x80046902
	reqLIRCGetRecResolution   = 0x80046907
	reqLIRCGetMinTimeout      = 0x80046908
	reqLIRCGetMaxTimeout      = 0x80046909
	reqLIRCGetLength          = 0x8004690f
	reqLIRCSetSendMode        = 0x40046911
	reqLIRCSetRecMode         = 0x40046912
	reqLIRCSetSendCarrier     = 0x40046913
	reqLIRCSetRecCarrier      = 0x40046914
	reqLIRCSetSendDutyCycle   = 0x40046915
	reqLIRCSetTransmitterMask = 0x40046917
	reqLIRCSetRecTimeout      = 0x40046918
	reqLIRCSetRecTimeoutRep   = 0x40046919
	reqLIRCSetMeasureCarrier  = 0x4004691d
	reqLIRCSetRecCarrierRange = 0x4004691f
	reqLIRCSetWidebandRecv    = 0x40046923
	reqLIRCGetRecTimeout      = 0x80046924
)

// lircModes is strace's lirc_modes.
var lircModes = &xlat{vals: []xv{
	{1, "LIRC_MODE_RAW"}, {2, "LIRC_MODE_PULSE"}, {4, "LIRC_MODE_MODE2"},
	{8, "LIRC_MODE_SCANCODE"}, {0x10, "LIRC_MODE_LIRCCODE"},
}, dflt: "LIRC_MODE_???"}

// lircFeatures is strace's lirc_features.
var lircFeatures = &xlat{vals: []xv{
	{0x2, "LIRC_CAN_SEND_PULSE"}, {0x10, "LIRC_CAN_SEND_LIRCCODE"},
	{0x100, "LIRC_CAN_SET_SEND_CARRIER"}, {0x200, "LIRC_CAN_SET_SEND_DUTY_CYCLE"},
	{0x400, "LIRC_CAN_SET_TRANSMITTER_MASK"}, {0x40000, "LIRC_CAN_REC_MODE2"},
	{0x80000, "LIRC_CAN_REC_SCANCODE"}, {0x100000, "LIRC_CAN_REC_LIRCCODE"},
	{0x1000000, "LIRC_CAN_SET_REC_CARRIER"}, {0x2000000, "LIRC_CAN_MEASURE_CARRIER"},
	{0x4000000, "LIRC_CAN_USE_WIDEBAND_RECEIVER"}, {0x10000000, "LIRC_CAN_SET_REC_TIMEOUT"},
	{0x20000000, "LIRC_CAN_GET_REC_RESOLUTION"}, {0x80000000, "LIRC_CAN_SET_REC_CARRIER_RANGE"},
}, dflt: "LIRC_CAN_???"}

func init() { ioctlFamilies['i'] = lircIoctl }

// lircIoctl decodes the LIRC requests as strace's lirc_ioctl.c: the
// getters' __u32 at exit, the setters' at entry, as [VALUE].
func lircIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqLIRCGetFeatures, reqLIRCGetSendMode, reqLIRCGetRecMode, reqLIRCGetRecResolution,
		reqLIRCGetMinTimeout, reqLIRCGetMaxTimeout, reqLIRCGetLength, reqLIRCGetRecTimeout,
		reqLIRCSetSendMode, reqLIRCSetRecMode, reqLIRCSetSendCarrier, reqLIRCSetRecCarrier,
		reqLIRCSetSendDutyCycle, reqLIRCSetTransmitterMask, reqLIRCSetRecTimeout,
		reqLIRCSetRecTimeoutRep, reqLIRCSetMeasureCarrier, reqLIRCSetRecCarrierRange,
		reqLIRCSetWidebandRecv:
	default:
		return b, ioctlResUnknown
	}
	out := code>>30 == 2 // _IOC_READ
	if out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	b, p, ok := ioctlArg(d.sep(b), ev, 4, exit)
	if !ok {
		return b, ioctlResDone
	}
	v := uint64(le32(p, 0))
	b = append(b, '[')
	switch code {
	case reqLIRCGetFeatures:
		b = d.flags(b, lircFeatures, v)
	case reqLIRCGetSendMode, reqLIRCGetRecMode, reqLIRCSetSendMode, reqLIRCSetRecMode:
		b = d.enum(b, lircModes, v)
	case reqLIRCSetTransmitterMask:
		b = appendHex(b, v)
	default:
		b = appendUint(b, v)
	}
	return append(b, ']'), ioctlResDone
}
