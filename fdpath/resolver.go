// Package fdpath tells what a traced process's file descriptors refer to,
// for -y and -yy: a file's path, "socket:[INODE]", "pipe:[INODE]",
// "anon_inode:[eventfd]", a socket's endpoints, a device's numbers, the
// process a pidfd names.
//
// It is one mechanism for both backends. The printer feeds it every event
// (Observe) and the decoder queries it through decode.FDResolver; the
// decoder itself never looks at a process. Answers come from two sources:
//
//   - /proc/PID/fd/N, /proc/PID/cwd, /proc/PID/fdinfo/N and sock_diag
//     netlink, read when the decoder asks. Under ptrace the tracee is
//     stopped while its event is processed, so these are exact (they are
//     what strace reads, at the same moment).
//   - What the events themselves say: openat's result and path, dup2, a
//     close, an execve. A backend whose events arrive after the fact (eBPF)
//     cannot rely on /proc: the fd may be closed, or reused, by the time
//     the event is printed. In Learned mode the table built from events
//     is consulted first and /proc only for descriptors the events never
//     showed (those open before tracing began); that is best effort.
//
// A call's entry is observed before its exit is printed, so a close shows
// the path the descriptor had even when the line is printed at exit
// (-z, -Z, -e status=).
package fdpath

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// Mode says which source a Resolver trusts first.
type Mode uint8

// Modes.
const (
	// Live reads /proc first: exact when the tracee is stopped while its
	// event is processed (ptrace).
	Live Mode = iota
	// Learned consults the table built from events first (eBPF, whose
	// events are processed after the fact), then /proc.
	Learned
)

// Resolver answers decode.FDResolver's questions. It is safe for use by
// one goroutine at a time (the printer's).
type Resolver struct {
	mode Mode
	hex  decode.HexMode
	// netlinkOnly: the resolver answers NetlinkFamily alone (NewNetlink).
	netlinkOnly bool
	procs       map[int32]*procFDs
	// sockets caches socket details by inode, as strace does: once an
	// inode's endpoints are known, they are printed unchanged.
	sockets map[uint64]string
	// netlinkFamilies caches the protocols of the netlink sockets
	// sock_diag listed, by inode (NetlinkFamily).
	netlinkFamilies map[uint64]int
	diag            *diagSocket
	// entrySockets holds, by thread, the socket states of a call's entry
	// until its exit is observed, in Learned mode: a line printed at exit
	// (-z, -Z) shows the arguments as the call found them.
	entrySockets map[int32][]trace.SocketState
	// entryNetlink holds, by thread, in Live mode, what NetlinkFamily
	// answered for the first argument of a call that shows netlink data
	// (syscalls.NetlinkData) at its entry, until its exit is observed:
	// its entry, printed at its exit (-z, -Z), shows the socket as the
	// call found it, as strace's does.
	entryNetlink map[int32]netlinkAnswer
	// inherited is what a launched command's first task inherits from
	// sctrace (descriptors 0-2 and the working directory), in Learned mode;
	// nil once given to that task or when nothing is launched.
	inherited *procFDs
	// procPid, when set, gives the /proc entry of a thread of sctrace's
	// PID namespace (SetProcPid).
	procPid func(tid int32) int
	// devices holds, in Learned mode, the devices the kernel named in
	// events (Event.ArgFDs, Event.NewFDs), by path: "char 1:3".
	devices map[string]string
}

// SetProcPid has the resolver look a thread up in /proc as f says: the
// entry of thread tid of sctrace's PID namespace, when /proc belongs to
// another namespace (sctrace started by unshare --pid without a new
// /proc); 0 when f cannot tell.
func (r *Resolver) SetProcPid(f func(tid int32) int) { r.procPid = f }

// procEntry returns the /proc entry of thread tid of sctrace's namespace.
func (r *Resolver) procEntry(tid int32) int32 {
	if r.procPid != nil {
		if p := r.procPid(tid); p > 0 {
			return int32(p)
		}
	}
	return tid
}

