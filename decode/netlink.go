package decode

import (
	"encoding/binary"
	"github.com/sctrace/sctrace/syscalls"

	"github.com/sctrace/sctrace/trace"
)

// Netlink messages, as strace 6.1 prints the data sent to or received from
// a netlink socket: [{nlmsg_len=20, nlmsg_type=RTM_GETLINK, ...}, {...}].
//
// strace decodes a buffer as netlink when the descriptor is a netlink
// socket (FDResolver.NetlinkFamily), whatever the destination address;
// the socket's protocol, when sock_diag lists the socket, picks the
// message types, flags and payload decoders. strace reads the buffer piece
// by piece, so a message beyond the readable memory prints as its address;
// the capture holds the readable bytes (syscalls.Plan.PageRest), and nlMem
// answers each read as the tracee's memory would have.

// Sizes and values of the netlink ABI.
const (
	nlmsgHdrLen  = 16
	nlaHdrLen    = 4
	nlmsgMinType = 16
	nlmsgError   = 2
	nlmsgDone    = 3
	nlmFRequest  = 0x1
	nlmFCapped   = 0x100
	nlaFNested   = 0x8000
	nlaFNetOrder = 0x4000
	nlaTypeMask  = ^uint16(nlaFNested | nlaFNetOrder)
)

// The netlink protocols with decoders of their own (NETLINK_*).
const (
	netlinkRoute         = 0
	netlinkSockDiag      = 4
	netlinkXfrm          = 6
	netlinkSelinux       = 7
	netlinkAudit         = 9
	netlinkNetfilter     = 12
	netlinkKobjectUevent = 15
	netlinkGeneric       = 16
	netlinkCrypto        = 21
)

// nlMem is the tracee memory a netlink buffer decoder reads: the bytes of
// the buffer at addr that were captured. A read beyond them fails, as the
// tracee's memory did.
type nlMem struct {
	data []byte
	addr uint64
	// ev is the call, for the descriptors an attribute names.
	ev *trace.Event
}

// read returns the n bytes at offset off, if they were readable.
func (m nlMem) read(off, n uint64) ([]byte, bool) {
	if off > uint64(len(m.data)) || n > uint64(len(m.data))-off {
		return nil, false
	}
	return m.data[off : off+n], true
}

func (m nlMem) u32(off uint64) (uint32, bool) {
	p, ok := m.read(off, 4)
	if !ok {
		return 0, false
	}
	return binary.LittleEndian.Uint32(p), true
}

// nlHexStr prints the n bytes at off as strace's printstr_ex with
// QUOTE_FORCE_HEX: at most -s of them, or the address when the bytes it
// reads (one more than -s) cannot be read.
func (d *Decoder) nlHexStr(b []byte, m nlMem, off, n uint64) []byte {
	limit := uint64(max(d.opts.StringLimit, 0))
	p, ok := m.read(off, min(n, limit+1))
	if !ok {
		return appendPtr(b, m.addr+off)
	}
	return d.appendBuf(b, p, n, true)
}

// nlStr prints the n bytes at off as a string attribute, as strace's
// printstr_ex with QUOTE_OMIT_TRAILING_0 | QUOTE_EXPECT_TRAILING_0: a NUL
// ending what is shown is left out, and anything else is followed by
// "..."; a string shown in hex (-xx, or -x, for which the NUL itself is
// a byte to show in hex) keeps its NUL and is followed by "...".
func (d *Decoder) nlStr(b []byte, m nlMem, off, n uint64) []byte {
	limit := uint64(max(d.opts.StringLimit, 0))
	p, ok := m.read(off, min(n, limit+1))
	if !ok {
		return appendPtr(b, m.addr+off)
	}
	p = p[:min(uint64(len(p)), limit)]
	hex := d.opts.Hex == HexAll || (d.opts.Hex == HexNonASCII && needsHex(p))
	if !hex && len(p) > 0 && p[len(p)-1] == 0 {
		return d.appendQuoted(b, p[:len(p)-1], false)
	}
	b = d.appendQuoted(b, p, false)
	if n > 0 {
		b = append(b, "..."...)
	}
	return b
}

