/* spawnstorm: 8 processes of 4 short-lived threads each, created and
 * ended as fast as possible, so that a child's whole life (first stop to
 * exit) often fits between its creator's clone and the tracer's look at
 * the creator's fork event. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static void *thread(void *arg) { return arg; }

static int process(void)
{
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, thread, NULL))
			return 1;
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}

int main(void)
{
	pid_t p[8];
	for (int i = 0; i < 8; i++) {
		p[i] = fork();
		if (p[i] < 0)
			return 1;
		if (p[i] == 0)
			_exit(process());
	}
	int bad = 0;
	for (int i = 0; i < 8; i++) {
		int st;
		if (waitpid(p[i], &st, 0) != p[i] || !WIFEXITED(st) || WEXITSTATUS(st))
			bad = 1;
	}
	return bad;
}
