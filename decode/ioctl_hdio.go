package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The ioctl requests of hdio (type 0x03) and FS_IOC_FIEMAP decoded here.
const (
	hdioGetGeo     = 0x0301
	hdioDriveCmd   = 0x031f
	hdioDriveReset = 0x031c
	hdioScanHwif   = 0x0328
	hdioGetBus     = 0x031a
	hdioSetBus     = 0x032d
	hdioGetNice    = 0x030c
	hdioSetNice    = 0x0329
	hdioGetIdent   = 0x030d
	hdioObsIdent   = 0x0307

	ioctlFSFiemap = syscalls.IoctlFiemap
)

// hdioGetLongs are the HDIO_GET_* requests whose result is an unsigned
// long; hdioSetLongs the HDIO_SET_* ones whose argument is one.
var (
	hdioGetLongs = [...]uint32{0x0309, 0x030f, 0x0310, 0x030b, 0x0308, 0x0304, 0x030a, 0x0302, 0x030e}
	hdioSetLongs = [...]uint32{0x0324, 0x032c, 0x032f, 0x0326, 0x0323, 0x0321, 0x0325, 0x0327, 0x0322, 0x032b, 0x032a}
)

var hdioBusStates = &xlat{vals: []xv{{0, "BUSSTATE_OFF"}, {1, "BUSSTATE_ON"}, {2, "BUSSTATE_TRISTATE"}}, dflt: "BUSSTATE_???"}

var hdioIdeNice = &xlat{vals: []xv{
	{1 << 0, "1 << IDE_NICE_DSC_OVERLAP"}, {1 << 1, "1 << IDE_NICE_ATAPI_OVERLAP"}, {1 << 3, "1 << IDE_NICE_1"},
	{1 << 2, "1 << IDE_NICE_0"}, {1 << 4, "1 << IDE_NICE_2"},
}, dflt: "IDE_NICE_???"}

