package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sctrace/sctrace/internal/testutil"
)

// loadSchema compiles docs/json-schema.json.
func loadSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join(testutil.RepoRoot(t), "docs", "json-schema.json")
	s, err := jsonschema.NewCompiler().Compile(path)
	if err != nil {
		t.Fatalf("compile schema: %v", err)
	}
	return s
}

// jsonRecords decodes JSON Lines, failing on a line that is not an object.
func jsonRecords(t *testing.T, text string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for i, l := range lines(text) {
		dec := json.NewDecoder(strings.NewReader(l))
		dec.UseNumber()
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("line %d is not a JSON object: %v\n%s", i+1, err, l)
		}
		recs = append(recs, m)
	}
	return recs
}

// TestJSONSchema traces workloads with --output-format=json and checks
// every line against docs/json-schema.json.
func TestJSONSchema(t *testing.T) {
	_, sctrace := tracers(t)
	s := loadSchema(t)
	cases := []struct {
		name string
		args []string
	}{
		{"fileio", []string{workload(t, "fileio"), t.TempDir()}},
		{"sockets", []string{"-yy", workload(t, "sockets")}},
		{"threads", []string{"-f", workload(t, "threads")}},
		{"signals", []string{"-f", workload(t, "signals")}},
		{"crash", []string{workload(t, "crash")}},
		{"errors-Z", []string{"-Z", workload(t, "errors")}},
		{"inject", []string{"-e", "inject=write:poke_enter=@arg2=4a45:retval=6", "-e", "inject=getpid:delay_exit=1ms", "-e", "fault=chdir:when=2", workload(t, "inject")}},
	}
	if runtime.GOARCH == "amd64" {
		cases = append(cases, struct {
			name string
			args []string
		}{"int80", []string{workload(t, "int80", "-no-pie")}})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _ := traceFile(t, sctrace, append([]string{"--output-format=json"}, c.args...)...)
			recs := jsonRecords(t, out)
			if len(recs) == 0 {
				t.Fatalf("no records")
			}
			kinds := map[string]int{}
			for i, r := range recs {
				if err := s.Validate(r); err != nil {
					t.Errorf("line %d: %v\n%s", i+1, err, lines(out)[i])
				}
				kinds[r["type"].(string)]++
			}
			if kinds["syscall"] == 0 || kinds["exit"] == 0 {
				t.Errorf("want syscall and exit records, got %v", kinds)
			}
		})
	}
}

// TestJSONMatchesText checks that each syscall record's argument and
// return texts, joined back together, are the line the text output
// prints for the same call.
func TestJSONMatchesText(t *testing.T) {
	_, sctrace := tracers(t)
	bin := workload(t, "fileio")
	for _, flags := range [][]string{nil, {"-y"}, {"-v", "-x"}} {
		t.Run(strings.Join(append([]string{"flags"}, flags...), " "), func(t *testing.T) {
			text, _ := traceFile(t, sctrace, append(flags, bin, t.TempDir())...)
			js, _ := traceFile(t, sctrace, append(append([]string{"--output-format=json"}, flags...), bin, t.TempDir())...)
			var rebuilt bytes.Buffer
			for _, r := range jsonRecords(t, js) {
				switch r["type"] {
				case "syscall":
					var args []string
					for _, a := range r["args"].([]any) {
						if s, ok := a.(map[string]any)["text"].(string); ok {
							args = append(args, s)
						}
					}
					ret := "?"
					if rv, ok := r["ret"].(map[string]any); ok {
						ret = rv["text"].(string)
					}
					rebuilt.WriteString(r["syscall"].(string) + "(" + strings.Join(args, ", ") + ") = " + ret + "\n")
				case "exit":
					rebuilt.WriteString("+++ exited with " + r["status"].(json.Number).String() + " +++\n")
				}
			}
			// The scratch directories differ between the two runs.
			want, got := withoutScratch(normalized(text)), withoutScratch(normalized(rebuilt.String()))
			if len(want) != len(got) {
				t.Fatalf("text has %d lines, JSON rebuilt %d", len(want), len(got))
			}
			for i := range want {
				if want[i] != got[i] {
					t.Errorf("line %d:\ntext: %s\njson: %s", i+1, want[i], got[i])
				}
			}
		})
	}
}

// scratchPath matches a test's temporary directory.
var scratchPath = regexp.MustCompile(`/tmp/Test[^/"<>]*/[0-9]+`)

// TestJSONIntoPipe: JSON Lines written into an -o "|COMMAND" pipe, on both
// backends, are whole and valid, the command ended before sctrace.
func TestJSONIntoPipe(t *testing.T) {
	_, sctrace := tracers(t)
	s := loadSchema(t)
	for _, backend := range []string{"ptrace", "ebpf"} {
		piped := filepath.Join(t.TempDir(), "piped.json")
		r := run(t, sctrace, "--backend="+backend, "--output-format=json", "-o", "|cat > "+piped, "true")
		if r.exit != 0 {
			t.Fatalf("%s: exit %d, stderr %q", backend, r.exit, r.stderr)
		}
		b, err := os.ReadFile(piped)
		if err != nil {
			t.Fatalf("%s: %v", backend, err)
		}
		recs := jsonRecords(t, string(b))
		for i, rec := range recs {
			if err := s.Validate(rec); err != nil {
				t.Errorf("%s: line %d: %v", backend, i+1, err)
			}
		}
		if len(recs) == 0 || recs[len(recs)-1]["type"] != "exit" {
			t.Errorf("%s: %d records, the last not the exit", backend, len(recs))
		}
	}
}
