// Package startfds tells which of the standard descriptors 0, 1 and 2 were
// closed when the process started. The Go runtime opens /dev/null in place
// of each closed one before any Go code runs (runtime.checkfds), so the
// process cannot see it afterwards; a command sctrace launches must start
// with them closed, as after a plain fork and execve.
//
// With cgo, a C constructor records them: the C library runs constructors
// before it calls the Go runtime's entry point. Without cgo nothing is
// known and every descriptor counts as open, which is what the runtime
// left.
package startfds

// Closed returns the standard descriptors (of 0, 1 and 2) that were closed
// when the process started, in ascending order; nil if none were, or if
// this build cannot tell (see Known).
func Closed() []int {
	mask, _ := closedAtStart()
	var fds []int
	for fd := range 3 {
		if mask&(1<<fd) != 0 {
			fds = append(fds, fd)
		}
	}
	return fds
}

// IsClosed reports whether descriptor fd was one of the standard
// descriptors closed when the process started.
func IsClosed(fd int) bool {
	mask, _ := closedAtStart()
	return fd >= 0 && fd < 3 && mask&(1<<fd) != 0
}

// Known reports whether this build records the descriptors closed at
// start (it does when built with cgo).
func Known() bool {
	_, known := closedAtStart()
	return known
}
