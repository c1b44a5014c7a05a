package decode

import (
	"bytes"

	"github.com/sctrace/sctrace/trace"
)

// Socket ioctls (type 0x89: SIOC*, FIOSETOWN...), as strace's sock_ioctl
// prints them: struct ifreq by request, ints, bridge names.

// ifreqSize is sizeof(struct ifreq); ifrNameSize, of its ifr_name;
// ifconfSize, sizeof(struct ifconf) (ifc_len, then ifc_buf at 8).
const (
	ifreqSize   = 40
	ifrNameSize = 16
	ifconfSize  = 16
)

// Socket ioctl requests.
const (
	reqFIOSETOWN          = 0x8901
	reqSIOCSPGRP          = 0x8902
	reqFIOGETOWN          = 0x8903
	reqSIOCGPGRP          = 0x8904
	reqSIOCATMARK         = 0x8905
	reqSIOCGIFNAME        = 0x8910
	reqSIOCGIFCONF        = 0x8912
	reqSIOCGIFFLAGS       = 0x8913
	reqSIOCSIFFLAGS       = 0x8914
	reqSIOCGIFADDR        = 0x8915
	reqSIOCSIFADDR        = 0x8916
	reqSIOCGIFDSTADDR     = 0x8917
	reqSIOCSIFDSTADDR     = 0x8918
	reqSIOCGIFBRDADDR     = 0x8919
	reqSIOCSIFBRDADDR     = 0x891a
	reqSIOCGIFNETMASK     = 0x891b
	reqSIOCSIFNETMASK     = 0x891c
	reqSIOCGIFMETRIC      = 0x891d
	reqSIOCSIFMETRIC      = 0x891e
	reqSIOCGIFMTU         = 0x8921
	reqSIOCSIFMTU         = 0x8922
	reqSIOCSIFNAME        = 0x8923
	reqSIOCSIFHWADDR      = 0x8924
	reqSIOCGIFENCAP       = 0x8925
	reqSIOCSIFENCAP       = 0x8926
	reqSIOCGIFHWADDR      = 0x8927
	reqSIOCGIFSLAVE       = 0x8929
	reqSIOCSIFSLAVE       = 0x8930
	reqSIOCADDMULTI       = 0x8931
	reqSIOCDELMULTI       = 0x8932
	reqSIOCGIFINDEX       = 0x8933
	reqSIOCSIFHWBROADCAST = 0x8937
	reqSIOCGIFTXQLEN      = 0x8942
	reqSIOCSIFTXQLEN      = 0x8943
	reqSIOCOUTQNSD        = 0x894b
	reqSIOCGIFMAP         = 0x8970
	reqSIOCSIFMAP         = 0x8971
	reqSIOCBRADDBR        = 0x89a0
	reqSIOCBRDELBR        = 0x89a1
	reqSIOCBRADDIF        = 0x89a2
	reqSIOCBRDELIF        = 0x89a3
)

// sockIoctlAddrOnly are the requests strace shows by their argument's
// address.
var sockIoctlAddrOnly = map[uint32]bool{
	0x8980: true, 0x890b: true, 0x8995: true, 0x8990: true, 0x8994: true, 0x8991: true,
	0x8992: true, 0x8993: true, 0x8953: true, 0x8981: true, 0x890c: true, 0x8936: true,
	0x8960: true, 0x8946: true, 0x8954: true, 0x89b1: true, 0x8940: true, 0x8938: true,
	0x891f: true, 0x8935: true, 0x8982: true, 0x8947: true, 0x8948: true, 0x8961: true,
	0x894c: true, 0x8906: true, 0x80108906: true, 0x8907: true, 0x80108907: true,
	0x890d: true, 0x8955: true, 0x89b0: true, 0x8941: true, 0x8911: true, 0x8920: true,
	0x8934: true, 0x8983: true, 0x8949: true, 0x8962: true, 0x894a: true,
}

