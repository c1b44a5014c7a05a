/* longarray: io_uring_register is given an IORING_REGISTER_FILES_UPDATE
 * structure whose array holds 300 descriptors (on a descriptor that is no
 * io_uring: EBADF), and poll an array of 1500 struct pollfd (all of fd
 * -1, more than a tracer copies by default); mincore fills a vector of
 * 1500 pages' bits, every third page resident. Under -v a tracer prints
 * every element of all three, under -s2000 every one of the last two. */
#include <linux/io_uring.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
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

	/* The last page partly covered: 1500 entries. */
	size_t len = 1499 * 4096 + 100;
	char *mem = mmap(NULL, 1500 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return 1;
	madvise(mem, 1500 * 4096, MADV_NOHUGEPAGE);
	for (int i = 0; i < 1500; i += 3)
		mem[i * 4096] = 1;
	static unsigned char vec[1500];
	mincore(mem, len, vec);
	return 0;
}
