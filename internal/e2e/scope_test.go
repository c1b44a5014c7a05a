package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sctrace/sctrace/internal/testutil"
)

// The scope tests run sctrace with a scope and a command that says
// "ready" (the programs are attached by then) and waits for a line. The
// test then has scopemark markers, started beforehand and put inside or
// outside the scope, make their call (each answers once it is made), and
// ends the command: the trace holds every record made before that.

// marker is a running scopemark.
type marker struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	path string // what it opens
}

// scopeTimeout bounds each wait of these tests (a hang, not a measure).
const scopeTimeout = 30 * time.Second

// startMarker starts scopemark as a program called name (its command
// name) opening PATH, under wrap (a command that runs it, or nothing),
// and returns once it answered a first line.
func startMarker(t *testing.T, name string, wrap []string, extra ...string) *marker {
	t.Helper()
	bin := testutil.BuildC(t, testutil.WorkloadSource(t, "scopemark"))
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, name)
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prog, data, 0o755); err != nil {
		t.Fatal(err)
	}
	m := &marker{path: filepath.Join(dir, name+".mark")}
	argv := append(append(append([]string{}, wrap...), prog, m.path), extra...)
	m.cmd = exec.Command(argv[0], argv[1:]...)
	if m.in, err = m.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := m.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	m.out = bufio.NewReader(out)
	if err := m.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = m.in.Close()
		_ = m.cmd.Process.Kill()
		_ = m.cmd.Wait()
	})
	m.do(t, "hello")
	return m
}

// do tells the marker what to do and returns once it has done it.
func (m *marker) do(t *testing.T, what string) {
	t.Helper()
	if _, err := io.WriteString(m.in, what+"\n"); err != nil {
		t.Fatalf("marker: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		s, _ := m.out.ReadString('\n')
		got <- s
	}()
	select {
	case s := <-got:
		if s != what+"\n" {
			t.Fatalf("marker answered %q to %q", s, what)
		}
	case <-time.After(scopeTimeout):
		t.Fatalf("marker did not answer %q", what)
	}
}

// scopeRun is a running sctrace with a scope.
type scopeRun struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	stderr *testutil.Output
}

// startScope starts sctrace with args and a command that says "ready",
// and returns once the command said it.
func startScope(t *testing.T, args ...string) *scopeRun {
	t.Helper()
	testutil.RequireBPF(t)
	sctrace := testutil.BuildSctrace(t)
	argv := append(append([]string{}, args...), "--", "sh", "-c", "echo ready; read x")
	cmd := exec.Command(sctrace, argv...)
	cmd.Args[0] = "sctrace"
	cmd.Env = env
	r := &scopeRun{cmd: cmd, stderr: &testutil.Output{}}
	stdout := &testutil.Output{}
	cmd.Stdout, cmd.Stderr = stdout, r.stderr
	var err error
	if r.in, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	stdout.WaitFor(t, "ready", scopeTimeout)
	return r
}

// finish ends the command, waits for sctrace and returns its trace.
func (r *scopeRun) finish(t *testing.T) string {
	t.Helper()
	_, _ = io.WriteString(r.in, "x\n")
	_ = r.in.Close()
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("sctrace: %v\n%s", err, r.stderr.String())
		}
	case <-time.After(scopeTimeout):
		t.Fatalf("sctrace did not end with its command:\n%s", r.stderr.String())
	}
	return r.stderr.String()
}

// openLine is the start of the line of m's open, as a scope prints it.
func openLine(m *marker, name string) string {
	return fmt.Sprintf("[pid %5d<%s>] openat(AT_FDCWD, %q, O_RDONLY)", m.cmd.Process.Pid, name, m.path)
}

// requireLine fails unless text has a line starting with prefix, a call
// that other processes' lines split into its unfinished and resumed
// halves counting as one line.
func requireLine(t *testing.T, text, prefix string) {
	t.Helper()
	for _, l := range rejoined(text) {
		if strings.HasPrefix(l, prefix) {
			return
		}
	}
	t.Errorf("no line starting with %q in:\n%s", prefix, text)
}

// scopeTask is the "[pid N<comm>] " a scope's line starts with.
var scopeTask = regexp.MustCompile(`^\[pid +\d+(?:<[^>]*>)?\] `)

