package decode

import "testing"

// Expected strings are from strace 6.1's test suite (tests/*.c).
func TestMisc2Lines(t *testing.T) {
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"fsmount", sc(t, "fsmount", -22, 0xdefacedffffffff, 0xdefaced00000001, 0xffffff40),
			`fsmount(-1, FSMOUNT_CLOEXEC, 0xffffff40 /* MOUNT_ATTR_??? */) = -1 EINVAL (Invalid argument)`},
		{"fsopen", sc(t, "fsopen", -22, 0x1000, 0xdefacedfffffffe).str(0, ""),
			`fsopen("", 0xfffffffe /* FSOPEN_??? */) = -1 EINVAL (Invalid argument)`},
		{"move_mount", sc(t, "move_mount", -22, 0xffffffff, 0x1000, 0xffffff9c, 0x2000, 0x177).str(1, "/dev/full").str(3, ""),
			`move_mount(-1, "/dev/full", AT_FDCWD, "", MOVE_MOUNT_F_SYMLINKS|MOVE_MOUNT_F_AUTOMOUNTS|MOVE_MOUNT_F_EMPTY_PATH|MOVE_MOUNT_T_SYMLINKS|MOVE_MOUNT_T_AUTOMOUNTS|MOVE_MOUNT_T_EMPTY_PATH|MOVE_MOUNT_SET_GROUP) = -1 EINVAL (Invalid argument)`},
		{"open_tree", sc(t, "open_tree", -14, 0xffffffff, 0, 1),
			`open_tree(-1, NULL, OPEN_TREE_CLONE) = -1 EFAULT (Bad address)`},
		{"fspick", sc(t, "fspick", -22, 0xffffffff, 0x1000, 0xfffffff8).str(1, ""),
			`fspick(-1, "", FSPICK_EMPTY_PATH|0xfffffff0) = -1 EINVAL (Invalid argument)`},
		{"memfd_create huge", sc(t, "memfd_create", -22, 0, 0xfffffffffffffff7),
			`memfd_create(NULL, MFD_CLOEXEC|MFD_ALLOW_SEALING|MFD_HUGETLB|0x3fffff0|63<<MFD_HUGE_SHIFT) = -1 EINVAL (Invalid argument)`},
		{"utimensat times", sc(t, "utimensat", -2, 0xffffff9c, 0x1000, 0x2000, 0xdefaced00000100).str(1, "f").data(2, le(nil).u64(0).u64(0).u64(0xcafef00ddeadbeef).u64(0)),
			`utimensat(AT_FDCWD, "f", [{tv_sec=0, tv_nsec=0}, {tv_sec=-3819351491602432273, tv_nsec=0}], AT_SYMLINK_NOFOLLOW) = -1 ENOENT (No such file or directory)`},
		{"sched_rr_get_interval", sc(t, "sched_rr_get_interval", -22, 0xffffffff, 0x1000), `sched_rr_get_interval(-1, 0x1000) = -1 EINVAL (Invalid argument)`},
		{"set_mempolicy_home_node", sc(t, "set_mempolicy_home_node", 0, 0, 1, 2, 3), `set_mempolicy_home_node(NULL, 1, 2, 0x3) = 0`},
		{"ioprio_get", sc(t, "ioprio_get", 0, 1, 9369), `ioprio_get(IOPRIO_WHO_PROCESS, 9369) = 0 (IOPRIO_PRIO_VALUE(IOPRIO_CLASS_NONE, 0))`},
		{"ioprio_set", sc(t, "ioprio_set", -22, 0xdeadfacefa57beef, 0xbadc0dedda7a1057, 0xdec0ded1facefeed),
			`ioprio_set(0xfa57beef /* IOPRIO_WHO_??? */, -629534633, IOPRIO_PRIO_VALUE(0x7d677 /* IOPRIO_CLASS_??? */, 7917)) = -1 EINVAL (Invalid argument)`},
		{"personality", sc(t, "personality", 0x400000, 0xffffffff00000008), `personality(PER_LINUX32) = 0x400000 (PER_LINUX|READ_IMPLIES_EXEC)`},
		{"personality query", sc(t, "personality", 0, 0xffffffff), `personality(0xffffffff) = 0 (PER_LINUX)`},
		{"remap_file_pages", sc(t, "remap_file_pages", -22, 0xfacefeeddeadf00d, 0xdefaced1bad2beef, 0xdefaced00000000, 0xcaf3babebad4deed, 0x5404401f),
			`remap_file_pages(0xfacefeeddeadf00d, 16067382020775526127, 0xdefaced00000000 /* PROT_??? */, 14624237743343197933, 0xf /* MAP_??? */|MAP_FIXED|MAP_NORESERVE|MAP_HUGETLB|21<<MAP_HUGE_SHIFT) = -1 EINVAL (Invalid argument)`},
		{"fanotify_init", sc(t, "fanotify_init", -22, 0xdec0deddeface004, 0xdeadbeef80000001),
			`fanotify_init(FAN_CLASS_CONTENT|0xeface000 /* FAN_??? */, O_WRONLY|0x80000000) = -1 EINVAL (Invalid argument)`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestMisc2Xlat checks the -X styles of the decoders that print constants
// by hand.
func TestMisc2Xlat(t *testing.T) {
	now := le(nil).u64(1).u64(1<<30 - 1).u64(2).u64(1<<30 - 2)
	ut := func() *evb { return sc(t, "utimensat", 0, 0xffffff9c, 0x1000, 0x2000, 0).str(1, "f").data(2, now) }
	mf := func() *evb { return sc(t, "memfd_create", 3, 0, 0x78000002) }
	cases := []struct {
		style XlatStyle
		ev    *evb
		want  string
	}{
		{XlatRaw, ut(), `utimensat(-100, "f", [{tv_sec=1, tv_nsec=1073741823}, {tv_sec=2, tv_nsec=1073741822}], 0) = 0`},
		{XlatVerbose, ut(), `utimensat(-100 /* AT_FDCWD */, "f", [{tv_sec=1, tv_nsec=1073741823} /* UTIME_NOW */, {tv_sec=2, tv_nsec=1073741822} /* UTIME_OMIT */], 0) = 0`},
		{XlatAbbrev, mf(), `memfd_create(NULL, MFD_ALLOW_SEALING|30<<MFD_HUGE_SHIFT) = 3`},
		{XlatVerbose, sc(t, "ioprio_set", 0, 2, 7, 8191), `ioprio_set(0x2 /* IOPRIO_WHO_PGRP */, 7, 8191 /* IOPRIO_PRIO_VALUE(0 /* IOPRIO_CLASS_NONE */, 8191) */) = 0`},
		{XlatRaw, sc(t, "ioprio_get", 0, 1, 7), `ioprio_get(0x1, 7) = 0`},
		{XlatRaw, mf(), `memfd_create(NULL, 0x78000002) = 3`},
		{XlatVerbose, mf(), `memfd_create(NULL, 0x78000002 /* MFD_ALLOW_SEALING|30<<MFD_HUGE_SHIFT */) = 3`},
	}
	for _, c := range cases {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: c.style})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("style %d:\n got %s\nwant %s", c.style, got, c.want)
		}
	}
}
