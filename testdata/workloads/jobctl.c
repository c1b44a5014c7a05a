/* jobctl: a child stops itself with SIGSTOP; the parent waits until the
 * child's group stop is complete (wait4 with WUNTRACED reports it only
 * then, traced or not), continues it with SIGCONT and reaps it. Under -f a
 * tracer prints the child's SIGSTOP, "--- stopped by SIGSTOP ---" and its
 * SIGCONT. With the argument "thread", the child first starts a thread
 * that waits in pause(2), so that both its threads enter the group stop.
 * SIGCHLD is blocked until the end, so it is delivered at a fixed point. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void *idle_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

int main(int argc, char **argv)
{
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);

	pid_t child = fork();
	if (child == 0) {
		if (argc > 1 && strcmp(argv[1], "thread") == 0) {
			pthread_t t;
			pthread_create(&t, NULL, idle_thread, NULL);
		}
		raise(SIGSTOP);
		write(1, "continued\n", 10);
		_exit(0);
	}
	int status;
	waitpid(child, &status, WUNTRACED);
	if (!WIFSTOPPED(status))
		return 2;
	kill(child, SIGCONT);
	waitpid(child, &status, 0);
	sigprocmask(SIG_UNBLOCK, &chld, NULL);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
