package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// The TEE subsystem requests (linux/tee.h), type 0xa4, and
// TEE_IOC_SHM_REGISTER_FD, which is not in mainline.
const (
	reqTEEVersion       = 0x800ca400
	reqTEEShmAlloc      = 0xc010a401
	reqTEEOpenSession   = 0x8010a402
	reqTEEInvoke        = 0x8010a403
	reqTEECancel        = 0x8008a404
	reqTEECloseSession  = 0x8004a405
	reqTEESupplRecv     = 0x8010a406
	reqTEESupplSend     = 0x8010a407
	reqTEEShmRegisterFD = 0xc020a408
	reqTEEShmRegister   = 0xc018a409
	// teeBufDataSize is sizeof(struct tee_ioctl_buf_data): buf_ptr,
	// buf_len; teeParamSize, sizeof(struct tee_ioctl_param).
	teeBufDataSize = 16
	teeParamSize   = 32
	// The argument structs the buffers start with (their num_params
	// is their last field).
	teeOpenSessionSize = 56
	teeInvokeSize      = 24
	teeSupplSize       = 8
	// teeParamAttrMeta is TEE_IOCTL_PARAM_ATTR_META.
	teeParamAttrMeta = 0x100
	teeImplIDOptee   = 1
)

var teeParamAttrTypes = &xlat{vals: []xv{
	{0, "TEE_IOCTL_PARAM_ATTR_TYPE_NONE"}, {1, "TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT"},
	{2, "TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT"}, {3, "TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT"},
	{5, "TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT"}, {6, "TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT"},
	{7, "TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT"}, {teeParamAttrMeta, "TEE_IOCTL_PARAM_ATTR_META"},
}, dflt: "TEE_IOCTL_PARAM_ATTR_"}

var teeLoginTypes = &xlat{vals: []xv{
	{0, "TEE_IOCTL_LOGIN_PUBLIC"}, {1, "TEE_IOCTL_LOGIN_USER"}, {2, "TEE_IOCTL_LOGIN_GROUP"},
	{4, "TEE_IOCTL_LOGIN_APPLICATION"}, {5, "TEE_IOCTL_LOGIN_USER_APPLICATION"},
	{6, "TEE_IOCTL_LOGIN_GROUP_APPLICATION"},
}, dflt: "TEE_IOCTL_LOGIN_???"}

var teeOrigins = &xlat{vals: []xv{
	{1, "TEEC_ORIGIN_API"}, {2, "TEEC_ORIGIN_COMMS"}, {3, "TEEC_ORIGIN_TEE"}, {4, "TEEC_ORIGIN_TRUSTED_APP"},
}, dflt: "TEEC_ORIGIN_???"}

var teeShmFlags = &xlat{vals: []xv{
	{0x1, "TEE_IOCTL_SHM_MAPPED"}, {0x2, "TEE_IOCTL_SHM_DMA_BUF"}, {0x4, "TEE_IOCTL_SHM_EXT_DMA_BUF"},
	{0x8, "TEE_IOCTL_SHM_REGISTER"}, {0x10, "TEE_IOCTL_SHM_USER_MAPPED"}, {0x20, "TEE_IOCTL_SHM_POOL"},
	{0x40, "TEE_IOCTL_SHM_KERNEL_MAPPED"},
}, dflt: "TEE_IOCTL_SHM_???"}

var teeImplIDs = &xlat{vals: []xv{{1, "TEE_IMPL_ID_OPTEE"}, {2, "TEE_IMPL_ID_AMDTEE"}}, dflt: "TEE_IMPL_ID_???"}

var teeGenCaps = &xlat{vals: []xv{
	{1 << 0, "TEE_GEN_CAP_GP"}, {1 << 1, "TEE_GEN_CAP_PRIVILEGED"}, {1 << 2, "TEE_GEN_CAP_REG_MEM"},
	{1 << 3, "TEE_GEN_CAP_MEMREF_NULL"},
}, dflt: "TEE_GEN_CAP_???"}

