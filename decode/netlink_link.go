package decode

import "encoding/binary"

// NETLINK_ROUTE link messages: struct ifinfomsg and the IFLA_* attributes
// (strace 6.1's rtnl_link.c).

// ifinfomsg is RTM_*LINK's struct ifinfomsg and IFLA_* attributes.
var ifinfomsg = &nlStructMsg{size: 16,
	fields: []nlField{{name: "ifi_family", size: 1},
		{name: "ifi_type", off: 2, size: 2, kind: fkEnum, x: arpHardwareTypes},
		{name: "ifi_index", off: 4, size: 4, kind: fkIfindex},
		{name: "ifi_flags", off: 8, size: 4, kind: fkFlags, x: iffFlags},
		{name: "ifi_change", off: 12, size: 4, kind: fkX}},
	attrs: iflaAttrs}

// iflaAttrs are the IFLA_* attributes of a link.
var iflaAttrs = &nlaSet{names: rtnlLinkAttrs}

// hwaddrSizes are the address sizes of the ARPHRD_* types whose number
// is also an address family's: IFLA_ADDRESS shows that many bytes of the
// address of a link message of that family.
var hwaddrSizes = map[uint8]int{0: 7, 1: 6, 3: 7, 6: 6, 7: 1, 15: 2, 24: 16, 27: 8, 32: 20}

// nlaIflaHwaddr decodes a link's hardware address.
func nlaIflaHwaddr(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n > 32 {
		return b, false
	}
	p, ok := m.read(off, n)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	show, ok := hwaddrSizes[c.family]
	if !ok {
		show = len(p)
	}
	return d.appendHwaddr(b, p, show), true
}

// linkStatsNames are the fields of struct rtnl_link_stats(64).
var linkStatsNames = []string{"rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors",
	"tx_errors", "rx_dropped", "tx_dropped", "multicast", "collisions", "rx_length_errors",
	"rx_over_errors", "rx_crc_errors", "rx_frame_errors", "rx_fifo_errors", "rx_missed_errors",
	"tx_aborted_errors", "tx_carrier_errors", "tx_fifo_errors", "tx_heartbeat_errors",
	"tx_window_errors", "rx_compressed", "tx_compressed", "rx_nohandler", "rx_otherhost_dropped"}

// nlaCounters decodes a struct of counters of width bytes named names,
// of the sizes of its versions (counts of fields, the largest last): the
// whole struct when the attribute holds it, else the older version of
// exactly the attribute's size.
func nlaCounters(width uint64, names []string, counts ...int) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		count := 0
		if last := counts[len(counts)-1]; n >= width*uint64(last) {
			count = last
		} else {
			for _, k := range counts {
				if n == width*uint64(k) {
					count = k
				}
			}
		}
		if count == 0 {
			return b, false
		}
		p, ok := m.read(off, width*uint64(count))
		if !ok {
			return appendPtr(b, m.addr+off), true
		}
		b = append(b, '{')
		for i := 0; i < count; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(append(b, names[i]...), '=')
			b = appendUint(b, nlaLE(p[uint64(i)*width:uint64(i+1)*width]))
		}
		return append(b, '}'), true
	}
}

// nlaIndexedArray decodes an array of width-byte integers, each shown
// with its index named by x: [[NAME] = 1, ...].
func nlaIndexedArray(width uint64, x *xlat, signed bool) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		if n/width == 0 {
			return b, false
		}
		i := uint64(0)
		f := numUnsigned
		if signed {
			f = numDecimal
		}
		return d.appendNlArray(b, m, off, n/width, width, func(b, p []byte) []byte {
			b = append(b, '[')
			mark := len(b)
			b = d.restyle(appendEnum(b, x, i), mark, i, f)
			b = append(b, "]="...)
			i++
			v := nlaLE(p)
			if signed {
				sh := 64 - 8*width
				return appendInt(b, int64(v<<sh)>>sh)
			}
			return appendUint(b, v)
		}), true
	}
}

// bridgeID is struct ifla_bridge_id.
var bridgeID = []nlField{{name: "prio", size: 2, kind: fkU8Array}, {name: "addr", off: 2, size: 6, kind: fkMAC}}

