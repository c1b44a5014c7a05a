package decode

import "github.com/sctrace/sctrace/trace"

// Requests of type 0xab (linux/nbd.h).
const (
	reqNBDSetSock       = 0xab00
	reqNBDSetBlkSize    = 0xab01
	reqNBDSetSize       = 0xab02
	reqNBDDoIt          = 0xab03
	reqNBDClearSock     = 0xab04
	reqNBDClearQue      = 0xab05
	reqNBDPrintDebug    = 0xab06
	reqNBDSetSizeBlocks = 0xab07
	reqNBDDisconnect    = 0xab08
	reqNBDSetTimeout    = 0xab09
	reqNBDSetFlags      = 0xab0a
)

var nbdFlags = &xlat{vals: []xv{
	{1 << 0, "NBD_FLAG_HAS_FLAGS"}, {1 << 1, "NBD_FLAG_READ_ONLY"}, {1 << 2, "NBD_FLAG_SEND_FLUSH"},
	{1 << 3, "NBD_FLAG_SEND_FUA"}, {1 << 4, "NBD_FLAG_ROTATIONAL"}, {1 << 5, "NBD_FLAG_SEND_TRIM"},
	{1 << 6, "NBD_FLAG_SEND_WRITE_ZEROES"}, {1 << 7, "NBD_FLAG_SEND_DF"}, {1 << 8, "NBD_FLAG_CAN_MULTI_CONN"},
	{1 << 9, "NBD_FLAG_SEND_RESIZE"}, {1 << 10, "NBD_FLAG_SEND_CACHE"},
}, dflt: "NBD_IOC_FLAG_???"}

func init() { ioctlFamilies[0xab] = nbdIoctl }

// nbdIoctl decodes the network block device requests, whose argument is
// a value: a socket, a size, a timeout or flags.
func nbdIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	arg := ev.Args[2]
	switch code {
	case reqNBDDisconnect, reqNBDClearSock, reqNBDDoIt, reqNBDClearQue, reqNBDPrintDebug:
		return b, ioctlResDone
	case reqNBDSetSock, reqNBDSetBlkSize, reqNBDSetSize, reqNBDSetSizeBlocks, reqNBDSetTimeout, reqNBDSetFlags:
		if exit {
			return b, ioctlResDone
		}
	default:
		return b, ioctlResUnknown
	}
	b = d.sep(b)
	switch code {
	case reqNBDSetSock:
		b = d.appendFD(b, ev, uint64(int64(int32(arg))))
	case reqNBDSetFlags:
		b = d.flags(b, nbdFlags, arg)
	default:
		b = appendUint(b, arg)
	}
	return b, ioctlResDone
}
