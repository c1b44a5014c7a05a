package e2e

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
)

// lineTimeout bounds each wait for a line a traced process or its tracer
// prints.
const lineTimeout = 10 * time.Second

// startTraced starts bin with args in the background and returns the
// command, a reader of its standard output and its standard error as it
// arrives.
func startTraced(t *testing.T, bin string, args ...string) (*exec.Cmd, *bufio.Reader, *testutil.Output) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Args[0] = filepath.Base(bin)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &testutil.Output{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd, bufio.NewReader(stdout), stderr
}

// readLine returns the next line r gives, failing the test if none comes
// within lineTimeout.
func readLine(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	line := make(chan string, 1)
	go func() {
		s, _ := r.ReadString('\n')
		line <- s
	}()
	select {
	case s := <-line:
		return s
	case <-time.After(lineTimeout):
		t.Fatalf("no line within %v", lineTimeout)
		return ""
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
		name := filepath.Base(bin)
		cmd, stdout, stderr := startTraced(t, bin, "-e", "trace=none", "sh", "-c", "echo $$; kill -STOP $$; echo resumed")
		pid, err := strconv.Atoi(strings.TrimSpace(readLine(t, stdout)))
		if err != nil {
			t.Fatalf("%s: the shell's pid: %v", name, err)
		}
		// The tracer prints the line once it has seen the shell enter
		// its group stop: the shell is stopped then.
		stderr.WaitFor(t, "--- stopped by SIGSTOP ---", lineTimeout)
		if s := procState(pid); s != 'T' && s != 't' {
			t.Fatalf("%s: the shell runs after its group stop (state %c)", name, s)
		}
		if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
		if line := readLine(t, stdout); line != "resumed\n" {
			t.Errorf("%s: the shell wrote %q after SIGCONT, want resumed", name, line)
		}
		if _, err := io.Copy(io.Discard, stdout); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, stderr)
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
// traced, and sctrace dies of SIGINT as strace does. The process is a
// shell that runs true(1) for each line it reads and echoes the line.
func TestAttachDetach(t *testing.T) {
	_, sctrace := tracers(t)
	victim := testutil.StartIdleShell(t, "while read line; do /bin/true; echo $line; done")
	pid := victim.Cmd.Process.Pid

	cmd, _, stderr := startTraced(t, sctrace, "-p", strconv.Itoa(pid))
	stderr.WaitFor(t, "sctrace: Process "+strconv.Itoa(pid)+" attached\n", lineTimeout)
	victim.Echo(t, "traced")
	stderr.WaitFor(t, "wait4(", lineTimeout)
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
	status, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if !bytes.Contains(status, []byte("TracerPid:\t0\n")) {
		t.Errorf("still traced after detach:\n%s", status)
	}
	// It runs: it reads, forks, waits and writes again.
	victim.Echo(t, "detached")
}
