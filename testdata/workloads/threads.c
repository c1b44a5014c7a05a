/* threads: four pthreads, each writing a few lines to stdout and then
 * waiting for one byte from a pipe. Each thread takes a private copy of
 * the descriptor table (unshare(CLONE_FILES)) and says so on a second
 * pipe before it waits; the main thread then closes its own end of a
 * third pipe, whose write end the threads' tables still hold, releases
 * them, and reads that pipe: the read returns end of file once every
 * thread's table is gone, which the kernel does after it has cleared the
 * thread's id for pthread_join. So neither the main thread's sequence nor
 * a thread's depends on scheduling: every thread is alive when its clone3
 * returns, and gone when it is joined (pthread_join makes no call). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

static int gate[2], ready[2], gone[2];

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
	unshare(CLONE_FILES);
	write(ready[1], "r", 1);
	read(gate[0], &c, 1);
	return NULL;
}

int main(void)
{
	pthread_t th[4];
	char c;
	long i;

	pipe(gate);
	pipe(ready);
	pipe(gone);
	for (i = 0; i < 4; i++)
		pthread_create(&th[i], NULL, worker, (void *)i);
	for (i = 0; i < 4; i++)
		read(ready[0], &c, 1);
	close(gone[1]);
	write(gate[1], "xxxx", 4);
	read(gone[0], &c, 1);
	for (i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	write(1, "joined\n", 7);
	return 0;
}