// procFDs is what the events taught about one process's descriptors.
type procFDs struct {
	fds map[int32]fdEntry
	// closing holds the target of a descriptor a pending close names,
	// read at the call's entry.
	closing map[int32]closingFD
	// cwd is the working directory learned for the task ("" unknown).
	cwd string
}

// closingFD is what a descriptor a pending close names referred to.
type closingFD struct {
	path    string
	deleted bool
}

// fdEntry is one learned descriptor.
type fdEntry struct {
	path    string
	cloexec bool
	// deleted: the file has no name left (a memfd), which /proc marks
	// with " (deleted)".
	deleted bool
	// pidfdPID is the process a pidfd refers to (0: not a pidfd, or not
	// known), as its fdinfo's "Pid:" says.
	pidfdPID int
	// unopened: a dup2 or dup3 about to make this number, which was not
	// known open; until its exit, it has no name (/proc, read after the
	// fact, would show what the call made it).
	unopened bool
}

// New returns a Resolver trusting mode's source first; hex is the -x
// setting, which shapes the socket file names it quotes.
func New(mode Mode, hex decode.HexMode) *Resolver {
	return &Resolver{mode: mode, hex: hex, procs: make(map[int32]*procFDs), sockets: make(map[uint64]string)}
}

// NewNetlink returns a resolver for a decoder that names no descriptors
// (no -y) and asks only NetlinkFamily, to choose the decoder of the
// netlink messages a call carries: it learns the sockets a call's entry
// reports (Learned mode) or finds at its entry (Live mode), and no path,
// working directory or descriptor table.
func NewNetlink(mode Mode, hex decode.HexMode) *Resolver {
	r := New(mode, hex)
	r.netlinkOnly = true
	return r
}

// Close releases the sock_diag socket, if one was opened. A nil Resolver
// (no -y) has nothing to close.
func (r *Resolver) Close() error {
	if r != nil && r.diag != nil {
		return r.diag.close()
	}
	return nil
}

func (r *Resolver) proc(pid int32) *procFDs {
	p := r.procs[pid]
	if p == nil {
		p = &procFDs{fds: make(map[int32]fdEntry)}
		if r.inherited != nil {
			p.fds, p.cwd = r.inherited.fds, r.inherited.cwd
			r.inherited = nil
		}
		r.procs[pid] = p
	}
	return p
}

// readFDLink reads /proc/PID/fd/FD.
func readFDLink(pid, fd int32) (string, bool) {
	s, err := os.Readlink("/proc/" + strconv.Itoa(int(pid)) + "/fd/" + strconv.Itoa(int(fd)))
	if err != nil {
		return "", false
	}
	return s, true
}

// FDPath returns what fd of process pid refers to, as /proc/PID/fd/FD
// names it, and whether the kernel marked the file deleted (the
// " (deleted)" suffix is then removed, as strace does when the name no
// longer leads to the same file). A path of PATH_MAX bytes or longer,
// which the kernel does not name, is not returned.
func (r *Resolver) FDPath(pid, fd int32) (string, bool, bool) {
	path, deleted, ok := r.fdPath(pid, fd)
	if !ok || len(path) >= unix.PathMax {
		return "", false, false
	}
	return path, deleted, true
}

// fdPath is FDPath however long a learned path is: the base the paths
// relative to the descriptor are resolved against.
func (r *Resolver) fdPath(pid, fd int32) (string, bool, bool) {
	if fd < 0 {
		return "", false, false
	}
	var path string
	var ok bool
	if r.inherited != nil {
		r.proc(pid) // the launched command's first task: give it what it inherited
	}
	if p := r.procs[pid]; p != nil {
		if c, found := p.closing[fd]; found {
			if c.deleted {
				return c.path, true, true
			}
			path, ok = c.path, true
		} else if r.mode == Learned {
			if e, found := p.fds[fd]; found {
				if e.unopened {
					return "", false, false
				}
				if e.deleted {
					return e.path, true, true
				}
				path, ok = e.path, true
			}
		}
	}
	if ok {
		// A learned name is the file's own ("x (deleted)" may be one):
		// only the kernel's link carries the mark.
		return path, false, true
	}
	if path, ok = readFDLink(r.procEntry(pid), fd); !ok {
		return "", false, false
	}
	path, deleted := stripDeleted(r.procEntry(pid), fd, path)
	return path, deleted, true
}

