package decode

import "github.com/sctrace/sctrace/trace"

// The socket addresses of the families after AF_BLUETOOTH that strace 6.1
// decodes: AF_RXRPC, AF_IEEE802154, AF_ALG, AF_NFC, AF_VSOCK, AF_QIPCRTR,
// AF_XDP and AF_MCTP.

// Tables of the fields of these addresses.
var (
	rxrpcServices = &xlat{vals: []xv{
		{1, "CM_SERVICE"}, {2500, "YFS_FS_SERVICE"}, {2501, "YFS_CM_SERVICE"}, {2503, "YFS_VL_SERVICE"},
	}, dflt: "???_SERVICE"}
	ieee802154AddrTypes = &xlat{vals: []xv{
		{0, "IEEE802154_ADDR_NONE"}, {2, "IEEE802154_ADDR_SHORT"}, {3, "IEEE802154_ADDR_LONG"},
	}, dflt: "IEEE802154_ADDR_???"}
	ieee802154PanIDs = &xlat{vals: []xv{{0xffff, "IEEE802154_PANID_BROADCAST"}}}
	ieee802154Addrs  = &xlat{vals: []xv{{0xfffe, "IEEE802154_ADDR_UNDEF"}, {0xffff, "IEEE802154_ADDR_BROADCAST"}}}
	algSockaddrFlags = &xlat{vals: []xv{{0x1000, "CRYPTO_ALG_KERN_DRIVER_ONLY"}}, dflt: "CRYPTO_ALG_???"}
	nfcProtocols     = &xlat{vals: []xv{
		{1, "NFC_PROTO_JEWEL"}, {2, "NFC_PROTO_MIFARE"}, {3, "NFC_PROTO_FELICA"}, {4, "NFC_PROTO_ISO14443"},
		{5, "NFC_PROTO_NFC_DEP"}, {6, "NFC_PROTO_ISO14443_B"}, {7, "NFC_PROTO_ISO15693"},
	}, dflt: "NFC_PROTO_???"}
	nfcSaps = &xlat{vals: []xv{
		{1, "LLCP_SAP_SDP"}, {2, "LLCP_SAP_IP"}, {3, "LLCP_SAP_OBEX"}, {4, "LLCP_SAP_SNEP"}, {0xff, "LLCP_SAP_MAX"},
	}}
	vsockCids = &xlat{vals: []xv{
		{0, "VMADDR_CID_HYPERVISOR"}, {1, "VMADDR_CID_LOCAL"}, {2, "VMADDR_CID_HOST"}, {0xffffffff, "VMADDR_CID_ANY"},
	}}
	vsockPorts       = &xlat{vals: []xv{{0xffffffff, "VMADDR_PORT_ANY"}}}
	vsockFlags       = &xlat{vals: []xv{{1, "VMADDR_FLAG_TO_HOST"}}, dflt: "VMADDR_FLAG_???"}
	qrtrNodes        = &xlat{vals: []xv{{0xffffffff, "QRTR_NODE_BCAST"}}}
	qrtrPorts        = &xlat{vals: []xv{{0xfffffffe, "QRTR_PORT_CTRL"}}}
	xdpSockaddrFlags = &xlat{vals: []xv{
		{1, "XDP_SHARED_UMEM"}, {2, "XDP_COPY"}, {4, "XDP_ZEROCOPY"}, {8, "XDP_USE_NEED_WAKEUP"},
	}, dflt: "XDP_???"}
	mctpNets  = &xlat{vals: []xv{{0, "MCTP_NET_ANY"}}}
	mctpAddrs = &xlat{vals: []xv{{0, "MCTP_ADDR_NULL"}, {0xff, "MCTP_ADDR_ANY"}}}
)

// enumVerbose prints an enumeration value the way strace prints some
// address fields whatever -X says but raw: the number, with its name (or
// the table's default) in a comment.
func (d *Decoder) enumVerbose(b []byte, x *xlat, v uint64) []byte {
	mark := len(b)
	return d.restyleNumber(appendEnum(b, x, v), mark, v, numHex)
}

