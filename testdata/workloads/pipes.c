/* pipes: pipe, pipe2, dup, dup2, dup3, fcntl and data through a pipe. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

int main(void)
{
	int p[2], q[2], fd;
	char buf[32];

	pipe(p);
	write(p[1], "through the pipe", 16);
	read(p[0], buf, sizeof buf);
	fd = dup(p[1]);
	dup2(p[1], 10);
	write(10, "via fd ten", 10);
	read(p[0], buf, sizeof buf);
	dup3(p[0], 11, O_CLOEXEC);
	fcntl(11, F_GETFD);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	fcntl(p[0], F_GETFL);
	read(p[0], buf, sizeof buf); /* empty, non-blocking: EAGAIN */
	pipe2(q, O_CLOEXEC | O_NONBLOCK);
	close(q[0]);
	close(q[1]);
	close(11);
	close(10);
	close(fd);
	close(p[0]);
	close(p[1]);
	return 0;
}
