/*
 * attachthread: a process whose second thread prints its thread id, waits
 * for a byte on stdin, then makes 30 getppid calls 20 ms apart (so that
 * it outlives a tracer's periodic checks) and returns; the process then
 * exits 0. A tracer attaches to that thread (-p TID), not the leader.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void *run(void *arg)
{
	char c;

	(void)arg;
	printf("%ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	if (read(0, &c, 1) != 1)
		return NULL;
	for (int i = 0; i < 30; i++) {
		struct timespec pause = {0, 20 * 1000 * 1000};

		getppid();
		nanosleep(&pause, NULL);
	}
	return NULL;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, run, NULL);
	pthread_join(t, NULL);
	return 0;
}
