/* threadexec: a second thread calls execve while the leader is blocked in
 * a write(2); the kernel kills the leader and the thread takes over its
 * pid (strace: "+++ superseded by execve in pid N +++"). The pipe holds
 * one page, so the leader's write of a page and a byte fills it and
 * blocks; the thread's poll(2) finds the pipe readable once that write
 * has begun, and only then calls execve. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

static int full[2];
static char page[4097];

static void *run_true(void *arg)
{
	struct pollfd p = {.fd = full[0], .events = POLLIN};
	char *argv[] = {"/bin/true", NULL};

	(void)arg;
	poll(&p, 1, -1);
	execve("/bin/true", argv, NULL);
	return NULL;
}

int main(void)
{
	pthread_t t;

	pipe(full);
	fcntl(full[1], F_SETPIPE_SZ, 4096);
	pthread_create(&t, NULL, run_true, NULL);
	write(full[1], page, sizeof page);
	return 1;
}
