package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
	"net/netip"
	"strconv"
)

// Socket addresses, as strace 6.1's print_sockaddr shows them: the
// family, then the family's fields when the address is long enough for
// them, else its bytes (sa_data).

// sockaddrStorage is sizeof(struct sockaddr_storage): the most of an
// address strace reads.
const sockaddrStorage = 128

// sockaddrPrinter prints the fields after sa_family of an address of
// family's printer; p holds the address, zero-padded past n, its length,
// and ev is the call that passes it (nil when none is at hand).
type sockaddrPrinter struct {
	print  func(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte
	minLen int
}

// sockaddrPrinters are the printers by family.
var sockaddrPrinters map[uint16]sockaddrPrinter

func init() {
	sockaddrPrinters = map[uint16]sockaddrPrinter{
		1:  {printSockaddrUnix, 3},
		2:  {printSockaddrIn, 16},
		3:  {printSockaddrAX25, 16},
		4:  {printSockaddrIPX, 16},
		9:  {printSockaddrX25, 18},
		10: {printSockaddrIn6, 24},
		16: {printSockaddrNetlink, 12},
		17: {printSockaddrLL, 20},
		31: {printSockaddrBluetooth, 3},
		33: {printSockaddrRxrpc, 36},
		36: {printSockaddrIEEE802154, 20},
		38: {printSockaddrALG, 25},
		39: {printSockaddrNFC, 16},
		40: {printSockaddrVsock, 16},
		42: {printSockaddrQrtr, 12},
		44: {printSockaddrXDP, 16},
		45: {printSockaddrMCTP, 12},
	}
}

// appendSockaddr prints a socket address of len(p) bytes nested where no
// call's event is at hand: a descriptor in it shows as a bare number.
func (d *Decoder) appendSockaddr(b []byte, p []byte) []byte {
	return d.appendSockaddrOf(b, nil, p)
}

// appendSockaddrOf prints a socket address of len(p) bytes that call ev
// passes or receives.
func (d *Decoder) appendSockaddrOf(b []byte, ev *trace.Event, p []byte) []byte {
	n := min(len(p), sockaddrStorage)
	var buf [sockaddrStorage + 1]byte
	copy(buf[:], p[:n])
	fam := le16(buf[:], 0)
	b = append(b, "{sa_family="...)
	b = d.enum(b, addressFamilies, uint64(fam))
	if n > 2 {
		b = append(b, ", "...)
		if pr, ok := sockaddrPrinters[fam]; ok && n >= pr.minLen {
			b = pr.print(d, b, ev, buf[:], n)
		} else {
			b = d.appendSockaddrRaw(b, buf[:n])
		}
	}
	return append(b, '}')
}

// appendSockaddrRaw prints the bytes after the family as sa_data.
func (d *Decoder) appendSockaddrRaw(b []byte, p []byte) []byte {
	b = append(b, "sa_data="...)
	return d.appendQuotedPlain(b, p[2:])
}

// printSockaddrUnix prints sun_path: up to its NUL, or after an @ whole
// for an abstract name.
func printSockaddrUnix(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	n = min(n, 110) // sizeof(struct sockaddr_un)
	path := p[2:n]
	b = append(b, "sun_path="...)
	if path[0] != 0 {
		for k, ch := range path {
			if ch == 0 {
				path = path[:k]
				break
			}
		}
		return d.appendQuotedPlain(b, path)
	}
	b = append(b, '@')
	return d.appendQuotedPlain(b, path[1:])
}

// appendNetPort prints a port in network order as htons(N), styled as
// -X asks (appendNetOrder).
func (d *Decoder) appendNetPort(b []byte, name string, p []byte) []byte {
	b = append(b, name...)
	b = append(b, '=')
	return d.appendNetOrder(b, "htons", p[:2])
}

// appendNetOrder prints the big-endian number p holds as fn(N) (htons,
// htonl), as -X asks: under raw its bytes in hex instead, under verbose
// both, fn(N) in a comment.
func (d *Decoder) appendNetOrder(b []byte, fn string, p []byte) []byte {
	return d.appendStyledBytes(b, p, func(b []byte) []byte {
		var v uint64
		for _, c := range p {
			v = v<<8 | uint64(c)
		}
		b = append(b, fn...)
		b = append(b, '(')
		b = appendUint(b, v)
		return append(b, ')')
	})
}

// appendStyledBytes prints a value held in the bytes p as -X asks: what
// abbrev appends, the bytes quoted in hex (raw), or both with the former
// in a comment (verbose).
func (d *Decoder) appendStyledBytes(b []byte, p []byte, abbrev func([]byte) []byte) []byte {
	if d.opts.Xlat == XlatAbbrev {
		return abbrev(b)
	}
	b = d.appendQuoted(b, p, true)
	if d.opts.Xlat == XlatRaw {
		return b
	}
	b = append(b, " /* "...)
	b = abbrev(b)
	return append(b, " */"...)
}

// printSockaddrIn prints an AF_INET address.
func printSockaddrIn(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = d.appendNetPort(b, "sin_port", p[2:4])
	b = append(b, ", sin_addr="...)
	return d.appendInetAddr(b, p[4:8])
}

// printSockaddrIn6 prints an AF_INET6 address; the scope of a link-local
// address names its interface.
func printSockaddrIn6(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = d.appendNetPort(b, "sin6_port", p[2:4])
	b = append(b, ", sin6_flowinfo="...)
	b = d.appendNetOrder(b, "htonl", p[4:8])
	b = append(b, ", "...)
	b = d.appendInet6Field(b, p[8:24], "sin6_addr")
	if n <= 24 {
		return b
	}
	b = append(b, ", sin6_scope_id="...)
	a := netip.AddrFrom16([16]byte(p[8:24]))
	if a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() {
		return d.appendIfindex(b, le32(p, 24))
	}
	return appendUint(b, uint64(le32(p, 24)))
}

// printSockaddrNetlink prints an AF_NETLINK address.
func printSockaddrNetlink(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	if pad := le16(p, 2); pad != 0 {
		b = append(b, "nl_pad="...)
		b = appendHex(b, uint64(pad))
		b = append(b, ", "...)
	}
	b = append(b, "nl_pid="...)
	b = d.appendPidField(b, int32(le32(p, 4)), syscalls.PidTGID)
	b = append(b, ", nl_groups="...)
	return append0X(b, uint64(le32(p, 8)), 8)
}

// printSockaddrIPX prints an AF_IPX address.
func printSockaddrIPX(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = d.appendNetPort(b, "sipx_port", p[2:4])
	b = append(b, ", sipx_network=htonl("...)
	b = appendHex(b, uint64(uint32(p[4])<<24|uint32(p[5])<<16|uint32(p[6])<<8|uint32(p[7])))
	b = append(b, "), sipx_node=["...)
	for i, x := range p[8:14] {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append0X(b, uint64(x), 2)
	}
	b = append(b, "], sipx_type="...)
	b = append0X(b, uint64(p[14]), 2)
	if p[15] != 0 {
		b = append(b, ", sipx_zero="...)
		b = appendHex(b, uint64(p[15]))
	}
	return b
}

// printSockaddrX25 prints an AF_X25 address: its NUL-terminated digits.
func printSockaddrX25(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = append(b, "sx25_addr={x25_addr="...)
	s := p[2:18]
	end := len(s)
	for k, ch := range s {
		if ch == 0 {
			end = k
			break
		}
	}
	b = d.appendQuotedPlain(b, s[:min(end, 15)])
	if end > 15 {
		b = append(b, "..."...)
	}
	return append(b, '}')
}

// afPacketTypes names sockaddr_ll's sll_pkttype.
var afPacketTypes = &xlat{vals: []xv{
	{0, "PACKET_HOST"}, {1, "PACKET_BROADCAST"}, {2, "PACKET_MULTICAST"}, {3, "PACKET_OTHERHOST"},
	{4, "PACKET_OUTGOING"}, {5, "PACKET_LOOPBACK"}, {6, "PACKET_USER"}, {7, "PACKET_KERNEL"},
}, dflt: "PACKET_???"}

// printSockaddrLL prints an AF_PACKET address.
func printSockaddrLL(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	b = append(b, "sll_protocol="...)
	proto := uint16(p[2])<<8 | uint16(p[3])
	if d.opts.Xlat != XlatAbbrev {
		b = d.appendQuoted(b, p[2:4], true)
	}
	if d.opts.Xlat != XlatRaw {
		if d.opts.Xlat == XlatVerbose {
			b = append(b, " /* "...)
		}
		b = append(b, "htons("...)
		if s, ok := ethernetProtocols.lookup(uint64(proto)); ok {
			b = append(b, s...)
		} else {
			b = appendHex(b, uint64(proto))
			b = appendComment(b, "ETH_P_???")
		}
		b = append(b, ')')
		if d.opts.Xlat == XlatVerbose {
			b = append(b, " */"...)
		}
	}
	b = append(b, ", sll_ifindex="...)
	b = d.appendIfindex(b, le32(p, 4))
	b = append(b, ", sll_hatype="...)
	b = d.enum(b, arpHardwareTypes, uint64(le16(p, 8)))
	b = append(b, ", sll_pkttype="...)
	b = d.enum(b, afPacketTypes, uint64(p[10]))
	halen := int(p[11])
	b = append(b, ", sll_halen="...)
	b = appendUint(b, uint64(halen))
	if halen == 0 {
		return b
	}
	oob := n - 12
	b = append(b, ", sll_addr=["...)
	for i := 0; i < halen; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if i >= oob {
			b = append(b, "..."...)
			break
		}
		b = append0X(b, uint64(p[12+i]), 2)
	}
	return append(b, ']')
}

