package reliability

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// killMoments is how many times each case SIGKILLs sctrace, at moments
// spread at random over the first killWindow after its start.
const (
	killMoments = 20
	killWindow  = 200 * time.Millisecond
)

// TestTracerKilledAnytime: sctrace is SIGKILLed at random moments of its
// start-up and tracing, launching a command or attached to a process. When
// it has died, no process it launched or traced is stopped or still
// traced, and the attached process is alive.
func TestTracerKilledAnytime(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("moments drawn with seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	eachBackend(t, "SIGKILL of sctrace anytime", func(t *testing.T, backend, sctrace string) {
		for i := range killMoments {
			at := time.Duration(rng.Int64N(int64(killWindow)))
			marker := fmt.Sprintf("SCTRACE_KILLTEST=%d-%s-%d", os.Getpid(), backend, i)

			// A launched command.
			cmd := exec.Command(sctrace, "--backend="+backend, "-f", "-o", os.DevNull, "sh", "-c", "sleep 30")
			cmd.Env = append(os.Environ(), marker)
			killAfter(t, cmd, at)
			for _, pid := range markedProcesses(marker) {
				checkLeftAlone(t, pid, fmt.Sprintf("launched, killed after %v", at))
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}

			// An attached process.
			sleeper := exec.Command("sleep", "30")
			if err := sleeper.Start(); err != nil {
				t.Fatal(err)
			}
			cmd = exec.Command(sctrace, "--backend="+backend, "-o", os.DevNull, "-p", strconv.Itoa(sleeper.Process.Pid))
			killAfter(t, cmd, at)
			checkLeftAlone(t, sleeper.Process.Pid, fmt.Sprintf("attached, killed after %v", at))
			if state, _, ok := procState(sleeper.Process.Pid); !ok || state == "Z" || state == "X" {
				t.Errorf("attached process died with sctrace (killed after %v)", at)
			}
			_ = sleeper.Process.Kill()
			_ = sleeper.Wait()
		}
	})
}

// killAfter starts cmd, SIGKILLs it after d and reaps it. When the reap
// returns, the kernel has detached its tracees and sent its children
// their parent-death signals.
func killAfter(t *testing.T, cmd *exec.Cmd, d time.Duration) {
	t.Helper()
	// A file, not a pipe: Wait must not wait for survivors holding it.
	stderr, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start sctrace: %v", err)
	}
	time.AfterFunc(d, func() { _ = cmd.Process.Kill() }) // the moment under test, not a wait for an event
	if err := cmd.Wait(); err == nil {
		out, _ := os.ReadFile(stderr.Name())
		t.Fatalf("sctrace ended before it was killed; stderr:\n%s", out)
	}
}

// markedProcesses returns the processes whose environment holds marker.
func markedProcesses(marker string) []int {
	var pids []int
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	for _, f := range envs {
		data, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(data, []byte("\x00"+marker+"\x00")) && !bytes.HasPrefix(data, []byte(marker+"\x00")) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		pids = append(pids, pid)
	}
	return pids
}

// checkLeftAlone fails if process pid is stopped or traced.
func checkLeftAlone(t *testing.T, pid int, when string) {
	t.Helper()
	state, tracer, ok := procState(pid)
	if ok && (state == "T" || state == "t" || tracer != 0) {
		t.Errorf("process %d left in state %s, traced by %d (%s)", pid, state, tracer, when)
	}
}
