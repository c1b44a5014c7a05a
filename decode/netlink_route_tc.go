package decode

import "encoding/binary"

// NETLINK_ROUTE traffic control, multicast database, nexthop and cache
// report messages (strace 6.1's rtnl_tc.c, rtnl_tc_action.c, rtnl_mdb.c,
// rtnl_nh.c, rtnl_cachereport.c).

// appendNlArray prints nmemb elements of size bytes at off as strace's
// print_array: [e1, e2, ...], at most -s of them unless -v, the address
// alone when the first cannot be read.
func (d *Decoder) appendNlArray(b []byte, m nlMem, off, nmemb, size uint64, elem func(b, p []byte) []byte) []byte {
	for i := uint64(0); i < nmemb; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && i == uint64(max(d.opts.StringLimit, 0)) {
			b = append(b, "..."...)
			break
		}
		p, ok := m.read(off+i*size, size)
		if !ok {
			if i == 0 {
				return appendPtr(b, m.addr+off)
			}
			b = nlMoreAt(b, m.addr+off+i*size)
			break
		}
		if i == 0 {
			b = append(b, '[')
		}
		b = elem(b, p)
	}
	return append(b, ']')
}

// nlaClockT decodes a clock_t of up to 8 bytes.
func nlaClockT(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n > 8 {
		return b, false
	}
	p, ok := m.read(off, n)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	if d.opts.Xlat == XlatRaw {
		return appendUint(b, nlaLE(p)), true
	}
	return appendClockT(b, nlaLE(p)), true
}

// tcStats is struct tc_stats up to its backlog.
var tcStats = append([]nlField{{name: "bytes", size: 8}}, func() []nlField {
	fs := u32Fields("", "", "packets", "drops", "overlimits", "bps", "pps", "qlen", "backlog")
	return fs[2:]
}()...)

// tcaStatsAttrs are the TCA_STATS_* attributes of TCA_STATS2.
var tcaStatsAttrs = &nlaSet{names: rtnlTcaStatsAttrs, decs: []nlaDec{
	1: nlaStruct(12, []nlField{{name: "bytes", size: 8}, {name: "packets", off: 8, size: 4}}),
	2: nlaStruct(8, u32Fields("bps", "pps")),
	3: nlaStruct(20, u32Fields("qlen", "backlog", "drops", "requeues", "overlimits")),
	5: nlaStruct(16, []nlField{{name: "bps", size: 8}, {name: "pps", off: 8, size: 8}}),
	7: nlaStruct(12, []nlField{{name: "bytes", size: 8}, {name: "packets", off: 8, size: 4}}),
	8: nlaU64,
}}

// nlaU8Array decodes an array of u8.
func nlaU8Array(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n, 1, func(b, p []byte) []byte {
		return appendUint(b, uint64(p[0]))
	}), true
}

// nlaU16Array decodes an array of u16.
func nlaU16Array(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n/2 == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/2, 2, func(b, p []byte) []byte {
		return appendUint(b, uint64(binary.LittleEndian.Uint16(p)))
	}), true
}

// tcmsg is the struct tcmsg of qdisc, class, filter and chain messages,
// and its TCA_* attributes.
var tcmsg = &nlStructMsg{size: 20,
	fields: []nlField{{name: "tcm_family", size: 1}, {name: "tcm_ifindex", off: 4, size: 4, kind: fkIfindex},
		{name: "tcm_handle", off: 8, size: 4}, {name: "tcm_parent", off: 12, size: 4},
		{name: "tcm_info", off: 16, size: 4}},
	attrs: &nlaSet{names: rtnlTcAttrs, decs: []nlaDec{
		1: nlaString, 3: nlaStruct(36, tcStats),
		5: nlaStruct(2, []nlField{{name: "interval", size: 1, kind: fkD}, {name: "ewma_log", off: 1, size: 1}}),
		6: nlaU32, 7: nlaNested(tcaStatsAttrs),
		8: nlaNested(&nlaSet{names: rtnlTcaStabAttrs, decs: []nlaDec{
			1: nlaStruct(24, []nlField{{name: "cell_log", size: 1}, {name: "size_log", off: 1, size: 1},
				{name: "cell_align", off: 2, size: 2, kind: fkD}, {name: "overhead", off: 4, size: 4, kind: fkD},
				{name: "linklayer", off: 8, size: 4}, {name: "mpu", off: 12, size: 4},
				{name: "mtu", off: 16, size: 4}, {name: "tsize", off: 20, size: 4}}),
			2: nlaU16Array}}),
		11: nlaU32, 12: nlaU8, 13: nlaU32, 14: nlaU32, 15: nlaU32,
	}}}

