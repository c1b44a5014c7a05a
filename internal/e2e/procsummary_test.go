package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
)

// -c -ff and --summary-interval on both backends, with procsum.c: the
// parent makes 3 getpid calls, its child 5 (2 of them in a second thread,
// which count in the child's process).

// summaryBackends are the backends the per-process and interval tests
// run on; eBPF needs its privileges too.
func summaryBackend(t *testing.T, backend string) string {
	t.Helper()
	testutil.RequirePtrace(t)
	if backend == "ebpf" {
		testutil.RequireBPF(t)
	}
	return testutil.BuildSctrace(t)
}

// comm is the command name of a process running the program prog: its
// file name, cut to the kernel's 15 bytes.
func comm(prog string) string {
	name := filepath.Base(prog)
	return name[:min(len(name), 15)]
}

// section is a part of a tracer's stderr that a header line starts ("" for
// the text before the first).
type section struct {
	header string
	text   string
}

// sections cuts text at the lines that header matches.
func sections(text string, header *regexp.Regexp) []section {
	out := []section{{}}
	for _, l := range lines(text) {
		if header.MatchString(l) {
			out = append(out, section{header: l})
			continue
		}
		out[len(out)-1].text += l + "\n"
	}
	return out
}

// callsOf returns the calls column of the row of syscall name in the
// first -c table in text, 0 when the table has no such row and when text
// has no table.
func callsOf(t *testing.T, text, name string) int {
	t.Helper()
	if !strings.Contains(text, "------") {
		return 0
	}
	for _, r := range tableRows(t, summaryTable(t, text)) {
		if r.name == name {
			n, err := strconv.Atoi(strings.TrimSpace(r.calls))
			if err != nil {
				t.Fatalf("calls %q of %s: %v", r.calls, name, err)
			}
			return n
		}
	}
	return 0
}

// TestSummaryPerProcessFiles: with -o, each process's table goes to
// FILE.PID (after its trace under -C), the total to stderr.
func TestSummaryPerProcessFiles(t *testing.T) {
	prog := workload(t, "procsum")
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			sctrace := summaryBackend(t, backend)
			for _, mode := range []string{"-c", "-C"} {
				dir := t.TempDir()
				r := run(t, sctrace, "--backend="+backend, mode, "-ff", "-o", filepath.Join(dir, "out"), prog)
				if r.exit != 0 {
					t.Fatalf("%s: exit %d\n%s", mode, r.exit, r.stderr)
				}
				if n := callsOf(t, r.stderr, "getpid"); n != 8 {
					t.Errorf("%s: the total on stderr has %d getpid calls, want 8:\n%s", mode, n, r.stderr)
				}
				files, _ := filepath.Glob(filepath.Join(dir, "out.*"))
				got := map[int]int{}
				for _, f := range files {
					b, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(string(b), "------") {
						continue // a thread's trace (-C), without a table
					}
					text := string(b)
					if mode == "-C" {
						// The trace comes first: the table follows the last line of it.
						if !strings.Contains(text, "getpid()") || !strings.Contains(text, "+++ exited with 0 +++\n% time") {
							t.Errorf("%s: %s has no trace before its table:\n%s", mode, f, text)
						}
					}
					got[callsOf(t, text, "getpid")]++
				}
				if len(got) != 2 || got[3] != 1 || got[5] != 1 {
					t.Errorf("%s: getpid calls per table file %v, want one with 3 and one with 5 (files %q)", mode, got, files)
				}
			}
		})
	}
}