// flagsVerbose is enumVerbose for a flag set.
func (d *Decoder) flagsVerbose(b []byte, x *xlat, v uint64) []byte {
	mark := len(b)
	return d.restyleNumber(appendFlags(b, x, v), mark, v, numHex)
}

// appendHexField prints ", name=0x..." (name= first when lead is false).
func appendHexField(b []byte, lead bool, name string, v uint64) []byte {
	if lead {
		b = append(b, ", "...)
	}
	b = append(b, name...)
	b = append(b, '=')
	return appendHex(b, v)
}

// printSockaddrRxrpc prints an AF_RXRPC address: the service, and the
// transport address as far as transport_len and the length cover it, its
// fields decoded for AF_INET and AF_INET6.
func printSockaddrRxrpc(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = append(b, "srx_service="...)
	b = d.enumVerbose(b, rxrpcServices, uint64(le16(p, 2)))
	b = append(b, ", transport_type="...)
	b = d.enum(b, sockTypes, uint64(le16(p, 4)))
	tlen := int(le16(p, 6))
	b = append(b, ", transport_len="...)
	b = appendUint(b, uint64(tlen))
	b = append(b, ", transport={"...)
	return append(d.appendRxrpcTransport(b, ev, p[8:], tlen, min(tlen, n-8)), '}')
}

