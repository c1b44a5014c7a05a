/* fdkinds: descriptors of many kinds (epoll, eventfd, timerfd, signalfd,
 * inotify, memfd, pidfd, a namespace's owner from an ioctl), data moved between descriptors (sendfile,
 * copy_file_range, splice, tee), and waiting on them (select, pselect6,
 * poll, ppoll). argv[1] is a scratch directory. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

static void epoll_and_friends(void)
{
	struct epoll_event ev, out[4];
	struct itimerspec its, old;
	sigset_t mask;
	uint64_t n = 1;
	int ep, efd, tfd, sfd;

	ep = epoll_create1(EPOLL_CLOEXEC);
	efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN | EPOLLET;
	ev.data.fd = efd;
	epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev);
	write(efd, &n, sizeof n);
	epoll_wait(ep, out, 4, 0);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	epoll_pwait(ep, out, 4, 0, &mask);
	read(efd, &n, sizeof n);
	epoll_ctl(ep, EPOLL_CTL_DEL, efd, NULL);

	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	memset(&its, 0, sizeof its);
	timerfd_settime(tfd, 0, &its, &old);
	timerfd_gettime(tfd, &old);
	/* Far in the future: the read below finds no expiration (EAGAIN). */
	its.it_value.tv_sec = 4000000000;
	its.it_interval.tv_nsec = 500000000;
	timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL);
	read(tfd, &n, sizeof n);

	sigprocmask(SIG_BLOCK, &mask, NULL);
	sfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	sigprocmask(SIG_UNBLOCK, &mask, NULL);
	close(sfd);
	close(tfd);
	close(efd);
	close(ep);
}

static void inotify_memfd(const char *dir)
{
	char path[256];
	int in, wd, mfd;

	in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	wd = inotify_add_watch(in, dir, IN_CREATE | IN_DELETE | IN_MODIFY);
	inotify_rm_watch(in, wd);
	close(in);

	mfd = memfd_create("scratch", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	write(mfd, "memfd data\n", 11);
	fcntl(mfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
	fcntl(mfd, F_GET_SEALS);
	lseek(mfd, 0, SEEK_SET);

	snprintf(path, sizeof path, "%s/copy", dir);
	int out = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	sendfile(out, mfd, NULL, 11);
	off_t in_off = 0, out_off = 11;
	copy_file_range(mfd, &in_off, out, &out_off, 11, 0);

	int p[2], q[2];
	pipe2(p, O_CLOEXEC);
	pipe(q);
	lseek(mfd, 0, SEEK_SET);
	splice(mfd, NULL, p[1], NULL, 11, SPLICE_F_MOVE);
	tee(p[0], q[1], 11, SPLICE_F_NONBLOCK);
	out_off = 0;
	splice(p[0], NULL, out, &out_off, 11, 0);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
	close(out);
	close(mfd);
	unlink(path);
}

static void waiting(void)
{
	struct timeval tv = {0, 0};
	struct timespec ts = {0, 0};
	struct pollfd pfd[2];
	fd_set rd, wr;
	sigset_t mask;
	int p[2];

	pipe(p);
	write(p[1], "x", 1);
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(p[0], &rd);
	FD_SET(p[1], &wr);
	select(p[1] + 1, &rd, &wr, NULL, &tv);
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	sigemptyset(&mask);
	pselect(p[0] + 1, &rd, NULL, NULL, &ts, &mask);
	pfd[0].fd = p[0];
	pfd[0].events = POLLIN;
	pfd[1].fd = p[1];
	pfd[1].events = POLLOUT;
	poll(pfd, 2, 0);
	ppoll(pfd, 2, &ts, &mask);
	close(p[0]);
	close(p[1]);

	int pidfd = syscall(SYS_pidfd_open, getpid(), 0);
	close(pidfd);
}

/* NS_GET_USERNS, _IO(0xb7, 0x1) (linux/nsfs.h): a descriptor of the user
 * namespace that owns the namespace of the argument. */
#define NS_GET_USERNS 0xb701

static void namespaces(void)
{
	int uts = open("/proc/self/ns/uts", O_RDONLY | O_CLOEXEC);
	int owner = ioctl(uts, NS_GET_USERNS);
	close(owner);
	close(uts);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	epoll_and_friends();
	inotify_memfd(argv[1]);
	waiting();
	namespaces();
	return 0;
}
