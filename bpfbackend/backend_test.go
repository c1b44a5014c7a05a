package bpfbackend

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/internal/tracee"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

func TestMain(m *testing.M) {
	tracee.Init()
	code := m.Run()
	// Every run of every test, including those that do not go through
	// collect, must have replayed its captures from the kernel's records.
	if n := replayMismatches.Load(); n != 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d capture reads did not match the kernel's segments\n", n)
		code = 1
	}
	if n := replayRereads.Load(); n != 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d captures faulted in the kernel and were read again from the live task\n", n)
		code = 1
	}
	testutil.RemoveBuildDir()
	os.Exit(code)
}

// command returns a Target that runs argv, resolved on PATH.
func command(t *testing.T, argv ...string) trace.Target {
	t.Helper()
	path, err := exec.LookPath(argv[0])
	if err != nil {
		t.Fatalf("look up %s: %v", argv[0], err)
	}
	return trace.Target{Path: path, Argv: argv, Env: []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}}
}

// workload builds testdata/workloads/NAME.c and returns a Target for it.
func workload(t *testing.T, name string) trace.Target {
	t.Helper()
	bin := testutil.BuildC(t, testutil.WorkloadSource(t, name))
	return trace.Target{Path: bin, Argv: []string{filepath.Base(bin)}, Env: []string{"LC_ALL=C"}}
}

func defaultOpts() trace.Options {
	return trace.Options{StringLimit: 32, SignalsWanted: true}
}

// collect traces target with b and returns copies of the events.
func collect(t *testing.T, b trace.Backend, target trace.Target, opts trace.Options) ([]trace.Event, trace.Result) {
	t.Helper()
	var evs []trace.Event
	res, err := b.Run(context.Background(), target, opts, func(ev *trace.Event) error {
		var c trace.Event
		ev.CopyTo(&c)
		evs = append(evs, c)
		return nil
	})
	if err != nil {
		t.Fatalf("%s run: %v", b.Name(), err)
	}
	checkCaptures(t, res)
	return evs, res
}

// checkCaptures fails t unless every capture of the run came from the
// kernel's records as the plans read them: none re-read from the live
// task after faulting, none missing from the record.
func checkCaptures(t *testing.T, res trace.Result) {
	t.Helper()
	if n := res.Stats.CaptureRereads; n != 0 {
		t.Errorf("%d captures faulted in the kernel and were read again from the live task", n)
	}
	if n := res.Stats.CaptureMismatches; n != 0 {
		t.Errorf("%d capture reads did not match the kernel's segments", n)
	}
}

func nr(t *testing.T, name string) int32 {
	t.Helper()
	n, ok := syscalls.ForArch(trace.ArchX86_64).Lookup(name)
	if !ok {
		t.Fatalf("no syscall %s", name)
	}
	return int32(n)
}

// TestLaunch checks that the command's execve is its first event, with
// its path captured, and that its exit is reported.
func TestLaunch(t *testing.T) {
	testutil.RequireBPF(t)
	target := command(t, "true")
	evs, res := collect(t, New(), target, defaultOpts())
	if res.ExitCode != 0 || res.Signal != 0 {
		t.Errorf("result %+v, want exit 0", res)
	}
	if len(evs) == 0 || evs[0].Kind != trace.SyscallEnter || evs[0].NR != nr(t, "execve") {
		t.Fatalf("first event %+v, want execve's entry", evs[0])
	}
	if got := string(evs[0].Captures[0].Data); got != target.Path {
		t.Errorf("execve path %q, want %q", got, target.Path)
	}
	last := evs[len(evs)-1]
	if last.Kind != trace.Exit || last.Status != 0 {
		t.Errorf("last event %+v, want exit 0", last)
	}
}

