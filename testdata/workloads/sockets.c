/* sockets: socketpair with sendto/recvfrom/sendmsg/recvmsg/shutdown,
 * sendmmsg/recvmmsg on a datagram pair (also failing, and with a vector
 * that runs into an unmapped page), and a TCP connect to a closed port on
 * 127.0.0.1 (ECONNREFUSED). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/uio.h>
#include <unistd.h>

/* mmsg sends three datagrams in two sendmmsg messages and receives them
 * with recvmmsg, then makes both calls fail. */
static void mmsg(void)
{
	static char one[] = "one", two[] = "two", three[] = "three";
	struct iovec iov[] = {{one, 3}, {two, 3}, {three, 5}};
	struct mmsghdr mh[2], rh[3], *tail;
	struct sockaddr_un un[3];
	char rbuf[3][4];
	struct iovec riov[3];
	char *page;
	int sv[2], i;

	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	memset(mh, 0, sizeof mh);
	mh[0].msg_hdr.msg_iov = iov;
	mh[0].msg_hdr.msg_iovlen = 2;
	mh[1].msg_hdr.msg_iov = iov + 2;
	mh[1].msg_hdr.msg_iovlen = 1;
	sendmmsg(sv[1], mh, 2, 0);
	memset(rh, 0, sizeof rh);
	for (i = 0; i < 3; i++) {
		riov[i].iov_base = rbuf[i];
		riov[i].iov_len = sizeof rbuf[i];
		rh[i].msg_hdr.msg_iov = &riov[i];
		rh[i].msg_hdr.msg_iovlen = 1;
		rh[i].msg_hdr.msg_name = &un[i];
		rh[i].msg_hdr.msg_namelen = sizeof un[i];
	}
	recvmmsg(sv[0], rh, 3, MSG_DONTWAIT, NULL);
	recvmmsg(sv[0], rh, 3, MSG_DONTWAIT, NULL);
	sendmmsg(-1, mh, 2, 0);
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(page + 4096, 4096);
	tail = (struct mmsghdr *)(page + 4096 - sizeof *tail);
	*tail = mh[1];
	sendmmsg(sv[1], tail, 2, 0);
	munmap(page, 4096);
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	struct sockaddr_in sin;
	struct msghdr mh;
	struct iovec iov[2];
	char buf[64];
	int sv[2], s, one = 1;

	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	sendto(sv[0], "ping", 4, 0, NULL, 0);
	recvfrom(sv[1], buf, sizeof buf, 0, NULL, NULL);
	send(sv[1], "pong", 4, MSG_DONTWAIT);
	recv(sv[0], buf, sizeof buf, 0);

	iov[0].iov_base = "two ";
	iov[0].iov_len = 4;
	iov[1].iov_base = "parts";
	iov[1].iov_len = 5;
	memset(&mh, 0, sizeof mh);
	mh.msg_iov = iov;
	mh.msg_iovlen = 2;
	sendmsg(sv[0], &mh, 0);
	iov[0].iov_base = buf;
	iov[0].iov_len = sizeof buf;
	mh.msg_iovlen = 1;
	recvmsg(sv[1], &mh, 0);
	shutdown(sv[0], SHUT_WR);
	recv(sv[1], buf, sizeof buf, 0);
	close(sv[0]);
	close(sv[1]);

	mmsg();

	s = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons(1);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	connect(s, (struct sockaddr *)&sin, sizeof sin);
	close(s);
	return 0;
}
