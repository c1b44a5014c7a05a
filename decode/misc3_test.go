package decode

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// tail sets the tail of argument i's extensible struct capture
// (syscalls.LenExt).
func (e *evb) tail(i int, p []byte) *evb {
	e.ev.Captures[i].Elems = []trace.Capture{{Data: p}}
	return e
}

// tailFault marks the tail of argument i's extensible struct unreadable.
func (e *evb) tailFault(i int) *evb {
	e.ev.Captures[i].Elems = []trace.Capture{{Faulted: true}}
	return e
}

// Expected strings are from strace 6.1's test suite (tests/*.c).
func TestMisc3Lines(t *testing.T) {
	how := le(nil).u64(0x80).u64(0).u64(0)
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"openat2 short", sc(t, "openat2", -22, 0xffffffff, 0x1000, 0x2000, 11).str(1, "openat2.sample"),
			`openat2(-1, "openat2.sample", 0x2000, 11) = -1 EINVAL (Invalid argument)`},
		{"openat2 tail", sc(t, "openat2", -7, 0xffffffff, 0x1000, 0x2000, 32).str(1, "openat2.sample").data(2, how).tail(2, []byte{0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87}),
			`openat2(-1, "openat2.sample", {flags=O_RDONLY|O_EXCL, resolve=0, /* bytes 24..31 */ "\x80\x81\x82\x83\x84\x85\x86\x87"}, 32) = -1 E2BIG (Argument list too long)`},
		{"openat2 tail fault", sc(t, "openat2", -14, 0xffffffff, 0x1000, 0x2000, 32).str(1, "openat2.sample").data(2, how).tailFault(2),
			`openat2(-1, "openat2.sample", {flags=O_RDONLY|O_EXCL, resolve=0, ???}, 32) = -1 EFAULT (Bad address)`},
		{"openat2 zero tail", sc(t, "openat2", -9, 0xffffffff, 0x1000, 0x2000, 32).str(1, "openat2.sample").data(2, le(nil).u64(0xdeadface80000000).u64(0777).u64(0)).tail(2, make([]byte, 8)),
			`openat2(-1, "openat2.sample", {flags=O_RDONLY|0xdeadface80000000, mode=0777, resolve=0}, 32) = -1 EBADF (Bad file descriptor)`},
		{"getsockopt int changed", sc(t, "getsockopt", 0, 3, 1, 2, 0x1000, 0x2000).data(3, le(nil).u32(0)).inout(4, 5, 4),
			`getsockopt(3, SOL_SOCKET, SO_REUSEADDR, [0], [5 => 4]) = 0`},
		{"getsockopt short int", sc(t, "getsockopt", 0, 3, 1, 2, 0x1000, 0x2000).data(3, []byte{0, 0, 0}).inout(4, 3, 3),
			`getsockopt(3, SOL_SOCKET, SO_REUSEADDR, "\x00\x00\x00", [3]) = 0`},
		{"getsockopt peercred part", sc(t, "getsockopt", 0, 3, 1, 17, 0x1000, 0x2000).data(3, le(nil).u32(23731).u32(0)).inout(4, 7, 7),
			`getsockopt(3, SOL_SOCKET, SO_PEERCRED, {pid=23731, uid="\x00\x00\x00"}, [7]) = 0`},
		{"getsockopt linger", sc(t, "getsockopt", 0, 3, 1, 13, 0x1000, 0x2000).data(3, le(nil).u32(1).u32(0xffffffff)).inout(4, 9, 8),
			`getsockopt(3, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=-1}, [9 => 8]) = 0`},
		{"getsockopt filter", sc(t, "getsockopt", 0, 3, 1, 26, 0, 0x2000).inout(4, 4096, 0),
			`getsockopt(3, SOL_SOCKET, SO_GET_FILTER, NULL, [4096 => 0]) = 0`},
		{"getsockopt failed", sc(t, "getsockopt", -22, 3, 1, 4, 0x1000, 0x2000).inout(4, 4, 4),
			`getsockopt(3, SOL_SOCKET, SO_ERROR, 0x1000, [4]) = -1 EINVAL (Invalid argument)`},
		{"setsockopt int long", sc(t, "setsockopt", 0, 3, 1, 2, 0x1000, 5).data(3, le(nil).u32(1)),
			`setsockopt(3, SOL_SOCKET, SO_REUSEADDR, [1], 5) = 0`},
		{"setsockopt int short", sc(t, "setsockopt", -22, 3, 1, 2, 0x1000, 3).data(3, []byte{0, 0, 0}),
			`setsockopt(3, SOL_SOCKET, SO_REUSEADDR, 0x1000, 3) = -1 EINVAL (Invalid argument)`},
		{"setsockopt negative", sc(t, "setsockopt", -22, 3, 1, 3, 0x1000, 0xffffffff).data(3, []byte{}),
			`setsockopt(3, SOL_SOCKET, SO_TYPE, 0x1000, -1) = -1 EINVAL (Invalid argument)`},
		{"setsockopt linger", sc(t, "setsockopt", 0, 3, 1, 13, 0x1000, 9).data(3, le(nil).u32(0xfffffff1).u32(0xffffffd6)),
			`setsockopt(3, SOL_SOCKET, SO_LINGER, {l_onoff=-15, l_linger=-42}, 9) = 0`},
		{"memfd_create long", sc(t, "memfd_create", -22, 0x1000, 0).str(0, strings.Repeat("a", 250)),
			`memfd_create("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"..., 0) = -1 EINVAL (Invalid argument)`},
		{"memfd_create page end", sc(t, "memfd_create", -22, 0x1000, 0).str(0, "abc"),
			`memfd_create(0x1000, 0) = -1 EINVAL (Invalid argument)`},
		{"memfd_create -s chars", sc(t, "memfd_create", 3, 0x1000, 0).str(0, strings.Repeat("b", 32)+"\x00"),
			`memfd_create("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", 0) = 3`},
		{"fanotify_mark nofd", sc(t, "fanotify_mark", -22, 305419896, 0, 0, 0xffffffff, 0),
			`fanotify_mark(305419896, 0, 0, FAN_NOFD, NULL) = -1 EINVAL (Invalid argument)`},
		{"fanotify_mark mask", sc(t, "fanotify_mark", -22, 305419896, 0x401, 0x40000003, 0xffffff9c, 0),
			`fanotify_mark(305419896, FAN_MARK_ADD|FAN_MARK_IGNORE, FAN_ACCESS|FAN_MODIFY|FAN_ONDIR, AT_FDCWD, NULL) = -1 EINVAL (Invalid argument)`},
		{"landlock_create_ruleset version", sc(t, "landlock_create_ruleset", 7, 0, 0, 1),
			`landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) = 7`},
		{"landlock_create_ruleset attr", sc(t, "landlock_create_ruleset", -22, 0x1000, 16, 0).data(0, le(nil).u64(3)),
			`landlock_create_ruleset({handled_access_fs=LANDLOCK_ACCESS_FS_EXECUTE|LANDLOCK_ACCESS_FS_WRITE_FILE, ...}, 16, 0) = -1 EINVAL (Invalid argument)`},
		{"landlock_add_rule", sc(t, "landlock_add_rule", -9, 0xffffffff, 1, 0x1000, 0).data(2, le(nil).u64(1).u32(0xffffffff)),
			`landlock_add_rule(-1, LANDLOCK_RULE_PATH_BENEATH, {allowed_access=LANDLOCK_ACCESS_FS_EXECUTE, parent_fd=-1}, 0) = -1 EBADF (Bad file descriptor)`},
		{"landlock_add_rule unknown", sc(t, "landlock_add_rule", -22, 1729, 2, 0x1000, 0xffffffff),
			`landlock_add_rule(1729, 0x2 /* LANDLOCK_RULE_??? */, 0x1000, 0xffffffff) = -1 EINVAL (Invalid argument)`},
		{"landlock_restrict_self", sc(t, "landlock_restrict_self", -22, 0xffffffff, 0xdeadbeefffffffff),
			`landlock_restrict_self(-1, 0xffffffff) = -1 EINVAL (Invalid argument)`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
