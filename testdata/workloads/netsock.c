/* netsock: socket address families (AF_INET, AF_INET6, AF_UNIX,
 * AF_NETLINK), bind/listen/connect/accept4, getsockname/getpeername,
 * setsockopt/getsockopt at several levels, and a NETLINK_ROUTE request.
 * argv[1] is a scratch directory for the UNIX socket. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

static void inet_sockets(void)
{
	struct sockaddr_in sin;
	struct sockaddr_in6 sin6;
	struct linger lg = {1, 0};
	struct ip_mreq mreq;
	socklen_t len;
	int s, one = 1, val;

	s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP);
	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
	len = sizeof val;
	getsockopt(s, SOL_SOCKET, SO_TYPE, &val, &len);
	len = sizeof val;
	getsockopt(s, SOL_SOCKET, SO_ERROR, &val, &len);
	len = sizeof val;
	getsockopt(s, IPPROTO_TCP, TCP_NODELAY, &val, &len);
	len = sizeof lg;
	getsockopt(s, SOL_SOCKET, SO_LINGER, &lg, &len);
	len = sizeof sin;
	getsockname(s, (struct sockaddr *)&sin, &len);
	len = sizeof sin;
	getpeername(s, (struct sockaddr *)&sin, &len);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	bind(s, (struct sockaddr *)&sin, sizeof sin);
	close(s);

	s = socket(AF_INET, SOCK_DGRAM, 0);
	memset(&mreq, 0, sizeof mreq);
	mreq.imr_multiaddr.s_addr = htonl(0xe0000001);
	mreq.imr_interface.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(s, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mreq, sizeof mreq);
	close(s);

	s = socket(AF_INET6, SOCK_DGRAM, 0);
	setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
	len = sizeof sin6;
	getsockname(s, (struct sockaddr *)&sin6, &len);
	memset(&sin6, 0, sizeof sin6);
	sin6.sin6_family = AF_INET6;
	sin6.sin6_port = htons(9);
	sin6.sin6_addr = in6addr_loopback;
	sendto(s, "x", 1, 0, (struct sockaddr *)&sin6, sizeof sin6);
	close(s);
}

static void unix_sockets(const char *dir)
{
	struct sockaddr_un sun, peer;
	struct ucred cred;
	struct timeval tv;
	socklen_t len;
	char buf[16];
	int srv, cli, conn;

	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof sun.sun_path, "%s/sock", dir);
	srv = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(srv, (struct sockaddr *)&sun, sizeof sun);
	listen(srv, 4);
	cli = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
	connect(cli, (struct sockaddr *)&sun, sizeof sun);
	len = sizeof peer;
	conn = accept4(srv, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC);
	len = sizeof peer;
	getsockname(conn, (struct sockaddr *)&peer, &len);
	len = sizeof peer;
	getpeername(cli, (struct sockaddr *)&peer, &len);
	len = sizeof cred;
	getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cred, &len);
	len = sizeof tv;
	getsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &tv, &len);
	write(cli, "hello", 5);
	read(conn, buf, sizeof buf);
	close(conn);
	close(cli);
	close(srv);
	unlink(sun.sun_path);
}

static void netlink_socket(void)
{
	struct {
		struct nlmsghdr nh;
		struct rtgenmsg g;
	} req;
	struct sockaddr_nl snl;
	int s;

	s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	memset(&snl, 0, sizeof snl);
	snl.nl_family = AF_NETLINK;
	bind(s, (struct sockaddr *)&snl, sizeof snl);
	memset(&req, 0, sizeof req);
	req.nh.nlmsg_len = sizeof req;
	req.nh.nlmsg_type = RTM_GETLINK;
	req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	req.nh.nlmsg_seq = 1;
	req.g.rtgen_family = AF_UNSPEC;
	memset(&snl, 0, sizeof snl);
	snl.nl_family = AF_NETLINK;
	sendto(s, &req, sizeof req, 0, (struct sockaddr *)&snl, sizeof snl);
	close(s);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	inet_sockets();
	unix_sockets(argv[1]);
	netlink_socket();
	return 0;
}
