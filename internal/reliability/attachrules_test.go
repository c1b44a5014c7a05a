package reliability

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestAttachRefused: -p of a zombie, and -p of another user's process by
// an unprivileged sctrace that holds only CAP_BPF and CAP_PERFMON, are
// refused on both backends with strace's line, as ptrace refuses them.
func TestAttachRefused(t *testing.T) {
	eachBackend(t, "attach: zombie, other user", func(t *testing.T, backend, sctrace string) {
		// A zombie: a child of this test, exited and not waited for. Its
		// pidfd turns readable when it has exited.
		zombie := exec.Command("true")
		if err := zombie.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = zombie.Wait() }()
		pidfd, err := unix.PidfdOpen(zombie.Process.Pid, 0)
		if err != nil {
			t.Fatalf("pidfd_open: %v", err)
		}
		defer unix.Close(pidfd)
		fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}}
		for {
			if _, err := unix.Poll(fds, -1); err != unix.EINTR {
				break
			}
		}
		checkRefused(t, zombie.Process.Pid, sctrace, "--backend="+backend, "-p", strconv.Itoa(zombie.Process.Pid))

		if _, err := exec.LookPath("setpriv"); err != nil {
			t.Fatalf("setpriv (util-linux) is needed to drop privileges: %v", err)
		}
		sleeper := exec.Command("sleep", "30")
		if err := sleeper.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = sleeper.Process.Kill(); _ = sleeper.Wait() }()
		checkRefused(t, sleeper.Process.Pid, "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
			"--inh-caps=+bpf,+perfmon", "--ambient-caps=+bpf,+perfmon",
			sctrace, "--backend="+backend, "-p", strconv.Itoa(sleeper.Process.Pid))
	})
}

// checkRefused runs args, an sctrace -p pid, and checks that it exits 1
// with strace's EPERM line for pid.
func checkRefused(t *testing.T, pid int, args ...string) {
	t.Helper()
	// An attach that is not refused would wait for the process: bound it.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, args[0], args[1:]...).CombinedOutput()
	want := fmt.Sprintf("sctrace: attach: ptrace(PTRACE_SEIZE, %d): Operation not permitted\n", pid)
	if code := testutil.ExitCode(err); code != 1 || !strings.HasSuffix(string(out), want) {
		t.Errorf("%v: exit status %d, output:\n%s\nwant exit status 1 and %q", args, code, out, want)
	}
}
