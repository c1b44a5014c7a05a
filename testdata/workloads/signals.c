/* signals: SIGUSR1 sent to self and handled; SIGCHLD from a child that
 * exits with status 3, delivered at a fixed point by unblocking it after
 * the child was reaped; an ignored SIGUSR2. */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void handler(int sig)
{
	got = sig;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, old;
	int status;
	pid_t pid;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	kill(getpid(), SIGUSR1);
	write(1, got == SIGUSR1 ? "usr1\n" : "none\n", 5);

	signal(SIGUSR2, SIG_IGN);
	raise(SIGUSR2);

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	pid = fork();
	if (pid == 0)
		_exit(3);
	waitpid(pid, &status, 0);
	sigprocmask(SIG_SETMASK, &old, NULL);
	write(1, got == SIGCHLD ? "chld\n" : "none\n", 5);
	return 0;
}
