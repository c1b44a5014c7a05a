package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Requests of type 0x12 (linux/fs.h, linux/blkzoned.h).
const (
	reqBLKROSET         = 0x125d
	reqBLKROGET         = 0x125e
	reqBLKRRPART        = 0x125f
	reqBLKGETSIZE       = 0x1260
	reqBLKFLSBUF        = 0x1261
	reqBLKRASET         = 0x1262
	reqBLKRAGET         = 0x1263
	reqBLKFRASET        = 0x1264
	reqBLKFRAGET        = 0x1265
	reqBLKSECTGET       = 0x1267
	reqBLKSSZGET        = 0x1268
	reqBLKPG            = 0x1269
	reqBLKBSZGET        = 0x80081270
	reqBLKBSZSET        = 0x40081271
	reqBLKGETSIZE64     = 0x80081272
	reqBLKTRACESETUP    = 0xc0481273
	reqBLKTRACESTART    = 0x1274
	reqBLKTRACESTOP     = 0x1275
	reqBLKTRACETEARDOWN = 0x1276
	reqBLKDISCARD       = 0x1277
	reqBLKIOMIN         = 0x1278
	reqBLKIOOPT         = 0x1279
	reqBLKALIGNOFF      = 0x127a
	reqBLKPBSZGET       = 0x127b
	reqBLKDISCARDZEROES = 0x127c
	reqBLKSECDISCARD    = 0x127d
	reqBLKROTATIONAL    = 0x127e
	reqBLKZEROOUT       = 0x127f
	reqBLKGETDISKSEQ    = 0x80081280
	reqBLKGETZONESZ     = 0x80041284
	reqBLKGETNRZONES    = 0x80041285
)

// Layouts of struct blkpg_ioctl_arg, blkpg_partition and
// blk_user_trace_setup (x86_64).
const (
	blkpgArgSize     = 24
	blkpgPartSize    = 152
	blkpgNameSize    = 64
	blkTraceSetupLen = 72
	blkTraceNameSize = 32
)

var blkpgOps = &xlat{vals: []xv{
	{1, "BLKPG_ADD_PARTITION"}, {2, "BLKPG_DEL_PARTITION"}, {3, "BLKPG_RESIZE_PARTITION"},
}, dflt: "BLKPG_???"}

// blockNum is how the block decoder prints a number the argument points
// to.
type blockNum uint8

const (
	blockInt    blockNum = iota // [int]
	blockUint                   // [unsigned int]
	blockUshort                 // [unsigned short]
	blockLong                   // [long]
	blockUlong                  // [unsigned long]
	blockU64                    // [u64]
	blockPair                   // [u64, u64]
)

// blockNums are the requests whose argument points to a number, with
// whether strace prints it at exit (a getter).
var blockNums = map[uint32]struct {
	num blockNum
	out bool
}{
	reqBLKSECTGET: {blockUshort, true}, reqBLKROTATIONAL: {blockUshort, true},
	reqBLKROGET: {blockInt, true}, reqBLKBSZGET: {blockInt, true}, reqBLKSSZGET: {blockInt, true}, reqBLKALIGNOFF: {blockInt, true},
	reqBLKROSET: {blockInt, false}, reqBLKBSZSET: {blockInt, false},
	reqBLKPBSZGET: {blockUint, true}, reqBLKIOMIN: {blockUint, true}, reqBLKIOOPT: {blockUint, true},
	reqBLKDISCARDZEROES: {blockUint, true}, reqBLKGETZONESZ: {blockUint, true}, reqBLKGETNRZONES: {blockUint, true},
	reqBLKRAGET: {blockLong, true}, reqBLKFRAGET: {blockLong, true},
	reqBLKGETSIZE:   {blockUlong, true},
	reqBLKGETSIZE64: {blockU64, true}, reqBLKGETDISKSEQ: {blockU64, true},
	reqBLKDISCARD: {blockPair, false}, reqBLKSECDISCARD: {blockPair, false}, reqBLKZEROOUT: {blockPair, false},
}

func init() { ioctlFamilies[0x12] = blockIoctl }

// blockIoctl decodes the block device requests as strace's block
// decoder: values, numbers by reference (the getters' at exit),
// BLKPG's request with its partition, and BLKTRACESETUP's setup (its
// name at exit).
func blockIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if n, ok := blockNums[code]; ok {
		if n.out != exit {
			if exit {
				return b, ioctlResDone
			}
			return b, ioctlResLater
		}
		return d.appendBlockNum(d.sep(b), ev, n.num, exit), ioctlResDone
	}
	switch code {
	case reqBLKRRPART, reqBLKFLSBUF, reqBLKTRACESTART, reqBLKTRACESTOP, reqBLKTRACETEARDOWN:
		return b, ioctlResDone
	case reqBLKRASET, reqBLKFRASET:
		if exit {
			return b, ioctlResDone
		}
		return appendUint(d.sep(b), ev.Args[2]), ioctlResDone
	case reqBLKPG:
		if exit {
			return b, ioctlResDone
		}
		return d.appendBlkpg(d.sep(b), ev), ioctlResDone
	case reqBLKTRACESETUP:
		return d.appendBlkTraceSetup(b, ev, exit)
	}
	return b, ioctlResUnknown
}