// brportAttrs are the IFLA_BRPORT_* attributes of a bridge port.
var brportAttrs = &nlaSet{names: rtnlIflaBrportAttrs, decs: func() []nlaDec {
	u8, u16, u32 := nlaU8, nlaU16, nlaU32
	return []nlaDec{1: u8, 2: u16, 3: u32, 4: u8, 5: u8, 6: u8, 7: u8, 8: u8, 9: u8, 10: u8, 11: u8,
		12: u8, 13: nlaStruct(8, bridgeID), 14: nlaStruct(8, bridgeID), 15: u16, 16: u16, 17: u16,
		18: u16, 19: u8, 20: u8, 21: nlaClockT, 22: nlaClockT, 23: nlaClockT, 25: u8, 27: u8, 28: u8,
		29: u8, 30: u8, 31: nlaX16, 32: u8, 33: u8, 34: nlaIfindex, 35: u8, 36: u8, 37: u32, 38: u32,
		39: u8}
}()}

// inet6Attrs are the IFLA_INET6_* attributes.
var inet6Attrs = &nlaSet{names: rtnlIflaAfSpecInet6Attrs, decs: []nlaDec{
	1: nlaFlags(inet6IfFlags, 4), 2: nlaIndexedArray(4, inet6DevconfIndices, true),
	3: nlaIndexedArray(8, snmpIPStats, false),
	5: nlaStruct(16, u32Fields("max_reasm_len", "tstamp", "reachable_time", "retrans_time")),
	6: nlaIndexedArray(8, snmpIcmp6Stats, false), 7: nlaInAddr(16), 8: nlaEnum(in6AddrGenMode, 1),
	9: nlaU32,
}}

// nlaIflaProtinfo decodes IFLA_PROTINFO: bridge port attributes of an
// AF_BRIDGE link, IFLA_INET6_* of an AF_INET6 one.
func nlaIflaProtinfo(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	switch c.family {
	case afBridge:
		return d.appendAttrs(b, m, off, n, brportAttrs, c), true
	case 10: // AF_INET6
		return d.appendAttrs(b, m, off, n, inet6Attrs, c), true
	}
	return d.nlHexStr(b, m, off, n), true
}

// nlaLinkinfo decodes IFLA_LINKINFO, whose data depend on the kind it
// names first.
func nlaLinkinfo(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	lc := *c
	lc.kind, lc.slaveKind = "", ""
	return d.appendAttrs(b, m, off, n, linkinfoAttrs, &lc), true
}

// linkinfoAttrs are the IFLA_INFO_* attributes.
var linkinfoAttrs = &nlaSet{names: rtnlIflaInfoAttrs, decs: []nlaDec{
	1: nlaLinkinfoKind(false), 2: nlaLinkinfoData, 3: nlaLinkinfoXstats, 4: nlaLinkinfoKind(true),
	5: nlaLinkinfoSlaveData,
}}

// nlaLinkinfoKind decodes IFLA_INFO_KIND (IFLA_INFO_SLAVE_KIND), noting
// the kind for the attributes after it.
func nlaLinkinfoKind(slave bool) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		kind := ""
		if n < 16 {
			if p, ok := m.read(off, n); ok {
				for i, x := range p {
					if x == 0 {
						kind = string(p[:i])
						break
					}
				}
				if kind == "" && len(p) > 0 && p[len(p)-1] != 0 {
					kind = string(p)
				}
			}
		}
		if slave {
			c.slaveKind = kind
		} else {
			c.kind = kind
		}
		return d.nlStr0(b, m, off, n), true
	}
}

// nlaLinkinfoData decodes IFLA_INFO_DATA of a bridge or a tun device.
func nlaLinkinfoData(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	switch c.kind {
	case "bridge":
		return d.appendAttrs(b, m, off, n, brInfoAttrs, c), true
	case "tun":
		return d.appendAttrs(b, m, off, n, tunInfoAttrs, c), true
	}
	return b, false
}

// nlaLinkinfoXstats decodes IFLA_INFO_XSTATS of a CAN device.
func nlaLinkinfoXstats(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if c.kind != "can" {
		return b, false
	}
	return nlaStruct(24, u32Fields("bus_error", "error_warning", "error_passive", "bus_off",
		"arbitration_lost", "restarts"))(d, b, m, off, n, c)
}

