package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// mount_setattr and its struct mount_attr, as strace 6.1's
// mount_setattr.c.

var mountSetattrFlags = &xlat{vals: []xv{
	{0x100, "AT_SYMLINK_NOFOLLOW"}, {0x800, "AT_NO_AUTOMOUNT"}, {0x1000, "AT_EMPTY_PATH"}, {0x8000, "AT_RECURSIVE"},
}, dflt: "AT_???"}

var mountAttrAttrs = &xlat{vals: []xv{
	{0x1, "MOUNT_ATTR_RDONLY"}, {0x2, "MOUNT_ATTR_NOSUID"}, {0x4, "MOUNT_ATTR_NODEV"}, {0x8, "MOUNT_ATTR_NOEXEC"},
	{0x10, "MOUNT_ATTR_NOATIME"}, {0x20, "MOUNT_ATTR_STRICTATIME"}, {0x80, "MOUNT_ATTR_NODIRATIME"},
	{0x100000, "MOUNT_ATTR_IDMAP"}, {0x200000, "MOUNT_ATTR_NOSYMFOLLOW"},
}, dflt: "MOUNT_ATTR_???"}

var mountAttrPropagations = &xlat{vals: []xv{
	{1 << 17, "MS_UNBINDABLE"}, {1 << 18, "MS_PRIVATE"}, {1 << 19, "MS_SLAVE"}, {1 << 20, "MS_SHARED"},
}, dflt: "MS_???"}

// mountAttrSize is sizeof(struct mount_attr) (MOUNT_ATTR_SIZE_VER0).
const mountAttrSize = 32

const mountAttrIdmap = 0x100000

func enterMountSetattr(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = c.args[0](d, b, ev, 0)
	b = c.args[1](d, d.sep(b), ev, 1)
	b = d.flags(d.sep(b), mountSetattrFlags, uint64(uint32(ev.Args[2])))
	b = d.appendMountAttr(d.sep(b), ev, 3, ev.Args[4])
	return appendUint(d.sep(b), ev.Args[4])
}

// appendMountAttr prints argument i, a struct mount_attr of size bytes.
func (d *Decoder) appendMountAttr(b []byte, ev *trace.Event, i int, size uint64) []byte {
	addr := ev.Args[i]
	cp, ok := capOK(ev, i)
	if size < mountAttrSize || addr == 0 || !ok || len(cp.Data) < mountAttrSize {
		return appendPtr(b, addr)
	}
	p := cp.Data
	set, clr := le64(p, 0), le64(p, 8)
	b = append(b, "{attr_set="...)
	b = d.flags(b, mountAttrAttrs, set)
	b = append(b, ", attr_clr="...)
	b = d.flags(b, mountAttrAttrs, clr)
	b = append(b, ", propagation="...)
	b = d.enum(b, mountAttrPropagations, le64(p, 16))
	b = append(b, ", userns_fd="...)
	if fd := le64(p, 24); fd > 0x7fffffff || (set|clr)&mountAttrIdmap == 0 {
		b = appendUint(b, fd)
	} else {
		b = d.appendFD(b, ev, fd)
	}
	b, _ = d.appendExtTail(b, cp, mountAttrSize, size, ", ")
	return append(b, '}')
}
