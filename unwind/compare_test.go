package unwind

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
	"github.com/sctrace/sctrace/trace"
)

// straceStack returns the stack lines strace -f -k prints under the nth
// (from 0) call of sysName that bin makes.
func straceStack(t *testing.T, sysName string, nth int, bin string, args ...string) []string {
	t.Helper()
	testutil.RequireCommand(t, "strace")
	log := t.TempDir() + "/log"
	if msg, err := exec.Command("strace", append([]string{"-f", "-qq", "-k", "-o", log, "-e", "trace=" + sysName, "-e", "signal=none", bin}, args...)...).CombinedOutput(); err != nil {
		t.Fatalf("strace -k %s: %v\n%s", bin, err, msg)
	}
	out, err := os.ReadFile(log)
	if err != nil {
		t.Fatalf("reading strace's output: %v", err)
	}
	var lines []string
	seen := -1
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if pid, rest, ok := strings.Cut(l, " "); ok && pid != "" && strings.Trim(pid, "0123456789") == "" {
			l = strings.TrimLeft(rest, " ")
		}
		switch {
		case strings.HasPrefix(l, sysName+"("):
			if seen == nth {
				return lines
			}
			seen++
		case seen == nth && strings.HasPrefix(l, " > "):
			lines = append(lines, l)
		case seen == nth:
			return lines
		}
	}
	if seen < nth {
		t.Fatalf("strace -k printed no %s call #%d:\n%s", sysName, nth, out)
	}
	return lines
}

