package decode

import "testing"

// Expected strings follow strace 6.1's scsi.c and print_sg_req_info.c.
func TestIoctlSCSI(t *testing.T) {
	const ebadf = " = -1 EBADF (Bad file descriptor)"
	neg := uint64(0xffffffffffffffff)
	runIoctlCases(t, []ioctlCase{
		{"no argument", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGGetTimeout, 0xdeadbeef),
			`ioctl(-1, SG_GET_TIMEOUT)` + ebadf},
		{"set int", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGSetTimeout, 0x1000).data(2, le(nil).u32(0xfacefeed)),
			`ioctl(-1, SG_SET_TIMEOUT, [-87097619])` + ebadf},
		{"get int", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSGGetVersionNum, 0x1000).data(2, le(nil).u32(30536)),
			`ioctl(3, SG_GET_VERSION_NUM, [30536]) = 0`},
		{"get int NULL", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGGetPackID, 0),
			`ioctl(-1, SG_GET_PACK_ID, NULL)` + ebadf},
		{"transform", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGSetTransform, 0xbadc0dedfacefeed),
			`ioctl(-1, SG_SET_TRANSFORM, 0xfacefeed)` + ebadf},
		{"reset unknown", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGSCSIReset, 0x1000).data(2, le(nil).u32(0xfacefeed)),
			`ioctl(-1, SG_SCSI_RESET, [0xfacefeed /* SG_SCSI_RESET_??? */])` + ebadf},
		{"reset no escalate", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGSCSIReset, 0x1000).data(2, le(nil).u32(0x102)),
			`ioctl(-1, SG_SCSI_RESET, [SG_SCSI_RESET_NO_ESCALATE|SG_SCSI_RESET_BUS])` + ebadf},
		{"scsi id", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSGGetSCSIID, 0x1000).
			data(2, le(nil).u32(1).u32(2).u32(3).u32(4).u32(5).u16(6).u16(0xffff).pad(8)),
			`ioctl(3, SG_GET_SCSI_ID, {host_no=1, channel=2, scsi_id=0x3, lun=4, scsi_type=0x5, h_cmd_per_lun=6, d_queue_depth=-1}) = 0`},
		{"request table", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSGGetRequestTable, 0x1000).
			data(2, le{1, 0, 1, 0xff}.u32(7).u64(0x2000).u32(300).pad(4)),
			`ioctl(3, SG_GET_REQUEST_TABLE, {req_state=1, orphan=0, sg_io_owned=1, problem=-1, pack_id=7, usr_ptr=0x2000, duration=300}) = 0`},
		{"sg io interface", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGIO, 0x1000).data(2, le(nil).u32(0xdeadbeef)),
			`ioctl(-1, SG_IO, [3735928559])` + ebadf},
		{"sg io NULL", XlatAbbrev, sc(t, "ioctl", -9, neg, reqSGIO, 0),
			`ioctl(-1, SG_IO, NULL)` + ebadf},
	})
}
