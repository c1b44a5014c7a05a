/* cloneparent: a child made with CLONE_PARENT is the tracer's child, not
 * this program's; the program waits (as strace's clone_parent test does)
 * until whoever is its parent has reaped it. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static char stack[64 * 1024];

static int child(void *arg) { return 42; }

int main(void)
{
	pid_t pid = clone(child, stack + sizeof(stack), CLONE_PARENT | SIGCHLD, NULL);
	if (pid < 0)
		return 2;
	if (wait(NULL) >= 0 || errno != ECHILD)
		return 3; /* not our child */
	while (kill(pid, 0) == 0)
		sched_yield();
	printf("%d\n", pid);
	return errno == ESRCH ? 0 : 4;
}
