package decode

// NETLINK_ROUTE payloads, as strace 6.1's rtnl_*.c print them: each
// message type's struct and the attributes after it.

// NETLINK_ROUTE message types (RTM_*) that pick a payload decoder.
const (
	rtmNewlink        = 16
	rtmNewaddr        = 20
	rtmNewroute       = 24
	rtmNewneigh       = 28
	rtmGetneigh       = 30
	rtmNewrule        = 32
	rtmNewqdisc       = 36
	rtmNewtclass      = 40
	rtmNewtfilter     = 44
	rtmNewaction      = 48
	rtmGetmulticast   = 58
	rtmGetanycast     = 62
	rtmNewneightbl    = 64
	rtmGetneightbl    = 66
	rtmNewaddrlabel   = 72
	rtmGetdcb         = 78
	rtmNewnetconf     = 80
	rtmNewmdb         = 84
	rtmNewnsid        = 88
	rtmNewstats       = 92
	rtmGetstats       = 94
	rtmNewcachereport = 96
	rtmNewchain       = 100
	rtmNewnexthop     = 104
	afBridge          = 7
)

// rtnlMsgs are the payload structs by message type; a type without one
// prints as {family=..., data=...}.
var rtnlMsgs = map[uint16]*nlStructMsg{}

func init() {
	for _, r := range []struct {
		t            *nlStructMsg
		first, count uint16
	}{
		{ifinfomsg, rtmNewlink, 4}, {ifaddrmsg, rtmNewaddr, 3}, {rtmsg, rtmNewroute, 3},
		{ndmsg, rtmNewneigh, 3}, {fibRuleHdr, rtmNewrule, 3}, {tcmsg, rtmNewqdisc, 3},
		{tcmsg, rtmNewtclass, 3}, {tcmsg, rtmNewtfilter, 3}, {tcamsg, rtmNewaction, 3},
		{ifaddrmsg, rtmGetmulticast, 1}, {ifaddrmsg, rtmGetanycast, 1}, {ndtmsg, rtmNewneightbl, 1},
		{ndtmsg, rtmGetneightbl, 2}, {ifaddrlblmsg, rtmNewaddrlabel, 3}, {dcbmsg, rtmGetdcb, 2},
		{netconfmsg, rtmNewnetconf, 3}, {brPortMsg, rtmNewmdb, 3}, {rtgenmsgNsid, rtmNewnsid, 3},
		{ifStatsMsg, rtmNewstats, 1}, {ifStatsMsg, rtmGetstats, 1}, {tcmsg, rtmNewchain, 3},
		{nhmsg, rtmNewnexthop, 3},
	} {
		for typ := r.first; typ < r.first+r.count; typ++ {
			rtnlMsgs[typ] = r.t
		}
	}
}

// appendRoutePayload prints a NETLINK_ROUTE message's payload.
func appendRoutePayload(d *Decoder, b []byte, m nlMem, off, n uint64, h nlmsghdr) ([]byte, bool) {
	if h.typ == nlmsgDone {
		return b, false
	}
	p, ok := m.read(off, 1)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	if h.typ == rtmNewcachereport {
		return d.appendCachereport(b, m, off, n, p[0]), true
	}
	if h.typ == rtmGetneigh && p[0] == afBridge {
		return d.appendNlStructMsg(b, m, off, n, p[0], ifinfomsg), true
	}
	if t, ok := rtnlMsgs[h.typ]; ok {
		return d.appendNlStructMsg(b, m, off, n, p[0], t), true
	}
	return d.appendNlFamily(b, m, off, n, p[0]), true
}

// rtgenmsgNsid is RTM_*NSID's struct rtgenmsg and NETNSA_* attributes.
var rtgenmsgNsid = &nlStructMsg{size: 1, familyOnly: true,
	fields: []nlField{{name: "rtgen_family", size: 1}},
	attrs: &nlaSet{names: rtnlNsidAttrs, decs: []nlaDec{
		1: nlaS32, 2: nlaU32, 3: nlaFD, 4: nlaS32, 5: nlaS32,
	}}}