// tcamsg is the struct tcamsg of action messages and its TCA_ACT_*
// attributes.
var tcamsg = &nlStructMsg{size: 4, familyOnly: true,
	fields: []nlField{{name: "tca_family", size: 1}},
	attrs: &nlaSet{names: rtnlTcActionAttrs, decs: []nlaDec{
		1: nlaString, 3: nlaU32, 4: nlaNested(tcaStatsAttrs), 7: nlaFlags(rtnlTcaActFlags, 4),
		8: nlaFlags(rtnlTcaActHwStats, 4), 9: nlaFlags(rtnlTcaActHwStats, 4), 10: nlaU32,
	}}}

// brPortMsg is RTM_*MDB's struct br_port_msg and MDBA_* attributes.
var brPortMsg = &nlStructMsg{size: 8,
	fields: []nlField{{name: "family", size: 1}, {name: "ifindex", off: 4, size: 4, kind: fkIfindex}},
	attrs: &nlaSet{names: rtnlMdbAttrs, decs: []nlaDec{
		1: nlaNested(&nlaSet{names: rtnlMdbaMdbAttrs, decs: []nlaDec{
			1: nlaNested(&nlaSet{names: rtnlMdbaMdbEntryAttrs, decs: []nlaDec{1: nlaMdbEntry}})}}),
		2: nlaNested(&nlaSet{names: rtnlMdbaRouterAttrs, decs: []nlaDec{1: nlaMdbRouterPort}}),
	}}}

// mdbRouterPattrs are the MDBA_ROUTER_PATTR_* attributes of a router port.
var mdbRouterPattrs = &nlaSet{names: rtnlMdbaRouterPattrAttrs, decs: []nlaDec{
	1: nlaClockT, 2: nlaMulticastRouterType, 3: nlaClockT, 4: nlaClockT,
}}

// nlaMulticastRouterType decodes MDBA_ROUTER_PATTR_TYPE's u8.
func nlaMulticastRouterType(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	p, ok := m.read(off, 1)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	return d.enum(b, multicastRouterTypes, uint64(p[0])), true
}

// nlaMdbRouterPort decodes MDBA_ROUTER_PORT: an interface index and the
// port's attributes.
func nlaMdbRouterPort(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, ok := nlaIfindex(d, b, m, off, n, c)
	if ok && n > 4 {
		b = append(b, ", "...)
		b = d.appendAttrs(b, m, off+4, n-4, mdbRouterPattrs, c)
	}
	return b, ok
}

// nlaMdbEntry decodes MDBA_MDB_ENTRY_INFO's struct br_mdb_entry and the
// MDBA_MDB_EATTR_* attributes after it.
func nlaMdbEntry(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 28
	if n < size {
		return b, false
	}
	if p, ok := m.read(off, size); !ok {
		b = appendPtr(b, m.addr+off)
	} else {
		b = append(b, '{')
		b = d.appendNlFields(b, p, []nlField{{name: "ifindex", size: 4, kind: fkIfindex},
			{name: "state", off: 4, size: 1, kind: fkEnum, x: mdbStates},
			{name: "flags", off: 5, size: 1, kind: fkFlags, x: mdbFlags}, {name: "vid", off: 6, size: 2}})
		proto := binary.BigEndian.Uint16(p[24:])
		b = append(b, ", addr={"...)
		af := uint8(255)
		if proto < 255 {
			af = uint8(proto)
		}
		b = d.appendPrintInetAddr(b, af, p[8:24], "u")
		b = append(b, ", proto=htons("...)
		b = d.enum(b, addressFamilies, uint64(proto))
		b = append(b, ")}}"...)
	}
	if n > size {
		b = append(b, ", "...)
		b = d.appendAttrs(b, m, off+size, n-size, &nlaSet{names: rtnlMdbaMdbEattrAttrs, decs: []nlaDec{1: nlaClockT}}, c)
	}
	return b, true
}

