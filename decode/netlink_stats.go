package decode

// NETLINK_ROUTE statistics messages: struct if_stats_msg and the
// IFLA_STATS_* attributes (strace 6.1's rtnl_stats.c).

// ifStatsMsg is struct if_stats_msg and its IFLA_STATS_* attributes.
var ifStatsMsg = &nlStructMsg{size: 12,
	fields: []nlField{{name: "family", size: 1}, {name: "pad1", off: 1, size: 1, kind: fkX, omitZero: true},
		{name: "pad2", off: 2, size: 2, kind: fkX, omitZero: true},
		{name: "ifindex", off: 4, size: 4, kind: fkIfindex},
		{name: "filter_mask", off: 8, size: 4, kind: fkFlags, x: ifstatsAttrFlags}},
	attrs: &nlaSet{names: ifstatsAttrs, decs: []nlaDec{
		1: nlaCounters(8, linkStatsNames, 23, 24, 25), 2: nlaNested(linkXstatsAttrs),
		3: nlaNested(linkXstatsAttrs),
		4: nlaNested(&nlaSet{names: ifstatsOffloadAttrs, decs: []nlaDec{1: nlaCounters(8, linkStatsNames, 23, 24, 25)}}),
		5: nlaIfstatsAfSpec,
	}}}

// u64Fields are consecutive u64 fields printed in decimal.
func u64Fields(names ...string) []nlField {
	fs := make([]nlField, len(names))
	for i, n := range names {
		fs[i] = nlField{name: n, off: uint8(8 * i), size: 8}
	}
	return fs
}

// nlaStructTail decodes a struct of size bytes with fields fs, and any
// bytes after it as a hex string.
func nlaStructTail(size uint64, fs []nlField) nlaDec {
	head := nlaStruct(size, fs)
	return func(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
		b, ok := head(d, b, m, off, n, c)
		if ok && n > size {
			if _, readable := m.read(off, size); readable {
				b = append(b, ", "...)
				b = d.nlHexStr(b, m, off+size, n-size)
			}
		}
		return b, ok
	}
}

// brMcastStats is struct br_mcast_stats: per-direction counters and two
// parse error counts.
var brMcastStats = func() []nlField {
	var fs []nlField
	off := uint8(0)
	for _, name := range []string{"igmp_v1queries", "igmp_v2queries", "igmp_v3queries", "igmp_leaves",
		"igmp_v1reports", "igmp_v2reports", "igmp_v3reports", "igmp_parse_errors", "mld_v1queries",
		"mld_v2queries", "mld_leaves", "mld_v1reports", "mld_v2reports", "mld_parse_errors",
		"mcast_bytes", "mcast_packets"} {
		if name == "igmp_parse_errors" || name == "mld_parse_errors" {
			fs = append(fs, nlField{name: name, off: off, size: 8})
			off += 8
			continue
		}
		fs = append(fs, nlField{name: name, off: off, size: 16, kind: fkDirPair, x: ifstatsXstatsBridgeMcastIndices})
		off += 16
	}
	return fs
}()

// linkXstatsAttrs are the LINK_XSTATS_TYPE_* attributes.
var linkXstatsAttrs = &nlaSet{names: ifstatsXstatsTypeAttrs, decs: []nlaDec{
	1: nlaNested(&nlaSet{names: ifstatsXstatsBridgeAttrs, decs: []nlaDec{
		1: nlaStructTail(40, append(u64Fields("rx_bytes", "rx_packets", "tx_bytes", "tx_packets"),
			nlField{name: "vid", off: 32, size: 2},
			nlField{name: "flags", off: 34, size: 2, kind: fkFlags, x: nlBridgeVlanFlags},
			nlField{name: "pad2", off: 36, size: 4, kind: fkX, omitZero: true})),
		2: nlaStructTail(240, brMcastStats),
		4: nlaStructTail(48, u64Fields("transition_blk", "transition_fwd", "rx_bpdu", "tx_bpdu", "rx_tcn", "tx_tcn")),
	}}),
	2: nlaNested(&nlaSet{names: ifstatsXstatsBondAttrs, decs: []nlaDec{
		1: nlaNested(&nlaSet{names: ifstatsXstatsBond3adAttrs, decs: []nlaDec{
			0: nlaU64, 1: nlaU64, 2: nlaU64, 3: nlaU64, 4: nlaU64, 5: nlaU64, 6: nlaU64, 7: nlaU64, 8: nlaU64}}),
	}}),
}}

// mplsStatsAttrs are the MPLS_STATS_* attributes of AF_MPLS statistics.
var mplsStatsAttrs = &nlaSet{names: ifstatsAfSpecMplsAttrs, decs: []nlaDec{
	1: nlaStructTail(72, u64Fields("rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors",
		"tx_errors", "rx_dropped", "tx_dropped", "rx_noroute")),
}}

// nlaIfstatsAfSpec decodes IFLA_STATS_AF_SPEC: one nest per address
// family, of which AF_MPLS is decoded.
func nlaIfstatsAfSpec(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	return d.appendNlattrsFn(b, m, off, n, addressFamilies, func(b []byte, typ uint16, off, n uint64) ([]byte, bool) {
		if typ == 28 { // AF_MPLS
			return d.appendAttrs(b, m, off, n, mplsStatsAttrs, c), true
		}
		return d.nlHexStr(b, m, off, n), true
	}), true
}