// TestExitStatus checks exit codes and deaths by signal.
func TestExitStatus(t *testing.T) {
	testutil.RequireBPF(t)
	evs, res := collect(t, New(), command(t, "sh", "-c", "exit 7"), defaultOpts())
	if res.ExitCode != 7 {
		t.Errorf("exit code %d, want 7", res.ExitCode)
	}
	if last := evs[len(evs)-1]; last.Kind != trace.Exit || last.Status != 7 {
		t.Errorf("last event %+v, want exit 7", last)
	}
	evs, res = collect(t, New(), command(t, "sh", "-c", "kill -TERM $$"), defaultOpts())
	if res.Signal != int(unix.SIGTERM) || res.ExitCode != -1 {
		t.Errorf("result %+v, want killed by SIGTERM", res)
	}
	var sawSignal bool
	for _, ev := range evs {
		if ev.Kind == trace.Signal && ev.Signal.Signo == int32(unix.SIGTERM) {
			sawSignal = true
		}
	}
	if last := evs[len(evs)-1]; last.Kind != trace.Exit || last.ExitSignal != int(unix.SIGTERM) {
		t.Errorf("last event %+v, want killed by SIGTERM", last)
	}
	if !sawSignal {
		t.Error("no SIGTERM signal event")
	}
}

// TestFollowForks checks that children are traced under -f only.
func TestFollowForks(t *testing.T) {
	testutil.RequireBPF(t)
	target := command(t, "sh", "-c", "/bin/true; exit 0")
	for _, follow := range []bool{false, true} {
		opts := defaultOpts()
		opts.FollowForks = follow
		evs, _ := collect(t, New(), target, opts)
		var newTask int32
		execs := 0
		for _, ev := range evs {
			switch {
			case ev.Kind == trace.NewTask:
				newTask = ev.TID
			case ev.Kind == trace.SyscallEnter && ev.NR == nr(t, "execve"):
				execs++
				if execs == 2 && (ev.TID != newTask || string(ev.Captures[0].Data) != "/bin/true") {
					t.Errorf("second execve %+v by %d, want /bin/true by the child %d", ev, ev.TID, newTask)
				}
			}
		}
		if want := map[bool]int{false: 1, true: 2}[follow]; execs != want {
			t.Errorf("follow %v: %d execve, want %d", follow, execs, want)
		}
		if follow != (newTask != 0) {
			t.Errorf("follow %v: new task %d", follow, newTask)
		}
	}
}

// TestFilter checks that only the filtered calls are reported.
func TestFilter(t *testing.T) {
	testutil.RequireBPF(t)
	opts := defaultOpts()
	opts.Filter = trace.NewSyscallSet(false)
	opts.Filter.Add(int(nr(t, "write")))
	evs, _ := collect(t, New(), command(t, "sh", "-c", "echo hello >/dev/null"), opts)
	writes := 0
	for _, ev := range evs {
		if ev.Kind != trace.SyscallEnter && ev.Kind != trace.SyscallExit {
			continue
		}
		if ev.NR != nr(t, "write") {
			t.Errorf("unfiltered call %d", ev.NR)
		}
		if ev.Kind == trace.SyscallExit && string(ev.Captures[1].Data) == "hello\n" {
			writes++
		}
	}
	if writes != 1 {
		t.Errorf("%d writes of hello, want 1", writes)
	}
}

// waitInRead waits until /proc says pid is blocked in read(0, …): no
// event announces that.
func waitInRead(t *testing.T, pid int) {
	t.Helper()
	inRead := func() bool {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/syscall", pid))
		return err == nil && strings.HasPrefix(string(b), "0 0x0 ")
	}
	if !testutil.Eventually(10*time.Second, inRead) {
		t.Fatalf("pid %d never blocked in read(0, …)", pid)
	}
}

// TestUntouchedPages checks that a buffer in a page the traced program
// never touched, written to /dev/null (which does not read it), is
// captured: the exit's task work faults it in, as a ptrace read would.
func TestUntouchedPages(t *testing.T) {
	testutil.RequireBPF(t)
	evs, _ := collect(t, New(), workload(t, "untouched"), defaultOpts())
	var got []string
	for _, ev := range evs {
		if ev.Kind == trace.SyscallExit && ev.NR == nr(t, "write") && len(ev.Captures) > 1 {
			got = append(got, string(ev.Captures[1].Data))
		}
	}
	want := []string{"first untouched string", "third, at the end", "second"}
	if !slices.Equal(got, want) {
		t.Errorf("written buffers %q, want %q", got, want)
	}
}