var teeOpteeCaps = &xlat{vals: []xv{{1 << 0, "TEE_OPTEE_CAP_TZ"}}, dflt: "TEE_OPTEE_CAP_???"}

func init() { ioctlFamilies[0xa4] = teeIoctl }

// teeIoctl decodes the TEE requests as strace's tee.c.
func teeIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqTEEVersion:
		if !exit {
			return d.sep(b), ioctlResLater
		}
		b, p, ok := ioctlArg(b, ev, 12, true)
		if !ok {
			return b, ioctlResDone
		}
		impl := le32(p, 0)
		b = append(b, "{impl_id="...)
		b = d.enum(b, teeImplIDs, uint64(impl))
		b = append(b, ", gen_caps="...)
		b = d.flags(b, teeGenCaps, uint64(le32(p, 8)))
		b = append(b, ", impl_caps="...)
		if impl == teeImplIDOptee {
			b = d.flags(b, teeOpteeCaps, uint64(le32(p, 4)))
		} else {
			b = appendHex(b, uint64(le32(p, 4)))
		}
		return append(b, '}'), ioctlResDone
	case reqTEECancel, reqTEECloseSession:
		if exit {
			return b, ioctlResDone
		}
		size := 8
		if code == reqTEECloseSession {
			size = 4
		}
		b, p, ok := ioctlArg(d.sep(b), ev, size, false)
		if !ok {
			return b, ioctlResDone
		}
		if code == reqTEECancel {
			b = append(b, "{cancel_id="...)
			b = appendUint(b, uint64(le32(p, 0)))
			b = append(b, ", session="...)
			b = appendHex(b, uint64(le32(p, 4)))
		} else {
			b = append(b, "{session="...)
			b = appendHex(b, uint64(le32(p, 0)))
		}
		return append(b, '}'), ioctlResDone
	case reqTEEShmAlloc, reqTEEShmRegister, reqTEEShmRegisterFD:
		return d.teeShm(b, ev, code, exit)
	case reqTEEOpenSession, reqTEEInvoke, reqTEESupplRecv, reqTEESupplSend:
		return d.teeBuf(b, ev, code, exit)
	}
	return b, ioctlResUnknown
}

// teeShm decodes the shared memory requests: their input at entry, what
// the kernel returned after " => " at exit when the call succeeded.
func (d *Decoder) teeShm(b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	size := int((code >> 16) & 0x3fff)
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, size, false)
		if !ok {
			return b, ioctlResDone
		}
		switch code {
		case reqTEEShmAlloc:
			b = append(b, "{size="...)
			b = appendHex(b, le64(p, 0))
			b = append(b, ", flags="...)
			b = d.flags(b, teeShmFlags, uint64(le32(p, 8)))
		case reqTEEShmRegister:
			b = append(b, "{addr="...)
			b = appendPtr(b, le64(p, 0))
			b = append(b, ", length="...)
			b = appendHex(b, le64(p, 8))
			b = append(b, ", flags="...)
			b = d.flags(b, teeShmFlags, uint64(le32(p, 16)))
		default:
			b = append(b, "{fd="...)
			b = d.appendFD(b, ev, uint64(int64(int32(le64(p, 0)))))
			b = append(b, ", flags="...)
			b = d.flags(b, teeShmFlags, uint64(le32(p, 16)))
		}
		return append(b, '}'), ioctlResLater
	}
	// The entry printed the address when the struct could not be read
	// (nor can it be at exit).
	if _, ok := ioctlData(ev, size); !ok || failed(ev) {
		return b, ioctlResDone
	}
	b = append(b, " => "...)
	b, p, ok := ioctlArg(b, ev, size, true)
	if !ok {
		return b, ioctlResDone
	}
	switch code {
	case reqTEEShmAlloc:
		b = append(b, "{size="...)
		b = appendHex(b, le64(p, 0))
		b = append(b, ", flags="...)
		b = d.flags(b, teeShmFlags, uint64(le32(p, 8)))
		b = append(b, ", id="...)
		b = appendInt(b, int64(int32(le32(p, 12))))
	case reqTEEShmRegister:
		b = append(b, "{length="...)
		b = appendHex(b, le64(p, 8))
		b = append(b, ", flags="...)
		b = d.flags(b, teeShmFlags, uint64(le32(p, 16)))
		b = append(b, ", id="...)
		b = appendInt(b, int64(int32(le32(p, 20))))
	default:
		b = append(b, "{size="...)
		b = appendHex(b, le64(p, 8))
		b = append(b, ", id="...)
		b = appendInt(b, int64(int32(le32(p, 24))))
	}
	return append(b, '}'), ioctlResDone
}