// stripDeleted removes the kernel's " (deleted)" mark from path unless a
// file of that very name (the same inode) still exists.
func stripDeleted(pid, fd int32, path string) (string, bool) {
	const sfx = " (deleted)"
	base, found := strings.CutSuffix(path, sfx)
	if !found || len(path) <= len(sfx)+1 {
		return path, false
	}
	var link, named unix.Stat_t
	if err := unix.Stat("/proc/"+strconv.Itoa(int(pid))+"/fd/"+strconv.Itoa(int(fd)), &link); err != nil {
		return path, false
	}
	if err := unix.Lstat(path, &named); err == nil && named.Ino == link.Ino && named.Dev == link.Dev {
		return path, false
	}
	return base, true
}

// Cwd returns process pid's working directory, as /proc/PID/cwd names
// it: not when its path is PATH_MAX bytes or longer, which the kernel
// does not name.
func (r *Resolver) Cwd(pid int32) (string, bool) {
	dir, ok := r.cwd(pid)
	if !ok || len(dir) >= unix.PathMax {
		return "", false
	}
	return dir, true
}

// cwd is process pid's working directory, however long a learned one is:
// the base the relative paths of its calls are resolved against.
func (r *Resolver) cwd(pid int32) (string, bool) {
	if r.mode == Learned {
		if r.inherited != nil {
			r.proc(pid)
		}
		if p := r.procs[pid]; p != nil && p.cwd != "" {
			return p.cwd, true
		}
	}
	s, err := os.Readlink("/proc/" + strconv.Itoa(int(r.procEntry(pid))) + "/cwd")
	if err != nil || len(s) >= unix.PathMax {
		return "", false
	}
	if r.mode == Learned {
		r.proc(pid).cwd = s
	}
	return s, true
}

// Device returns "char 1:3" or "block 8:0" when path names a device.
func (r *Resolver) Device(path string) (string, bool) {
	if !strings.HasPrefix(path, "/") {
		return "", false
	}
	if dev, ok := r.devices[path]; ok && r.mode == Learned {
		return dev, true
	}
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return "", false
	}
	dev := deviceText(st.Mode, st.Rdev)
	return dev, dev != ""
}

// deviceText is -yy's note on a file of mode st_mode and device rdev:
// "char 1:3", "block 8:0", or "" when it is not a device.
func deviceText(mode uint32, rdev uint64) string {
	kind := ""
	switch mode & unix.S_IFMT {
	case unix.S_IFCHR:
		kind = "char "
	case unix.S_IFBLK:
		kind = "block "
	default:
		return ""
	}
	return kind + strconv.FormatUint(uint64(unix.Major(rdev)), 10) + ":" + strconv.FormatUint(uint64(unix.Minor(rdev)), 10)
}

// PidfdPID returns the process a pidfd refers to: in Learned mode as the
// pidfd_open that made it said, else from its fdinfo.
func (r *Resolver) PidfdPID(pid, fd int32) (int, bool) {
	if r.mode == Learned {
		if p := r.procs[pid]; p != nil {
			if e, ok := p.fds[fd]; ok && e.pidfdPID > 0 {
				return e.pidfdPID, true
			}
		}
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(int(r.procEntry(pid))) + "/fdinfo/" + strconv.Itoa(int(fd)))
	if err != nil {
		return 0, false
	}
	for _, line := range bytes.Split(data, []byte{'\n'}) {
		if rest, ok := bytes.CutPrefix(line, []byte("Pid:\t")); ok {
			n, err := strconv.Atoi(string(rest))
			if err != nil || n <= 0 {
				return 0, false
			}
			return n, true
		}
	}
	return 0, false
}