// rejoined returns text's lines with each call split into "NAME(args
// <unfinished ...>" and "<... NAME resumed>rest" lines of one task put
// back together, where the resumed half was.
func rejoined(text string) []string {
	var out []string
	open := map[string]string{} // task prefix -> its unfinished call
	for _, l := range strings.Split(text, "\n") {
		task := scopeTask.FindString(l)
		rest := l[len(task):]
		switch {
		case task != "" && strings.HasSuffix(rest, " <unfinished ...>"):
			open[task] = strings.TrimSuffix(rest, " <unfinished ...>")
			continue
		case task != "" && strings.HasPrefix(rest, "<... "):
			if start, ok := open[task]; ok {
				if _, after, found := strings.Cut(rest, " resumed>"); found {
					delete(open, task)
					l = task + start + after
				}
			}
		}
		out = append(out, l)
	}
	return out
}

// requireNo fails if text holds s.
func requireNo(t *testing.T, text, s string) {
	t.Helper()
	if strings.Contains(text, s) {
		t.Errorf("%q should not be traced:\n%s", s, text)
	}
}

// cgroup2Mount is where the cgroup v2 hierarchy is mounted, from
// /proc/self/mountinfo.
func cgroup2Mount(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		for i, w := range f {
			if w == "-" && i+1 < len(f) && f[i+1] == "cgroup2" && len(f) > 4 {
				return f[4]
			}
		}
	}
	if testutil.InCI() {
		t.Fatal("CI=true but no cgroup v2 hierarchy is mounted")
	}
	t.Skip("no cgroup v2 hierarchy is mounted")
	return ""
}

// newCgroup makes a cgroup under dir, removed at the end of the test
// (after its processes, which the markers' cleanups end).
func newCgroup(t *testing.T, dir, name string) string {
	t.Helper()
	cg := filepath.Join(dir, name)
	if err := os.Mkdir(cg, 0o755); err != nil {
		t.Fatalf("make a cgroup: %v", err)
	}
	t.Cleanup(func() {
		if err := os.Remove(cg); err != nil {
			t.Errorf("remove cgroup: %v", err)
		}
	})
	return cg
}

// enter moves m into cgroup cg.
func (m *marker) enter(t *testing.T, cg string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(cg, "cgroup.procs"), []byte(strconv.Itoa(m.cmd.Process.Pid)), 0); err != nil {
		t.Fatalf("move %d into %s: %v", m.cmd.Process.Pid, cg, err)
	}
}

// TestScopeCgroup: a process in the cgroup is traced, one that enters a
// descendant cgroup once tracing runs too, one outside is not.
func TestScopeCgroup(t *testing.T) {
	testutil.RequireBPF(t)
	root := cgroup2Mount(t)
	cg := newCgroup(t, root, fmt.Sprintf("sctrace-test-%d", os.Getpid()))
	sub := newCgroup(t, cg, "sub")
	in := startMarker(t, "scopemark", nil)
	late := startMarker(t, "scopemark", nil)
	out := startMarker(t, "scopemark", nil)
	in.enter(t, cg)
	r := startScope(t, "--cgroup="+strings.TrimPrefix(cg, root), "-e", "trace=openat")
	late.enter(t, sub)
	in.do(t, "open")
	late.do(t, "open")
	out.do(t, "open")
	got := r.finish(t)
	requireLine(t, got, openLine(in, "scopemark"))
	requireLine(t, got, openLine(late, "scopemark"))
	requireNo(t, got, out.path)
	// The markers' processes leave the cgroups before they go.
	for _, m := range []*marker{in, late} {
		m.enter(t, root)
	}
}

// TestScopeComm: --comm takes the tasks of that name only.
func TestScopeComm(t *testing.T) {
	a := startMarker(t, "scmarka", nil)
	b := startMarker(t, "scmarkb", nil)
	r := startScope(t, "--comm=scmarka", "-e", "trace=openat")
	a.do(t, "open")
	b.do(t, "open")
	got := r.finish(t)
	requireLine(t, got, openLine(a, "scmarka"))
	requireNo(t, got, b.path)
}

// TestScopeUID: --uid takes the processes of that user (by name, as -u
// looks it up), not root's.
func TestScopeUID(t *testing.T) {
	testutil.RequireRoot(t)
	uid := "65534"
	if u, err := user.LookupId(uid); err == nil {
		uid = u.Username
	}
	nobody := startMarker(t, "scopemark", nil, "65534")
	rootm := startMarker(t, "scopemark", nil)
	r := startScope(t, "--uid="+uid+",12345", "-e", "trace=openat")
	nobody.do(t, "open")
	rootm.do(t, "open")
	got := r.finish(t)
	requireLine(t, got, openLine(nobody, "scopemark"))
	requireNo(t, got, rootm.path)
}

