package decode

import "github.com/sctrace/sctrace/trace"

// Requests of type 'L' (linux/loop.h).
const (
	reqLoopSetFD       = 0x4c00
	reqLoopClrFD       = 0x4c01
	reqLoopSetStatus   = 0x4c02
	reqLoopGetStatus   = 0x4c03
	reqLoopSetStatus64 = 0x4c04
	reqLoopGetStatus64 = 0x4c05
	reqLoopChangeFD    = 0x4c06
	reqLoopSetCapacity = 0x4c07
	reqLoopSetDirectIO = 0x4c08
	reqLoopSetBlkSize  = 0x4c09
	reqLoopConfigure   = 0x4c0a
	reqLoopCtlAdd      = 0x4c80
	reqLoopCtlRemove   = 0x4c81
	reqLoopCtlGetFree  = 0x4c82
)

// Layouts of struct loop_info, loop_info64 and loop_config (x86_64).
const (
	loopInfoSize     = 168
	loopInfo64Size   = 232
	loopConfigSize   = 304
	loopNameSize     = 64
	loopKeySize      = 32
	loopConfigResOff = 240
	loopConfigResLen = 8
)

var loopFlags = &xlat{vals: []xv{
	{1, "LO_FLAGS_READ_ONLY"}, {2, "LO_FLAGS_USE_AOPS"}, {4, "LO_FLAGS_AUTOCLEAR"}, {8, "LO_FLAGS_PARTSCAN"},
	{16, "LO_FLAGS_DIRECT_IO"},
}, dflt: "LO_FLAGS_???"}

var loopCryptTypes = &xlat{vals: []xv{
	{0, "LO_CRYPT_NONE"}, {1, "LO_CRYPT_XOR"}, {2, "LO_CRYPT_DES"}, {3, "LO_CRYPT_FISH2"}, {4, "LO_CRYPT_BLOW"},
	{5, "LO_CRYPT_CAST128"}, {6, "LO_CRYPT_IDEA"}, {9, "LO_CRYPT_DUMMY"}, {10, "LO_CRYPT_SKIPJACK"},
	{18, "LO_CRYPT_CRYPTOAPI"},
}, dflt: "LO_CRYPT_???"}

func init() { ioctlFamilies['L'] = loopIoctl }

// loopIoctl decodes the loop device requests: struct loop_info,
// loop_info64 (the getters' at exit) and loop_config, descriptors and
// values.
func loopIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	arg := ev.Args[2]
	out := false
	switch code {
	case reqLoopClrFD, reqLoopSetCapacity, reqLoopCtlGetFree:
		return b, ioctlResDone
	case reqLoopGetStatus, reqLoopGetStatus64:
		out = true
	case reqLoopSetStatus, reqLoopSetStatus64, reqLoopConfigure, reqLoopSetFD, reqLoopChangeFD,
		reqLoopCtlAdd, reqLoopCtlRemove, reqLoopSetDirectIO, reqLoopSetBlkSize:
	default:
		return b, ioctlResUnknown
	}
	if out != exit {
		if exit {
			return b, ioctlResDone
		}
		return b, ioctlResLater
	}
	b = d.sep(b)
	switch code {
	case reqLoopSetFD, reqLoopChangeFD:
		return d.appendFD(b, ev, uint64(int64(int32(arg)))), ioctlResDone
	case reqLoopCtlAdd, reqLoopCtlRemove:
		return appendInt(b, int64(int32(arg))), ioctlResDone
	case reqLoopSetDirectIO, reqLoopSetBlkSize:
		return appendUint(b, arg), ioctlResDone
	case reqLoopSetStatus, reqLoopGetStatus:
		b, p, ok := ioctlArg(b, ev, loopInfoSize, exit)
		if ok {
			b = d.appendLoopInfo(b, p)
		}
		return b, ioctlResDone
	case reqLoopSetStatus64, reqLoopGetStatus64:
		b, p, ok := ioctlArg(b, ev, loopInfo64Size, exit)
		if ok {
			b = d.appendLoopInfo64(b, p)
		}
		return b, ioctlResDone
	}
	b, p, ok := ioctlArg(b, ev, loopConfigSize, exit)
	if !ok {
		return b, ioctlResDone
	}
	b = append(b, "{fd="...)
	b = d.appendFD(b, ev, uint64(int64(int32(le32(p, 0)))))
	b = append(b, ", block_size="...)
	b = appendUint(b, uint64(le32(p, 4)))
	b = append(b, ", info="...)
	b = d.appendLoopInfo64(b, p[8:8+loopInfo64Size])
	res := p[loopConfigResOff : loopConfigResOff+8*loopConfigResLen]
	if !allZero(res) {
		b = append(b, ", __reserved="...)
		b = appendHexU64Array(b, res)
	}
	return append(b, '}'), ioctlResDone
}

