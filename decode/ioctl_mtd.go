package decode

import "github.com/sctrace/sctrace/trace"

// The MTD requests (mtd/mtd-abi.h), type 'M'.
const (
	reqMemGetInfo        = 0x80204d01
	reqMemErase          = 0x40084d02
	reqMemWriteOOB       = 0xc0104d03
	reqMemReadOOB        = 0xc0104d04
	reqMemLock           = 0x40084d05
	reqMemUnlock         = 0x40084d06
	reqMemGetRegionCount = 0x80044d07
	reqMemGetRegionInfo  = 0xc0104d08
	reqMemGetOOBSel      = 0x80c84d0a
	reqMemGetBadBlock    = 0x40084d0b
	reqMemSetBadBlock    = 0x40084d0c
	reqOTPSelect         = 0x80044d0d
	reqOTPGetRegionCount = 0x40044d0e
	reqOTPGetRegionInfo  = 0x400c4d0f
	reqOTPLock           = 0x800c4d10
	reqECCGetLayout      = 0x81484d11
	reqECCGetStats       = 0x80104d12
	reqMTDFileMode       = 0x4d13
	reqMemErase64        = 0x40104d14
	reqMemWriteOOB64     = 0xc0184d15
	reqMemReadOOB64      = 0xc0184d16
	reqMemIsLocked       = 0x80084d17
	reqMemWrite          = 0xc0304d18
)

// The MTD value tables (strace's mtd_*_options).
var (
	mtdModes = &xlat{vals: []xv{
		{0, "MTD_OPS_PLACE_OOB"}, {1, "MTD_OPS_AUTO_OOB"}, {2, "MTD_OPS_RAW"},
	}, dflt: "MTD_OPS_???"}
	mtdOTPModes = &xlat{vals: []xv{
		{0, "MTD_OTP_OFF"}, {1, "MTD_OTP_FACTORY"}, {2, "MTD_OTP_USER"},
	}, dflt: "MTD_OTP_???"}
	mtdFileModes = &xlat{vals: []xv{
		{0, "MTD_FILE_MODE_NORMAL"}, {1, "MTD_FILE_MODE_OTP_FACTORY"},
		{2, "MTD_FILE_MODE_OTP_USER"}, {3, "MTD_FILE_MODE_RAW"},
	}, dflt: "MTD_FILE_MODE_???"}
	mtdTypes = &xlat{vals: []xv{
		{0, "MTD_ABSENT"}, {1, "MTD_RAM"}, {2, "MTD_ROM"}, {3, "MTD_NORFLASH"},
		{4, "MTD_NANDFLASH"}, {5, "MTD_DATAFLASH"}, {6, "MTD_UBIVOLUME"}, {7, "MTD_MLCNANDFLASH"},
	}, dflt: "MTD_???"}
	mtdFlags = &xlat{vals: []xv{
		{0x400, "MTD_WRITEABLE"}, {0x800, "MTD_BIT_WRITEABLE"}, {0x1000, "MTD_NO_ERASE"},
		{0x2000, "MTD_POWERUP_LOCK"}, {0x4000, "MTD_SLC_ON_MLC_EMULATION"},
	}, dflt: "MTD_???"}
	mtdNandECC = &xlat{vals: []xv{
		{0, "MTD_NANDECC_OFF"}, {1, "MTD_NANDECC_PLACE"}, {2, "MTD_NANDECC_AUTOPLACE"},
		{3, "MTD_NANDECC_PLACEONLY"}, {4, "MTD_NANDECC_AUTOPL_USR"},
	}, dflt: "MTD_NANDECC_???"}
)

func init() { ioctlFamilies['M'] = mtdIoctl }

// The layouts of the MTD structs strace prints whole.
var (
	mtdEraseInfo   = []flatField{{"start", 0, 'x'}, {"length", 4, 'x'}}
	mtdEraseInfo64 = []flatField{{"start", 0, 'X'}, {"length", 8, 'X'}}
	mtdOOBBuf      = []flatField{{"start", 0, 'x'}, {"length", 4, 'x'}, {"ptr", 8, 'p'}}
	mtdOOBBuf64    = []flatField{{"start", 0, 'X'}, {"length", 12, 'x'}, {"usr_ptr", 16, 'p'}}
	mtdOTPInfo     = []flatField{{"start", 0, 'x'}, {"length", 4, 'x'}, {"locked", 8, 'u'}}
	mtdECCStats    = []flatField{{"corrected", 0, 'x'}, {"failed", 4, 'x'}, {"badblocks", 8, 'x'}, {"bbtblocks", 12, 'x'}}
	mtdWriteReq    = []flatField{{"start", 0, 'X'}, {"len", 8, 'X'}, {"ooblen", 16, 'X'}, {"usr_data", 24, 'p'}, {"usr_oob", 32, 'p'}}
)

