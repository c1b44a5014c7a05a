/* selectsets: select's sets as strace reads them. A set of nfds 0 is not
 * read; a set of 2000 descriptors is read whole (bits past the
 * descriptor table are ignored by the kernel, not by a tracer); 700
 * descriptors ready for writing are more than strace's result text
 * holds; pselect6 the same on a set of 1100. */
#include <fcntl.h>
#include <string.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define LONGS(n) (((n) + 63) / 64)

static void set(unsigned long *s, int fd)
{
	s[fd / 64] |= 1ul << (fd % 64);
}

int main(void)
{
	static unsigned long w[LONGS(2000)], r[LONGS(2000)];
	struct timeval tv = {0, 0};
	struct timespec ts = {0, 0};
	int null = open("/dev/null", O_WRONLY);
	if (null != 3)
		return 1;

	set(r, 3);
	syscall(SYS_select, 0, r, NULL, NULL, &tv);

	memset(r, 0, sizeof(r));
	set(w, 3);
	set(w, 1500);
	set(w, 1999);
	syscall(SYS_select, 2000, NULL, w, NULL, &tv);

	memset(w, 0, sizeof(w));
	for (int fd = 4; fd < 703; fd++)
		if (dup2(3, fd) != fd)
			return 1;
	for (int fd = 3; fd < 703; fd++)
		set(w, fd);
	syscall(SYS_select, 703, NULL, w, NULL, &tv);

	for (int fd = 3; fd < 703; fd++)
		set(w, fd);
	set(w, 1099);
	syscall(SYS_pselect6, 1100, NULL, w, NULL, &ts, NULL);
	return 0;
}
