package e2e

import (
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestFDNamesAtTheCall compares -y and -yy with strace, on both backends,
// under filters that hide the calls an after-the-fact tracer would learn
// descriptors from: fdstale renames and unlinks an open file, passes and
// receives a descriptor over a UNIX socket (SCM_RIGHTS), dup2s onto a
// closed and then a reused number, opens relative to a changed working
// directory (in a short-lived child too, under -f), polls and selects a
// file whose directory was renamed, and writes over a TCP connection a
// non-blocking connect made. On eBPF the kernel names each call's descriptors.
func TestFDNamesAtTheCall(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireBPF(t)
	bin := workload(t, "fdstale")
	cases := []struct {
		name  string
		flags []string
	}{
		{"-y read,write,pread64,close,dup2", []string{"-y", "-e", "trace=read,write,pread64,close,dup2"}},
		{"-yy read,write,pread64,close,dup2,openat", []string{"-yy", "-e", "trace=read,write,pread64,close,dup2,openat"}},
		{"-yy -f openat,read,write,close", []string{"-yy", "-f", "-e", "trace=openat,read,write,close"}},
		{"-y sendmsg,recvmsg,pread64", []string{"-y", "-e", "trace=sendmsg,recvmsg,pread64"}},
		{"-yy poll,select,close", []string{"-yy", "-e", "trace=poll,select,close"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scratch := t.TempDir()
			want, _ := traceFile(t, strace, append(c.flags, bin, scratch)...)
			for _, backend := range []string{"ptrace", "ebpf"} {
				got, r := traceFile(t, sctrace, append(append([]string{"--backend=" + backend}, c.flags...), bin, scratch)...)
				if r.exit != 0 {
					t.Errorf("%s: exit %d, stderr %q", backend, r.exit, r.stderr)
				}
				if d := sameLines(withoutScratch(normalized(want)), withoutScratch(normalized(got))); d != "" {
					t.Errorf("%s differs from strace at %s", backend, d)
				}
			}
		})
	}
}

// TestFDNamesAttached checks -y on a process -p attaches to, whose
// descriptors were all made before: its pipes and the file it writes to
// are named at its first calls, on both backends (the shell writes
// the file through descriptor 1, dup2ed from 7 by calls not traced).
func TestFDNamesAttached(t *testing.T) {
	_, sctrace := tracers(t)
	testutil.RequireBPF(t)
	for _, backend := range []string{"ptrace", "ebpf"} {
		t.Run(backend, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "log")
			victim := testutil.StartIdleShell(t, `exec 7>"$1"; while read line; do echo "$line" >&7; echo "$line"; done`, file)
			pid := strconv.Itoa(victim.Cmd.Process.Pid)
			cmd, _, stderr := startTraced(t, sctrace, "--backend="+backend, "-y", "-e", "trace=read,write", "-p", pid)
			stderr.WaitFor(t, "sctrace: Process "+pid+" attached\n", lineTimeout)
			victim.Echo(t, "traced")
			stderr.WaitFor(t, `write(1<pipe:[`, lineTimeout)
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			_ = cmd.Wait()
			text := stderr.String()
			for _, want := range []string{`read(0<pipe:[`, `write(1<` + file + `>, "traced\n", 7) = 7`, `write(1<pipe:[`} {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in:\n%s", want, text)
				}
			}
		})
	}
}
