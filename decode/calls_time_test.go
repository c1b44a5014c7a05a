package decode

import "testing"

// TestAdjtimexFailed: a clock_adjtime or adjtimex that failed prints its
// struct timex as an address, as strace 6.1 prints it; one that
// succeeded, the struct and the clock state.
func TestAdjtimexFailed(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	timex := make([]byte, 208)
	timex[0] = 0x2 // ADJ_FREQUENCY
	for _, c := range []struct {
		ev   *evb
		want string
	}{
		{sc(t, "clock_adjtime", -22, 0, 0x1000).data(1, timex), "clock_adjtime(CLOCK_REALTIME, 0x1000) = -1 EINVAL (Invalid argument)"},
		{sc(t, "adjtimex", -1, 0x1000).data(0, timex), "adjtimex(0x1000) = -1 EPERM (Operation not permitted)"},
		{sc(t, "adjtimex", 5, 0x1000).data(0, timex), "adjtimex({modes=ADJ_FREQUENCY, offset=0, freq=0, maxerror=0, esterror=0, status=0, constant=0, precision=0, tolerance=0, time={tv_sec=0, tv_usec=0}, tick=0, ppsfreq=0, jitter=0, shift=0, stabil=0, jitcnt=0, calcnt=0, errcnt=0, stbcnt=0, tai=0}) = 5 (TIME_ERROR)"},
	} {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
