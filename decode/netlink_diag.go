package decode

import (
	"encoding/binary"
	"net"
)

// NETLINK_SOCK_DIAG payloads, as strace 6.1's netlink_*_diag.c print
// them: a request's or a reply's struct by the family in its first byte,
// and the reply's attributes.

// diagMsgs are the request and reply structs of a family.
type diagMsgs struct {
	req, msg *nlStructMsg
}

// sockDiagMsgs are the structs by address family; AF_INET and AF_INET6
// requests are chosen by message type (appendSockDiagPayload).
var sockDiagMsgs = map[uint8]diagMsgs{
	1:  {unixDiagReq, unixDiagMsg},       // AF_UNIX
	2:  {inetDiagReqV2, inetDiagMsg},     // AF_INET
	10: {inetDiagReqV2, inetDiagMsg},     // AF_INET6
	16: {netlinkDiagReq, netlinkDiagMsg}, // AF_NETLINK
	17: {packetDiagReq, packetDiagMsg},   // AF_PACKET
	43: {smcDiagReq, smcDiagMsg},         // AF_SMC
}

// appendSockDiagPayload prints a NETLINK_SOCK_DIAG message's payload.
func appendSockDiagPayload(d *Decoder, b []byte, m nlMem, off, n uint64, h nlmsghdr) ([]byte, bool) {
	if h.typ == nlmsgDone {
		return b, false
	}
	p, ok := m.read(off, 1)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	if t, ok := sockDiagMsgs[p[0]]; ok && n > 1 {
		s := t.msg
		if h.flags&nlmFRequest != 0 {
			s = t.req
			if (p[0] == 2 || p[0] == 10) && (h.typ == 18 || h.typ == 19) { // TCPDIAG_GETSOCK, DCCPDIAG_GETSOCK
				s = inetDiagReqCompat
			}
		}
		return d.appendNlStructMsg(b, m, off, n, p[0], s), true
	}
	return d.appendNlFamily(b, m, off, n, p[0]), true
}

// nlaMeminfo decodes a socket's SK_MEMINFO_* array.
var nlaMeminfo = nlaIndexedArray(4, skMeminfoIndices, false)

// nlaU32Array decodes an array of u32.
func nlaU32Array(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n/4 == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/4, 4, func(b, p []byte) []byte {
		return appendUint(b, uint64(binary.LittleEndian.Uint32(p)))
	}), true
}

// unixDiagReq is struct unix_diag_req.
var unixDiagReq = &nlStructMsg{size: 24,
	fields: []nlField{{name: "sdiag_family", size: 1}, {name: "sdiag_protocol", off: 1, size: 1},
		{name: "udiag_states", off: 4, size: 4, kind: fkFlags, x: tcpStateFlags},
		{name: "udiag_ino", off: 8, size: 4},
		{name: "udiag_show", off: 12, size: 4, kind: fkFlags, x: unixDiagShow},
		{name: "udiag_cookie", off: 16, size: 8, kind: fkCookie}}}

// unixDiagMsg is struct unix_diag_msg and its UNIX_DIAG_* attributes.
var unixDiagMsg = &nlStructMsg{size: 16,
	fields: []nlField{{name: "udiag_family", size: 1},
		{name: "udiag_type", off: 1, size: 1, kind: fkEnum, x: sockTypes},
		{name: "udiag_state", off: 2, size: 1, kind: fkEnum, x: tcpStates},
		{name: "udiag_ino", off: 4, size: 4}, {name: "udiag_cookie", off: 8, size: 8, kind: fkCookie}},
	attrs: &nlaSet{names: unixDiagAttrs, decs: []nlaDec{
		0: nlaString,
		1: nlaStruct(8, []nlField{{name: "udiag_vfs_dev", off: 4, size: 4, kind: fkDev}, {name: "udiag_vfs_ino", size: 4}}),
		2: nlaU32, 3: nlaU32Array, 4: nlaStruct(8, u32Fields("udiag_rqueue", "udiag_wqueue")),
		5: nlaMeminfo, 6: nlaU8, 7: nlaID,
	}}}

// ndiagProtoAll names netlink_diag_req's protocol of all protocols.
var ndiagProtoAll = &xlat{vals: append([]xv{{255, "NDIAG_PROTO_ALL"}}, netlinkProtocols.vals...), dflt: "NETLINK_???"}

