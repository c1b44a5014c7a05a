package decode

import (
	"encoding/binary"
	"strings"
	"testing"
)

// sendtoLine formats sendto(3, buf, len(buf), 0, addr of family fam, 12).
func sendtoLine(t *testing.T, buf []byte, fam uint16) string {
	addr := make([]byte, 12)
	binary.LittleEndian.PutUint16(addr, fam)
	e := sc(t, "sendto", int64(len(buf)), 3, 0x1000, uint64(len(buf)), 0, 0x2000, 12).data(1, buf).data(4, addr)
	d := New(Options{StringLimit: DefaultStringLimit})
	b := d.AppendEnter(nil, &e.ev)
	b = d.AppendExit(b, &e.ev)
	return string(b)
}

// nlmsg builds a netlink message of type typ with payload p.
func nlmsg(typ, flags uint16, p []byte) []byte {
	m := make([]byte, 16, 16+len(p))
	binary.LittleEndian.PutUint32(m, uint32(16+len(p)))
	binary.LittleEndian.PutUint16(m[4:], typ)
	binary.LittleEndian.PutUint16(m[6:], flags)
	return append(m, p...)
}

// A netlink buffer the decoder cannot render whole prints exactly as any
// other socket's buffer: no half-decoded messages.
func TestNetlinkFallsBackWhole(t *testing.T) {
	route := nlmsg(24, 0x401, []byte{2, 0, 0, 0, 0xfe, 3, 0, 1, 0, 0, 0, 0, 8, 0, 1, 0, 127, 0, 0, 1}) // RTM_NEWROUTE with an attribute
	for _, buf := range [][]byte{
		route,
		append(nlmsg(18, 0x301, []byte{0}), route...), // a decodable message, then one that is not
		{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17},
	} {
		nl := sendtoLine(t, buf, 16)
		other := sendtoLine(t, buf, 1)
		cut := func(s string) string { return s[:strings.Index(s, ", {sa_family=")] }
		if cut(nl) != cut(other) {
			t.Errorf("netlink fallback differs:\n got %s\nwant %s", nl, other)
		}
	}
}

// A decodable request is shown as messages.
func TestNetlinkDecodesRequests(t *testing.T) {
	buf := nlmsg(22, 0x301, []byte{0}) // RTM_GETADDR dump, rtgenmsg AF_UNSPEC
	line := sendtoLine(t, buf, 16)
	if !strings.Contains(line, "nlmsg_type=RTM_GETADDR") || !strings.Contains(line, "{ifa_family=AF_UNSPEC, ...}") {
		t.Errorf("not decoded as netlink: %s", line)
	}
}
