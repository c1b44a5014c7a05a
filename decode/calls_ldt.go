package decode

import (
	"strconv"

	"github.com/sctrace/sctrace/trace"
)

// The decoders of x86's segment descriptor calls: modify_ldt,
// set_thread_area and get_thread_area, which pass a struct user_desc.

// userDescSize is sizeof(struct user_desc).
const userDescSize = 16

// appendEntryNumber prints a user_desc's entry_number as strace's
// PRINT_FIELD_ID does: -1, or unsigned.
func appendEntryNumber(b []byte, v uint32) []byte {
	return appendID(b, uint64(v))
}

// appendHex08 prints v as C's %#08x: 00000000, 0x001234, 0x87868584.
func appendHex08(b []byte, v uint32) []byte {
	if v == 0 {
		return append(b, "00000000"...)
	}
	b = append(b, "0x"...)
	s := strconv.FormatUint(uint64(v), 16)
	for i := len(s); i < 6; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// appendUserDescRest prints the fields of user_desc p after entry_number,
// and the closing brace.
func appendUserDescRest(b []byte, p []byte) []byte {
	b = append(b, ", base_addr="...)
	b = appendHex08(b, le32(p, 4))
	b = append(b, ", limit="...)
	b = appendHex08(b, le32(p, 8))
	bits := le32(p, 12)
	fields := [...]struct {
		name       string
		shift, len uint
	}{
		{"seg_32bit", 0, 1}, {"contents", 1, 2}, {"read_exec_only", 3, 1},
		{"limit_in_pages", 4, 1}, {"seg_not_present", 5, 1}, {"useable", 6, 1}, {"lm", 7, 1},
	}
	for _, f := range fields {
		b = append(b, ", "...)
		b = append(b, f.name...)
		b = append(b, '=')
		b = appendUint(b, uint64(bits>>f.shift&(1<<f.len-1)))
	}
	return append(b, '}')
}

// appendUserDesc prints the struct user_desc argument i points to in
// full, or its address when it cannot be read whole.
func appendUserDesc(b []byte, ev *trace.Event, i int) []byte {
	cp, ok := capOK(ev, i)
	if !ok || len(cp.Data) < userDescSize {
		return appendPtr(b, ev.Args[i])
	}
	b = append(b, "{entry_number="...)
	b = appendEntryNumber(b, le32(cp.Data, 0))
	return appendUserDescRest(b, cp.Data)
}

// enterModifyLdt prints modify_ldt's function as an int, its pointer as a
// user_desc when the byte count is the struct's size, and the count.
func enterModifyLdt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, int64(int32(ev.Args[0])))
	b = d.sep(b)
	if ev.Args[2] == userDescSize {
		b = appendUserDesc(b, ev, 1)
	} else {
		b = appendPtr(b, ev.Args[1])
	}
	b = d.sep(b)
	return appendUint(b, ev.Args[2])
}

// retModifyLdt prints modify_ldt's result, which the kernel truncates to
// an int: strace shows a value that is a negated errno once truncated
// with that error's name.
func retModifyLdt(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	v := uint64(ev.Ret)
	b = appendUint(b, v)
	if v >= 0xfffff000 && v <= 0xffffffff {
		e := int(-int32(uint32(v)))
		if name := ErrnoName(e); name != "" {
			b = append(b, ' ')
			b = append(b, name...)
			b = append(b, " ("...)
			b = append(b, errnos[e].msg...)
			b = append(b, ')')
		}
	}
	return b
}

// enterSetThreadArea prints set_thread_area's user_desc.
func enterSetThreadArea(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	return appendUserDesc(b, ev, 0)
}

// retSetThreadArea prints the result and the entry number the kernel
// chose: "0 (entry_number=12)".
func retSetThreadArea(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, ev.Ret)
	if cp, ok := capOK(ev, 0); ok && len(cp.Data) >= userDescSize {
		b = append(b, " (entry_number="...)
		b = appendUint(b, uint64(le32(cp.Data, 0)))
		b = append(b, ')')
	}
	return b
}

// enterGetThreadArea prints the entry number get_thread_area is asked
// for; the rest of the struct follows at exit.
func enterGetThreadArea(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 0)
	if !ok || len(cp.Data) < 4 {
		return appendPtr(b, ev.Args[0])
	}
	b = append(b, "{entry_number="...)
	return appendEntryNumber(b, le32(cp.Data, 0))
}

// exitGetThreadArea prints the descriptor get_thread_area returned, or
// ", ...}" when it failed. The entry number the entry part printed is
// not kept, so a changed one is not shown as strace's " => N".
func exitGetThreadArea(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 0)
	if ev.Args[0] == 0 || !ok || len(cp.Data) < 4 {
		// The entry part printed an address.
		return b
	}
	if failed(ev) || len(cp.Data) < userDescSize {
		return append(b, ", ...}"...)
	}
	return appendUserDescRest(b, cp.Data)
}
