/* fileio: openat/read/write/lseek/fstat/rename/unlink/mkdir/getdents64 in
 * the scratch directory argv[1]. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[128];
	struct stat st;
	int dfd, fd, n;

	if (argc < 2)
		return 2;
	dfd = open(argv[1], O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		return 3;
	fd = openat(dfd, "data.txt", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	write(fd, "hello, world\n", 13);
	write(fd, "second line\n", 12);
	fsync(fd);
	close(fd);

	fd = openat(dfd, "data.txt", O_RDONLY);
	fstat(fd, &st);
	n = read(fd, buf, sizeof buf);
	lseek(fd, 7, SEEK_SET);
	read(fd, buf, 5);
	lseek(fd, -4, SEEK_END);
	read(fd, buf, sizeof buf);
	pread(fd, buf, 6, 2);
	close(fd);

	mkdirat(dfd, "sub", 0755);
	renameat(dfd, "data.txt", dfd, "sub/moved.txt");
	fstatat(dfd, "sub/moved.txt", &st, 0);
	faccessat(dfd, "sub/moved.txt", R_OK, 0);

	fd = openat(dfd, "sub", O_RDONLY | O_DIRECTORY);
	n = syscall(SYS_getdents64, fd, buf, sizeof buf);
	while (n > 0)
		n = syscall(SYS_getdents64, fd, buf, sizeof buf);
	close(fd);

	unlinkat(dfd, "sub/moved.txt", 0);
	unlinkat(dfd, "sub", AT_REMOVEDIR);
	close(dfd);
	return 0;
}
