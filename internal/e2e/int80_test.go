package e2e

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// int80Backends are the backends the i386 personality is checked on.
var int80Backends = []string{"ptrace", "ebpf"}

// rawStat64 is how sctrace prints the workload's stat64: an i386 call
// whose structure's layout differs from x86_64's, printed raw, where
// strace decodes it with its i386 tables.
var rawStat64 = regexp.MustCompile(`^stat64\(0x[0-9a-f]+, 0x[0-9a-f]+\) += 0$`)

// TestInt80 traces a 64-bit program that makes i386 calls with int $0x80
// (testdata/workloads/int80.c) under filters that name calls by either
// personality, and compares each line of the trace, on stderr, with
// strace's: the "[ Process PID=N runs in 32 bit mode. ]" lines (gone
// under -q and -e quiet=personality), the i386 names (getgid32 is i386's
// 200, x86_64's tkill), write's string and error. The one call whose
// structure sctrace does not decode in this personality, stat64, must
// print its raw arguments.
func TestInt80(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("int $0x80 is x86_64's i386 personality")
	}
	strace, sctrace := tracers(t)
	testutil.RequireBPF(t)
	prog := workload(t, "int80", "-no-pie")
	if !testutil.I386Syscalls(t, prog) {
		// The kernel kills the program at its first int $0x80: both
		// backends trace that as strace does.
		for _, args := range [][]string{{prog}, {"-e", "trace=getgid32,getppid", prog}} {
			ref := run(t, strace, args...)
			for _, backend := range int80Backends {
				got := run(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
				if got.exit != ref.exit {
					t.Errorf("%s %v: exit %d, strace %d", backend, args[:len(args)-1], got.exit, ref.exit)
				}
				if d := sameLines(normalized(ref.stderr), normalized(got.stderr)); d != "" {
					t.Errorf("%s %v: differs from strace at %s", backend, args[:len(args)-1], d)
				}
			}
		}
		t.Skip("this kernel refuses int $0x80 (the program is killed by SIGSEGV): only the refusal's trace is checked")
	}
	cases := []struct {
		name string
		args []string
	}{
		{"all", nil},
		{"getgid32", []string{"-e", "trace=getgid32"}},
		{"tkill", []string{"-e", "trace=tkill"}},
		{"tkill@64,getgid32@32", []string{"-e", "trace=tkill@64,getgid32@32"}},
		{"write@32,getppid", []string{"-e", "trace=write@32,getppid"}},
		{"%creds", []string{"-e", "trace=%creds"}},
		{"-q", []string{"-q", "-e", "trace=getgid32,write"}},
		{"quiet=personality", []string{"-e", "quiet=personality", "-e", "trace=getgid32,write"}},
		{"raw=write", []string{"-e", "raw=write", "-e", "trace=write"}},
	}
	t.Run("-o", func(t *testing.T) {
		// -o FILE with a command implies -q: no personality lines.
		want, _ := traceFile(t, strace, "-e", "trace=getgid32,getppid", prog)
		for _, backend := range int80Backends {
			got, _ := traceFile(t, sctrace, "--backend="+backend, "-e", "trace=getgid32,getppid", prog)
			if d := sameLines(normalized(want), normalized(got)); d != "" {
				t.Errorf("%s: differs from strace at %s", backend, d)
			}
		}
	})
	t.Run("-i", func(t *testing.T) {
		// strace prints an address with the digits of the current
		// personality's words: 8 after an i386 call.
		ips := regexp.MustCompile(`^\[([0-9a-f]{8}|[0-9a-f]{16}|\?{8}|\?{16})\] `)
		shape := func(stderr string) []string {
			ls := normalized(stderr)
			for i, l := range ls {
				if m := ips.FindStringSubmatch(l); m != nil {
					ls[i] = fmt.Sprintf("[%d digits] %s", len(m[1]), l[len(m[0]):])
				}
			}
			return ls
		}
		want := shape(run(t, strace, "-i", "-e", "trace=getgid32,write", prog).stderr)
		for _, backend := range int80Backends {
			got := shape(run(t, sctrace, "--backend="+backend, "-i", "-e", "trace=getgid32,write", prog).stderr)
			if d := sameLines(want, got); d != "" {
				t.Errorf("%s -i: differs from strace at %s", backend, d)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		// Each of the five i386 calls says its personality; no native
		// call does.
		for _, backend := range int80Backends {
			out, _ := traceFile(t, sctrace, "--backend="+backend, "--output-format=json", prog)
			var i386 []string
			for _, l := range lines(out) {
				if strings.Contains(l, `"personality":`) {
					i386 = append(i386, regexp.MustCompile(`"syscall":"[a-z0-9_]+","nr":\d+,"personality":"[a-z0-9]+"`).FindString(l))
				}
			}
			want := []string{
				`"syscall":"getgid32","nr":200,"personality":"32"`, `"syscall":"getpid","nr":20,"personality":"32"`,
				`"syscall":"write","nr":4,"personality":"32"`, `"syscall":"write","nr":4,"personality":"32"`,
				`"syscall":"stat64","nr":195,"personality":"32"`,
			}
			if d := sameLines(want, i386); d != "" {
				t.Errorf("%s: JSON records with a personality differ at %s", backend, d)
			}
		}
	})
	t.Run("-c", func(t *testing.T) {
		// The personality lines, then a table per personality.
		want := summaryShape(run(t, strace, "-c", prog).stderr)
		for _, backend := range int80Backends {
			got := summaryShape(run(t, sctrace, "--backend="+backend, "-c", prog).stderr)
			if d := sameLines(want, got); d != "" {
				t.Errorf("%s -c: differs from strace at %s", backend, d)
			}
		}
	})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append(append([]string{}, c.args...), prog)
			ref := run(t, strace, args...)
			want := normalized(ref.stderr)
			for i, l := range want {
				if strings.HasPrefix(l, "stat64(\"/\", {") {
					want[i] = "stat64 raw"
				}
			}
			if c.name == "all" && !contains(want, "stat64 raw") {
				t.Fatalf("strace shows no stat64:\n%s", ref.stderr)
			}
			for _, backend := range int80Backends {
				got := run(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
				lines := normalized(got.stderr)
				for i, l := range lines {
					if rawStat64.MatchString(l) {
						lines[i] = "stat64 raw"
					}
				}
				if got.exit != ref.exit {
					t.Errorf("%s: exit %d, strace %d", backend, got.exit, ref.exit)
				}
				if d := sameLines(want, lines); d != "" {
					t.Errorf("%s: differs from strace at %s\nsctrace:\n%s", backend, d, got.stderr)
				}
			}
		})
	}
}

