package decode

import (
	"net/netip"

	"github.com/sctrace/sctrace/syscalls"
)

// Socket option values that are structures, as strace prints them.

// Levels and options whose values appendSockoptStruct knows.
const (
	solIP                 = 0
	solSocket             = 1
	solNetlink            = 270
	soError               = 4
	soLinger              = 13
	soPeercred            = 17
	soAttachFilter        = 26
	soAttachReuseportCBPF = 51
	soTxrehash            = 74
	ipAddMember           = 35
	ipDropMemb            = 36
	mcastJoinGroup        = 42
	mcastLeaveGroup       = 45
	solIPv6               = 41
	ipv6AddMember         = 20
	ipv6DropMember        = 21
	ipv6JoinAnycast       = 27
	ipv6LeaveAnycast      = 28
	solPacket             = 263
	packetAddMember       = 1
	packetDropMember      = 2
	packetRxRing          = 5
	packetStatistics      = 6
	packetTxRing          = 13
	solRaw                = 255
	icmpFilter            = 1
)

// intSockopts are the SOL_SOCKET options whose value strace prints as an
// int ([N]) when it has 4 bytes.
var intSockopts = map[uint32]bool{}

func init() {
	for _, o := range []uint32{
		1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 18, 19, 27, 29, 30, 32, 33, 34, 35, 36, 37,
		40, 41, 42, 43, 44, 45, 46, 49, 53, 56, 60, 63, 64, 65, 68, 69, 70, 73, 75,
	} {
		intSockopts[o] = true
	}
}

// intSockopt reports whether SOL_SOCKET option name is int-like.
func intSockopt(name uint32) bool { return intSockopts[name] }

var txrehashVals = &xlat{vals: []xv{{0, "SOCK_TXREHASH_DISABLED"}, {1, "SOCK_TXREHASH_ENABLED"}, {255, "SOCK_TXREHASH_DEFAULT"}},
	dflt: "SOCK_TXREHASH_???", decimal: true}

// appendTxrehash prints SO_TXREHASH's int as [NAME].
func (d *Decoder) appendTxrehash(b []byte, p []byte) []byte {
	v := int32(le32(p, 0))
	b = append(b, '[')
	mark := len(b)
	b = appendEnum(b, txrehashVals, uint64(v))
	b = d.restyle(b, mark, uint64(v), numDecimal)
	return append(b, ']')
}

// sockField is a 4-byte field of a socket option's struct.
type sockField struct {
	name string
	kind byte // 'd': int, 'i': uid/gid, 'u': unsigned int, 'p': process id
}

var (
	lingerFields = []sockField{{"l_onoff", 'd'}, {"l_linger", 'd'}}
	ucredFields  = []sockField{{"pid", 'p'}, {"uid", 'i'}, {"gid", 'i'}}
)

// appendFieldsPartial prints a struct of 4-byte fields of which n bytes
// were returned, as strace's MAYBE_PRINT_FIELD_LEN: whole fields, then the
// bytes of a field cut short in hex; the address when p holds fewer.
func (d *Decoder) appendFieldsPartial(b []byte, addr uint64, p []byte, n int, fields []sockField) []byte {
	if len(p) < n {
		return appendPtr(b, addr)
	}
	b = append(b, '{')
	for k, f := range fields {
		start := 4 * k
		if n <= start {
			break
		}
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, f.name...)
		b = append(b, '=')
		if n < start+4 {
			b = d.appendQuoted(b, p[start:n], true)
			break
		}
		switch f.kind {
		case 'i':
			b = appendID(b, uint64(le32(p, start)))
		case 'u':
			b = appendUint(b, uint64(le32(p, start)))
		case 'p':
			b = d.appendPidField(b, int32(le32(p, start)), syscalls.PidTGID)
		default:
			b = appendInt(b, int64(int32(le32(p, start))))
		}
	}
	return append(b, '}')
}

// appendLinger prints a struct linger.
func appendLinger(b []byte, p []byte) []byte {
	b = append(b, "{l_onoff="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	b = append(b, ", l_linger="...)
	b = appendInt(b, int64(int32(le32(p, 4))))
	return append(b, '}')
}

// appendSockoptStruct prints the value of option name at level when it is
// a structure strace decodes: p holds the captured bytes, n the option's
// length. ok is false for any other option.
func (d *Decoder) appendSockoptStruct(b []byte, level, name uint32, p []byte, n int32) ([]byte, bool) {
	switch {
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
// as -x asks; under -X raw as its bytes in hex, under -X verbose as both.
func (d *Decoder) appendInetAddr(b []byte, p []byte) []byte {
	return d.appendStyledBytes(b, p[:4], func(b []byte) []byte {
		var tmp [16]byte
		b = append(b, "inet_addr("...)
		b = d.appendQuotedPlain(b, netip.AddrFrom4([4]byte(p[:4])).AppendTo(tmp[:0]))
		return append(b, ')')
	})
}
