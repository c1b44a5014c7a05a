/* unmapped: calls whose arguments run into a page that is not mapped, so
 * that no tracer can read them, at the entry or later. capset's header,
 * which the kernel rewrites when it refuses its version, must print as it
 * was at the entry; the data after it runs into the hole. */
#include <linux/capability.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || munmap(p + page, page) != 0)
		return 1;
	struct __user_cap_header_struct *hdr = (void *)p;
	hdr->version = 0xbadc0ded;
	hdr->pid = 0;
	/* Eight bytes of the data (three structs of twelve) before the hole. */
	char *data = p + page - 8;
	memset(data, 0, 8);
	syscall(SYS_capset, hdr, data);
	hdr->version = _LINUX_CAPABILITY_VERSION_3;
	syscall(SYS_capget, hdr, data);
	/* A name that runs into the hole. */
	memcpy(p + page - 4, "abcd", 4);
	syscall(SYS_chdir, p + page - 4);
	return 0;
}