// nlMoreAt prints "..., /* 0xADDR */": an element of an array that could
// not be read.
func nlMoreAt(b []byte, addr uint64) []byte {
	b = append(b, "... /* "...)
	b = appendPtr(b, addr)
	return append(b, " */"...)
}

// netlinkCall says whether a call's data on descriptor fd are netlink
// messages, and of which protocol (-1: not known), as strace decides: a
// netlink socket, under -e verbose= for the call.
func (d *Decoder) netlinkCall(ev *trace.Event, fd uint64) (int, bool) {
	if d.opts.FDs == nil || !d.verboseCall(ev) {
		return 0, false
	}
	return d.opts.FDs.NetlinkFamily(ev, int32(fd))
}

// appendNetlinkBuf prints the n bytes at addr, captured in cp, as netlink
// messages of protocol family sent or received by call ev.
func (d *Decoder) appendNetlinkBuf(b []byte, ev *trace.Event, cp *trace.Capture, addr, n uint64, family int) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	m := nlMem{addr: addr, ev: ev}
	if !cp.Faulted {
		m.data = cp.Data
	}
	if family == netlinkKobjectUevent {
		return d.appendKobjectUevent(b, m, n)
	}
	return d.appendNlmsgs(b, m, 0, n, family)
}

// appendNlmsgs prints the messages in the n bytes at off: an array when
// there is more than one, at most -s of them unless -v.
func (d *Decoder) appendNlmsgs(b []byte, m nlMem, off, n uint64, family int) []byte {
	array := false
	for elt := 0; ; elt++ {
		if n < nlmsgHdrLen {
			b = d.nlHexStr(b, m, off, n)
			break
		}
		hdr, ok := m.read(off, nlmsgHdrLen)
		if !ok {
			if array {
				b = nlMoreAt(b, m.addr+off)
			} else {
				b = appendPtr(b, m.addr+off)
			}
			break
		}
		if !d.opts.Verbose && elt == d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		msgLen := binary.LittleEndian.Uint32(hdr)
		aligned := (uint64(msgLen) + 3) &^ 3
		next := false
		var nextLen uint64
		if msgLen >= nlmsgHdrLen {
			if n >= aligned {
				nextLen = n - aligned
			}
			next = nextLen != 0
		}
		if !array && next {
			b = append(b, '[')
			array = true
		}
		b = d.appendNlmsg(b, m, off, n, hdr, family)
		if !next {
			break
		}
		b = append(b, ", "...)
		off += aligned
		n = nextLen
	}
	if array {
		b = append(b, ']')
	}
	return b
}

// nlmsghdr is a decoded struct nlmsghdr.
type nlmsghdr struct {
	len        uint32
	typ, flags uint16
	seq, pid   uint32
}

func parseNlmsghdr(p []byte) nlmsghdr {
	return nlmsghdr{len: binary.LittleEndian.Uint32(p), typ: binary.LittleEndian.Uint16(p[4:]),
		flags: binary.LittleEndian.Uint16(p[6:]), seq: binary.LittleEndian.Uint32(p[8:]), pid: binary.LittleEndian.Uint32(p[12:])}
}

// appendNlmsg prints the message whose header hdr is at off, with at most
// n bytes: the header, and its payload beside it in brackets.
func (d *Decoder) appendNlmsg(b []byte, m nlMem, off, n uint64, hdr []byte, family int) []byte {
	h := parseNlmsghdr(hdr)
	msgLen := min(uint64(h.len), n)
	payload := msgLen > nlmsgHdrLen
	if payload {
		b = append(b, '[')
	}
	b = d.appendNlmsghdr(b, h, family)
	if payload {
		b = append(b, ", "...)
		b = d.appendNlPayload(b, m, off+nlmsgHdrLen, msgLen-nlmsgHdrLen, h, family)
		b = append(b, ']')
	}
	return b
}

// appendNlmsghdr prints a struct nlmsghdr, whatever its nlmsg_len says.
func (d *Decoder) appendNlmsghdr(b []byte, h nlmsghdr, family int) []byte {
	b = append(b, "{nlmsg_len="...)
	b = appendUint(b, uint64(h.len))
	b = append(b, ", nlmsg_type="...)
	b = d.appendNlmsgType(b, h.typ, family)
	b = append(b, ", nlmsg_flags="...)
	b = d.flags(b, nlmsgFlagsOf(h.typ, family), uint64(h.flags))
	b = append(b, ", nlmsg_seq="...)
	b = appendUint(b, uint64(h.seq))
	b = append(b, ", nlmsg_pid="...)
	b = d.appendPidField(b, int32(h.pid), syscalls.PidTGID)
	return append(b, '}')
}