// Socket returns -yy's description of the socket fd of ev's thread whose
// inode is inode: "TCP:[127.0.0.1:8080->127.0.0.1:41234]",
// "UNIX-STREAM:[1234->1235]", or "UDP:[5678]" when its endpoints are not
// known. ok is false when not even its protocol is known. A state the
// event carries (or, for an exit, its entry carried) is the socket as the
// call found or left it, and answers first.
func (r *Resolver) Socket(ev *trace.Event, fd int32, inode uint64) (string, bool) {
	if s, ok := r.sockets[inode]; ok {
		return s, true
	}
	pid := ev.TID
	states := ev.Sockets
	if ev.Kind == trace.SyscallExit {
		states = append(states[:len(states):len(states)], r.entrySockets[ev.TID]...)
	}
	for _, st := range states {
		if st.FD != fd || st.Inode != inode || !knownProtocol(st.Proto) {
			continue
		}
		// As the call left it: what sock_diag said then.
		if s, ok := describeState(st, r.hex); ok {
			r.sockets[inode] = s
			return s, true
		}
		return st.Proto + ":[" + strconv.FormatUint(inode, 10) + "]", true
	}
	proto := tracee.SocketProtocol(r.procEntry(pid), fd)
	if !knownProtocol(proto) {
		// strace asks every family it knows about a protocol it does
		// not (MPTCP, say), and names the answer after the family.
		proto = ""
	}
	if r.diag == nil {
		d, err := openDiag(r.hex)
		if err == nil {
			r.diag = d
		}
	}
	if r.diag != nil {
		if s, ok := r.diag.describe(proto, inode); ok {
			r.sockets[inode] = s
			return s, true
		}
	}
	if proto == "" {
		return "", false
	}
	return proto + ":[" + strconv.FormatUint(inode, 10) + "]", true
}

// Observe learns from an event: call it for every event, after the event
// was printed (a call's entry before its exit).
func (r *Resolver) Observe(ev *trace.Event) {
	if r.netlinkOnly {
		if ev.Kind == trace.SyscallExit {
			delete(r.entrySockets, ev.TID)
			delete(r.entryNetlink, ev.TID)
		}
		return
	}
	switch ev.Kind {
	case trace.SyscallEnter:
		r.enter(ev)
	case trace.SyscallExit:
		delete(r.entrySockets, ev.TID)
		delete(r.entryNetlink, ev.TID)
		r.exit(ev)
	case trace.Exit:
		if ev.TID == ev.PID {
			delete(r.procs, ev.PID)
		}
	case trace.NewTask:
		if r.mode == Learned && ev.Attached {
			r.adopt(ev.TID)
		}
	}
}

// syscallOf returns the event's system call (an unnamed one with no
// effects when its architecture has no table).
func syscallOf(ev *trace.Event) *syscalls.Syscall {
	t := syscalls.ForCall(ev.Arch, ev.Pers)
	if t == nil {
		return noSyscall
	}
	return t.Get(int(ev.NR))
}

// noSyscall stands for a call of an unknown architecture.
var noSyscall = &syscalls.Syscall{FDPairArg: -1, Sig: &syscalls.Signature{}}

func (r *Resolver) enter(ev *trace.Event) {
	if syscallOf(ev).Effects&syscalls.ClosesFD == 0 {
		return
	}
	fd := int32(ev.Args[0])
	var c closingFD
	var ok bool
	if r.mode == Learned {
		if p := r.procs[ev.TID]; p != nil {
			var e fdEntry
			e, ok = p.fds[fd]
			if ok && e.unopened {
				return
			}
			c = closingFD{path: e.path, deleted: e.deleted}
		}
	}
	if !ok {
		c.path, ok = readFDLink(r.procEntry(ev.TID), fd)
	}
	if ok {
		p := r.proc(ev.TID)
		if p.closing == nil {
			p.closing = make(map[int32]closingFD)
		}
		p.closing[fd] = c
	}
}

