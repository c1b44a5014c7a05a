package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// fakeFDs is an FDResolver answering from tables.
type fakeFDs struct {
	paths   map[int32]string
	deleted map[int32]bool
	cwd     string
	sockets map[uint64]string
	devices map[string]string
	pidfds  map[int32]int
	// netlink maps a netlink socket's descriptor to its protocol.
	netlink map[int32]int
}

func (f *fakeFDs) FDPath(tid, fd int32) (string, bool, bool) {
	p, ok := f.paths[fd]
	return p, f.deleted[fd], ok
}
func (f *fakeFDs) Cwd(tid int32) (string, bool) { return f.cwd, f.cwd != "" }
func (f *fakeFDs) Socket(_ *trace.Event, fd int32, inode uint64) (string, bool) {
	s, ok := f.sockets[inode]
	return s, ok
}
func (f *fakeFDs) Device(path string) (string, bool) { s, ok := f.devices[path]; return s, ok }
func (f *fakeFDs) PidfdPID(tid, fd int32) (int, bool) {
	p, ok := f.pidfds[fd]
	return p, ok
}
func (f *fakeFDs) NetlinkFamily(_ *trace.Event, fd int32) (int, bool) {
	p, ok := f.netlink[fd]
	return p, ok
}

func TestDecodeFDs(t *testing.T) {
	fds := &fakeFDs{
		paths: map[int32]string{
			1: "/dev/null", 3: "/etc/hostname", 4: "socket:[1234]", 5: "pipe:[77]",
			6: "/tmp/a<b>, c", 7: "/tmp/gone", 8: "anon_inode:[pidfd]", 9: "socket:[999]", 12: "/x<7>9\n",
		},
		deleted: map[int32]bool{7: true},
		cwd:     "/root",
		sockets: map[uint64]string{1234: "TCP:[127.0.0.1:80->127.0.0.1:4242]"},
		devices: map[string]string{"/dev/null": "char 1:3"},
		pidfds:  map[int32]int{8: 4321},
	}
	tests := []struct {
		set  FDDecode
		ev   *trace.Event
		want string
	}{
		{FDPath, sc(t, "close", 0, 3).get(), "close(3</etc/hostname>) = 0"},
		{0, sc(t, "close", 0, 3).get(), "close(3) = 0"},
		{FDPath, sc(t, "close", 0, 42).get(), "close(42) = 0"},
		{FDPath, sc(t, "dup", 10, 5).get(), "dup(5<pipe:[77]>) = 10"},
		{FDPath, sc(t, "dup", 3, 5).get(), "dup(5<pipe:[77]>) = 3</etc/hostname>"},
		{FDPath, sc(t, "close", 0, 4).get(), "close(4<socket:[1234]>) = 0"},
		{FDAll, sc(t, "close", 0, 4).get(), "close(4<TCP:[127.0.0.1:80->127.0.0.1:4242]>) = 0"},
		{FDAll, sc(t, "close", 0, 9).get(), "close(9<socket:[999]>) = 0"},
		{FDPath, sc(t, "close", 0, 6).get(), `close(6</tmp/a\74b\76, c>) = 0`},
		{FDPath, sc(t, "close", 0, 7).get(), "close(7</tmp/gone>(deleted)) = 0"},
		{FDPath, sc(t, "close", 0, 12).get(), `close(12</x\0747\769\n>) = 0`},
		{FDPath, sc(t, "close", 0, 1).get(), "close(1</dev/null>) = 0"},
		{FDAll, sc(t, "close", 0, 1).get(), "close(1</dev/null<char 1:3>>) = 0"},
		{FDAll, sc(t, "close", 0, 8).get(), "close(8<pid:4321>) = 0"},
		{FDPath, sc(t, "close", 0, 8).get(), "close(8<anon_inode:[pidfd]>) = 0"},
		{FDAll, sc(t, "clone", 4321, 0x5111, 0, 0x1000, 0, 0).data(2, le(nil).u32(8)).get(),
			"clone(child_stack=NULL, flags=CLONE_VM|CLONE_PIDFD|CLONE_VFORK|SIGCHLD, parent_tid=[8<pid:4321>]) = 4321"},
		{0, sc(t, "clone", 4321, 0x5111, 0, 0x1000, 0, 0).data(2, le(nil).u32(8)).get(),
			"clone(child_stack=NULL, flags=CLONE_VM|CLONE_PIDFD|CLONE_VFORK|SIGCHLD, parent_tid=[8]) = 4321"},
		{FDAll, sc(t, "waitid", -10, 3, 8, 0x2000, 4, 0).get(), "waitid(P_PIDFD, 8<pid:4321>, 0x2000, WEXITED, NULL) = -1 ECHILD (No child processes)"},
		{FDAll, sc(t, "waitid", -10, 1, 8, 0x2000, 4, 0).get(), "waitid(P_PID, 8, 0x2000, WEXITED, NULL) = -1 ECHILD (No child processes)"},
		{FDPath, sc(t, "openat", 3, 0xffffff9c, 1, 0, 0).str(1, "x").get(), `openat(AT_FDCWD</root>, "x", O_RDONLY) = 3</etc/hostname>`},
		{FDPath, sc(t, "openat", -2, 0xffffff9c, 1, 0, 0).str(1, "x").get(), `openat(AT_FDCWD</root>, "x", O_RDONLY) = -1 ENOENT (No such file or directory)`},
	}
	for _, tt := range tests {
		d := New(Options{StringLimit: DefaultStringLimit, DecodeFDs: tt.set, FDs: fds})
		if got := whole(d, tt.ev); got != tt.want {
			t.Errorf("set %b: got  %s\nwant %s", tt.set, got, tt.want)
		}
	}
}
