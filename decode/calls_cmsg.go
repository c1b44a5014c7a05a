package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// This file prints a msghdr's control messages (msg_control) as strace
// 6.1 does: an array of {cmsg_len, cmsg_level, cmsg_type[, cmsg_data]},
// with the data of the kinds strace knows.

// cmsgHdrSize is sizeof(struct cmsghdr) on 64-bit architectures.
const cmsgHdrSize = 16

// cmsgLevels names a control message's level; only the default differs
// from the socket option levels'.
var cmsgLevels = &xlat{vals: socketLevels.vals, dflt: "SOL_???"}

// scmTypes names the SOL_SOCKET control message types.
var scmTypes = &xlat{vals: []xv{
	{1, "SCM_RIGHTS"}, {2, "SCM_CREDENTIALS"}, {3, "SCM_SECURITY"},
	{41, "SO_WIFI_STATUS"}, {61, "SO_TXTIME"},
	{29, "SO_TIMESTAMP_OLD"}, {35, "SO_TIMESTAMPNS_OLD"}, {37, "SO_TIMESTAMPING_OLD"},
	{63, "SO_TIMESTAMP_NEW"}, {64, "SO_TIMESTAMPNS_NEW"}, {65, "SO_TIMESTAMPING_NEW"},
	{0x36, "SCM_TIMESTAMPING_OPT_STATS"}, {0x3a, "SCM_TIMESTAMPING_PKTINFO"},
}, dflt: "SCM_???"}

// ipCmsgTypes names the SOL_IP control message types.
var ipCmsgTypes = &xlat{vals: []xv{
	{1, "IP_TOS"}, {2, "IP_TTL"}, {6, "IP_RECVOPTS"}, {7, "IP_RETOPTS"}, {8, "IP_PKTINFO"},
	{11, "IP_RECVERR"}, {20, "IP_ORIGDSTADDR"}, {23, "IP_CHECKSUM"}, {3, "SCM_SECURITY"},
}, dflt: "IP_???"}

// cmsgPrinter prints a control message's data, of at least its minimum
// length, for the call of ev (whose thread's descriptors SCM_RIGHTS
// carries).
type cmsgPrinter struct {
	print  func(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte
	minLen int
}

// scmPrinters are the SOL_SOCKET data printers, by type.
var scmPrinters = map[int32]cmsgPrinter{
	1:  {printScmRights, 4},
	2:  {printScmCreds, 12},
	3:  {printCmsgQuoted, 1},
	29: {printCmsgTimeval, 1},
	35: {printCmsgTimespec, 1},
	37: {printCmsgTimespec3, 1},
	63: {printCmsgTimeval, 1},
	64: {printCmsgTimespec, 1},
	65: {printCmsgTimespec3, 1},
}

// ipCmsgPrinters are the SOL_IP data printers, by type.
var ipCmsgPrinters = map[int32]cmsgPrinter{
	1:  {printCmsgBytes, 1},
	2:  {printCmsgUints, 4},
	6:  {printCmsgBytes, 1},
	7:  {printCmsgBytes, 1},
	8:  {printCmsgPktinfo, 12},
	11: {printCmsgRecverr, 32},
	20: {printCmsgSockaddr, 16},
	23: {printCmsgUints, 4},
	3:  {printCmsgQuoted, 1},
}

// appendCmsgs prints the control buffer at addr, whose length the header
// says is inLen, from its capture c (at most capture.ControlMax() bytes),
// of the call of ev.
func (d *Decoder) appendCmsgs(b []byte, ev *trace.Event, addr uint64, c *trace.Capture, inLen uint64) []byte {
	if addr == 0 || c.Faulted || len(c.Data) < cmsgHdrSize {
		return appendPtr(b, addr)
	}
	buf := c.Data
	ctlLen := len(buf)
	b = append(b, '[')
	for off := 0; len(buf) >= cmsgHdrSize; {
		cmLen := le64(buf, 0)
		level := int32(le32(buf, 8))
		typ := int32(le32(buf, 12))
		if off > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "{cmsg_len="...)
		b = appendUint(b, cmLen)
		b = append(b, ", cmsg_level="...)
		b = d.enum(b, cmsgLevels, uint64(uint32(level)))
		b = append(b, ", cmsg_type="...)
		n := min(cmLen, uint64(len(buf)))
		var data []byte
		if n > cmsgHdrSize {
			data = buf[cmsgHdrSize:n]
		}
		b = d.appendCmsgTypeData(b, ev, level, typ, data)
		b = append(b, '}')
		if n < cmsgHdrSize {
			buf = buf[cmsgHdrSize:]
			break
		}
		step := (cmLen + 7) &^ 7
		if cmLen > ^uint64(0)-7 || step >= uint64(len(buf)) {
			buf = nil
			break
		}
		off += int(step)
		buf = buf[step:]
	}
	if len(buf) > 0 {
		b = append(b, ", ..."...)
		b = appendComment(b, string(appendHex(nil, addr+uint64(ctlLen-len(buf)))))
	} else if uint64(ctlLen) < inLen {
		b = append(b, ", ..."...)
	}
	return append(b, ']')
}