// ax25CallLen is the size of an ax25_address.
const ax25CallLen = 7

// ax25Style says how an AX.25 address can be shown: XlatAbbrev-like
// (as a call sign) unless it has bits a call sign cannot have
// (XlatVerbose: bytes and call sign) or characters that cannot be
// printed (XlatRaw: bytes only); ok is false for a sane address.
func ax25Style(a []byte) (style XlatStyle, ok bool) {
	ok = true
	spaceSeen, charSeen := false, false
	for _, c := range a[:ax25CallLen-1] {
		if c&1 != 0 {
			style, ok = XlatVerbose, false
		}
		c >>= 1
		if c == ' ' {
			spaceSeen = true
		} else {
			charSeen = true
		}
		if (c < '0' || c > '9') && (c < 'A' || c > 'Z') && c != ' ' {
			style, ok = XlatVerbose, false
		}
		if c != ' ' && spaceSeen {
			style, ok = XlatVerbose, false
		}
		if c < ' ' || c > 0x7e || c == '*' || c == '/' {
			return XlatRaw, false
		}
	}
	last := a[ax25CallLen-1]
	if last&^0x1e != 0 || (!charSeen && last != 0) {
		style, ok = XlatVerbose, false
	}
	return style, ok
}

// ax25String is an AX.25 address as a call sign and SSID: CALL-N, or *
// for an empty call with SSID 0.
func ax25String(a []byte) string {
	end := ax25CallLen - 1
	for ; end > 0; end-- {
		if a[end-1]>>1 != ' ' {
			break
		}
	}
	s := make([]byte, 0, 10)
	for _, c := range a[:end] {
		s = append(s, c>>1)
	}
	s = append(s, '-')
	s = strconv.AppendUint(s, uint64((a[ax25CallLen-1]>>1)&0xf), 10)
	if string(s) == "-0" {
		return "*"
	}
	return string(s)
}

