package fdpath

import (
	"net/netip"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/trace"
)

// TestDescribeRawState: a raw socket a backend read is not described by
// its addresses, as sock_diag does not find it for strace, which prints
// RAW:[inode], of IPPROTO_RAW or ICMP.
func TestDescribeRawState(t *testing.T) {
	any4 := netip.AddrFrom4([4]byte{})
	for _, c := range []struct {
		proto uint16
		want  string
		ok    bool
	}{
		{unix.IPPROTO_ICMP, "", false},
		{unix.IPPROTO_RAW, "", false},
	} {
		st := trace.SocketState{Proto: "RAW", Family: unix.AF_INET, Listed: true, Src: any4, Dst: any4, SPort: c.proto, NetlinkProto: c.proto}
		if got, ok := describeState(st, decode.HexNone); got != c.want || ok != c.ok {
			t.Errorf("protocol %d: %q, %v; want %q, %v", c.proto, got, ok, c.want, c.ok)
		}
	}
}
