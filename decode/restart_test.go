package decode

import "testing"

// TestRestartSyscall: restart_syscall names the call it resumes, or says
// "system call" when the backend did not see it.
func TestRestartSyscall(t *testing.T) {
	known := sc(t, "restart_syscall", 0)
	nanosleep := sc(t, "clock_nanosleep", 0)
	known.ev.Resumes = nanosleep.ev.NR + 1
	for _, c := range []struct {
		ev   *evb
		want string
	}{
		{known, "restart_syscall(<... resuming interrupted clock_nanosleep ...>) = 0"},
		{sc(t, "restart_syscall", 0), "restart_syscall(<... resuming interrupted system call ...>) = 0"},
	} {
		if got := whole(New(Options{StringLimit: DefaultStringLimit}), c.ev.get()); got != c.want {
			t.Errorf("got %s\nwant %s", got, c.want)
		}
	}
}
