/* Calls chdir from a signal handler, from a thread, and makes a
   clock_gettime that the vDSO passes on to the kernel. */
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static void handler(int sig)
{
	chdir(sig == SIGUSR1 ? "/" : ".");
}

static void *thread(void *arg)
{
	chdir(arg ? "/" : ".");
	return arg;
}

int main(void)
{
	struct timespec ts;
	pthread_t t;

	signal(SIGUSR1, handler);
	raise(SIGUSR1);
	pthread_create(&t, NULL, thread, &ts);
	pthread_join(t, NULL);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return 0;
}