// captureAt runs bin with args under ptrace, following its threads, up
// to the entry of its nth (from 0) call of number sysno and returns its
// mappings and stack, captured as the ptrace backend does (registers;
// stack memory from rsp up, at most captureSize bytes).
func captureAt(t testing.TB, sysno uint64, nth int, bin string, args ...string) ([]Mapping, *trace.UserStack) {
	t.Helper()
	testutil.RequirePtrace(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cmd := exec.Command(bin, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Ptrace: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	pid := cmd.Process.Pid
	defer func() {
		// Killed, the traced threads report to us: reap them all, the
		// leader last (it waits for them).
		_ = unix.Kill(pid, unix.SIGKILL)
		for {
			var ws unix.WaitStatus
			wpid, err := unix.Wait4(-1, &ws, unix.WALL, nil)
			if err != nil || wpid == pid && (ws.Exited() || ws.Signaled()) {
				break
			}
		}
		_ = cmd.Wait() // reaped already: it only frees what cmd holds
	}()
	var ws unix.WaitStatus
	if _, err := unix.Wait4(pid, &ws, 0, nil); err != nil || !ws.Stopped() {
		t.Fatalf("waiting for the exec stop: %v %v", err, ws)
	}
	if err := unix.PtraceSetOptions(pid, unix.PTRACE_O_TRACESYSGOOD|unix.PTRACE_O_TRACECLONE); err != nil {
		t.Fatalf("PTRACE_SETOPTIONS: %v", err)
	}
	inCall := map[int]bool{}
	seen := 0
	resume, sig := pid, 0
	for {
		if resume != 0 {
			if err := unix.PtraceSyscall(resume, sig); err != nil {
				t.Fatalf("PTRACE_SYSCALL: %v", err)
			}
		}
		tid, err := unix.Wait4(-1, &ws, unix.WALL, nil)
		if err != nil {
			t.Fatalf("wait4: %v", err)
		}
		resume, sig = tid, 0
		switch {
		case tid == pid && (ws.Exited() || ws.Signaled()):
			t.Fatalf("%s ended before call #%d of %d", bin, nth, sysno)
		case ws.Exited() || ws.Signaled():
			resume = 0 // another thread's end
			continue
		case !ws.Stopped():
			continue
		case ws.StopSignal() == unix.SIGTRAP|0x80:
		case ws.StopSignal() == unix.SIGTRAP || ws.StopSignal() == unix.SIGSTOP:
			continue // a clone event, a new thread's first stop
		default:
			sig = int(ws.StopSignal())
			continue
		}
		var regs unix.PtraceRegs
		if err := unix.PtraceGetRegs(tid, &regs); err != nil {
			t.Fatalf("PTRACE_GETREGS: %v", err)
		}
		inCall[tid] = !inCall[tid]
		if !inCall[tid] || regs.Orig_rax != sysno {
			continue
		}
		if seen < nth {
			seen++
			continue
		}
		maps, err := ReadMaps(tid)
		if err != nil {
			t.Fatal(err)
		}
		st := &trace.UserStack{Regs: dwarfRegs(&regs)}
		st.Data = readStack(tid, maps, regs.Rsp, captureSize)
		return maps, st
	}
}

// captureSize is how much stack the tests capture.
const captureSize = 1 << 16

// dwarfRegs puts ptrace's registers in DWARF order.
func dwarfRegs(r *unix.PtraceRegs) [trace.UserRegs]uint64 {
	return [trace.UserRegs]uint64{r.Rax, r.Rdx, r.Rcx, r.Rbx, r.Rsi, r.Rdi, r.Rbp, r.Rsp,
		r.R8, r.R9, r.R10, r.R11, r.R12, r.R13, r.R14, r.R15, r.Rip}
}

// readStack copies up to size bytes from rsp to the end of its mapping.
func readStack(pid int, maps []Mapping, rsp uint64, size int) []byte {
	if m := find(maps, rsp); m != nil && m.End-rsp < uint64(size) {
		size = int(m.End - rsp)
	}
	buf := make([]byte, size)
	n, err := unix.ProcessVMReadv(pid, []unix.Iovec{{Base: &buf[0], Len: uint64(size)}},
		[]unix.RemoteIovec{{Base: uintptr(rsp), Len: size}}, 0)
	if err != nil {
		return nil
	}
	return buf[:n]
}

// program is a test program and how to build it.
type program struct {
	name, src string
	flags     []string
	// bin, when set, is an installed program run with args instead.
	bin  string
	args []string
	// sys is the call to stop at (default chdir); nth its occurrence.
	sys string
	nth int
}

var programs = []program{
	{name: "pie", src: "testdata/fcall.c", flags: []string{"-pie", "-fPIE"}},
	{name: "nopie", src: "testdata/fcall.c", flags: []string{"-no-pie"}},
	{name: "static", src: "testdata/fcall.c", flags: []string{"-static"}},
	{name: "O2", src: "testdata/fcall.c", flags: []string{"-O2"}},
	{name: "nofp", src: "testdata/fcall.c", flags: []string{"-fomit-frame-pointer", "-fno-asynchronous-unwind-tables"}},
	{name: "cxx", src: "testdata/ns.cc"},
	{name: "cxxtemplates", src: "testdata/tmpl.cc", flags: []string{"-lstdc++"}},
	{name: "echo", bin: "/usr/bin/echo", args: []string{"hi"}, sys: "write"},
	{name: "sh", bin: "/bin/sh", args: []string{"-c", "cd /"}},
	{name: "go", src: "testdata/goprog"},
	{name: "sighandler", src: "testdata/edge.c"},
	{name: "thread", src: "testdata/edge.c", nth: 1},
	{name: "vdso", src: "testdata/edge.c", sys: "clock_gettime"},
}

// buildGo builds the Go command in dir.
func buildGo(t *testing.T, dir string) string {
	t.Helper()
	testutil.RequireCommand(t, "go")
	out := t.TempDir() + "/goprog"
	if msg, err := exec.Command("go", "build", "-o", out, "./"+dir).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", dir, err, msg)
	}
	return out
}

// TestCompareWithStrace unwinds each program at its chosen call and
// compares the lines with those strace -k prints for the same call.
func TestCompareWithStrace(t *testing.T) {
	testutil.RequireRoot(t)
	same, total := 0, 0
	u := New(256)
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			bin := p.bin
			switch {
			case bin != "":
			case p.name == "go":
				bin = buildGo(t, p.src)
			default:
				bin = testutil.BuildC(t, p.src, p.flags...)
			}
			sys, sysno := "chdir", uint64(unix.SYS_CHDIR)
			switch p.sys {
			case "write":
				sys, sysno = "write", unix.SYS_WRITE
			case "clock_gettime":
				sys, sysno = "clock_gettime", unix.SYS_CLOCK_GETTIME
			}
			want := straceStack(t, sys, p.nth, bin, p.args...)
			maps, st := captureAt(t, sysno, p.nth, bin, p.args...)
			var got []string
			for _, f := range u.Unwind(maps, st) {
				got = append(got, f.String())
			}
			differ := len(got) != len(want)
			for i := range max(len(got), len(want)) {
				total++
				if i < len(got) && i < len(want) && sameLine(got[i], want[i]) {
					same++
				} else {
					differ = true
				}
			}
			t.Logf("%s\n(the walk needs the %d bytes above the stack pointer)", strings.Join(got, "\n"), stackNeeded(u, maps, st))
			if differ {
				t.Errorf("frames differ\n got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	t.Logf("%d of %d frames identical to strace -k's (error addresses aside)", same, total)
	_ = os.Stderr
}

// stackNeeded returns the fewest captured bytes that give the walk of
// the whole copy.
func stackNeeded(u *Unwinder, maps []Mapping, st *trace.UserStack) int {
	full := u.Unwind(maps, st)
	return sort.Search(len(st.Data), func(n int) bool {
		short := *st
		short.Data = st.Data[:n]
		return slices.Equal(u.Unwind(maps, &short), full)
	})
}

// sameLine compares two frame lines; the address of an
// unexpected_backtracing_error line is a stray stack word that address
// space randomization changes from run to run, so it is left out.
func sameLine(got, want string) bool {
	const bad = " > " + errBacktrace + " ["
	if strings.HasPrefix(got, bad) && strings.HasPrefix(want, bad) {
		return true
	}
	return got == want
}

// TestShortStack unwinds a stack captured short, and one with too many
// frames: the first ends quietly where the copy ends, with the leading
// frames of the full walk; the second ends with strace's line.
func TestShortStack(t *testing.T) {
	bin := testutil.BuildC(t, "testdata/fcall.c", "-pie", "-fPIE")
	maps, st := captureAt(t, unix.SYS_CHDIR, 0, bin)
	full := New(256).Unwind(maps, st)
	if len(full) < 6 {
		t.Fatalf("the full walk has %d frames", len(full))
	}
	short := *st
	short.Data = st.Data[:24]
	got := New(256).Unwind(maps, &short)
	if len(got) == 0 || len(got) >= len(full) {
		t.Fatalf("short stack: %d frames of %d", len(got), len(full))
	}
	for i := range got {
		if got[i] != full[i] {
			t.Errorf("frame %d: got %q, want %q", i, got[i], full[i])
		}
	}
	capped := New(3).Unwind(maps, st)
	want := append(append([]Frame(nil), full[:3]...), Frame{Error: errTooMany})
	if len(capped) != len(want) {
		t.Fatalf("capped at 3: %d frames", len(capped))
	}
	for i := range want {
		if capped[i] != want[i] {
			t.Errorf("capped frame %d: got %q, want %q", i, capped[i], want[i])
		}
	}
}
