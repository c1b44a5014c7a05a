package decode

import (
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// bpfProgInfoSize is the size of strace 6.1's struct bpf_prog_info
// (offsetofend of verified_insns).
const bpfProgInfoSize = 220

// progInfo prints a struct bpf_prog_info as strace 6.1's
// print_bpf_prog_info: info is the exit's capture (the bytes the caller
// asked for, and as its Elems the arrays it points to), entry the
// entry's (nil when not made), whose fields the kernel may change print
// as "OLD => NEW". Each group of fields appears once the caller's size
// reaches it, then the bytes past strace's struct when not all zero.
func (p *bpfFields) progInfo(info, entry *trace.Capture) {
	q := newBPFFields(p.d, p.ev, append(p.b, '{'), &bpfCmd{size: bpfProgInfoSize}, info.Data)
	q.was = make([]byte, bpfProgInfoSize)
	if entry != nil && !entry.Faulted {
		copy(q.was, entry.Data)
	}
	q.progInfoFields(info)
	p.b = append(q.b, '}')
}

// progInfoFields prints progInfo's fields into p, up to the last group
// the caller's size reaches.
func (p *bpfFields) progInfoFields(info *trace.Capture) {
	array := func(a syscalls.ProgInfoArray) *trace.Capture {
		if int(a) < len(info.Elems) {
			return &info.Elems[a]
		}
		return nil
	}
	p.enum("type", bpfProgTypes, 0)
	p.uint("id", 4)
	p.name("tag")
	p.b = p.d.appendQuoted(p.b, p.a[8:16], true)
	p.wasNow("jited_prog_len", 16)
	p.name("jited_prog_insns")
	p.b = p.d.appendForcedHex(p.b, p.u64(24), uint64(p.u32(16)), array(syscalls.ProgInfoJited))
	p.wasNow("xlated_prog_len", 20)
	p.name("xlated_prog_insns")
	insns := uint64(min(p.u32(20), le32(p.was, 20)) / ebpfInsnSize)
	p.b = p.d.appendNestedArray(p.b, p.u64(32), insns, ebpfInsnSize, array(syscalls.ProgInfoXlated), p.d.appendEBPFInsn)
	if !p.has(40) {
		return
	}
	p.u64f("load_time", 40)
	if p.d.opts.Xlat != XlatRaw {
		p.b = appendBootTime(p.b, p.u64(40))
	}
	p.name("created_by_uid")
	p.b = appendID(p.b, uint64(p.u32(48)))
	p.wasNow("nr_map_ids", 52)
	p.name("map_ids")
	maps := uint64(min(p.u32(52), le32(p.was, 52)))
	p.b = p.d.appendNestedArray(p.b, p.u64(56), maps, 4, array(syscalls.ProgInfoMapIDs), appendU32Elem)
	p.cstring("name", 64, 16)
	if !p.has(80) {
		return
	}
	p.name("ifindex")
	p.b = p.d.appendIfindex(p.b, p.u32(80))
	p.name("gpl_compatible")
	p.b = appendUint(p.b, uint64(p.u32(84)&1))
	p.name("netns_dev")
	p.b = p.d.appendDevStyled(p.b, p.u64(88))
	p.u64f("netns_ino", 96)
	if !p.has(104) {
		return
	}
	p.wasNow("nr_jited_ksyms", 104)
	p.wasNow("nr_jited_func_lens", 108)
	p.wasNowAddr("jited_ksyms", 112)
	p.wasNowAddr("jited_func_lens", 120)
	if !p.has(128) {
		return
	}
	p.uint("btf_id", 128)
	p.wasNow("func_info_rec_size", 132)
	p.addr("func_info", 136)
	p.wasNow("nr_func_info", 144)
	p.wasNow("nr_line_info", 148)
	p.addr("line_info", 152)
	p.wasNowAddr("jited_line_info", 160)
	p.wasNow("nr_jited_line_info", 168)
	p.wasNow("line_info_rec_size", 172)
	p.wasNow("jited_line_info_rec_size", 176)
	p.wasNow("nr_prog_tags", 180)
	p.addr("prog_tags", 184)
	if !p.has(192) {
		return
	}
	p.u64f("run_time_ns", 192)
	p.u64f("run_cnt", 200)
	if !p.has(208) {
		return
	}
	p.u64f("recursion_misses", 208)
	if !p.has(216) {
		return
	}
	p.uint("verified_insns", 216)
	p.b = p.d.appendBPFExtra(p.b, info.Data, bpfProgInfoSize)
}

// wasNow prints the u32 field s at off, preceded by the entry's value
// and " => " when the kernel changed it.
func (p *bpfFields) wasNow(s string, off int) {
	p.name(s)
	if was := le32(p.was, off); was != p.u32(off) {
		p.b = appendUint(p.b, uint64(was))
		p.b = append(p.b, " => "...)
	}
	p.b = appendUint(p.b, uint64(p.u32(off)))
}

// wasNowAddr is wasNow for a u64 field holding an address.
func (p *bpfFields) wasNowAddr(s string, off int) {
	p.name(s)
	if was := le64(p.was, off); was != p.u64(off) {
		p.b = appendPtr(p.b, was)
		p.b = append(p.b, " => "...)
	}
	p.b = appendPtr(p.b, p.u64(off))
}

// appendForcedHex prints the n bytes at addr captured as c, as strace's
// printstr_ex with QUOTE_FORCE_HEX: NULL, the address when they could
// not be read, else at most -s bytes in hex and "..." past them.
func (d *Decoder) appendForcedHex(b []byte, addr, n uint64, c *trace.Capture) []byte {
	switch {
	case addr == 0:
		return append(b, "NULL"...)
	case n == 0:
		return append(b, `""`...)
	case c == nil || c.Faulted || c.Data == nil:
		return appendPtr(b, addr)
	}
	return d.appendBuf(b, c.Data, n, true)
}

// bootOffset is CLOCK_REALTIME's lead over CLOCK_BOOTTIME, taken once as
// strace takes it.
var bootOffset = sync.OnceValue(func() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_BOOTTIME, &ts); err != nil {
		return 0
	}
	return time.Since(time.Unix(ts.Unix()))
})

// appendBootTime prints the wall-clock second of ns, a CLOCK_BOOTTIME
// time, as strace's print_boottime: approximate, so seconds only.
func appendBootTime(b []byte, ns uint64) []byte {
	off := bootOffset()
	if off == 0 {
		return b
	}
	sec := time.Unix(0, int64(ns)).Add(off).Unix()
	if sec == 0 {
		return b
	}
	return appendDateComment(b, sec, 0, 0)
}