// teeArgSize is the size of the struct a buffer request's buffer starts
// with.
func teeArgSize(code uint32) int {
	switch code {
	case reqTEEOpenSession:
		return teeOpenSessionSize
	case reqTEEInvoke:
		return teeInvokeSize
	}
	return teeSupplSize
}

// teeBufFetch is strace's tee_fetch_buf_data: the struct
// tee_ioctl_buf_data in arg and the argument struct its buffer starts
// with in nested (captured at buf_ptr). It prints the address, or the
// struct tee_ioctl_buf_data alone, and reports false when the buffer is
// not to be decoded: arg unreadable, buf_len out of bounds, the buffer
// unreadable or, with check (at entry), buf_len not the size of the
// num_params it says. Else it returns the argument struct and the
// buffer's bytes.
func teeBufFetch(b []byte, addr uint64, arg, nested *trace.Capture, code uint32, check bool) ([]byte, []byte, bool) {
	p, ok := capBytes(arg, teeBufDataSize)
	if !ok {
		return appendPtr(b, addr), nil, false
	}
	ptr, n := le64(p, 0), le64(p, 8)
	size := teeArgSize(code)
	var buf []byte
	if n >= uint64(size) && n <= syscalls.TEEMaxArgSize {
		buf, ok = capBytes(nested, size)
	}
	if buf == nil || (check && uint64(size)+teeParamSize*uint64(le32(buf, size-4)) != n) {
		b = append(b, "{buf_len="...)
		b = appendUint(b, n)
		b = append(b, ", buf_ptr="...)
		b = appendPtr(b, ptr)
		return append(b, '}'), nil, false
	}
	return b, buf, ok
}