// sockIoctlIfreqSetters are the requests whose struct ifreq strace
// prints at entry; sockIoctlIfreqGetters, its name at entry and the
// value at exit.
var (
	sockIoctlIfreqSetters = map[uint32]bool{
		reqSIOCADDMULTI: true, reqSIOCDELMULTI: true, reqSIOCSIFADDR: true, reqSIOCSIFBRDADDR: true,
		reqSIOCSIFDSTADDR: true, reqSIOCSIFFLAGS: true, reqSIOCSIFHWADDR: true, reqSIOCSIFHWBROADCAST: true,
		reqSIOCSIFMAP: true, reqSIOCSIFMETRIC: true, reqSIOCSIFMTU: true, reqSIOCSIFNAME: true,
		reqSIOCSIFNETMASK: true, reqSIOCSIFSLAVE: true, reqSIOCSIFTXQLEN: true,
	}
	sockIoctlIfreqGetters = map[uint32]bool{
		reqSIOCGIFADDR: true, reqSIOCGIFBRDADDR: true, reqSIOCGIFDSTADDR: true, reqSIOCGIFFLAGS: true,
		reqSIOCGIFHWADDR: true, reqSIOCGIFINDEX: true, reqSIOCGIFMAP: true, reqSIOCGIFMETRIC: true,
		reqSIOCGIFMTU: true, reqSIOCGIFNAME: true, reqSIOCGIFNETMASK: true, reqSIOCGIFSLAVE: true,
		reqSIOCGIFTXQLEN: true,
	}
)

func init() { ioctlFamilies[0x89] = sockIoctl }

// sockIoctl decodes the socket ioctls.
func sockIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch {
	case code == reqFIOGETOWN || code == reqSIOCATMARK || code == reqSIOCGIFENCAP ||
		code == reqSIOCGPGRP || code == reqSIOCOUTQNSD:
		return ioctlIntAt(b, d, ev, true, exit)
	case code == reqFIOSETOWN || code == reqSIOCSIFENCAP || code == reqSIOCSPGRP:
		return ioctlIntAt(b, d, ev, false, exit)
	case code == reqSIOCGIFCONF:
		return d.sockIfconf(b, ev, exit)
	case exit && !sockIoctlIfreqGetters[code]:
		return b, ioctlResDone
	case code == reqSIOCBRADDBR || code == reqSIOCBRDELBR:
		b = d.sep(b)
		b, p, ok := ioctlArgPartial(b, d.whole(ev), ifrNameSize)
		switch {
		case ok && len(p) < ifrNameSize && bytes.IndexByte(p, 0) < 0:
			// The string runs into unreadable memory.
			b = appendPtr(b, ev.Args[2])
		case ok:
			b = d.appendIfrString(b, p, true)
		}
		return b, ioctlResDone
	case code == reqSIOCBRADDIF || code == reqSIOCBRDELIF:
		b, p, ok := ioctlArg(d.sep(b), ev, ifreqSize, false)
		if ok {
			b = append(b, "{ifr_ifindex="...)
			b = d.appendIfindex(b, le32(p, 16))
			b = append(b, '}')
		}
		return b, ioctlResDone
	case sockIoctlIfreqSetters[code]:
		b, p, ok := ioctlArg(d.sep(b), ev, ifreqSize, false)
		if ok {
			b = append(b, "{ifr_name="...)
			b = d.appendIfrString(b, p[:ifrNameSize], false)
			b = append(b, ", "...)
			b = d.appendIfreqValue(b, code, p)
			b = append(b, '}')
		}
		return b, ioctlResDone
	case sockIoctlIfreqGetters[code]:
		return d.sockIoctlGetter(b, ev, code, exit)
	case sockIoctlAddrOnly[code]:
		return appendPtr(d.sep(b), ev.Args[2]), ioctlResDone
	}
	return b, ioctlResUnknown
}

// sockIoctlGetter prints a getter's struct ifreq: its name (or index)
// at entry, the value at exit when the call succeeded.
func (d *Decoder) sockIoctlGetter(b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	if !exit {
		b, p, ok := ioctlArg(d.sep(b), ev, ifreqSize, false)
		if !ok {
			return b, ioctlResDone
		}
		if code == reqSIOCGIFNAME {
			b = append(b, "{ifr_ifindex="...)
			b = appendInt(b, int64(int32(le32(p, 16))))
		} else {
			b = append(b, "{ifr_name="...)
			b = d.appendIfrString(b, p[:ifrNameSize], false)
		}
		return b, ioctlResLater
	}
	// The entry printed the address when the struct could not be read
	// (nor can it be at exit).
	cp, ok := capOK(ev, 2)
	if ev.Args[2] == 0 || !ok || len(cp.Data) < ifreqSize {
		return b, ioctlResDone
	}
	if !failed(ev) {
		b = append(b, ", "...)
		b = d.appendIfreqValue(b, code, cp.Data)
	}
	return append(b, '}'), ioctlResDone
}