var ataCommands = &xlat{vals: []xv{
	{0x00, "ATA_CMD_NOP"}, {0x03, "ATA_CMD_CFA_REQ_EXT_ERR"}, {0x06, "ATA_CMD_DSM"}, {0x08, "ATA_CMD_DEV_RESET"},
	{0x0B, "ATA_CMD_REQ_SENSE_DATA"}, {0x10, "ATA_CMD_RESTORE"}, {0x20, "ATA_CMD_PIO_READ"}, {0x22, "ATA_CMD_READ_LONG"},
	{0x23, "ATA_CMD_READ_LONG_ONCE"}, {0x24, "ATA_CMD_PIO_READ_EXT"}, {0x25, "ATA_CMD_READ_EXT"},
	{0x26, "ATA_CMD_READ_QUEUED"}, {0x27, "ATA_CMD_READ_NATIVE_MAX_EXT"}, {0x29, "ATA_CMD_READ_MULTI_EXT"},
	{0x2A, "ATA_CMD_READ_STREAM_DMA_EXT"}, {0x2B, "ATA_CMD_READ_STREAM_EXT"}, {0x2F, "ATA_CMD_READ_LOG_EXT"},
	{0x30, "ATA_CMD_PIO_WRITE"}, {0x32, "ATA_CMD_WRITE_LONG"}, {0x33, "ATA_CMD_WRITE_LONG_ONCE"},
	{0x34, "ATA_CMD_PIO_WRITE_EXT"}, {0x35, "ATA_CMD_WRITE_EXT"}, {0x36, "ATA_CMD_WRITE_QUEUED"},
	{0x37, "ATA_CMD_SET_MAX_EXT"}, {0x38, "ATA_CMD_CFA_WRITE_NE"}, {0x39, "ATA_CMD_WRITE_MULTI_EXT"},
	{0x3A, "ATA_CMD_WRITE_STREAM_DMA_EXT"}, {0x3B, "ATA_CMD_WRITE_STREAM_EXT"}, {0x3D, "ATA_CMD_WRITE_FUA_EXT"},
	{0x3E, "ATA_CMD_WRITE_QUEUED_FUA_EXT"}, {0x3F, "ATA_CMD_WRITE_LOG_EXT"}, {0x40, "ATA_CMD_VERIFY"},
	{0x42, "ATA_CMD_VERIFY_EXT"}, {0x45, "ATA_CMD_WRITE_UNCORR_EXT"}, {0x47, "ATA_CMD_READ_LOG_DMA_EXT"},
	{0x4A, "ATA_CMD_ZAC_MGMT_IN"}, {0x51, "ATA_CMD_CONFIG_STREAM"}, {0x57, "ATA_CMD_WRITE_LOG_DMA_EXT"},
	{0x5B, "ATA_CMD_TRUSTED_NONDATA"}, {0x5C, "ATA_CMD_TRUSTED_RCV"}, {0x5D, "ATA_CMD_TRUSTED_RCV_DMA"},
	{0x5E, "ATA_CMD_TRUSTED_SND"}, {0x5F, "ATA_CMD_TRUSTED_SND_DMA"}, {0x60, "ATA_CMD_FPDMA_READ"},
	{0x61, "ATA_CMD_FPDMA_WRITE"}, {0x63, "ATA_CMD_NCQ_NON_DATA"}, {0x64, "ATA_CMD_FPDMA_SEND"},
	{0x65, "ATA_CMD_FPDMA_RECV"}, {0x87, "ATA_CMD_CFA_TRANS_SECT"}, {0x90, "ATA_CMD_EDD"},
	{0x91, "ATA_CMD_INIT_DEV_PARAMS"}, {0x92, "ATA_CMD_DOWNLOAD_MICRO"}, {0x93, "ATA_CMD_DOWNLOAD_MICRO_DMA"},
	{0x9F, "ATA_CMD_ZAC_MGMT_OUT"}, {0xA0, "ATA_CMD_PACKET"}, {0xA1, "ATA_CMD_ID_ATAPI"}, {0xA2, "ATA_CMD_SERVICE"},
	{0xB0, "ATA_CMD_SMART"}, {0xB1, "ATA_CMD_CONF_OVERLAY"}, {0xB4, "ATA_CMD_SANITIZE_DEVICE"},
	{0xC0, "ATA_CMD_CFA_ERASE"}, {0xC4, "ATA_CMD_READ_MULTI"}, {0xC5, "ATA_CMD_WRITE_MULTI"},
	{0xC6, "ATA_CMD_SET_MULTI"}, {0xC8, "ATA_CMD_READ"}, {0xCA, "ATA_CMD_WRITE"}, {0xCD, "ATA_CMD_CFA_WRITE_MULT_NE"},
	{0xCE, "ATA_CMD_WRITE_MULTI_FUA_EXT"}, {0xD1, "ATA_CMD_CHK_MED_CRD_TYP"}, {0xDE, "ATA_CMD_MEDIA_LOCK"},
	{0xDF, "ATA_CMD_MEDIA_UNLOCK"}, {0xE0, "ATA_CMD_STANDBYNOW1"}, {0xE1, "ATA_CMD_IDLEIMMEDIATE"},
	{0xE2, "ATA_CMD_STANDBY"}, {0xE3, "ATA_CMD_IDLE"}, {0xE4, "ATA_CMD_PMP_READ"}, {0xE5, "ATA_CMD_CHK_POWER"},
	{0xE6, "ATA_CMD_SLEEP"}, {0xE7, "ATA_CMD_FLUSH"}, {0xE8, "ATA_CMD_PMP_WRITE"}, {0xE9, "ATA_CMD_PMP_READ_DMA"},
	{0xEA, "ATA_CMD_FLUSH_EXT"}, {0xEB, "ATA_CMD_PMP_WRITE_DMA"}, {0xEC, "ATA_CMD_ID_ATA"},
	{0xEF, "ATA_CMD_SET_FEATURES"}, {0xF1, "ATA_CMD_SEC_SET_PASS"}, {0xF2, "ATA_CMD_SEC_UNLOCK"},
	{0xF3, "ATA_CMD_SEC_ERASE_PREP"}, {0xF4, "ATA_CMD_SEC_ERASE_UNIT"}, {0xF5, "ATA_CMD_SEC_FREEZE_LOCK"},
	{0xF6, "ATA_CMD_SEC_DISABLE_PASS"}, {0xF8, "ATA_CMD_READ_NATIVE_MAX"}, {0xF9, "ATA_CMD_SET_MAX"},
}, dflt: "ATA_CMD_???"}

var hdioFamily = fixedFamily{decode: decodeHdio}

