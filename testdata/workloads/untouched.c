/* untouched: writes to /dev/null strings that sit in pages of .rodata the
 * program never touches itself; /dev/null does not read them either, so
 * nothing faults them in before a tracer reads them. Each string is far
 * (256 KiB) from the others and from the code, beyond the kernel's
 * fault-around window.
 *
 * Then it names itself with a string that ends 3 bytes before the end of
 * a page whose next page it never touches: a tracer that reads more than
 * the string (prctl's argument may be a struct) reaches into that page.
 * The program changes the string as soon as the call returns. */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

static const char pages[3][262144] = {{"first untouched string"}, {"second"}, {"third, at the end"}};

int main(void)
{
	int fd = open("/dev/null", O_WRONLY);
	write(fd, pages[0], 22);
	write(fd, pages[2], 17);
	write(fd, pages[1], 6);
	close(fd);

	char *two = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (two == MAP_FAILED)
		return 1;
	char *name = two + 4096 - 8;
	memcpy(name, "tail", 5);
	prctl(PR_SET_NAME, name);
	memcpy(name, "late", 5);
	prctl(PR_SET_NAME, name);
	munmap(two, 8192);
	return 0;
}