// TestUnmappedArguments checks that an entry whose read ran into a page
// that is not mapped is sent as it was read, not put off to the exit:
// capset's header, which the kernel rewrites when it refuses its version,
// keeps the version the program gave (its data runs into the hole).
func TestUnmappedArguments(t *testing.T) {
	testutil.RequireBPF(t)
	evs, _ := collect(t, New(), workload(t, "unmapped"), defaultOpts())
	var versions []uint32
	for _, ev := range evs {
		if ev.NR == nr(t, "capset") && len(ev.Captures) > 0 && len(ev.Captures[0].Data) >= 4 {
			versions = append(versions, binary.LittleEndian.Uint32(ev.Captures[0].Data))
		}
	}
	if len(versions) == 0 || slices.ContainsFunc(versions, func(v uint32) bool { return v != 0xbadc0ded }) {
		t.Errorf("capset's header versions %#x, want 0xbadc0ded", versions)
	}
}

// TestAttach attaches to a running process without stopping it.
func TestAttach(t *testing.T) {
	testutil.RequireBPF(t)
	cmd := exec.Command("sh", "-c", "read x; echo $x >/dev/null")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	// Attach while sh is blocked in its first read(0, …, 1): that call
	// is shown whole when it returns, as strace shows it.
	waitInRead(t, cmd.Process.Pid)
	attached := make(chan struct{})
	done := make(chan struct{})
	var evs []trace.Event
	var res trace.Result
	var runErr error
	go func() {
		defer close(done)
		res, runErr = New().Run(context.Background(), trace.Target{PIDs: []int{cmd.Process.Pid}}, defaultOpts(), func(ev *trace.Event) error {
			if ev.Kind == trace.NewTask && ev.Attached && ev.TID == int32(cmd.Process.Pid) {
				close(attached)
			}
			var c trace.Event
			ev.CopyTo(&c)
			evs = append(evs, c)
			return nil
		})
	}()
	select {
	case <-attached:
	case <-done:
		t.Fatalf("run ended before attaching: %v", runErr)
	}
	if _, err := stdin.Write([]byte("attached\n")); err != nil {
		t.Fatal(err)
	}
	<-done
	if runErr != nil {
		t.Fatalf("run: %v", runErr)
	}
	checkCaptures(t, res)
	var sawWrite, sawExit, sawFirst bool
	for _, ev := range evs {
		if ev.Kind == trace.SyscallExit && !sawFirst {
			sawFirst = true
			if ev.NR != nr(t, "read") || ev.Ret != 1 || len(ev.Captures) < 2 || string(ev.Captures[1].Data) != "a" {
				t.Errorf("first call: nr %d ret %d captures %+v; want read(0, \"a\", 1) = 1, in progress when attached", ev.NR, ev.Ret, ev.Captures)
			}
		}
		if ev.Kind == trace.SyscallExit && ev.NR == nr(t, "write") && string(ev.Captures[1].Data) == "attached\n" {
			sawWrite = true
		}
		if ev.Kind == trace.Exit && ev.TID == int32(cmd.Process.Pid) {
			sawExit = true
		}
	}
	if !evs[0].Attached || !sawWrite || !sawExit {
		t.Errorf("attached %v, saw write %v, exit %v", evs[0].Attached, sawWrite, sawExit)
	}
}

// TestHistBucket checks the histogram bucket function of both objects
// (count_only's and the tracing one's) against trace.HistBucket, with
// BPF_PROG_RUN.
func TestHistBucket(t *testing.T) {
	testutil.RequireBPF(t)
	for _, countOnly := range []bool{true, false} {
		opts := defaultOpts()
		opts.CountOnly = countOnly
		p, err := load(loadConfig{opts: opts, arch: trace.ArchX86_64, testProgram: true})
		if err != nil {
			t.Fatal(err)
		}
		checkHistBucket(t, p)
		p.close()
	}
}

// checkHistBucket compares p's hist_bucket_test with trace.HistBucket
// around every power of two.
func checkHistBucket(t *testing.T, p *probe) {
	values := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 100, 1000, 1023, 1024, 1025, 123456789, 1 << 40, 1<<63 + 12345, ^uint64(0)}
	for v := uint64(1); v != 0; v <<= 1 {
		values = append(values, v-1, v, v+1, v|v>>1, v|v>>2)
	}
	for _, v := range values {
		var a sctraceHistArgs
		a.Ns = v
		if _, err := p.objs.HistBucketTest.Run(&ebpf.RunOptions{Context: &a, ContextOut: &a}); err != nil {
			t.Fatalf("run: %v", err)
		}
		if want := trace.HistBucket(v); int(a.Bucket) != want {
			t.Errorf("bucket(%d) = %d, want %d", v, a.Bucket, want)
		}
	}
}

