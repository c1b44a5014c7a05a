/* procsum: known numbers of calls in two processes, for -c -ff.
 *
 * The parent makes 3 getpid calls once its child has exited; the child
 * makes 5: 3 in its main thread and 2 in a second thread, which count in
 * its process. With the argument "wait", the program first reads a byte
 * from stdin (for --summary-interval: the test lets it go once it has
 * seen an interval's table) and then makes its calls. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void getpids(int n)
{
	for (int i = 0; i < n; i++)
		syscall(SYS_getpid);
}

static void *thread_main(void *arg)
{
	(void)arg;
	getpids(2);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "wait") == 0) {
		char c;
		if (read(0, &c, 1) != 1)
			return 2;
	}
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		pthread_t t;
		getpids(3);
		if (pthread_create(&t, NULL, thread_main, NULL) != 0)
			_exit(1);
		pthread_join(t, NULL);
		_exit(0);
	}
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return 1;
	getpids(3);
	return 0;
}
