package decode

import "encoding/binary"

// NETLINK_SOCK_DIAG messages of AF_INET, AF_INET6 and AF_SMC sockets
// (strace 6.1's netlink_inet_diag.c and netlink_smc_diag.c), and the
// classic BPF programs of PACKET_DIAG_FILTER.

// inetDiagReqAttrs are the INET_DIAG_REQ_* attributes of a request.
var inetDiagReqAttrs = &nlaSet{names: inetDiagReqAttrNames, decs: []nlaDec{
	1: nlaInetDiagBcOp, 3: nlaEnum(inetProtocols, 0),
}}

// inetDiagReqCompat is struct inet_diag_req (TCPDIAG_GETSOCK,
// DCCPDIAG_GETSOCK).
var inetDiagReqCompat = &nlStructMsg{size: 60,
	fields: []nlField{{name: "idiag_family", size: 1}, {name: "idiag_src_len", off: 1, size: 1},
		{name: "idiag_dst_len", off: 2, size: 1},
		{name: "idiag_ext", off: 3, size: 1, kind: fkFlags, x: inetDiagExtendedFlags},
		{name: "id", off: 4, size: sockidSize, kind: fkSockid},
		{name: "idiag_states", off: 52, size: 4, kind: fkFlags, x: tcpStateFlags},
		{name: "idiag_dbs", off: 56, size: 4}},
	attrs: inetDiagReqAttrs}

// inetDiagReqV2 is struct inet_diag_req_v2.
var inetDiagReqV2 = &nlStructMsg{size: 56,
	fields: []nlField{{name: "sdiag_family", size: 1},
		{name: "sdiag_protocol", off: 1, size: 1, kind: fkEnum, x: inetProtocols},
		{name: "idiag_ext", off: 2, size: 1, kind: fkFlags, x: inetDiagExtendedFlags},
		{name: "idiag_states", off: 4, size: 4, kind: fkFlags, x: tcpStateFlags},
		{name: "id", off: 8, size: sockidSize, kind: fkSockid}},
	attrs: inetDiagReqAttrs}

// inetDiagBcOp is struct inet_diag_bc_op.
var inetDiagBcOp = []nlField{{name: "code", size: 1, kind: fkEnum, x: inetDiagBytecodes},
	{name: "yes", off: 1, size: 1}, {name: "no", off: 2, size: 2}}

// nlaInetDiagBcOp decodes INET_DIAG_REQ_BYTECODE: an operation and the
// data its code takes.
func nlaInetDiagBcOp(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 4)
	if p == nil {
		return b, ok
	}
	b = append(b, '{')
	b = append(d.appendNlFields(b, p, inetDiagBcOp), '}')
	if n > 4 {
		b = append(b, ", "...)
		b = d.appendBytecodeData(b, m, off+4, n-4, p[0])
	}
	return b, true
}

// bytecodeDataSizes are the sizes of the data of the bytecode operations
// that have decoded data: host conditions, a device, port comparisons,
// a mark.
var bytecodeDataSizes = map[uint8]uint64{2: 4, 3: 4, 4: 4, 5: 4, 7: 8, 8: 8, 9: 4, 10: 8}

// appendBytecodeData prints the data of a bytecode operation of code.
func (d *Decoder) appendBytecodeData(b []byte, m nlMem, off, n uint64, code uint8) []byte {
	size := bytecodeDataSizes[code]
	if size == 0 || n < size {
		return d.nlHexStr(b, m, off, n)
	}
	p, ok := m.read(off, size)
	if !ok {
		return appendPtr(b, m.addr+off)
	}
	switch code {
	case 7, 8: // INET_DIAG_BC_S_COND, INET_DIAG_BC_D_COND
		b = append(b, "{family="...)
		b = d.enum(b, addressFamilies, uint64(p[0]))
		b = append(b, ", prefix_len="...)
		b = appendUint(b, uint64(p[1]))
		b = append(b, ", port="...)
		b = appendUint(b, uint64(binary.LittleEndian.Uint32(p[4:])))
		if n > 8 {
			b = append(b, ", "...)
			b = d.appendInetAddrOf(b, m, off+8, n-8, p[0], "addr")
		}
		return append(b, '}')
	case 9: // INET_DIAG_BC_DEV_COND
		return d.appendIfindex(b, binary.LittleEndian.Uint32(p))
	case 10: // INET_DIAG_BC_MARK_COND
		b = append(b, '{')
		b = d.appendNlFields(b, p, u32Fields("mark", "mask"))
		return append(b, '}')
	}
	b = append(b, '{')
	b = append(d.appendNlFields(b, p, inetDiagBcOp), '}')
	return b
}

