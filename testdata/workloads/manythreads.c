/* manythreads: 16 threads each make 1,000 getppid calls, so a tracer that
 * loses or merges events shows a count other than 16,000. */
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#define THREADS 16
#define CALLS 1000

static void *spin(void *arg)
{
	(void)arg;
	for (int i = 0; i < CALLS; i++)
		syscall(SYS_getppid);
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];

	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, spin, NULL);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	return 0;
}
