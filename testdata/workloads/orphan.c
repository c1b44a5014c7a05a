/* orphan: the child forks a grandchild and exits at once, leaving the
 * grandchild orphaned; the parent leaves the child a zombie for a while
 * before reaping it. The grandchild exits 3 after the parent is done. */
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void nap(long ms)
{
	struct timespec ts = {0, ms * 1000 * 1000};
	nanosleep(&ts, NULL);
}

int main(void)
{
	pid_t child = fork();

	if (child == 0) {
		if (fork() == 0) {
			nap(200);
			_exit(3);
		}
		_exit(0);
	}
	nap(100); /* the child is a zombie meanwhile */
	waitpid(child, NULL, 0);
	return 0;
}
