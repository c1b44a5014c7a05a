package decode

import (
	"math/bits"
	"net/netip"
)

// Socket option values of the SOL_IP, SOL_IPV6, SOL_PACKET and SOL_RAW
// levels that are structures, as strace's print_setsockopt and
// print_getsockopt show them.

// Sizes of the structures these options take.
const (
	ipv6MreqSize   = 20  // struct ipv6_mreq
	groupReqSize   = 136 // struct group_req (64-bit)
	tpacketReqSize = 16  // struct tpacket_req
	packetMreqSize = 16  // struct packet_mreq
	icmpFilterSize = 4   // struct icmp_filter
)

// tpacketStatsFields are struct tpacket_stats' fields (PACKET_STATISTICS).
var tpacketStatsFields = []sockField{{"tp_packets", 'u'}, {"tp_drops", 'u'}, {"tp_freeze_q_cnt", 'u'}}

// tpacketReqFields are struct tpacket_req's fields.
var tpacketReqFields = []sockField{{"tp_block_size", 'u'}, {"tp_block_nr", 'u'}, {"tp_frame_size", 'u'}, {"tp_frame_nr", 'u'}}

// appendSetsockoptStruct prints setsockopt's value of n bytes at addr
// (captured in p) for the options of this file; ok is false for others.
func (d *Decoder) appendSetsockoptStruct(b []byte, addr uint64, level, name uint32, p []byte, n int32) ([]byte, bool) {
	switch {
	case (level == solIP || level == solIPv6) && (name == mcastJoinGroup || name == mcastLeaveGroup):
		if n < groupReqSize || len(p) < groupReqSize {
			return appendPtr(b, addr), true
		}
		return d.appendGroupReq(b, p), true
	case level == solIPv6 && (name == ipv6AddMember || name == ipv6DropMember ||
		name == ipv6JoinAnycast || name == ipv6LeaveAnycast):
		if n < ipv6MreqSize || len(p) < ipv6MreqSize {
			return appendPtr(b, addr), true
		}
		b = append(b, '{')
		b = d.appendInet6Field(b, p[:16], "ipv6mr_multiaddr")
		b = append(b, ", ipv6mr_interface="...)
		b = d.appendIfindex(b, le32(p, 16))
		return append(b, '}'), true
	case level == solPacket && (name == packetRxRing || name == packetTxRing):
		if n != tpacketReqSize || len(p) < tpacketReqSize {
			return appendPtr(b, addr), true
		}
		return d.appendFieldsPartial(b, addr, p, tpacketReqSize, tpacketReqFields), true
	case level == solPacket && (name == packetAddMember || name == packetDropMember):
		if n != packetMreqSize || len(p) < packetMreqSize {
			return appendPtr(b, addr), true
		}
		return d.appendPacketMreq(b, p), true
	case level == solRaw && name == icmpFilter:
		return d.appendICMPFilter(b, addr, p, n), true
	}
	return b, false
}

// appendGroupReq prints a struct group_req: the interface, then the
// group's socket address.
func (d *Decoder) appendGroupReq(b []byte, p []byte) []byte {
	b = append(b, "{gr_interface="...)
	b = d.appendIfindex(b, le32(p, 0))
	b = append(b, ", gr_group="...)
	b = d.appendSockaddr(b, p[8:groupReqSize])
	return append(b, '}')
}

// appendPacketMreq prints a struct packet_mreq.
func (d *Decoder) appendPacketMreq(b []byte, p []byte) []byte {
	b = append(b, "{mr_ifindex="...)
	b = d.appendIfindex(b, le32(p, 0))
	b = append(b, ", mr_type="...)
	b = d.enum(b, packetMreqTypes, uint64(le16(p, 4)))
	alen := le16(p, 6)
	b = append(b, ", mr_alen="...)
	b = appendUint(b, uint64(alen))
	b = append(b, ", mr_address="...)
	show := min(int(alen), 8)
	b = d.appendHwaddr(b, p[8:8+show], show)
	return append(b, '}')
}

// appendInet6Field prints the IPv6 address p as the field name:
// inet_pton(AF_INET6, "ADDR", &NAME); under -X raw NAME="BYTES" in hex,
// under -X verbose NAME="BYTES" /* inet_pton(AF_INET6, "ADDR") */.
func (d *Decoder) appendInet6Field(b []byte, p []byte, name string) []byte {
	if d.opts.Xlat != XlatAbbrev {
		b = append(b, name...)
		b = append(b, '=')
		b = d.appendQuoted(b, p[:16], true)
		if d.opts.Xlat == XlatRaw {
			return b
		}
		b = append(b, " /* "...)
	}
	var tmp [64]byte
	b = append(b, "inet_pton(AF_INET6, "...)
	b = d.appendQuotedPlain(b, netip.AddrFrom16([16]byte(p[:16])).AppendTo(tmp[:0]))
	if d.opts.Xlat == XlatVerbose {
		return append(b, ") */"...)
	}
	b = append(b, ", &"...)
	b = append(b, name...)
	return append(b, ')')
}

// appendICMPFilter prints ICMP_FILTER's struct icmp_filter of n bytes as
// the set of ICMP types its bits name; as the set of those not named
// (~[...]) when more than half of the bits are set. The bytes past n are
// taken as set.
func (d *Decoder) appendICMPFilter(b []byte, addr uint64, p []byte, n int32) []byte {
	if n <= 0 {
		return appendPtr(b, addr)
	}
	n = min(n, icmpFilterSize)
	if len(p) < int(n) {
		return appendPtr(b, addr)
	}
	var buf [icmpFilterSize]byte
	for i := range buf {
		buf[i] = 0xff
	}
	copy(buf[:], p[:n])
	v := le32(buf[:], 0)
	if bits.OnesCount32(v) > 16 {
		v = ^v
		b = append(b, '~')
	}
	b = append(b, '[')
	for i, first := 0, true; v != 0; i++ {
		if v&1 != 0 {
			if !first {
				b = append(b, ' ')
			}
			first = false
			b = d.enum(b, icmpFilterTypes, uint64(i))
		}
		v >>= 1
	}
	return append(b, ']')
}
