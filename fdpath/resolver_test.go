package fdpath

import (
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// These tests ask about this very process's descriptors: /proc and
// sock_diag answer for it as for a tracee.

func self() int32 { return int32(os.Getpid()) }

// selfEvent is an event of this process that carries no socket states.
func selfEvent() *trace.Event {
	return &trace.Event{Kind: trace.SyscallEnter, PID: self(), TID: self()}
}

func TestFDPathAndDeleted(t *testing.T) {
	r := New(Live, decode.HexNone)
	defer r.Close()
	dir := t.TempDir()
	name := filepath.Join(dir, "file")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fd := int32(f.Fd())
	if p, del, ok := r.FDPath(self(), fd); !ok || p != name || del {
		t.Errorf("FDPath = %q, %v, %v; want %q, false, true", p, del, ok, name)
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if p, del, ok := r.FDPath(self(), fd); !ok || p != name || !del {
		t.Errorf("after unlink: FDPath = %q, %v, %v; want %q, true, true", p, del, ok, name)
	}
	if _, _, ok := r.FDPath(self(), 1<<20); ok {
		t.Errorf("FDPath of a closed descriptor succeeded")
	}
	wd, _ := os.Getwd()
	if cwd, ok := r.Cwd(self()); !ok || cwd != wd {
		t.Errorf("Cwd = %q, %v; want %q", cwd, ok, wd)
	}
	if dev, ok := r.Device("/dev/null"); !ok || dev != "char 1:3" {
		t.Errorf("Device(/dev/null) = %q, %v", dev, ok)
	}
	if _, ok := r.Device(name); ok {
		t.Errorf("Device of a deleted regular file succeeded")
	}
}

// socketInode returns the inode of fd's socket.
func socketInode(t *testing.T, fd int) uint64 {
	t.Helper()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		t.Fatal(err)
	}
	return st.Ino
}

func TestSocketDetails(t *testing.T) {
	r := New(Live, decode.HexNone)
	defer r.Close()
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	lf, _ := ln.(*net.TCPListener).File()
	defer lf.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	got, ok := r.Socket(selfEvent(), int32(lf.Fd()), socketInode(t, int(lf.Fd())))
	if want := "TCP:[127.0.0.1:" + strconv.Itoa(port) + "]"; !ok || got != want {
		t.Errorf("listening socket: %q, %v; want %q", got, ok, want)
	}

	c, err := net.Dial("tcp4", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cf, _ := c.(*net.TCPConn).File()
	defer cf.Close()
	local := c.LocalAddr().String()
	got, ok = r.Socket(selfEvent(), int32(cf.Fd()), socketInode(t, int(cf.Fd())))
	if want := "TCP:[" + local + "->" + ln.Addr().String() + "]"; !ok || got != want {
		t.Errorf("connected socket: %q, %v; want %q", got, ok, want)
	}

	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(pair[0])
	defer unix.Close(pair[1])
	a, b := socketInode(t, pair[0]), socketInode(t, pair[1])
	got, ok = r.Socket(selfEvent(), int32(pair[0]), a)
	if want := "UNIX-STREAM:[" + strconv.FormatUint(a, 10) + "->" + strconv.FormatUint(b, 10) + "]"; !ok || got != want {
		t.Errorf("socketpair: %q, %v; want %q", got, ok, want)
	}
}

func TestCleanJoin(t *testing.T) {
	for _, c := range [][3]string{
		{"/root", "a/b", "/root/a/b"},
		{"/root/", "./a", "/root/a"},
		{"/a/b", "../c", "/a/c"},
		{"/", "..", "/"},
		{"/a", "../..", "/"},
	} {
		if got := cleanJoin(c[0], c[1]); got != c[2] {
			t.Errorf("cleanJoin(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// event builds an x86_64 syscall event of this process.
func event(t *testing.T, kind trace.Kind, name string, ret int64, args ...uint64) *trace.Event {
	t.Helper()
	nr, ok := syscalls.X86_64.Lookup(name)
	if !ok {
		t.Fatalf("no syscall %s", name)
	}
	ev := &trace.Event{Kind: kind, Arch: trace.ArchX86_64, NR: int32(nr), PID: self(), TID: self(), Ret: ret}
	copy(ev.Args[:], args)
	return ev
}

// TestLearned checks what a Learned resolver (the eBPF backend's) takes
// from events: an openat's path, dup2, close and execve's close-on-exec.
func TestLearned(t *testing.T) {
	r := New(Learned, decode.HexNone)
	const fd = 900 // not open in this process: only the events know it
	open := event(t, trace.SyscallExit, "openat", fd, 0xffffff9c, 0x1000, unix.O_RDONLY|unix.O_CLOEXEC)
	open.Captures[1].Data = []byte("sub/../etc/hostname")
	r.Learn(open) // before the exit is printed: "= 900</.../etc/hostname>"
	cwd, _ := os.Getwd()
	want := filepath.Join(cwd, "etc/hostname")
	if p, _, ok := r.FDPath(self(), fd); !ok || p != want {
		t.Fatalf("after openat: %q, %v; want %q", p, ok, want)
	}
	r.Observe(open)
	r.Learn(event(t, trace.SyscallExit, "dup2", fd+1, fd, fd+1))
	if p, _, ok := r.FDPath(self(), fd+1); !ok || p != want {
		t.Errorf("after dup2: %q, %v; want %q", p, ok, want)
	}
	// A close is printed with the path it closes, even at exit.
	r.Observe(event(t, trace.SyscallEnter, "close", 0, fd+1))
	closed := event(t, trace.SyscallExit, "close", 0, fd+1)
	r.Learn(closed)
	if p, _, ok := r.FDPath(self(), fd+1); !ok || p != want {
		t.Errorf("close being printed: %q, %v; want %q", p, ok, want)
	}
	r.Observe(closed)
	if p, _, ok := r.FDPath(self(), fd+1); ok {
		t.Errorf("after close: still %q", p)
	}
	exec := event(t, trace.SyscallExit, "execve", 0, 0x1000, 0x2000, 0x3000)
	r.Learn(exec)
	r.Observe(exec)
	if p, _, ok := r.FDPath(self(), fd); ok && strings.HasSuffix(p, "hostname") {
		t.Errorf("O_CLOEXEC descriptor survived execve: %q", p)
	}
}

// TestStagedClose: a close's path is kept between the call's entry and its
// exit, when the line is printed at exit (-z, -Z, -e status=).
func TestStagedClose(t *testing.T) {
	r := New(Live, decode.HexNone)
	f, err := os.Open("/dev/null")
	if err != nil {
		t.Fatal(err)
	}
	fd := int(f.Fd())
	r.Observe(event(t, trace.SyscallEnter, "close", 0, uint64(fd)))
	f.Close() // the traced close happens between entry and exit
	if p, _, ok := r.FDPath(self(), int32(fd)); !ok || p != "/dev/null" {
		t.Errorf("closing descriptor: %q, %v; want /dev/null", p, ok)
	}
	r.Observe(event(t, trace.SyscallExit, "close", 0, uint64(fd)))
	if p, _, ok := r.FDPath(self(), int32(fd)); ok && p == "/dev/null" {
		t.Errorf("closed descriptor still resolves to %q", p)
	}
}

// TestLearnedNewFDs checks that a Learned resolver takes the names an exit
// event gives the descriptors the call created (a pipe of a process gone
// from /proc), copies them on fcntl F_DUPFD_CLOEXEC, names a memfd as
// /proc does, knows the process a pidfd_open's pidfd refers to, and drops
// the close-on-exec ones at execve.
func TestLearnedNewFDs(t *testing.T) {
	r := New(Learned, decode.HexNone)
	const rd, wr = 910, 911 // not open in this process: only the events know them
	pipe := event(t, trace.SyscallExit, "pipe2", 0, 0x1000, unix.O_CLOEXEC)
	pipe.NewFDs = []trace.FDName{{FD: rd, Name: "pipe:[77]", Cloexec: true}, {FD: wr, Name: "pipe:[77]"}}
	r.Learn(pipe)
	for _, fd := range []int32{rd, wr} {
		if p, _, ok := r.FDPath(self(), fd); !ok || p != "pipe:[77]" {
			t.Errorf("after pipe2: descriptor %d is %q, %v; want pipe:[77]", fd, p, ok)
		}
	}
	r.Observe(pipe)
	r.Learn(event(t, trace.SyscallExit, "fcntl", wr+1, wr, unix.F_DUPFD_CLOEXEC, wr+1))
	if p, _, ok := r.FDPath(self(), wr+1); !ok || p != "pipe:[77]" {
		t.Errorf("after F_DUPFD_CLOEXEC: %q, %v; want pipe:[77]", p, ok)
	}
	memfd := event(t, trace.SyscallExit, "memfd_create", wr+2, 0x1000, unix.MFD_CLOEXEC)
	memfd.Captures[0].Data = []byte("scratch\x00")
	r.Learn(memfd)
	if p, deleted, ok := r.FDPath(self(), wr+2); !ok || p != "/memfd:scratch" || !deleted {
		t.Errorf("after memfd_create: %q, deleted %v, %v; want /memfd:scratch, deleted", p, deleted, ok)
	}
	pidfd := event(t, trace.SyscallExit, "pidfd_open", wr+3, 4242, 0)
	pidfd.NewFDs = []trace.FDName{{FD: wr + 3, Name: "anon_inode:[pidfd]", Cloexec: true}}
	r.Learn(pidfd)
	if pid, ok := r.PidfdPID(self(), wr+3); !ok || pid != 4242 {
		t.Errorf("pidfd_open(4242): PidfdPID %d, %v; want 4242", pid, ok)
	}
	exec := event(t, trace.SyscallExit, "execve", 0, 0x1000, 0x2000, 0x3000)
	r.Learn(exec)
	r.Observe(exec)
	for fd, kept := range map[int32]bool{rd: false, wr: true, wr + 1: false, wr + 2: false, wr + 3: false} {
		if _, _, ok := r.FDPath(self(), fd); ok != kept {
			t.Errorf("after execve: descriptor %d known %v; want %v (close-on-exec %v)", fd, ok, kept, !kept)
		}
	}
}

// openPipeAndDevNull opens, for the test's duration, a pipe that is not
// close-on-exec and /dev/null, which Go opens close-on-exec; it returns
// the pipe's read end and its /proc name, and /dev/null's descriptor.
func openPipeAndDevNull(t *testing.T) (pipeFD int32, pipeName string, devNull int32) {
	t.Helper()
	var p [2]int
	if err := unix.Pipe2(p[:], 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(p[0]); unix.Close(p[1]) })
	f, err := os.Open("/dev/null")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	pipeName, err = os.Readlink("/proc/self/fd/" + strconv.Itoa(p[0]))
	if err != nil {
		t.Fatal(err)
	}
	return int32(p[0]), pipeName, int32(f.Fd())
}

// TestInheritFromSelf checks that a launched command is taken to inherit
// sctrace's descriptors that are not close-on-exec, and only those.
func TestInheritFromSelf(t *testing.T) {
	pipeFD, pipeName, devNull := openPipeAndDevNull(t)
	r := New(Learned, decode.HexNone)
	r.InheritFromSelf()
	child := r.proc(1 << 30) // the first task seen takes what was inherited
	if e, ok := child.fds[pipeFD]; !ok || e.path != pipeName {
		t.Errorf("inherited pipe: %+v, %v; want %q", e, ok, pipeName)
	}
	if e, ok := child.fds[devNull]; ok {
		t.Errorf("close-on-exec /dev/null was inherited: %+v", e)
	}
}

// TestLearnedRemoval checks that a learned descriptor follows its file's
// name: shown "(deleted)" once the name is unlinked or renamed over, and
// by its new name once renamed.
func TestLearnedRemoval(t *testing.T) {
	r := New(Learned, decode.HexNone)
	dir := t.TempDir()
	open := func(fd int32, name string) {
		ev := event(t, trace.SyscallExit, "openat", int64(fd), 0xffffff9c, 0x1000, unix.O_RDWR|unix.O_CREAT)
		ev.Captures[1].Data = []byte(filepath.Join(dir, name))
		r.Learn(ev)
	}
	pathCall := func(name string, args ...string) *trace.Event {
		ev := event(t, trace.SyscallExit, name, 0, 0x1000, 0x2000)
		for i, a := range args {
			ev.Captures[i].Data = []byte(filepath.Join(dir, a))
		}
		return ev
	}
	open(920, "a")
	open(921, "b")
	open(922, "c")
	r.Learn(pathCall("unlink", "a"))
	r.Learn(pathCall("rename", "b", "c")) // c's file loses its name, b's file is now c
	for fd, want := range map[int32]struct {
		path    string
		deleted bool
	}{920: {"a", true}, 921: {"c", false}, 922: {"c", true}} {
		p, deleted, ok := r.FDPath(self(), fd)
		if !ok || p != filepath.Join(dir, want.path) || deleted != want.deleted {
			t.Errorf("descriptor %d: %q, deleted %v, %v; want %q, deleted %v", fd, p, deleted, ok, filepath.Join(dir, want.path), want.deleted)
		}
	}
}

// TestAdoptAttached checks that a Learned resolver reads the descriptors
// of a task -p attached to when its attach is observed, with their
// close-on-exec flags, so that they outlive the task's /proc entry.
func TestAdoptAttached(t *testing.T) {
	pipeFD, pipeName, devNull := openPipeAndDevNull(t)
	r := New(Learned, decode.HexNone)
	r.Observe(&trace.Event{Kind: trace.NewTask, PID: self(), TID: self(), Attached: true})
	learned := r.procs[self()]
	if learned == nil {
		t.Fatal("nothing learned at the attach")
	}
	for fd, want := range map[int32]fdEntry{pipeFD: {path: pipeName}, devNull: {path: "/dev/null", cloexec: true}} {
		if e := learned.fds[fd]; e != want {
			t.Errorf("descriptor %d: learned %+v; want %+v", fd, e, want)
		}
	}
}

// TestLearnedSockets checks what -yy shows, in Learned mode, of sockets
// whose process is gone: a socketpair's ends as sock_diag showed them
// (each other's peer), another socket by its protocol, from the states the
// exit that created them carries; and that a line printed at the exit
// (-z) still has its arguments' states from the entry.
func TestLearnedSockets(t *testing.T) {
	r := New(Learned, decode.HexNone)
	defer r.Close()
	const a, b, tcp = 4000000001, 4000000002, 4000000003 // no live socket has these
	pair := event(t, trace.SyscallExit, "socketpair", 0, unix.AF_UNIX, unix.SOCK_STREAM, 0, 0x1000)
	pair.Sockets = []trace.SocketState{
		{FD: 940, Inode: a, Proto: "UNIX-STREAM", Family: unix.AF_UNIX, Listed: true, Peer: b},
		{FD: 941, Inode: b, Proto: "UNIX-STREAM", Family: unix.AF_UNIX, Listed: true, Peer: a},
	}
	r.Learn(pair)
	for _, tc := range []struct {
		fd    int32
		inode uint64
		want  string
	}{
		{940, a, "UNIX-STREAM:[4000000001->4000000002]"},
		{941, b, "UNIX-STREAM:[4000000002->4000000001]"},
	} {
		if got, ok := r.Socket(pair, tc.fd, tc.inode); !ok || got != tc.want {
			t.Errorf("descriptor %d: %q, %v; want %q", tc.fd, got, ok, tc.want)
		}
	}
	r.Observe(pair)
	enter := event(t, trace.SyscallEnter, "connect", 0, 942, 0x1000, 16)
	enter.Sockets = []trace.SocketState{{FD: 942, Inode: tcp, Proto: "TCP", Family: unix.AF_INET}}
	r.Learn(enter)
	r.Observe(enter)
	exit := event(t, trace.SyscallExit, "connect", -int64(unix.ECONNREFUSED), 942, 0x1000, 16)
	r.Learn(exit) // printed now, whole, with the entry's arguments
	if got, ok := r.Socket(exit, 942, tcp); !ok || got != "TCP:[4000000003]" {
		t.Errorf("connect's socket at its exit: %q, %v; want %q", got, ok, "TCP:[4000000003]")
	}
	r.Observe(exit)
}

// TestSocketStatesOfEvent checks that -yy describes a socket from the
// state the event carries, as sock_diag would have (an unlisted INET
// socket by protocol and inode only, uncached), and only for the event
// being printed.
func TestSocketStatesOfEvent(t *testing.T) {
	r := New(Learned, decode.HexNone)
	defer r.Close()
	lo := netip.MustParseAddr("127.0.0.1")
	const base = 4000000100 // no live socket has these inodes
	states := []trace.SocketState{
		{FD: 950, Inode: base, Proto: "TCP", Family: unix.AF_INET, Listed: true, Src: lo, SPort: 8080, Dst: lo, DPort: 41234},
		{FD: 951, Inode: base + 1, Proto: "UDP", Family: unix.AF_INET, Src: netip.IPv4Unspecified(), Dst: netip.IPv4Unspecified()},
		{FD: 952, Inode: base + 2, Proto: "UNIX-STREAM", Family: unix.AF_UNIX, Peer: base + 3, Path: []byte("/run/x.sock\x00")},
		{FD: 953, Inode: base + 4, Proto: "UNIX", Family: unix.AF_UNIX, Path: []byte("\x00abstract")},
		{FD: 954, Inode: base + 5, Proto: "NETLINK", Family: unix.AF_NETLINK, Listed: true, NetlinkProto: unix.NETLINK_ROUTE, PortID: 77},
	}
	want := []string{
		"TCP:[127.0.0.1:8080->127.0.0.1:41234]",
		"UDP:[4000000101]",
		`UNIX-STREAM:[4000000102->4000000103,"/run/x.sock"]`,
		`UNIX:[4000000104,@"abstract"]`,
		"NETLINK:[ROUTE:77]",
	}
	ev := event(t, trace.SyscallEnter, "sendmsg", 0, 950)
	ev.Sockets = states
	r.Learn(ev)
	for i, st := range states {
		if got, ok := r.Socket(ev, st.FD, st.Inode); !ok || got != want[i] {
			t.Errorf("%+v: %q, %v; want %q", st, got, ok, want[i])
		}
	}
	r.Observe(ev)
	// Printed: what was cached stays, the unlisted UDP socket is unknown.
	if got, ok := r.Socket(selfEvent(), 950, base); got != want[0] {
		t.Errorf("TCP after the event: %q, %v; want %q (cached)", got, ok, want[0])
	}
	if got, ok := r.Socket(selfEvent(), 951, base+1); ok {
		t.Errorf("UDP after the event: %q; want nothing (not cached)", got)
	}
}

// TestDupTargetBeforeTheCall: a dup2's target that the events never
// showed open has no name while the call's arguments are printed, even
// though /proc, read after the fact, shows what the call made of it.
func TestDupTargetBeforeTheCall(t *testing.T) {
	r := New(Learned, decode.HexNone)
	const target = 1 // open in this process: /proc names it
	if _, _, ok := r.FDPath(self(), target); !ok {
		t.Fatal("fd 1 has no name in /proc: the test's premise is stale")
	}
	r.Learn(event(t, trace.SyscallEnter, "dup2", 0, 900, target))
	if p, _, ok := r.FDPath(self(), target); ok {
		t.Errorf("dup2's target at its entry: %q, want no name", p)
	}
	r.Learn(event(t, trace.SyscallExit, "dup2", target, 900, target))
	if _, _, ok := r.FDPath(self(), target); !ok {
		t.Error("after dup2's exit, the target has no name")
	}
}

// TestProcPid: with /proc numbering processes otherwise than sctrace's
// namespace does, a thread's descriptors are read from the /proc entry
// SetProcPid names (here: an id no process has, mapped to this process).
func TestProcPid(t *testing.T) {
	r := New(Live, decode.HexNone)
	defer r.Close()
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const alias = 1<<22 + 7 // above pid_max's largest value
	if _, _, ok := r.FDPath(alias, int32(f.Fd())); ok {
		t.Fatalf("FDPath of thread %d found a descriptor without SetProcPid", alias)
	}
	r.SetProcPid(func(tid int32) int {
		if tid == alias {
			return os.Getpid()
		}
		return 0
	})
	if p, _, ok := r.FDPath(alias, int32(f.Fd())); !ok || p != os.DevNull {
		t.Errorf("FDPath through SetProcPid = %q, %v; want %q", p, ok, os.DevNull)
	}
	wd, _ := os.Getwd()
	if cwd, ok := r.Cwd(alias); !ok || cwd != wd {
		t.Errorf("Cwd through SetProcPid = %q, %v; want %q", cwd, ok, wd)
	}
}

// TestKernelNamesOverrideLearned checks that, in Learned mode, what an
// entry's ArgFDs say wins over what was learned: a descriptor received
// from elsewhere gets its name (and -yy's device note from the recorded
// mode and device), one not open loses the name a stale table gave it
// (a close of it prints the bare number), an unlinked file is marked
// deleted, even through a close, and AT_FDCWD sets the working directory.
func TestKernelNamesOverrideLearned(t *testing.T) {
	r := New(Learned, decode.HexNone)
	const fd = 920 // not open in this process: only the events know it
	open := event(t, trace.SyscallExit, "openat", fd, 0xffffff9c, 0x1000, unix.O_RDONLY)
	open.Captures[1].Data = []byte("/stale/name")
	r.Learn(open)
	r.Observe(open)

	read := event(t, trace.SyscallEnter, "read", 0, fd+1, 0x1000, 1)
	read.ArgFDs = []trace.FDName{{FD: fd + 1, Name: "/dev/kmsg-like", Mode: unix.S_IFCHR | 0o600, Rdev: unix.Mkdev(1, 11)}}
	r.Learn(read)
	if p, _, ok := r.FDPath(self(), fd+1); !ok || p != "/dev/kmsg-like" {
		t.Errorf("received descriptor: %q, %v; want /dev/kmsg-like", p, ok)
	}
	if dev, ok := r.Device("/dev/kmsg-like"); !ok || dev != "char 1:11" {
		t.Errorf("Device = %q, %v; want char 1:11 from the record", dev, ok)
	}

	dup := event(t, trace.SyscallEnter, "dup2", 0, fd+1, fd)
	dup.ArgFDs = []trace.FDName{{FD: fd + 1, Name: "/dev/kmsg-like"}, {FD: fd, Closed: true}}
	r.Learn(dup)
	if p, _, ok := r.FDPath(self(), fd); ok {
		t.Errorf("dup2's target, not open: still %q", p)
	}

	closing := event(t, trace.SyscallEnter, "close", 0, fd)
	closing.ArgFDs = []trace.FDName{{FD: fd, Name: "/gone", Deleted: true}}
	r.Learn(closing)
	r.Observe(closing)
	closed := event(t, trace.SyscallExit, "close", 0, fd)
	r.Learn(closed)
	if p, deleted, ok := r.FDPath(self(), fd); !ok || p != "/gone" || !deleted {
		t.Errorf("close of an unlinked file being printed: %q, deleted %v, %v; want /gone, deleted", p, deleted, ok)
	}
	r.Observe(closed)

	at := event(t, trace.SyscallEnter, "openat", 0, 0xffffff9c, 0x1000, unix.O_RDONLY)
	at.ArgFDs = []trace.FDName{{FD: unix.AT_FDCWD, Name: "/somewhere/else"}}
	r.Learn(at)
	if cwd, ok := r.Cwd(self()); !ok || cwd != "/somewhere/else" {
		t.Errorf("Cwd = %q, %v; want the recorded /somewhere/else", cwd, ok)
	}
}

// TestLearnedPathMax: a learned working directory or descriptor path of
// PATH_MAX bytes or more is not named, as /proc cannot name it, but stays
// the base of the relative paths learned after it.
func TestLearnedPathMax(t *testing.T) {
	r := New(Learned, decode.HexNone)
	long := "/" + strings.Repeat("x/", unix.PathMax/2)
	chdir := func(dir string) {
		ev := event(t, trace.SyscallExit, "chdir", 0, 0x1000)
		ev.Captures[0].Data = []byte(dir)
		r.Learn(ev)
		r.Observe(ev)
	}
	chdir(long)
	if p, ok := r.Cwd(self()); ok {
		t.Fatalf("cwd of %d bytes named: %q", len(long), p)
	}
	const fd = 900
	open := event(t, trace.SyscallExit, "openat", fd, 0xffffff9c, 0x1000, unix.O_RDONLY)
	open.Captures[1].Data = []byte(".")
	r.Learn(open)
	r.Observe(open)
	if p, _, ok := r.FDPath(self(), fd); ok {
		t.Errorf("descriptor of %d bytes named: %q", len(p), p)
	}
	chdir("../../..")
	want := filepath.Clean(long + "/../../..")
	if p, ok := r.Cwd(self()); !ok || p != want {
		t.Errorf("after chdir(\"../../..\"): %q, %v; want %q", p, ok, want)
	}
}

// TestLiveNetlinkAtEntry: in Live mode, a call that shows netlink data
// keeps what its entry found: an unbound netlink socket, which sock_diag
// does not list (protocol -1), even when the call's entry is printed
// after the call bound it; its exit, and the next call, ask again.
func TestLiveNetlinkAtEntry(t *testing.T) {
	s, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_ROUTE)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(s)
	nr, _ := syscalls.X86_64.Lookup("sendmsg")
	entry := selfEvent()
	entry.NR = int32(nr)
	entry.Arch = trace.ArchX86_64
	entry.Args[0] = uint64(s)
	exit := *entry
	exit.Kind = trace.SyscallExit
	r := New(Live, decode.HexNone)
	defer r.Close()
	r.Learn(entry)
	// What the call does: the kernel binds a socket that sends.
	if err := unix.Bind(s, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		t.Fatal(err)
	}
	if family, ok := r.NetlinkFamily(entry, int32(s)); !ok || family != -1 {
		t.Errorf("entry: %d, %v; want -1, true", family, ok)
	}
	if family, ok := r.NetlinkFamily(&exit, int32(s)); !ok || family != unix.NETLINK_ROUTE {
		t.Errorf("exit: %d, %v; want NETLINK_ROUTE, true", family, ok)
	}
	r.Observe(&exit)
	if family, ok := r.NetlinkFamily(entry, int32(s)); !ok || family != unix.NETLINK_ROUTE {
		t.Errorf("the next entry: %d, %v; want NETLINK_ROUTE, true", family, ok)
	}
}

// TestNetlinkOnly: a resolver for a decoder that names no descriptors
// answers NetlinkFamily at a call's exit from the sockets its entry
// reported, and learns nothing else (no descriptor from an open, no
// working directory from a chdir), in either mode.
func TestNetlinkOnly(t *testing.T) {
	for _, mode := range []Mode{Learned, Live} {
		r := NewNetlink(mode, decode.HexNone)
		const fd = 960 // not open in this process: only the events know it
		chdir := event(t, trace.SyscallExit, "chdir", 0, 0x1000)
		chdir.Captures[0].Data = []byte("/usr")
		r.Learn(chdir)
		r.Observe(chdir)
		if dir, ok := r.Cwd(self()); ok && dir == "/usr" {
			t.Errorf("mode %d: chdir learned: cwd %q", mode, dir)
		}
		open := event(t, trace.SyscallExit, "openat", fd, 0xffffff9c, 0x1000, unix.O_RDONLY)
		open.Captures[1].Data = []byte("/etc/hostname")
		r.Learn(open)
		r.Observe(open)
		if p, _, ok := r.FDPath(self(), fd); ok {
			t.Errorf("mode %d: openat learned: descriptor %d is %q", mode, fd, p)
		}
		if mode != Learned {
			continue
		}
		enter := event(t, trace.SyscallEnter, "sendmsg", 0, fd+1, 0x1000, 0)
		enter.Sockets = []trace.SocketState{{FD: fd + 1, Inode: 4000000200, Proto: "NETLINK", Family: unix.AF_NETLINK, Listed: true, NetlinkProto: unix.NETLINK_AUDIT}}
		r.Learn(enter)
		r.Observe(enter)
		exit := event(t, trace.SyscallExit, "sendmsg", 16, fd+1, 0x1000, 0)
		r.Learn(exit)
		if family, ok := r.NetlinkFamily(exit, fd+1); !ok || family != unix.NETLINK_AUDIT {
			t.Errorf("sendmsg's exit: %d, %v; want NETLINK_AUDIT, true", family, ok)
		}
		r.Observe(exit)
		if family, ok := r.NetlinkFamily(selfEvent(), fd+1); ok {
			t.Errorf("after the exit: %d, true; want nothing (learned mode keeps no socket)", family)
		}
	}
}
