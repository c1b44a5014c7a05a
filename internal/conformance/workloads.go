package conformance

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	// only names the flag sets the workload runs under; nil means all.
	// Long real programs run under a few, to keep the suite quick.
	only []string
}

// under restricts w to the named flag sets.
func (w workload) under(names ...string) workload {
	w.only = names
	return w
}

// runsUnder reports whether w runs under flag set fs.
func (w workload) runsUnder(fs flagSet) bool {
	return w.only == nil || slices.Contains(w.only, fs.name)
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

// command traces a fixed system command line; in each argument, %F is
// replaced by the fixture directory and %S by the scratch directory.
func command(name string, args ...string) workload {
	return workload{name: name, argv: func(_ *testing.T, scratch, fixture string) []string {
		out := make([]string, len(args))
		r := strings.NewReplacer("%F", fixture, "%S", scratch)
		for i, a := range args {
			out[i] = r.Replace(a)
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
	cWorkload("jobctl", "jobctl", false),
	cWorkload("untouched", "untouched", false),
	cWorkload("unmapped", "unmapped", false),
	command("true", "/bin/true"),
	command("cat", "/bin/cat", "%F/alpha.txt"),
	command("dd", "/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=100", "status=noxfer"),
	command("sh-pipe", "/bin/sh", "-c", "echo hi | cat"),
	cWorkload("netsock", "netsock", true),
	cWorkload("netlink", "netlink", false).under(netlinkFlagSets...),
	cWorkload("fdkinds", "fdkinds", true),
	cWorkload("sysmisc", "sysmisc", true),
	cWorkload("fdstale", "fdstale", true).under(fdFilterFlagSets...),
	command("ls", "/bin/ls", "%F"),
	command("ls-la", "/bin/ls", "-la", "%F").under(realFlagSets...),
	command("cp", "/bin/cp", "-r", "%F", "%S/copy").under(realFlagSets...),
	command("find", "/usr/bin/find", "%F", "-name", "*.txt").under(realFlagSets...),
	command("stat", "/usr/bin/stat", "%F/alpha.txt").under(realFlagSets...),
	command("id", "/usr/bin/id").under(realFlagSets...),
	command("tar-czf", "/bin/tar", "czf", "%S/out.tgz", "-C", "%F", ".").under("-f"),
	command("gzip", "/bin/gzip", "-c", "%F/alpha.txt").under(realFlagSets...),
	command("sort", "/usr/bin/sort", "-r", "%F/alpha.txt").under(realFlagSets...),
	command("sh-pipeline", "/bin/sh", "-c", "cat %F/alpha.txt | sort | wc -l").under("-f"),
	pythonWorkload("python3", pythonScript).under("-f"),
	gccWorkload("gcc", "strings").under("-f"),
}

// fdFilterFlagSets are the flag sets that show descriptors under a
// filter (the descriptors an SCM_RIGHTS message passes among them):
// fdstale's connect, whose port the kernel picks, is left out.
var fdFilterFlagSets = []string{"-y_trace=read,write,close", "-yy_-f_trace=read,write,close,dup2,fcntl", "-yy_trace=sendmsg,recvmsg,pread64"}

// netlinkFlagSets are the flag sets of the netlink workload, whose
// replies carry its pid: those that show the getpid that says which,
// and no hex dump of the replies.
var netlinkFlagSets = []string{"default", "-f", "-s8", "-x", "-xx", "-v", "-z", "-T", "-ttt", "-y", "-yy"}

// realFlagSets are the flag sets a real (not purpose-written) program runs
// under: a few, since they print many lines.
var realFlagSets = []string{"default", "-v"}

// pythonScript uses a UNIX stream socket, a UDP socket, a thread and a
// subprocess; %S is the scratch directory.
const pythonScript = `import socket, subprocess, sys, threading
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
srv.bind(sys.argv[1] + "/sock")
srv.listen(1)
cli = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
cli.connect(sys.argv[1] + "/sock")
conn, _ = srv.accept()
cli.sendall(b"ping")
conn.recv(16)
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
udp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
udp.sendto(b"x", ("127.0.0.1", 9))
t = threading.Thread(target=lambda: None)
t.start()
t.join()
subprocess.run(["/bin/true"], check=True)
for s in (conn, cli, srv, udp):
    s.close()
`

// pythonWorkload runs python3 -I -c script SCRATCH: -I keeps the working
// directory, which holds the trace files, out of the module search path.
func pythonWorkload(name, script string) workload {
	return workload{name: name, argv: func(t *testing.T, scratch, _ string) []string {
		return []string{python3(t), "-I", "-c", script, scratch}
	}}
}

// python3 returns the system's python3 interpreter: /usr/bin/python3 when
// it exists (a PATH lookup may find a version manager's shell-script shim,
// whose trace depends on the user's setup), else python3 on PATH.
func python3(t *testing.T) string {
	const system = "/usr/bin/python3"
	if _, err := os.Stat(system); err == nil {
		return system
	}
	return testutil.RequireCommand(t, "python3")
}

// gccWorkload compiles testdata/workloads/SRC.c to an object file in the
// scratch directory; -pipe keeps gcc from making randomly named temporary
// files.
func gccWorkload(name, src string) workload {
	return workload{name: name, argv: func(t *testing.T, scratch, _ string) []string {
		gcc := testutil.RequireCommand(t, "gcc")
		return []string{gcc, "-pipe", "-O0", "-c", "-o", scratch + "/out.o", testutil.WorkloadSource(t, src)}
	}}
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
	{"-y", []string{"-y"}},
	{"-yy", []string{"-yy"}},
	// -y and -yy under a filter, where an after-the-fact tracer cannot
	// learn the descriptors from the calls it prints.
	{"-y_trace=read,write,close", []string{"-y", "-e", "trace=read,write,close"}},
	{"-yy_-f_trace=read,write,close,dup2,fcntl", []string{"-yy", "-f", "-e", "trace=read,write,close,dup2,fcntl"}},
	// The descriptors SCM_RIGHTS messages pass, which no argument names.
	{"-yy_trace=sendmsg,recvmsg,pread64", []string{"-yy", "-e", "trace=sendmsg,recvmsg,pread64"}},
	{"dumps", []string{"-e", "read=all", "-e", "write=all"}},
	// Structures as addresses, strings still shown.
	{"verbose=none", []string{"-e", "verbose=none"}},
}
