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
	array := func(a syscalls.ProgInfoArray) *trace.Capture {
		if int(a) < len(info.Elems) {
			return &info.Elems[a]
		}
		return nil
	}
	q.enum("type", bpfProgTypes, 0)
	q.uint("id", 4)
	q.name("tag")
	q.b = q.d.appendQuoted(q.b, q.a[8:16], true)
	q.wasNow("jited_prog_len", 16)
	q.name("jited_prog_insns")
	q.b = q.d.appendForcedHex(q.b, q.u64(24), uint64(q.u32(16)), array(syscalls.ProgInfoJited))
	q.wasNow("xlated_prog_len", 20)
	q.name("xlated_prog_insns")
	insns := uint64(min(q.u32(20), le32(q.was, 20)) / ebpfInsnSize)
	q.b = q.d.appendNestedArray(q.b, q.u64(32), insns, ebpfInsnSize, array(syscalls.ProgInfoXlated), q.d.appendEBPFInsn)
	if !q.has(40) {
		p.b = append(q.b, '}')
		return
	}
	q.u64f("load_time", 40)
	if q.d.opts.Xlat != XlatRaw {
		q.b = appendBootTime(q.b, q.u64(40))
	}
	q.name("created_by_uid")
	q.b = appendID(q.b, uint64(q.u32(48)))
	q.wasNow("nr_map_ids", 52)
	q.name("map_ids")
	maps := uint64(min(q.u32(52), le32(q.was, 52)))
	q.b = q.d.appendNestedArray(q.b, q.u64(56), maps, 4, array(syscalls.ProgInfoMapIDs), func(b []byte, e []byte, _ uint64) []byte {
		return appendUint(b, uint64(le32(e, 0)))
	})
	q.cstring("name", 64, 16)
	if !q.has(80) {
		p.b = append(q.b, '}')
		return
	}
	q.name("ifindex")
	q.b = q.d.appendIfindex(q.b, q.u32(80))
	q.name("gpl_compatible")
	q.b = appendUint(q.b, uint64(q.u32(84)&1))
	q.name("netns_dev")
	q.b = appendDev(q.b, q.u64(88))
	q.u64f("netns_ino", 96)
	if !q.has(104) {
		p.b = append(q.b, '}')
		return
	}
	q.wasNow("nr_jited_ksyms", 104)
	q.wasNow("nr_jited_func_lens", 108)
	q.wasNowAddr("jited_ksyms", 112)
	q.wasNowAddr("jited_func_lens", 120)
	if !q.has(128) {
		p.b = append(q.b, '}')
		return
	}
	q.uint("btf_id", 128)
	q.wasNow("func_info_rec_size", 132)
	q.addr("func_info", 136)
	q.wasNow("nr_func_info", 144)
	q.wasNow("nr_line_info", 148)
	q.addr("line_info", 152)
	q.wasNowAddr("jited_line_info", 160)
	q.wasNow("nr_jited_line_info", 168)
	q.wasNow("line_info_rec_size", 172)
	q.wasNow("jited_line_info_rec_size", 176)
	q.wasNow("nr_prog_tags", 180)
	q.addr("prog_tags", 184)
	if q.has(192) {
		q.u64f("run_time_ns", 192)
		q.u64f("run_cnt", 200)
	}
	if q.has(208) {
		q.u64f("recursion_misses", 208)
	}
	if q.has(216) {
		q.uint("verified_insns", 216)
		q.b = q.d.appendBPFExtra(q.b, info.Data, bpfProgInfoSize)
	}
	p.b = append(q.b, '}')
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
