package tracee

import "golang.org/x/sys/unix"

// CheckAttach applies ptrace's attach rules to pid for a backend that
// attaches without ptrace (eBPF): a zombie cannot be attached (EPERM, as
// PTRACE_SEIZE says), and the caller must be allowed to inspect the
// process as PTRACE_MODE_ATTACH_REALCREDS allows (same real credentials,
// or CAP_SYS_PTRACE, and the target's dumpable and Yama settings). The
// kernel makes that check for pidfd_getfd, so CheckAttach asks it there:
// reading other users' processes through BPF takes no more privilege than
// ptrace would.
func CheckAttach(pid int) error {
	if isZombie(pid) {
		return unix.EPERM
	}
	pidfd, err := unix.PidfdOpen(ThreadGroup(pid), 0)
	if err != nil {
		return err
	}
	defer unix.Close(pidfd)
	fd, err := unix.PidfdGetfd(pidfd, 0, 0)
	switch err {
	case nil:
		unix.Close(fd)
		return nil
	case unix.EPERM, unix.ESRCH:
		return err
	}
	// Allowed, but the process has no descriptor 0 (EBADF) or no
	// descriptor table any more.
	return nil
}

// isZombie reports whether /proc/PID/stat gives state Z (or X).
func isZombie(pid int) bool {
	f := statFields(pid)
	return len(f) > 0 && (f[0] == "Z" || f[0] == "X")
}