// appendCmsgTypeData prints a control message's type and, when strace
// knows how, its data: SCM_RIGHTS's descriptors are ev's thread's.
func (d *Decoder) appendCmsgTypeData(b []byte, ev *trace.Event, level, typ int32, data []byte) []byte {
	var pr cmsgPrinter
	var ok bool
	switch level {
	case 1: // SOL_SOCKET
		b = d.enum(b, scmTypes, uint64(uint32(typ)))
		pr, ok = scmPrinters[typ]
	case 0: // SOL_IP
		b = d.enum(b, ipCmsgTypes, uint64(uint32(typ)))
		pr, ok = ipCmsgPrinters[typ]
	default:
		return appendHex(b, uint64(uint32(typ)))
	}
	if !ok || len(data) < pr.minLen {
		return b
	}
	b = append(b, ", cmsg_data="...)
	return pr.print(d, b, ev, data)
}

// appendCmsgArray prints n elements of size bytes of p with elem, at most
// -s of them unless -v.
func (d *Decoder) appendCmsgArray(b []byte, p []byte, size int, elem func(b []byte, e []byte) []byte) []byte {
	b = append(b, '[')
	for k := 0; (k+1)*size <= len(p); k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		if !d.opts.Verbose && k >= d.opts.StringLimit {
			b = append(b, "..."...)
			break
		}
		b = elem(b, p[k*size:(k+1)*size])
	}
	return append(b, ']')
}

// printScmRights prints SCM_RIGHTS's descriptors as the thread of ev has
// them (strace's printfd: -y names them).
func printScmRights(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.appendCmsgArray(b, p, 4, func(b []byte, e []byte) []byte {
		return d.appendFD(b, ev, uint64(int64(int32(le32(e, 0)))))
	})
}

func printCmsgUints(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	return d.appendCmsgArray(b, p, 4, func(b []byte, e []byte) []byte {
		return appendUint(b, uint64(le32(e, 0)))
	})
}

func printCmsgBytes(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	return d.appendCmsgArray(b, p, 1, func(b []byte, e []byte) []byte {
		return appendHex(b, uint64(e[0]))
	})
}

// printScmCreds prints a struct ucred.
func printScmCreds(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	b = append(b, "{pid="...)
	b = d.appendPidField(b, int32(le32(p, 0)), syscalls.PidTGID)
	b = append(b, ", uid="...)
	b = appendID(b, uint64(le32(p, 4)))
	b = append(b, ", gid="...)
	b = appendID(b, uint64(le32(p, 8)))
	return append(b, '}')
}

func printCmsgQuoted(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	return d.appendQuotedPlain(b, p)
}

func printCmsgSockaddr(d *Decoder, b []byte, ev *trace.Event, p []byte) []byte {
	return d.appendSockaddrOf(b, ev, p[:min(len(p), 128)])
}

func printCmsgTimeval(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	if len(p) < 16 {
		return append(b, "???"...)
	}
	return appendTimeval(b, p)
}

func printCmsgTimespec(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	if len(p) < 16 {
		return append(b, "???"...)
	}
	return appendTimespec(b, p)
}

func printCmsgTimespec3(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	if len(p) < 48 {
		return append(b, "???"...)
	}
	b = append(b, '[')
	for k := 0; k < 3; k++ {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = appendTimespec(b, p[16*k:])
	}
	return append(b, ']')
}

// printCmsgPktinfo prints IP_PKTINFO's struct in_pktinfo.
func printCmsgPktinfo(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	b = append(b, "{ipi_ifindex="...)
	b = d.appendIfindex(b, le32(p, 0))
	b = append(b, ", ipi_spec_dst="...)
	b = d.appendInetAddr(b, p[4:8])
	b = append(b, ", ipi_addr="...)
	b = d.appendInetAddr(b, p[8:12])
	return append(b, '}')
}

// recverrFields are struct sock_extended_err's fields before the
// offender's address: name, offset and size.
var recverrFields = []struct {
	name      string
	off, size int
}{
	{"ee_errno", 0, 4}, {"ee_origin", 4, 1}, {"ee_type", 5, 1}, {"ee_code", 6, 1},
	{"ee_info", 8, 4}, {"ee_data", 12, 4},
}

// printCmsgRecverr prints IP_RECVERR's struct sock_extended_err and the
// struct sockaddr_in of the offender that follows it.
func printCmsgRecverr(d *Decoder, b []byte, _ *trace.Event, p []byte) []byte {
	b = append(b, '{')
	for _, f := range recverrFields {
		b = append(b, f.name...)
		b = append(b, '=')
		if f.size == 1 {
			b = appendUint(b, uint64(p[f.off]))
		} else {
			b = appendUint(b, uint64(le32(p, f.off)))
		}
		b = append(b, ", "...)
	}
	b = append(b, "offender="...)
	b = d.appendSockaddr(b, p[16:32])
	return append(b, '}')
}
