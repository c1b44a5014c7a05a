package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// The SCSI generic requests (scsi/sg.h), type 0x22; they have no size bits.
const (
	reqSGSetTimeout        = 0x2201
	reqSGGetTimeout        = 0x2202
	reqSGEmulatedHost      = 0x2203
	reqSGSetTransform      = 0x2204
	reqSGGetTransform      = 0x2205
	reqSGGetCommandQ       = 0x2270
	reqSGSetCommandQ       = 0x2271
	reqSGGetReservedSize   = 0x2272
	reqSGSetReservedSize   = 0x2275
	reqSGGetSCSIID         = 0x2276
	reqSGSetForceLowDMA    = 0x2279
	reqSGGetLowDMA         = 0x227a
	reqSGSetForcePackID    = 0x227b
	reqSGGetPackID         = 0x227c
	reqSGGetNumWaiting     = 0x227d
	reqSGSetDebug          = 0x227e
	reqSGGetSGTablesize    = 0x227f
	reqSGGetVersionNum     = 0x2282
	reqSGNextCmdLen        = 0x2283
	reqSGSCSIReset         = 0x2284
	reqSGIO                = 0x2285
	reqSGGetRequestTable   = 0x2286
	reqSGSetKeepOrphan     = 0x2287
	reqSGGetKeepOrphan     = 0x2288
	reqSGGetAccessCount    = 0x2289
	sgSCSIResetNoEscalate  = 0x100
	sgSCSIIDSize           = 32 // struct sg_scsi_id
	sgReqInfoSize          = 24 // struct sg_req_info
	sgInterfaceIDV3        = 'S'
	sgInterfaceIDV4        = 'Q'
	sgInterfaceIDFieldSize = 4
)

// sgSCSIResets are SG_SCSI_RESET's values (xlat/sg_scsi_reset.in).
var sgSCSIResets = &xlat{vals: []xv{
	{0, "SG_SCSI_RESET_NOTHING"}, {1, "SG_SCSI_RESET_DEVICE"}, {2, "SG_SCSI_RESET_BUS"},
	{3, "SG_SCSI_RESET_HOST"}, {4, "SG_SCSI_RESET_TARGET"}, {sgSCSIResetNoEscalate, "SG_SCSI_RESET_NO_ESCALATE"},
}, dflt: "SG_SCSI_RESET_???"}

// The structs SG_GET_SCSI_ID and SG_GET_REQUEST_TABLE return.
var (
	sgSCSIID = []flatField{{"host_no", 0, 'd'}, {"channel", 4, 'd'}, {"scsi_id", 8, 'x'}, {"lun", 12, 'd'},
		{"scsi_type", 16, 'x'}, {"h_cmd_per_lun", 20, 'h'}, {"d_queue_depth", 22, 'h'}}
	sgReqInfo = []flatField{{"req_state", 0, 'b'}, {"orphan", 1, 'b'}, {"sg_io_owned", 2, 'b'}, {"problem", 3, 'b'},
		{"pack_id", 4, 'd'}, {"usr_ptr", 8, 'p'}, {"duration", 16, 'u'}}
)

func init() { ioctlFamilies[0x22] = sgIoctl }

// sgIoctl decodes the SCSI generic requests as strace's scsi_ioctl: the
// ints setters pass at entry, those getters return at exit, SG_SCSI_RESET's
// value, the structs SG_GET_SCSI_ID and SG_GET_REQUEST_TABLE return, and
// SG_IO's struct (ioctl_sgio.go).
func sgIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqSGGetTimeout:
		// It takes no argument.
		return b, ioctlResDone
	case reqSGSetTransform:
		if exit {
			return b, ioctlResDone
		}
		return appendHex(d.sep(b), uint64(uint32(ev.Args[2]))), ioctlResDone
	case reqSGNextCmdLen, reqSGSetCommandQ, reqSGSetDebug, reqSGSetForceLowDMA, reqSGSetForcePackID,
		reqSGSetKeepOrphan, reqSGSetReservedSize, reqSGSetTimeout:
		return ioctlIntAt(b, d, ev, false, exit)
	case reqSGEmulatedHost, reqSGGetAccessCount, reqSGGetCommandQ, reqSGGetKeepOrphan, reqSGGetLowDMA,
		reqSGGetNumWaiting, reqSGGetPackID, reqSGGetReservedSize, reqSGGetSGTablesize, reqSGGetTransform,
		reqSGGetVersionNum:
		return ioctlIntAt(b, d, ev, true, exit)
	case reqSGSCSIReset:
		if exit {
			return b, ioctlResDone
		}
		b, p, ok := ioctlArg(d.sep(b), ev, 4, false)
		if !ok {
			return b, ioctlResDone
		}
		v := uint64(le32(p, 0))
		b = append(b, '[')
		if v&sgSCSIResetNoEscalate != 0 {
			b = append(d.enum(b, sgSCSIResets, sgSCSIResetNoEscalate), '|')
		}
		b = d.enum(b, sgSCSIResets, v&^sgSCSIResetNoEscalate)
		return append(b, ']'), ioctlResDone
	case reqSGGetSCSIID:
		return sgGetStruct(d, b, ev, exit, sgSCSIIDSize, sgSCSIID)
	case reqSGGetRequestTable:
		return sgGetStruct(d, b, ev, exit, sgReqInfoSize, sgReqInfo)
	case reqSGIO:
		return d.sgIO(b, ev, exit)
	}
	return b, ioctlResUnknown
}

// sgGetStruct decodes a getter returning a struct of size bytes, printed
// whole at exit.
func sgGetStruct(d *Decoder, b []byte, ev *trace.Event, exit bool, size int, fields []flatField) ([]byte, ioctlRes) {
	if !exit {
		return b, ioctlResLater
	}
	b, p, ok := ioctlArg(d.sep(b), ev, size, true)
	if !ok {
		return b, ioctlResDone
	}
	return appendFlatFields(b, p, fields), ioctlResDone
}
