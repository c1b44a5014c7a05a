package printer

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files of the Perfetto tests")

// perfettoSchema compiles docs/perfetto-schema.json.
func perfettoSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "docs", "perfetto-schema.json"))
	if err != nil {
		t.Fatalf("compile schema: %v", err)
	}
	return s
}

// perfettoTrace runs evs through a PerfettoPrinter with opts and returns
// the file, which it checks is JSON that the schema accepts.
func perfettoTrace(t *testing.T, opts Options, evs ...*trace.Event) []byte {
	t.Helper()
	var buf bytes.Buffer
	opts.Stderr = &buf
	p, err := NewPerfetto(decode.New(decode.Options{StringLimit: decode.DefaultStringLimit}), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		if err := p.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	if err := perfettoSchema(t).Validate(doc); err != nil {
		t.Errorf("schema: %v\n%s", err, buf.String())
	}
	return buf.Bytes()
}

// traceEvents decodes a Perfetto file's events.
func traceEvents(t *testing.T, file []byte) []map[string]any {
	t.Helper()
	var doc struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(file, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.TraceEvents
}

// golden compares got with testdata/NAME, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// nrOf returns an x86_64 syscall's number.
func nrOf(name string) int {
	n, ok := syscalls.X86_64.Lookup(name)
	if !ok {
		panic(name)
	}
	return n
}

// execEnter is an execve entry of tid (in process pid) running path.
func execEnter(e *events, pid, tid int32, us int64, path string) *trace.Event {
	ev := e.enter(tid, nrOf("execve"), us, 0x1000, 0x2000, 0x3000)
	ev.PID = pid
	ev.Captures[0].Data = []byte(path)
	return ev
}

// sigchld is the delivery of a SIGCHLD to tid about child.
func sigchld(e *events, tid int32, us int64, child int32) *trace.Event {
	info := &trace.SignalInfo{Signo: 17}
	binary.LittleEndian.PutUint32(info.Raw[0:], 17)
	binary.LittleEndian.PutUint32(info.Raw[8:], 1) // CLD_EXITED
	binary.LittleEndian.PutUint32(info.Raw[16:], uint32(child))
	return &trace.Event{Kind: trace.Signal, PID: tid, TID: tid, Enter: e.at(us), Signal: info}
}

// TestPerfettoGolden runs a trace with every kind of event through the
// printer: a launched shell that forks a child which executes cat, a
// thread whose execve takes over its process, signals, a group stop, a
// failed call, a call that never returns, one the trace ends inside, an
// attached process let go inside a call, and lost events.
func TestPerfettoGolden(t *testing.T) {
	var e events
	as := func(ev *trace.Event, pid, tid int32) *trace.Event { ev.PID, ev.TID = pid, tid; return ev }
	shExec := execEnter(&e, 10, 10, 0, "/usr/bin/sh")
	fork := e.enter(10, nrOf("clone"), 5, 0x1200011, 0, 0, 0x7f00, 0)
	child := &trace.Event{Kind: trace.NewTask, PID: 11, TID: 11, Enter: e.at(6)}
	childPid := e.enter(11, nrOf("getpid"), 7)
	catExec := execEnter(&e, 11, 11, 9, "/bin/cat")
	open := e.enter(11, nrOf("openat"), 12, 0xffffff9c, 0x1000, 0)
	open.Captures[1].Data = []byte("/etc/missing")
	exitGroup := e.enter(11, nrOf("exit_group"), 14, 0)
	wait := e.enter(10, nrOf("wait4"), 15, 0xffffffffffffffff, 0, 0, 0)
	spawn := e.enter(10, nrOf("clone"), 19, 0x3d0f00, 0x7e00, 0x7f10, 0x7f10, 0x7f20)
	thread := &trace.Event{Kind: trace.NewTask, PID: 10, TID: 12, Enter: e.at(19)}
	waitAgain := e.enter(10, nrOf("wait4"), 21, 0xffffffffffffffff, 0, 0, 0)
	trueExec := execEnter(&e, 10, 12, 22, "/bin/true")
	read := e.enter(10, nrOf("read"), 30, 0, 0x5000, 10)
	idle := &trace.Event{Kind: trace.NewTask, PID: 20, TID: 20, Enter: e.at(31), Attached: true}
	idleRead := e.enter(20, nrOf("read"), 32, 0, 0x6000, 10)
	stop := &trace.Event{Kind: trace.Signal, PID: 10, TID: 10, Enter: e.at(29), Signal: &trace.SignalInfo{Signo: 19, GroupStop: true}}
	evs := []*trace.Event{
		shExec,
		{Kind: trace.Exec, PID: 10, TID: 10, OldTID: 10, Enter: e.at(1)},
		e.exit(shExec, 2, 0),
		fork, child, // the child's first event comes before its creator's return
		childPid, e.exit(childPid, 8, 11),
		e.exit(fork, 8, 11),
		catExec,
		{Kind: trace.Exec, PID: 11, TID: 11, OldTID: 11, Enter: e.at(10)},
		e.exit(catExec, 11, 0),
		open, e.exit(open, 13, -2),
		exitGroup,
		{Kind: trace.SyscallExit, NoReturn: true, PID: 11, TID: 11, Arch: trace.ArchX86_64, NR: int32(nrOf("exit_group")), Args: exitGroup.Args, Enter: exitGroup.Enter, Exit: e.at(16)},
		{Kind: trace.Exit, PID: 11, TID: 11, Enter: e.at(16)},
		wait, e.exit(wait, 17, 11),
		sigchld(&e, 10, 18, 11),
		spawn, thread, e.exit(spawn, 20, 12),
		waitAgain,
		trueExec,
		// Thread 12 executes: the leader's wait4 ends, 12 becomes 10.
		{Kind: trace.Exec, PID: 10, TID: 10, OldTID: 12, Enter: e.at(24)},
		as(e.exit(trueExec, 25, 0), 10, 10),
		stop,
		read,
		{Kind: trace.Lost, Enter: e.at(30), Lost: 3},
		idle, idleRead,
		{Kind: trace.Detached, PID: 20, TID: 20, Enter: e.at(40)},
		// A detach whose time the backend did not tell: the thread's
		// last known time, and the call it left is an instant.
		{Kind: trace.NewTask, PID: 21, TID: 21, Enter: e.at(41), Attached: true},
		e.enter(21, nrOf("pause"), 42),
		{Kind: trace.Detached, PID: 21, TID: 21},
		{Kind: trace.NewTask, PID: 22, TID: 22, Enter: e.at(43), Attached: true},
		{Kind: trace.Exit, PID: 22, TID: 22, Enter: e.at(44), ExitSignal: 11, CoreDumped: true},
	}
	comm := func(tid int32) (string, bool) {
		switch tid {
		case 20, 21:
			return "idle", true
		case 22:
			return "crash", true
		}
		return "", false
	}
	out := perfettoTrace(t, Options{Comm: comm}, evs...)
	golden(t, "perfetto.json", out)

	names := map[string]string{}
	for _, ev := range traceEvents(t, out) {
		if ev["ph"] == "M" && ev["name"] != "process_sort_index" {
			a := ev["args"].(map[string]any)
			names[ev["name"].(string)+" "+jsonNum(ev["tid"])] = a["name"].(string)
		}
	}
	want := map[string]string{
		"process_name 10": "true", "thread_name 10": "true", "thread_name 12": "sh",
		"process_name 11": "cat", "thread_name 11": "cat",
		"process_name 20": "idle", "thread_name 20": "idle",
	}
	for k, v := range want {
		if names[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, names[k], v, names)
		}
	}
}

func jsonNum(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestPerfettoMatchesText: each slice's name, arguments and result are
// what the text printer prints for the same call.
func TestPerfettoMatchesText(t *testing.T) {
	var e events
	open := e.enter(10, nrOf("openat"), 1, 0xffffff9c, 0x1000, 0x241, 0o644)
	open.Captures[1].Data = []byte("/tmp/a \"b\"\x7f\xff")
	write := e.enter(10, nrOf("write"), 3, 3, 0x2000, 5)
	write.Captures[1].Data = []byte("hi\n\x00z")
	mmap := e.enter(10, nrOf("mmap"), 5, 0, 2097152, 3, 0x54040022, 0xffffffff, 0)
	bad := e.enter(10, nrOf("close"), 7, 99)
	exitGroup := e.enter(10, nrOf("exit_group"), 9, 1)
	evs := []*trace.Event{
		open, e.exit(open, 2, 3),
		write, e.exit(write, 4, 5),
		mmap, e.exit(mmap, 6, 0x7f0000000000),
		bad, e.exit(bad, 8, -9),
		exitGroup,
		{Kind: trace.SyscallExit, NoReturn: true, PID: 10, TID: 10, Arch: trace.ArchX86_64, NR: int32(nrOf("exit_group")), Args: exitGroup.Args, Enter: exitGroup.Enter, Exit: e.at(10)},
		{Kind: trace.Exit, PID: 10, TID: 10, Enter: e.at(10), Status: 1},
	}
	p, text := newPrinter(t, Options{Column: 1})
	feed(t, p, evs...)
	var want []string
	for _, l := range strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "+++") {
			want = append(want, l)
		}
	}
	var got []string
	for _, ev := range traceEvents(t, perfettoTrace(t, Options{}, evs...)) {
		if ev["cat"] != "syscall" {
			continue
		}
		a := ev["args"].(map[string]any)
		got = append(got, ev["name"].(string)+"("+a["args"].(string)+") = "+a["ret"].(string))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("slices\n%s\ntext\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPerfettoFilters: -e trace=, -e status= and -e signal= select as in
// the other formats; a file with nothing traced is still whole.
func TestPerfettoFilters(t *testing.T) {
	var e events
	ok := e.enter(10, nrOf("close"), 1, 3)
	bad := e.enter(10, nrOf("close"), 3, 99)
	pid := e.enter(10, nrOf("getpid"), 5)
	evs := []*trace.Event{ok, e.exit(ok, 2, 0), bad, e.exit(bad, 4, -9), pid, e.exit(pid, 6, 10), sigchld(&e, 10, 7, 11)}
	spec := filter.New(syscalls.X86_64, decode.SignalNumber)
	for _, expr := range []string{"trace=close", "signal=!SIGCHLD"} {
		if err := spec.Apply(expr); err != nil {
			t.Fatal(err)
		}
	}
	spec.OnlyFailed()
	var kept []string
	for _, ev := range traceEvents(t, perfettoTrace(t, Options{Spec: spec}, evs...)) {
		if ev["ph"] != "M" {
			kept = append(kept, ev["name"].(string))
		}
	}
	if strings.Join(kept, " ") != "close" {
		t.Errorf("kept %q, want the failed close alone", kept)
	}
	empty := perfettoTrace(t, Options{})
	if want := `{"traceEvents":[` + "\n" + `],"displayTimeUnit":"ns"`; !strings.HasPrefix(string(empty), want) {
		t.Errorf("empty trace %s", empty)
	}
}

// TestAppendMicros: nanoseconds become microseconds with three decimals.
func TestAppendMicros(t *testing.T) {
	for ns, want := range map[int64]string{0: "0.000", 7: "0.007", 1234: "1.234", 5817569304897123: "5817569304897.123", -1500: "-1.500"} {
		if got := string(appendMicros(nil, ns)); got != want {
			t.Errorf("appendMicros(%d) = %s, want %s", ns, got, want)
		}
	}
	if s := string(appendPerfettoString(nil, []byte("a\x7fb"))); s != `"a\u007fb"` || !regexp.MustCompile(`^"[ -~]*"$`).MatchString(s) {
		t.Errorf("DEL escaped as %s", s)
	}
}

// TestPerfettoSchemaStrict: the schema refuses what the printer must not
// write, so that validating against it checks something.
func TestPerfettoSchemaStrict(t *testing.T) {
	s := perfettoSchema(t)
	for _, bad := range []string{
		`{"traceEvents":[{"ph":"X","name":"read","cat":"syscall","pid":1,"tid":1,"ts":1.000,"args":{"args":"","ret":"0"}}],"displayTimeUnit":"ns"}`,
		`{"traceEvents":[{"ph":"i","name":"read","cat":"syscall","pid":1,"tid":1,"ts":1.000,"s":"t","args":{"args":"","ret":"0"}}],"displayTimeUnit":"ns"}`,
		`{"traceEvents":[{"ph":"M","name":"process_name","pid":1,"tid":1,"args":{}}],"displayTimeUnit":"ns"}`,
		`{"traceEvents":[],"displayTimeUnit":"ms"}`,
	} {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(doc) == nil {
			t.Errorf("schema accepts %s", bad)
		}
	}
}

// TestPerfettoNotes: with the trace in a file, strace's attach and detach
// notes go to stderr, as in text mode; the file stays JSON.
func TestPerfettoNotes(t *testing.T) {
	var e events
	var stderr bytes.Buffer
	out := filepath.Join(t.TempDir(), "trace.json")
	p, err := NewPerfetto(decode.New(decode.Options{}), Options{Output: out, Stderr: &stderr, Prog: "st"})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range []*trace.Event{
		{Kind: trace.NewTask, PID: 5, TID: 5, Enter: e.at(1), Attached: true, Threads: 2},
		{Kind: trace.NewTask, PID: 5, TID: 6, Enter: e.at(1), Attached: true, WithLeader: true},
		{Kind: trace.Detached, PID: 5, TID: 6, Enter: e.at(2)},
		{Kind: trace.Detached, PID: 5, TID: 5, Enter: e.at(2)},
	} {
		if err := p.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	want := "st: Process 5 attached with 2 threads\nst: Process 6 detached\nst: Process 5 detached\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// One attached instant, two detached, the process's sort index (no
	// names: nothing tells them).
	if n := len(traceEvents(t, b)); n != 4 {
		t.Errorf("%d events, want 4:\n%s", n, b)
	}
}
