package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sctrace/sctrace/internal/testutil"
)

// perfettoEvent is one event of a --output-format=perfetto file.
type perfettoEvent struct {
	Ph   string         `json:"ph"`
	Name string         `json:"name"`
	Cat  string         `json:"cat"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Ts   *float64       `json:"ts"`
	Dur  *float64       `json:"dur"`
	Args map[string]any `json:"args"`
}

// perfettoFile checks that file is JSON the schema
// docs/perfetto-schema.json accepts and returns its events in order.
func perfettoFile(t *testing.T, file string) []perfettoEvent {
	t.Helper()
	s, err := jsonschema.NewCompiler().Compile(filepath.Join(testutil.RepoRoot(t), "docs", "perfetto-schema.json"))
	if err != nil {
		t.Fatalf("compile schema: %v", err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(file))
	if err != nil {
		t.Fatalf("the trace is not JSON: %v\n%s", err, file)
	}
	if err := s.Validate(doc); err != nil {
		t.Fatalf("the trace does not match docs/perfetto-schema.json: %v", err)
	}
	var top struct {
		TraceEvents []perfettoEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal([]byte(file), &top); err != nil {
		t.Fatal(err)
	}
	return top.TraceEvents
}

// perfettoBackends are the backends the Perfetto output is checked on.
var perfettoBackends = []string{"ptrace", "ebpf"}

// TestPerfettoMatchesTextRun traces sh -c 'echo hi | cat' and the
// threads workload under -f on each backend, once as text and once as a
// Perfetto timeline, and checks that the timeline has one named track per
// process and thread, that each thread's slices are the calls the text
// shows for it, in the same order, with the same arguments and results,
// and that they follow one another in time.
func TestPerfettoMatchesTextRun(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	sh := testutil.RequireCommand(t, "sh")
	threads := workload(t, "threads")
	cases := []struct {
		name string
		argv []string
		// procs are the processes' names, sorted; tasks the number of
		// threads.
		procs []string
		tasks int
		// reaping: the first task is a shell whose SIGCHLD handler runs
		// where its children's exits land.
		reaping bool
	}{
		{"pipeline", []string{sh, "-c", "echo hi | cat"}, []string{"cat", "sh", "sh"}, 3, true},
		{"threads", []string{threads}, []string{filepath.Base(threads)}, 5, false},
	}
	for _, c := range cases {
		for _, backend := range perfettoBackends {
			t.Run(c.name+"/"+backend, func(t *testing.T) {
				args := append([]string{"--backend=" + backend, "-f"}, c.argv...)
				text, r := traceFile(t, sctrace, args...)
				if r.exit != 0 {
					t.Fatalf("text run: exit %d, stderr %q", r.exit, r.stderr)
				}
				file, r2 := traceFile(t, sctrace, append([]string{"--output-format=perfetto"}, args...)...)
				if r2.exit != 0 || sortedLines(r2.stdout) != sortedLines(r.stdout) {
					t.Fatalf("perfetto run: exit %d, stdout %q (text run's %q), stderr %q", r2.exit, r2.stdout, r.stdout, r2.stderr)
				}
				evs := perfettoFile(t, file)
				checkTracks(t, evs, c.procs)
				checkThreadTimes(t, evs)

				want := callsByTask(withoutScratch(normalized(text)))
				got := callsByTask(withoutScratch(normalized(rebuiltText(evs))))
				if len(want) != c.tasks || len(got) != len(want) {
					t.Fatalf("%d tasks in the text, %d in the timeline; want %d", len(want), len(got), c.tasks)
				}
				for task, calls := range want {
					if c.reaping && task == "PID1" {
						calls, got[task] = withoutReaping(calls), withoutReaping(got[task])
					}
					if d := sameLines(calls, got[task]); d != "" {
						t.Errorf("%s: the timeline's slices differ from the text's calls at %s", task, d)
					}
				}
			})
		}
	}
}

// sortedLines returns text's lines sorted: threads print in any order.
func sortedLines(text string) string {
	ls := lines(text)
	sort.Strings(ls)
	return strings.Join(ls, "\n")
}

// TestPerfettoThreadExec: a thread's execve that takes over its process
// is one slice on the calling thread, up to its return; that thread is
// superseded, the leader's blocked write ends no later, and the process
// is named after the program executed.
func TestPerfettoThreadExec(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	bin := workload(t, "threadexec")
	for _, backend := range perfettoBackends {
		t.Run(backend, func(t *testing.T) {
			file, r := traceFile(t, sctrace, "--backend="+backend, "--output-format=perfetto", "-f", bin)
			if r.exit != 0 {
				t.Fatalf("exit %d, stderr %q", r.exit, r.stderr)
			}
			evs := perfettoFile(t, file)
			checkTracks(t, evs, []string{"true"})
			checkThreadTimes(t, evs)
			var exec, write *perfettoEvent
			superseded := map[int]bool{}
			for i, ev := range evs {
				switch {
				case ev.Ph == "X" && ev.Name == "execve" && strings.HasPrefix(ev.Args["args"].(string), `"/bin/true"`):
					exec = &evs[i]
				case ev.Ph == "X" && ev.Name == "write" && ev.Args["unfinished"] == true:
					write = &evs[i]
				case ev.Name == "superseded":
					superseded[ev.Tid] = true
				}
			}
			if exec == nil || exec.Tid == exec.Pid || exec.Args["ret"] != "0" {
				t.Fatalf("want the thread's execve of /bin/true returning 0 on the thread's track, got %+v", exec)
			}
			if !superseded[exec.Tid] {
				t.Errorf("no superseded instant on thread %d", exec.Tid)
			}
			if write == nil || write.Tid != exec.Pid || *write.Ts+*write.Dur > *exec.Ts+*exec.Dur {
				t.Errorf("want the leader's write unfinished, ending by the execve's return; got %+v (execve %+v)", write, exec)
			}
		})
	}
}

// checkTracks checks that every process and thread of the events has one
// name, and that the processes' names, sorted, are names.
func checkTracks(t *testing.T, evs []perfettoEvent, names []string) {
	t.Helper()
	procNames, threadNames := map[int][]string{}, map[int][]string{}
	pids, tids := map[int]bool{}, map[int]bool{}
	for _, ev := range evs {
		switch {
		case ev.Ph == "M" && ev.Name == "process_name":
			procNames[ev.Pid] = append(procNames[ev.Pid], ev.Args["name"].(string))
		case ev.Ph == "M" && ev.Name == "thread_name":
			threadNames[ev.Tid] = append(threadNames[ev.Tid], ev.Args["name"].(string))
		case ev.Ph != "M":
			pids[ev.Pid], tids[ev.Tid] = true, true
		}
	}
	var got []string
	for pid := range pids {
		if len(procNames[pid]) != 1 {
			t.Errorf("process %d has names %q, want one", pid, procNames[pid])
		}
		got = append(got, procNames[pid]...)
	}
	for tid := range tids {
		if len(threadNames[tid]) != 1 {
			t.Errorf("thread %d has names %q, want one", tid, threadNames[tid])
		}
	}
	if len(procNames) != len(pids) || len(threadNames) != len(tids) {
		t.Errorf("%d process names for %d processes, %d thread names for %d threads", len(procNames), len(pids), len(threadNames), len(tids))
	}
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("process names %q, want %q", got, names)
	}
}

// checkThreadTimes checks that each thread's slices, in the order they
// were written, start no earlier than the previous one ended, and that no
// duration is negative.
func checkThreadTimes(t *testing.T, evs []perfettoEvent) {
	t.Helper()
	end := map[int]float64{}
	for i, ev := range evs {
		if ev.Ph != "X" {
			continue
		}
		if *ev.Dur < 0 {
			t.Errorf("event %d: %s has duration %v", i, ev.Name, *ev.Dur)
		}
		if *ev.Ts < end[ev.Tid] {
			t.Errorf("event %d: thread %d's %s starts at %.3f, before its previous call ended at %.3f", i, ev.Tid, ev.Name, *ev.Ts, end[ev.Tid])
		}
		end[ev.Tid] = *ev.Ts + *ev.Dur
	}
}

// rebuiltText writes each call slice as the line of an -o file under -f
// would show it: "TID  NAME(ARGS) = RET", in the order of the calls'
// entries.
func rebuiltText(evs []perfettoEvent) string {
	var calls []perfettoEvent
	for _, ev := range evs {
		if ev.Cat == "syscall" {
			calls = append(calls, ev)
		}
	}
	sort.SliceStable(calls, func(i, j int) bool { return *calls[i].Ts < *calls[j].Ts })
	var b strings.Builder
	for _, ev := range calls {
		fmt.Fprintf(&b, "%d  %s(%s) = %s\n", ev.Tid, ev.Name, ev.Args["args"], ev.Args["ret"])
	}
	return b.String()
}

// callsByTask returns the normalized syscall lines of each task
// ("PIDn name(...) = ..."), in order.
func callsByTask(ls []string) map[string][]string {
	out := map[string][]string{}
	for _, l := range ls {
		task, text, ok := strings.Cut(l, " ")
		if !ok || !callName.MatchString(text) {
			continue
		}
		out[task] = append(out[task], text)
	}
	return out
}

// withoutReaping drops the rt_sigreturn and wait4 calls of a shell's
// lines, after checking that there are some, and the calls its SIGCHLD
// interrupted to be restarted: whether a child's exit lands inside the
// next fork differs from run to run.
func withoutReaping(calls []string) []string {
	var kept []string
	for _, c := range calls {
		if !strings.HasPrefix(c, "rt_sigreturn(") && !strings.HasPrefix(c, "wait4(") && !strings.HasSuffix(c, "(To be restarted)") {
			kept = append(kept, c)
		}
	}
	if len(kept) == len(calls) {
		return append(kept, "(no wait4 call)")
	}
	return kept
}

// TestPerfettoInterrupted: a trace that SIGTERM (a launched command) or
// SIGINT (-p) ends is a whole file: the calls it ended inside are there,
// and the attached process let go shows as detached.
func TestPerfettoInterrupted(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	for _, backend := range perfettoBackends {
		t.Run(backend+"/launched", func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "trace.json")
			cat := testutil.RequireCommand(t, "cat")
			cmd := exec.Command(sctrace, "--backend="+backend, "--output-format=perfetto", "-o", out, cat)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr testutil.Output
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = stdin.Close() })
			if _, err := stdin.Write([]byte("ping\n")); err != nil {
				t.Fatal(err)
			}
			stdout.WaitFor(t, "ping\n", 15*time.Second)
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			if code := testutil.ExitCode(err); code != 128+int(syscall.SIGTERM) {
				t.Errorf("exit %d, want %d (stderr %q)", code, 128+int(syscall.SIGTERM), stderr.String())
			}
			evs := perfettoFile(t, readFile(t, out))
			if !hasEvent(evs, "X", "execve") {
				t.Errorf("no execve slice in %v", evs)
			}
		})
		t.Run(backend+"/attached", func(t *testing.T) {
			idle := testutil.StartIdle(t)
			out := filepath.Join(t.TempDir(), "trace.json")
			cmd := exec.Command(sctrace, "--backend="+backend, "--output-format=perfetto", "-o", out, "-p", strconv.Itoa(idle.Cmd.Process.Pid))
			var stderr testutil.Output
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stderr.WaitFor(t, "attached", 15*time.Second)
			idle.Echo(t, "traced")
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if code := testutil.ExitCode(err); code != 128+int(syscall.SIGINT) {
				t.Errorf("exit %d, want %d (stderr %q)", code, 128+int(syscall.SIGINT), stderr.String())
			}
			idle.Echo(t, "after") // it runs on, untraced
			evs := perfettoFile(t, readFile(t, out))
			if !hasEvent(evs, "i", "attached") || !hasEvent(evs, "i", "detached") {
				t.Errorf("want attached and detached instants, got %v", evs)
			}
		})
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSpace(b))
}

func hasEvent(evs []perfettoEvent, ph, name string) bool {
	for _, ev := range evs {
		if ev.Ph == ph && ev.Name == name {
			return true
		}
	}
	return false
}

// TestPerfettoRefused: -ff and -A cannot make one JSON object.
func TestPerfettoRefused(t *testing.T) {
	_, sctrace := tracers(t)
	for flag, want := range map[string]string{
		"-ff": "sctrace: --output-format=perfetto and -ff/--output-separately are mutually exclusive\n",
		"-A":  "sctrace: --output-format=perfetto and -A/--output-append-mode are mutually exclusive\n",
	} {
		r := run(t, sctrace, "--output-format=perfetto", flag, "-o", "x", "true")
		if r.exit != 1 || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", flag, r.exit, r.stderr, want)
		}
	}
}

// TestPerfettoOutputs: a timeline written into an -o pipe is whole, and
// -C's table goes to stderr rather than into the timeline's file.
func TestPerfettoOutputs(t *testing.T) {
	_, sctrace := tracers(t)
	dir := t.TempDir()
	piped := filepath.Join(dir, "piped.json")
	r := run(t, sctrace, "--output-format=perfetto", "-o", "|cat > "+piped, "true")
	if r.exit != 0 {
		t.Fatalf("pipe: exit %d, stderr %q", r.exit, r.stderr)
	}
	if evs := perfettoFile(t, readFile(t, piped)); !hasEvent(evs, "X", "execve") {
		t.Errorf("pipe: no execve slice in %v", evs)
	}
	file, r := traceFile(t, sctrace, "-C", "--output-format=perfetto", "true")
	if r.exit != 0 || !strings.Contains(r.stderr, "% time") || !strings.Contains(r.stderr, " total\n") {
		t.Fatalf("-C: exit %d, stderr %q; want the summary table", r.exit, r.stderr)
	}
	if evs := perfettoFile(t, file); !hasEvent(evs, "X", "execve") {
		t.Errorf("-C: no execve slice in %v", evs)
	}
}
