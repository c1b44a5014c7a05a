package pidns

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
)

// TestOwnNamespace: ids of sctrace's own namespace translate to
// themselves, and a process's command name is its comm.
func TestOwnNamespace(t *testing.T) {
	r := New("/proc")
	pid := os.Getpid()
	if got := r.Translate(int32(pid), pid, syscalls.PidTGID); got != pid {
		t.Fatalf("Translate(own pid %d) = %d", pid, got)
	}
	want, err := os.ReadFile("/proc/self/comm")
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := r.TaskComm(int32(pid)); !ok || got != strings.TrimSpace(string(want)) {
		t.Fatalf("TaskComm = %q, %v; want %q", got, ok, want)
	}
	if got := r.Translate(int32(pid), 0, syscalls.PidTGID); got != 0 {
		t.Fatalf("Translate(0) = %d, want 0", got)
	}
}

// TestNestedNamespace: in a shell that unshare started as pid 1 of a new
// PID namespace, ids 1 (its pid, process group and session are its
// parent's) translate to the shell's id in sctrace's namespace.
func TestNestedNamespace(t *testing.T) {
	if _, err := exec.LookPath("unshare"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("unshare (util-linux) is missing")
		}
		t.Skip("unshare (util-linux) is missing")
	}
	cmd := exec.Command("unshare", "--user", "--map-root-user", "--pid", "--fork", "sh", "-c", "echo ready; read x")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
		if os.Getenv("CI") != "true" && strings.Contains(line+errString(err), "EOF") {
			t.Skip("unshare --user --pid cannot run here")
		}
		t.Fatalf("shell said %q, %v", line, err)
	}
	children, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/task/" + strconv.Itoa(cmd.Process.Pid) + "/children")
	if err != nil {
		t.Fatal(err)
	}
	sh, err := strconv.Atoi(strings.TrimSpace(string(children)))
	if err != nil {
		t.Fatalf("children of unshare: %q", children)
	}
	r := New("/proc")
	if got := r.Translate(int32(sh), 1, syscalls.PidTGID); got != sh {
		t.Fatalf("pid 1 of the shell's namespace = %d in ours, want %d", got, sh)
	}
	if got := r.Translate(int32(sh), 1, syscalls.PidTID); got != sh {
		t.Fatalf("tid 1 = %d, want %d", got, sh)
	}
	// Asked again, the cached entry is checked and answers the same.
	if got := r.Translate(int32(sh), 1, syscalls.PidTGID); got != sh {
		t.Fatalf("cached pid 1 = %d, want %d", got, sh)
	}
	if got := r.Translate(int32(sh), 2, syscalls.PidTGID); got != 0 {
		t.Fatalf("pid 2 of a namespace holding one process = %d, want 0", got)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