// nlTypeTables are the message type tables of the protocols that have one.
var nlTypeTables = map[int]*xlat{
	netlinkAudit: nlAuditTypes, netlinkCrypto: nlCryptoTypes, netlinkRoute: routeTypes,
	netlinkSelinux: nlSelinuxTypes, netlinkSockDiag: nlSockDiagTypes, netlinkXfrm: nlXfrmTypes,
}

// appendNlmsgType prints nlmsg_type as family's protocol names it.
func (d *Decoder) appendNlmsgType(b []byte, typ uint16, family int) []byte {
	if typ < nlmsgMinType {
		return d.enum(b, netlinkTypes, uint64(typ))
	}
	switch family {
	case netlinkNetfilter:
		return d.appendNfnlType(b, typ)
	case netlinkGeneric:
		return d.enum(b, genlFamilies, uint64(typ))
	}
	if x, ok := nlTypeTables[family]; ok {
		return d.enum(b, x, uint64(typ))
	}
	return d.enum(b, netlinkTypes, uint64(typ))
}

// genlFamilies names the generic netlink families of fixed id: strace asks
// the kernel for the others.
var genlFamilies = &xlat{vals: []xv{{16, "nlctrl"}}, dflt: "GENERIC_FAMILY_???"}

// appendNlPayload prints the payload of the message h, n bytes at off.
func (d *Decoder) appendNlPayload(b []byte, m nlMem, off, n uint64, h nlmsghdr, family int) []byte {
	if h.typ == nlmsgError {
		return d.appendNlmsgerr(b, m, off, n, h.flags&nlmFCapped != 0, family)
	}
	if h.typ >= nlmsgMinType || h.typ == nlmsgDone {
		if dec, ok := nlPayloadDecoders[family]; ok {
			if nb, ok := dec(d, b, m, off, n, h); ok {
				return nb
			}
		}
	}
	if h.typ == nlmsgDone && n == 4 {
		v, ok := m.u32(off)
		if !ok {
			return appendPtr(b, m.addr+off)
		}
		return appendInt(b, int64(int32(v)))
	}
	return d.nlHexStr(b, m, off, n)
}

// nlPayloadFn prints the payload of message h of one protocol; false
// leaves it to the generic printing.
type nlPayloadFn func(d *Decoder, b []byte, m nlMem, off, n uint64, h nlmsghdr) ([]byte, bool)

// nlPayloadDecoders are the payload decoders by protocol.
var nlPayloadDecoders map[int]nlPayloadFn

func init() {
	nlPayloadDecoders = map[int]nlPayloadFn{
		netlinkRoute:     appendRoutePayload,
		netlinkSockDiag:  appendSockDiagPayload,
		netlinkSelinux:   appendSelinuxPayload,
		netlinkNetfilter: appendNetfilterPayload,
		netlinkCrypto:    appendCryptoPayload,
	}
}

// appendNlmsgerr prints an NLMSG_ERROR's struct nlmsgerr: the error and
// the message it answers (its header alone when capped), then the
// extended ack's attributes.
func (d *Decoder) appendNlmsgerr(b []byte, m nlMem, off, n uint64, capped bool, family int) []byte {
	const errSize = 4 + nlmsgHdrLen
	if n < errSize {
		return d.nlHexStr(b, m, off, n)
	}
	p, ok := m.read(off, errSize)
	if !ok {
		return appendPtr(b, m.addr+off)
	}
	errno := int32(binary.LittleEndian.Uint32(p))
	h := parseNlmsghdr(p[4:])
	off += 4
	n -= 4
	msgLen := max(uint64(nlmsgHdrLen), uint64(h.len))
	if capped {
		msgLen = nlmsgHdrLen
	}
	payload := min(n, msgLen)
	if n > payload {
		b = append(b, '[')
	}
	b = append(b, "{error="...)
	b = d.appendErrD(b, int64(errno))
	b = append(b, ", msg="...)
	b = d.appendNlmsg(b, m, off, payload, p[4:], family)
	_ = h
	b = append(b, '}')
	if n > payload {
		b = append(b, ", "...)
		b = d.appendAttrs(b, m, off+payload, n-payload, nlmsgerrSet, &nlaCtx{})
		b = append(b, ']')
	}
	return b
}

