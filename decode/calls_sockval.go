package decode

import "net/netip"

// Socket option values that are structures, as strace prints them.

// Levels and options whose values appendSockoptStruct knows.
const (
	solIP       = 0
	solSocket   = 1
	soLinger    = 13
	soPeercred  = 17
	ipAddMember = 35
	ipDropMemb  = 36
)

// appendSockoptStruct prints the value of option name at level when it is
// a structure strace decodes: p holds the captured bytes, n the option's
// length. ok is false for any other option.
func (d *Decoder) appendSockoptStruct(b []byte, level, name uint32, p []byte, n int32) ([]byte, bool) {
	switch {
	case level == solSocket && name == soLinger && n == 8 && len(p) >= 8:
		b = append(b, "{l_onoff="...)
		b = appendInt(b, int64(int32(le32(p, 0))))
		b = append(b, ", l_linger="...)
		b = appendInt(b, int64(int32(le32(p, 4))))
		return append(b, '}'), true
	case level == solSocket && name == soPeercred && n >= 12 && len(p) >= 12:
		b = append(b, "{pid="...)
		b = appendInt(b, int64(int32(le32(p, 0))))
		b = append(b, ", uid="...)
		b = appendUint(b, uint64(le32(p, 4)))
		b = append(b, ", gid="...)
		b = appendUint(b, uint64(le32(p, 8)))
		return append(b, '}'), true
	case level == solIP && (name == ipAddMember || name == ipDropMemb) && n >= 8 && len(p) >= 8:
		b = append(b, "{imr_multiaddr="...)
		b = d.appendInetAddr(b, p[0:4])
		b = append(b, ", imr_interface="...)
		b = d.appendInetAddr(b, p[4:8])
		return append(b, '}'), true
	}
	return b, false
}

// appendInetAddr prints an IPv4 address as inet_addr("a.b.c.d"), quoted
// as -x asks.
func (d *Decoder) appendInetAddr(b []byte, p []byte) []byte {
	var tmp [16]byte
	b = append(b, "inet_addr("...)
	b = d.appendQuotedPlain(b, netip.AddrFrom4([4]byte(p[:4])).AppendTo(tmp[:0]))
	return append(b, ')')
}
