package decode

import "encoding/binary"

// NETLINK_ROUTE address, neighbour, rule and route messages (strace 6.1's
// rtnl_addr.c, rtnl_neigh.c, rtnl_rule.c, rtnl_route.c).

// u32Fields are consecutive u32 fields printed in decimal.
func u32Fields(names ...string) []nlField {
	fs := make([]nlField, len(names))
	for i, n := range names {
		fs[i] = nlField{name: n, off: uint8(4 * i), size: 4}
	}
	return fs
}

// ifaddrmsg is RTM_*ADDR's struct ifaddrmsg and IFA_* attributes.
var ifaddrmsg = &nlStructMsg{size: 8,
	fields: []nlField{{name: "ifa_family", size: 1}, {name: "ifa_prefixlen", off: 1, size: 1},
		{name: "ifa_flags", off: 2, size: 1, kind: fkFlags, x: ifaddrFlags},
		{name: "ifa_scope", off: 3, size: 1, kind: fkEnum, x: routingScopes},
		{name: "ifa_index", off: 4, size: 4, kind: fkIfindex}},
	attrs: &nlaSet{names: rtnlAddrAttrs, decs: []nlaDec{
		1: nlaInetAddr, 2: nlaInetAddr, 3: nlaString, 4: nlaInetAddr, 5: nlaInetAddr,
		6: nlaStruct(16, u32Fields("ifa_prefered", "ifa_valid", "cstamp", "tstamp")),
		7: nlaInetAddr, 8: nlaFlags(ifaddrFlags, 4), 9: nlaU32, 10: nlaS32,
	}}}

// ndmsg is RTM_*NEIGH's struct ndmsg and NDA_* attributes.
var ndmsg = &nlStructMsg{size: 12,
	fields: []nlField{{name: "ndm_family", size: 1}, {name: "ndm_ifindex", off: 4, size: 4, kind: fkIfindex},
		{name: "ndm_state", off: 8, size: 2, kind: fkFlags, x: neighStates},
		{name: "ndm_flags", off: 10, size: 1, kind: fkFlags, x: neighFlags},
		{name: "ndm_type", off: 11, size: 1, kind: fkEnum, x: routingTypes}},
	attrs: &nlaSet{names: rtnlNeighAttrs, decs: []nlaDec{
		1: nlaInetAddr, 2: nlaHwaddr,
		3: nlaStruct(16, u32Fields("ndm_confirmed", "ndm_used", "ndm_updated", "ndm_refcnt")),
		4: nlaU32, 5: nlaU16, 6: nlaBE(2), 7: nlaU32, 8: nlaIfindex, 9: nlaIfindex, 10: nlaU32,
		11: nlaU32, 12: nlaEnum(inetProtocols, 0), 13: nlaU32,
		14: nlaNested(&nlaSet{names: rtnlNeighFdbExtAttrs, decs: []nlaDec{1: nlaFlags(fdbNotifyFlags, 1)}}),
		15: nlaFlags(neighExtFlags, 4), 16: nlaFlags(neighStates, 2), 17: nlaFlags(neighFlags, 1),
	}}}

// routingTableIDsRule names fib_rule_hdr's table, with a default comment.
var routingTableIDsRule = &xlat{vals: routingTableIDs.vals, dflt: "RT_TABLE_???"}

// u16Range is struct fib_rule_port_range.
var u16Range = []nlField{{name: "start", size: 2}, {name: "end", off: 2, size: 2}}

// fibRuleHdr is RTM_*RULE's struct fib_rule_hdr and FRA_* attributes.
var fibRuleHdr = &nlStructMsg{size: 12,
	fields: []nlField{{name: "family", size: 1}, {name: "dst_len", off: 1, size: 1},
		{name: "src_len", off: 2, size: 1}, {name: "tos", off: 3, size: 1, kind: fkFlags, x: ipTOS},
		{name: "table", off: 4, size: 1, kind: fkEnum, x: routingTableIDsRule},
		{name: "action", off: 7, size: 1, kind: fkEnum, x: fibRuleActions},
		{name: "flags", off: 8, size: 4, kind: fkFlags, x: fibRuleFlags}},
	attrs: &nlaSet{names: rtnlRuleAttrs, decs: []nlaDec{
		1: nlaInetAddr, 2: nlaInetAddr, 3: nlaString, 4: nlaU32, 6: nlaU32, 10: nlaU32,
		11: nlaU32, 12: nlaBE(8), 13: nlaU32, 14: nlaU32, 15: nlaXval(routingTableIDs, 4), 16: nlaU32,
		17: nlaString, 19: nlaU8, 20: nlaStruct(8, u32Fields("start", "end")),
		21: nlaXval(routingProtocols, 1), 22: nlaEnum(inetProtocols, 0),
		23: nlaStruct(4, u16Range), 24: nlaStruct(4, u16Range),
	}}}

