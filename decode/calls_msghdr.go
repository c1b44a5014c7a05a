package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// This file prints struct msghdr (sendmsg, recvmsg) from a
// syscalls.CaptureMsghdr capture, as strace 6.1 does:
//
//	{msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="hi", iov_len=2}],
//	 msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET,
//	 cmsg_type=SCM_RIGHTS, cmsg_data=[5]}], msg_controllen=24, msg_flags=0}

// msghdr is the fields of a captured 64-bit struct msghdr.
type msghdr struct {
	name       uint64
	namelen    int32
	iov        uint64
	iovlen     uint64
	control    uint64
	controllen uint64
	flags      uint32
}

func parseMsghdr(p []byte) msghdr {
	return msghdr{
		name:       le64(p, 0),
		namelen:    int32(le32(p, 8)),
		iov:        le64(p, 16),
		iovlen:     le64(p, 24),
		control:    le64(p, 32),
		controllen: le64(p, 40),
		flags:      le32(p, 48),
	}
}

// printMsghdrIn prints sendmsg's message, read by the call.
func printMsghdrIn(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
	addr := ev.Args[i]
	c := &ev.Captures[i]
	if addr == 0 || c.Faulted || len(c.Data) < syscalls.MsghdrSize || c.Elems == nil {
		return appendPtr(b, addr)
	}
	return d.appendMsghdr(b, ev, c, 0, false, ^uint64(0))
}

// printMsghdrOut prints recvmsg's message, filled by the call: whole when
// it succeeded, only the msg_namelen offered when it failed.
func printMsghdrOut(d *Decoder, b []byte, ev *trace.Event, i int) []byte {
	addr := ev.Args[i]
	c := &ev.Captures[i]
	if addr == 0 || !exited(ev) || c.Faulted || len(c.Data) < syscalls.MsghdrSize {
		return appendPtr(b, addr)
	}
	user := int32(uint32(c.Aux))
	if ev.IsError() {
		b = append(b, "{msg_namelen="...)
		b = appendInt(b, int64(user))
		return append(b, '}')
	}
	if c.Elems == nil {
		return appendPtr(b, addr)
	}
	return d.appendMsghdr(b, ev, c, user, true, uint64(ev.Ret))
}

// nameFamily is the address family of a message's name of namelen bytes
// at addr, captured in c, as strace's decode_sockaddr returns it: -1
// when the name is shorter than a family or was not read whole.
func nameFamily(c *trace.Capture, addr uint64, namelen int32) int {
	if addr == 0 || namelen < 2 || c.Faulted || len(c.Data) < int(min(namelen, syscalls.MsgNameMax)) {
		return -1
	}
	return int(le16(c.Data, 0))
}

// appendMsghdr prints a captured msghdr. With hasUser, user is the
// msg_namelen the caller offered (recvmsg), shown before the kernel's when
// they differ. limit caps the iovec bytes shown in total. ev is the call's
// event, whose thread's descriptors SCM_RIGHTS messages carry.
func (d *Decoder) appendMsghdr(b []byte, ev *trace.Event, c *trace.Capture, user int32, hasUser bool, limit uint64) []byte {
	m := parseMsghdr(c.Data)
	var none trace.Capture
	elem := func(k int) *trace.Capture {
		if k < len(c.Elems) {
			return &c.Elems[k]
		}
		return &none
	}
	namelen := m.namelen
	if hasUser && namelen > user {
		namelen = user
	}
	b = append(b, "{msg_name="...)
	b = d.appendSockaddrAt(b, ev, m.name, elem(syscalls.MsgName), uint64(int64(namelen)))
	b = append(b, ", msg_namelen="...)
	if hasUser && user != m.namelen {
		b = appendInt(b, int64(user))
		b = append(b, " => "...)
	}
	b = appendInt(b, int64(m.namelen))
	b = append(b, ", msg_iov="...)
	var data iovData
	if nameFamily(elem(syscalls.MsgName), m.name, namelen) == syscalls.AFNetlink {
		// As strace: a message to or from a netlink address holds
		// netlink messages, of the socket's protocol when known.
		family, ok := 0, false
		if d.opts.FDs != nil {
			family, ok = d.opts.FDs.NetlinkFamily(ev, int32(ev.Args[0]))
		}
		if !ok {
			family = -1
		}
		data = func(b []byte, base, show uint64, e *trace.Capture) []byte {
			if e == nil {
				e = &trace.Capture{Faulted: true}
			}
			return d.appendNetlinkBuf(b, ev, e, base, show, family)
		}
	}
	b = d.appendIovecWith(b, m.iov, elem(syscalls.MsgIov), uint64(m.iovlen), limit, data)
	b = append(b, ", msg_iovlen="...)
	b = appendUint(b, m.iovlen)
	if m.controllen != 0 {
		b = append(b, ", msg_control="...)
		b = d.appendCmsgs(b, ev, m.control, elem(syscalls.MsgControl), m.controllen)
	}
	b = append(b, ", msg_controllen="...)
	b = appendUint(b, m.controllen)
	b = append(b, ", msg_flags="...)
	b = d.flags(b, msgFlags, uint64(m.flags))
	return append(b, '}')
}
