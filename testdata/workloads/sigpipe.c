/* sigpipe: a write to a pipe whose reader is gone, with SIGPIPE's default
 * action: the write fails with EPIPE and the process dies of SIGPIPE. */
#include <signal.h>
#include <unistd.h>

int main(void)
{
	int p[2];

	signal(SIGPIPE, SIG_DFL);
	if (pipe(p) < 0)
		return 1;
	close(p[0]);
	write(p[1], "x", 1);
	return 0;
}