// appendErrD prints a negated errno value as strace's print_err: -EACCES.
func (d *Decoder) appendErrD(b []byte, v int64) []byte {
	name := ""
	if v < 0 && -v < int64(len(errnos)) {
		name = errnos[-v].name
	}
	if name == "" || d.opts.Xlat != XlatAbbrev {
		b = appendInt(b, v)
	}
	if name == "" || d.opts.Xlat == XlatRaw {
		return b
	}
	if d.opts.Xlat == XlatAbbrev {
		return append(append(b, '-'), name...)
	}
	return append(append(append(b, " /* -"...), name...), " */"...)
}

// nlmsgerrSet names NLMSGERR_ATTR_* and decodes _MSG, _OFFS and
// _COOKIE.
var nlmsgerrSet = &nlaSet{names: nlmsgerrAttrs, decs: []nlaDec{1: nlaString, 2: nlaU32, 3: nlaU8Array}}

// nlaDataFn prints the data of an attribute of type typ (flags masked
// off), n bytes at off; false prints them as a hex string instead.
type nlaDataFn func(b []byte, typ uint16, off, n uint64) ([]byte, bool)

// appendNlattrsFn prints the attributes in the n bytes at off, names
// from table and data by dec, as strace's decode_nlattr.
func (d *Decoder) appendNlattrsFn(b []byte, m nlMem, off, n uint64, table *xlat, dec nlaDataFn) []byte {
	array := false
	for elt := 0; ; elt++ {
		if n < nlaHdrLen {
			b = d.nlHexStr(b, m, off, n)
			break
		}
		hdr, ok := m.read(off, nlaHdrLen)
		if !ok {
			if array {
				b = nlMoreAt(b, m.addr+off)
			} else {
				b = appendPtr(b, m.addr+off)
			}
			break
		}
		if !d.opts.Verbose && elt == d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		nlaLen := binary.LittleEndian.Uint16(hdr)
		typ := binary.LittleEndian.Uint16(hdr[2:])
		aligned := (uint64(nlaLen) + 3) &^ 3
		next := false
		var nextLen uint64
		if nlaLen >= nlaHdrLen {
			if n >= aligned {
				nextLen = n - aligned
			}
			next = nextLen != 0
		}
		if !array && next {
			b = append(b, '[')
			array = true
		}
		b = d.appendNlattr(b, m, off, n, nlaLen, typ, table, dec)
		if !next {
			break
		}
		b = append(b, ", "...)
		off += aligned
		n = nextLen
	}
	if array {
		b = append(b, ']')
	}
	return b
}

// appendNlattr prints one attribute: its header, and its data beside it.
func (d *Decoder) appendNlattr(b []byte, m nlMem, off, n uint64, nlaLen, typ uint16, table *xlat, dec nlaDataFn) []byte {
	l := min(uint64(nlaLen), n)
	data := l > nlaHdrLen
	if data {
		b = append(b, '[')
	}
	b = append(b, "{nla_len="...)
	b = appendUint(b, uint64(nlaLen))
	b = append(b, ", nla_type="...)
	if typ&nlaFNested != 0 {
		b = append(b, "NLA_F_NESTED|"...)
	}
	if typ&nlaFNetOrder != 0 {
		b = append(b, "NLA_F_NET_BYTEORDER|"...)
	}
	b = d.enum(b, table, uint64(typ&nlaTypeMask))
	b = append(b, '}')
	if !data {
		return b
	}
	b = append(b, ", "...)
	b, done := dec(b, typ&nlaTypeMask, off+nlaHdrLen, l-nlaHdrLen)
	if !done {
		b = d.nlHexStr(b, m, off+nlaHdrLen, l-nlaHdrLen)
	}
	return append(b, ']')
}