// bpfObjects counts this process's descriptors of BPF programs, links
// and maps: what a run holds in the kernel, whatever other processes
// load meanwhile.
func bpfObjects(t *testing.T) (progs, links, maps int) {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatalf("list descriptors: %v", err)
	}
	for _, e := range ents {
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil {
			continue
		}
		switch target {
		case "anon_inode:bpf-prog":
			progs++
		case "anon_inode:bpf_link":
			links++
		case "anon_inode:bpf-map":
			maps++
		}
	}
	return progs, links, maps
}

// kernelObject names a BPF program, link or map by its kernel-wide id.
type kernelObject struct {
	kind string
	id   uint32
}

// heldObjects returns the ids of the BPF programs, links and maps this
// process holds descriptors for.
func heldObjects(t *testing.T) []kernelObject {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatalf("list descriptors: %v", err)
	}
	var objs []kernelObject
	for _, e := range ents {
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil {
			continue
		}
		fd, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
		if err != nil {
			continue
		}
		switch target {
		case "anon_inode:bpf-prog":
			if p, err := ebpf.NewProgramFromFD(dup); err == nil {
				if info, err := p.Info(); err == nil {
					id, _ := info.ID()
					objs = append(objs, kernelObject{"program", uint32(id)})
				}
				p.Close()
			}
		case "anon_inode:bpf_link":
			if l, err := link.NewFromFD(dup); err == nil {
				if info, err := l.Info(); err == nil {
					objs = append(objs, kernelObject{"link", uint32(info.ID)})
				}
				l.Close()
			}
		case "anon_inode:bpf-map":
			if m, err := ebpf.NewMapFromFD(dup); err == nil {
				if info, err := m.Info(); err == nil {
					id, _ := info.ID()
					objs = append(objs, kernelObject{"map", uint32(id)})
				}
				m.Close()
			}
		default:
			unix.Close(dup)
		}
	}
	return objs
}

// goneFromKernel checks that the kernel no longer knows any of objs. It
// frees them asynchronously once the last reference is gone (links and
// programs after RCU grace periods), so it waits for that, up to 10 s.
func goneFromKernel(t *testing.T, after string, objs []kernelObject) {
	t.Helper()
	kinds := map[string]int{}
	for _, o := range objs {
		kinds[o.kind]++
	}
	if kinds["program"] == 0 || kinds["link"] == 0 || kinds["map"] == 0 {
		t.Fatalf("after %s: during the run the process held %v", after, kinds)
	}
	exists := func(o kernelObject) error {
		var err error
		switch o.kind {
		case "program":
			var p *ebpf.Program
			if p, err = ebpf.NewProgramFromID(ebpf.ProgramID(o.id)); err == nil {
				p.Close()
			}
		case "link":
			var l link.Link
			if l, err = link.NewFromID(link.ID(o.id)); err == nil {
				l.Close()
			}
		case "map":
			var m *ebpf.Map
			if m, err = ebpf.NewMapFromID(ebpf.MapID(o.id)); err == nil {
				m.Close()
			}
		}
		return err
	}
	// The kernel frees an object after its last reference goes, from
	// deferred work that signals nothing: poll until every id is gone.
	left := objs
	testutil.Eventually(10*time.Second, func() bool {
		var still []kernelObject
		for _, o := range left {
			if !errors.Is(exists(o), os.ErrNotExist) {
				still = append(still, o)
			}
		}
		left = still
		return len(left) == 0
	})
	for _, o := range left {
		t.Errorf("10 s after %s the kernel still has %s %d", after, o.kind, o.id)
	}
}

