/* int80: system calls made in x86_64's i386 personality (int $0x80) from
 * a 64-bit process, between native ones, for the personality lines and
 * the i386 table's names and decoding. x86_64 only.
 *
 * The i386 numbers: 200 getgid32 (x86_64's tkill), 20 getpid, 4 write,
 * 195 stat64 (a structure whose layout differs: printed raw). Native
 * numbers no table names (500, and 1000 past the filters' bitmaps) are
 * traced whatever -e trace= says, as strace traces them. */
#include <sys/syscall.h>
#include <unistd.h>

static long int80(long nr, long a, long b, long c)
{
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	return ret;
}

/* Below 4 GiB (a non-PIE data section), where an i386 call can point. */
static char msg[] = "int80\n";
static char root[] = "/";
static char statbuf[128];

int main(void)
{
	syscall(SYS_getppid);
	int80(200, 0, 0, 0);
	int80(20, 0, 0, 0);
	int80(4, 1, (long)msg, 6);
	int80(4, 99, (long)msg, 6);
	syscall(SYS_getppid);
	int80(195, (long)root, (long)statbuf, 0);
	syscall(500, 1, 2, 3, 4, 5, 6);
	syscall(1000, 1, 2, 3, 4, 5, 6);
	syscall(SYS_exit_group, 0);
	return 0;
}