// TestScopeTree: --tree takes a process's existing descendants and a
// child made once tracing runs, not another process.
func TestScopeTree(t *testing.T) {
	sh := testutil.RequireCommand(t, "sh")
	// The shell is the tree's root; the marker, its child, exists before.
	m := startMarker(t, "scopemark", []string{sh, "-c", `"$@"; true`, "sh"})
	out := startMarker(t, "scopemark", nil)
	r := startScope(t, "--tree="+strconv.Itoa(m.cmd.Process.Pid), "-e", "trace=openat")
	m.do(t, "open")
	m.do(t, "fork")
	out.do(t, "open")
	got := r.finish(t)
	requireLine(t, got, fmt.Sprintf("[pid %5d<scopemark>]", m.childPid(t)))
	if !strings.Contains(got, fmt.Sprintf("openat(AT_FDCWD, %q, O_RDONLY)", m.path)) ||
		!strings.Contains(got, fmt.Sprintf("openat(AT_FDCWD, %q, O_RDONLY)", m.path+".child")) {
		t.Errorf("the tree's opens are missing:\n%s", got)
	}
	requireNo(t, got, out.path)
}

// TestScopeLateEvents: a process in the scope whose calls the filter
// never wants is traced from its first event that is reported: a signal
// that another process sends it and it ignores (seen where it is sent,
// so the scope is tested on a task that is not the current one, by its
// name, user and cgroup), then its exit. A process of the same name
// outside the scope's user is not traced.
func TestScopeLateEvents(t *testing.T) {
	testutil.RequireRoot(t)
	root := cgroup2Mount(t)
	cg := newCgroup(t, root, fmt.Sprintf("sctrace-late-%d", os.Getpid()))
	in := startMarker(t, "scmarkq", nil, "65534")
	out := startMarker(t, "scmarkq", nil)
	in.enter(t, cg)
	out.enter(t, cg)
	r := startScope(t, "--comm=scmarkq", "--uid=65534", "--cgroup="+strings.TrimPrefix(cg, root), "-e", "trace=accept")
	for _, m := range []*marker{in, out} {
		if err := syscall.Kill(m.cmd.Process.Pid, syscall.SIGURG); err != nil {
			t.Fatal(err)
		}
		// The marker's next calls are where the ignored signal shows.
		m.do(t, "open")
	}
	_ = in.in.Close()
	if err := in.cmd.Wait(); err != nil {
		t.Fatalf("marker: %v", err)
	}
	out.enter(t, root)
	got := r.finish(t)
	prefix := fmt.Sprintf("[pid %5d<scmarkq>] ", in.cmd.Process.Pid)
	requireLine(t, got, fmt.Sprintf("%s--- SIGURG {si_signo=SIGURG, si_code=SI_USER, si_pid=%d<", prefix, os.Getpid()))
	requireLine(t, got, prefix+"+++ exited with 0 +++")
	requireNo(t, got, fmt.Sprintf("[pid %5d<", out.cmd.Process.Pid))
}

// childPid returns the pid of the marker a wrapping shell runs.
func (m *marker) childPid(t *testing.T) int {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", m.cmd.Process.Pid, m.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("children of %d: %q", m.cmd.Process.Pid, data)
	}
	return pid
}

// TestScopeSystemWide: every process is traced while the command runs,
// each line naming its process; sctrace itself is not.
func TestScopeSystemWide(t *testing.T) {
	m := startMarker(t, "scopemark", nil)
	r := startScope(t, "--system-wide", "-e", "trace=openat", "-e", "signal=none")
	m.do(t, "open")
	got := r.finish(t)
	requireLine(t, got, openLine(m, "scopemark"))
	requireNo(t, got, fmt.Sprintf("[pid %5d<", r.cmd.Process.Pid))
	for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
		if !strings.HasPrefix(l, "[pid ") && !strings.HasPrefix(l, "sctrace: ") {
			t.Errorf("a line without its process: %q", l)
		}
	}
}

