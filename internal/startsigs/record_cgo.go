//go:build cgo

package startsigs

/*
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

// sctrace_start_mask and sctrace_start_ignored have bit sig-1 set for
// each signal blocked, and ignored, when the process started.
static uint64_t sctrace_start_mask, sctrace_start_ignored;

// sctrace_record_signals runs as a constructor, before the Go runtime
// starts: it records the start mask and the ignored signals (the raw call
// answers for the C library's own signals too), and discards the pending,
// blocked signals that the runtime unblocks (setting a pending signal's
// action to SIG_IGN discards it; the action is then put back).
__attribute__((constructor)) static void sctrace_record_signals(void)
{
	int saved = errno;
	sigset_t blocked, pending;
	if (sigprocmask(SIG_BLOCK, NULL, &blocked) == 0 && sigpending(&pending) == 0) {
		for (int sig = 1; sig <= 64 && sig < NSIG; sig++)
			if (sigismember(&blocked, sig) == 1)
				sctrace_start_mask |= (uint64_t)1 << (sig - 1);
		for (int sig = 1; sig <= 64; sig++) {
			// The kernel's struct sigaction starts with the handler.
			struct { void *handler; unsigned long flags, restorer, mask; } act;
			if (syscall(SYS_rt_sigaction, sig, NULL, &act, sizeof(uint64_t)) == 0 && act.handler == SIG_IGN)
				sctrace_start_ignored |= (uint64_t)1 << (sig - 1);
		}
		static const int unblocked[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM};
		for (unsigned i = 0; i < sizeof(unblocked) / sizeof(unblocked[0]); i++) {
			int sig = unblocked[i];
			struct sigaction ign = {0}, old;
			ign.sa_handler = SIG_IGN;
			if (sigismember(&blocked, sig) == 1 && sigismember(&pending, sig) == 1 &&
			    sigaction(sig, &ign, &old) == 0)
				sigaction(sig, &old, NULL);
		}
	}
	errno = saved;
}

static uint64_t sctrace_blocked_at_start(void)
{
	return sctrace_start_mask;
}

static uint64_t sctrace_ignored_at_start(void)
{
	return sctrace_start_ignored;
}
*/
import "C"

import "sync"

// startState returns the constructor's record of the ignored signals
// and the mask.
var startState = sync.OnceValues(func() ([2]uint64, bool) {
	return [2]uint64{uint64(C.sctrace_ignored_at_start()), uint64(C.sctrace_blocked_at_start())}, true
})