// inetDiagMsg is struct inet_diag_msg and its INET_DIAG_* attributes.
var inetDiagMsg = &nlStructMsg{size: 72,
	fields: []nlField{{name: "idiag_family", size: 1},
		{name: "idiag_state", off: 1, size: 1, kind: fkEnum, x: tcpStates},
		{name: "idiag_timer", off: 2, size: 1}, {name: "idiag_retrans", off: 3, size: 1},
		{name: "id", off: 4, size: sockidSize, kind: fkSockid},
		{name: "idiag_expires", off: 52, size: 4}, {name: "idiag_rqueue", off: 56, size: 4},
		{name: "idiag_wqueue", off: 60, size: 4}, {name: "idiag_uid", off: 64, size: 4},
		{name: "idiag_inode", off: 68, size: 4}},
	attrs: &nlaSet{names: inetDiagAttrs, decs: []nlaDec{
		1: nlaStruct(16, u32Fields("idiag_rmem", "idiag_wmem", "idiag_fmem", "idiag_tmem")),
		3: nlaStruct(16, u32Fields("tcpv_enabled", "tcpv_rttcnt", "tcpv_rtt", "tcpv_minrtt")),
		4: nlaString, 5: nlaU8, 6: nlaU8, 7: nlaMeminfo, 8: nlaDiagShutdown,
		9: nlaStruct(16, []nlField{{name: "dctcp_enabled", size: 2}, {name: "dctcp_ce_state", off: 2, size: 2},
			{name: "dctcp_alpha", off: 4, size: 4}, {name: "dctcp_ab_ecn", off: 8, size: 4},
			{name: "dctcp_ab_tot", off: 12, size: 4}}),
		10: nlaEnum(inetProtocols, 0), 11: nlaU8, 12: nlaSockaddrs, 13: nlaSockaddrs, 15: nlaU32,
		16: nlaStruct(20, []nlField{{name: "bbr_bw_lo", size: 4, kind: fkX}, {name: "bbr_bw_hi", off: 4, size: 4, kind: fkX},
			{name: "bbr_min_rtt", off: 8, size: 4}, {name: "bbr_pacing_gain", off: 12, size: 4},
			{name: "bbr_cwnd_gain", off: 16, size: 4}}),
		17: nlaU32, 18: nlaMd5sig,
		19: nlaNested(&nlaSet{names: inetDiagUlpInfoAttrs, decs: []nlaDec{
			1: nlaString,
			2: nlaNested(&nlaSet{names: inetDiagUlpInfoTLSAttrs, decs: []nlaDec{
				1: nlaEnum(tlsInfoVersions, 2), 2: nlaEnum(tlsInfoCiphers, 2), 3: nlaEnum(tlsInfoConfigs, 2),
				4: nlaEnum(tlsInfoConfigs, 2)}}),
			3: nlaNested(&nlaSet{names: inetDiagUlpInfoMptcpAttrs, decs: []nlaDec{
				1: nlaX32, 2: nlaX32, 3: nlaU32, 4: nlaU64, 5: nlaU32, 6: nlaU32, 7: nlaU16,
				8: nlaFlags(mptcpSubflowFlags, 4), 9: nlaU8, 10: nlaU8}}),
		}}),
		20: nlaNested(&nlaSet{names: inetDiagBpfStoragesAttrs, decs: []nlaDec{
			1: nlaNested(&nlaSet{names: inetDiagBpfStorageAttrs, decs: []nlaDec{2: nlaU32, 3: nlaXint}})}}),
		21: nlaU64, 22: nlaSockopt,
	}}}

// nlaDiagShutdown decodes INET_DIAG_SHUTDOWN, whose names are not the
// kernel's API: shown with the number unless -X raw.
func nlaDiagShutdown(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	if n > 8 || n < 1 {
		return b, false
	}
	p, ok := m.read(off, 1)
	if !ok {
		return appendPtr(b, m.addr+off), true
	}
	mark := len(b)
	return d.restyleNumber(appendFlags(b, inetDiagShutdownFlags, uint64(p[0])), mark, uint64(p[0]), numHex), true
}

