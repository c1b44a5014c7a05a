package fdpath

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sctrace/sctrace/trace"
	"golang.org/x/sys/unix"
)

// This file holds what Learned mode takes from events besides open and dup
// results: working directories, what a child inherits, and what a launched
// command inherits from sctrace. All of it serves one case: a process that
// has exited (or changed) by the time its events are printed, so /proc can
// no longer answer.

// InheritFromSelf records that the next task seen first (a launched
// command) starts with sctrace's own descriptors 0, 1 and 2 and working
// directory, as it does. It matters only in Learned mode.
func (r *Resolver) InheritFromSelf() {
	if r.mode != Learned {
		return
	}
	p := &procFDs{fds: make(map[int32]fdEntry)}
	for fd := int32(0); fd <= 2; fd++ {
		if path, ok := readFDLink(int32(os.Getpid()), fd); ok {
			p.fds[fd] = fdEntry{path: path}
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
			base, ok = r.Cwd(tid)
		} else {
			base, _, ok = r.FDPath(tid, dirfd)
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
// set.
func (r *Resolver) learnChdir(ev *trace.Event, nm string) {
	var dir string
	var ok bool
	if nm == "fchdir" {
		dir, _, ok = r.FDPath(ev.TID, int32(ev.Args[0]))
	} else if c := ev.Captures[0]; !c.Faulted && c.Data != nil && !c.Truncated {
		dir, ok = r.absolute(ev.TID, int32(unix.AT_FDCWD), string(c.Data))
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
