/* bigdata: calls whose data is larger than one eBPF record holds: a
 * 1 MiB write, a writev of six 100,000-byte buffers, and an execve of
 * itself with arguments of 100,000 and 70,000 characters. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc > 1)
		return 0;
	size_t n = 1 << 20;
	char *b = malloc(n);
	for (size_t i = 0; i < n; i++)
		b[i] = (char)(i * 7 + i / 251);
	int fd = open("/dev/null", O_WRONLY);
	if (fd < 0 || write(fd, b, n) != (ssize_t)n)
		return 1;
	struct iovec iov[6];
	for (int i = 0; i < 6; i++) {
		iov[i].iov_base = b + i * 100000;
		iov[i].iov_len = 100000;
	}
	if (writev(fd, iov, 6) != 600000)
		return 1;
	char *s = malloc(100001), *x = malloc(70000);
	for (size_t i = 0; i < 100000; i++)
		s[i] = 'a' + i % 26;
	s[100000] = 0;
	memset(x, 'x', 69999);
	x[69999] = 0;
	char *av[] = {argv[0], s, x, s, s, NULL};
	execv(argv[0], av);
	return 1;
}
