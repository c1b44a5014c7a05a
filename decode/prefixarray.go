package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Arrays read from a prefix capture (syscalls.LenPrefix): an argument
// whose type depends on another (keyctl's, io_uring_register's) is
// captured as its layout's bytes or the string limit plus one, whichever
// is more, or as those before the end of its page when they cannot all
// be read. An array's elements beyond the capture are told apart by
// that: the capture ends where memory does (strace prints
// "... /* ADDR */"), or where the plan stopped copying (the elements are
// not known: "..." is printed).

// prefixWhole reports whether argument i's prefix capture, of plan
// layout l, holds all the bytes its plan asks for.
func (d *Decoder) prefixWhole(ev *trace.Event, i int, l syscalls.LayoutID) bool {
	want := max(int(syscalls.LayoutSize(ev.Arch, l)), max(d.opts.StringLimit, 0)+1)
	return len(ev.Captures[i].Data) >= want
}

// appendPrefixArray prints argument i, an array of n elements of esize
// bytes, from its prefix capture (plan layout l), as strace's print_array:
// at most -s elements unless -v, then "..."; "... /* ADDR */" where
// memory that cannot be read begins; the address when the first element
// cannot be read, or when atExit the call failed (strace reads nothing
// then). elem prints element k from its bytes p. complete reports whether
// the array was printed to its end or to its abbreviation (strace's
// print_array return value).
func (d *Decoder) appendPrefixArray(b []byte, ev *trace.Event, i int, l syscalls.LayoutID, n uint64, esize int, atExit bool, elem func(b []byte, p []byte, k uint64) []byte) (_ []byte, complete bool) {
	cp, ok := capOK(ev, i)
	if atExit && failed(ev) {
		ok = false
	}
	var data []byte
	whole := false
	if ok {
		data, whole = cp.Data, d.prefixWhole(ev, i, l)
	}
	return d.appendArrayBytes(b, ev.Args[i], n, esize, data, whole, elem)
}

// appendNestedArray prints the array of n elements of esize bytes at
// addr that an argument's object points to, from c, its capture as a
// nested array (syscalls.NestedArrayLen elements, or the whole ones
// before the end of their page; nil when none was made), as strace's
// print_array.
func (d *Decoder) appendNestedArray(b []byte, addr, n uint64, esize int, c *trace.Capture, elem func(b []byte, p []byte, k uint64) []byte) []byte {
	var data []byte
	whole := false
	if c != nil && !c.Faulted {
		data = c.Data
		whole = uint64(len(data)) >= syscalls.NestedArrayLen(n, d.opts.StringLimit, d.opts.Verbose)*uint64(esize)
	}
	b, _ = d.appendArrayBytes(b, addr, n, esize, data, whole, elem)
	return b
}

// appendArrayBytes prints the array of n elements of esize bytes at addr,
// from data, the bytes of its first elements that were copied, as
// strace's print_array (see appendPrefixArray). whole says that the copy
// holds every element it was to hold: past data, the elements were not
// copied rather than unreadable.
func (d *Decoder) appendArrayBytes(b []byte, addr, n uint64, esize int, data []byte, whole bool, elem func(b []byte, p []byte, k uint64) []byte) (_ []byte, complete bool) {
	limit := n
	if !d.opts.Verbose {
		limit = min(n, uint64(max(d.opts.StringLimit, 0)))
	}
	return appendArrayUpTo(b, addr, n, esize, data, whole, limit, elem)
}

// appendArrayUpTo is appendArrayBytes printing at most limit elements
// before "...".
func appendArrayUpTo(b []byte, addr, n uint64, esize int, data []byte, whole bool, limit uint64, elem func(b []byte, p []byte, k uint64) []byte) (_ []byte, complete bool) {
	switch {
	case addr == 0:
		return append(b, "NULL"...), false
	case n == 0:
		return append(b, "[]"...), false
	case n > ^uint64(0)/uint64(esize) || addr+n*uint64(esize) <= addr:
		return appendPtr(b, addr), false
	}
	avail := uint64(len(data) / esize)
	for k := uint64(0); k < n; k++ {
		if k >= avail && !whole {
			if k == 0 {
				return appendPtr(b, addr), false
			}
			b = append(b, ", ... /* "...)
			b = appendHex(b, addr+k*uint64(esize))
			b = append(b, " */"...)
			return append(b, ']'), false
		}
		if k == 0 {
			b = append(b, '[')
		} else {
			b = append(b, ", "...)
		}
		if k >= limit || k >= avail {
			b = append(b, "..."...)
			return append(b, ']'), true
		}
		off := int(k) * esize
		b = elem(b, data[off:off+esize], k)
	}
	return append(b, ']'), true
}

// appendPrefixIovec prints argument i, an array of n struct iovec, from
// its prefix capture (plan layout l), the buffers as addresses (they are
// not captured).
func (d *Decoder) appendPrefixIovec(b []byte, ev *trace.Event, i int, l syscalls.LayoutID, n uint64) []byte {
	b, _ = d.appendPrefixArray(b, ev, i, l, n, 16, false, appendIovecAddr)
	return b
}

// appendIovecAddr prints a struct iovec from its bytes p without the bytes
// it names, as strace's iov_decode_addr.
func appendIovecAddr(b []byte, p []byte, _ uint64) []byte {
	b = append(b, "{iov_base="...)
	b = appendPtr(b, le64(p, 0))
	b = append(b, ", iov_len="...)
	b = appendUint(b, le64(p, 8))
	return append(b, '}')
}
