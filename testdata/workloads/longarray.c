/* longarray: io_uring_register is given an IORING_REGISTER_FILES_UPDATE
 * structure whose array holds 300 descriptors (on a descriptor that is no
 * io_uring: EBADF), and poll an array of 1500 struct pollfd (all of fd
 * -1, more than a tracer copies by default). Under -v a tracer prints
 * every element of both, under -s2000 every one of the second. */
#include <linux/io_uring.h>
#include <poll.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	static int fds[300];
	for (int i = 0; i < 300; i++)
		fds[i] = i;
	struct io_uring_files_update upd;
	memset(&upd, 0, sizeof(upd));
	upd.offset = 7;
	upd.fds = (unsigned long)fds;
	syscall(__NR_io_uring_register, -1, IORING_REGISTER_FILES_UPDATE, &upd, 300);

	static struct pollfd pfds[1500];
	for (int i = 0; i < 1500; i++) {
		pfds[i].fd = -1;
		pfds[i].events = POLLIN;
	}
	poll(pfds, 1500, 0);
	return 0;
}
