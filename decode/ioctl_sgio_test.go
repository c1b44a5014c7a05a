package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// sgioV3 is a struct sg_io_hdr as strace 6.1's ioctl_sg_io_v3 test fills
// it, with the direction, flags, iovec count, data length and residue
// given.
func sgioV3(dir, flags uint32, iovs uint16, dxferLen uint32, resid int32) le {
	b := le(nil).u32(syscalls.SGIOV3ID).u32(dir)
	b = append(b, 136, 137)
	b = b.u16(iovs).u32(dxferLen).u64(0x1900).u64(0xfacefeedfffffff2).u64(0xfacefeedfffffff3)
	b = b.u32(2880088488).u32(flags).u32(0).u32(0).u64(0)
	b = append(b, 0xc0, 0xc1, 0xc2, 195)
	return b.u16(0xc5c4).u16(0xc7c6).u32(uint32(resid)).u32(3486436812).u32(1).u32(0)
}

// sgioEv is an SG_IO call that returned ret, whose struct was entry and
// exit (nil: unreadable), with the objects each brought.
func sgioEv(t *testing.T, ret int64, entry []byte, entryObjs []trace.Capture, exit []byte, exitObjs []trace.Capture) *evb {
	e := sc(t, "ioctl", ret, 0xffffffffffffffff, syscalls.IoctlSGIO, 0x1000)
	kept := trace.Capture{Data: entry, Elems: entryObjs}
	out := trace.Capture{Data: exit, Faulted: exit == nil}
	out.Elems = append(append(out.Elems, exitObjs...), kept)
	e.ev.Captures[2] = out
	return e
}