// nlaLinkinfoSlaveData decodes IFLA_INFO_SLAVE_DATA of a bridge port.
func nlaLinkinfoSlaveData(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if c.slaveKind != "bridge" {
		return b, false
	}
	return d.appendAttrs(b, m, off, n, brportAttrs, c), true
}

// nlaID decodes a uid or gid attribute.
func nlaID(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 4)
	if p != nil {
		b = appendID(b, uint64(binary.LittleEndian.Uint32(p)))
	}
	return b, ok
}

// tunInfoAttrs are the IFLA_TUN_* attributes.
var tunInfoAttrs = &nlaSet{names: rtnlIflaInfoDataTunAttrs, decs: []nlaDec{
	1: nlaID, 2: nlaID, 3: nlaEnum(tunDeviceTypes, 1), 4: nlaU8, 5: nlaU8, 6: nlaU8, 7: nlaU8,
	8: nlaU32, 9: nlaU32,
}}

// brInfoAttrs are the IFLA_BR_* attributes of a bridge.
var brInfoAttrs = &nlaSet{names: rtnlIflaInfoDataBridgeAttrs, decs: func() []nlaDec {
	u8, u16, u32, ct := nlaU8, nlaU16, nlaU32, nlaClockT
	return []nlaDec{1: ct, 2: ct, 3: ct, 4: ct, 5: u32, 6: u16, 7: u8, 8: nlaEtherProto, 9: nlaX16,
		10: nlaStruct(8, bridgeID), 11: nlaStruct(8, bridgeID), 12: u16, 13: u32, 14: u8, 15: u8,
		16: ct, 17: ct, 18: ct, 19: ct, 20: nlaHwaddr, 22: u8, 23: u8, 24: u8, 25: u8, 26: u32,
		27: u32, 28: u32, 29: u32, 30: ct, 31: ct, 32: ct, 33: ct, 34: ct, 35: ct, 36: u8, 37: u8,
		38: u8, 39: u16, 41: u8, 42: u8, 43: u8, 44: u8, 45: u8,
		46: nlaStruct(8, []nlField{{name: "optval", size: 4, kind: fkFlags, x: rtnlIflaBrBooloptFlags},
			{name: "optmask", off: 4, size: 4, kind: fkFlags, x: rtnlIflaBrBooloptFlags}}),
		47: nlaNested(&nlaSet{names: rtnlIflaBrMcastQuerierAttrs, decs: []nlaDec{
			1: nlaInAddr(4), 2: nlaIfindex, 3: ct, 5: nlaInAddr(16), 6: nlaIfindex, 7: ct}}),
	}
}()}

// nlaEtherProto decodes a big-endian ethernet protocol: htons(ETH_P_IP).
func nlaEtherProto(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n > 8 || n < 2 {
		return b, false
	}
	p, ok := m.read(off, 2)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	b = append(b, "htons("...)
	b = d.enum(b, ethernetProtocols, uint64(binary.BigEndian.Uint16(p)))
	return append(b, ')'), true
}

// vfInfoAttrs are the IFLA_VF_* attributes of a virtual function.
var vfInfoAttrs = &nlaSet{names: rtnlIflaVfInfoAttrs, decs: []nlaDec{
	1: nlaStruct(36, []nlField{{name: "vf", size: 4}, {name: "mac", off: 4, size: 32, kind: fkMAC}}),
	2: nlaStruct(12, u32Fields("vf", "vlan", "qos")),
	3: nlaStruct(8, u32Fields("vf", "rate")),
	4: nlaStruct(8, u32Fields("vf", "setting")),
	5: nlaStruct(8, []nlField{{name: "vf", size: 4},
		{name: "link_state", off: 4, size: 4, kind: fkEnum, x: rtnlIflaVfLinkStates}}),
	6: nlaStruct(12, u32Fields("vf", "min_tx_rate", "max_tx_rate")),
	7: nlaStruct(8, u32Fields("vf", "setting")),
	8: nlaNested(&nlaSet{names: rtnlIflaVfStatsAttrs, decs: []nlaDec{
		0: nlaU64, 1: nlaU64, 2: nlaU64, 3: nlaU64, 4: nlaU64, 5: nlaU64, 7: nlaU64, 8: nlaU64}}),
	9: nlaStruct(8, u32Fields("vf", "setting")), 10: nlaVfGUID, 11: nlaVfGUID,
	12: nlaNested(&nlaSet{names: rtnlIflaVfVlanListAttrs, decs: []nlaDec{
		1: nlaStruct(16, []nlField{{name: "vf", size: 4}, {name: "vlan", off: 4, size: 4},
			{name: "qos", off: 8, size: 4},
			{name: "vlan_proto", off: 12, size: 2, kind: fkBE16Enum, x: ethernetProtocols}})}}),
	13: nlaStruct(32, []nlField{{name: "broadcast", size: 32, kind: fkMAC}}),
}}

