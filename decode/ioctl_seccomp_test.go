package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_seccomp.c.
func TestIoctlSeccomp(t *testing.T) {
	notif := le(nil).u64(0xdeadc0debadc0ded).u32(42).u32(0xdeefaced).u32(186).u32(0xc000003e).u64(0)
	for i := uint64(0); i < 6; i++ {
		notif = notif.u64(0xdeadfacebadc0ded ^ i)
	}
	const args = "args=[0xdeadfacebadc0ded, 0xdeadfacebadc0dec, 0xdeadfacebadc0def, 0xdeadfacebadc0dee, 0xdeadfacebadc0de9, 0xdeadfacebadc0de8]"
	const st = "{id=0xdeadc0debadc0ded, pid=42, flags=0xdeefaced, data={nr=__NR_gettid, arch=AUDIT_ARCH_X86_64, instruction_pointer=NULL, " + args + "}}"
	const stv = "{id=0xdeadc0debadc0ded, pid=42, flags=0xdeefaced, data={nr=186 /* __NR_gettid */, arch=0xc000003e /* AUDIT_ARCH_X86_64 */, instruction_pointer=NULL, " + args + "}}"
	resp := le(nil).u64(0xdeadc0debadc0ded).u64(0xdadfacedbeefdeed).u32(0xffffffc1).u32(1)
	addfd := le(nil).u64(0xdeadc0debadfaced).u32(3).u32(42).u32(0xbeefcaed).u32(040000)
	runIoctlCases(t, []ioctlCase{
		{"recv null", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifRecv, 0),
			`ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, NULL) = -1 EBADF (Bad file descriptor)`},
		{"recv failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifRecv, 0x1000).data(2, notif),
			`ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, ` + st + ` => 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"recv", XlatVerbose, sc(t, "ioctl", 0, 3, reqSeccompNotifRecv, 0x1000).data(2, notif),
			`ioctl(3, 0xc0502100 /* SECCOMP_IOCTL_NOTIF_RECV */, ` + stv + ` => ` + stv + `) = 0`},
		{"recv zero", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifRecv, 0x1000).data(2, make([]byte, 80)),
			`ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"send", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifSend, 0x1000).data(2, resp),
			`ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, {id=0xdeadc0debadc0ded, val=-2675229516524167443, error=-ENOSR, flags=SECCOMP_USER_NOTIF_FLAG_CONTINUE}) = -1 EBADF (Bad file descriptor)`},
		{"send verbose", XlatVerbose, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifSend, 0x1000).data(2, resp),
			`ioctl(-1, 0xc0182101 /* SECCOMP_IOCTL_NOTIF_SEND */, {id=0xdeadc0debadc0ded, val=-2675229516524167443, error=-63 /* -ENOSR */, flags=0x1 /* SECCOMP_USER_NOTIF_FLAG_CONTINUE */}) = -1 EBADF (Bad file descriptor)`},
		{"addfd", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifAddFD, 0x1000).data(2, addfd),
			`ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, {id=0xdeadc0debadfaced, flags=SECCOMP_ADDFD_FLAG_SETFD|SECCOMP_ADDFD_FLAG_SEND, srcfd=42, newfd=-1091581203, newfd_flags=O_DIRECT}) = -1 EBADF (Bad file descriptor)`},
		{"id valid", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqSeccompNotifIDValidWrong, 0x1000).data(2, le(nil).u64(0xdecaffedfacefeed)),
			`ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR, [0xdecaffedfacefeed]) = -1 EBADF (Bad file descriptor)`},
	})
}
