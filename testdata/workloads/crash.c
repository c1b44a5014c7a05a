/* crash: a NULL write kills the process with SIGSEGV (si_addr=NULL). */
#include <unistd.h>

int main(void)
{
	volatile int *p = NULL;

	write(1, "before\n", 7);
	*p = 1;
	return 0;
}
