package decode

import (
	"math/bits"

	"github.com/sctrace/sctrace/trace"
)

// enterSocket prints socket's or socketpair's domain, type and protocol:
// socket's by the domain's table (AF_PACKET's in network order, as
// strace's htons(...)), socketpair's as a number, as strace prints them.
func enterSocket(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	domain := ev.Args[0]
	b = d.enum(b, addressFamilies, uint64(uint32(domain)))
	b = d.sep(b)
	b = d.appendSockType(b, uint32(ev.Args[1]))
	b = d.sep(b)
	proto := ev.Args[2]
	if len(c.args) > 3 { // socketpair
		b = appendUint(b, proto)
		return d.sep(b)
	}
	switch domain {
	case 2, 10: // AF_INET, AF_INET6
		return d.enum(b, inetProtocols, proto)
	case 3: // AF_AX25, whose names strace always comments
		return d.enumAs(b, ax25Protocols, proto, XlatVerbose)
	case 16: // AF_NETLINK
		return d.enum(b, netlinkProtocols, proto)
	case 17: // AF_PACKET
		b = append(b, "htons("...)
		b = d.enum(b, ethernetProtocols, uint64(bits.ReverseBytes16(uint16(proto))))
		return append(b, ')')
	case 33: // AF_RXRPC
		return d.enum(b, addressFamilies, proto)
	}
	if x, ok := socketProtocols[domain]; ok {
		return d.enum(b, x, proto)
	}
	return appendUint(b, proto)
}

// appendSockType prints a socket type as strace's tprint_sock_type: a
// known type by name and the flags after it, or else the whole value as
// flags.
func (d *Decoder) appendSockType(b []byte, typ uint32) []byte {
	if _, ok := sockTypes.lookup(uint64(typ & 0xf)); ok {
		b = d.enum(b, sockTypes, uint64(typ&0xf))
		if typ &^= 0xf; typ == 0 {
			return b
		}
		b = append(b, '|')
	}
	return d.flags(b, sockFlags, uint64(typ))
}

// appendSockaddrArg prints a socket address argument of length n.
func (d *Decoder) appendSockaddrArg(b []byte, ev *trace.Event, i int, n uint64) []byte {
	return d.appendSockaddrAt(b, ev, ev.Args[i], &ev.Captures[i], n)
}

// appendSockaddrAt prints the socket address at addr, of length n, that
// call ev passes or receives, from its capture cp (the address's first
// bytes).
func (d *Decoder) appendSockaddrAt(b []byte, ev *trace.Event, addr uint64, cp *trace.Capture, n uint64) []byte {
	if addr == 0 {
		return append(b, "NULL"...)
	}
	ok := !cp.Faulted && cp.Data != nil
	if int64(int32(n)) < 2 || !ok {
		return appendPtr(b, addr)
	}
	if n > 128 {
		n = 128
	}
	p := cp.Data
	if uint64(len(p)) < n {
		if len(p) < 2 {
			return appendPtr(b, addr)
		}
		n = uint64(len(p))
	}
	return d.appendSockaddrOf(b, ev, p[:n])
}

func printSockaddrS(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	return d.appendSockaddrOf(b, ev, p)
}

// appendQuotedPlain quotes s whole, honouring -x/-xx but not -s.
func (d *Decoder) appendQuotedPlain(b []byte, s []byte) []byte {
	return d.appendQuoted(b, s, false)
}

func appendAuditArch(b []byte, arch uint32) []byte {
	switch arch {
	case trace.ArchX86_64:
		return append(b, "AUDIT_ARCH_X86_64"...)
	case trace.ArchAArch64:
		return append(b, "AUDIT_ARCH_AARCH64"...)
	case trace.ArchI386:
		return append(b, "AUDIT_ARCH_I386"...)
	}
	b = appendHex(b, uint64(arch))
	return append(b, " /* AUDIT_ARCH_??? */"...)
}

