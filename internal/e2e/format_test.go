package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestTimeFormats: -T, -t, -tt, -ttt and -r print times in strace's shapes.
func TestTimeFormats(t *testing.T) {
	strace, sctrace := tracers(t)
	bin := workload(t, "pipes")
	cases := []struct {
		flag  string
		shape *regexp.Regexp // every line matches
	}{
		{"-t", regexp.MustCompile(`^\d\d:\d\d:\d\d [a-z+-]`)},
		{"-tt", regexp.MustCompile(`^\d\d:\d\d:\d\d\.\d{6} [a-z+-]`)},
		{"-ttt", regexp.MustCompile(`^\d{10}\.\d{6} [a-z+-]`)},
		{"-r", regexp.MustCompile(`^ {4,}\d+\.\d{6} [a-z+-]`)},
	}
	for _, c := range cases {
		t.Run(c.flag, func(t *testing.T) {
			refTrace, _ := traceFile(t, strace, c.flag, bin)
			for _, l := range lines(refTrace) {
				if !c.shape.MatchString(l) {
					t.Fatalf("strace's line %q does not match %s; the test is stale", l, c.shape)
				}
			}
			gotTrace, _ := traceFile(t, sctrace, c.flag, bin)
			got := lines(gotTrace)
			if len(got) == 0 {
				t.Fatalf("empty trace")
			}
			for _, l := range got {
				if !c.shape.MatchString(l) {
					t.Errorf("line %q does not match %s", l, c.shape)
				}
			}
			if c.flag == "-ttt" {
				sec, _ := strconv.ParseInt(got[0][:10], 10, 64)
				if d := time.Since(time.Unix(sec, 0)); d < 0 || d > time.Minute {
					t.Errorf("-ttt time %s is %v away from now", got[0][:17], d)
				}
			}
			if c.flag == "-r" && !strings.HasPrefix(strings.TrimLeft(got[0], " "), "0.000000 ") {
				t.Errorf("-r: first line %q, want 0.000000", got[0])
			}
		})
	}

	t.Run("-T", func(t *testing.T) {
		dur := regexp.MustCompile(` <\d+\.\d{6}>$`)
		gotTrace, _ := traceFile(t, sctrace, "-T", bin)
		n := 0
		for _, l := range lines(gotTrace) {
			finished := strings.Contains(l, " = ") && !strings.HasSuffix(l, "= ?")
			if finished != dur.MatchString(l) {
				t.Errorf("line %q: want <secs> exactly on finished calls", l)
			}
			if finished {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no finished calls in:\n%s", gotTrace)
		}
	})
}

// TestExactText: traces with no pids or times in them match strace's byte for
// byte (stack addresses masked), including the alignment of " = " (default column
// 40, or -a COL), -s truncation and -x/-xx escapes.
func TestExactText(t *testing.T) {
	strace, sctrace := tracers(t)
	pipes := workload(t, "pipes")
	strs := workload(t, "strings")
	errs := workload(t, "errors")
	cases := []struct {
		name string
		args []string
	}{
		{"pipes", []string{"-e", "trace=read,write,dup,dup2,dup3,fcntl,close,pipe,pipe2", pipes}},
		{"pipes -a 20", []string{"-a", "20", "-e", "trace=read,write,close", pipes}},
		{"strings", []string{"-e", "trace=write", strs}},
		{"strings -s 8", []string{"-s", "8", "-e", "trace=write", strs}},
		{"strings -x", []string{"-x", "-e", "trace=write", strs}},
		{"strings -xx", []string{"-xx", "-e", "trace=write", strs}},
		{"strings -s 0", []string{"-s", "0", "-e", "trace=write,openat", strs}},
		{"errors", []string{"-e", "trace=close,mkdir,rmdir,lseek,write,access", errs}},
		{"-qq", []string{"-qq", "-e", "trace=write", pipes}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref := run(t, strace, c.args...)
			got := run(t, sctrace, c.args...)
			if d := sameLines(maskAddrs(ref.stderr), maskAddrs(got.stderr)); d != "" {
				t.Errorf("stderr differs from strace's at %s", d)
			}
			if got.stdout != ref.stdout || got.exit != ref.exit {
				t.Errorf("stdout %q exit %d, strace's %q exit %d", got.stdout, got.exit, ref.stdout, ref.exit)
			}
		})
	}
}

// TestAlignment: in a full default trace every " = " sits at column 40, or
// after a single space when the call is longer, as strace places it.
func TestAlignment(t *testing.T) {
	_, sctrace := tracers(t)
	trace, _ := traceFile(t, sctrace, workload(t, "errors"))
	pad := regexp.MustCompile(`^(.*\)) += `)
	n := 0
	for _, l := range lines(trace) {
		m := pad.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		n++
		head := m[3] // end of the ")"
		eq := strings.Index(l[head:], "= ") + head
		want := max(40, head+1)
		if eq != want {
			t.Errorf("'=' at column %d, want %d: %q", eq, want, l)
		}
	}
	if n == 0 {
		t.Errorf("no finished calls in:\n%s", trace)
	}
}

var stackAddr = regexp.MustCompile(`0x[0-9a-f]{7,}`)

// maskAddrs splits text into lines with addresses of seven hex digits or more
// replaced by 0xADDR.
func maskAddrs(text string) []string {
	return lines(stackAddr.ReplaceAllString(text, "0xADDR"))
}
