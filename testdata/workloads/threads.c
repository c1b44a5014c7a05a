/* threads: four pthreads, each writing a few lines to stdout and then
 * waiting for one byte from a pipe. The main thread sleeps before releasing
 * them and again before joining, so that neither its own sequence nor what a
 * tracer reads from a thread's memory depends on scheduling: every thread is
 * alive when its clone3 returns, and finished when it is joined. */
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static int gate[2];

static void *worker(void *arg)
{
	long id = (long)arg;
	char line[] = "thread N line K\n";
	char c;
	int k;

	line[7] = (char)('0' + id);
	for (k = 0; k < 3; k++) {
		line[14] = (char)('0' + k);
		write(1, line, sizeof line - 1);
	}
	read(gate[0], &c, 1);
	return NULL;
}

int main(void)
{
	struct timespec ts = {0, 100 * 1000 * 1000};
	pthread_t th[4];
	long i;

	pipe(gate);
	for (i = 0; i < 4; i++)
		pthread_create(&th[i], NULL, worker, (void *)i);
	nanosleep(&ts, NULL);
	write(gate[1], "xxxx", 4);
	nanosleep(&ts, NULL);
	for (i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	write(1, "joined\n", 7);
	return 0;
}