// netconfmsg is RTM_*NETCONF's struct netconfmsg and NETCONFA_* attributes.
var netconfmsg = &nlStructMsg{size: 1, familyOnly: true,
	fields: []nlField{{name: "ncm_family", size: 1}},
	attrs: &nlaSet{names: rtnlNetconfAttrs, decs: []nlaDec{
		1: nlaIfindex, 2: nlaS32, 3: nlaS32, 4: nlaS32, 5: nlaS32, 6: nlaS32, 7: nlaS32, 8: nlaS32,
	}}}

// ifaddrlblmsg is RTM_*ADDRLABEL's struct ifaddrlblmsg and IFAL_* attributes.
var ifaddrlblmsg = &nlStructMsg{size: 12,
	fields: []nlField{{name: "ifal_family", size: 1},
		{name: "ifal_prefixlen", off: 2, size: 1}, {name: "ifal_flags", off: 3, size: 1},
		{name: "ifal_index", off: 4, size: 4, kind: fkIfindex}, {name: "ifal_seq", off: 8, size: 4}},
	attrs: &nlaSet{names: rtnlAddrlabelAttrs, decs: []nlaDec{1: nlaInetAddr, 2: nlaU32}}}

// dcbmsg is RTM_*DCB's struct dcbmsg and DCB_ATTR_* attributes.
var dcbmsg = &nlStructMsg{size: 4,
	fields: []nlField{{name: "dcb_family", size: 1}, {name: "cmd", off: 1, size: 1, kind: fkEnum, x: dcbCommands}},
	attrs:  &nlaSet{names: rtnlDcbAttrs}}

// ndtmsg is RTM_*NEIGHTBL's struct ndtmsg and NDTA_* attributes.
var ndtmsg = &nlStructMsg{size: 4, familyOnly: true,
	fields: []nlField{{name: "ndtm_family", size: 1}},
	attrs: &nlaSet{names: rtnlNeightblAttrs, decs: []nlaDec{
		1: nlaString, 2: nlaU32, 3: nlaU32, 4: nlaU32, 5: nlaStruct(32, ndtConfig),
		6: nlaNested(ndtParms), 7: nlaNdtStats, 8: nlaU64,
	}}}

// ndtConfig is struct ndt_config.
var ndtConfig = []nlField{{name: "ndtc_key_len", size: 2}, {name: "ndtc_entry_size", off: 2, size: 2},
	{name: "ndtc_entries", off: 4, size: 4}, {name: "ndtc_last_flush", off: 8, size: 4},
	{name: "ndtc_last_rand", off: 12, size: 4}, {name: "ndtc_hash_rnd", off: 16, size: 4},
	{name: "ndtc_hash_mask", off: 20, size: 4, kind: fk0X}, {name: "ndtc_hash_chain_gc", off: 24, size: 4},
	{name: "ndtc_proxy_qlen", off: 28, size: 4}}

// ndtParms are the NDTPA_* attributes of NDTA_PARMS.
var ndtParms = &nlaSet{names: rtnlNeightblParmsAttrs, decs: []nlaDec{
	1: nlaIfindex, 2: nlaU32, 3: nlaU64, 4: nlaU64, 5: nlaU64, 6: nlaU64, 7: nlaU64, 8: nlaU32,
	9: nlaU32, 10: nlaU32, 11: nlaU32, 12: nlaU64, 13: nlaU64, 14: nlaU32, 15: nlaU64,
	16: nlaU32, 17: nlaU32, 19: nlaU64,
}}

// ndtStatsNames are the u64 fields of struct ndt_stats.
var ndtStatsNames = []string{"ndts_allocs", "ndts_destroys", "ndts_hash_grows", "ndts_res_failed",
	"ndts_lookups", "ndts_hits", "ndts_rcv_probes_mcast", "ndts_rcv_probes_ucast",
	"ndts_periodic_gc_runs", "ndts_forced_gc_runs", "ndts_table_fulls"}

// nlaNdtStats decodes NDTA_STATS's struct ndt_stats, whole or without its
// last field (the older size).
func nlaNdtStats(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	count := uint64(len(ndtStatsNames))
	switch {
	case n >= 8*count:
	case n == 8*(count-1):
		count--
	default:
		return b, false
	}
	p, ok := m.read(off, 8*count)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	b = append(b, '{')
	for i := uint64(0); i < count; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, ndtStatsNames[i]...)
		b = append(b, '=')
		b = appendUint(b, nlaLE(p[8*i:8*i+8]))
	}
	return append(b, '}'), true
}
