package reliability

import (
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestStdoutHeldByCommandOnly: when the command closes the standard
// output it was given, the reader at the pipe's other end sees end of file
// at once, while the command still runs: sctrace holds no copy of it (it
// gave its own standard input and output up once the command started, as
// strace does).
func TestStdoutHeldByCommandOnly(t *testing.T) {
	eachBackend(t, "command alone holds its stdout", func(t *testing.T, backend, sctrace string) {
		out, err := os.CreateTemp(t.TempDir(), "out")
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		in, release, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(sctrace, "--backend="+backend, "-o", out.Name(), "sh", "-c", "exec >&-; read x; true")
		cmd.Stdin, cmd.Stdout = in, w
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		in.Close()
		defer func() {
			release.Close() // the command's read ends; it exits
			if err := cmd.Wait(); err != nil {
				t.Errorf("sctrace: %v", err)
			}
		}()
		eof := make(chan error, 1)
		go func() { _, err := io.ReadAll(r); eof <- err }()
		select {
		case err := <-eof:
			if err != nil {
				t.Errorf("read: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Errorf("no end of file on the command's stdout after it closed it: sctrace holds a copy")
			_ = cmd.Process.Kill()
		}
	})
}