// rtmsg is RTM_*ROUTE's struct rtmsg and RTA_* attributes.
var rtmsg = &nlStructMsg{size: 12,
	fields: []nlField{{name: "rtm_family", size: 1}, {name: "rtm_dst_len", off: 1, size: 1},
		{name: "rtm_src_len", off: 2, size: 1}, {name: "rtm_tos", off: 3, size: 1, kind: fkFlags, x: ipTOS},
		{name: "rtm_table", off: 4, size: 1, kind: fkEnum, x: routingTableIDs},
		{name: "rtm_protocol", off: 5, size: 1, kind: fkEnum, x: routingProtocols},
		{name: "rtm_scope", off: 6, size: 1, kind: fkEnum, x: routingScopes},
		{name: "rtm_type", off: 7, size: 1, kind: fkEnum, x: routingTypes},
		{name: "rtm_flags", off: 8, size: 4, kind: fkFlags, x: routingFlags}},
	attrs: rtaAttrs}

// rtaAttrs are the RTA_* attributes of a route.
var rtaAttrs = &nlaSet{names: rtnlRouteAttrs}

func init() {
	u32 := nlaU32
	rtaAttrs.decs = []nlaDec{
		1: nlaInetAddr, 2: nlaInetAddr, 3: nlaIfindex, 4: nlaIfindex, 5: nlaInetAddr, 6: u32, 7: nlaInetAddr,
		8: nlaNested(&nlaSet{names: rtnlRtaMetricsAttrs, decs: []nlaDec{
			1: u32, 2: u32, 3: u32, 4: u32, 5: u32, 6: u32, 7: u32, 8: u32, 9: u32, 10: u32, 11: u32,
			12: u32, 13: u32, 14: u32, 15: u32, 16: nlaString}}),
		9: nlaRtaMultipath, 10: u32, 11: u32,
		12: nlaStruct(32, []nlField{{name: "rta_clntref", size: 4}, {name: "rta_lastuse", off: 4, size: 4},
			{name: "rta_expires", off: 8, size: 4}, {name: "rta_error", off: 12, size: 4},
			{name: "rta_used", off: 16, size: 4}, {name: "rta_id", off: 20, size: 4, kind: fkX},
			{name: "rta_ts", off: 24, size: 4}, {name: "rta_tsage", off: 28, size: 4}}),
		14: u32, 15: nlaXval(routingTableIDs, 4), 16: u32,
		17: nlaStruct(24, []nlField{{name: "mfcs_packets", size: 8}, {name: "mfcs_bytes", off: 8, size: 8},
			{name: "mfcs_wrong_if", off: 16, size: 8}}),
		18: nlaRtvia, 19: nlaInetAddr, 20: nlaU8, 21: nlaXval(lwtunnelEncapTypes, 2), 23: nlaU64,
		25: u32, 26: nlaU8, 27: nlaU8, 28: nlaU16, 29: nlaU16,
	}
}

// nlaRtvia decodes RTA_VIA's struct rtvia: a family and an address of it.
func nlaRtvia(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 2)
	if p == nil {
		return b, ok
	}
	af := binary.LittleEndian.Uint16(p)
	b = append(b, "{rtvia_family="...)
	b = d.enum(b, addressFamilies, uint64(af))
	if n > 2 {
		b = append(b, ", "...)
		b = d.appendInetAddrOf(b, m, off+2, n-2, uint8(min(af, 255)), "rtvia_addr")
	}
	return append(b, '}'), true
}

// rtnexthop is struct rtnexthop.
var rtnexthop = []nlField{{name: "rtnh_len", size: 2},
	{name: "rtnh_flags", off: 2, size: 1, kind: fkFlags, x: routeNexthopFlags},
	{name: "rtnh_hops", off: 3, size: 1}, {name: "rtnh_ifindex", off: 4, size: 4, kind: fkIfindex}}

// nlaRtaMultipath decodes RTA_MULTIPATH: struct rtnexthop entries, each
// followed by the route attributes its length covers.
func nlaRtaMultipath(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 8
	if n < size {
		return b, false
	}
	array := false
	start, left := off, n
	for {
		p, ok := m.read(off, size)
		if !ok {
			b = appendPtr(b, m.addr+off)
			break
		}
		nhLen := uint64(binary.LittleEndian.Uint16(p))
		l := min(left, nhLen)
		if off == start && nhLen < n {
			b = append(b, '[')
			array = true
		}
		if off > start {
			b = append(b, ", "...)
		}
		if l > size {
			b = append(b, '[')
		}
		b = append(b, '{')
		b = d.appendNlFields(b, p, rtnexthop)
		b = append(b, '}')
		if l > size {
			b = append(b, ", "...)
			b = d.appendAttrs(b, m, off+size, l-size, rtaAttrs, c)
			b = append(b, ']')
		}
		al := (l + 3) &^ 3
		if al >= left {
			break
		}
		off += al
		left -= al
	}
	if array {
		b = append(b, ']')
	}
	return b, true
}
