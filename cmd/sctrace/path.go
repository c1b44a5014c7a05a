package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// pathMax is PATH_MAX: strace looks for a program by names shorter.
const pathMax = 4096

// lookPath finds the program to run as strace does: a name with a slash is
// used as is; otherwise the first regular file with an execute bit in $PATH
// (an empty element meaning the current directory), among the names under
// PATH_MAX. The error reads like strace's "Can't stat 'NAME': No such file
// or directory", or "exec: File name too long".
func lookPath(name string) (string, error) {
	if len(name) > pathMax-1 {
		return "", errors.New("exec: " + describe(syscall.ENAMETOOLONG))
	}
	path := name
	if !strings.Contains(name, "/") {
		path = ""
		for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
			if dir == "" {
				dir = "."
			}
			if len(dir)+1+len(name) > pathMax-1 {
				continue
			}
			candidate := filepath.Join(dir, name)
			if st, err := os.Stat(candidate); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				path = candidate
				break
			}
		}
	}
	if path == "" {
		return "", &statError{name: name, reason: describe(syscall.ENOENT)}
	}
	if _, err := os.Stat(path); err != nil {
		var errno syscall.Errno
		if errors.As(err, &errno) {
			return "", &statError{name: name, reason: describe(errno)}
		}
		return "", &statError{name: name, reason: err.Error()}
	}
	return path, nil
}

// statError is strace's message for a program it cannot find.
type statError struct{ name, reason string }

// Error returns strace's wording.
func (e *statError) Error() string { return fmt.Sprintf("Can't stat '%s': %s", e.name, e.reason) }

// describe is strerror(3) with glibc's capitalization.
func describe(errno syscall.Errno) string {
	s := errno.Error()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
