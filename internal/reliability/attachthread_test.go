package reliability

import (
	"bufio"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestAttachThread: -p names a thread that is not its process's leader;
// that thread is traced until its process exits, as under strace.
func TestAttachThread(t *testing.T) {
	eachBackend(t, "attach: a non-leader thread", func(t *testing.T, backend, sctrace string) {
		bin := testutil.BuildC(t, testutil.WorkloadSource(t, "attachthread"))
		prog := exec.Command(bin)
		stdin, err := prog.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := prog.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := prog.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = prog.Process.Kill(); _ = prog.Wait() }()
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			t.Fatalf("no thread id from the workload: %v", err)
		}
		tid := strings.TrimSpace(line)
		if n, _ := strconv.Atoi(tid); n == prog.Process.Pid || n <= 0 {
			t.Fatalf("the workload printed %q, not a second thread's id", line)
		}

		cmd := exec.Command(sctrace, "--backend="+backend, "-e", "trace=getppid", "-p", tid)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		var lines []string
		attached := make(chan struct{})
		go func() {
			defer close(done)
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				lines = append(lines, sc.Text())
				if strings.HasSuffix(sc.Text(), "Process "+tid+" attached") {
					close(attached)
				}
			}
		}()
		select {
		case <-attached:
		case <-done:
			t.Fatalf("sctrace ended before attaching: %q", lines)
		}
		if _, err := stdin.Write([]byte{1}); err != nil {
			t.Fatal(err)
		}
		<-done
		err = cmd.Wait()
		if code := testutil.ExitCode(err); code != 0 {
			t.Errorf("sctrace exit status %d, want 0; stderr:\n%s", code, strings.Join(lines, "\n"))
		}
		calls := 0
		for _, l := range lines {
			if strings.HasPrefix(l, "getppid()") {
				calls++
			}
		}
		if calls != 30 || lines[len(lines)-1] != "+++ exited with 0 +++" {
			t.Errorf("%d getppid lines (want 30), last line %q; stderr:\n%s", calls, lines[len(lines)-1], strings.Join(lines, "\n"))
		}
	})
}