// nhmsg is RTM_*NEXTHOP's struct nhmsg and NHA_* attributes.
var nhmsg = &nlStructMsg{size: 8,
	fields: []nlField{{name: "nh_family", size: 1}, {name: "nh_scope", off: 1, size: 1, kind: fkEnum, x: routingScopes},
		{name: "nh_protocol", off: 2, size: 1, kind: fkEnum, x: routingProtocols},
		{name: "resvd", off: 3, size: 1, kind: fkX, omitZero: true},
		{name: "nh_flags", off: 4, size: 4, kind: fkFlags, x: routeNexthopFlags}},
	attrs: &nlaSet{names: rtnlNexthopAttrs, decs: []nlaDec{
		1: nlaU32, 2: nlaNhGroup, 3: nlaEnum(rtnlNexthopGrpTypes, 2), 4: nlaU32, 5: nlaIfindex,
		6: nlaInetAddr, 7: nlaXval(lwtunnelEncapTypes, 2), 9: nlaU32, 10: nlaIfindex, 11: nlaU32,
		12: nlaNested(&nlaSet{names: rtnlNhaResGroupAttrs, decs: []nlaDec{
			1: nlaU16, 2: nlaClockT, 3: nlaClockT, 4: nlaClockT}}),
		13: nlaNested(&nlaSet{names: rtnlNhaResBucketAttrs, decs: []nlaDec{
			1: nlaU16, 2: nlaClockT, 3: nlaU32}}),
	}}}

// nlaNhGroup decodes NHA_GROUP's array of struct nexthop_grp.
func nlaNhGroup(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n/8 == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/8, 8, func(b, p []byte) []byte {
		b = append(b, "{id="...)
		b = appendUint(b, uint64(binary.LittleEndian.Uint32(p)))
		b = append(b, ", weight="...)
		b = appendUint(b, uint64(p[4]))
		if p[5] != 0 {
			b = append(b, ", resvd1="...)
			b = appendHex(b, uint64(p[5]))
		}
		if r := binary.LittleEndian.Uint16(p[6:]); r != 0 {
			b = append(b, ", resvd2="...)
			b = appendHex(b, uint64(r))
		}
		return append(b, '}')
	}), true
}

// rtnlFamilyOrAF names a cache report's family: RTNL_FAMILY_* or AF_*.
var rtnlFamilyOrAF = &xlat{vals: append(append([]xv(nil), rtnlFamily.vals...), addressFamilies.vals...), dflt: "RTNL_FAMILY_???"}

// cachereportAttrs are the attributes of a cache report by family:
// RTNL_FAMILY_IPMR's IPMRA_CREPORT_*, RTNL_FAMILY_IP6MR's IP6MRA_CREPORT_*.
var cachereportAttrs = map[uint8]*nlaSet{
	0x80: {names: rtnlIpmraCreportAttr, decs: []nlaDec{
		1: nlaEnum(rtnlIpmraMsgTypes, 1), 2: nlaU32, 3: nlaInAddr(4), 4: nlaInAddr(4), 6: nlaU32}},
	0x81: {names: rtnlIp6mraCreportAttr, decs: []nlaDec{
		1: nlaEnum(rtnlIp6mraMsgTypes, 1), 2: nlaU32, 3: nlaInAddr(16), 4: nlaInAddr(16)}},
}

// nlaInAddr decodes an IPv4 (size 4) or IPv6 (size 16) address.
func nlaInAddr(size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			af := uint8(2) // AF_INET
			if size == 16 {
				af = 10 // AF_INET6
			}
			b = d.appendPrintInetAddr(b, af, p, "")
		}
		return b, ok
	}
}

// appendCachereport prints RTM_NEWCACHEREPORT's struct rtgenmsg and the
// attributes of its family.
func (d *Decoder) appendCachereport(b []byte, m nlMem, off, n uint64, family uint8) []byte {
	b = append(b, "{rtgen_family="...)
	b = d.enum(b, rtnlFamilyOrAF, uint64(family))
	b = append(b, '}')
	if n > 4 {
		b = append(b, ", "...)
		if s, ok := cachereportAttrs[family]; ok {
			b = d.appendAttrs(b, m, off+4, n-4, s, &nlaCtx{family: family})
		} else {
			b = d.nlHexStr(b, m, off+4, n-4)
		}
	}
	return b
}
