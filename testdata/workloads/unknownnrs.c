/* unknownnrs: system calls of numbers strace 6.1 does not name: Linux
 * 6.5's cachestat (451 on x86_64 and arm64), a number no kernel has
 * (1000) and a negative one (syscall(-1)), between known calls; on
 * x86_64 also an x32 number no kernel has (__X32_SYSCALL_BIT | 600) and
 * syscall(-2), which has that bit set and so is an x32 call to strace
 * (-1 is not). strace 6.1 traces them whatever -e trace= says, prints
 * them as syscall_0xNR(...) with six raw arguments, the number as the
 * kernel has it, and under -d says "pid N invalid syscall 0xNR" at each
 * one's entry. */
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	syscall(SYS_getpid);
	syscall(451, -1L, 0L, 0L, 0L, 0L, 0L);
	syscall(1000, 1L, 2L, 3L, 4L, 5L, 6L);
	syscall(-1L, 1L, 2L, 3L, 4L, 5L, 6L);
#ifdef __x86_64__
	syscall(0x40000000L | 600, 1L, 2L, 3L, 4L, 5L, 6L);
	syscall(-2L, 1L, 2L, 3L, 4L, 5L, 6L);
#endif
	syscall(SYS_getppid);
	return 0;
}
