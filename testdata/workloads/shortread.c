/* Strings that run from readable memory into a page that cannot be read:
 * a tracer reads part of each, then faults, and says so (strace's
 * "umovestr: short read"). One string starts on the unreadable page
 * itself: nothing is read, and nothing is said. */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *mem = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED || mprotect(mem + page, page, PROT_NONE))
		return 1;
	memset(mem, '/', page);
	chdir(mem + page - 1);
	chdir(mem + page - 8);
	open(mem + page - 300, O_RDONLY);
	chdir(mem + page);
	return 0;
}
