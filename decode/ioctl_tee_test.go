package decode

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// keptIoctl sets the ioctl argument's exit capture to exit, with its
// nested object when exitNested is not nil, and keeps the entry capture
// (entry, its nested object entryNested) after it, as the capture of a
// request of syscalls.IoctlKeepEntry has them at exit.
func (e *evb) keptIoctl(exit, exitNested, entry, entryNested []byte) *evb {
	c := &e.ev.Captures[2]
	c.Data = exit
	kept := trace.Capture{Data: entry}
	if entryNested != nil {
		kept.Elems = []trace.Capture{{Data: entryNested}}
	}
	if exitNested != nil {
		c.Elems = append(c.Elems, trace.Capture{Data: exitNested})
	}
	c.Elems = append(c.Elems, kept)
	return e
}

const ebadf = " = -1 EBADF (Bad file descriptor)"

// teeParams8 is the eight struct tee_ioctl_param of strace's
// ioctl_tee.c (fill_params) and what it expects of them (print_params).
func teeParams8() (le, string) {
	attrs := []uint64{0, 1, 2, 3, 5, 6, 7, 1 | 0x100}
	p := le(nil)
	for _, a := range attrs {
		p = p.u64(a).u64(0xbadc0dedbadc0ded).u64(0xdefacedbeef0beef).u64(0xfacefeedcafef00d)
	}
	const val = ", a=0xbadc0dedbadc0ded, b=0xdefacedbeef0beef, c=0xfacefeedcafef00d}"
	const mem = ", shm_offs=0xbadc0dedbadc0ded, size=0xdefacedbeef0beef, shm_id=18072662651950788621}"
	want := strings.Join([]string{
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}",
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT" + val,
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT" + val,
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT" + val,
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT" + mem,
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT" + mem,
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT" + mem,
		"{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT|TEE_IOCTL_PARAM_ATTR_META" + val,
	}, ", ")
	return p, "[" + want + "]"
}