// netlinkDiagReq is struct netlink_diag_req.
var netlinkDiagReq = &nlStructMsg{size: 20,
	fields: []nlField{{name: "sdiag_family", size: 1},
		{name: "sdiag_protocol", off: 1, size: 1, kind: fkEnum, x: ndiagProtoAll},
		{name: "ndiag_ino", off: 4, size: 4},
		{name: "ndiag_show", off: 8, size: 4, kind: fkFlags, x: netlinkDiagShow},
		{name: "ndiag_cookie", off: 12, size: 8, kind: fkCookie}}}

// netlinkDiagMsg is struct netlink_diag_msg and its NETLINK_DIAG_*
// attributes.
var netlinkDiagMsg = &nlStructMsg{size: 28,
	fields: []nlField{{name: "ndiag_family", size: 1},
		{name: "ndiag_type", off: 1, size: 1, kind: fkEnum, x: sockTypes},
		{name: "ndiag_protocol", off: 2, size: 1, kind: fkEnum, x: netlinkProtocols},
		{name: "ndiag_state", off: 3, size: 1, kind: fkEnum, x: netlinkStates},
		{name: "ndiag_portid", off: 4, size: 4}, {name: "ndiag_dst_portid", off: 8, size: 4},
		{name: "ndiag_dst_group", off: 12, size: 4}, {name: "ndiag_ino", off: 16, size: 4},
		{name: "ndiag_cookie", off: 20, size: 8, kind: fkCookie}},
	attrs: &nlaSet{names: netlinkDiagAttrs, decs: []nlaDec{
		0: nlaMeminfo, 1: nlaNetlinkGroups,
		2: nlaStruct(16, u32Fields("ndr_block_size", "ndr_block_nr", "ndr_frame_size", "ndr_frame_nr")),
		3: nlaStruct(16, u32Fields("ndr_block_size", "ndr_block_nr", "ndr_frame_size", "ndr_frame_nr")),
		4: nlaFlagsN(netlinkSocketFlags, 4),
	}}}

// nlaNetlinkGroups decodes NETLINK_DIAG_GROUPS: an array of longs.
func nlaNetlinkGroups(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n/8 == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/8, 8, func(b, p []byte) []byte {
		return append0X(b, binary.LittleEndian.Uint64(p), 16)
	}), true
}

// packetDiagReq is struct packet_diag_req.
var packetDiagReq = &nlStructMsg{size: 20,
	fields: []nlField{{name: "sdiag_family", size: 1}, {name: "sdiag_protocol", off: 1, size: 1, kind: fkX},
		{name: "pdiag_ino", off: 4, size: 4},
		{name: "pdiag_show", off: 8, size: 4, kind: fkFlags, x: packetDiagShow},
		{name: "pdiag_cookie", off: 12, size: 8, kind: fkCookie}}}

// packetRing is struct packet_diag_ring.
var packetRing = u32Fields("pdr_block_size", "pdr_block_nr", "pdr_frame_size", "pdr_frame_nr",
	"pdr_retire_tmo", "pdr_sizeof_priv", "pdr_features")

// packetDiagMsg is struct packet_diag_msg and its PACKET_DIAG_*
// attributes.
var packetDiagMsg = &nlStructMsg{size: 16,
	fields: []nlField{{name: "pdiag_family", size: 1},
		{name: "pdiag_type", off: 1, size: 1, kind: fkEnum, x: sockTypes},
		{name: "pdiag_num", off: 2, size: 2, kind: fkEnum, x: ethernetProtocols},
		{name: "pdiag_ino", off: 4, size: 4}, {name: "pdiag_cookie", off: 8, size: 8, kind: fkCookie}},
	attrs: &nlaSet{names: packetDiagAttrs, decs: []nlaDec{
		0: nlaStruct(24, []nlField{{name: "pdi_index", size: 4, kind: fkIfindex},
			{name: "pdi_version", off: 4, size: 4, kind: fkEnum, x: afPacketVersions},
			{name: "pdi_reserve", off: 8, size: 4}, {name: "pdi_copy_thresh", off: 12, size: 4},
			{name: "pdi_tstamp", off: 16, size: 4},
			{name: "pdi_flags", off: 20, size: 4, kind: fkFlags, x: packetDiagInfoFlags}}),
		1: nlaPacketMclist, 2: nlaStruct(28, packetRing), 3: nlaStruct(28, packetRing), 4: nlaU32,
		5: nlaID, 6: nlaMeminfo, 7: nlaSockFilter,
	}}}

