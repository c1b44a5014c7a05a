/* orphan: the child forks a grandchild and exits at once, leaving the
 * grandchild orphaned; the parent waits for the child's exit without
 * reaping it (waitid with WNOWAIT), so the child is a zombie until the
 * parent reaps it. The grandchild reads a pipe whose only writer is the
 * parent: it reads end of file when the parent has exited, and then exits
 * with status 3. */
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	int parent_alive[2];
	siginfo_t si;
	char c;

	pipe(parent_alive);
	pid_t child = fork();
	if (child == 0) {
		close(parent_alive[1]);
		if (fork() == 0) {
			read(parent_alive[0], &c, 1);
			_exit(3);
		}
		_exit(0);
	}
	close(parent_alive[0]);
	waitid(P_PID, child, &si, WEXITED | WNOWAIT);
	waitpid(child, NULL, 0);
	return 0;
}