// TestIoctlSGIO: SG_IO's structs print as strace 6.1's ioctl_sg_io_v3
// and ioctl_sg_io_v4 tests expect: a struct cut short, the data sent
// through iovecs, the data sent and received (" => "), a version 4
// request and response, and an exit whose struct could not be read.
func TestIoctlSGIO(t *testing.T) {
	const ebadf = " = -1 EBADF (Bad file descriptor)"
	faulted := trace.Capture{Faulted: true}
	iovs := trace.Capture{Data: le(nil).u64(0x1a00).u64(2).u64(0x1a10).u64(4),
		Elems: []trace.Capture{{Data: []byte{0326, 0327}}, {Data: []byte{0325, 0326, 0327}, Truncated: true}}}
	toDev := sgioV3(0xfffffffe, 0x24, 2, 5, -875902520)
	toFrom := sgioV3(0xfffffffc, 2, 0, 3, 0)
	toFromDone := sgioV3(0xfffffffc, 2, 0, 3, 1)
	fromDev := sgioV3(0xfffffffd, 0, 0, 5, 0)
	v3tail := ", status=0xc0, masked_status=0xc1, msg_status=0xc2, sb_len_wr=195, sbp=0xfacefeedfffffff3, host_status=0xc5c4, driver_status=0xc7c6"
	v4 := le(nil).u32(syscalls.SGIOV4ID).u32(0).u32(1).u32(3).u64(0x1800).u64(0x9f9e9d9c9b9a9998).
		u32(2745344416).u32(2812716452).u32(2880088488).u32(2947460524).u64(0x1a00).
		u32(2).u32(5).u32(0).u32(5).u64(0x1900).u64(0x1b00).u32(3688552920).u32(0x20).u64(0xe7e6e5e4e3e2e1e0).
		u32(0).u32(0xefeeedec).u32(0xf3f2f1f0).u32(0xf7f6f5f4).u32(4227529208).u32(1).u32(2206368128).u32(2).
		u32(1).u32(uint32(0x8f8e8d8c)).u64(0x9796959493929190).pad(8)
	runIoctlCases(t, []ioctlCase{
		{"cut short", XlatAbbrev, sgioEv(t, -9, le(nil).u32(syscalls.SGIOV3ID).pad(36), nil, le(nil).u32(syscalls.SGIOV3ID).pad(36), nil),
			`ioctl(-1, SG_IO, {interface_id='S', 0x1004})` + ebadf},
		{"iovecs sent", XlatAbbrev, sgioEv(t, -9, toDev, []trace.Capture{faulted, iovs}, toDev, []trace.Capture{{}, faulted}),
			`ioctl(-1, SG_IO, {interface_id='S', dxfer_direction=SG_DXFER_TO_DEV, cmd_len=136, cmdp=0xfacefeedfffffff2, mx_sb_len=137, iovec_count=2, dxfer_len=5, timeout=2880088488, flags=SG_FLAG_MMAP_IO|SG_FLAG_Q_AT_HEAD, dxferp=[{iov_base="\326\327", iov_len=2}, {iov_base="\325\326\327", iov_len=4}]` +
				v3tail + `, resid=-875902520, duration=3486436812, info=SG_INFO_CHECK})` + ebadf},
		{"sent and received", XlatAbbrev, sgioEv(t, -9, toFrom, []trace.Capture{faulted, {Data: []byte{0xd5, 0xd6, 0xd7}}},
			toFromDone, []trace.Capture{{Data: []byte{0xd5, 0xd6}}, faulted}),
			`ioctl(-1, SG_IO, {interface_id='S', dxfer_direction=SG_DXFER_TO_FROM_DEV, cmd_len=136, cmdp=0xfacefeedfffffff2, mx_sb_len=137, iovec_count=0, dxfer_len=3, timeout=2880088488, flags=SG_FLAG_UNUSED_LUN_INHIBIT, dxferp="\xd5\xd6\xd7" => dxferp="\xd5\xd6"` +
				v3tail + `, resid=1, duration=3486436812, info=SG_INFO_CHECK})` + ebadf},
		{"exit unreadable", XlatAbbrev, sgioEv(t, -9, fromDev, []trace.Capture{faulted, {}}, nil, nil),
			`ioctl(-1, SG_IO, {interface_id='S', dxfer_direction=SG_DXFER_FROM_DEV, cmd_len=136, cmdp=0xfacefeedfffffff2, mx_sb_len=137, iovec_count=0, dxfer_len=5, timeout=2880088488, flags=0, dxferp=0x1900, sbp=0xfacefeedfffffff3})` + ebadf},
		{"interface changed", XlatAbbrev, sgioEv(t, -9, fromDev, []trace.Capture{faulted, {}}, le(nil).u32(7).pad(156), nil),
			`ioctl(-1, SG_IO, {interface_id='S', dxfer_direction=SG_DXFER_FROM_DEV, cmd_len=136, cmdp=0xfacefeedfffffff2, mx_sb_len=137, iovec_count=0, dxfer_len=5, timeout=2880088488, flags=0 => interface_id=7})` + ebadf},
		{"version 4", XlatAbbrev, sgioEv(t, -9, v4, []trace.Capture{{Data: []byte{0x9d, 0x9e, 0x9f}}, iovs}, v4,
			[]trace.Capture{{Data: []byte{0x9e, 0x9f}}, {Data: []byte{0x9c, 0x9d, 0x9e, 0x9f}}}),
			`ioctl(-1, SG_IO, {guard='Q', protocol=BSG_PROTOCOL_SCSI, subprotocol=BSG_SUB_PROTOCOL_SCSI_TMF, request_len=3, request="\x9d\x9e\x9f", request_tag=0x9f9e9d9c9b9a9998, request_attr=2745344416, request_priority=2812716452, request_extra=2880088488, max_response_len=2947460524, dout_iovec_count=2, dout_xfer_len=5, din_iovec_count=0, din_xfer_len=5, dout_xferp=[{iov_base="\326\327", iov_len=2}, {iov_base="\325\326\327", iov_len=4}], timeout=3688552920, flags=BSG_FLAG_Q_AT_HEAD, usr_ptr=0xe7e6e5e4e3e2e1e0, response_len=2, response="\x9e\x9f", din_xferp="\x9c\x9d\x9e\x9f", driver_status=0xefeeedec, transport_status=0xf3f2f1f0, device_status=0xf7f6f5f4, retry_delay=4227529208, info=SG_INFO_CHECK, duration=2206368128, response_len=2, din_resid=1, dout_resid=-1886483060, generated_tag=0x9796959493929190})` + ebadf},
	})
}
