package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var (
	// bracketPid is the prefix of a line on a terminal/stderr under -f.
	bracketPid = regexp.MustCompile(`^\[pid +(\d+)\] `)
	// filePid is the prefix of a line in an -o file under -f.
	filePid = regexp.MustCompile(`^(\d+) +`)
	// cloneRet is a fork-like call's return value (the new pid).
	cloneRet = regexp.MustCompile(`(?:clone|clone3|fork|vfork)(?:\(| resumed>).*= (\d+)$`)
)

// TestOutputFile: -o FILE puts the trace in the file and nothing on stderr.
func TestOutputFile(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "pipes")
	refTrace, ref := traceFile(t, strace, bin)
	gotTrace, got := traceFile(t, sctrace, bin)
	if got.stderr != ref.stderr {
		t.Errorf("stderr %q, strace's %q", got.stderr, ref.stderr)
	}
	if !strings.HasPrefix(gotTrace, `execve("`+bin+`", ["`) {
		t.Errorf("trace does not start with execve: %.200q", gotTrace)
	}
	if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
		t.Errorf("trace differs from strace's at %s", d)
	}
}

// TestFollowForkExec: with -f the child's lines appear, each line carries
// its pid ("[pid N] " on stderr, "N " in a file), and the child's pid is
// what the parent's clone returned.
func TestFollowForkExec(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "forkexec")

	t.Run("stderr", func(t *testing.T) {
		ref := run(t, strace, "-f", bin)
		r := run(t, sctrace, "-f", bin)
		attached := regexp.MustCompile(`(?:strace|sctrace): Process \d+ attached\n`)
		if n, m := len(attached.FindAllString(ref.stderr, -1)), len(attached.FindAllString(r.stderr, -1)); n != m {
			t.Errorf("%d \"Process N attached\" messages, strace printed %d", m, n)
		}
		if r.exit != 0 {
			t.Fatalf("exit %d, stderr:\n%s", r.exit, r.stderr)
		}
		// strace prefixes "[pid N] " only while more than one task is
		// traced, so only the child's lines are sure to carry one.
		childExec := ""
		for _, l := range lines(r.stderr) {
			if m := bracketPid.FindStringSubmatch(l); m != nil {
				if strings.Contains(l, `execve("/bin/true", ["true"]`) {
					childExec = m[1]
				}
			}
		}
		if childExec == "" {
			t.Fatalf("no [pid N] execve(\"/bin/true\" line:\n%s", r.stderr)
		}
		if !strings.Contains(r.stderr, "= "+childExec) {
			t.Errorf("no call returned the child's pid %s:\n%s", childExec, r.stderr)
		}
		if r.stdout != "child done\n" {
			t.Errorf("stdout %q", r.stdout)
		}
	})

	t.Run("file", func(t *testing.T) {
		trace, r := traceFile(t, sctrace, "-f", bin)
		if r.exit != 0 {
			t.Fatalf("exit %d, stderr:\n%s", r.exit, r.stderr)
		}
		pids := map[string]int{}
		child := ""
		for _, l := range lines(trace) {
			m := filePid.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("line without a pid prefix: %q", l)
			}
			pids[m[1]]++
			if c := cloneRet.FindStringSubmatch(l); c != nil {
				child = c[1]
			}
		}
		if len(pids) != 2 {
			t.Errorf("lines from %d pids, want 2: %v", len(pids), pids)
		}
		if child == "" || pids[child] == 0 {
			t.Errorf("no lines from the cloned child %q: %v", child, pids)
		}
		if !regexp.MustCompile(`(?m)^` + child + ` +execve\("/bin/true", \["true"\]`).MatchString(trace) {
			t.Errorf("child %s has no execve line:\n%s", child, trace)
		}
	})
}

// TestFollowThreads: -f follows all four threads, and every thread's writes
// are traced under its own tid.
func TestFollowThreads(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "threads")
	refTrace, _ := traceFile(t, strace, "-f", bin)
	gotTrace, r := traceFile(t, sctrace, "-f", bin)
	if r.exit != 0 {
		t.Fatalf("exit %d, stderr:\n%s", r.exit, r.stderr)
	}
	want, got := threadWrites(refTrace), threadWrites(gotTrace)
	if len(want) != 4 {
		t.Fatalf("strace saw writes from %d threads, want 4: %v", len(want), want)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("per-task writes differ\nstrace:  %v\nsctrace: %v", want, got)
	}
	if n, m := taskCount(refTrace), taskCount(gotTrace); n != m || m != 5 {
		t.Errorf("sctrace traced %d tasks, strace %d, want 5", m, n)
	}
}

