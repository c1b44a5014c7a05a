//go:build cgo

package startsigs

/*
#include <errno.h>
#include <signal.h>
#include <stdint.h>

// sctrace_start_mask has bit sig-1 set for each signal blocked when the
// process started.
static uint64_t sctrace_start_mask;

// sctrace_record_signals runs as a constructor, before the Go runtime
// starts: it records the start mask and discards the pending, blocked
// signals that the runtime unblocks (setting a pending signal's action to
// SIG_IGN discards it; the action is then put back).
__attribute__((constructor)) static void sctrace_record_signals(void)
{
	int saved = errno;
	sigset_t blocked, pending;
	if (sigprocmask(SIG_BLOCK, NULL, &blocked) == 0 && sigpending(&pending) == 0) {
		for (int sig = 1; sig <= 64 && sig < NSIG; sig++)
			if (sigismember(&blocked, sig) == 1)
				sctrace_start_mask |= (uint64_t)1 << (sig - 1);
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
*/
import "C"

import "sync"

// startMask returns the constructor's record of the start mask.
var startMask = sync.OnceValues(func() (uint64, bool) {
	return uint64(C.sctrace_blocked_at_start()), true
})
