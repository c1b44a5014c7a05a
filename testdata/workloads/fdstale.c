/* fdstale: descriptors whose names a tracer that learns them from the
 * calls it sees would get wrong: a file renamed then unlinked while open,
 * descriptors received over a UNIX socket (SCM_RIGHTS), one of them closed
 * and its number reused at once, dup2 onto a
 * number closed and then reused, a device, the working directory changed
 * before a relative open, a short-lived child opening relative to it, a
 * file polled and selected after its directory was renamed, and a TCP
 * connection made by a non-blocking connect. argv[1] is a scratch
 * directory, left as found. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <unistd.h>

/* send_fd passes descriptor fd over the UNIX socket s. */
static void send_fd(int s, int fd)
{
	char byte = 'x';
	struct iovec iov = {.iov_base = &byte, .iov_len = 1};
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} u;
	memset(&u, 0, sizeof u);
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof u.buf};
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	sendmsg(s, &m, 0);
}

/* recv_fd returns the descriptor received over the UNIX socket s. */
static int recv_fd(int s)
{
	char byte;
	struct iovec iov = {.iov_base = &byte, .iov_len = 1};
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} u;
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof u.buf};
	int fd = -1;
	if (recvmsg(s, &m, 0) == 1 && CMSG_FIRSTHDR(&m))
		memcpy(&fd, CMSG_DATA(CMSG_FIRSTHDR(&m)), sizeof fd);
	return fd;
}

int main(int argc, char **argv)
{
	char buf[16];
	if (argc < 2 || chdir(argv[1]) != 0)
		return 1;
	/* The child's SIGCHLD stays pending: no signal line to place. */
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, 0);

	/* Renamed, then unlinked, while open. */
	int fd = open("first", O_CREAT | O_RDWR | O_TRUNC, 0644);
	rename("first", "second");
	write(fd, "a", 1);
	unlink("second");
	write(fd, "b", 1);
	close(fd);

	/* Received over a socket. */
	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	int data = open("data", O_CREAT | O_RDWR | O_TRUNC, 0644);
	write(data, "hello", 5);
	send_fd(sv[0], data);
	int got = recv_fd(sv[1]);
	pread(got, buf, 5, 0);
	/* Received, closed and its number reused at once: only the call
	 * itself can name it. */
	send_fd(sv[0], data);
	int gone = recv_fd(sv[1]);
	close(gone);
	int reused = open("/dev/null", O_RDONLY);
	close(reused);
	close(data);

	/* dup2 onto a closed number, then onto one in use. */
	dup2(got, 9);
	pread(9, buf, 1, 0);
	close(9);
	read(9, buf, 1); /* EBADF */
	int null = open("/dev/null", O_WRONLY);
	dup2(null, 9);
	write(9, "z", 1);
	dup2(got, 9);
	pread(9, buf, 1, 0);
	close(9);
	close(null);
	close(got);
	close(sv[0]);
	close(sv[1]);
	unlink("data");

	/* A relative open after a chdir, in the process and in a child. */
	mkdir("sub", 0755);
	chdir("sub");
	fd = openat(AT_FDCWD, "inner", O_CREAT | O_WRONLY, 0644);
	write(fd, "c", 1);
	close(fd);
	pid_t pid = fork();
	if (pid == 0) {
		fd = openat(AT_FDCWD, "inner", O_RDONLY);
		read(fd, buf, 1);
		close(fd);
		_exit(0);
	}
	waitpid(pid, 0, 0);
	unlink("inner");
	chdir("..");
	rmdir("sub");

	/* Polled and selected after its directory was renamed: a tracer
	 * that learns names from the calls it sees keeps the old one. */
	mkdir("dir", 0755);
	int f = open("dir/f", O_CREAT | O_RDWR, 0644);
	rename("dir", "moved");
	struct pollfd pf = {.fd = f, .events = POLLIN};
	poll(&pf, 1, 0);
	fd_set rs;
	FD_ZERO(&rs);
	FD_SET(f, &rs);
	struct timeval tv = {0, 0};
	select(f + 1, &rs, 0, 0, &tv);
	close(f);
	unlink("moved/f");
	rmdir("moved");

	/* A non-blocking connect over loopback. */
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t alen = sizeof a;
	bind(l, (struct sockaddr *)&a, sizeof a);
	listen(l, 1);
	getsockname(l, (struct sockaddr *)&a, &alen);
	int c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	connect(c, (struct sockaddr *)&a, sizeof a);
	struct pollfd p = {.fd = c, .events = POLLOUT};
	poll(&p, 1, -1);
	int s = accept(l, 0, 0);
	write(c, "x", 1);
	read(s, buf, 1);
	close(s);
	close(c);
	close(l);
	return 0;
}