// mtdIoctl decodes the MTD requests as strace's mtd.c.
func mtdIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	var fields []flatField
	var print func(d *Decoder, b []byte, p []byte) []byte
	size, out := 0, false
	switch code {
	case reqMemErase, reqMemLock, reqMemUnlock, reqMemIsLocked:
		fields, size = mtdEraseInfo, 8
	case reqMemErase64:
		fields, size = mtdEraseInfo64, 16
	case reqMemWriteOOB, reqMemReadOOB:
		fields, size = mtdOOBBuf, 16
	case reqMemWriteOOB64, reqMemReadOOB64:
		fields, size = mtdOOBBuf64, 24
	case reqOTPGetRegionInfo:
		fields, size, out = mtdOTPInfo, 12, true
	case reqOTPLock:
		fields, size = mtdOTPInfo, 12
	case reqECCGetStats:
		fields, size, out = mtdECCStats, 16, true
	case reqMemWrite:
		size, print = 48, appendMTDWriteReq
	case reqOTPSelect:
		size, print = 4, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = d.enum(b, mtdOTPModes, uint64(le32(p, 0)))
			return append(b, ']')
		}
	case reqMTDFileMode:
		if !exit {
			b = d.enum(d.sep(b), mtdFileModes, ev.Args[2])
		}
		return b, ioctlResDone
	case reqMemGetBadBlock, reqMemSetBadBlock:
		size, print = 8, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = appendUint(b, le64(p, 0))
			return append(b, ']')
		}
	case reqMemGetInfo:
		size, out, print = 32, true, appendMTDInfo
	case reqMemGetOOBSel:
		size, out, print = 200, true, appendNandOOBInfo
	case reqECCGetLayout:
		size, out, print = 328, true, appendNandECCLayout
	case reqOTPGetRegionCount:
		size, out, print = 4, true, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = appendUint(b, uint64(le32(p, 0)))
			return append(b, ']')
		}
	case reqMemGetRegionCount:
		size, out, print = 4, true, func(d *Decoder, b []byte, p []byte) []byte {
			b = append(b, '[')
			b = appendInt(b, int64(int32(le32(p, 0))))
			return append(b, ']')
		}
	case reqMemGetRegionInfo:
		return mtdRegionInfo(d, b, ev, exit)
	default:
		return b, ioctlResUnknown
	}
	if out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	b, p, ok := ioctlArg(d.sep(b), ev, size, exit && out)
	if !ok {
		return b, ioctlResDone
	}
	if print != nil {
		return print(d, b, p), ioctlResDone
	}
	return appendFlatFields(b, p, fields), ioctlResDone
}

// appendMTDWriteReq prints a struct mtd_write_req.
func appendMTDWriteReq(d *Decoder, b []byte, p []byte) []byte {
	b = appendFlatFieldList(append(b, '{'), p, mtdWriteReq)
	b = append(b, ", mode="...)
	b = d.enum(b, mtdModes, uint64(p[40]))
	return append(b, '}')
}

// appendMTDInfo prints a struct mtd_info_user.
func appendMTDInfo(d *Decoder, b []byte, p []byte) []byte {
	b = append(b, "{type="...)
	b = d.enum(b, mtdTypes, uint64(p[0]))
	b = append(b, ", flags="...)
	b = d.flags(b, mtdFlags, uint64(le32(p, 4)))
	b = appendFlatFieldList(append(b, ", "...), p, []flatField{{"size", 8, 'x'}, {"erasesize", 12, 'x'},
		{"writesize", 16, 'x'}, {"oobsize", 20, 'x'}, {"padding", 24, 'X'}})
	return append(b, '}')
}

// appendHexArray prints n 32-bit values at p as [0x..., ...], up to the
// string limit.
func (d *Decoder) appendHexArray(b []byte, p []byte, n int) []byte {
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if i >= d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		b = appendHex(b, uint64(le32(p, 4*i)))
	}
	return append(b, ']')
}

// appendNandOOBInfo prints a struct nand_oobinfo.
func appendNandOOBInfo(d *Decoder, b []byte, p []byte) []byte {
	b = append(b, "{useecc="...)
	b = d.enum(b, mtdNandECC, uint64(le32(p, 0)))
	b = append(b, ", eccbytes="...)
	b = appendHex(b, uint64(le32(p, 4)))
	b = append(b, ", oobfree=["...)
	for i := 0; i < 8; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = d.appendHexArray(b, p[8+8*i:], 2)
	}
	b = append(b, "], eccpos="...)
	b = d.appendHexArray(b, p[72:], 32)
	return append(b, '}')
}

// appendNandECCLayout prints a struct nand_ecclayout_user.
func appendNandECCLayout(d *Decoder, b []byte, p []byte) []byte {
	b = append(b, "{eccbytes="...)
	b = appendHex(b, uint64(le32(p, 0)))
	b = append(b, ", eccpos="...)
	b = d.appendHexArray(b, p[4:], 64)
	b = append(b, ", oobavail="...)
	b = appendHex(b, uint64(le32(p, 260)))
	b = append(b, ", oobfree=["...)
	for i := 0; i < 8; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendFlatFields(b, p[264+8*i:], []flatField{{"offset", 0, 'x'}, {"length", 4, 'x'}})
	}
	return append(b, "]}"...)
}

// mtdRegionInfo decodes MEMGETREGIONINFO: regionindex at entry, the
// region's fields at exit when the call succeeded.
func mtdRegionInfo(d *Decoder, b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, 16, false)
		if !ok {
			return b, ioctlResDone
		}
		b = append(b, "{regionindex="...)
		return appendHex(b, uint64(le32(p, 12))), ioctlResLater
	}
	// The entry printed the struct unless it was unreadable.
	p, ok := ioctlData(ev, 16)
	if !ok {
		return b, ioctlResDone
	}
	if !failed(ev) {
		b = append(b, ", offset="...)
		b = appendHex(b, uint64(le32(p, 0)))
		b = append(b, ", erasesize="...)
		b = appendHex(b, uint64(le32(p, 4)))
		b = append(b, ", numblocks="...)
		b = appendHex(b, uint64(le32(p, 8)))
	}
	return append(b, '}'), ioctlResDone
}