// appendAX25Addr prints an ax25_address as print_ax25_addr.
func (d *Decoder) appendAX25Addr(b []byte, a []byte) []byte {
	xs, ok := ax25Style(a)
	if ok {
		xs = d.opts.Xlat
	}
	if xs != XlatAbbrev {
		b = append(b, "{ax25_call="...)
		b = d.appendQuoted(b, a[:ax25CallLen], true)
		b = append(b, '}')
	}
	if xs == XlatRaw {
		return b
	}
	if xs == XlatVerbose {
		return appendComment(b, ax25String(a))
	}
	return append(b, ax25String(a)...)
}

// printSockaddrAX25 prints an AF_AX25 address, with its digipeaters when
// it is a full_sockaddr_ax25.
func printSockaddrAX25(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	const base, maxDigis = 16, 8
	ndigis := int32(le32(p, 12))
	full := ndigis != 0 || n > base
	if full {
		b = append(b, "fsa_ax25={"...)
	}
	b = append(b, "sax25_call="...)
	b = d.appendAX25Addr(b, p[2:2+ax25CallLen])
	b = append(b, ", sax25_ndigis="...)
	b = appendInt(b, int64(ndigis))
	if !full {
		return b
	}
	b = append(b, '}')
	has := min(max(n-base, 0)/ax25CallLen, maxDigis)
	want := min(int(max(ndigis, 0)), maxDigis)
	digis := min(has, want)
	if want != 0 {
		b = append(b, ", fsa_digipeater=["...)
		for i := 0; i < digis; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			off := base + i*ax25CallLen
			b = d.appendAX25Addr(b, p[off:off+ax25CallLen])
		}
		if want > has {
			if digis > 0 {
				b = append(b, ", "...)
			}
			b = append(b, "..."...)
		}
		b = append(b, ']')
	}
	if n > has*ax25CallLen+base {
		b = append(b, ", ..."...)
	}
	return b
}