// threadWrites maps each thread's normalized task name to the "thread N line
// K" writes it made, in order.
func threadWrites(trace string) map[string][]string {
	out := map[string][]string{}
	re := regexp.MustCompile(`^(PID\d+) write\(1, "(thread \d line \d)\\n", 16\)`)
	for _, l := range normalized(trace) {
		if m := re.FindStringSubmatch(l); m != nil {
			out[m[1]] = append(out[m[1]], m[2])
		}
	}
	return out
}

// taskCount counts the distinct pid prefixes in an -f trace file.
func taskCount(trace string) int {
	pids := map[string]bool{}
	for _, l := range lines(trace) {
		if m := filePid.FindStringSubmatch(l); m != nil {
			pids[m[1]] = true
		}
	}
	return len(pids)
}

// TestFollowForkFiles: -ff -o PREFIX writes one file per process, PREFIX.PID,
// without pid prefixes inside.
func TestFollowForkFiles(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "forkexec")
	refFiles := ffRun(t, strace, bin)
	gotFiles := ffRun(t, sctrace, bin)
	if len(gotFiles) != 2 || len(refFiles) != 2 {
		t.Fatalf("sctrace wrote %d files, strace %d, want 2", len(gotFiles), len(refFiles))
	}
	// Pair the files parent first (pids wrap around: the child's may be
	// the smaller).
	parentFirst(refFiles)
	parentFirst(gotFiles)
	for i := range gotFiles {
		want, got := normalized(refFiles[i].body), normalized(gotFiles[i].body)
		for _, l := range lines(gotFiles[i].body) {
			if filePid.MatchString(l) {
				t.Errorf("%s: line with a pid prefix: %q", gotFiles[i].name, l)
				break
			}
		}
		if d := sameLines(want, got); d != "" {
			t.Errorf("file %d (%s) differs from strace's at %s", i, gotFiles[i].name, d)
		}
	}
	parent := gotFiles[0].body
	if !strings.Contains(parent, "= "+strconv.Itoa(gotFiles[1].pid)) {
		t.Errorf("parent's file never shows the child's pid %d", gotFiles[1].pid)
	}
}

// parentFirst orders the two files of a process and its child so that the
// parent's, where a fork, vfork or clone returns the child's pid, comes
// first.
func parentFirst(files []ffFile) {
	if forked(files[1].body, files[0].pid) {
		files[0], files[1] = files[1], files[0]
	}
}

// forked reports whether a fork, vfork or clone in trace returned pid.
func forked(trace string, pid int) bool {
	for _, l := range lines(trace) {
		for _, call := range []string{"fork(", "vfork(", "clone(", "clone3("} {
			if strings.HasPrefix(l, call) && strings.HasSuffix(l, "= "+strconv.Itoa(pid)) {
				return true
			}
		}
	}
	return false
}

// ffFile is one per-process output of -ff.
type ffFile struct {
	name string
	pid  int
	body string
}

// ffRun runs bin -ff -o DIR/out CMD and returns the files it wrote, sorted
// by pid.
func ffRun(t *testing.T, bin, cmd string) []ffFile {
	t.Helper()
	dir := t.TempDir()
	r := run(t, bin, "-ff", "-o", filepath.Join(dir, "out"), cmd)
	if r.exit != 0 {
		t.Fatalf("%s -ff: exit %d, stderr:\n%s", bin, r.exit, r.stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("read %s: %v", dir, err)
	}
	var files []ffFile
	for _, e := range entries {
		pid, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "out."))
		if err != nil || !strings.HasPrefix(e.Name(), "out.") {
			t.Errorf("unexpected file %q, want out.PID", e.Name())
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		files = append(files, ffFile{name: e.Name(), pid: pid, body: string(b)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].pid < files[j].pid })
	return files
}