func inU32s(v uint32, set []uint32) bool {
	for _, s := range set {
		if s == v {
			return true
		}
	}
	return false
}

// decodeHdio decodes the HDIO_* requests as strace's hdio.c and its
// generated leaf decoders.
func decodeHdio(d *Decoder, b []byte, ev *trace.Event, req uint32, exit bool) ([]byte, ioctlRet) {
	arg := ev.Args[2]
	switch {
	case req == hdioGetGeo:
		if !exit {
			return d.sep(b), ioctlMore
		}
		p, ok := ioctlData(ev, 16)
		if failed(ev) || !ok {
			return appendPtr(b, arg), ioctlDone
		}
		b = append(b, "{heads="...)
		b = appendUint(b, uint64(p[0]))
		b = append(b, ", sectors="...)
		b = appendUint(b, uint64(p[1]))
		b = append(b, ", cylinders="...)
		b = appendUint(b, uint64(le16(p, 2)))
		b = append(b, ", start="...)
		b = appendUint(b, le64(p, 8))
		return append(b, '}'), ioctlDone
	case req == hdioDriveCmd:
		p, ok := ioctlData(ev, 4)
		if !exit {
			b = d.sep(b)
			if !ok {
				return appendPtr(b, arg), ioctlDone
			}
			b = append(b, "{command="...)
			b = d.enum(b, ataCommands, uint64(p[0]))
			b = append(b, ", sector_number="...)
			b = appendUint(b, uint64(p[1]))
			b = append(b, ", feature="...)
			b = appendUint(b, uint64(p[2]))
			b = append(b, ", sector_count="...)
			b = appendUint(b, uint64(p[3]))
			return append(b, '}'), ioctlMore
		}
		if (failed(ev) && ev.Ret != -5) || !ok {
			return b, ioctlDone
		}
		b = append(b, " => {status="...)
		b = appendHex(b, uint64(p[0]))
		b = append(b, ", error="...)
		b = appendUint(b, uint64(p[1]))
		b = append(b, ", nsector="...)
		b = appendUint(b, uint64(p[2]))
		if n := uint64(p[3]) * 512; n != 0 {
			b = append(b, ", buf="...)
			if len(p) > 4+d.opts.StringLimit || uint64(len(p)-4) >= n {
				b = d.appendBuf(b, p[4:], n, true)
			} else {
				b = appendPtr(b, arg+4)
			}
		}
		return append(b, '}'), ioctlDone
	case req == hdioDriveReset || req == hdioScanHwif:
		b = d.sep(b)
		p, ok := ioctlData(ev, 12)
		if !ok {
			return appendPtr(b, arg), ioctlDone
		}
		for i := 0; i < 3; i++ {
			b = append(b, ", "[:2*min(i, 1)]...)
			if i == 0 {
				b = append(b, '[')
			}
			b = appendHex(b, uint64(le32(p, 4*i)))
		}
		return append(b, ']'), ioctlDone
	case inU32s(req, hdioGetLongs[:]) || req == hdioGetBus || req == hdioGetNice:
		if !exit {
			return d.sep(b), ioctlMore
		}
		p, ok := ioctlData(ev, 8)
		if failed(ev) || !ok {
			return appendPtr(b, arg), ioctlDone
		}
		b = append(b, '[')
		switch req {
		case hdioGetBus:
			b = d.enum(b, hdioBusStates, le64(p, 0))
		case hdioGetNice:
			b = d.flags(b, hdioIdeNice, le64(p, 0))
		default:
			b = appendUint(b, le64(p, 0))
		}
		return append(b, ']'), ioctlDone
	case req == hdioGetIdent || req == hdioObsIdent:
		if !exit {
			return d.sep(b), ioctlMore
		}
		cp, ok := capOK(ev, 2)
		if failed(ev) || !ok || arg == 0 {
			return appendPtr(b, arg), ioctlDone
		}
		return d.appendBuf(b, cp.Data, 512, false), ioctlDone
	case inU32s(req, hdioSetLongs[:]):
		b = d.sep(b)
		return appendUint(b, arg), ioctlDone
	case req == hdioSetBus:
		b = d.sep(b)
		return d.enum(b, hdioBusStates, arg), ioctlDone
	case req == hdioSetNice:
		b = d.sep(b)
		return d.flags(b, hdioIdeNice, arg), ioctlDone
	}
	return b, ioctlHexArg
}
