package printer

import (
	"fmt"
	"io"
	"os"
	"os/exec"
)

// PipeCommand returns the shell command of an -o "|COMMAND" or
// "!COMMAND" output, which strace pipes the trace into, and whether name
// is one.
func PipeCommand(name string) (string, bool) {
	if len(name) > 0 && (name[0] == '|' || name[0] == '!') {
		return name[1:], true
	}
	return "", false
}

// openOutput opens -o's output: a file, truncated unless appending, or
// the write end of a pipe into "sh -c COMMAND", whose wait is returned.
func openOutput(name string, appending bool) (*os.File, func() error, error) {
	if command, ok := PipeCommand(name); ok {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, nil, fmt.Errorf("pipe for -o %s: %w", name, err)
		}
		cmd := exec.Command("/bin/sh", "-c", command)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = r, os.Stdout, os.Stderr
		err = startElsewhere(cmd)
		r.Close()
		if err != nil {
			w.Close()
			return nil, nil, &openError{name: name, err: err}
		}
		return w, cmd.Wait, nil
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appending {
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(name, flags, 0o666)
	if err != nil {
		return nil, nil, &openError{name: name, err: err}
	}
	return f, nil, nil
}

// Writer returns where the trace goes, for what sctrace appends to it at
// the end (the -c summary into an -o pipe). Valid until Close.
func (p *Printer) Writer() io.Writer { return p.shared }

// startElsewhere starts cmd from a new goroutine, so that the calling
// thread is not its parent: a ptrace tracer that traces from the caller's
// thread (ptrace.Backend.CallerThread) waits for that thread's children
// as for its tracees.
func startElsewhere(cmd *exec.Cmd) error {
	done := make(chan error)
	go func() { done <- cmd.Start() }()
	return <-done
}
