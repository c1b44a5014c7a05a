/* Calls made a few functions deep, for -k: chdir and a signal the
 * program sends itself from f3, called through f2, f1 and f0; then the
 * program ends with exit_group, whose stack strace prints after the
 * process's end. */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static void __attribute__((noinline)) f3(int i)
{
	chdir(i ? "/" : ".");
	kill(getpid(), SIGURG);
}

static void __attribute__((noinline)) f2(int i) { f3(i); }
static void __attribute__((noinline)) f1(int i) { f2(i + 1); }
static void __attribute__((noinline)) f0(int i) { f1(i); }

int main(int argc, char **argv)
{
	(void)argv;
	f0(argc);
	exit(0);
}
