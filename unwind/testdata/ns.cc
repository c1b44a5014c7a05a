// Functions in a namespace, with C++ names, the last of which calls chdir.
#include <unistd.h>

namespace ns {
int __attribute__((noinline)) f3(int i) { return chdir(i > 100 ? "/" : ".") + i; }
int __attribute__((noinline)) f2(int i) { return f3(i * 2) - 1; }
int __attribute__((noinline)) f1(long i) { return f2(int(i) + 1) + 1; }
struct S {
	static int __attribute__((noinline)) f0(int i) { return f1(i) ^ 1; }
};
}

int main(int ac, char **) { return ns::S::f0(ac) == 12345; }
