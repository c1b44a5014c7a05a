/* binary: write every byte value to a file and read it back in chunks, so
 * that read/write buffers hold non-printable bytes. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned char all[256], buf[64];
	char path[4096];
	int fd, i;

	if (argc < 2)
		return 2;
	snprintf(path, sizeof path, "%s/bytes.bin", argv[1]);
	for (i = 0; i < 256; i++)
		all[i] = (unsigned char)i;
	fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0600);
	write(fd, all, sizeof all);
	lseek(fd, 0, SEEK_SET);
	for (i = 0; i < 4; i++)
		read(fd, buf, sizeof buf);
	read(fd, buf, sizeof buf); /* EOF: returns 0 */
	pread(fd, buf, 16, 120);
	pwrite(fd, "\0\1\2\3\t\n\r\"\\\177\200\377", 12, 300);
	ftruncate(fd, 128);
	close(fd);
	unlink(path);
	return 0;
}
