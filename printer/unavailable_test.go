package printer

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// unreadCalls returns the events of thread tid killed before a stop of
// its call was read: with unknown true, its entry (a call of unknown
// number, then its end as the thread dies); else its exit (getppid's
// entry, then its end without a result).
func unreadCalls(e *events, tid int32, unknown bool) []*trace.Event {
	var enter *trace.Event
	if unknown {
		enter = e.enter(tid, 0, 1)
		enter.NR, enter.UnknownCall = -1, true
	} else {
		enter = e.enter(tid, unix.SYS_GETPPID, 1)
	}
	exit := e.exit(enter, 2, 0)
	exit.NoReturn, exit.Unavailable = true, !unknown
	return []*trace.Event{enter, exit, {Kind: trace.Exit, PID: tid, TID: tid, Enter: e.at(3), ExitSignal: int(unix.SIGKILL)}}
}

// specOf returns the selections of strace's -e expressions exprs.
func specOf(t *testing.T, exprs ...string) *filter.Spec {
	t.Helper()
	spec := filter.New(syscalls.X86_64, decode.SignalNumber)
	for _, x := range exprs {
		if err := spec.Apply(x); err != nil {
			t.Fatal(err)
		}
	}
	return spec
}

// TestUnavailableText: strace's text for a call whose entry or result
// could not be read, under -e trace= and -e status=.
func TestUnavailableText(t *testing.T) {
	var e events
	read := e.enter(100, unix.SYS_READ, 0, 0, 0x1000, 10)
	readEnd := e.exit(read, 1, 0)
	readEnd.NoReturn, readEnd.Unavailable = true, true
	for _, tc := range []struct {
		name  string
		exprs []string
		evs   []*trace.Event
		want  string
	}{
		{"result", nil, unreadCalls(&e, 100, false),
			"getppid()                               = ? <unavailable>\n+++ killed by SIGKILL +++\n"},
		{"result, exit arguments", nil, []*trace.Event{read, readEnd},
			"read(0, )                               = ? <unavailable>\n"},
		{"entry", nil, unreadCalls(&e, 100, true),
			"???()                                   = ?\n+++ killed by SIGKILL +++\n"},
		{"entry, trace=none", []string{"trace=none"}, unreadCalls(&e, 100, true),
			"???()                                   = ?\n+++ killed by SIGKILL +++\n"},
		{"status=unavailable", []string{"status=unavailable"}, unreadCalls(&e, 100, false),
			"getppid()                               = ? <unavailable>\n+++ killed by SIGKILL +++\n"},
		{"status=unfinished", []string{"status=unfinished"}, unreadCalls(&e, 100, false),
			"+++ killed by SIGKILL +++\n"},
		{"entry, status=unfinished", []string{"status=unfinished"}, unreadCalls(&e, 100, true),
			"???()                                   = ?\n+++ killed by SIGKILL +++\n"},
	} {
		p, out := newPrinter(t, Options{Spec: specOf(t, tc.exprs...)})
		feed(t, p, tc.evs...)
		if out.String() != tc.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tc.name, out.String(), tc.want)
		}
	}
}

// TestUnavailableResumed: another thread's line comes between the entry
// of unknown number and its end.
func TestUnavailableResumed(t *testing.T) {
	var e events
	path := filepath.Join(t.TempDir(), "out")
	p, _ := newPrinter(t, Options{Output: path, FollowForks: true})
	unread := unreadCalls(&e, 101, true)
	g := e.enter(100, unix.SYS_GETPID, 1)
	feed(t, p, unread[0], g, e.exit(g, 2, 100), unread[1])
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "101   ???( <unfinished ...>\n" +
		"100   getpid()                          = 100\n" +
		"101   <... ??? resumed>)                = ?\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestUnavailableJSON: the records of the two kinds of unread call, which
// the schema accepts, and -e status=.
func TestUnavailableJSON(t *testing.T) {
	var e events
	schema, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "docs", "json-schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	recs := jsonLines(t, nil, append(unreadCalls(&e, 10, false), unreadCalls(&e, 11, true)...)...)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4: %v", len(recs), recs)
	}
	for _, r := range recs {
		if err := schema.Validate(r); err != nil {
			t.Errorf("schema: %v\n%v", err, r)
		}
	}
	if r := recs[0]; r["syscall"] != "getppid" || r["unavailable"] != true || r["unfinished"] != nil || r["ret"] != nil {
		t.Errorf("unread result: %v", r)
	}
	if r := recs[2]; r["syscall"] != "???" || r["nr"].(float64) != -1 || len(r["args"].([]any)) != 0 || r["unfinished"] != true {
		t.Errorf("unread entry: %v", r)
	}
	for expr, want := range map[string]string{"status=unavailable": "getppid", "status=!unavailable": "???"} {
		var calls []any
		for _, r := range jsonLines(t, specOf(t, expr), append(unreadCalls(&e, 10, false), unreadCalls(&e, 11, true)...)...) {
			if r["type"] == "syscall" {
				calls = append(calls, r["syscall"])
			}
		}
		if len(calls) != 1 || calls[0] != want {
			t.Errorf("-e %s: calls %v, want %s alone", expr, calls, want)
		}
	}
}

// TestUnavailablePerfetto: the slices of the two kinds of unread call
// rebuild the text's lines, and the schema accepts them.
func TestUnavailablePerfetto(t *testing.T) {
	var e events
	for _, unknown := range []bool{false, true} {
		evs := unreadCalls(&e, 10, unknown)
		p, text := newPrinter(t, Options{Column: 1})
		feed(t, p, evs...)
		want, _, _ := strings.Cut(text.String(), "\n")
		var got []string
		for _, ev := range traceEvents(t, perfettoTrace(t, Options{}, evs...)) {
			if ev["cat"] == "syscall" {
				a := ev["args"].(map[string]any)
				got = append(got, ev["name"].(string)+"("+a["args"].(string)+") = "+a["ret"].(string))
				if a["unavailable"] == unknown {
					t.Errorf("slice %v: unavailable is %v", ev, a["unavailable"])
				}
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("slices %q, want the text's %q", got, want)
		}
	}
}

// TestUnavailableSchemaStrict: the JSON schema refuses a flag it does
// not define, so that validating the records checks something.
func TestUnavailableSchemaStrict(t *testing.T) {
	schema, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "docs", "json-schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(`{"type":"syscall","pid":1,"tid":1,"syscall":"???","nr":-1,"enter_ns":1,"args":[],"unreadable":true}`)))
	if err != nil {
		t.Fatal(err)
	}
	if schema.Validate(doc) == nil {
		t.Error("schema accepts an undefined flag")
	}
}
