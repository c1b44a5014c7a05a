/* bpflog: BPF_PROG_LOAD is given a log buffer whose log_size bytes end
 * where an unmapped page begins, first without a NUL among them, then
 * with one; the load itself fails (no program). A tracer reads the
 * log_size bytes and not one more. */
#include <linux/bpf.h>
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
	char *log = p + page - 8;
	union bpf_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.log_buf = (unsigned long)log;
	attr.log_size = 8;
	memcpy(log, "log text", 8);
	syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
	memcpy(log, "log\0text", 8);
	syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
	return 0;
}