// Learn records what a call's result says about descriptors (an open's
// new descriptor and its path, a dup) in Learned mode, and in Live mode
// what a call that shows netlink data found at its entry (entryNetlink).
// Call it for every event as it comes, before it is printed, so that
// "= 3</path>" shows what the call just opened.
func (r *Resolver) Learn(ev *trace.Event) {
	if r.mode != Learned {
		r.learnNetlink(ev)
		return
	}
	r.learnSockets(ev)
	if r.netlinkOnly {
		return
	}
	r.learnDupTarget(ev)
	if ev.Kind == trace.SyscallEnter {
		// What the kernel found at the call's entry is exact, and
		// overrides what was learned.
		r.learnNames(ev.TID, ev.ArgFDs, 0)
	}
	if ev.Kind != trace.SyscallExit || ev.NoReturn || ev.IsError() {
		return
	}
	r.learnResult(ev)
	// What the kernel named at the call's exit (a pipe, a socket, a
	// file's path) is exact, and /proc may no longer have it.
	pidfdPID := 0
	if syscallOf(ev).Effects&syscalls.NamesPidfd != 0 && int32(ev.Args[0]) > 0 {
		pidfdPID = int(int32(ev.Args[0])) // the pid, in the caller's namespace (ours)
	}
	r.learnNames(ev.TID, ev.NewFDs, pidfdPID)
}

// learnDupTarget marks, at a dup2's or dup3's entry, a target number not
// known open as unopened until the exit, which forgets the mark (the
// result's name is then learned, or the number stays unknown).
func (r *Resolver) learnDupTarget(ev *trace.Event) {
	if ev.Kind != trace.SyscallEnter && ev.Kind != trace.SyscallExit {
		return
	}
	sc := syscallOf(ev)
	if sc == nil || sc.Effects&syscalls.DupsFD == 0 || len(sc.Sig.Args) < 2 || sc.Sig.Args[1].Type != syscalls.FD {
		return
	}
	p := r.proc(ev.TID)
	fd := int32(ev.Args[1])
	e, known := p.fds[fd]
	switch {
	case ev.Kind == trace.SyscallEnter && !known:
		p.fds[fd] = fdEntry{unopened: true}
	case ev.Kind == trace.SyscallExit && known && e.unopened:
		delete(p.fds, fd)
	}
}

// learnSockets keeps the socket states of a call's entry for its exit
// (Socket), until the exit is observed.
func (r *Resolver) learnSockets(ev *trace.Event) {
	if ev.Kind != trace.SyscallEnter {
		return
	}
	if len(ev.Sockets) == 0 {
		delete(r.entrySockets, ev.TID)
		return
	}
	if r.entrySockets == nil {
		r.entrySockets = make(map[int32][]trace.SocketState)
	}
	r.entrySockets[ev.TID] = append(r.entrySockets[ev.TID][:0], ev.Sockets...)
}

// learnResult learns from the call's effects, arguments and result.
func (r *Resolver) learnResult(ev *trace.Event) {
	sc := syscallOf(ev)
	p := r.procs[ev.TID]
	switch e := sc.Effects; {
	case e&(syscalls.ClosesFD|syscalls.Execs) != 0:
		// Forgotten after printing (exit), so the line still shows them.
	case e&syscalls.Opens != 0:
		r.learnOpen(ev, sc.Sig)
	case e&syscalls.ChangesCwd != 0:
		r.learnChdir(ev, sc.Sig)
	case e&(syscalls.RemovesPath|syscalls.RenamesPath) != 0:
		r.learnRemoval(ev, sc)
	case e&syscalls.NamesMemfd != 0:
		// /proc names it "/memfd:NAME (deleted)". The capture holds the
		// name's first bytes, its NUL among them.
		if c := ev.Captures[0]; !c.Faulted && c.Data != nil {
			if n := bytes.IndexByte(c.Data, 0); n >= 0 {
				r.proc(ev.TID).fds[int32(ev.Ret)] = fdEntry{path: "/memfd:" + string(c.Data[:n]), cloexec: ev.Args[1]&unix.MFD_CLOEXEC != 0, deleted: true}
			}
		}
	case e&syscalls.NewTask != 0:
		r.learnChild(ev)
		if e&syscalls.StoresPidfd != 0 {
			r.learnClonePidfd(ev, sc.Sig)
		}
	case e&syscalls.DupsFD != 0:
		flags, ok := argOfType(sc.Sig, syscalls.Flags)
		learnDup(p, int32(ev.Args[0]), int32(ev.Ret), ok && ev.Args[flags]&unix.O_CLOEXEC != 0)
	case e&syscalls.DupsFDByCmd != 0:
		if cmd := ev.Args[1]; cmd == unix.F_DUPFD || cmd == unix.F_DUPFD_CLOEXEC {
			learnDup(p, int32(ev.Args[0]), int32(ev.Ret), cmd == unix.F_DUPFD_CLOEXEC)
		}
	case e&syscalls.NewFDByBPFCmd != 0 && p != nil:
		if syscalls.BPFReturnsFD(uint32(ev.Args[0])) {
			delete(p.fds, int32(ev.Ret))
		}
	case e&syscalls.NewFDByIoctl != 0 && p != nil:
		if syscalls.IoctlReturnsFD(uint32(ev.Args[1])) {
			delete(p.fds, int32(ev.Ret))
		}
	case e&syscalls.NewFD != 0 && p != nil:
		// Any other call returning a descriptor replaces what the table
		// knew of that number; /proc has the answer.
		delete(p.fds, int32(ev.Ret))
	}
}