// nlaPacketMclist decodes PACKET_DIAG_MCLIST's array of struct
// packet_diag_mclist.
func nlaPacketMclist(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 44
	if n/size == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/size, size, func(b, p []byte) []byte {
		b = append(b, "{pdmc_index="...)
		b = d.appendIfindex(b, binary.LittleEndian.Uint32(p))
		b = append(b, ", pdmc_count="...)
		b = appendUint(b, uint64(binary.LittleEndian.Uint32(p[4:])))
		b = append(b, ", pdmc_type="...)
		b = appendUint(b, uint64(binary.LittleEndian.Uint16(p[8:])))
		alen := binary.LittleEndian.Uint16(p[10:])
		b = append(b, ", pdmc_alen="...)
		b = appendUint(b, uint64(alen))
		b = append(b, ", pdmc_addr="...)
		b = d.appendQuoted(b, p[12:12+min(int(alen), 32)], true)
		return append(b, '}')
	}), true
}

// sockidSize is struct inet_diag_sockid's size.
const sockidSize = 48

// appendInetDiagSockid prints a struct inet_diag_sockid whose addresses
// are of family af.
func (d *Decoder) appendInetDiagSockid(b []byte, p []byte, af uint8) []byte {
	b = append(b, "{idiag_sport=htons("...)
	b = appendUint(b, uint64(binary.BigEndian.Uint16(p)))
	b = append(b, "), idiag_dport=htons("...)
	b = appendUint(b, uint64(binary.BigEndian.Uint16(p[2:])))
	b = append(b, "), "...)
	b = d.appendPrintInetAddr(b, af, p[4:20], "idiag_src")
	b = append(b, ", "...)
	b = d.appendPrintInetAddr(b, af, p[20:36], "idiag_dst")
	b = append(b, ", idiag_if="...)
	b = d.appendIfindex(b, binary.LittleEndian.Uint32(p[36:]))
	b = append(b, ", idiag_cookie=["...)
	b = appendUint(b, uint64(binary.LittleEndian.Uint32(p[40:])))
	b = append(b, ", "...)
	b = appendUint(b, uint64(binary.LittleEndian.Uint32(p[44:])))
	return append(b, "]}"...)
}

// appendPrintInetAddr prints an address of family af held in p, named
// field (if any), as strace's print_inet_addr: inet_addr("1.2.3.4"),
// inet_pton(AF_INET6, "::1"[, &field]), or the bytes in hex for another
// family; -X raw shows the bytes, -X verbose both.
func (d *Decoder) appendPrintInetAddr(b []byte, af uint8, p []byte, field string) []byte {
	var tmp [64]byte
	named := func(b []byte) []byte {
		if field == "" {
			return b
		}
		return append(append(b, field...), '=')
	}
	switch {
	case af == 2 && len(p) >= 4:
		b = named(b)
		if d.opts.Xlat != XlatAbbrev {
			b = d.appendQuoted(b, p, true)
			if d.opts.Xlat == XlatRaw {
				return b
			}
			b = append(b, " /* "...)
		}
		b = append(b, "inet_addr("...)
		b = d.appendQuotedPlain(b, append(tmp[:0], net.IP(p[:4]).String()...))
		b = append(b, ')')
	case af == 10 && len(p) >= 16:
		if d.opts.Xlat != XlatAbbrev {
			b = d.appendQuoted(named(b), p, true)
			if d.opts.Xlat == XlatRaw {
				return b
			}
			b = append(b, " /* "...)
		}
		b = append(b, "inet_pton(AF_INET6, "...)
		b = d.appendQuotedPlain(b, append(tmp[:0], net.IP(p[:16]).String()...))
		if field != "" && d.opts.Xlat == XlatAbbrev {
			b = append(append(b, ", &"...), field...)
		}
		b = append(b, ')')
	default:
		return d.appendQuoted(named(b), p, true)
	}
	if d.opts.Xlat == XlatVerbose {
		b = append(b, " */"...)
	}
	return b
}