// nlaSockaddrs decodes an array of struct sockaddr_storage.
func nlaSockaddrs(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 128
	if n/size == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/size, size, func(b, p []byte) []byte {
		return d.appendSockaddr(b, p)
	}), true
}

// nlaMd5sig decodes INET_DIAG_MD5SIG's array of struct tcp_diag_md5sig.
func nlaMd5sig(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 100
	if n/size == 0 {
		return b, false
	}
	return d.appendNlArray(b, m, off, n/size, size, func(b, p []byte) []byte {
		b = append(b, "{tcpm_family="...)
		b = d.enum(b, addressFamilies, uint64(p[0]))
		b = append(b, ", tcpm_prefixlen="...)
		b = appendUint(b, uint64(p[1]))
		keylen := binary.LittleEndian.Uint16(p[2:])
		b = append(b, ", tcpm_keylen="...)
		b = appendUint(b, uint64(keylen))
		b = append(b, ", "...)
		b = d.appendPrintInetAddr(b, p[0], p[4:20], "tcpm_addr")
		b = append(b, ", tcpm_key="...)
		b = d.appendQuoted(b, p[20:20+min(int(keylen), 80)], true)
		return append(b, '}')
	}), true
}

// sockoptBits are the one-bit fields of struct inet_diag_sockopt.
var sockoptBits = []string{"recverr", "is_icsk", "freebind", "hdrincl", "mc_loop", "transparent",
	"mc_all", "nodefrag", "bind_address_no_port", "recverr_rfc4884", "defer_connect"}

// nlaSockopt decodes INET_DIAG_SOCKOPT's bit fields (the set ones unless
// -v) and any nonzero bytes after them.
func nlaSockopt(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 2)
	if p == nil {
		return b, ok
	}
	bits := uint16(p[0]) | uint16(p[1])<<8
	b = append(b, '{')
	sep := false
	for i, name := range sockoptBits {
		v := bits >> i & 1
		if d.opts.Verbose || v != 0 {
			if sep {
				b = append(b, ", "...)
			}
			sep = true
			b = append(append(b, name...), '=')
			b = appendUint(b, uint64(v))
		}
	}
	if unused := bits >> 11; d.opts.Verbose || unused != 0 {
		if sep {
			b = append(b, ", "...)
		}
		b = append(b, "unused="...)
		b = appendHex(b, uint64(unused))
		b = append(b, " /* bits 3..8 */"...)
	}
	b = append(b, '}')
	end := min(n, 4096)
	if end > 2 {
		if q, ok := m.read(off+2, end-2); !ok {
			b = append(b, ", ???"...)
		} else if !allZero(q) {
			b = append(b, ", /* bytes 2.."...)
			b = appendUint(b, end-1)
			b = append(b, " */ "...)
			limit := min(len(q), max(d.opts.StringLimit, 0))
			b = d.appendQuoted(b, q[:limit], true)
			if limit < len(q) {
				b = append(b, "..."...)
			}
		}
	}
	return b, true
}

// smcDiagReq is struct smc_diag_req.
var smcDiagReq = &nlStructMsg{size: 52,
	fields: []nlField{{name: "diag_family", size: 1},
		{name: "diag_ext", off: 3, size: 1, kind: fkFlags, x: smcDiagExtendedFlags},
		{name: "id", off: 4, size: sockidSize, kind: fkSockidInet}}}

// smcCursor is struct smc_diag_cursor.
var smcCursor = []nlField{{name: "reserved", size: 2}, {name: "wrap", off: 2, size: 2}, {name: "count", off: 4, size: 4}}

// smcDiagMsg is struct smc_diag_msg and its SMC_DIAG_* attributes.
var smcDiagMsg = &nlStructMsg{size: 64,
	fields: []nlField{{name: "diag_family", size: 1},
		{name: "diag_state", off: 1, size: 1, kind: fkEnum, x: smcStates},
		{name: "diag_fallback", off: 2, size: 1, kind: fkEnum, x: smcDiagMode},
		{name: "diag_shutdown", off: 3, size: 1},
		{name: "id", off: 4, size: sockidSize, kind: fkSockidInet},
		{name: "diag_uid", off: 52, size: 4}, {name: "diag_inode", off: 56, size: 8}},
	attrs: &nlaSet{names: smcDiagAttrs, decs: []nlaDec{
		1: nlaSmcConninfo, 2: nlaSmcLgrinfo, 3: nlaFlags(sockShutdownFlags, 1),
		4: nlaStruct(40, []nlField{{name: "linkid", size: 4}, {name: "peer_gid", off: 8, size: 8, kind: fkX},
			{name: "my_gid", off: 16, size: 8, kind: fkX}, {name: "token", off: 24, size: 8, kind: fkX},
			{name: "peer_token", off: 32, size: 8, kind: fkX}}),
		5: nlaSmcFallback,
	}}}

