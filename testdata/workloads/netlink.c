/* netlink: messages to and from a NETLINK_ROUTE socket, which strace
 * prints as netlink messages: a request too short for its type, sent
 * with sendmsg to a netlink address and with sendto, and the error that
 * answers each, read with recvmsg and recvfrom. The replies carry the
 * socket's port id, the process's pid: getpid comes first, for the
 * comparison to know it. */
#define _GNU_SOURCE
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void)
{
	struct {
		struct nlmsghdr nh;
		struct rtgenmsg g;
	} req;
	struct sockaddr_nl snl;
	char reply[512];
	struct iovec iov = { &req, sizeof req };
	struct msghdr mh = { .msg_name = &snl, .msg_namelen = sizeof snl, .msg_iov = &iov, .msg_iovlen = 1 };
	struct iovec riov = { reply, sizeof reply };
	struct msghdr rh = { .msg_name = &snl, .msg_namelen = sizeof snl, .msg_iov = &riov, .msg_iovlen = 1 };
	int s;

	getpid();
	s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	memset(&snl, 0, sizeof snl);
	snl.nl_family = AF_NETLINK;
	memset(&req, 0, sizeof req);
	req.nh.nlmsg_len = sizeof req;
	req.nh.nlmsg_type = RTM_GETLINK;
	req.nh.nlmsg_flags = NLM_F_REQUEST;
	req.nh.nlmsg_seq = 1;
	req.g.rtgen_family = AF_UNSPEC;
	sendmsg(s, &mh, 0);
	recvmsg(s, &rh, 0);
	req.nh.nlmsg_seq = 2;
	sendto(s, &req, sizeof req, 0, (struct sockaddr *)&snl, sizeof snl);
	recvfrom(s, reply, sizeof reply, 0, NULL, NULL);
	close(s);
	return 0;
}
