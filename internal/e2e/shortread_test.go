package e2e

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestShortRead: a string argument that runs into memory that cannot be
// read prints as its address, and the tracer says on stderr how far it
// read, as strace does, on both backends.
func TestShortRead(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "shortread")
	args := []string{"-e", "trace=chdir,openat", bin}
	refTrace, ref := traceFile(t, strace, args...)
	addr := regexp.MustCompile(`0x[0-9a-f]+`)
	want := addr.ReplaceAllString(asSctrace(ref.stderr), "ADDR")
	if n := len(regexp.MustCompile(`short read`).FindAllString(want, -1)); n != 3 {
		t.Fatalf("strace said %d short reads, want 3:\n%s", n, ref.stderr)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			gotTrace, got := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if s := addr.ReplaceAllString(got.stderr, "ADDR"); s != want {
				t.Errorf("stderr:\n%s\nwant (as strace's):\n%s", s, want)
			}
			if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
				t.Errorf("trace differs from strace's at %s", d)
			}
		})
	}
}

// TestStringChangedAfter: a path that ran into an unmapped page at the
// call prints as its address, as strace prints it, even though the process
// has made it a string by the time the line is printed (it waits, blocked,
// for its stdin to end until the test has read the line).
func TestStringChangedAfter(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "changedafter")
	args := []string{"-e", "trace=chdir", bin}
	want := chdirLine(t, strace, args...)
	if !regexp.MustCompile(`^chdir\(ADDR\) += -1 EFAULT`).MatchString(want) {
		t.Fatalf("strace printed %q", want)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			if got := chdirLine(t, sctrace, append([]string{"--backend=" + backend}, args...)...); got != want {
				t.Errorf("got  %q\nwant %q (strace's)", got, want)
			}
		})
	}
}

// chdirLine runs tracer with args, reads its trace (written to a pipe,
// apart from its messages) up to the first chdir line, then ends the
// traced process's stdin and waits for it to exit. It returns that line
// with its address replaced by ADDR.
func chdirLine(t *testing.T, tracer string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	trace, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer trace.Close()
	cmd := exec.CommandContext(ctx, tracer, append([]string{"-o", "/dev/fd/3"}, args...)...)
	cmd.Env = env
	cmd.ExtraFiles = []*os.File{w}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	err = cmd.Start()
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	var line string
	sc := bufio.NewScanner(trace)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "chdir(") {
			line = sc.Text()
			break
		}
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil || ctx.Err() != nil {
		t.Fatalf("%s: %v (%v)", filepath.Base(tracer), err, ctx.Err())
	}
	if line == "" {
		t.Fatalf("%s printed no chdir line", filepath.Base(tracer))
	}
	return regexp.MustCompile(`0x[0-9a-f]+`).ReplaceAllString(line, "ADDR")
}

// TestBPFLogBeforeUnmapped: BPF_PROG_LOAD's log buffer, whose log_size
// bytes end where an unmapped page begins, prints as strace prints it
// (its bytes, with or without a NUL among them), on both backends.
func TestBPFLogBeforeUnmapped(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireRoot(t)
	bin := workload(t, "bpflog")
	args := []string{"-e", "trace=bpf", bin}
	refTrace, _ := traceFile(t, strace, args...)
	if n := strings.Count(refTrace, `log_buf="log`); n != 2 {
		t.Fatalf("strace printed %d log buffers, want 2:\n%s", n, refTrace)
	}
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			gotTrace, _ := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
				t.Errorf("trace differs from strace's at %s", d)
			}
		})
	}
}
