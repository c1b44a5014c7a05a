/* changedafter: chdir is given a path that runs into an unmapped page
 * (EFAULT; a tracer prints its address), which the process then makes a
 * string by writing a NUL into it. It exits when its standard input
 * ends: meanwhile, a tracer that read the path again after the call
 * would find a string there. */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	static const char name[] = "changed\nafter";
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || munmap(p + page, page) != 0)
		return 1;
	char *path = p + page - (sizeof(name) - 1);
	memcpy(path, name, sizeof(name) - 1);
	if (chdir(path) == 0)
		return 2;
	path[sizeof(name) - 2] = '\0';
	char c;
	while (read(0, &c, 1) > 0)
		;
	return 0;
}