// TestSummaryPerProcessJSON: the JSON summary has an object per process.
func TestSummaryPerProcessJSON(t *testing.T) {
	prog := workload(t, "procsum")
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			sctrace := summaryBackend(t, backend)
			r := run(t, sctrace, "--backend="+backend, "-c", "-f", "--output-separately", "-o", filepath.Join(t.TempDir(), "out"), "--summary-format=json", prog)
			if r.exit != 0 {
				t.Fatalf("exit %d\n%s", r.exit, r.stderr)
			}
			text := r.stderr[strings.Index(r.stderr, "{"):]
			var rep struct {
				Total     struct{ Calls int }
				Processes []struct {
					PID      int
					Comm     string
					Syscalls []struct {
						Name  string
						Calls int
					}
				}
			}
			if err := json.Unmarshal([]byte(text), &rep); err != nil {
				t.Fatalf("%v:\n%s", err, r.stderr)
			}
			if len(rep.Processes) != 2 {
				t.Fatalf("%d processes, want 2:\n%s", len(rep.Processes), text)
			}
			for i, want := range []int{3, 5} {
				p := rep.Processes[i]
				got := 0
				for _, s := range p.Syscalls {
					if s.Name == "getpid" {
						got = s.Calls
					}
				}
				if got != want || p.Comm != comm(prog) || p.PID == 0 {
					t.Errorf("process %d: pid %d %q with %d getpid calls, want %s with %d", i, p.PID, p.Comm, got, comm(prog), want)
				}
			}
		})
	}
}

var intervalHeader = regexp.MustCompile(`^--- (interval ending \d\d:\d\d:\d\d\.\d{6}|total) ---$`)

// TestSummaryInterval: the calls made after the first interval's table
// was printed are in a later interval's table and in the total. The
// program waits on a pipe until the test has seen that table.
func TestSummaryInterval(t *testing.T) {
	prog := workload(t, "procsum")
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			sctrace := summaryBackend(t, backend)
			// The timeout bounds a hang; nothing waits for it.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, sctrace, "--backend="+backend, "-c", "--summary-interval=0.05", prog, "wait")
			cmd.Env = env
			var stderr testutil.Output
			cmd.Stderr = &stderr
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				if cmd.ProcessState == nil { // the test failed before its end
					cancel()
					_ = cmd.Wait()
				}
			}()
			stderr.WaitFor(t, "--- interval ending", 30*time.Second)
			if _, err := stdin.Write([]byte("x")); err != nil {
				t.Fatal(err)
			}
			_ = stdin.Close()
			if err := cmd.Wait(); err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			secs := sections(stderr.String(), intervalHeader)
			if len(secs) < 4 || secs[len(secs)-1].header != "--- total ---" {
				t.Fatalf("want at least two intervals' tables and the total:\n%s", stderr.String())
			}
			if n := callsOf(t, secs[1].text, "getpid"); n != 0 {
				t.Errorf("the first interval has %d getpid calls, made before the program was let go:\n%s", n, secs[1].text)
			}
			later := 0
			for _, s := range secs[2 : len(secs)-1] {
				later += callsOf(t, s.text, "getpid")
			}
			if later != 3 {
				t.Errorf("the later intervals have %d getpid calls, want 3:\n%s", later, stderr.String())
			}
			if n := callsOf(t, secs[len(secs)-1].text, "getpid"); n != 3 {
				t.Errorf("the total has %d getpid calls, want 3:\n%s", n, secs[len(secs)-1].text)
			}
		})
	}
}

// TestSummaryIntervalErrors: bad values are strace's usage error.
func TestSummaryIntervalErrors(t *testing.T) {
	sctrace := testutil.BuildSctrace(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-c", "--summary-interval=0", "true"}, "sctrace: invalid --summary-interval argument: '0'\n"},
		{[]string{"-c", "--summary-interval=x", "true"}, "sctrace: invalid --summary-interval argument: 'x'\n"},
		{[]string{"-c", "--summary-interval=-1", "true"}, "sctrace: invalid --summary-interval argument: '-1'\n"},
		{[]string{"--summary-interval=1", "true"}, "sctrace: --summary-interval must be given with (-c/--summary-only or -C/--summary)\n"},
	} {
		r := run(t, sctrace, c.args...)
		if r.exit != 1 || !strings.HasPrefix(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", c.args, r.exit, r.stderr, c.want)
		}
	}
}
