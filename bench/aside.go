package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// aside is a tracer the harness runs beside the workload, for the
// SctraceAside configurations: started before the workload with no command
// of its own (a scope such as --system-wide says what it traces), stopped
// with SIGTERM after it.
type aside struct {
	cmd    *exec.Cmd
	stderr *headBuffer
	exited <-chan error
	closed bool
}

// asideLinks is how many BPF links a tracer beside the workload holds
// once its programs are attached: sys_enter and sys_exit.
const asideLinks = 2

// startAside starts argv and returns once its programs are attached to
// the raw_syscalls tracepoints: nothing announces that, so its descriptors
// are looked at until two of them are BPF links, or it has exited.
func startAside(ctx context.Context, argv []string, timeout time.Duration) (*aside, error) {
	a := &aside{stderr: &headBuffer{}}
	a.cmd = exec.Command(argv[0], argv[1:]...)
	a.cmd.Stderr = a.stderr
	if err := a.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", filepath.Base(argv[0]), err)
	}
	exited := make(chan error, 1)
	go func() { exited <- a.cmd.Wait() }()
	deadline := time.Now().Add(timeout)
	for linkCount(a.cmd.Process.Pid) < asideLinks {
		select {
		case err := <-exited:
			return nil, fmt.Errorf("%s ended before it traced: %v: %s", filepath.Base(argv[0]), err, firstLine(a.stderr.Bytes()))
		case <-ctx.Done():
			a.stop(exited)
			return nil, ctx.Err()
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			a.stop(exited)
			return nil, fmt.Errorf("%s did not attach its programs within %v", filepath.Base(argv[0]), timeout)
		}
	}
	a.exited = exited
	return a, nil
}

// linkCount counts the BPF links among process pid's descriptors.
func linkCount(pid int) int {
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range ents {
		if target, err := os.Readlink(filepath.Join(dir, e.Name())); err == nil && target == "anon_inode:bpf_link" {
			n++
		}
	}
	return n
}

// stop ends the tracer with SIGTERM and waits for it.
func (a *aside) stop(exited <-chan error) error {
	_ = a.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		return err
	case <-time.After(10 * time.Second):
		_ = a.cmd.Process.Kill()
		return fmt.Errorf("%s ignored SIGTERM for 10 s", filepath.Base(a.cmd.Path))
	}
}

// Close stops the tracer, once; a second call does nothing. It must end as SIGTERM ends it (dying of the
// signal, or with status 0); any other end is an error with its first
// message.
func (a *aside) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	err := a.stop(a.exited)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGTERM {
			return nil
		}
		return fmt.Errorf("%s: %v: %s", filepath.Base(a.cmd.Path), err, firstLine(a.stderr.Bytes()))
	}
	return err
}

// headBuffer keeps the first 4 KiB written to it: enough for a message.
// Read it only once the process has been waited for.
type headBuffer struct{ b []byte }

// Write keeps what fits of p.
func (t *headBuffer) Write(p []byte) (int, error) {
	if room := 4096 - len(t.b); room > 0 {
		t.b = append(t.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// Bytes returns what was kept.
func (t *headBuffer) Bytes() []byte { return t.b }