// Bluetooth address tables.
var (
	hciChannels = &xlat{vals: []xv{
		{0, "HCI_CHANNEL_RAW"}, {1, "HCI_CHANNEL_USER"}, {2, "HCI_CHANNEL_MONITOR"},
		{3, "HCI_CHANNEL_CONTROL"}, {4, "HCI_CHANNEL_LOGGING"},
	}, dflt: "HCI_CHANNEL_???"}
	bluetoothL2PSM = &xlat{vals: []xv{
		{0x1, "L2CAP_PSM_SDP"}, {0x3, "L2CAP_PSM_RFCOMM"}, {0x21, "L2CAP_PSM_3DSP"}, {0x23, "L2CAP_PSM_IPSP"},
		{0x80, "L2CAP_PSM_LE_DYN_START"}, {0xff, "L2CAP_PSM_LE_DYN_END"}, {0x1001, "L2CAP_PSM_DYN_START"},
		{0x10ff, "L2CAP_PSM_AUTO_END"}, {0xffff, "L2CAP_PSM_DYN_END"},
	}}
	bluetoothL2CID = &xlat{vals: []xv{
		{0x1, "L2CAP_CID_SIGNALING"}, {0x2, "L2CAP_CID_CONN_LESS"}, {0x3, "L2CAP_CID_A2MP"},
		{0x4, "L2CAP_CID_ATT"}, {0x5, "L2CAP_CID_LE_SIGNALING"}, {0x6, "L2CAP_CID_SMP"},
		{0x7, "L2CAP_CID_SMP_BREDR"}, {0x40, "L2CAP_CID_DYN_START"}, {0x7f, "L2CAP_CID_LE_DYN_END"},
		{0xffff, "L2CAP_CID_DYN_END"},
	}}
	bdaddrTypes = &xlat{vals: []xv{{0, "BDADDR_BREDR"}, {1, "BDADDR_LE_PUBLIC"}, {2, "BDADDR_LE_RANDOM"}}, dflt: "BDADDR_???"}
)

