/* dirs: getcwd, chdir, fchdir, mkdir, rmdir in the scratch directory argv[1]. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[4096];
	int fd;

	if (argc < 2)
		return 2;
	chdir(argv[1]);
	getcwd(buf, sizeof buf);
	write(1, buf, strlen(buf));
	write(1, "\n", 1);
	mkdir("a", 0700);
	mkdir("a/b", 0750);
	chdir("a/b");
	getcwd(buf, sizeof buf);
	chdir("..");
	fd = open(".", O_RDONLY | O_DIRECTORY);
	chdir("/");
	fchdir(fd);
	close(fd);
	rmdir("b");
	chdir("..");
	rmdir("a");
	symlink("target-does-not-exist", "link");
	readlink("link", buf, sizeof buf);
	unlink("link");
	getcwd(buf, 4); /* too small: ERANGE */
	return 0;
}
