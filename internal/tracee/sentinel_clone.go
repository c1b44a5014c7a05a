//go:build cgo && linux && (amd64 || arm64)

package tracee

/*
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

// sctrace_sentinel_stack is the size of a cloned sentinel's stack.
#define sctrace_sentinel_stack (64 * 1024)

// sctrace_raw3 makes a system call without touching thread-local state:
// a child that shares the tracer's memory but not its thread must not
// write the tracer thread's errno.
static inline __attribute__((always_inline)) long sctrace_raw3(long nr, long a, long b, long c)
{
#if defined(__x86_64__)
	long ret;
	__asm__ volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
	return ret;
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	__asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
#endif
}

// sctrace_no_canary keeps the stack protector out of a function: its
// canary is read through the thread pointer, which a cloned child shares
// with the tracer's thread.
#if defined(__has_attribute)
#if __has_attribute(no_stack_protector)
#define sctrace_no_canary __attribute__((no_stack_protector))
#endif
#endif
#ifndef sctrace_no_canary
#define sctrace_no_canary __attribute__((optimize("no-stack-protector")))
#endif

// sctrace_sentinel_main is the cloned sentinel: it keeps only the read end
// of its pipe as its standard input, reads it to its end and exits. It
// runs with every signal blocked, on its own stack, in the tracer's
// memory, and touches nothing else of it.
sctrace_no_canary static int sctrace_sentinel_main(void *arg)
{
	long fd = (long)arg;
	char buf[64];
	if (fd != 0 && sctrace_raw3(SYS_dup3, fd, 0, 0) < 0)
		sctrace_raw3(SYS_exit, 1, 0, 0);
	if (sctrace_raw3(SYS_close_range, 1, ~0U, 0) < 0)
		sctrace_raw3(SYS_exit, 1, 0, 0);
	for (;;) {
		long n = sctrace_raw3(SYS_read, 0, (long)buf, sizeof(buf));
		if (n == -EINTR)
			continue;
		if (n <= 0)
			break;
	}
	sctrace_raw3(SYS_exit, 0, 0, 0);
	return 0;
}

// sctrace_clone_sentinel starts a sentinel reading fd as a process that
// shares this one's memory (no copy of its page tables, no execve) and
// returns its pid, or -errno. *stack receives the stack to unmap once the
// sentinel has been reaped. Every signal is blocked around the clone, so
// that the child starts with them blocked and never runs the Go runtime's
// handlers.
static int sctrace_clone_sentinel(int fd, uintptr_t *stack)
{
	void *s = mmap(NULL, sctrace_sentinel_stack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (s == MAP_FAILED)
		return -errno;
	uint64_t all = ~(uint64_t)0, old;
	long err = syscall(SYS_rt_sigprocmask, SIG_SETMASK, &all, &old, sizeof(all));
	if (err < 0) {
		err = -errno;
		munmap(s, sctrace_sentinel_stack);
		return err;
	}
	int pid = clone(sctrace_sentinel_main, (char *)s + sctrace_sentinel_stack, CLONE_VM | SIGCHLD, (void *)(long)fd);
	int cloneErr = errno;
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &old, NULL, sizeof(old));
	if (pid < 0) {
		munmap(s, sctrace_sentinel_stack);
		return -cloneErr;
	}
	*stack = (uintptr_t)s;
	return pid;
}

static void sctrace_free_sentinel_stack(uintptr_t stack)
{
	munmap((void *)stack, sctrace_sentinel_stack);
}
*/
import "C"

import (
	"errors"
	"sync"

	"golang.org/x/sys/unix"
)

// sentinelStacks holds the stack of each cloned sentinel not yet reaped,
// by pid.
var sentinelStacks struct {
	sync.Mutex
	byPID map[int]C.uintptr_t
}

// cloneSentinel starts a wake sentinel reading fd as a child that shares
// this process's memory and runs a few instructions of C: a start that
// costs no execve, no dynamic linking and no copy of the tracer's page
// tables. It runs on the calling thread's behalf (its parent for wait4 is
// that thread).
func cloneSentinel(fd int) (int, error) {
	if !haveCloseRange() {
		return 0, errors.ErrUnsupported
	}
	var stack C.uintptr_t
	pid := int(C.sctrace_clone_sentinel(C.int(fd), &stack))
	if pid < 0 {
		return 0, unix.Errno(-pid)
	}
	sentinelStacks.Lock()
	if sentinelStacks.byPID == nil {
		sentinelStacks.byPID = make(map[int]C.uintptr_t)
	}
	sentinelStacks.byPID[pid] = stack
	sentinelStacks.Unlock()
	return pid, nil
}

// haveCloseRange reports whether the kernel has close_range(2) (Linux
// 5.9), which the cloned sentinel closes the tracer's descriptors with: a
// range that ends before it starts is refused with EINVAL where it exists.
var haveCloseRange = sync.OnceValue(func() bool {
	_, _, errno := unix.Syscall(unix.SYS_CLOSE_RANGE, 1, 0, 0)
	return errno == unix.EINVAL
})

// SentinelReaped releases what the sentinel pid held, once it has been
// reaped. Safe for concurrent use.
func SentinelReaped(pid int) {
	sentinelStacks.Lock()
	stack, ok := sentinelStacks.byPID[pid]
	delete(sentinelStacks.byPID, pid)
	sentinelStacks.Unlock()
	if ok {
		C.sctrace_free_sentinel_stack(stack)
	}
}

// sentinelClones says whether StartSentinel clones the sentinel (where the
// clone succeeds) rather than executing it.
func sentinelClones() bool { return haveCloseRange() }