// appendBlockNum prints the number the argument points to, as num says.
func (d *Decoder) appendBlockNum(b []byte, ev *trace.Event, num blockNum, exit bool) []byte {
	size := map[blockNum]int{blockInt: 4, blockUint: 4, blockUshort: 2, blockLong: 8, blockUlong: 8, blockU64: 8, blockPair: 16}[num]
	b, p, ok := ioctlArg(b, ev, size, exit)
	if !ok {
		return b
	}
	b = append(b, '[')
	switch num {
	case blockInt:
		b = appendInt(b, int64(int32(le32(p, 0))))
	case blockUint:
		b = appendUint(b, uint64(le32(p, 0)))
	case blockUshort:
		b = appendUint(b, uint64(le16(p, 0)))
	case blockLong:
		b = appendInt(b, int64(le64(p, 0)))
	case blockUlong, blockU64:
		b = appendUint(b, le64(p, 0))
	case blockPair:
		b = appendUint(b, le64(p, 0))
		b = append(b, ", "...)
		b = appendUint(b, le64(p, 8))
	}
	return append(b, ']')
}

// appendBlkpg prints BLKPG's struct blkpg_ioctl_arg and the struct
// blkpg_partition its data points to (the capture's Elem).
func (d *Decoder) appendBlkpg(b []byte, ev *trace.Event) []byte {
	b, p, ok := ioctlArg(b, ev, blkpgArgSize, false)
	if !ok {
		return b
	}
	b = append(b, "{op="...)
	b = d.enum(b, blkpgOps, uint64(le32(p, 0)))
	b = append(b, ", flags="...)
	b = appendInt(b, int64(int32(le32(p, 4))))
	b = append(b, ", datalen="...)
	b = appendInt(b, int64(int32(le32(p, 8))))
	b = append(b, ", data="...)
	data := le64(p, 16)
	cp, _ := capOK(ev, 2)
	var part []byte
	if len(cp.Elems) > 0 && !cp.Elems[0].Faulted && len(cp.Elems[0].Data) >= blkpgPartSize {
		part = cp.Elems[0].Data
	}
	switch {
	case data == 0:
		b = append(b, "NULL"...)
	case part == nil:
		b = appendPtr(b, data)
	default:
		b = append(b, "{start="...)
		b = appendInt(b, int64(le64(part, 0)))
		b = append(b, ", length="...)
		b = appendInt(b, int64(le64(part, 8)))
		b = append(b, ", pno="...)
		b = appendInt(b, int64(int32(le32(part, 16))))
		b = append(b, ", devname="...)
		b = d.appendFixedCString(b, part[20:20+blkpgNameSize])
		b = append(b, ", volname="...)
		b = d.appendFixedCString(b, part[84:84+blkpgNameSize])
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendBlkTraceSetup prints BLKTRACESETUP's struct
// blk_user_trace_setup: its settings at entry, the name the kernel
// chose at exit.
func (d *Decoder) appendBlkTraceSetup(b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	if exit {
		p, ok := ioctlData(ev, blkTraceSetupLen)
		if !ok {
			// The entry printed the address.
			return b, ioctlResDone
		}
		if !failed(ev) {
			b = append(b, ", name="...)
			b = d.appendFixedCString(b, p[:blkTraceNameSize])
		}
		return append(b, '}'), ioctlResDone
	}
	b, p, ok := ioctlArg(d.sep(b), ev, blkTraceSetupLen, false)
	if !ok {
		return b, ioctlResDone
	}
	b = append(b, "{act_mask="...)
	b = appendUint(b, uint64(le16(p, 32)))
	b = append(b, ", buf_size="...)
	b = appendUint(b, uint64(le32(p, 36)))
	b = append(b, ", buf_nr="...)
	b = appendUint(b, uint64(le32(p, 40)))
	b = append(b, ", start_lba="...)
	b = appendUint(b, le64(p, 48))
	b = append(b, ", end_lba="...)
	b = appendUint(b, le64(p, 56))
	b = append(b, ", pid="...)
	b = d.appendPidField(b, int32(le32(p, 64)), syscalls.PidTGID)
	return b, ioctlResLater
}
