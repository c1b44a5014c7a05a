/* sleep: nanosleep and clock_nanosleep with short fixed intervals, plus
 * clock reads that go through the kernel. */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts = {0, 1000 * 1000};
	struct timespec rem;

	nanosleep(&ts, &rem);
	ts.tv_nsec = 2 * 1000 * 1000;
	clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	ts.tv_sec = 0;
	ts.tv_nsec = 500 * 1000;
	syscall(SYS_nanosleep, &ts, NULL);
	write(1, "slept\n", 6);
	return 0;
}
