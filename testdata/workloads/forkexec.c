/* forkexec: fork a child that execs /bin/true, and wait4 for it. SIGCHLD is
 * blocked until the child has been reaped, so the parent's trace does not
 * depend on when the child exits. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	sigset_t set, old;
	int status;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	pid = fork();
	if (pid == 0) {
		char *argv[] = {"true", NULL};
		char *envp[] = {"WORKLOAD=forkexec", NULL};
		execve("/bin/true", argv, envp);
		_exit(127);
	}
	wait4(pid, &status, 0, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	write(1, "child done\n", 11);
	return WEXITSTATUS(status);
}
