package decode

import "testing"

// ioctlCase is one ioctl line and the options it is decoded with.
type ioctlCase struct {
	name string
	x    XlatStyle
	ev   *evb
	want string
}

func runIoctlCases(t *testing.T, cases []ioctlCase) {
	t.Helper()
	for _, c := range cases {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: c.x})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// Expected strings are from strace 6.1's test programs (ioctl_fs_x.c,
// ioctl_counter.c, ...).
func TestIoctlRequestNames(t *testing.T) {
	runIoctlCases(t, []ioctlCase{
		{"two names", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, 0x5402, 0), `ioctl(-1, SNDCTL_TMR_START or TCSETS, NULL) = -1 EBADF (Bad file descriptor)`},
		{"raw", XlatRaw, sc(t, "ioctl", -9, 0xffffffffffffffff, 0xc0045877, 0), `ioctl(-1, 0xc0045877) = -1 EBADF (Bad file descriptor)`},
		{"verbose", XlatVerbose, sc(t, "ioctl", -9, 0xffffffffffffffff, 0xc0045877, 0), `ioctl(-1, 0xc0045877 /* FIFREEZE */) = -1 EBADF (Bad file descriptor)`},
		{"verbose code", XlatVerbose, sc(t, "ioctl", -9, 0xffffffffffffffff, 0x58ff, 0), `ioctl(-1, 0x58ff /* _IOC(_IOC_NONE, 0x58, 0xff, 0) */, 0) = -1 EBADF (Bad file descriptor)`},
		{"seccomp wrong dir", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, 0x80082102, 0), `ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR, NULL) = -1 EBADF (Bad file descriptor)`},
	})
}

func TestIoctlFsX(t *testing.T) {
	xattr := le(nil).u32(0x7ffe0004).u32(3735928559).u32(5).u32(0xcafef00d).u32(3133063390).pad(8)
	runIoctlCases(t, []ioctlCase{
		{"fitrim", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqFITRIM, 0x1000).data(2, le(nil).u64(0xdeadbeefcafef00d).u64(7).u64(8)),
			`ioctl(-1, FITRIM, {start=0xdeadbeefcafef00d, len=7, minlen=8}) = -1 EBADF (Bad file descriptor)`},
		{"setxattr", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqFSIOCFSSETXATTR, 0x1000).data(2, xattr),
			`ioctl(-1, FS_IOC_FSSETXATTR, {fsx_xflags=0x7ffe0004 /* FS_XFLAG_??? */, fsx_extsize=3735928559, fsx_projid=0xcafef00d, fsx_cowextsize=3133063390}) = -1 EBADF (Bad file descriptor)`},
		{"getxattr", XlatAbbrev, sc(t, "ioctl", 0, 3, reqFSIOCFSGETXATTR, 0x1000).data(2, le(nil).u32(0x80000001).u32(1).u32(5).u32(0).u32(2).pad(8)),
			`ioctl(3, FS_IOC_FSGETXATTR, {fsx_xflags=FS_XFLAG_REALTIME|FS_XFLAG_HASATTR, fsx_extsize=1, fsx_nextents=5, fsx_projid=0, fsx_cowextsize=2}) = 0`},
		{"getxattr failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqFSIOCFSGETXATTR, 0x1000).data(2, xattr),
			`ioctl(-1, FS_IOC_FSGETXATTR, 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"short", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqFITRIM, 0x1000).fault(2),
			`ioctl(-1, FITRIM, 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"freeze", XlatVerbose, sc(t, "ioctl", -9, 0xffffffffffffffff, reqFITHAW, 0x1000),
			`ioctl(-1, 0xc0045878 /* FITHAW */) = -1 EBADF (Bad file descriptor)`},
	})
}

func TestIoctlCounter(t *testing.T) {
	runIoctlCases(t, []ioctlCase{
		{"watch", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqCounterAddWatch, 0x1000).data(2, []byte{2, 1, 3, 4, 6, 7}),
			`ioctl(-1, COUNTER_ADD_WATCH_IOCTL, {component={type=COUNTER_COMPONENT_COUNT, scope=COUNTER_SCOPE_SIGNAL, parent=3, id=4}, event=COUNTER_EVENT_CAPTURE, channel=7}) = -1 EBADF (Bad file descriptor)`},
		{"watch raw", XlatRaw, sc(t, "ioctl", -9, 0xffffffffffffffff, reqCounterAddWatch, 0x1000).data(2, []byte{9, 1, 3, 4, 6, 7}),
			`ioctl(-1, 0x40063e00, {component={type=0x9, scope=0x1, parent=3, id=4}, event=0x6, channel=7}) = -1 EBADF (Bad file descriptor)`},
		{"enable", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqCounterEnableEvents, 0x1000),
			`ioctl(-1, COUNTER_ENABLE_EVENTS_IOCTL) = -1 EBADF (Bad file descriptor)`},
	})
}

