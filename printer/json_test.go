package printer

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// jsonLines runs evs through a JSONPrinter and decodes its records.
func jsonLines(t *testing.T, spec *filter.Spec, evs ...*trace.Event) []map[string]any {
	t.Helper()
	var buf bytes.Buffer
	p, err := NewJSON(decode.New(decode.Options{StringLimit: decode.DefaultStringLimit}), Options{Stderr: &buf, Spec: spec})
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
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, l)
		}
		out = append(out, m)
	}
	return out
}

func TestJSONRecords(t *testing.T) {
	var e events
	nr := func(name string) int {
		n, _ := syscalls.X86_64.Lookup(name)
		return n
	}
	open := e.enter(10, nr("openat"), 1, 0xffffff9c, 0x1000, 0)
	open.Captures[1].Data = []byte("/etc/a, \"b\"\xff")
	read := e.enter(11, nr("read"), 2, 0, 0x2000, 10)
	failed := e.exit(open, 3, -2)
	exitGroup := e.enter(10, nr("exit_group"), 5, 0)
	recs := jsonLines(t, nil,
		open, read, failed, exitGroup,
		&trace.Event{Kind: trace.Exit, PID: 10, TID: 10, Enter: e.at(6), Status: 0},
	)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4: %v", len(recs), recs)
	}
	r := recs[0]
	if r["syscall"] != "openat" || r["errno"] != "ENOENT" || r["duration_ns"].(float64) != 2000 {
		t.Errorf("openat record: %v", r)
	}
	args := r["args"].([]any)
	if got := args[1].(map[string]any)["text"]; got != `"/etc/a, \"b\"\377"` {
		t.Errorf("path text %q", got)
	}
	if len(args) != 4 || args[3].(map[string]any)["text"] != nil {
		t.Errorf("mode, not printed without O_CREAT, has text: %v", args)
	}
	if ret := r["ret"].(map[string]any); ret["text"] != "-1 ENOENT (No such file or directory)" || ret["raw"].(float64) != -2 {
		t.Errorf("ret %v", ret)
	}
	// exit_group never returns; the exit record ends it.
	if r := recs[1]; r["syscall"] != "exit_group" || r["unfinished"] != true || r["ret"] != nil {
		t.Errorf("exit_group record: %v", r)
	}
	if r := recs[2]; r["type"] != "exit" || r["status"].(float64) != 0 {
		t.Errorf("exit record: %v", r)
	}
	// The read of thread 11 was pending at the end of tracing.
	if r := recs[3]; r["syscall"] != "read" || r["unfinished"] != true || r["tid"].(float64) != 11 {
		t.Errorf("pending read: %v", r)
	}
}

// TestJSONArgumentTexts checks that each argument's text is the one the
// decoder printed, even where the line alone is ambiguous: mmap's
// 21<<MAP_HUGE_SHIFT looks like the start of a descriptor's <...>.
func TestJSONArgumentTexts(t *testing.T) {
	var e events
	mmapNR, _ := syscalls.X86_64.Lookup("mmap")
	mmap := e.enter(10, mmapNR, 1, 0, 2097152, 3, 0x54040022, 0xffffffff, 0)
	recs := jsonLines(t, nil, mmap, e.exit(mmap, 2, 0x7f0000000000))
	var texts []string
	for _, a := range recs[0]["args"].([]any) {
		texts = append(texts, a.(map[string]any)["text"].(string))
	}
	want := []string{"NULL", "2097152", "PROT_READ|PROT_WRITE", "MAP_PRIVATE|MAP_ANONYMOUS|MAP_HUGETLB|21<<MAP_HUGE_SHIFT", "-1", "0"}
	if strings.Join(texts, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("mmap arguments %q, want %q", texts, want)
	}
	if ret := recs[0]["ret"].(map[string]any)["text"]; ret != "0x7f0000000000" {
		t.Errorf("mmap result %q", ret)
	}
}

func TestJSONStatusFilter(t *testing.T) {
	var e events
	nr, _ := syscalls.X86_64.Lookup("close")
	spec := filter.New(syscalls.X86_64, decode.SignalNumber)
	spec.OnlyFailed()
	ok := e.enter(10, nr, 1, 3)
	bad := e.enter(10, nr, 3, 99)
	recs := jsonLines(t, spec, ok, e.exit(ok, 2, 0), bad, e.exit(bad, 4, -9))
	if len(recs) != 1 || recs[0]["errno"] != "EBADF" {
		t.Errorf("-Z kept %v", recs)
	}
}

func TestAppendJSONString(t *testing.T) {
	got := string(appendJSONString(nil, []byte("a\"\\\n\x01é\xff")))
	want := `"a\"\\\u000a\u0001é\ufffd"`
	if got != want {
		t.Errorf("got %s want %s", got, want)
	}
	if !json.Valid([]byte(got)) {
		t.Errorf("not valid JSON: %s", got)
	}
}