// TestScopeJSON: in a scope, JSON records carry the task's command name,
// cgroup and PID namespace, and validate against the schema.
func TestScopeJSON(t *testing.T) {
	m := startMarker(t, "scopemark", nil)
	r := startScope(t, "--comm=scopemark", "--output-format=json", "-e", "trace=openat")
	m.do(t, "open")
	got := r.finish(t)
	s := loadSchema(t)
	for i, rec := range jsonRecords(t, got) {
		if err := s.Validate(rec); err != nil {
			t.Errorf("line %d: %v\n%s", i+1, err, lines(got)[i])
		}
	}
	var ns uint64
	if fi, err := os.Stat(fmt.Sprintf("/proc/%d/ns/pid", m.cmd.Process.Pid)); err == nil {
		ns = statIno(fi)
	}
	for _, l := range strings.Split(got, "\n") {
		if !strings.Contains(l, m.path) {
			continue
		}
		var rec struct {
			PID      int    `json:"pid"`
			TID      int    `json:"tid"`
			Comm     string `json:"comm"`
			Cgroup   string `json:"cgroup"`
			CgroupID uint64 `json:"cgroup_id"`
			PidNS    uint64 `json:"pidns"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		if rec.PID != m.cmd.Process.Pid || rec.TID != rec.PID || rec.Comm != "scopemark" || rec.Cgroup == "" || rec.CgroupID == 0 || rec.PidNS != ns {
			t.Errorf("record %+v (pidns %d): %s", rec, ns, l)
		}
		return
	}
	t.Errorf("no record of the marker's open:\n%s", got)
}

// TestScopeRefused: scopes exist on eBPF only, and bad values are one
// line and exit 1.
func TestScopeRefused(t *testing.T) {
	sctrace := testutil.BuildSctrace(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--backend=ptrace", "--system-wide"}, "sctrace: --system-wide needs the ebpf backend\n"},
		{[]string{"--backend=ptrace", "--comm=x", "true"}, "sctrace: --comm needs the ebpf backend\n"},
		{[]string{"--cgroup=/nonexistent"}, "sctrace: --cgroup: /nonexistent: No such file or directory\n"},
		{[]string{"--cgroup=/proc"}, "sctrace: --cgroup: /proc: not a cgroup v2 directory\n"},
		{[]string{"--uid=nosuchuser"}, "sctrace: Cannot find user 'nosuchuser'\n"},
		{[]string{"--tree=0"}, "sctrace: Invalid process id: '0'\n"},
	} {
		r := run(t, sctrace, c.args...)
		if r.exit != 1 || r.stderr != c.want {
			t.Errorf("sctrace %s: exit %d, stderr %q; want 1, %q", strings.Join(c.args, " "), r.exit, r.stderr, c.want)
		}
	}
}

// statIno is a file's inode number.
func statIno(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

// TestDecodePidsCommBothBackends: -Y names the process of each line and
// of a pid argument on both backends alike, and --always-show-pid prints
// the prefix with one process.
func TestDecodePidsCommBothBackends(t *testing.T) {
	testutil.RequireBPF(t)
	_, sctrace := tracers(t)
	want := regexp.MustCompile(`^\[pid +([0-9]+)<sh>\] kill\(([0-9]+)<sh>, 0\) += 0$`)
	for _, backend := range []string{"ebpf", "ptrace"} {
		r := run(t, sctrace, "--backend="+backend, "-Y", "--always-show-pid", "-e", "trace=kill", "sh", "-c", "kill -0 $$")
		first := strings.SplitN(r.stderr, "\n", 2)[0]
		m := want.FindStringSubmatch(first)
		if r.exit != 0 || m == nil || m[1] != m[2] {
			t.Errorf("%s: exit %d, first line %q; want [pid N<sh>] kill(N<sh>, 0) = 0\n%s", backend, r.exit, first, r.stderr)
		}
	}
}

// TestScopeWithoutCommand: with no command, a scope traces until SIGINT,
// of which sctrace then dies, as with -p.
func TestScopeWithoutCommand(t *testing.T) {
	testutil.RequireBPF(t)
	m := startMarker(t, "scopemark", nil)
	cmd, _, stderr := startTraced(t, testutil.BuildSctrace(t), "--comm=scopemark", "-e", "trace=openat")
	// Nothing announces that the programs are attached: the marker
	// opens until its line shows.
	if !testutil.Eventually(scopeTimeout, func() bool {
		m.do(t, "open")
		return strings.Contains(stderr.String(), m.path)
	}) {
		t.Fatalf("the marker's open never showed:\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := testutil.ExitCode(cmd.Wait()); code != 128+int(syscall.SIGINT) {
		t.Errorf("sctrace ended with %d, want %d (killed by SIGINT)\n%s", code, 128+int(syscall.SIGINT), stderr.String())
	}
	requireLine(t, stderr.String(), openLine(m, "scopemark"))
}
