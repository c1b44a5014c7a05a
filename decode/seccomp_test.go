package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// Expected strings are strace 6.1's, from its test suite (seccomp-*.c,
// seccomp_get_*.c, sock_filter-v.c).
func TestSeccomp(t *testing.T) {
	prog := le(nil).u16(7).u16(0).u32(0).u64(0x1000)
	cases := []struct {
		v    bool
		x    XlatStyle
		ev   *evb
		want string
	}{
		{false, XlatAbbrev, sc(t, "seccomp", -22, 0xffffffffffffffff, 0xffffffffffffffff, 0xfacefeeddeadbeef), `seccomp(0xffffffff /* SECCOMP_SET_MODE_??? */, 0xffffffff, 0xfacefeeddeadbeef) = -1 EINVAL (Invalid argument)`},
		{false, XlatAbbrev, sc(t, "seccomp", 0, 0, 0, 0), `seccomp(SECCOMP_SET_MODE_STRICT, 0, NULL) = 0`},
		{false, XlatAbbrev, sc(t, "seccomp", 0, 0xfacefeed00000002, 0xdeadbeef00000000, 0x2000).data(2, le(nil).u32(0x7ffc0000)), `seccomp(SECCOMP_GET_ACTION_AVAIL, 0, [SECCOMP_RET_LOG]) = 0`},
		{false, XlatAbbrev, sc(t, "seccomp", -95, 2, 0, 0x2000).data(2, le(nil).u32(0xffffffff)), `seccomp(SECCOMP_GET_ACTION_AVAIL, 0, [0xffffffff /* SECCOMP_RET_??? */]) = -1 EOPNOTSUPP (Operation not supported)`},
		{false, XlatAbbrev, sc(t, "seccomp", -14, 2, 0, 0x2004).fault(2), `seccomp(SECCOMP_GET_ACTION_AVAIL, 0, 0x2004) = -1 EFAULT (Bad address)`},
		{false, XlatAbbrev, sc(t, "seccomp", 0, 3, 0, 0x2000).data(2, le(nil).u16(80).u16(24).u16(64)), `seccomp(SECCOMP_GET_NOTIF_SIZES, 0, {seccomp_notif=80, seccomp_notif_resp=24, seccomp_data=64}) = 0`},
		{false, XlatAbbrev, sc(t, "seccomp", 0, 3, 0xdeadc0de, 0x2002).data(2, le(nil).u16(80).u16(24)), `seccomp(SECCOMP_GET_NOTIF_SIZES, 0xdeadc0de, 0x2002) = 0`},
		{false, XlatAbbrev, sc(t, "seccomp", -22, 1, 0xffffffffffffffff, 0x3000).data(2, prog), `seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC|SECCOMP_FILTER_FLAG_LOG|SECCOMP_FILTER_FLAG_SPEC_ALLOW|SECCOMP_FILTER_FLAG_NEW_LISTENER|SECCOMP_FILTER_FLAG_TSYNC_ESRCH|SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV|0xffffffc0, {len=7, filter=0x1000}) = -1 EINVAL (Invalid argument)`},
		{false, XlatAbbrev, sc(t, "seccomp", -22, 1, 0xffffffffffffffc0, 0x3000).fault(2), `seccomp(SECCOMP_SET_MODE_FILTER, 0xffffffc0 /* SECCOMP_FILTER_FLAG_??? */, 0x3000) = -1 EINVAL (Invalid argument)`},
		{true, XlatAbbrev, sc(t, "seccomp", 0, 1, 0, 0x3000).data(2, le(nil).u16(4).u16(0).u32(0).u64(0x1000)).elems(2,
			le(nil).u16(0x20).u8(0).u8(0).u32(4).
				u16(0x15).u8(0).u8(1).u32(60).
				u16(0x06).u8(0).u8(0).u32(0x50010).
				u16(0x06).u8(0).u8(0).u32(0x7fff0000)),
			`seccomp(SECCOMP_SET_MODE_FILTER, 0, {len=4, filter=[BPF_STMT(BPF_LD|BPF_W|BPF_ABS, 0x4), BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x3c, 0, 0x1), BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ERRNO|0x10), BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW)]}) = 0`},
		{true, XlatAbbrev, sc(t, "seccomp", 0, 1, 0, 0x3000).data(2, le(nil).u16(3).u16(0).u32(0).u64(0x1000)).elems(2,
			le(nil).u16(0x02).u8(0).u8(0).u32(0x20000).u16(0x07).u8(0).u8(0).u32(0x70000)),
			`seccomp(SECCOMP_SET_MODE_FILTER, 0, {len=3, filter=[BPF_STMT(BPF_ST, 0x20000), BPF_STMT(BPF_MISC|BPF_TAX, 0x70000), ... /* 0x1010 */]}) = 0`},
		{true, XlatAbbrev, sc(t, "seccomp", -22, 1, 0, 0x3000).data(2, le(nil).u16(0).u16(0).u32(0).u64(0x1000)), `seccomp(SECCOMP_SET_MODE_FILTER, 0, {len=0, filter=[]}) = -1 EINVAL (Invalid argument)`},
		{false, XlatAbbrev, sc(t, "prctl", 0, 22, 2, 0x3000).data(2, prog), `prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, {len=7, filter=0x1000}) = 0`},
		{true, XlatAbbrev, sc(t, "prctl", 0, 22, 2, 0x3000).data(2, le(nil).u16(1).u16(0).u32(0).u64(0x1000)).elems(2, le(nil).u16(6).u8(0).u8(0).u32(0)), `prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, {len=1, filter=[BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_KILL_THREAD)]}) = 0`},
		{true, XlatAbbrev, sc(t, "seccomp", -14, 1, 0, 0x3000).data(2, le(nil).u16(1).u16(0).u32(0).u64(0x1000)).elems(2, nil), `seccomp(SECCOMP_SET_MODE_FILTER, 0, {len=1, filter=0x1000}) = -1 EFAULT (Bad address)`},
	}
	for _, c := range cases {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: c.x, Verbose: c.v})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("\n got %s\nwant %s", got, c.want)
		}
	}
}

