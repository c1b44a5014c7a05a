package reliability

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
)

// The soak: testdata/soak (goroutines, timers, a subprocess through
// os/exec) runs soakRuns times under sctrace -f per backend, soakParallel
// runs at a time, each bounded by soakRunTimeout.
const (
	soakRuns       = 200
	soakParallel   = 2
	soakRunTimeout = 60 * time.Second
	// soakStatus is the workload's exit status when all went well.
	soakStatus = 3
)

// TestSoak: a Go program traced with -f, soakRuns times per backend: no
// run hangs, each exits with the program's status, and afterwards no
// process the runs started is left, stopped or traced, and no process
// names one of the runs' sctrace as its tracer.
func TestSoak(t *testing.T) {
	bin := buildSoak(t)
	eachBackend(t, "soak: 200 Go runs under -f", func(t *testing.T, backend, sctrace string) {
		marker := fmt.Sprintf("SCTRACE_SOAK=%d-%s", os.Getpid(), backend)
		began := time.Now()
		var (
			mu      sync.Mutex
			hangs   int
			wrong   []string
			tracers []int
		)
		runs := make(chan int)
		var wg sync.WaitGroup
		for range soakParallel {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range runs {
					r := soakRun(sctrace, backend, bin, marker)
					mu.Lock()
					tracers = append(tracers, r.tracer)
					if r.hung {
						hangs++
					}
					if r.hung && len(wrong) < 5 {
						wrong = append(wrong, fmt.Sprintf("run %d hung; its threads:\n%s\nsctrace's stderr:\n%s", i, r.snapshot, r.stderr))
					} else if r.code != soakStatus && len(wrong) < 5 {
						wrong = append(wrong, fmt.Sprintf("run %d: exit %d (%v), stderr:\n%s", i, r.code, r.err, tail(r.stderr)))
					}
					mu.Unlock()
				}
			}()
		}
		for i := range soakRuns {
			runs <- i
		}
		close(runs)
		wg.Wait()
		t.Logf("%s: %d runs, %d at a time, in %v: %d hung", backend, soakRuns, soakParallel, time.Since(began).Round(time.Millisecond), hangs)
		if hangs > 0 {
			t.Errorf("%d of %d runs hung (took over %v)", hangs, soakRuns, soakRunTimeout)
		}
		for _, w := range wrong {
			t.Errorf("want exit status %d (the program's): %s", soakStatus, w)
		}
		checkSoakLeftovers(t, marker, tracers)
	})
}

// soakResult is one traced run of the soak workload.
type soakResult struct {
	tracer int
	code   int
	err    error
	hung   bool
	stderr string
	// snapshot, of a hung run: its processes' threads and sctrace's
	// goroutines, taken before they were killed.
	snapshot string
}

// soakRun runs the workload once under sctrace -f and returns how it
// ended; a run that outlasts soakRunTimeout is killed, with what it
// started.
func soakRun(sctrace, backend, bin, marker string) soakResult {
	var stderr bytes.Buffer
	cmd := exec.Command(sctrace, "--backend="+backend, "-f", "-o", os.DevNull, bin)
	// A hung sctrace is sent SIGABRT, which makes it print every
	// goroutine's stack.
	cmd.Env = append(os.Environ(), marker, "GOTRACEBACK=all")
	cmd.Stderr = &stderr
	// Survivors of a killed run must not keep Wait waiting for the pipe.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return soakResult{code: -1, err: err}
	}
	// A hung run's snapshot, set when the bound passed.
	var snapshot atomic.Pointer[string]
	timer := time.AfterFunc(soakRunTimeout, func() { // a bound on a hang
		s := threadsOf(markedProcesses(marker)) // sctrace's too
		snapshot.Store(&s)
		_ = cmd.Process.Signal(syscall.SIGABRT)
		// SIGKILL follows if the dump does not end the process.
		time.AfterFunc(5*time.Second, func() { _ = cmd.Process.Kill() })
	})
	r := soakResult{tracer: cmd.Process.Pid, err: cmd.Wait()}
	timer.Stop()
	r.code, r.stderr = testutil.ExitCode(r.err), stderr.String()
	if s := snapshot.Load(); s != nil {
		r.hung, r.snapshot = true, *s
		for _, pid := range markedProcesses(marker) {
			_ = syscallKill(pid)
		}
	}
	return r
}

// checkSoakLeftovers fails for any process the runs started that is still
// there (reporting its state and tracer), and for any process whose tracer
// is one of the runs' sctrace, all gone by now.
func checkSoakLeftovers(t *testing.T, marker string, tracers []int) {
	t.Helper()
	for _, pid := range markedProcesses(marker) {
		state, tracer, _ := procState(pid)
		t.Errorf("process %d of a run is left, in state %s, traced by %d", pid, state, tracer)
		_ = syscallKill(pid)
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/status")
	for _, f := range stats {
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		if state, tracer, ok := procState(pid); ok && tracer != 0 && slices.Contains(tracers, tracer) {
			t.Errorf("process %d (state %s) is traced by %d, a run's sctrace, which has exited", pid, state, tracer)
		}
	}
}

// buildSoak compiles testdata/soak.
func buildSoak(t *testing.T) string {
	t.Helper()
	goTool := testutil.RequireCommand(t, "go")
	bin := filepath.Join(t.TempDir(), "soak")
	if out, err := exec.Command(goTool, "build", "-o", bin, "./testdata/soak").CombinedOutput(); err != nil {
		t.Fatalf("go build ./testdata/soak: %v\n%s", err, out)
	}
	return bin
}

// threadsOf describes every thread of the processes pids: its state, the
// kernel function it waits in and its system call (/proc's stat, wchan
// and syscall), with its process's tracer.
func threadsOf(pids []int) string {
	var b strings.Builder
	for _, pid := range pids {
		_, tracer, ok := procState(pid)
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "process %d, traced by %d:\n", pid, tracer)
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/[0-9]*", pid))
		for _, dir := range tasks {
			read := func(name string) string {
				data, _ := os.ReadFile(filepath.Join(dir, name))
				return strings.TrimSpace(string(data))
			}
			// stat: "tid (comm) state ..."; comm may hold spaces.
			stat := read("stat")
			if i := strings.LastIndexByte(stat, ')'); i >= 0 {
				stat = stat[:i+1] + " " + strings.SplitN(strings.TrimSpace(stat[i+1:]), " ", 2)[0]
			}
			fmt.Fprintf(&b, "  %s wchan=%s syscall=%s\n", stat, read("wchan"), read("syscall"))
		}
	}
	return b.String()
}

// syscallKill sends SIGKILL to pid.
func syscallKill(pid int) error { return syscall.Kill(pid, syscall.SIGKILL) }