// nlaVfGUID decodes struct ifla_vf_guid, packed (12 bytes) or aligned
// (16 bytes).
func nlaVfGUID(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n != 12 && n != 16 {
		return b, false
	}
	p, ok := m.read(off, n)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	b = append(b, "{vf="...)
	b = appendUint(b, uint64(binary.LittleEndian.Uint32(p)))
	b = append(b, ", guid="...)
	b = appendHex(b, binary.LittleEndian.Uint64(p[n-8:]))
	return append(b, '}'), true
}

// portAttrs are the IFLA_PORT_* attributes of a port.
var portAttrs = &nlaSet{names: rtnlIflaPortAttrs, decs: []nlaDec{
	1: nlaU32, 2: nlaString, 3: nlaPortVsi, 6: nlaU8, 7: nlaU16,
}}

// nlaPortVsi decodes IFLA_PORT_VSI_TYPE's struct ifla_port_vsi.
func nlaPortVsi(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 8)
	if p == nil {
		return b, ok
	}
	b = append(b, "{vsi_mgr_id="...)
	b = appendUint(b, uint64(p[0]))
	b = append(b, ", vsi_type_id="...)
	b = d.appendQuoted(b, p[1:4], true)
	b = append(b, ", vsi_type_version="...)
	b = appendUint(b, uint64(p[4]))
	if p[5] != 0 || p[6] != 0 || p[7] != 0 {
		b = append(b, ", pad="...)
		b = d.appendQuoted(b, p[5:8], true)
	}
	return append(b, '}'), true
}

// xdpAttrs are the IFLA_XDP_* attributes.
var xdpAttrs = &nlaSet{names: rtnlIflaXdpAttrs, decs: []nlaDec{
	1: nlaFD, 2: nlaEnum(rtnlIflaXdpAttachedMode, 1), 3: nlaFlagsN(xdpFlags, 4), 4: nlaU32,
	5: nlaU32, 6: nlaU32, 7: nlaU32, 8: nlaFD,
}}

// nlaFlagsN decodes a flag set of (at least) size bytes.
func nlaFlagsN(x *xlat, size uint64) nlaDec {
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, p, ok := nlaRead(b, m, off, n, size)
		if p != nil {
			b = d.flags(b, x, nlaLE(p))
		}
		return b, ok
	}
}

// afSpecAttrs are the attributes of IFLA_AF_SPEC's nests by family.
var afSpecAttrs = map[uint16]*nlaSet{
	2:  {names: rtnlIflaAfSpecInetAttrs, decs: []nlaDec{1: nlaIndexedArray(4, inetDevconfIndices, true)}},
	10: inet6Attrs,
	45: {names: rtnlIflaAfSpecMctpAttrs, decs: []nlaDec{1: nlaU32}},
}

// bridgeAfSpecAttrs are the IFLA_BRIDGE_* attributes of an AF_BRIDGE
// link's IFLA_AF_SPEC.
var bridgeAfSpecAttrs = &nlaSet{names: rtnlIflaAfSpecBridgeAttrs, decs: []nlaDec{
	0: nlaFlags(rtnlIflaBridgeFlags, 2), 1: nlaEnum(rtnlIflaBridgeModes, 2), 2: nlaBridgeVlanInfo,
	3: nlaNested(&nlaSet{names: rtnlIflaAfSpecBridgeVlanTunnelInfoAttrs, decs: []nlaDec{
		1: nlaU32, 2: nlaU16, 3: nlaFlags(nlBridgeVlanFlags, 2)}}),
}}