// appendHexU64Array prints the u64s of p as [0x1, 0x2].
func appendHexU64Array(b []byte, p []byte) []byte {
	b = append(b, '[')
	for i := 0; i+8 <= len(p); i += 8 {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, le64(p, i))
	}
	return append(b, ']')
}

// appendLoopKey prints lo_encrypt_key: key_size bytes of it (at most
// the field's 32), as a string that needs no NUL.
func (d *Decoder) appendLoopKey(b []byte, key []byte, size uint32) []byte {
	n := min(int(size), loopKeySize)
	lim := min(n, d.opts.StringLimit)
	b = d.appendQuoted(b, key[:lim], false)
	if lim < n {
		b = append(b, "..."...)
	}
	return b
}

// appendLoopInfo prints a struct loop_info (x86_64's layout): the
// encryption fields only under -v or when an encryption is set.
func (d *Decoder) appendLoopInfo(b []byte, p []byte) []byte {
	crypt := le32(p, 36)
	b = append(b, "{lo_number="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	if d.opts.Verbose {
		b = append(b, ", lo_device="...)
		b = d.appendDevStyled(b, le64(p, 8))
		b = append(b, ", lo_inode="...)
		b = appendUint(b, le64(p, 16))
		b = append(b, ", lo_rdevice="...)
		b = d.appendDevStyled(b, le64(p, 24))
	}
	b = append(b, ", lo_offset="...)
	b = appendHex(b, uint64(le32(p, 32)))
	if d.opts.Verbose || crypt != 0 {
		b = append(b, ", lo_encrypt_type="...)
		b = d.enum(b, loopCryptTypes, uint64(crypt))
		b = append(b, ", lo_encrypt_key_size="...)
		b = appendUint(b, uint64(le32(p, 40)))
	}
	b = append(b, ", lo_flags="...)
	b = d.flags(b, loopFlags, uint64(le32(p, 44)))
	b = append(b, ", lo_name="...)
	b = d.appendFixedCString(b, p[48:48+loopNameSize])
	if d.opts.Verbose || crypt != 0 {
		b = append(b, ", lo_encrypt_key="...)
		b = d.appendLoopKey(b, p[112:112+loopKeySize], le32(p, 40))
	}
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", lo_init="...)
	b = appendHexU64Array(b, p[144:160])
	b = append(b, ", reserved=["...)
	for i := 0; i < 4; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendHex(b, uint64(p[160+i]))
	}
	return append(b, "]}"...)
}

// appendLoopInfo64 prints a struct loop_info64: the device fields only
// under -v, the encryption fields under -v or when an encryption is set.
func (d *Decoder) appendLoopInfo64(b []byte, p []byte) []byte {
	crypt := le32(p, 44)
	b = append(b, '{')
	if d.opts.Verbose {
		b = append(b, "lo_device="...)
		b = d.appendDevStyled(b, le64(p, 0))
		b = append(b, ", lo_inode="...)
		b = appendUint(b, le64(p, 8))
		b = append(b, ", lo_rdevice="...)
		b = d.appendDevStyled(b, le64(p, 16))
		b = append(b, ", "...)
	}
	b = append(b, "lo_offset="...)
	b = appendHex(b, le64(p, 24))
	if d.opts.Verbose {
		b = append(b, ", lo_sizelimit="...)
		b = appendUint(b, le64(p, 32))
	}
	b = append(b, ", lo_number="...)
	b = appendUint(b, uint64(le32(p, 40)))
	if d.opts.Verbose || crypt != 0 {
		b = append(b, ", lo_encrypt_type="...)
		b = d.enum(b, loopCryptTypes, uint64(crypt))
		b = append(b, ", lo_encrypt_key_size="...)
		b = appendUint(b, uint64(le32(p, 48)))
	}
	b = append(b, ", lo_flags="...)
	b = d.flags(b, loopFlags, uint64(le32(p, 52)))
	b = append(b, ", lo_file_name="...)
	b = d.appendFixedCString(b, p[56:56+loopNameSize])
	if d.opts.Verbose || crypt != 0 {
		b = append(b, ", lo_crypt_name="...)
		b = d.appendFixedCString(b, p[120:120+loopNameSize])
		b = append(b, ", lo_encrypt_key="...)
		b = d.appendLoopKey(b, p[184:184+loopKeySize], le32(p, 48))
	}
	if !d.opts.Verbose {
		return append(b, ", ...}"...)
	}
	b = append(b, ", lo_init="...)
	b = appendHexU64Array(b, p[216:232])
	return append(b, '}')
}
