package reliability

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/startfds"
	"github.com/sctrace/sctrace/internal/testutil"
)

// fdReport is a shell command that appends, for each of its descriptors
// 0, 1 and 2, whether it is open to the file "$1".
const fdReport = `for f in 0 1 2; do if [ -e /proc/$$/fd/$f ]; then echo "$f open" >>"$1"; else echo "$f closed" >>"$1"; fi; done`

// TestClosedStdioStaysClosed: a standard descriptor closed when sctrace
// starts is closed in the command, as without sctrace (and as under
// strace), although the Go runtime opened /dev/null in its place in
// sctrace; sctrace's own output still goes where -o says, and with 2
// closed and no -o sctrace writes nowhere and still exits with the
// command's status.
func TestClosedStdioStaysClosed(t *testing.T) {
	if !startfds.Known() {
		// sctrace is built as this test binary is: without cgo it cannot
		// see which descriptors were closed before the runtime opened them.
		if testutil.InCI() {
			t.Fatal("CI=true but built without cgo: sctrace cannot record the descriptors closed at its start")
		}
		t.Skip("built without cgo: sctrace cannot record the descriptors closed at its start")
	}
	eachBackend(t, "closed stdio stays closed", func(t *testing.T, backend, sctrace string) {
		for fd := range 3 {
			dir := t.TempDir()
			plainOut, tracedOut, traceFile := filepath.Join(dir, "plain"), filepath.Join(dir, "traced"), filepath.Join(dir, "trace")
			plain := runWithClosed(t, fd, "/bin/sh", "-c", fdReport, "sh", plainOut)
			if plain.code != 0 {
				t.Fatalf("untraced run with %d closed: exit %d, stderr %q", fd, plain.code, plain.stderr)
			}
			traced := runWithClosed(t, fd, sctrace, "--backend="+backend, "-o", traceFile, "/bin/sh", "-c", fdReport, "sh", tracedOut)
			want, got := readFile(t, plainOut), readFile(t, tracedOut)
			if !strings.Contains(want, fmt.Sprintf("%d closed", fd)) {
				t.Fatalf("untraced run with %d closed reports:\n%s", fd, want)
			}
			if traced.code != 0 || got != want {
				t.Errorf("descriptor %d closed at start: sctrace exit %d, the command reports:\n%swant (untraced):\n%ssctrace's stderr: %q",
					fd, traced.code, got, want, traced.stderr)
			}
			if trace := readFile(t, traceFile); !strings.HasSuffix(trace, "+++ exited with 0 +++\n") {
				t.Errorf("descriptor %d closed at start: the -o file does not end with the command's exit:\n%s", fd, tail(trace))
			}
		}
		// 2 closed, no -o: the trace goes nowhere, the status through.
		r := runWithClosed(t, 2, sctrace, "--backend="+backend, "/bin/sh", "-c", "exit 3")
		if r.code != 3 {
			t.Errorf("2 closed, trace on stderr: sctrace exit %d, want 3 (the command's)", r.code)
		}
	})
}

// closedRun is the outcome of runWithClosed.
type closedRun struct {
	code   int
	stderr string
}

// runWithClosed runs argv with descriptor fd closed and the other
// standard descriptors on /dev/null (stdin) and a file (stdout, stderr),
// and returns its exit status and what it wrote on stderr.
func runWithClosed(t *testing.T, fd int, argv ...string) closedRun {
	t.Helper()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	files := []*os.File{null, out, out}
	files[fd] = nil
	p, err := os.StartProcess(argv[0], argv, &os.ProcAttr{Files: files})
	if err != nil {
		t.Fatalf("start %s: %v", argv[0], err)
	}
	st, err := p.Wait()
	if err != nil {
		t.Fatal(err)
	}
	return closedRun{code: st.ExitCode(), stderr: readFile(t, out.Name())}
}

// readFile returns the content of path, failing the test if unreadable.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
