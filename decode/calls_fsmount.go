package decode

// Value tables of the new mount API: fsopen, fsmount, fspick, open_tree,
// move_mount (their arguments are all generic types).

var fsopenFlags = &xlat{vals: []xv{{1, "FSOPEN_CLOEXEC"}}, dflt: "FSOPEN_???"}

var fsmountFlags = &xlat{vals: []xv{{1, "FSMOUNT_CLOEXEC"}}, dflt: "FSMOUNT_???"}

// mountAttrFlags are fsmount's attr_flags (MOUNT_ATTR_*).
var mountAttrFlags = &xlat{vals: []xv{
	{0x1, "MOUNT_ATTR_RDONLY"}, {0x2, "MOUNT_ATTR_NOSUID"}, {0x4, "MOUNT_ATTR_NODEV"}, {0x8, "MOUNT_ATTR_NOEXEC"},
	{0x10, "MOUNT_ATTR_NOATIME"}, {0x20, "MOUNT_ATTR_STRICTATIME"}, {0x80, "MOUNT_ATTR_NODIRATIME"},
}, dflt: "MOUNT_ATTR_???"}

var fspickFlags = &xlat{vals: []xv{
	{1, "FSPICK_CLOEXEC"}, {2, "FSPICK_SYMLINK_NOFOLLOW"}, {4, "FSPICK_NO_AUTOMOUNT"}, {8, "FSPICK_EMPTY_PATH"},
}, dflt: "FSPICK_???"}

var openTreeFlags = &xlat{vals: []xv{
	{1, "OPEN_TREE_CLONE"}, {02000000, "OPEN_TREE_CLOEXEC"}, {0x100, "AT_SYMLINK_NOFOLLOW"}, {0x200, "AT_REMOVEDIR"},
	{0x400, "AT_SYMLINK_FOLLOW"}, {0x800, "AT_NO_AUTOMOUNT"}, {0x1000, "AT_EMPTY_PATH"}, {0x8000, "AT_RECURSIVE"},
}, dflt: "OPEN_TREE_???"}

var moveMountFlags = &xlat{vals: []xv{
	{0x1, "MOVE_MOUNT_F_SYMLINKS"}, {0x2, "MOVE_MOUNT_F_AUTOMOUNTS"}, {0x4, "MOVE_MOUNT_F_EMPTY_PATH"},
	{0x10, "MOVE_MOUNT_T_SYMLINKS"}, {0x20, "MOVE_MOUNT_T_AUTOMOUNTS"}, {0x40, "MOVE_MOUNT_T_EMPTY_PATH"},
	{0x100, "MOVE_MOUNT_SET_GROUP"},
}, dflt: "MOVE_MOUNT_???"}
