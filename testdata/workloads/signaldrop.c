/* signaldrop: signals the kernel does not deliver as such. A timer's
 * SIGUSR2 comes while the command waits for it in rt_sigtimedwait, which
 * takes it (no signal delivery); a child in pause is sent SIGUSR1, which
 * kills it, and then SIGUSR2, which its dying group drops. */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	struct sigevent sev = {.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR2};
	timer_t timer;
	if (timer_create(CLOCK_MONOTONIC, &sev, &timer))
		return 1;
	struct itimerspec its = {.it_value = {0, 20000000}};
	timer_settime(timer, 0, &its, NULL);
	if (sigwaitinfo(&set, NULL) != SIGUSR2)
		return 2;
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	pid_t child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	kill(child, SIGUSR1);
	kill(child, SIGUSR2);
	waitpid(child, NULL, 0);
	return 0;
}