// appendRxrpcTransport prints an RxRPC transport address t that claims
// tlen bytes, of which shown are there.
func (d *Decoder) appendRxrpcTransport(b []byte, ev *trace.Event, t []byte, tlen, shown int) []byte {
	fam := le16(t, 0)
	var pr func(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte
	full := false
	switch fam {
	case 2: // AF_INET
		b = append(b, "sin={sin_family="...)
		pr, full = printSockaddrIn, tlen >= 16
	case 10: // AF_INET6
		b = append(b, "sin6={sin6_family="...)
		pr, full = printSockaddrIn6, tlen >= 24
	default:
		b = append(b, "family="...)
	}
	b = d.enum(b, addressFamilies, uint64(fam))
	switch {
	case full:
		b = append(b, ", "...)
		b = pr(d, b, ev, t, shown)
	case shown > 2:
		b = append(b, ", "...)
		b = d.appendQuotedPlain(b, t[2:shown])
	}
	if pr != nil {
		b = append(b, '}')
	}
	return b
}

// printSockaddrIEEE802154 prints an AF_IEEE802154 address: its type, PAN
// and the short or long address the type says.
func printSockaddrIEEE802154(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	typ := le32(p, 4)
	b = append(b, "addr={addr_type="...)
	b = d.enumVerbose(b, ieee802154AddrTypes, uint64(typ))
	b = append(b, ", pan_id="...)
	b = d.enumVerbose(b, ieee802154PanIDs, uint64(le16(p, 8)))
	switch typ {
	case 0: // IEEE802154_ADDR_NONE
	case 2: // IEEE802154_ADDR_SHORT
		b = append(b, ", short_addr="...)
		b = d.enumVerbose(b, ieee802154Addrs, uint64(le16(p, 10)))
	default:
		b = append(b, ", "...)
		b = d.appendMacAddr(b, "hwaddr", p[10:18])
	}
	return append(b, '}')
}

// printSockaddrALG prints an AF_ALG address: the algorithm's type, flags
// and name, the name as long as the address.
func printSockaddrALG(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = append(b, "salg_type="...)
	b = d.appendFixedCString(b, p[2:16])
	b = append(b, ", salg_feat="...)
	b = d.flagsVerbose(b, algSockaddrFlags, uint64(le32(p, 16)))
	b = append(b, ", salg_mask="...)
	b = d.flagsVerbose(b, algSockaddrFlags, uint64(le32(p, 20)))
	b = append(b, ", salg_name="...)
	return d.appendFixedCString(b, p[24:n])
}

// printSockaddrNFC prints an AF_NFC address: a sockaddr_nfc, or a
// sockaddr_nfc_llcp when the address is that long (its size that of the
// tracee's word).
func printSockaddrNFC(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = append(b, "dev_idx="...)
	b = d.appendIfindex(b, le32(p, 4))
	b = appendHexField(b, true, "target_idx", uint64(le32(p, 8)))
	b = append(b, ", nfc_protocol="...)
	b = d.enum(b, nfcProtocols, uint64(le32(p, 12)))
	size, snsz := 96, le64(p, 88)
	if ev != nil && compat(ev) {
		size, snsz = 88, uint64(le32(p, 84))
	}
	if n < size {
		if n > 16 {
			b = append(b, ", ..."...)
		}
		return b
	}
	b = append(b, ", dsap="...)
	b = d.enumVerbose(b, nfcSaps, uint64(p[16]))
	b = append(b, ", ssap="...)
	b = d.enumVerbose(b, nfcSaps, uint64(p[17]))
	b = append(b, ", service_name="...)
	b = d.appendQuotedPlain(b, p[18:18+min(snsz, 63)])
	b = append(b, ", service_name_len="...)
	return appendUint(b, snsz)
}

// printSockaddrVsock prints an AF_VSOCK address; the reserved and zero
// fields only when set.
func printSockaddrVsock(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	if r := le16(p, 2); r != 0 {
		b = appendHexField(b, false, "svm_reserved1", uint64(r))
		b = append(b, ", "...)
	}
	b = append(b, "svm_cid="...)
	b = d.enum(b, vsockCids, uint64(le32(p, 8)))
	b = append(b, ", svm_port="...)
	b = d.enum(b, vsockPorts, uint64(le32(p, 4)))
	b = append(b, ", svm_flags="...)
	b = d.flags(b, vsockFlags, uint64(p[12]))
	if p[13]|p[14]|p[15] != 0 {
		b = append(b, ", svm_zero="...)
		b = d.appendQuoted(b, p[13:16], true)
	}
	return b
}

// printSockaddrQrtr prints an AF_QIPCRTR address.
func printSockaddrQrtr(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = append(b, "sq_node="...)
	b = d.enum(b, qrtrNodes, uint64(le32(p, 4)))
	b = append(b, ", sq_port="...)
	return d.enum(b, qrtrPorts, uint64(le32(p, 8)))
}

// printSockaddrXDP prints an AF_XDP address; the shared UMEM's descriptor
// as one when XDP_SHARED_UMEM is set, else in hex if not 0.
func printSockaddrXDP(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	flags := le16(p, 2)
	b = append(b, "sxdp_flags="...)
	b = d.flags(b, xdpSockaddrFlags, uint64(flags))
	b = append(b, ", sxdp_ifindex="...)
	b = d.appendIfindex(b, le32(p, 4))
	b = append(b, ", sxdp_queue_id="...)
	b = appendUint(b, uint64(le32(p, 8)))
	fd := le32(p, 12)
	if flags&1 != 0 {
		b = append(b, ", sxdp_shared_umem_fd="...)
		return d.appendAddrFD(b, ev, fd)
	}
	if fd != 0 {
		b = appendHexField(b, true, "sxdp_shared_umem_fd", uint64(fd))
	}
	return b
}

// appendAddrFD prints a descriptor an address holds: as appendFD does
// when the call ev is known, else the bare number.
func (d *Decoder) appendAddrFD(b []byte, ev *trace.Event, fd uint32) []byte {
	if ev == nil {
		return appendInt(b, int64(int32(fd)))
	}
	return d.appendFD(b, ev, uint64(fd))
}

// printSockaddrMCTP prints an AF_MCTP address; the padding only when set.
func printSockaddrMCTP(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	if pad := le16(p, 2); pad != 0 {
		b = appendHexField(b, false, "__smctp_pad0", uint64(pad))
		b = append(b, ", "...)
	}
	b = append(b, "smctp_network="...)
	b = d.enum(b, mctpNets, uint64(le32(p, 4)))
	b = append(b, ", smctp_addr={s_addr="...)
	b = d.enum(b, mctpAddrs, uint64(p[8]))
	b = append(b, '}')
	b = appendHexField(b, true, "smctp_type", uint64(p[9]))
	b = appendHexField(b, true, "smctp_tag", uint64(p[10]))
	if p[11] != 0 {
		b = appendHexField(b, true, "__smctp_pad1", uint64(p[11]))
	}
	return b
}
