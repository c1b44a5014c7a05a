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
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
