package tracee

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Status reads the Tgid and PPid lines of /proc/TID/status; ok is false
// when the task is gone (or its status unreadable).
func Status(tid int) (tgid, ppid int, ok bool) {
	f, err := os.Open("/proc/" + strconv.Itoa(tid) + "/status")
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	found := 0
	for sc.Scan() && found < 2 {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "Tgid:"); ok {
			tgid, _ = strconv.Atoi(strings.TrimSpace(v))
			found++
		} else if v, ok := strings.CutPrefix(line, "PPid:"); ok {
			ppid, _ = strconv.Atoi(strings.TrimSpace(v))
			found++
		}
	}
	return tgid, ppid, tgid > 0
}

// ThreadGroup returns the thread group id of tid, or tid if it cannot be
// read (the task may be gone already).
func ThreadGroup(tid int) int {
	if tgid, _, ok := Status(tid); ok {
		return tgid
	}
	return tid
}

// Threads lists the thread ids in /proc/PID/task, in directory order
// (ascending).
func Threads(pid int) ([]int, error) {
	ents, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return nil, err
	}
	tids := make([]int, 0, len(ents))
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			tids = append(tids, tid)
		}
	}
	return tids, nil
}

// pfKthread is the kernel's PF_KTHREAD task flag.
const pfKthread = 0x00200000

// IsKernelThread reports whether pid is a kernel thread, from the flags
// field (the 9th) of /proc/PID/stat.
func IsKernelThread(pid int) bool {
	fields := statFields(pid)
	if len(fields) < 7 {
		return false
	}
	flags, err := strconv.ParseUint(fields[6], 10, 64)
	return err == nil && flags&pfKthread != 0
}

// statFields returns the fields of /proc/PID/stat from the 3rd (the
// state) on, or nil.
func statFields(pid int) []string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	// The command name (field 2) may hold spaces: count from its ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(data[i+1:]))
}

// SocketProtocol reads the protocol name ("TCP", "UNIX-STREAM",
// "NETLINK") of the socket at descriptor fd of process or thread pid,
// from the system.sockprotoname attribute of /proc/PID/fd/FD; "" when fd
// is not a socket (or is gone).
func SocketProtocol(pid, fd int32) string {
	buf := make([]byte, 256)
	n, err := unix.Getxattr("/proc/"+strconv.Itoa(int(pid))+"/fd/"+strconv.Itoa(int(fd)), "system.sockprotoname", buf[:255])
	if err != nil || n <= 0 {
		return ""
	}
	if i := bytes.IndexByte(buf[:n], 0); i >= 0 {
		n = i
	}
	return string(buf[:n])
}