// TestDebugSyscallInfo: -d says that PTRACE_GET_SYSCALL_INFO works once
// the ptrace backend has used it, as strace -d does (strace's int_0x80
// test asks for that line), and says nothing of ptrace on the eBPF
// backend, which does not use it.
func TestDebugSyscallInfo(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	const note = "sctrace: PTRACE_GET_SYSCALL_INFO works"
	for _, backend := range int80Backends {
		got := run(t, sctrace, "--backend="+backend, "-d", "-e", "trace=none", "/bin/true")
		has := contains(lines(got.stderr), note)
		if want := backend == "ptrace"; has != want || got.exit != 0 {
			t.Errorf("%s -d: exit %d, note %q shown: %v, want %v; stderr:\n%s", backend, got.exit, note, has, want, got.stderr)
		}
		if backend == "ebpf" && strings.Contains(got.stderr, "PTRACE") {
			t.Errorf("ebpf -d speaks of ptrace:\n%s", got.stderr)
		}
	}
}

// summaryShape is what -c printed but the times: the personality lines
// and headings in order, and each table's calls, errors and names, sorted
// by name (strace sorts by time).
func summaryShape(stderr string) []string {
	var out, rows []string
	flush := func() {
		slices.Sort(rows)
		out, rows = append(out, rows...), nil
	}
	for _, l := range lines(stderr) {
		f := strings.Fields(l)
		switch {
		case strings.HasPrefix(l, "[ Process PID="):
			out = append(out, regexp.MustCompile(`PID=\d+`).ReplaceAllString(l, "PID=N"))
		case strings.HasPrefix(l, "System call usage summary"):
			flush()
			out = append(out, l)
		case len(f) >= 5 && f[len(f)-1] != "syscall" && f[len(f)-1] != "total" && !strings.HasPrefix(l, "---"):
			// "% time seconds usecs/call calls [errors] syscall"
			rows = append(rows, strings.Join(f[3:], " "))
		}
	}
	flush()
	return out
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