// appendL2Value prints an L2CAP PSM or CID as htobs(NAME): by name, as
// an offset from the start of a dynamic range, or in hex with the
// table's unknown name in a comment.
func (d *Decoder) appendL2Value(b []byte, x *xlat, v uint16, ranges []l2Range, unknown string) []byte {
	name, named := x.lookup(uint64(v))
	var rng *l2Range
	if !named {
		for i := range ranges {
			if v >= ranges[i].start && v <= ranges[i].end {
				rng = &ranges[i]
				break
			}
		}
	}
	isStr := named || rng != nil
	b = append(b, "htobs("...)
	if d.opts.Xlat != XlatAbbrev || !isStr {
		b = appendHex(b, uint64(v))
	}
	if d.opts.Xlat != XlatRaw {
		comment := d.opts.Xlat == XlatVerbose || !isStr
		if comment {
			b = append(b, " /* "...)
		}
		switch {
		case named:
			b = append(b, name...)
		case rng != nil:
			b = append(b, rng.name...)
			b = append(b, '+')
			b = appendUint(b, uint64(v-rng.start))
		default:
			b = append(b, unknown...)
		}
		if comment {
			b = append(b, " */"...)
		}
	}
	return append(b, ')')
}

// l2Range is a dynamic range of L2CAP values, printed as NAME+offset.
type l2Range struct {
	start, end uint16
	name       string
}

var (
	l2PSMRanges = []l2Range{{0x80, 0xff, "L2CAP_PSM_LE_DYN_START"}, {0x1001, 0xffff, "L2CAP_PSM_DYN_START"}}
	l2CIDRanges = []l2Range{{0x40, 0xffff, "L2CAP_CID_DYN_START"}}
)

// appendMacAddr prints a device address as print_mac_addr: 01:02:03 (the
// bytes quoted too, or alone, under -X).
func (d *Decoder) appendMacAddr(b []byte, name string, p []byte) []byte {
	b = append(b, name...)
	b = append(b, '=')
	return d.appendHwaddr(b, p, len(p))
}

// printSockaddrBluetooth prints an AF_BLUETOOTH address, whose kind its
// length tells: HCI, SCO, RFCOMM or L2CAP.
func printSockaddrBluetooth(d *Decoder, b []byte, ev *trace.Event, p []byte, n int) []byte {
	switch n {
	case 4, 6:
		b = append(b, "hci_dev=htobs("...)
		b = appendUint(b, uint64(le16(p, 2)))
		b = append(b, ')')
		if n == 6 {
			b = append(b, ", hci_channel="...)
			b = d.enum(b, hciChannels, uint64(le16(p, 4)))
		}
		return b
	case 8:
		return d.appendMacAddr(b, "sco_bdaddr", p[2:8])
	case 10: // sizeof(struct sockaddr_rc), padded
		b = d.appendMacAddr(b, "rc_bdaddr", p[2:8])
		b = append(b, ", rc_channel="...)
		return appendUint(b, uint64(p[8]))
	case 12, 14:
		b = append(b, "l2_psm="...)
		b = d.appendL2Value(b, bluetoothL2PSM, le16(p, 2), l2PSMRanges, "L2CAP_PSM_???")
		b = append(b, ", "...)
		b = d.appendMacAddr(b, "l2_bdaddr", p[4:10])
		b = append(b, ", l2_cid="...)
		b = d.appendL2Value(b, bluetoothL2CID, le16(p, 10), l2CIDRanges, "L2CAP_CID_???")
		if n == 14 {
			b = append(b, ", l2_bdaddr_type="...)
			b = d.enum(b, bdaddrTypes, uint64(p[12]))
		}
		return b
	}
	return d.appendSockaddrRaw(b, p[:n])
}