func TestIoctlMisc(t *testing.T) {
	runIoctlCases(t, []ioctlCase{
		{"setflags", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqFSIOCSetFlags, 0x1000).data(2, le(nil).u32(0xd000000)),
			`ioctl(-1, FS_IOC_SETFLAGS, [0xd000000 /* FS_???_FL */]) = -1 EBADF (Bad file descriptor)`},
		{"getflags", XlatAbbrev, sc(t, "ioctl", 0, 3, reqFSIOCGetFlags, 0x1000).data(2, le(nil).u32(0x80010)),
			`ioctl(3, FS_IOC_GETFLAGS, [FS_IMMUTABLE_FL|FS_EXTENT_FL]) = 0`},
		{"inotify", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqInotifySetNextWD, 0xffffffff),
			`ioctl(-1, INOTIFY_IOC_SETNEXTWD, -1) = -1 EBADF (Bad file descriptor)`},
		{"watchdog get failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqWDIOCGetTimeout, 0x1000).data(2, le(nil).u32(7)),
			`ioctl(-1, WDIOC_GETTIMEOUT, 0x1000) = -1 EBADF (Bad file descriptor)`},
		{"watchdog set", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqWDIOCSetTimeout, 0x1000).data(2, le(nil).u32(7)),
			`ioctl(-1, WDIOC_SETTIMEOUT, [7]) = -1 EBADF (Bad file descriptor)`},
		{"keepalive", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqWDIOCKeepalive, 0x1000),
			`ioctl(-1, WDIOC_KEEPALIVE) = -1 EBADF (Bad file descriptor)`},
		{"addentropy", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqRNDAddEntropy, 0x1000).data(2, append(le(nil).u32(3).u32(8), "12345678"...)),
			`ioctl(-1, RNDADDENTROPY, {entropy_count=3, buf_size=8, buf="12345678"}) = -1 EBADF (Bad file descriptor)`},
		{"nstype", XlatAbbrev, sc(t, "ioctl", 0x10000000, 5, reqNSGetNSType),
			`ioctl(5, NS_GET_NSTYPE) = 268435456 (CLONE_NEWUSER)`},
		{"owner uid", XlatAbbrev, sc(t, "ioctl", 0, 5, reqNSGetOwnerUID, 0x1000).data(2, le(nil).u32(0)),
			`ioctl(5, NS_GET_OWNER_UID, [0]) = 0`},
	})
}

func TestIoctlPerf(t *testing.T) {
	runIoctlCases(t, []ioctlCase{
		{"enable", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPerfEnable, 0xdeadbeefbadc0ded),
			`ioctl(-1, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP|0xbadc0dec) = -1 EBADF (Bad file descriptor)`},
		{"enable unknown", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPerfReset, 2),
			`ioctl(-1, PERF_EVENT_IOC_RESET, 0x2 /* PERF_IOC_FLAG_??? */) = -1 EBADF (Bad file descriptor)`},
		{"period", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPerfPeriod, 0x1000).data(2, le(nil).u64(5)),
			`ioctl(-1, PERF_EVENT_IOC_PERIOD, [5]) = -1 EBADF (Bad file descriptor)`},
		{"filter", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPerfSetFilter, 0x1000).data(2, []byte("abc\x00zzzz")),
			`ioctl(-1, PERF_EVENT_IOC_SET_FILTER, "abc") = -1 EBADF (Bad file descriptor)`},
		{"query failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqPerfQueryBPF, 0x1000).data(2, le(nil).u32(0xbadc0ded).u32(0)),
			`ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, {ids_len=3134983661, ...}) = -1 EBADF (Bad file descriptor)`},
		{"query", XlatAbbrev, sc(t, "ioctl", 42, 0xffffffffffffffff, reqPerfQueryBPF, 0x1000).data(2, le(nil).u32(3).u32(2).u32(7).u32(8)),
			`ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, {ids_len=3, prog_cnt=2, ids=[7, 8]}) = 42`},
	})
}