// TestCleanup checks that every program, link and map is released after a
// normal run, a cancelled one, runs that fail (sink error, missing
// command, missing pid) and one whose sink panics.
func TestCleanup(t *testing.T) {
	testutil.RequireBPF(t)
	p0, l0, m0 := bpfObjects(t)
	before := [3]int{p0, l0, m0}
	b := New()
	collect(t, b, command(t, "true"), defaultOpts())
	released(t, "a normal run", before)

	ctx, cancel := context.WithCancel(context.Background())
	var during [3]int
	var duringObjs []kernelObject
	first := true
	_, err := b.Run(ctx, command(t, "sleep", "10"), defaultOpts(), func(*trace.Event) error {
		if first {
			first = false
			during[0], during[1], during[2] = bpfObjects(t)
			duringObjs = heldObjects(t)
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v, want context.Canceled", err)
	}
	if during[0] <= before[0] || during[1] <= before[1] || during[2] <= before[2] {
		t.Errorf("while tracing the process holds %v programs, links and maps; %v before", during, before)
	}
	released(t, "a cancelled run", before)
	// Beyond this process's descriptors: the kernel itself has freed
	// every program, link and map the run held (ids are not reused soon).
	goneFromKernel(t, "a cancelled run", duringObjs)

	sinkErr := errors.New("sink failed")
	if _, err := b.Run(context.Background(), command(t, "true"), defaultOpts(), func(*trace.Event) error { return sinkErr }); !errors.Is(err, sinkErr) {
		t.Errorf("failing sink: %v", err)
	}
	if _, err := b.Run(context.Background(), trace.Target{Path: "/nonexistent/cmd", Argv: []string{"x"}}, defaultOpts(), func(*trace.Event) error { return nil }); err != nil {
		t.Logf("missing command: %v", err)
	}
	if _, err := b.Run(context.Background(), trace.Target{PIDs: []int{1 << 30}}, defaultOpts(), func(*trace.Event) error { return nil }); err == nil {
		t.Error("attaching to a missing pid succeeded")
	}
	released(t, "runs that failed", before)

	func() {
		defer func() {
			if recover() == nil {
				t.Error("the sink's panic did not reach the caller")
			}
		}()
		_, _ = b.Run(context.Background(), command(t, "true"), defaultOpts(), func(*trace.Event) error { panic("sink") })
	}()
	released(t, "a run whose sink panicked", before)
}

// released fails the test unless the process holds as many BPF objects
// as before (want).
func released(t *testing.T, after string, want [3]int) {
	t.Helper()
	p, l, m := bpfObjects(t)
	if got := [3]int{p, l, m}; got != want {
		t.Errorf("after %s the process holds %d programs, %d links and %d maps; %v before", after, p, l, m, want)
	}
}

// TestSyscallCPUTime checks that exits carry a CPU time when asked, and
// only then.
func TestSyscallCPUTime(t *testing.T) {
	testutil.RequireBPF(t)
	for _, want := range []bool{false, true} {
		opts := defaultOpts()
		opts.SyscallCPUTime = want
		evs, _ := collect(t, New(), command(t, "true"), opts)
		exits := 0
		for _, ev := range evs {
			if ev.Kind != trace.SyscallExit || ev.NoReturn {
				continue
			}
			exits++
			if ev.HasCPUTime != want || ev.CPUTime < 0 {
				t.Errorf("SyscallCPUTime %v: exit of %d has CPU time %v (%d ns)", want, ev.NR, ev.HasCPUTime, ev.CPUTime)
			}
		}
		if exits == 0 {
			t.Fatal("no syscall exits")
		}
	}
}

// procNamesOfAnonFDs returns what /proc names a descriptor of each kind of
// anonymous inode, by the syscall that creates it, as this process sees
// its own.
func procNamesOfAnonFDs(t *testing.T) map[string]string {
	t.Helper()
	var mask unix.Sigset_t
	makers := map[string]func() (int, error){
		"epoll_create1":  func() (int, error) { return unix.EpollCreate1(unix.EPOLL_CLOEXEC) },
		"eventfd2":       func() (int, error) { return unix.Eventfd(0, unix.EFD_CLOEXEC) },
		"timerfd_create": func() (int, error) { return unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_CLOEXEC) },
		"signalfd4":      func() (int, error) { return unix.Signalfd(-1, &mask, unix.SFD_CLOEXEC) },
		"inotify_init1":  func() (int, error) { return unix.InotifyInit1(unix.IN_CLOEXEC) },
		"pidfd_open":     func() (int, error) { return unix.PidfdOpen(os.Getpid(), 0) },
	}
	names := make(map[string]string)
	for call, create := range makers {
		fd, err := create()
		if err != nil {
			t.Fatalf("%s: %v", call, err)
		}
		name, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
		unix.Close(fd)
		if err != nil {
			t.Fatal(err)
		}
		names[call] = name
	}
	return names
}

// sockProtoName returns the protocol name /proc gives (system.sockprotoname)
// a socket of this domain and type made by this process.
func sockProtoName(t *testing.T, domain, typ int) string {
	t.Helper()
	fds, err := unix.Socketpair(domain, typ|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fds[0])
	defer unix.Close(fds[1])
	buf := make([]byte, 64)
	n, err := unix.Getxattr("/proc/self/fd/"+strconv.Itoa(fds[0]), "system.sockprotoname", buf)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimRight(string(buf[:n]), "\x00")
}

// TestNewFDNames checks that, under NameNewFDs (-y), the exit of a call
// that creates descriptors names them as /proc did while they were open:
// both ends of a pipe one pipe inode, the two ends of a socketpair two
// socket inodes of the protocol /proc names, an eventfd or epoll descriptor (and the other anonymous
// inodes of fdkinds) what /proc calls one here, each with its
// close-on-exec flag; a memfd as /proc does, "/memfd:NAME (deleted)"; the
// descriptor an ioctl returns (NS_GET_USERNS) its namespace.
func TestNewFDNames(t *testing.T) {
	testutil.RequireBPF(t)
	anon := procNamesOfAnonFDs(t)
	unixProto := map[uint64]string{
		unix.SOCK_STREAM: sockProtoName(t, unix.AF_UNIX, unix.SOCK_STREAM),
		unix.SOCK_DGRAM:  sockProtoName(t, unix.AF_UNIX, unix.SOCK_DGRAM),
	}
	opts := defaultOpts()
	opts.NameNewFDs, opts.DescribeSockets = true, true
	pipeName := regexp.MustCompile(`^pipe:\[[1-9][0-9]*\]$`)
	socketName := regexp.MustCompile(`^socket:\[[1-9][0-9]*\]$`)
	userNS := regexp.MustCompile(`^user:\[[1-9][0-9]*\]$`)
	seen := make(map[string]int)
	for _, w := range []string{"pipes", "sockets", "fdkinds"} {
		target := workload(t, w)
		if w == "fdkinds" {
			target.Argv = append(target.Argv, t.TempDir()) // its scratch directory
		}
		evs, _ := collect(t, New(), target, opts)
		for _, ev := range evs {
			if ev.Kind != trace.SyscallExit || ev.Ret < 0 {
				continue
			}
			call := syscalls.ForArch(ev.Arch).Get(int(ev.NR)).Name
			got := ev.NewFDs
			switch call {
			case "pipe2", "socketpair":
				arg := map[string]int{"pipe2": 0, "socketpair": 3}[call]
				fds := ev.Captures[arg].Data
				if len(got) != 2 || len(fds) != 8 {
					t.Errorf("%s: %s named %+v, captured %x; want both descriptors", w, call, got, fds)
					continue
				}
				cloexec := ev.Args[1]&unix.O_CLOEXEC != 0
				if call == "socketpair" {
					cloexec = ev.Args[1]&unix.SOCK_CLOEXEC != 0
				}
				for i, n := range got {
					if want := int32(binary.LittleEndian.Uint32(fds[4*i:])); n.FD != want || n.Cloexec != cloexec {
						t.Errorf("%s: %s end %d is %+v; want descriptor %d, close-on-exec %v", w, call, i, n, want, cloexec)
					}
				}
				same := got[0].Name == got[1].Name
				if call == "pipe2" && (!pipeName.MatchString(got[0].Name) || !same) {
					t.Errorf("%s: pipe2 named %+v; want one pipe:[INODE] for both ends", w, got)
				}
				proto := unixProto[ev.Args[1]&0xf]
				if call == "socketpair" && (!socketName.MatchString(got[0].Name) || !socketName.MatchString(got[1].Name) || same ||
					len(ev.Sockets) != 2 || ev.Sockets[0].Proto != proto || ev.Sockets[1].Proto != proto) {
					t.Errorf("%s: socketpair named %+v, sockets %+v; want two socket:[INODE] of protocol %q", w, got, ev.Sockets, proto)
				}
				seen[call]++
			case "ioctl":
				if !syscalls.IoctlReturnsFD(uint32(ev.Args[1])) {
					continue
				}
				if len(got) != 1 || got[0].FD != int32(ev.Ret) || !userNS.MatchString(got[0].Name) || !got[0].Cloexec {
					t.Errorf("%s: ioctl NS_GET_USERNS = %d named %+v; want user:[INODE], close-on-exec", w, ev.Ret, got)
				}
				seen[call]++
			case "memfd_create":
				name, _, _ := bytes.Cut(ev.Captures[0].Data, []byte{0})
				if len(got) != 1 || got[0].Name != "/memfd:"+string(name) || !got[0].Deleted {
					t.Errorf("%s: memfd_create named %+v; want /memfd:%s, deleted", w, got, name)
				}
				seen[call]++
			default:
				want, isAnon := anon[call]
				if !isAnon {
					continue
				}
				if len(got) != 1 || got[0].FD != int32(ev.Ret) || got[0].Name != want || !got[0].Cloexec {
					t.Errorf("%s: %s = %d named %+v; want %q, close-on-exec", w, call, ev.Ret, got, want)
				}
				seen[call]++
			}
		}
	}
	for _, call := range []string{"pipe2", "socketpair", "memfd_create", "epoll_create1", "eventfd2", "timerfd_create", "signalfd4", "inotify_init1", "pidfd_open", "ioctl"} {
		if seen[call] == 0 {
			t.Errorf("no successful %s in the workloads", call)
		}
	}
}

// TestArgFDNames checks that, under NameNewFDs (-y), a call's entry names
// its descriptor arguments as the call found them: on the pipes workload,
// dup2's source the pipe, close's argument the pipe dup2 made of 10 (which
// may have been something else, inherited, before), and AT_FDCWD (the
// loader's openat) the working directory; on the errors workload, close
// and read of -1 a descriptor not open.
func TestArgFDNames(t *testing.T) {
	testutil.RequireBPF(t)
	opts := defaultOpts()
	opts.NameNewFDs = true
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if cwd, err = filepath.EvalSymlinks(cwd); err != nil {
		t.Fatal(err)
	}
	pipeName := regexp.MustCompile(`^pipe:\[[1-9][0-9]*\]$`)
	evs, _ := collect(t, New(), workload(t, "pipes"), opts)
	seen := map[string]bool{}
	for _, ev := range evs {
		if ev.Kind != trace.SyscallEnter {
			continue
		}
		call := syscalls.ForArch(ev.Arch).Get(int(ev.NR)).Name
		got := ev.ArgFDs
		switch {
		case call == "dup2" && ev.Args[1] == 10:
			if len(got) != 2 || got[0].FD != int32(ev.Args[0]) || !pipeName.MatchString(got[0].Name) || got[1].FD != 10 {
				t.Errorf("dup2(%d, 10) entry named %+v; want the pipe, then 10", ev.Args[0], got)
			}
			seen[call] = true
		case call == "close" && ev.Args[0] == 10:
			if len(got) != 1 || got[0].FD != 10 || !pipeName.MatchString(got[0].Name) || got[0].Closed {
				t.Errorf("close(10) entry named %+v; want the pipe", got)
			}
			seen[call] = true
		case call == "openat" && int32(ev.Args[0]) == unix.AT_FDCWD:
			if len(got) != 1 || got[0].FD != unix.AT_FDCWD || got[0].Name != cwd || got[0].Closed {
				t.Errorf("openat(AT_FDCWD) entry named %+v; want %s", got, cwd)
			}
			seen[call] = true
		}
	}
	evs, _ = collect(t, New(), workload(t, "errors"), opts)
	for _, ev := range evs {
		call := syscalls.ForArch(ev.Arch).Get(int(ev.NR)).Name
		if ev.Kind != trace.SyscallEnter || (call != "close" && call != "read") || int32(ev.Args[0]) != -1 {
			continue
		}
		if len(ev.ArgFDs) != 1 || ev.ArgFDs[0] != (trace.FDName{FD: -1, Closed: true}) {
			t.Errorf("%s(-1) entry named %+v; want -1 not open", call, ev.ArgFDs)
		}
		seen[call+"(-1)"] = true
	}
	for _, call := range []string{"dup2", "close", "openat", "close(-1)", "read(-1)"} {
		if !seen[call] {
			t.Errorf("no %s entry checked", call)
		}
	}
}

// TestSocketStates checks the socket states the programs report under
// DescribeSockets (-yy) on the netsock workload, against what its calls
// do: a socket's arguments are described as the call finds them (a TCP
// socket unbound at its bind, bound to 127.0.0.1 at its close; a UDPv6
// socket unbound at the sendto that binds it, whose buffer is a literal
// the entry may have to read again at the exit), a UNIX listener by its
// path, an accepted socket (at accept4's exit) by its peer and path, a
// netlink socket by its port id, which autobinding makes its pid.
func TestSocketStates(t *testing.T) {
	testutil.RequireBPF(t)
	opts := defaultOpts()
	opts.NameNewFDs, opts.DescribeSockets = true, true
	target := workload(t, "netsock")
	scratch := t.TempDir()
	target.Argv = append(target.Argv, scratch)
	evs, _ := collect(t, New(), target, opts)
	only := func(ev trace.Event, fd int32) (trace.SocketState, bool) {
		if len(ev.Sockets) != 1 || ev.Sockets[0].FD != fd {
			t.Errorf("%s %v: sockets %+v; want one, descriptor %d", ev.Kind, ev.Args[:2], ev.Sockets, fd)
			return trace.SocketState{}, false
		}
		return ev.Sockets[0], true
	}
	sockPath := []byte(filepath.Join(scratch, "sock"))
	var proto string // the protocol of the socket in descriptor 3, from its socket call
	checked := make(map[string]bool)
	for _, ev := range evs {
		call := syscalls.ForArch(ev.Arch).Get(int(ev.NR)).Name
		fd := int32(ev.Args[0])
		switch {
		case ev.Kind == trace.SyscallExit && call == "socket" && ev.Ret == 3:
			proto = map[uint64]string{unix.AF_INET: "TCP/UDP", unix.AF_INET6: "UDPv6", unix.AF_UNIX: "UNIX-STREAM", unix.AF_NETLINK: "NETLINK"}[ev.Args[0]]
			if ev.Args[0] == unix.AF_INET && ev.Args[1]&0xf == unix.SOCK_STREAM {
				proto = "TCP"
			}
		case ev.Kind != trace.SyscallEnter || fd != 3:
		case call == "bind" && proto == "TCP":
			if st, ok := only(ev, 3); ok && (st.Proto != "TCP" || st.Listed) {
				t.Errorf("TCP socket at bind: %+v; want TCP, not listed", st)
			}
			checked["tcp bind"] = true
		case call == "close" && proto == "TCP":
			if st, ok := only(ev, 3); ok && (!st.Listed || st.Src != netip.MustParseAddr("127.0.0.1") || st.SPort == 0) {
				t.Errorf("TCP socket at close: %+v; want listed, bound to 127.0.0.1", st)
			}
			checked["tcp close"] = true
		case call == "sendto" && proto == "UDPv6":
			if st, ok := only(ev, 3); ok && (st.Proto != "UDPv6" || st.Listed || st.SPort != 0) {
				t.Errorf("UDPv6 socket at sendto: %+v; want UDPv6, unbound", st)
			}
			checked["udp6 sendto"] = true
		case call == "listen" && proto == "UNIX-STREAM":
			if st, ok := only(ev, 3); ok && (st.Proto != "UNIX-STREAM" || !bytes.Equal(bytes.TrimRight(st.Path, "\x00"), sockPath)) {
				t.Errorf("UNIX listener at listen: %+v; want UNIX-STREAM bound to %s", st, sockPath)
			}
			checked["unix listen"] = true
		case call == "close" && proto == "NETLINK":
			if st, ok := only(ev, 3); ok && (st.Proto != "NETLINK" || !st.Listed || st.PortID != uint32(ev.PID) || st.NetlinkProto != unix.NETLINK_ROUTE) {
				t.Errorf("netlink socket at close: %+v; want NETLINK, ROUTE, port id %d", st, ev.PID)
			}
			checked["netlink close"] = true
		}
		if ev.Kind == trace.SyscallExit && call == "accept4" && ev.Ret >= 0 {
			var got *trace.SocketState
			for i := range ev.Sockets {
				if ev.Sockets[i].FD == int32(ev.Ret) {
					got = &ev.Sockets[i]
				}
			}
			if got == nil || got.Peer == 0 || got.Proto != "UNIX-STREAM" || !bytes.Equal(bytes.TrimRight(got.Path, "\x00"), sockPath) {
				t.Errorf("accept4 = %d: sockets %+v; want the new socket with a peer, bound to %s", ev.Ret, ev.Sockets, sockPath)
			}
			checked["accept4"] = true
		}
	}
	for _, what := range []string{"tcp bind", "tcp close", "udp6 sendto", "unix listen", "netlink close", "accept4"} {
		if !checked[what] {
			t.Errorf("no %s in the trace", what)
		}
	}
}
