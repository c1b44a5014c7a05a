package fdpath

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sctrace/sctrace/internal/startfds"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// This file holds what Learned mode takes from events besides open and dup
// results: working directories, what a child inherits, and what a launched
// command inherits from sctrace. All of it serves one case: a process that
// has exited (or changed) by the time its events are printed, so /proc can
// no longer answer.

// InheritFromSelf records that the next task seen first (a launched
// command) starts with sctrace's own descriptors that are not
// close-on-exec (0, 1 and 2, and any other its parent left open) and its
// working directory, as it does; but for the standard descriptors that
// were closed when sctrace started, which the command starts without. It
// matters only in Learned mode.
func (r *Resolver) InheritFromSelf() {
	if r.mode != Learned {
		return
	}
	p := &procFDs{fds: openFDs(int32(os.Getpid()))}
	for fd, e := range p.fds {
		if e.cloexec || startfds.IsClosed(int(fd)) {
			delete(p.fds, fd)
		}
	}
	p.cwd, _ = os.Getwd()
	r.inherited = p
}

// absolute turns a path argument relative to dirfd into the absolute path
// /proc would show for the file it opened: joined to the directory,
// cleaned, with symbolic links resolved while the file still exists.
func (r *Resolver) absolute(tid, dirfd int32, path string) (string, bool) {
	if !strings.HasPrefix(path, "/") {
		var base string
		var ok bool
		if dirfd == int32(unix.AT_FDCWD) {
			base, ok = r.cwd(tid)
		} else {
			base, _, ok = r.fdPath(tid, dirfd)
		}
		if !ok {
			return "", false
		}
		path = cleanJoin(base, path)
	} else {
		path = cleanJoin("/", path)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real, true
	}
	// The file is gone (or unreadable): resolve its directory at least.
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(dir, filepath.Base(path)), true
	}
	return path, true
}

// learnChdir records the working directory a successful chdir or fchdir
// set: its Path argument, or what its FD argument refers to.
func (r *Resolver) learnChdir(ev *trace.Event, sig *syscalls.Signature) {
	var dir string
	var ok bool
	if refs := pathRefs(sig); len(refs) > 0 {
		dir, ok = r.pathArg(ev, refs[0])
	} else if i, isFD := argOfType(sig, syscalls.FD); isFD {
		dir, _, ok = r.fdPath(ev.TID, int32(ev.Args[i]))
	}
	if ok {
		r.proc(ev.TID).cwd = dir
	}
}

// learnChild gives the task a fork, vfork or clone created the creator's
// descriptors and working directory, where the child has not learned
// better itself (its own events may have been seen first).
func (r *Resolver) learnChild(ev *trace.Event) {
	parent := r.procs[ev.TID]
	if parent == nil || ev.Ret <= 0 {
		return
	}
	child := r.proc(int32(ev.Ret))
	for fd, e := range parent.fds {
		if _, known := child.fds[fd]; !known {
			child.fds[fd] = e
		}
	}
	if child.cwd == "" {
		child.cwd = parent.cwd
	}
}

// learnClonePidfd records the pidfd a clone with CLONE_PIDFD stored for
// its caller (syscalls.StoresPidfd): the process it refers to is the
// result.
func (r *Resolver) learnClonePidfd(ev *trace.Event, sig *syscalls.Signature) {
	if ev.Args[0]&unix.CLONE_PIDFD == 0 || ev.Ret <= 0 {
		return
	}
	for i, a := range sig.Args {
		if a.Type != syscalls.Custom || a.Layout != syscalls.LayoutInt || a.At != syscalls.AtExit {
			continue
		}
		if c := ev.Captures[i]; !c.Faulted && len(c.Data) >= 4 {
			fd := int32(binary.LittleEndian.Uint32(c.Data))
			r.proc(ev.TID).fds[fd] = fdEntry{path: "anon_inode:[pidfd]", cloexec: true, pidfdPID: int(ev.Ret)}
		}
		return
	}
}

// learnRemoval follows a successful unlink, rmdir or rename: a descriptor
// whose file lost the name it was learned by is shown as /proc shows it,
// "(deleted)", and one whose file was renamed by its new name.
func (r *Resolver) learnRemoval(ev *trace.Event, sc *syscalls.Syscall) {
	refs := pathRefs(sc.Sig)
	var gone, from, to string
	var ok bool
	switch {
	case sc.Effects&syscalls.RemovesPath != 0 && len(refs) >= 1:
		gone, ok = r.pathArg(ev, refs[0])
	case sc.Effects&syscalls.RenamesPath != 0 && len(refs) >= 2:
		if from, ok = r.pathArg(ev, refs[0]); ok {
			to, ok = r.pathArg(ev, refs[1])
		}
		if i, hasFlags := argOfType(sc.Sig, syscalls.Flags); hasFlags && ev.Args[i]&unix.RENAME_EXCHANGE != 0 {
			ok = false // both names stay, on each other's files
		}
	}
	if !ok {
		return
	}
	if to != "" {
		gone = to // a file the new name had loses it
	}
	for _, p := range r.procs {
		for fd, e := range p.fds {
			switch {
			case e.deleted:
			case e.path == gone:
				e.deleted = true
			case from != "" && e.path == from:
				e.path = to
			default:
				continue
			}
			p.fds[fd] = e
		}
	}
}

