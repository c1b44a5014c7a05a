package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestInject: -e inject= and -e fault= change the same calls as strace's,
// with the same notes in the trace and the same effect on the program
// (its output), under --backend=auto (which picks ptrace for them).
func TestInject(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "inject")
	cases := []struct {
		name string
		args []string
		want string // a line the trace must hold
	}{
		{"error when range", []string{"-e", "inject=chdir:error=EACCES:when=2..4+2", "-e", "fault=getppid"},
			`chdir("/")                              = -1 EACCES (Permission denied) (INJECTED)`},
		{"fault default", []string{"-e", "fault=chdir:when=3", "-e", "trace=chdir"},
			`chdir("/")                              = -1 ENOSYS (Function not implemented) (INJECTED)`},
		{"poke and retval", []string{"-e", "inject=write:poke_enter=@arg2=4a45:retval=6"},
			`write(1, "JEllo\n", 6)                  = 6 (INJECTED: args, retval)`},
		{"signal", []string{"-e", "inject=getpid:signal=SIGUSR1"},
			`--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---`},
		{"syscall=", []string{"-e", "inject=chdir:syscall=gettid:retval=7:when=5+"},
			`chdir("/")                              = 7 (INJECTED)`},
		{"regex set", []string{"-e", "inject=/chdir|getppid:error=ENOENT:when=2"},
			`chdir("/")                              = -1 ENOENT (No such file or directory) (INJECTED)`},
		{"filtered out", []string{"-e", "trace=!chdir", "-e", "inject=chdir:error=EPERM"}, ""},
		{"follow", []string{"-f", "-e", "inject=chdir:error=EPERM:when=6"},
			`= -1 EPERM (Operation not permitted) (INJECTED)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append(c.args, bin)
			refTrace, ref := traceFile(t, strace, args...)
			gotTrace, got := traceFile(t, sctrace, args...)
			if got.exit != ref.exit || got.stdout != ref.stdout || got.stderr != ref.stderr {
				t.Errorf("program saw:\n%s(exit %d, stderr %q)\nunder strace:\n%s(exit %d, stderr %q)", got.stdout, got.exit, got.stderr, ref.stdout, ref.exit, ref.stderr)
			}
			if d := sameLines(normalized(refTrace), normalized(gotTrace)); d != "" {
				t.Errorf("trace differs from strace's at %s", d)
			}
			if c.want != "" && !strings.Contains(gotTrace, c.want) {
				t.Errorf("no line %q in:\n%s", c.want, gotTrace)
			}
		})
	}
}

// TestInjectDelay: delay_enter= holds the call at its entry (its -T time
// covers the delay) and delay_exit= at its exit (the next call starts that
// much later); the call is marked "(DELAYED)".
func TestInjectDelay(t *testing.T) {
	_, sctrace := tracers(t)
	bin := workload(t, "inject")
	const enter, exit = 30 * time.Millisecond, 20 * time.Millisecond
	trace, r := traceFile(t, sctrace, "-r", "-T", "-e", "trace=getpid,write", "-e", "inject=getpid:delay_enter=30ms:delay_exit=20000", bin)
	if r.exit != 0 {
		t.Fatalf("exit %d, stderr %q", r.exit, r.stderr)
	}
	ls := lines(trace)
	for i, l := range ls {
		m := regexp.MustCompile(`^ *\d+\.\d+ getpid\(\) += \d+ \(DELAYED\) <(\d+\.\d+)>$`).FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if d := seconds(m[1]); d < enter {
			t.Errorf("getpid took %v (-T), want at least %v", d, enter)
		}
		if i+1 >= len(ls) {
			t.Fatalf("nothing after the getpid line in:\n%s", trace)
		}
		next := regexp.MustCompile(`^ *(\d+\.\d+) write\(`).FindStringSubmatch(ls[i+1])
		if next == nil {
			t.Fatalf("no write after getpid in:\n%s", trace)
		}
		if d := seconds(next[1]); d < enter+exit {
			t.Errorf("the next call started %v after getpid's entry, want at least %v", d, enter+exit)
		}
		return
	}
	t.Fatalf("no delayed getpid line in:\n%s", trace)
}

// seconds parses a "1.000123" time as -r and -T print it.
func seconds(s string) time.Duration {
	f, _ := strconv.ParseFloat(s, 64)
	return time.Duration(f * float64(time.Second))
}

// TestInjectRefused: the ebpf backend refuses injection in one line;
// malformed rules get strace's errors.
func TestInjectRefused(t *testing.T) {
	strace, sctrace := tracers(t)
	got := run(t, sctrace, "--backend=ebpf", "-e", "fault=chdir", "true")
	want := "sctrace: -e inject= and -e fault= need --backend=ptrace: the ebpf backend observes calls and cannot change them\n"
	if got.exit != 1 || got.stderr != want {
		t.Errorf("--backend=ebpf -e fault=: exit %d, stderr %q; want 1, %q", got.exit, got.stderr, want)
	}
	for _, expr := range []string{
		"inject=chdir", "inject=chdir:retval=1:error=2", "fault=chdir:retval=1",
		"inject=chdir:when=0:error=1", "inject=chdir:when=3..2:error=1", "inject=chdir:error=EBOGUS",
		"inject=chdir:signal=0", "inject=chdir:poke_enter=@arg8=00", "inject=chdir:poke_enter=@arg1=0",
		"inject=chdir:delay_enter=1h", "inject=chdir:syscall=chdir:error=1", "inject=bogus:error=1",
		"fault=:error=1",
	} {
		ref := run(t, strace, "-e", expr, "true")
		got := run(t, sctrace, "-e", expr, "true")
		if got.exit != ref.exit || got.stderr != asSctrace(ref.stderr) {
			t.Errorf("-e %s: exit %d, stderr %q; strace: %d, %q", expr, got.exit, got.stderr, ref.exit, ref.stderr)
		}
	}
}
