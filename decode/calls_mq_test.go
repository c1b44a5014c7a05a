package decode

import "testing"

// Expected strings of the calls added for strace's suite tests mq,
// mq_sendrecv, memfd_secret, preadv2-pwritev2, futex_waitv,
// process_madvise and epoll_pwait2 (strace 6.1).
func TestMqAndFriends(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	attr := le(nil).u64(0).u64(10).u64(8192).u64(0).u64(0).u64(0).u64(0).u64(0)
	cases := []struct {
		ev   *evb
		want string
	}{
		{sc(t, "mq_open", 0, 0x1000, 0100, 0700, 0).str(0, "q"), `mq_open("q", O_RDONLY|O_CREAT, 0700, NULL) = 0`},
		{sc(t, "mq_open", 3, 0x1000, 2).str(0, "q"), `mq_open("q", O_RDWR) = 3`},
		{sc(t, "mq_getsetattr", 0, 0, 0, 0x2000).data(2, attr), `mq_getsetattr(0, NULL, {mq_flags=0, mq_maxmsg=10, mq_msgsize=8192, mq_curmsgs=0}) = 0`},
		{sc(t, "mq_timedreceive", 2, 3, 0x1000, 64, 0x2000, 0).str(1, "ab").data(3, le(nil).u32(42)), `mq_timedreceive(3, "ab", 64, [42], NULL) = 2`},
		{sc(t, "memfd_secret", 3, 0xbeefcafe00080000), `memfd_secret(O_CLOEXEC) = 3`},
		{sc(t, "memfd_secret", -22, 0xbeefcafede97face), `memfd_secret(0xde97face) = -1 EINVAL (Invalid argument)`},
		{sc(t, "pwritev2", 3, 1, 0x1000, 1, 0, 0xdead, 1).data(1, le(nil).u64(0x2000).u64(3)), `pwritev2(1, [{iov_base=0x2000, iov_len=3}], 1, 0, RWF_HIPRI) = 3`},
		{sc(t, "futex_waitv", -22, 0x1000, 1, 0, 0, 1).data(0, le(nil).u64(0).u64(0x3000).u32(0x82).u32(0)), `futex_waitv([{val=0, uaddr=0x3000, flags=FUTEX_32|FUTEX_PRIVATE_FLAG}], 1, 0, NULL, CLOCK_MONOTONIC) = -1 EINVAL (Invalid argument)`},
		{sc(t, "process_madvise", -22, 0, 0x1000, 1, 20, 0).data(1, le(nil).u64(0x5000).u64(7)), `process_madvise(0, [{iov_base=0x5000, iov_len=7}], 1, MADV_COLD, 0) = -1 EINVAL (Invalid argument)`},
		{sc(t, "epoll_pwait2", -22, 3, 0x1000, 1, 0x2000, 0x3000, 8).data(3, le(nil).u64(1).u64(2)), `epoll_pwait2(3, 0x1000, 1, 0x2000, 0x3000, 8) = -1 EINVAL (Invalid argument)`},
	}
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