// Expected strings are from strace 6.1's ioctl_tee.c.
func TestIoctlTEE(t *testing.T) {
	const bad = 0xffffffffffffffff
	params, paramsWant := teeParams8()
	invoke := append(le(nil).u32(0xdeadbeef).u32(0xbadc0ded).u32(0xeef0beef).u32(0).u32(0).u32(8), params...)
	invokeArg := le(nil).u64(0x7ffd000).u64(uint64(len(invoke)))
	uuid := []byte{0xde, 0xad, 0xbe, 0xef, 0xca, 0xfe, 0xc0, 0xde, 0xba, 0xdc, 0x0d, 0xed, 0xfa, 0xce, 0xfe, 0xed}
	session := func(login uint32) le {
		s := append(le(nil), uuid...)
		s = s.u32(0xcafef00d).pad(12).u32(login).u32(0xeef0beef).u32(0).u32(0).u32(0).u32(8)
		return append(s, params...)
	}
	sessionArg := le(nil).u64(0x7ffd000).u64(56 + 8*32)
	sessionWant := func(login string) string {
		return `ioctl(-1, TEE_IOC_OPEN_SESSION, {buf_len=312, buf_ptr={uuid=deadbeef-cafe-c0de-badc-0dedfacefeed, clnt_login=` +
			login + `, cancel_id=4008754927, num_params=8, params=` + paramsWant + `}})` + ebadf
	}
	recv := append(le(nil).u32(0xcafef00d).u32(8), params...)
	send := append(le(nil).u32(0).u32(8), params...)
	bufArg := func(n int) le { return le(nil).u64(0x7ffd000).u64(uint64(n)) }
	beef := le(nil).u64(0xcafef00ddeadbeef).u64(0xbadc0dedbadc0ded)
	runIoctlCases(t, []ioctlCase{
		{"cancel null", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEECancel, 0),
			`ioctl(-1, TEE_IOC_CANCEL, NULL)` + ebadf},
		{"version null", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEVersion, 0),
			`ioctl(-1, TEE_IOC_VERSION, NULL)` + ebadf},
		{"invoke null", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEInvoke, 0),
			`ioctl(-1, TEE_IOC_INVOKE, NULL)` + ebadf},
		{"register fd null", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEShmRegisterFD, 0),
			`ioctl(-1, _IOC(_IOC_READ|_IOC_WRITE, 0xa4, 0x8, 0x20), NULL)` + ebadf},
		{"unknown", XlatAbbrev, sc(t, "ioctl", -9, bad, 0xa40a, 0),
			`ioctl(-1, _IOC(_IOC_NONE, 0xa4, 0xa, 0), 0)` + ebadf},
		{"cancel", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEECancel, 0x1000).data(2, le(nil).u32(0xdeadbeef).u32(0xbadc0ded)),
			`ioctl(-1, TEE_IOC_CANCEL, {cancel_id=3735928559, session=0xbadc0ded})` + ebadf},
		{"close session", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEECloseSession, 0x1000).data(2, le(nil).u32(0xeef0beef)),
			`ioctl(-1, TEE_IOC_CLOSE_SESSION, {session=0xeef0beef})` + ebadf},
		{"shm alloc", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEShmAlloc, 0x1000).data(2, le(nil).u64(0xcafef00ddeadbeef).u32(0x83).u32(0)),
			`ioctl(-1, TEE_IOC_SHM_ALLOC, {size=0xcafef00ddeadbeef, flags=TEE_IOCTL_SHM_MAPPED|TEE_IOCTL_SHM_DMA_BUF|0x80})` + ebadf},
		{"shm alloc done", XlatAbbrev, sc(t, "ioctl", 0, 3, reqTEEShmAlloc, 0x1000).data(2, le(nil).u64(0x1000).u32(1).u32(7)),
			`ioctl(3, TEE_IOC_SHM_ALLOC, {size=0x1000, flags=TEE_IOCTL_SHM_MAPPED} => {size=0x1000, flags=TEE_IOCTL_SHM_MAPPED, id=7}) = 0`},
		{"shm register", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEShmRegister, 0x1000).data(2, le(nil).u64(0xdefacedbeef0beef).u64(0xfacefeedcafef00d).u32(0x81).u32(0)),
			`ioctl(-1, TEE_IOC_SHM_REGISTER, {addr=0xdefacedbeef0beef, length=0xfacefeedcafef00d, flags=TEE_IOCTL_SHM_MAPPED|0x80})` + ebadf},
		{"shm register fd", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEShmRegisterFD, 0x1000).data(2, le(nil).u64(3).u64(0).u32(2).pad(12)),
			`ioctl(-1, _IOC(_IOC_READ|_IOC_WRITE, 0xa4, 0x8, 0x20), {fd=3, flags=TEE_IOCTL_SHM_DMA_BUF})` + ebadf},
		{"buf beef", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEInvoke, 0x1000).keptIoctl(beef, nil, beef, nil),
			`ioctl(-1, TEE_IOC_INVOKE, {buf_len=13464652300624334317, buf_ptr=0xcafef00ddeadbeef})` + ebadf},
		{"invoke", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEInvoke, 0x1000).keptIoctl(invokeArg, invoke, invokeArg, invoke),
			`ioctl(-1, TEE_IOC_INVOKE, {buf_len=280, buf_ptr={func=3735928559, session=0xbadc0ded, cancel_id=4008754927, num_params=8, params=` + paramsWant + `}})` + ebadf},
		{"open session public", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEOpenSession, 0x1000).keptIoctl(sessionArg, session(0), sessionArg, session(0)),
			sessionWant("TEE_IOCTL_LOGIN_PUBLIC")},
		{"open session group", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEOpenSession, 0x1000).keptIoctl(sessionArg, session(2), sessionArg, session(2)),
			strings.Replace(sessionWant("TEE_IOCTL_LOGIN_GROUP"), "cancel_id", "clnt_uuid=3405705229, cancel_id", 1)},
		{"open session unknown login", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEOpenSession, 0x1000).keptIoctl(sessionArg, session(0xff), sessionArg, session(0xff)),
			strings.Replace(sessionWant("0xff /* TEE_IOCTL_LOGIN_??? */"), "cancel_id",
				"clnt_uuid=[0xd, 0xf0, 0xfe, 0xca, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], cancel_id", 1)},
		{"suppl recv", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEESupplRecv, 0x1000).keptIoctl(bufArg(len(recv)), recv, bufArg(len(recv)), recv),
			`ioctl(-1, TEE_IOC_SUPPL_RECV, {buf_len=264, buf_ptr={func=3405705229, num_params=8, params=` + paramsWant + `}})` + ebadf},
		{"suppl send", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEESupplSend, 0x1000).keptIoctl(bufArg(len(send)), send, bufArg(len(send)), send),
			`ioctl(-1, TEE_IOC_SUPPL_SEND, {buf_len=264, buf_ptr={num_params=8, params=` + paramsWant + `}})` + ebadf},
		{"num_params mismatch", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEESupplSend, 0x1000).keptIoctl(bufArg(len(send)), send[:8], bufArg(len(send)), le(nil).u32(0).u32(0)),
			`ioctl(-1, TEE_IOC_SUPPL_SEND, {buf_len=264, buf_ptr=0x7ffd000})` + ebadf},
		{"buf unreadable", XlatAbbrev, sc(t, "ioctl", -9, bad, reqTEEInvoke, 0x1000).keptIoctl(invokeArg, nil, invokeArg, nil),
			`ioctl(-1, TEE_IOC_INVOKE, {buf_len=280, buf_ptr=0x7ffd000})` + ebadf},
		// The kernel changes num_params: the entry decides.
		{"suppl recv done", XlatAbbrev, sc(t, "ioctl", 0, 3, reqTEESupplRecv, 0x1000).keptIoctl(bufArg(40), le(nil).u32(7).u32(1).u64(1).u64(2).u64(3).u64(4), bufArg(40), le(nil).u32(7).u32(1).u64(0).pad(24)),
			`ioctl(3, TEE_IOC_SUPPL_RECV, {buf_len=40, buf_ptr={func=7, num_params=1, params=[{attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}]} => {num_params=1, params=[{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, a=0x2, b=0x3, c=0x4}]}}) = 0`},
	})
}
