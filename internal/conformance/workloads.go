package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// workload is one traced program.
type workload struct {
	// name identifies it in reports.
	name string
	// argv returns the command line to trace. scratch is an empty directory
	// whose path is the same for both tracers' runs; fixture holds files
	// that never change (see makeFixture).
	argv func(t *testing.T, scratch, fixture string) []string
}

// cWorkload traces testdata/workloads/SRC.c compiled with extra gcc flags;
// withScratch passes the scratch directory as argv[1].
func cWorkload(name, src string, withScratch bool, flags ...string) workload {
	return workload{name: name, argv: func(t *testing.T, scratch, _ string) []string {
		bin := testutil.BuildC(t, testutil.WorkloadSource(t, src), flags...)
		if withScratch {
			return []string{bin, scratch}
		}
		return []string{bin}
	}}
}

// command traces a fixed system command line; %F in an argument is replaced
// by the fixture directory.
func command(name string, args ...string) workload {
	return workload{name: name, argv: func(_ *testing.T, _, fixture string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			if a == "%F" {
				a = fixture
			} else if a == "%F/alpha.txt" {
				a = filepath.Join(fixture, "alpha.txt")
			}
			out[i] = a
		}
		return out
	}}
}

// workloads is everything the conformance test traces.
var workloads = []workload{
	cWorkload("fileio", "fileio", true),
	cWorkload("fileio-static", "fileio", true, "-static"),
	cWorkload("binary", "binary", true),
	cWorkload("pipes", "pipes", false),
	cWorkload("forkexec", "forkexec", false),
	cWorkload("signals", "signals", false),
	cWorkload("threads", "threads", false),
	cWorkload("sockets", "sockets", false),
	cWorkload("errors", "errors", false),
	cWorkload("sleep", "sleep", false),
	cWorkload("dirs", "dirs", true),
	cWorkload("strings", "strings", false),
	cWorkload("threadexec", "threadexec", false),
	cWorkload("vfork", "vfork", false),
	cWorkload("crash", "crash", false),
	command("true", "/bin/true"),
	command("cat", "/bin/cat", "%F/alpha.txt"),
	command("dd", "/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=100", "status=noxfer"),
	command("sh-pipe", "/bin/sh", "-c", "echo hi | cat"),
	command("ls", "/bin/ls", "%F"),
}

// makeFixture fills dir with a few files that the cat and ls workloads read.
func makeFixture(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		"alpha.txt": "first line\nsecond line\n",
		"beta":      "",
		"gamma.dat": "\x00\x01\x02binary\xff",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatalf("fixture: %v", err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "delta"), 0o755); err != nil {
		t.Fatalf("fixture: %v", err)
	}
}

// flagSet is one set of tracer options every workload runs under.
type flagSet struct {
	name string
	args []string
}

// flagSets are the option sets compared. Timing options (-T, -ttt) are
// compared in shape only: normalization replaces the times themselves.
var flagSets = []flagSet{
	{"default", nil},
	{"-f", []string{"-f"}},
	{"-s8", []string{"-s", "8"}},
	{"-x", []string{"-x"}},
	{"-xx", []string{"-xx"}},
	{"-v", []string{"-v"}},
	{"trace=%file", []string{"-e", "trace=%file"}},
	{"trace=!write", []string{"-e", "trace=!write"}},
	{"-z", []string{"-z"}},
	{"-Z", []string{"-Z"}},
	{"-T", []string{"-T"}},
	{"-ttt", []string{"-ttt"}},
	{"-f-ttt", []string{"-f", "-ttt"}},
}