// nlaSmcConninfo decodes SMC_DIAG_CONNINFO's struct smc_diag_conninfo.
func nlaSmcConninfo(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 76
	b, p, ok := nlaRead(b, m, off, n, size)
	if p == nil {
		return b, ok
	}
	cursor := func(b []byte, name string, at int) []byte {
		b = append(append(b, ", "...), name...)
		b = append(b, "={"...)
		b = d.appendNlFields(b, p[at:at+8], smcCursor)
		return append(b, '}')
	}
	b = append(b, '{')
	b = d.appendNlFields(b, p, u32Fields("token", "sndbuf_size", "rmbe_size", "peer_rmbe_size"))
	b = cursor(b, "rx_prod", 16)
	b = cursor(b, "rx_cons", 24)
	b = cursor(b, "tx_prod", 32)
	b = cursor(b, "tx_cons", 40)
	for i, name := range []string{"rx_prod_flags", "rx_conn_state_flags", "tx_prod_flags", "tx_conn_state_flags"} {
		b = append(append(b, ", "...), name...)
		b = append(b, '=')
		b = append0X(b, uint64(p[48+i]), 2)
	}
	b = cursor(b, "tx_prep", 52)
	b = cursor(b, "tx_sent", 60)
	b = cursor(b, "tx_fin", 68)
	return append(b, '}'), true
}

// nlaSmcLgrinfo decodes SMC_DIAG_LGRINFO's struct smc_diag_lgrinfo.
func nlaSmcLgrinfo(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	const size = 147
	b, p, ok := nlaRead(b, m, off, n, size)
	if p == nil {
		return b, ok
	}
	cstr := func(b []byte, name string, q []byte) []byte {
		b = append(append(b, ", "...), name...)
		b = append(b, '=')
		for i, x := range q {
			if x == 0 {
				q = q[:i]
				break
			}
		}
		return d.appendQuotedPlain(b, q)
	}
	b = append(b, "{lnk=[{link_id="...)
	b = appendUint(b, uint64(p[0]))
	b = cstr(b, "ibname", p[1:65])
	b = append(b, ", ibport="...)
	b = appendUint(b, uint64(p[65]))
	b = cstr(b, "gid", p[66:106])
	b = cstr(b, "peer_gid", p[106:146])
	b = append(b, "}], role="...)
	b = d.enum(b, smcLinkGroupRoles, uint64(p[146]))
	return append(b, '}'), true
}

// nlaSmcFallback decodes SMC_DIAG_FALLBACK's struct smc_diag_fallback,
// its codes shown with their numbers (they are not the kernel's API).
func nlaSmcFallback(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	b, p, ok := nlaRead(b, m, off, n, 8)
	if p == nil {
		return b, ok
	}
	b = append(b, "{reason="...)
	for i, name := range []string{"", "peer_diagnosis"} {
		if i > 0 {
			b = append(append(b, ", "...), name...)
			b = append(b, '=')
		}
		v := uint64(binary.LittleEndian.Uint32(p[4*i:]))
		mark := len(b)
		b = appendEnum(b, smcDeclCodes, v)
		if d.opts.Xlat != XlatRaw {
			b = d.restyleNumber(b, mark, v, numHex)
		} else {
			b = appendHex(b[:mark], v)
		}
	}
	return append(b, '}'), true
}

// nlaSockFilter decodes PACKET_DIAG_FILTER's classic BPF program: its
// instructions under -v, else its address.
func nlaSockFilter(d *Decoder, b []byte, m nlMem, off, n uint64, c *nlaCtx) ([]byte, bool) {
	count := n / 8
	if count == 0 || count > 0xffff {
		return b, false
	}
	if !d.opts.Verbose {
		return appendPtr(b, m.addr+off), true
	}
	i := 0
	return d.appendNlArray(b, m, off, count, 8, func(b, p []byte) []byte {
		if i++; i > 4096 {
			return append(b, "..."...)
		}
		return d.appendBPFInsn(b, p, printSockK)
	}), true
}