func TestSockFilterK(t *testing.T) {
	insns := le(nil).u16(0x30).u8(0).u8(0).u32(0xffe00004).
		u16(0x30).u8(0).u8(0).u32(0xfff00008).
		u16(0x30).u8(0).u8(0).u32(0xfffff000).
		u16(0x80).u8(0).u8(0).u32(0)
	c := &trace.Capture{Data: insns}
	for _, tc := range []struct {
		x    XlatStyle
		want string
	}{
		{XlatAbbrev, `[BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_LL_OFF+4), BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_NET_OFF+8), BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_AD_OFF+SKF_AD_PROTOCOL), BPF_STMT(BPF_LD|BPF_W|BPF_LEN, 0)]`},
		{XlatRaw, `[BPF_STMT(0|0x10|0x20, 0xffe00000+4), BPF_STMT(0|0x10|0x20, 0xfff00000+8), BPF_STMT(0|0x10|0x20, 0xfffff000+0), BPF_STMT(0|0|0x80, 0)]`},
	} {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: tc.x, Verbose: true})
		if got := string(d.appendBPFProgram(nil, 0x1000, 4, c, printSockK)); got != tc.want {
			t.Errorf("\n got %s\nwant %s", got, tc.want)
		}
	}
}

func (l le) u8(v uint8) le { return append(l, v) }

// elems sets argument i's capture's one Elem (nil data: unreadable).
func (e *evb) elems(i int, p []byte) *evb {
	c := trace.Capture{Data: p, Faulted: p == nil}
	e.ev.Captures[i].Elems = []trace.Capture{c}
	return e
}
