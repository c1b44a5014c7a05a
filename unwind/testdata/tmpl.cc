// C++ names of the kinds demanglers disagree on: std::string, templates,
// const references, an anonymous namespace, an operator.
#include <string>
#include <unistd.h>

namespace {
template <typename T, int N>
int __attribute__((noinline)) leaf(const T &v, const std::string &s) { return chdir(s.c_str()) + N + int(sizeof v); }
}

namespace ns {
struct Box {
	int v;
	int __attribute__((noinline)) operator()(const std::string &s) const { return leaf<Box, 3>(*this, s); }
};
template <class F>
int __attribute__((noinline)) apply(F f, std::string s) { return f(s); }
}

int main() { return ns::apply(ns::Box{1}, std::string("/")) == 12345; }