// learnNames sets thread tid's table to what the kernel said of its
// descriptors at a call (Event.ArgFDs, Event.NewFDs): a name, or not
// open; the working directory for AT_FDCWD. pidfdPID is the process the
// pidfds among them refer to, when the call says (0: keep what was
// learned of a descriptor that still names the same file).
func (r *Resolver) learnNames(tid int32, names []trace.FDName, pidfdPID int) {
	if len(names) == 0 {
		return
	}
	p := r.proc(tid)
	for _, n := range names {
		switch {
		case n.FD == unix.AT_FDCWD:
			if !n.Closed && n.Name != "" {
				p.cwd = n.Name
			}
			continue
		case n.Closed:
			p.fds[n.FD] = fdEntry{unopened: true}
			continue
		}
		e := fdEntry{path: n.Name, cloexec: n.Cloexec, deleted: n.Deleted, pidfdPID: pidfdPID}
		if old, ok := p.fds[n.FD]; ok && pidfdPID == 0 && old.path == n.Name {
			e.pidfdPID = old.pidfdPID
		}
		p.fds[n.FD] = e
		if !strings.HasPrefix(n.Name, "/") || n.Mode == 0 {
			continue
		}
		// Devices only, so that the map stays small: a path that is
		// not one is forgotten, and stat answers for it.
		if dev := deviceText(n.Mode, n.Rdev); dev != "" {
			if r.devices == nil {
				r.devices = make(map[string]string)
			}
			r.devices[n.Name] = dev
		} else {
			delete(r.devices, n.Name)
		}
	}
}

// adopt records the descriptors and working directory of a task -p
// attached to, read from /proc now: its attach is reported at once, while
// it surely lives, but its later events may be printed after it is gone.
func (r *Resolver) adopt(tid int32) {
	p := r.proc(tid)
	for fd, e := range openFDs(r.procEntry(tid)) {
		if _, known := p.fds[fd]; !known {
			p.fds[fd] = e
		}
	}
	if p.cwd == "" {
		if dir, err := os.Readlink("/proc/" + strconv.Itoa(int(r.procEntry(tid))) + "/cwd"); err == nil {
			p.cwd = dir
		}
	}
}

// openFDs reads what each open descriptor of task tid refers to, and its
// close-on-exec flag, from /proc.
func openFDs(tid int32) map[int32]fdEntry {
	fds := make(map[int32]fdEntry)
	entries, _ := os.ReadDir("/proc/" + strconv.Itoa(int(tid)) + "/fd")
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		fd := int32(n)
		path, ok := readFDLink(tid, fd)
		if !ok {
			continue
		}
		base, deleted := stripDeleted(tid, fd, path)
		fds[fd] = fdEntry{path: base, deleted: deleted, cloexec: fdCloexec(tid, fd)}
	}
	return fds
}

// fdCloexec reads the close-on-exec flag of descriptor fd of task tid
// from its fdinfo ("flags:" in octal).
func fdCloexec(tid, fd int32) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(int(tid)) + "/fdinfo/" + strconv.Itoa(int(fd)))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(rest), 8, 64)
			return err == nil && flags&unix.O_CLOEXEC != 0
		}
	}
	return false
}

// teaching are the effects Learned mode learns descriptors and working
// directories from.
const teaching = syscalls.NewFD | syscalls.NewFDPair | syscalls.Opens | syscalls.DupsFD |
	syscalls.DupsFDByCmd | syscalls.NamesMemfd | syscalls.NamesPidfd | syscalls.ClosesFD |
	syscalls.Execs | syscalls.ChangesCwd | syscalls.RemovesPath | syscalls.RenamesPath |
	syscalls.NewTask | syscalls.StoresPidfd | syscalls.ReceivesFDs | syscalls.NewFDByBPFCmd

// WithTeachingCalls returns filter widened to the calls of table a
// Learned resolver learns from (what opens, duplicates and closes
// descriptors, changes directory, creates tasks): a backend that reports
// events after the fact must report those even when -e trace= hides
// them, or a descriptor made by a hidden call has no name. nil (every
// call) stays nil.
func WithTeachingCalls(filter *trace.SyscallSet, table *syscalls.Table) *trace.SyscallSet {
	return table.Widen(filter, teaching)
}
