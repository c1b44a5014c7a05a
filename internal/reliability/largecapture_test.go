package reliability

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestLargeCaptures: data larger than an eBPF record (a 1 MiB write
// dumped with -e write=, a writev past 256 KiB, execve arguments of
// 100,000 characters with a large -s) prints exactly as strace prints
// it, on both backends, with nothing re-read from the live task and
// nothing lost.
func TestLargeCaptures(t *testing.T) {
	strace := testutil.RequireCommand(t, "strace")
	bin := workload(t, "bigdata")
	cases := [][]string{
		{"-e", "write=3", "-e", "trace=write,writev", bin},
		{"-s", "200000", "-e", "trace=write,writev,execve", bin},
		{"-s", "99999", "-e", "trace=execve", bin},
	}
	eachBackend(t, "captures over 64 KiB", func(t *testing.T, backend, sctrace string) {
		for _, args := range cases {
			dir := t.TempDir()
			want, _ := traceOf(t, exec.Command(strace, append([]string{"-o", filepath.Join(dir, "ref")}, args...)...), filepath.Join(dir, "ref"))
			got, stats := traceOf(t, exec.Command(sctrace, append([]string{"--backend=" + backend, "--tracer-stats=json", "-o", filepath.Join(dir, "out")}, args...)...), filepath.Join(dir, "out"))
			if got != want {
				t.Errorf("%v: the trace (%d bytes) differs from strace's (%d bytes)", args, len(got), len(want))
			}
			if len(want) < 100000 {
				t.Errorf("%v: strace printed only %d bytes: the test's premise is stale", args, len(want))
			}
			checkNothingLost(t, stats)
		}
	})
}

// addrField matches what differs between two runs of bigdata: the
// address of its environment.
var addrField = regexp.MustCompile(`0x[0-9a-f]+ /\*`)

// traceOf runs cmd and returns the trace it wrote to file, addresses
// masked, and what it printed.
func traceOf(t *testing.T, cmd *exec.Cmd, file string) (trace string, output []byte) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd.Args[0], err, out)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return addrField.ReplaceAllString(string(b), "ADDR /*"), out
}

// checkNothingLost fails the test if the tracer stats (--tracer-stats=json
// on stderr, the last line) count a lost record, a capture re-read from
// the live task or a mismatch.
func checkNothingLost(t *testing.T, stderr []byte) {
	t.Helper()
	lines := bytes.Split(bytes.TrimSpace(stderr), []byte("\n"))
	b := lines[len(lines)-1]
	var s struct {
		Stats struct{ Lost, CaptureRereads, CaptureMismatches uint64 }
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("tracer stats %q: %v", b, err)
	}
	if s.Stats.Lost != 0 || s.Stats.CaptureRereads != 0 || s.Stats.CaptureMismatches != 0 {
		t.Errorf("tracer stats: %+v", s.Stats)
	}
}