// nlaBridgeVlanInfo decodes IFLA_BRIDGE_VLAN_INFO's struct
// bridge_vlan_info and any bytes after it.
func nlaBridgeVlanInfo(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 4)
	if p == nil {
		return b, ok
	}
	b = append(b, "{flags="...)
	b = d.flags(b, nlBridgeVlanFlags, uint64(binary.LittleEndian.Uint16(p)))
	b = append(b, ", vid="...)
	b = appendUint(b, uint64(binary.LittleEndian.Uint16(p[2:])))
	b = append(b, '}')
	if n > 4 {
		b = append(b, ", "...)
		b = d.nlHexStr(b, m, off+4, n-4)
	}
	return b, true
}

// nlaIflaAfSpec decodes IFLA_AF_SPEC: bridge attributes for an AF_BRIDGE
// link, else one nest per address family.
func nlaIflaAfSpec(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if c.family == afBridge {
		return d.appendAttrs(b, m, off, n, bridgeAfSpecAttrs, c), true
	}
	return d.appendNlattrsFn(b, m, off, n, addressFamilies, func(b []byte, typ uint16, off, n uint64) ([]byte, bool) {
		if s, ok := afSpecAttrs[typ]; ok {
			return d.appendAttrs(b, m, off, n, s, c), true
		}
		return d.nlHexStr(b, m, off, n), true
	}), true
}

// nlaIflaPropList decodes IFLA_PROP_LIST: IFLA_* attributes, of which
// only IFLA_ALT_IFNAME is decoded.
func nlaIflaPropList(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	return d.appendNlattrsFn(b, m, off, n, rtnlLinkAttrs, func(b []byte, typ uint16, off, n uint64) ([]byte, bool) {
		if typ == 53 {
			return d.nlStr(b, m, off, n), true
		}
		return b, false
	}), true
}

func init() {
	u8, u32, s32 := nlaU8, nlaU32, nlaS32
	iflaAttrs.decs = []nlaDec{
		1: nlaIflaHwaddr, 2: nlaIflaHwaddr, 3: nlaString, 4: u32, 5: u32, 6: nlaString,
		7: nlaCounters(4, linkStatsNames, 23, 24), 10: u32, 12: nlaIflaProtinfo, 13: u32,
		14: nlaStruct(28, []nlField{{name: "mem_start", size: 8, kind: fkX}, {name: "mem_end", off: 8, size: 8, kind: fkX},
			{name: "base_addr", off: 16, size: 8, kind: fkX}, {name: "irq", off: 24, size: 2},
			{name: "dma", off: 26, size: 1}, {name: "port", off: 27, size: 1}}),
		15: u32, 16: u8, 17: u8, 18: nlaLinkinfo, 19: u32, 20: nlaString, 21: u32,
		22: nlaNested(&nlaSet{names: rtnlIflaVfinfoListAttrs, decs: []nlaDec{1: nlaNested(vfInfoAttrs)}}),
		23: nlaCounters(8, linkStatsNames, 23, 24, 25),
		24: nlaNested(&nlaSet{names: rtnlIflaVfPortAttrs, decs: []nlaDec{1: nlaNested(portAttrs)}}),
		25: nlaNested(portAttrs), 26: nlaIflaAfSpec, 27: u32, 28: nlaFD,
		29: nlaFlags(rtnlIflaExtFilterFlags, 4), 30: u32, 31: u32, 32: u32, 33: u8, 35: u32,
		37: s32, 38: nlaString, 39: u8, 40: u32, 41: u32, 43: nlaNested(xdpAttrs),
		44: nlaXval(rtnlIflaEvents, 4), 45: s32, 46: s32, 47: u32, 48: u32, 49: nlaIfindex, 50: u32,
		51: u32, 52: nlaIflaPropList, 53: nlaString, 54: nlaIflaHwaddr,
		55: nlaNested(&nlaSet{names: rtnlIflaProtoDownReasonAttrs, decs: []nlaDec{1: nlaX32, 2: nlaX32}}),
		56: nlaString, 57: nlaString, 58: u32, 59: u32, 60: u32, 61: u32,
	}
}
