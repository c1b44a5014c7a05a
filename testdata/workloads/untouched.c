/* untouched: writes to /dev/null strings that sit in pages of .rodata the
 * program never touches itself; /dev/null does not read them either, so
 * nothing faults them in before a tracer reads them. Each string is far
 * (256 KiB) from the others and from the code, beyond the kernel's
 * fault-around window. */
#include <fcntl.h>
#include <unistd.h>

static const char pages[3][262144] = {{"first untouched string"}, {"second"}, {"third, at the end"}};

int main(void)
{
	int fd = open("/dev/null", O_WRONLY);
	write(fd, pages[0], 22);
	write(fd, pages[2], 17);
	write(fd, pages[1], 6);
	close(fd);
	return 0;
}
