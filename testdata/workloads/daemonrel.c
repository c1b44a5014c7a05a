/* daemonrel: prints "PID PPID PGID SID" of itself, then waits for end of
 * file on its standard input and exits with status 7. Traced with -D, the
 * numbers show that the command kept the place of the process its parent
 * started; the wait gives the test time to look at the tracer. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	char line[128];
	int n = snprintf(line, sizeof(line), "%d %d %d %d\n",
			 (int) getpid(), (int) getppid(), (int) getpgid(0), (int) getsid(0));
	write(1, line, n);
	while (read(0, line, sizeof(line)) > 0)
		;
	return 7;
}
