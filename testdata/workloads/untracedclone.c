/* untracedclone: children made with CLONE_UNTRACED, by clone and by
 * clone3, call getppid and exit; a tracer following forks does not
 * follow them (ptrace never attaches to them). */
#define _GNU_SOURCE
#include <linux/sched.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	long pid = syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		syscall(SYS_getppid);
		_exit(3);
	}
	waitpid(pid, NULL, 0);

	struct clone_args args;
	memset(&args, 0, sizeof(args));
	args.flags = CLONE_UNTRACED;
	args.exit_signal = SIGCHLD;
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid == 0) {
		syscall(SYS_getppid);
		_exit(4);
	}
	waitpid(pid, NULL, 0);
	return 0;
}