// learnDup records that descriptor to now refers to what from does (a dup
// or fcntl F_DUPFD), or forgets what to was when from is unknown.
func learnDup(p *procFDs, from, to int32, cloexec bool) {
	if p == nil {
		return
	}
	if e, ok := p.fds[from]; ok {
		e.cloexec = cloexec
		p.fds[to] = e
		return
	}
	delete(p.fds, to)
}

// exit forgets what a printed call ended: a closed descriptor, the
// close-on-exec descriptors of an execve.
func (r *Resolver) exit(ev *trace.Event) {
	effects := syscallOf(ev).Effects
	p := r.procs[ev.TID]
	if effects&syscalls.ClosesFD != 0 && p != nil {
		delete(p.closing, int32(ev.Args[0]))
	}
	if r.mode != Learned || ev.NoReturn || ev.IsError() || p == nil {
		return
	}
	switch {
	case effects&syscalls.ClosesFD != 0:
		delete(p.fds, int32(ev.Args[0]))
	case effects&syscalls.Execs != 0:
		for fd, e := range p.fds {
			if e.cloexec {
				delete(p.fds, fd)
			}
		}
	}
}

// learnOpen records the path an open call returned a descriptor for: its
// Path argument, relative to its DirFD argument if it has one; the flags
// are its Flags argument or the first word of a structure it reads
// (openat2's open_how).
func (r *Resolver) learnOpen(ev *trace.Event, sig *syscalls.Signature) {
	refs := pathRefs(sig)
	if len(refs) == 0 {
		return
	}
	var flags uint64
	if i, ok := argOfType(sig, syscalls.Flags); ok {
		flags = ev.Args[i]
	} else if i, ok := argOfType(sig, syscalls.StructIn); ok {
		if c := ev.Captures[i]; len(c.Data) >= 4 {
			flags = uint64(c.Data[0]) | uint64(c.Data[1])<<8 | uint64(c.Data[2])<<16 | uint64(c.Data[3])<<24
		}
	}
	path, ok := r.pathArg(ev, refs[0])
	if !ok {
		return
	}
	r.proc(ev.TID).fds[int32(ev.Ret)] = fdEntry{path: path, cloexec: flags&unix.O_CLOEXEC != 0}
}

// pathRef is a Path argument and the DirFD argument it is relative to
// (-1: the working directory).
type pathRef struct{ path, dirfd int }

// pathRefs lists sig's Path arguments, each with the DirFD argument right
// before it, if any.
func pathRefs(sig *syscalls.Signature) []pathRef {
	var refs []pathRef
	for i, a := range sig.Args {
		if a.Type != syscalls.Path {
			continue
		}
		ref := pathRef{path: i, dirfd: -1}
		if i > 0 && sig.Args[i-1].Type == syscalls.DirFD {
			ref.dirfd = i - 1
		}
		refs = append(refs, ref)
	}
	return refs
}

// pathArg returns the absolute path a Path argument names, when it was
// captured whole.
func (r *Resolver) pathArg(ev *trace.Event, ref pathRef) (string, bool) {
	c := ev.Captures[ref.path]
	if c.Faulted || c.Data == nil || c.Truncated {
		return "", false
	}
	dirfd := int32(unix.AT_FDCWD)
	if ref.dirfd >= 0 {
		dirfd = int32(ev.Args[ref.dirfd])
	}
	return r.absolute(ev.TID, dirfd, string(c.Data))
}