// ioctlArgPartial is ioctlArg for an object strace reads in part: the
// bytes captured, up to size, when there are any.
func ioctlArgPartial(b []byte, ev *trace.Event, size int) ([]byte, []byte, bool) {
	addr := ev.Args[2]
	if addr == 0 {
		return append(b, "NULL"...), nil, false
	}
	cp, ok := capOK(ev, 2)
	if !ok || len(cp.Data) == 0 {
		return appendPtr(b, addr), nil, false
	}
	return b, cp.Data[:min(size, len(cp.Data))], true
}

// appendIfrString prints an interface name of up to 16 bytes: up to its
// NUL, or cut with "..." when there is none (in the first 15 bytes, as
// print_quoted_cstring, or, with whole, in all 16, as printstr_ex).
func (d *Decoder) appendIfrString(b []byte, p []byte, whole bool) []byte {
	for k, c := range p {
		if c == 0 {
			return d.appendQuotedPlain(b, p[:k])
		}
	}
	if !whole {
		p = p[:min(len(p), ifrNameSize-1)]
	}
	b = d.appendQuotedPlain(b, p)
	return append(b, "..."...)
}

// appendIfreqValue prints the field of struct ifreq p that request code
// uses, as strace's print_ifreq.
func (d *Decoder) appendIfreqValue(b []byte, code uint32, p []byte) []byte {
	u := p[16:ifreqSize]
	switch code {
	case reqSIOCSIFADDR, reqSIOCGIFADDR:
		b = append(b, "ifr_addr="...)
		return d.appendSockaddr(b, u[:16])
	case reqSIOCSIFDSTADDR, reqSIOCGIFDSTADDR:
		b = append(b, "ifr_dstaddr="...)
		return d.appendSockaddr(b, u[:16])
	case reqSIOCSIFBRDADDR, reqSIOCGIFBRDADDR:
		b = append(b, "ifr_broadaddr="...)
		return d.appendSockaddr(b, u[:16])
	case reqSIOCSIFNETMASK, reqSIOCGIFNETMASK:
		b = append(b, "ifr_netmask="...)
		return d.appendSockaddr(b, u[:16])
	case reqSIOCADDMULTI, reqSIOCDELMULTI, reqSIOCGIFHWADDR, reqSIOCSIFHWADDR, reqSIOCSIFHWBROADCAST:
		fam := le16(u, 0)
		b = append(b, "ifr_hwaddr={sa_family="...)
		b = d.enum(b, arpHardwareTypes, uint64(fam))
		b = append(b, ", sa_data="...)
		show := 14
		if fam == 1 { // ARPHRD_ETHER
			show = 6
		}
		b = d.appendHwaddr(b, u[2:16], show)
		return append(b, '}')
	case reqSIOCSIFFLAGS, reqSIOCGIFFLAGS:
		b = append(b, "ifr_flags="...)
		return d.flags(b, iffFlags, uint64(le16(u, 0)))
	case reqSIOCGIFINDEX:
		b = append(b, "ifr_ifindex="...)
	case reqSIOCSIFMETRIC, reqSIOCGIFMETRIC:
		b = append(b, "ifr_metric="...)
	case reqSIOCSIFMTU, reqSIOCGIFMTU:
		b = append(b, "ifr_mtu="...)
	case reqSIOCSIFTXQLEN, reqSIOCGIFTXQLEN:
		b = append(b, "ifr_qlen="...)
	case reqSIOCSIFSLAVE, reqSIOCGIFSLAVE:
		b = append(b, "ifr_slave="...)
		return d.appendIfrString(b, u[:ifrNameSize], false)
	case reqSIOCSIFNAME:
		b = append(b, "ifr_newname="...)
		return d.appendIfrString(b, u[:ifrNameSize], false)
	case reqSIOCGIFNAME:
		b = append(b, "ifr_name="...)
		return d.appendIfrString(b, p[:ifrNameSize], false)
	case reqSIOCSIFMAP, reqSIOCGIFMAP:
		b = append(b, "ifr_map={mem_start="...)
		b = appendHex(b, le64(u, 0))
		b = append(b, ", mem_end="...)
		b = appendHex(b, le64(u, 8))
		b = append(b, ", base_addr="...)
		b = appendHex(b, uint64(le16(u, 16)))
		b = append(b, ", irq="...)
		b = appendHex(b, uint64(u[18]))
		b = append(b, ", dma="...)
		b = appendHex(b, uint64(u[19]))
		b = append(b, ", port="...)
		b = appendHex(b, uint64(u[20]))
		return append(b, '}')
	default:
		return b
	}
	return appendInt(b, int64(int32(le32(u, 0))))
}

