/* Static functions f0..f3, the last of which calls chdir once. */
#include <unistd.h>

static int __attribute__((noinline)) f3(int i)
{
	return chdir(i > 100 ? "/" : ".") + i;
}

static int __attribute__((noinline)) f2(int i)
{
	return f3(i * 2) - 1;
}

static int __attribute__((noinline)) f1(int i)
{
	return f2(i + 1) + 1;
}

static int __attribute__((noinline)) f0(int i)
{
	return f1(i) ^ 1;
}

int main(int ac, char **av)
{
	(void) av;
	return f0(ac) == 12345;
}
