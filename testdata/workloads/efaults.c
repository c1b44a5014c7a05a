/* efaults: calls whose results the kernel fails to write (EFAULT), many
 * times over: the eBPF backend's reading of such a result faults and is
 * retried from a task work, and each call must still print as one line. */
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	for (int i = 0; i < 300; i++) {
		syscall(SYS_times, 0x42);
		syscall(SYS_uname, 0x42);
	}
	return 0;
}
