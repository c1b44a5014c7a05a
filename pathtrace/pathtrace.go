// Package pathtrace selects the system calls that touch given paths, as
// strace's -P (--trace-path) does: a call is shown when one of the paths
// it names, or one of the descriptors it takes, is among the selected
// paths. Which arguments count is strace 6.1's choice, call by call
// (rules.go).
//
// The decision is made on a call's entry event, from what the entry
// captured (the path strings, poll and select descriptor sets) and what
// the descriptors referred to then; the exit follows its entry's fate.
// It is the same for both backends: descriptors are named by the
// resolver the CLI gives it (package fdpath), which reads /proc while a
// ptrace tracee is stopped and learns from events under eBPF.
//
// A Selector belongs to the goroutine that handles events.
package pathtrace

import (
	"bytes"
	"encoding/binary"
	"path/filepath"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// FDPather names a process's descriptors: fdpath.Resolver's FDPath.
type FDPather interface {
	FDPath(pid, fd int32) (path string, deleted, ok bool)
}

// Selector holds the selected paths and the decision on each thread's
// call in progress.
type Selector struct {
	paths []string
	fds   FDPather
	// shown records, by thread, whether its call in progress was selected.
	shown map[int32]bool
}

// New returns a Selector with no paths that names descriptors with fds.
func New(fds FDPather) *Selector {
	return &Selector{fds: fds, shown: make(map[int32]bool)}
}

// Add selects path, and also its canonical form when that differs (a
// relative path, a symbolic link), which it returns ("" otherwise): strace
// then says "Requested path ... resolved into ...".
func (s *Selector) Add(path string) string {
	s.store(path)
	real := Resolve(path)
	if real != "" {
		s.store(real)
	}
	return real
}

// Resolve returns the absolute path without symbolic links that path
// names, as realpath(3) does, when it differs from path; "" when it is
// the same or path does not resolve.
func Resolve(path string) string {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return ""
	}
	if real, err = filepath.Abs(real); err != nil || real == path {
		return ""
	}
	return real
}

func (s *Selector) store(path string) {
	for _, p := range s.paths {
		if p == path {
			return
		}
	}
	s.paths = append(s.paths, path)
}

// Filter wraps sink so that it receives only the selected calls, and
// every event that is not a call (signals, exits, attach notes).
func (s *Selector) Filter(sink func(*trace.Event) error) func(*trace.Event) error {
	return func(ev *trace.Event) error {
		switch ev.Kind {
		case trace.SyscallEnter:
			ok := s.match(ev)
			s.shown[ev.TID] = ok
			if !ok {
				return nil
			}
		case trace.SyscallExit:
			ok, seen := s.shown[ev.TID]
			delete(s.shown, ev.TID)
			if !seen {
				ok = s.match(ev)
			}
			if !ok {
				return nil
			}
		case trace.Exit:
			delete(s.shown, ev.TID)
		}
		return sink(ev)
	}
}

// match reports whether the call of ev touches a selected path.
func (s *Selector) match(ev *trace.Event) bool {
	tbl := syscalls.ForCall(ev.Arch, ev.Pers)
	if tbl == nil {
		return false
	}
	sc := tbl.Get(int(ev.NR))
	if sc.Classes&(syscalls.ClassFile|syscalls.ClassDesc|syscalls.ClassNetwork) == 0 {
		return false
	}
	r := ruleOf(sc)
	for _, i := range r.fds {
		if s.fdMatch(ev, ev.Args[i]) {
			return true
		}
	}
	for _, i := range r.paths {
		if s.pathMatch(ev, i) {
			return true
		}
	}
	switch r.special {
	case specialPoll:
		return s.pollMatch(ev)
	case specialSelect:
		return s.selectMatch(ev)
	case specialFsconfig:
		switch uint32(ev.Args[1]) { // an unsigned int
		case 3, 4: // FSCONFIG_SET_PATH, FSCONFIG_SET_PATH_EMPTY
			return s.fdMatch(ev, ev.Args[4]) || s.pathMatch(ev, 3)
		case 5: // FSCONFIG_SET_FD
			return s.fdMatch(ev, ev.Args[4])
		}
	}
	return false
}

func (s *Selector) selected(path string) bool {
	for _, p := range s.paths {
		if p == path {
			return true
		}
	}
	return false
}

// fdMatch reports whether descriptor arg (truncated to int, as the kernel
// does) refers to a selected path.
func (s *Selector) fdMatch(ev *trace.Event, arg uint64) bool {
	fd := int32(arg)
	if fd < 0 {
		return false
	}
	path, _, ok := s.fds.FDPath(ev.PID, fd)
	return ok && s.selected(path)
}

// pathMatch reports whether argument i's captured path is selected: a
// C string capture, or bytes that hold the path and its NUL (fsconfig's
// value).
func (s *Selector) pathMatch(ev *trace.Event, i int) bool {
	c := &ev.Captures[i]
	path := c.Data
	if n := bytes.IndexByte(path, 0); n >= 0 {
		path = path[:n]
	}
	return c.Data != nil && !c.Truncated && s.selected(string(path))
}

// pollMatch looks at every descriptor of poll's or ppoll's array.
func (s *Selector) pollMatch(ev *trace.Event) bool {
	data := ev.Captures[0].Data
	for off := 0; off+8 <= len(data); off += 8 {
		if s.fdMatch(ev, uint64(binary.LittleEndian.Uint32(data[off:]))) {
			return true
		}
	}
	return false
}

// selectMatch looks at every descriptor of select's three sets that
// their captures hold (syscalls.FdSetView); a set not read is left out,
// as strace leaves out a set its umoven fails on.
func (s *Selector) selectMatch(ev *trace.Event) bool {
	nfds := int(int32(ev.Args[0]))
	if nfds <= 0 {
		return false
	}
	for i := 1; i <= 3; i++ {
		if ev.Captures[i].Faulted {
			continue
		}
		set, bits, ok := syscalls.FdSetView(ev.Captures[i].Data, nfds)
		if !ok {
			continue
		}
		for fd := 0; fd < bits; fd++ {
			if set[fd/8]&(1<<(fd%8)) != 0 && s.fdMatch(ev, uint64(fd)) {
				return true
			}
		}
	}
	return false
}
