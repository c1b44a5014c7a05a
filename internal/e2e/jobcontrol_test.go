package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startTraced starts bin with args in the background and returns the
// command, whose stderr collects into the returned buffer.
func startTraced(t *testing.T, bin string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Args[0] = filepath.Base(bin)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// waitFor polls cond every 10ms for up to 10s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// procState returns the state letter of /proc/PID/stat, or 0.
func procState(pid int) byte {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0
	}
	return b[i+2]
}

// TestJobControlStop: a traced shell that stops itself with SIGSTOP stays
// stopped until SIGCONT, as without a tracer, and both tracers print the
// same signal lines, including "--- stopped by SIGSTOP ---".
func TestJobControlStop(t *testing.T) {
	strace, sctrace := tracers(t)
	var outputs []string
	for _, bin := range []string{strace, sctrace} {
		pidFile := filepath.Join(t.TempDir(), "pid")
		cmd, stderr := startTraced(t, bin, "-e", "trace=none", "sh", "-c", "echo $$ > "+pidFile+"; kill -STOP $$; echo resumed")
		var pid int
		waitFor(t, "the shell's pid", func() bool {
			b, err := os.ReadFile(pidFile)
			if err != nil || !bytes.HasSuffix(b, []byte("\n")) {
				return false
			}
			for _, c := range bytes.TrimSpace(b) {
				pid = pid*10 + int(c-'0')
			}
			return true
		})
		waitFor(t, "the shell to stop", func() bool { s := procState(pid); return s == 'T' || s == 't' })
		time.Sleep(100 * time.Millisecond)
		if s := procState(pid); s != 'T' && s != 't' {
			t.Fatalf("%s: the stopped shell runs again (state %c)", filepath.Base(bin), s)
		}
		if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(bin), err, stderr)
		}
		outputs = append(outputs, strings.Join(normalized(stderr.String()), "\n"))
	}
	if !strings.Contains(outputs[1], "--- stopped by SIGSTOP ---") {
		t.Errorf("no group-stop line:\n%s", outputs[1])
	}
	if outputs[0] != outputs[1] {
		t.Errorf("strace:\n%s\nsctrace:\n%s", outputs[0], outputs[1])
	}
}

// TestAttachDetach: -p attaches to a running process without disturbing it,
// and SIGINT detaches: the process keeps running, not stopped and no longer
// traced, and sctrace dies of SIGINT as strace does.
func TestAttachDetach(t *testing.T) {
	_, sctrace := tracers(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	victim := exec.CommandContext(ctx, "sh", "-c", "while :; do sleep 0.05; done")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = victim.Process.Kill(); _ = victim.Wait() }()
	pid := victim.Process.Pid

	cmd, stderr := startTraced(t, sctrace, "-p", strconv.Itoa(pid))
	waitFor(t, "the attach message and a traced call", func() bool {
		return strings.Contains(stderr.String(), "wait4(")
	})
	if !strings.Contains(stderr.String(), "sctrace: Process "+strconv.Itoa(pid)+" attached\n") {
		t.Errorf("no attach message:\n%s", stderr)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
		t.Errorf("sctrace ended with %v, want death by SIGINT", err)
	}
	if !strings.Contains(stderr.String(), "sctrace: Process "+strconv.Itoa(pid)+" detached\n") {
		t.Errorf("no detach message:\n%s", stderr)
	}
	time.Sleep(200 * time.Millisecond)
	// Running, sleeping or in a short uninterruptible wait are all fine;
	// stopped, traced-stopped or dead are not.
	if s := procState(pid); s == 'T' || s == 't' || s == 'Z' || s == 'X' || s == 0 {
		t.Errorf("process state after detach: %q", s)
	}
	status, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if !bytes.Contains(status, []byte("TracerPid:\t0\n")) {
		t.Errorf("still traced after detach:\n%s", status)
	}
}
