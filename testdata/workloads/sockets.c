/* sockets: socketpair with sendto/recvfrom/sendmsg/recvmsg/shutdown, and a
 * TCP connect to a closed port on 127.0.0.1 (ECONNREFUSED). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

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
