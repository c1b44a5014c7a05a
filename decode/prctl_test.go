package decode

import "testing"

// Expected strings are strace 6.1's, from its test suite (prctl-*.c,
// arch_prctl.c).
func TestPrctlOptions(t *testing.T) {
	cases := []struct {
		x    XlatStyle
		ev   *evb
		want string
	}{
		{XlatAbbrev, sc(t, "prctl", -1, 47, 2, 13), `prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_RAW, 0, 0) = -1 EPERM (Operation not permitted)`},
		{XlatAbbrev, sc(t, "prctl", -22, 47, 0xff, 0xaaaa), `prctl(PR_CAP_AMBIENT, 0xff /* PR_CAP_AMBIENT_??? */, 0xaaaa, 0, 0) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", 0, 33, 1, 1), `prctl(PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_EARLY, 0, 0) = 0`},
		{XlatAbbrev, sc(t, "prctl", 2, 34), `prctl(PR_MCE_KILL_GET, 0, 0, 0, 0) = 2 (PR_MCE_KILL_DEFAULT)`},
		{XlatAbbrev, sc(t, "prctl", -25, 45, 0x23), `prctl(PR_SET_FP_MODE, PR_FP_MODE_FR|PR_FP_MODE_FRE|0x20) = -1 ENOTTY (Inappropriate ioctl for device)`},
		{XlatAbbrev, sc(t, "prctl", 3, 46), `prctl(PR_GET_FP_MODE) = 0x3 (PR_FP_MODE_FR|PR_FP_MODE_FRE)`},
		{XlatAbbrev, sc(t, "prctl", -22, 54, 0xcafe, 1, 2, 3), `prctl(PR_PAC_RESET_KEYS, PR_PAC_APIBKEY|PR_PAC_APDAKEY|PR_PAC_APDBKEY|PR_PAC_APGAKEY|0xcae0, 0x1, 0x2, 0x3) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", -22, 60, 0, 0x7ffffff0, 0, 1), `prctl(PR_PAC_SET_ENABLED_KEYS, 0, 0x7ffffff0 /* PR_PAC_??? */, 0, 0x1) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", 0, 28, 0xff), `prctl(PR_SET_SECUREBITS, SECBIT_NOROOT|SECBIT_NOROOT_LOCKED|SECBIT_NO_SETUID_FIXUP|SECBIT_NO_SETUID_FIXUP_LOCKED|SECBIT_KEEP_CAPS|SECBIT_KEEP_CAPS_LOCKED|SECBIT_NO_CAP_AMBIENT_RAISE|SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0x11, 27), `prctl(PR_GET_SECUREBITS) = 0x11 (SECBIT_NOROOT|SECBIT_KEEP_CAPS)`},
		{XlatRaw, sc(t, "prctl", 0x11, 27), `prctl(0x1b) = 0x11`},
		{XlatVerbose, sc(t, "prctl", -22, 50, 0xfacefeed), `prctl(0x32 /* PR_SVE_SET_VL */, 0xfacefeed /* PR_SVE_SET_VL_ONEXEC|PR_SVE_VL_INHERIT|0xfac80000|0xfeed */) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", -22, 50, 0x2ea57), `prctl(PR_SVE_SET_VL, PR_SVE_VL_INHERIT|0xea57) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", 0x20010, 51), `prctl(PR_SVE_GET_VL) = 0x20010 (PR_SVE_VL_INHERIT|0x10)`},
		{XlatAbbrev, sc(t, "prctl", 0x10, 64), `prctl(PR_SME_GET_VL) = 0x10`},
		{XlatAbbrev, sc(t, "prctl", 0, 52, 0), `prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS) = 0 (PR_SPEC_NOT_AFFECTED)`},
		{XlatAbbrev, sc(t, "prctl", 0, 53, 0, 8), `prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, PR_SPEC_FORCE_DISABLE) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 53, 3, 8), `prctl(PR_SET_SPECULATION_CTRL, 0x3 /* PR_SPEC_??? */, 0x8) = 0`},
		{XlatVerbose, sc(t, "prctl", 0, 55, 0xd, 1, 2, 3), `prctl(0x37 /* PR_SET_TAGGED_ADDR_CTRL */, 0xd /* PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_ASYNC|0x1<<PR_MTE_TAG_SHIFT */, 0x1, 0x2, 0x3) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 56), `prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0) = 0 (!PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_NONE)`},
		{XlatAbbrev, sc(t, "prctl", -22, 59, 1, 0xdeadbeeffacefeed), `prctl(PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, 0xdeadbeeffacefeed, 0, NULL) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", -22, 62, 1, 6644, 1, 0), `prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 6644, 0x1 /* PIDTYPE_TGID */, NULL) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", 0, 62, 0, 6644, 0, 0x1000).data(4, le(nil).u64(0xbadc0ded)), `prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 6644, 0 /* PIDTYPE_PID */, [0xbadc0ded]) = 0`},
		{XlatRaw, sc(t, "prctl", 0, 62, 0, 6644, 0, 0x1000).data(4, le(nil).u64(0xbadc0ded)), `prctl(0x3e, 0, 6644, 0, [0xbadc0ded]) = 0`},
		{XlatRaw, sc(t, "prctl", 0, 0x59616d61, 0xffffffff), `prctl(0x59616d61, -1) = 0`},
		{XlatVerbose, sc(t, "prctl", 0, 0x59616d61, 0xffffffff), `prctl(0x59616d61 /* PR_SET_PTRACER */, -1 /* PR_SET_PTRACER_ANY */) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 22, 1), `prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) = 0`},
		{XlatAbbrev, sc(t, "prctl", -22, 26, 0xdeadc0defacebeef), `prctl(PR_SET_TSC, 0xfacebeef /* PR_TSC_??? */) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", 0, 25, 0x1000).data(1, le(nil).u32(2)), `prctl(PR_GET_TSC, [PR_TSC_SIGSEGV]) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 5, 0x1000).data(1, le(nil).u32(3)), `prctl(PR_GET_UNALIGN, [PR_UNALIGN_NOPRINT|PR_UNALIGN_SIGBUS]) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 40, 0x1000).data(1, le(nil).u64(0x7ff48bc98a10)), `prctl(PR_GET_TID_ADDRESS, [0x7ff48bc98a10]) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 40, 0x1000).data(1, le(nil).u32(1)), `prctl(PR_GET_TID_ADDRESS, 0x1000) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 37, 0x1000).data(1, le(nil).u32(0)), `prctl(PR_GET_CHILD_SUBREAPER, [0]) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 15, 0x1000).str(1, "123456789abcdef\x00"), `prctl(PR_SET_NAME, "123456789abcdef"...) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 15, 0x1000).str(1, "ef\x00"), `prctl(PR_SET_NAME, "ef") = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 15, 0x1000).str(1, "ef"), `prctl(PR_SET_NAME, 0x1000) = 0`},
		{XlatAbbrev, sc(t, "prctl", 0, 16, 0x1000).str(1, "123456789abcdef\x00"), `prctl(PR_GET_NAME, "123456789abcdef") = 0`},
		{XlatAbbrev, sc(t, "prctl", -22, 0x53564d41, 0, 0x1000, 5, 0x2000).str(4, "\x00"), `prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0x1000, 5, "") = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "prctl", -22, 0x53564d41, 0xdefacedface1fed, 0x1000, 7, 0x2000), `prctl(PR_SET_VMA, 0xdefacedface1fed /* PR_SET_VMA_??? */, 0x1000, 0x7, 0x2000) = -1 EINVAL (Invalid argument)`},
	}
	for _, c := range cases {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: c.x})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("\n got %s\nwant %s", got, c.want)
		}
	}
}

func TestArchPrctl(t *testing.T) {
	cases := []struct {
		x    XlatStyle
		ev   *evb
		want string
	}{
		{XlatAbbrev, sc(t, "arch_prctl", 0, 0x1004, 0x1000).data(1, le(nil).u64(0)), `arch_prctl(ARCH_GET_GS, [NULL]) = 0`},
		{XlatAbbrev, sc(t, "arch_prctl", 0, 0x1003, 0x1000).data(1, le(nil).u64(0x7f00)), `arch_prctl(ARCH_GET_FS, [0x7f00]) = 0`},
		{XlatAbbrev, sc(t, "arch_prctl", 1, 0x1011, 0xdeadc0de), `arch_prctl(ARCH_GET_CPUID) = 1`},
		{XlatAbbrev, sc(t, "arch_prctl", 0, 0x1021, 0x1000).data(1, le(nil).u64(0xe7)), `arch_prctl(ARCH_GET_XCOMP_SUPP, [0xe7 /* XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM|XFEATURE_MASK_AVX512 */]) = 0`},
		{XlatRaw, sc(t, "arch_prctl", 0, 0x1021, 0x1000).data(1, le(nil).u64(0xe7)), `arch_prctl(0x1021, [0xe7]) = 0`},
		{XlatAbbrev, sc(t, "arch_prctl", 0, 0x1022, 0x1000).data(1, le(nil).u64(0)), `arch_prctl(ARCH_GET_XCOMP_PERM, [0]) = 0`},
		{XlatAbbrev, sc(t, "arch_prctl", -22, 0x1023, 0xb), `arch_prctl(ARCH_REQ_XCOMP_PERM, 0xb /* XFEATURE_??? */) = -1 EINVAL (Invalid argument)`},
		{XlatAbbrev, sc(t, "arch_prctl", 0x60000, 0x1023, 0x12), `arch_prctl(ARCH_REQ_XCOMP_PERM, 0x12 /* XFEATURE_XTILE_DATA */) = 0x60000 (XFEATURE_MASK_XTILE)`},
		{XlatAbbrev, sc(t, "arch_prctl", -22, 0xdeadc0de, 0), `arch_prctl(0xdeadc0de /* ARCH_??? */, 0) = -1 EINVAL (Invalid argument)`},
	}
	for _, c := range cases {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: c.x})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("\n got %s\nwant %s", got, c.want)
		}
	}
}
