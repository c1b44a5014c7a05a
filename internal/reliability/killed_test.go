package reliability

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killMoments is how many times each case SIGKILLs sctrace, at moments
// spread at random over the first killWindow after its start, or over
// twice a whole run of sctrace on true if that takes longer (the eBPF
// backend's start-up, loading and attaching its programs, takes 100 to
// 300 ms here, more on a busy machine): both start-up and tracing are hit.
// The test logs how many kills came once tracing had begun.
const (
	killMoments = 20
	killWindow  = 400 * time.Millisecond
)

// TestTracerKilledAnytime: sctrace is SIGKILLed at random moments of its
// start-up and tracing, launching a command or attached to a process. When
// it has died, no process it launched or traced is stopped or still
// traced (no process at all names it as its tracer), the launched command
// (once it runs) and the attached process are alive, and no BPF program or
// link it created is left.
func TestTracerKilledAnytime(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("moments drawn with seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	eachBackend(t, "SIGKILL of sctrace anytime", func(t *testing.T, backend, sctrace string) {
		began := time.Now()
		if err := exec.Command(sctrace, "--backend="+backend, "-f", "-o", os.DevNull, "true").Run(); err != nil {
			t.Fatalf("sctrace on true: %v", err)
		}
		window := max(killWindow, 2*time.Since(began))
		tracing := 0 // kills that came once tracing had begun
		for i := range killMoments {
			at := time.Duration(rng.Int64N(int64(window)))
			marker := fmt.Sprintf("SCTRACE_KILLTEST=%d-%s-%d", os.Getpid(), backend, i)
			env := append(os.Environ(), marker)

			// A launched command: once sh runs, the exec stub was let go,
			// which happens when tracing begins.
			when := fmt.Sprintf("launched, killed after %v", at)
			before := listBPF(t)
			cmd := exec.Command(sctrace, "--backend="+backend, "-f", "-o", os.DevNull, "sh", "-c", "sleep 30")
			cmd.Env = env
			killAfter(t, cmd, at)
			checkNoneTracedBy(t, cmd.Process.Pid, when)
			// The BPF check looks at what the survivors hold: before they go.
			checkNoBPFLeft(t, before, marker, when)
			running := false
			survivors := markedProcesses(marker)
			// Every survivor is looked at before any is killed: sh ends
			// as soon as its sleep is killed.
			for _, pid := range survivors {
				checkLeftAlone(t, pid, when)
				comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
				if string(comm) == "sh\n" || string(comm) == "sleep\n" {
					// The command itself, not the exec stub: it outlives
					// sctrace.
					running = true
					if state, _, _ := procState(pid); state == "Z" || state == "X" {
						t.Errorf("the launched command %d died with sctrace (%s)", pid, when)
					}
				}
			}
			for _, pid := range survivors {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			if running {
				tracing++
			}

			// An attached process.
			sleeper := exec.Command("sleep", "30")
			if err := sleeper.Start(); err != nil {
				t.Fatal(err)
			}
			when = fmt.Sprintf("attached, killed after %v", at)
			before = listBPF(t)
			cmd = exec.Command(sctrace, "--backend="+backend, "-o", os.DevNull, "-p", strconv.Itoa(sleeper.Process.Pid))
			cmd.Env = env
			if stderr := killAfter(t, cmd, at); strings.Contains(stderr, "attached") {
				tracing++
			}
			checkNoneTracedBy(t, cmd.Process.Pid, when)
			checkLeftAlone(t, sleeper.Process.Pid, when)
			if state, _, ok := procState(sleeper.Process.Pid); !ok || state == "Z" || state == "X" {
				t.Errorf("attached process died with sctrace (%s)", when)
			}
			checkNoBPFLeft(t, before, marker, when)
			_ = sleeper.Process.Kill()
			_ = sleeper.Wait()
		}
		t.Logf("%s: %d kills over the first %v, %d of them once tracing had begun", backend, 2*killMoments,
			window.Round(time.Millisecond), tracing)
	})
}

// killAfter starts cmd, SIGKILLs it after d and reaps it, and returns what
// it wrote on stderr. When the reap returns, the kernel has detached its
// tracees, closed its descriptors and sent its children their
// parent-death signals.
func killAfter(t *testing.T, cmd *exec.Cmd, d time.Duration) string {
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
	err = cmd.Wait()
	out, _ := os.ReadFile(stderr.Name())
	if err == nil {
		t.Fatalf("sctrace ended before it was killed; stderr:\n%s", out)
	}
	return string(out)
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

// checkNoneTracedBy fails if any process names tracer, which has died, as
// its tracer.
func checkNoneTracedBy(t *testing.T, tracer int, when string) {
	t.Helper()
	stats, _ := filepath.Glob("/proc/[0-9]*/status")
	for _, f := range stats {
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		if state, by, ok := procState(pid); ok && by == tracer {
			t.Errorf("process %d (state %s) is still traced by the dead sctrace %d (%s)", pid, state, tracer, when)
		}
	}
}
