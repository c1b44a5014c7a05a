/* errors: calls that fail with well-known errno values. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

int main(void)
{
	struct termios tio;
	struct stat st;
	char buf[8];
	int fd;

	open("/nonexistent/sctrace-workload", O_RDONLY);
	close(-1);
	read(-1, buf, sizeof buf);
	stat("/nonexistent", &st);
	mkdir("/proc/sctrace-cannot-create", 0755);
	fd = open("/dev/null", O_RDWR);
	ioctl(fd, TCGETS, &tio);
	write(fd, "x", 1);
	lseek(fd, 0, 99);
	close(fd);
	access("/etc/passwd", W_OK | X_OK);
	rmdir("/nonexistent-dir");
	write(1, "errors done\n", 12);
	return 0;
}
