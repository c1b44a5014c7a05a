/* threadexec: a second thread calls execve while the leader waits in
 * pause(); the kernel kills the leader and the thread takes over its pid
 * (strace: "+++ superseded by execve in pid N +++"). */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static void *run_true(void *arg)
{
	struct timespec ts = {0, 100 * 1000 * 1000};
	char *argv[] = {"/bin/true", NULL};

	(void)arg;
	nanosleep(&ts, NULL); /* let the leader reach pause() */
	execve("/bin/true", argv, NULL);
	return NULL;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, run_true, NULL);
	pause();
	return 1;
}
