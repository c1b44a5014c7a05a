/* vfork: vfork + execve of /bin/true, then wait4; also an abort in a
 * forked child, reported as killed by SIGABRT. */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	sigset_t chld;
	int status;
	pid_t pid;

	/* Deliver SIGCHLD at fixed points only. */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);

	pid = vfork();
	if (pid == 0) {
		char *argv[] = {"/bin/true", NULL};
		execve("/bin/true", argv, NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);

	pid = fork();
	if (pid == 0) {
		signal(SIGABRT, SIG_DFL);
		kill(getpid(), SIGABRT);
		_exit(1);
	}
	waitpid(pid, &status, 0);
	sigprocmask(SIG_UNBLOCK, &chld, NULL);
	return WIFSIGNALED(status) ? 0 : 1;
}
