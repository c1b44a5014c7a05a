package tracee

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestSentinel: a wake sentinel keeps no descriptor of the tracer's but
// its end of the wake pipe; closing the wake descriptor makes it exit 0,
// which a wait4 from the starting thread reaps.
func TestSentinel(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// The sentinel starts with a copy of every descriptor of this
	// process, this pipe's write end among them, and drops them: the
	// read end sees the end of file once it has.
	var probe [2]int
	if err := unix.Pipe2(probe[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(probe[0])
	pid, wakeFD, err := StartSentinel()
	unix.Close(probe[1])
	if err != nil {
		t.Fatal(err)
	}
	reaped := false
	defer func() {
		if !reaped {
			unix.Kill(pid, unix.SIGKILL)
			var ws unix.WaitStatus
			unix.Wait4(pid, &ws, unix.WALL, nil)
		}
	}()
	if n, err := unix.Read(probe[0], make([]byte, 1)); n != 0 || err != nil {
		t.Fatalf("read of a pipe no one writes: %d, %v", n, err)
	}
	unix.Close(wakeFD)
	var ws unix.WaitStatus
	got, err := unix.Wait4(pid, &ws, unix.WALL|unix.WNOTHREAD, nil)
	if err != nil || got != pid {
		t.Fatalf("wait4(%d): %d, %v", pid, got, err)
	}
	reaped = true
	if !ws.Exited() || ws.ExitStatus() != 0 {
		t.Errorf("sentinel's end: %v; want exit 0", ws)
	}
}
