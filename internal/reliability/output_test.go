package reliability

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestOutputErrorSparesCommand: when the trace cannot be written (a closed
// pipe, a full device), sctrace says so once, stops tracing and lets the
// command run to its own end, and exits with the command's status.
func TestOutputErrorSparesCommand(t *testing.T) {
	eachBackend(t, "output error spares the command", func(t *testing.T, backend, sctrace string) {
		t.Run("EPIPE", func(t *testing.T) {
			dir := t.TempDir()
			fifo, done := filepath.Join(dir, "go"), filepath.Join(dir, "done")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			// The command waits on the FIFO until the reader of the trace
			// has gone, then makes calls whose lines cannot be written.
			script := `read x < "$1"; for i in 1 2 3 4 5 6 7 8; do echo $i >/dev/null; done; echo finished > "$2"; exit 7`
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(sctrace, "--backend="+backend, "-o", "/dev/stdout", "sh", "-c", script, "sh", fifo, done)
			cmd.Stdout = w
			stderr := filepath.Join(dir, "stderr")
			errFile, err := os.Create(stderr)
			if err != nil {
				t.Fatal(err)
			}
			defer errFile.Close()
			cmd.Stderr = errFile
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w.Close()
			// The trace's first line (the execve) proves tracing began.
			if _, err := bufio.NewReader(r).ReadString('\n'); err != nil {
				t.Fatalf("no trace line: %v", err)
			}
			r.Close()
			if err := os.WriteFile(fifo, []byte("go\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			checkSpared(t, err, done, stderr, "/dev/stdout: Broken pipe")
		})
		t.Run("ENOSPC", func(t *testing.T) {
			dir := t.TempDir()
			done, stderr := filepath.Join(dir, "done"), filepath.Join(dir, "stderr")
			script := `for i in 1 2 3 4 5 6 7 8; do echo $i >/dev/null; done; echo finished > "$1"; exit 7`
			cmd := exec.Command(sctrace, "--backend="+backend, "-o", "/dev/full", "sh", "-c", script, "sh", done)
			errFile, err := os.Create(stderr)
			if err != nil {
				t.Fatal(err)
			}
			defer errFile.Close()
			cmd.Stderr = errFile
			checkSpared(t, cmd.Run(), done, stderr, "/dev/full: No space left on device")
		})
	})
}

// checkSpared checks that sctrace exited with the command's status 7, that
// the command finished (it wrote done) and that stderr holds the output
// error once, worded as strace words it.
func checkSpared(t *testing.T, runErr error, done, stderr, message string) {
	t.Helper()
	out, _ := os.ReadFile(stderr)
	if code := testutil.ExitCode(runErr); code != 7 {
		t.Errorf("sctrace exit status %d (%v), want 7 (the command's); stderr:\n%s", code, runErr, out)
	}
	if data, err := os.ReadFile(done); err != nil || string(data) != "finished\n" {
		t.Errorf("the command did not run to its end: %v", err)
	}
	if n := strings.Count(string(out), "sctrace: "+message+"\n"); n != 1 {
		t.Errorf("stderr has %q %d times, want once:\n%s", message, n, out)
	}
}