// appendSocklenPair prints a socket address filled by the call and its
// length as strace does: the address, then [ulen] or [ulen => rlen]. The
// length argument is captured at entry (ulen); the length the kernel
// stored (rlen) is derived from the returned address's family.
func (d *Decoder) appendSocklenPair(b []byte, ev *trace.Event, ia, il int) []byte {
	addr, lenAddr := ev.Args[ia], ev.Args[il]
	lc, lok := capOK(ev, il)
	if addr == 0 || lenAddr == 0 || !lok || len(lc.Data) < 4 {
		b = appendPtr(b, addr)
		b = d.sep(b)
		return appendPtr(b, lenAddr)
	}
	ulen := int32(le32(lc.Data, 0))
	ac, aok := capOK(ev, ia)
	if failed(ev) || !aok {
		b = appendPtr(b, addr)
		b = append(d.sep(b), '[')
		b = appendInt(b, int64(ulen))
		return append(b, ']')
	}
	// The length the kernel stored at exit, kept beside the entry's
	// (syscalls.CInAndOut); else inferred from the address.
	var rlen int32
	if k := int(lc.Aux); k == 4 && len(lc.Data) >= k+4 {
		rlen = int32(le32(lc.Data, k))
	} else {
		rlen = sockaddrLen(ac.Data, ulen)
	}
	n := rlen
	if ulen < n {
		n = ulen
	}
	b = d.appendSockaddrArg(b, ev, ia, uint64(uint32(n)))
	b = append(d.sep(b), '[')
	if ulen != rlen {
		b = appendInt(b, int64(ulen))
		b = append(b, " => "...)
	}
	b = appendInt(b, int64(rlen))
	return append(b, ']')
}

// sockaddrLen is the length the kernel reports for the address p of a
// socket, by family; ulen when the family's length is not fixed.
func sockaddrLen(p []byte, ulen int32) int32 {
	if ulen >= 0 && int(ulen) < len(p) {
		p = p[:ulen]
	}
	if len(p) < 2 {
		return ulen
	}
	switch le16(p, 0) {
	case 1: // AF_UNIX: the family, then the path and its NUL
		path := p[2:]
		if len(path) == 0 || path[0] == 0 {
			end := len(path)
			for end > 0 && path[end-1] == 0 {
				end--
			}
			return int32(2 + end)
		}
		for k, ch := range path {
			if ch == 0 {
				return int32(2 + k + 1)
			}
		}
		return ulen
	case 2, 40: // AF_INET, AF_VSOCK
		return 16
	case 10: // AF_INET6
		return 28
	case 16: // AF_NETLINK
		return 12
	case 17: // AF_PACKET
		return 20
	}
	return ulen
}

// exitSockname prints getsockname, getpeername, accept and accept4's
// address and length, then accept4's flags.
func exitSockname(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendSocklenPair(b, ev, 1, 2)
	for i := 3; i < len(c.args); i++ {
		b = d.sep(b)
		b = c.args[i](d, b, ev, i)
	}
	return b
}

// exitRecvfrom prints recvfrom's buffer, length, flags, source address
// and its length. The buffer shows what the call stored: no more than its
// length, though a call with MSG_TRUNC returns the datagram's; a netlink
// socket's, as netlink messages.
func exitRecvfrom(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	family, netlink := 0, false
	if !failed(ev) {
		family, netlink = d.netlinkCall(ev, ev.Args[0])
	}
	if netlink {
		// As strace's decode_sockbuf: netlink messages, what the call
		// stored of them (a netlink socket's copy is whole,
		// syscalls.Plan.Netlink).
		b = d.appendNetlinkBuf(b, ev, &ev.Captures[1], ev.Args[1], min(uint64(ev.Ret), ev.Args[2]), family)
		b = d.sep(b)
	} else if cp, ok := capOK(ev, 1); ok && ev.Args[1] != 0 && !failed(ev) && ev.Ret > 0 && uint64(ev.Ret) > ev.Args[2] {
		b = d.appendBuf(b, cp.Data, ev.Args[2], false)
		b = d.sep(b)
	} else {
		b = c.args[1](d, b, ev, 1)
		b = d.sep(b)
	}
	for i := 2; i < 4; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	return d.appendSocklenPair(b, ev, 4, 5)
}