// argOfType returns the index of sig's first argument of type t.
func argOfType(sig *syscalls.Signature, t syscalls.Type) (int, bool) {
	for i, a := range sig.Args {
		if a.Type == t {
			return i, true
		}
	}
	return 0, false
}

// cleanJoin joins dir and a relative name, removing "." and ".."
// components lexically (best effort: symbolic links are not followed).
func cleanJoin(dir, rel string) string {
	parts := strings.Split(strings.TrimSuffix(dir, "/"), "/")
	for _, c := range strings.Split(rel, "/") {
		switch c {
		case "", ".":
		case "..":
			if len(parts) > 1 {
				parts = parts[:len(parts)-1]
			}
		default:
			parts = append(parts, c)
		}
	}
	if len(parts) == 1 {
		return "/"
	}
	return strings.Join(parts, "/")
}

// NetlinkFamily tells whether descriptor fd of ev's thread is a netlink
// socket and, when sock_diag lists it, its protocol (NETLINK_*), or -1, as
// strace learns it to choose a netlink decoder. A state the event carries
// (or, for an exit, its entry carried) answers first; in Learned mode it
// is the only answer, since such a backend reports every netlink socket of
// the calls that ask (syscalls.NetlinkData). Live mode asks the socket's
// protocol name and sock_diag.
func (r *Resolver) NetlinkFamily(ev *trace.Event, fd int32) (int, bool) {
	if a, ok := r.entryNetlink[ev.TID]; ok && ev.Kind == trace.SyscallEnter && a.fd == fd {
		return a.family, a.ok
	}
	states := ev.Sockets
	if ev.Kind == trace.SyscallExit {
		states = append(states[:len(states):len(states)], r.entrySockets[ev.TID]...)
	}
	for _, st := range states {
		if st.FD != fd {
			continue
		}
		if st.Proto != "NETLINK" {
			return 0, false
		}
		if !st.Listed {
			return -1, true
		}
		return int(st.NetlinkProto), true
	}
	if r.mode == Learned || fd < 0 {
		return 0, false
	}
	return r.liveNetlinkFamily(ev.TID, fd)
}

// netlinkAnswer is what NetlinkFamily answered for descriptor fd.
type netlinkAnswer struct {
	fd     int32
	family int
	ok     bool
}

// learnNetlink keeps, in Live mode, NetlinkFamily's answer at the entry
// of a call that shows netlink data, while the call finds its socket
// (entryNetlink).
func (r *Resolver) learnNetlink(ev *trace.Event) {
	if ev.Kind != trace.SyscallEnter || syscallOf(ev).Effects&syscalls.NetlinkData == 0 {
		return
	}
	fd := int32(ev.Args[0])
	family, ok := r.NetlinkFamily(ev, fd)
	if r.entryNetlink == nil {
		r.entryNetlink = make(map[int32]netlinkAnswer)
	}
	r.entryNetlink[ev.TID] = netlinkAnswer{fd: fd, family: family, ok: ok}
}

// liveNetlinkFamily is NetlinkFamily's answer from /proc and sock_diag
// for descriptor fd of thread tid.
func (r *Resolver) liveNetlinkFamily(tid, fd int32) (int, bool) {
	path, ok := readFDLink(r.procEntry(tid), fd)
	if !ok || tracee.SocketProtocol(r.procEntry(tid), fd) != "NETLINK" {
		return 0, false
	}
	inode, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(path, "socket:["), "]"), 10, 64)
	if err != nil {
		return -1, true
	}
	if p, ok := r.netlinkFamilies[inode]; ok {
		return p, true
	}
	if r.diag == nil {
		d, err := openDiag(r.hex)
		if err != nil {
			return -1, true
		}
		r.diag = d
	}
	p, ok := r.diag.netlinkProtocol(inode)
	if !ok {
		return -1, true
	}
	if r.netlinkFamilies == nil {
		r.netlinkFamilies = make(map[uint64]int)
	}
	r.netlinkFamilies[inode] = p
	return p, true
}
