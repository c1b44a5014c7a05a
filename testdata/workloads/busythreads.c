/* busythreads: a child process starts 16 threads that call getuid without
 * end, then ends itself with _exit; the parent waits for it. Under ptrace
 * the child is not the tracer's own child, so wait4 reports the newest
 * tracees first: a tracer that serves whichever task wait4 reports first
 * keeps serving the busy threads and never resumes the child's main
 * thread, and the process never ends. */
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 16

static void *spin(void *arg)
{
	for (;;)
		syscall(SYS_getuid);
	return arg;
}

int main(void)
{
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		for (int i = 0; i < THREADS; i++) {
			pthread_t t;
			if (pthread_create(&t, NULL, spin, NULL) != 0)
				_exit(1);
		}
		_exit(0);
	}
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}