// sockIfconf decodes SIOCGIFCONF's struct ifconf as strace's
// decode_ifconf: ifc_len at entry when ifc_buf is set (the size asked
// for); at exit, the length the kernel returned (after " => " when it
// changed one asked for) and the struct ifreq array it filled, or
// ifc_buf's address when there is none or the call failed. The exit
// decides by the struct as it was at entry (syscalls.IoctlKeepEntry).
func (d *Decoder) sockIfconf(b []byte, ev *trace.Event, exit bool) ([]byte, ioctlRes) {
	addr := ev.Args[2]
	// strace reads the struct ifconf whatever -e verbose= says, its
	// array of struct ifreq (tfetch_mem) only when verbose.
	w := d.whole(ev)
	ent, _ := ioctlCaps(w, true)
	ep, entOK := capBytes(ent, ifconfSize)
	if !exit {
		b = d.sep(b)
		if addr == 0 || !entOK {
			return appendPtr(b, addr), ioctlResDone
		}
		b = append(b, "{ifc_len="...)
		if le64(ep, 8) != 0 {
			b = appendIfcLen(b, int32(le32(ep, 0)))
		}
		return b, ioctlResLater
	}
	if addr == 0 || !entOK {
		return b, ioctlResDone
	}
	entLen, entBuf := int32(le32(ep, 0)), le64(ep, 8)
	cur, nested := ioctlCaps(w, false)
	xp, ok := capBytes(cur, ifconfSize)
	if !ok {
		// The struct as it was at entry.
		if entBuf == 0 {
			b = appendIfcLen(b, entLen)
		}
		b = append(b, ", ifc_buf="...)
		b = appendPtr(b, entBuf)
		return append(b, '}'), ioctlResDone
	}
	xLen, xBuf := int32(le32(xp, 0)), le64(xp, 8)
	if entBuf != 0 && entLen != xLen {
		b = append(b, " => "...)
	}
	if entBuf == 0 || entLen != xLen {
		b = appendIfcLen(b, xLen)
	}
	b = append(b, ", ifc_buf="...)
	if entBuf == 0 || failed(ev) {
		b = appendPtr(b, entBuf)
		if xBuf != entBuf {
			b = append(b, " => "...)
			b = appendPtr(b, xBuf)
		}
		return append(b, '}'), ioctlResDone
	}
	// ifc_len / sizeof(struct ifreq), the int taken as a size_t.
	n := uint64(int64(xLen)) / ifreqSize
	if xBuf != 0 && n != 0 && xBuf+n*ifreqSize <= xBuf {
		b = appendPtr(b, xBuf)
		return append(b, '}'), ioctlResDone
	}
	var data []byte
	if nested != nil && !nested.Faulted && d.verboseCall(ev) {
		data = nested.Data
	}
	b = d.kdArray(b, xBuf, data, n, ifreqSize, false, func(b []byte, e []byte) []byte {
		b = append(b, "{ifr_name="...)
		b = d.appendIfrString(b, e[:ifrNameSize], false)
		b = append(b, ", ifr_addr="...)
		b = d.appendSockaddr(b, e[ifrNameSize:ifrNameSize+16])
		return append(b, '}')
	})
	return append(b, '}'), ioctlResDone
}

// appendIfcLen prints struct ifconf's ifc_len, with the number of struct
// ifreq it makes when it is a multiple of their size.
func appendIfcLen(b []byte, n int32) []byte {
	b = appendInt(b, int64(n))
	if n > 0 && n%ifreqSize == 0 {
		b = append(b, " /* "...)
		b = appendInt(b, int64(n/ifreqSize))
		b = append(b, " * sizeof(struct ifreq) */"...)
	}
	return b
}
