package ptrace

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// helperEnv names the workload a re-executed test binary runs instead of
// the tests.
const helperEnv = "SCTRACE_PTRACE_TEST_HELPER"

// init keeps the main goroutine on the main thread: a workload runs in
// TestMain, and without -f only the main thread (tid == pid) is traced.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	tracee.Init()
	if h := os.Getenv(helperEnv); h != "" {
		os.Exit(runHelper(h, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// runHelper runs a workload and returns its exit code.
func runHelper(name string, args []string) int {
	switch name {
	case "capture":
		// openat(path), read it, write a known payload to /dev/null.
		f, err := os.Open(args[0])
		if err != nil {
			return 2
		}
		buf := make([]byte, 64)
		if _, err := f.Read(buf); err != nil {
			return 3
		}
		f.Close()
		null, err := os.OpenFile("/dev/null", os.O_WRONLY, 0)
		if err != nil {
			return 4
		}
		if _, err := null.Write([]byte(args[1])); err != nil {
			return 5
		}
		return 0
	case "sigmask":
		// A handled SIGUSR1 delivered to a thread that blocks SIGUSR2: the
		// rt_sigreturn that ends the handler restores a mask of {USR2}.
		runtime.LockOSThread()
		var set unix.Sigset_t
		set.Val[0] = 1 << (uint(unix.SIGUSR2) - 1)
		if err := unix.PthreadSigmask(unix.SIG_BLOCK, &set, nil); err != nil {
			return 2
		}
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGUSR1)
		if err := unix.Tgkill(unix.Getpid(), unix.Gettid(), unix.SIGUSR1); err != nil {
			return 3
		}
		// The signal was delivered to this thread as its tgkill
		// returned: the handler and its rt_sigreturn ran before.
		<-c
		return 0
	case "sigusr1":
		// A handled SIGUSR1 sent to the main thread (the one traced
		// without -f), then a normal exit. This goroutine runs on the
		// main thread (init), so the signal is delivered as its tgkill
		// returns: the handler and its rt_sigreturn run before tgkill
		// returns here.
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGUSR1)
		if err := unix.Tgkill(unix.Getpid(), unix.Gettid(), unix.SIGUSR1); err != nil {
			return 2
		}
		<-c
		return 7
	case "threads":
		// Four goroutines locked to four distinct threads, each making
		// system calls while all four exist.
		const n = 4
		var started, wg sync.WaitGroup
		started.Add(n)
		wg.Add(n)
		release := make(chan struct{})
		tids := make(chan int, n)
		for range n {
			go func() {
				defer wg.Done()
				runtime.LockOSThread()
				tids <- unix.Gettid()
				started.Done()
				<-release
				for range 10 {
					syscall.Getpid()
				}
			}()
		}
		started.Wait()
		close(release)
		wg.Wait()
		close(tids)
		seen := map[int]bool{}
		for tid := range tids {
			seen[tid] = true
		}
		if len(seen) != n {
			return 3
		}
		return 0
	case "threads-idle":
		// Three more threads, idle until killed; "ready" on stdout once
		// they run.
		var started sync.WaitGroup
		started.Add(3)
		for range 3 {
			go func() {
				runtime.LockOSThread()
				started.Done()
				sleepForever()
			}()
		}
		started.Wait()
		fmt.Println("ready")
		sleepForever()
	case "iovec":
		// writev two buffers to /dev/null; readv the file args[0] into a
		// 4-byte and a 64-byte buffer.
		null, err := unix.Open("/dev/null", unix.O_WRONLY, 0)
		if err != nil {
			return 2
		}
		if _, err := unix.Writev(null, [][]byte{[]byte("hello "), []byte("world")}); err != nil {
			return 3
		}
		fd, err := unix.Open(args[0], unix.O_RDONLY, 0)
		if err != nil {
			return 4
		}
		if _, err := unix.Readv(fd, [][]byte{make([]byte, 4), make([]byte, 64)}); err != nil {
			return 5
		}
		return 0
	case "msghdr":
		// sendmsg two buffers and an SCM_RIGHTS control message over a
		// socketpair; recvmsg them into one 64-byte buffer.
		sv, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
		if err != nil {
			return 2
		}
		rights := unix.UnixRights(sv[0])
		if _, err := unix.SendmsgBuffers(sv[0], [][]byte{[]byte("two "), []byte("parts")}, rights, nil, 0); err != nil {
			return 3
		}
		oob := make([]byte, 64)
		if _, _, _, _, err := unix.RecvmsgBuffers(sv[1], [][]byte{make([]byte, 64)}, oob, 0); err != nil {
			return 4
		}
		return 0
	case "getppid":
		// One getppid marked by its first argument (which the call
		// ignores), then a normal exit.
		_, _, _ = unix.Syscall(unix.SYS_GETPPID, getppidMark, 0, 0)
		return 0
	case "execthread":
		// execve from a thread that is not the thread group leader.
		for {
			tid := make(chan int)
			go func() {
				runtime.LockOSThread()
				tid <- unix.Gettid()
				if unix.Gettid() == unix.Getpid() {
					sleepForever() // keep the main thread busy; try again
				}
				err := syscall.Exec(args[0], []string{args[0]}, os.Environ())
				fmt.Fprintln(os.Stderr, "exec:", err)
				os.Exit(2)
			}()
			if <-tid != unix.Getpid() {
				sleepForever()
			}
		}
	}
	fmt.Fprintln(os.Stderr, "unknown helper", name)
	return 100
}

// sleepForever blocks the calling thread in pause(2) until the process
// is killed; a goroutine in a system call does not trip the runtime's
// deadlock detector. A signal the runtime handles ends one pause.
func sleepForever() {
	for {
		_ = unix.Pause()
	}
}

// syscallKill sends sig to pid.
func syscallKill(pid, sig int) { _ = unix.Kill(pid, unix.Signal(sig)) }

// selfTarget returns a Target that re-executes the test binary as helper.
func selfTarget(t *testing.T, helper string, args ...string) trace.Target {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return trace.Target{
		Path: exe,
		Argv: append([]string{exe}, args...),
		Env:  append(os.Environ(), helperEnv+"="+helper),
	}
}

// shTarget returns a Target running /bin/sh -c script.
func shTarget(t *testing.T, script string) trace.Target {
	t.Helper()
	sh := testutil.RequireCommand(t, "sh")
	return trace.Target{Path: sh, Argv: []string{"sh", "-c", script}, Env: os.Environ()}
}

// collect runs the backend and returns a copy of every event.
func collect(t *testing.T, target trace.Target, opts trace.Options) ([]trace.Event, trace.Result) {
	t.Helper()
	return collectWith(t, New(), target, opts)
}

// collectWith is collect with backend b.
func collectWith(t *testing.T, b *Backend, target trace.Target, opts trace.Options) ([]trace.Event, trace.Result) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var evs []trace.Event
	res, err := b.Run(ctx, target, opts, func(ev *trace.Event) error {
		evs = append(evs, copyEvent(ev))
		return nil
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return evs, res
}

// copyEvent deep-copies ev: the backend reuses the event, its signal info
// and its capture memory once the sink returns.
func copyEvent(ev *trace.Event) trace.Event {
	c := *ev
	if ev.Signal != nil {
		s := *ev.Signal
		c.Signal = &s
	}
	for i := range c.Captures {
		c.Captures[i] = copyCapture(c.Captures[i])
	}
	return c
}

func copyCapture(c trace.Capture) trace.Capture {
	if c.Data != nil {
		c.Data = append([]byte{}, c.Data...)
	}
	if c.Elems != nil {
		elems := make([]trace.Capture, len(c.Elems))
		for i := range c.Elems {
			elems[i] = copyCapture(c.Elems[i])
		}
		c.Elems = elems
	}
	return c
}

// nr returns the x86_64 or arm64 number of a syscall on this machine.
func nr(t *testing.T, name string) int32 {
	t.Helper()
	tbl := syscalls.X86_64
	if runtime.GOARCH == "arm64" {
		tbl = syscalls.ARM64
	}
	n, ok := tbl.Lookup(name)
	if !ok {
		t.Fatalf("no syscall %q", name)
	}
	return int32(n)
}

// defaultOpts are the options of a plain `strace` run.
func defaultOpts() trace.Options {
	return trace.Options{StringLimit: 32, SignalsWanted: true}
}