// teeBuf decodes the requests whose struct tee_ioctl_buf_data names a
// buffer: an argument struct and its num_params struct tee_ioctl_param.
// The entry prints the input fields, the exit what the kernel returned
// after " => " when the call succeeded; whether the entry decoded the
// buffer is told by its capture, which the exit keeps
// (syscalls.IoctlKeepEntry).
func (d *Decoder) teeBuf(b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	addr := ev.Args[2]
	arg, nested := ioctlCaps(ev, true)
	if !exit {
		b = d.sep(b)
	}
	eb, buf, ok := teeBufFetch(b, addr, arg, nested, code, true)
	if !exit {
		if !ok {
			return eb, ioctlResDone
		}
		b = append(b, "{buf_len="...)
		b = appendUint(b, le64(arg.Data, 8))
		b = append(b, ", buf_ptr={"...)
		switch code {
		case reqTEEOpenSession:
			b = appendUUID(b, "uuid=", buf[0:16])
			login := le32(buf, 32)
			b = append(b, ", clnt_login="...)
			b = d.enum(b, teeLoginTypes, uint64(login))
			switch login {
			case 0, 1, 4, 5:
			case 2, 6:
				b = append(b, ", clnt_uuid="...)
				b = appendID(b, uint64(le32(buf, 16)))
			default:
				b = append(b, ", clnt_uuid=["...)
				for k, c := range buf[16:32] {
					if k > 0 {
						b = append(b, ", "...)
					}
					b = appendHex(b, uint64(c))
				}
				b = append(b, ']')
			}
			b = append(b, ", cancel_id="...)
			b = appendUint(b, uint64(le32(buf, 36)))
		case reqTEEInvoke:
			b = append(b, "func="...)
			b = appendUint(b, uint64(le32(buf, 0)))
			b = append(b, ", session="...)
			b = appendHex(b, uint64(le32(buf, 4)))
			b = append(b, ", cancel_id="...)
			b = appendUint(b, uint64(le32(buf, 8)))
		case reqTEESupplRecv:
			b = append(b, "func="...)
			b = appendUint(b, uint64(le32(buf, 0)))
		}
		if code != reqTEESupplSend {
			b = append(b, ", "...)
		}
		b = append(b, "num_params="...)
		size := teeArgSize(code)
		b = appendUint(b, uint64(le32(buf, size-4)))
		b = d.teeParams(b, le64(arg.Data, 0), buf, size)
		return append(b, '}'), ioctlResLater
	}
	if !ok {
		// The entry printed it all.
		return b, ioctlResDone
	}
	if failed(ev) {
		return append(b, '}'), ioctlResDone
	}
	b = append(b, " => "...)
	arg, nested = ioctlCaps(ev, false)
	b, buf, ok = teeBufFetch(b, addr, arg, nested, code, false)
	if !ok {
		return b, ioctlResDone
	}
	size := teeArgSize(code)
	b = append(b, '{')
	switch code {
	case reqTEEOpenSession:
		b = append(b, "session="...)
		b = appendHex(b, uint64(le32(buf, 40)))
		b = append(b, ", ret="...)
		b = appendUint(b, uint64(le32(buf, 44)))
		b = append(b, ", ret_origin="...)
		b = d.enum(b, teeOrigins, uint64(le32(buf, 48)))
	case reqTEEInvoke:
		b = append(b, "ret="...)
		b = appendUint(b, uint64(le32(buf, 12)))
		b = append(b, ", ret_origin="...)
		b = d.enum(b, teeOrigins, uint64(le32(buf, 16)))
	case reqTEESupplRecv:
		b = append(b, "num_params="...)
		b = appendUint(b, uint64(le32(buf, size-4)))
	case reqTEESupplSend:
		b = append(b, "ret="...)
		b = appendUint(b, uint64(le32(buf, 0)))
	}
	b = d.teeParams(b, le64(arg.Data, 0), buf, size)
	return append(b, "}}"...), ioctlResDone
}

// teeParams prints ", params=" and the num_params struct tee_ioctl_param
// that follow the argument struct of size bytes in buf (at ptr): NULL
// when there are none.
func (d *Decoder) teeParams(b []byte, ptr uint64, buf []byte, size int) []byte {
	n := uint64(le32(buf, size-4))
	b = append(b, ", params="...)
	at := uint64(0)
	if n != 0 {
		at = ptr + uint64(size)
	}
	return d.kdArray(b, at, buf[size:], n, teeParamSize, false, func(b []byte, e []byte) []byte {
		attr := le64(e, 0)
		b = append(b, "{attr="...)
		b = d.enum(b, teeParamAttrTypes, attr&^teeParamAttrMeta)
		if attr&teeParamAttrMeta != 0 {
			b = append(b, "|TEE_IOCTL_PARAM_ATTR_META"...)
		}
		switch attr {
		case 0:
		case 5, 6, 7:
			b = append(b, ", shm_offs="...)
			b = appendHex(b, le64(e, 8))
			b = append(b, ", size="...)
			b = appendHex(b, le64(e, 16))
			b = append(b, ", shm_id="...)
			b = appendUint(b, le64(e, 24))
		default:
			b = append(b, ", a="...)
			b = appendHex(b, le64(e, 8))
			b = append(b, ", b="...)
			b = appendHex(b, le64(e, 16))
			b = append(b, ", c="...)
			b = appendHex(b, le64(e, 24))
		}
		return append(b, '}')
	})
}

// appendUUID prints field name and a 16-byte UUID as strace's
// print_uuid: 8-4-4-4-12 lower-case hex digits.
func appendUUID(b []byte, name string, u []byte) []byte {
	const digits = "0123456789abcdef"
	b = append(b, name...)
	for k, c := range u[:16] {
		if k == 4 || k == 6 || k == 8 || k == 10 {
			b = append(b, '-')
		}
		b = append(b, digits[c>>4], digits[c&0xf])
	}
	return b
}
