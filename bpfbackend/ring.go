package bpfbackend

import (
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// The header the kernel puts before each record of a BPF ring buffer: its
// length, with two flags in the top bits, then a page offset.
const (
	ringHdrSize    = 8
	ringBusyBit    = 1 << 31 // reserved, not yet submitted
	ringDiscardBit = 1 << 30 // discarded: skipped
)

// busySpins bounds how often drain reads again the header of a record
// reserved but not yet submitted before it returns (the loop then reads
// it at its next wake-up or poll).
const busySpins = 1000

// ring reads the records of the programs' ring buffer (the events map)
// where the kernel wrote them: the caller gets each record in place, not
// a copy, and the space of the records read is given back to the kernel
// once per batch (releaseEvery), not per record, so that the cache line
// of the consumer position, which every reservation reads, does not move
// between the CPUs at each record.
type ring struct {
	cons, prod []byte // the consumer page; the producer page and the data, mapped twice
	consPos    *uint64
	prodPos    *uint64
	data       []byte // the data pages, twice: a record that wraps is contiguous
	mask       uint64
	// releaseEvery is how many bytes of read records are given back at once.
	releaseEvery uint64
	epfd         int
	ev           [1]unix.EpollEvent
}

// newRing maps the ring buffer m and prepares to wait for its wake-ups.
func newRing(m *ebpf.Map) (*ring, error) {
	size := int(m.MaxEntries())
	if size <= 0 || size&(size-1) != 0 {
		return nil, fmt.Errorf("ring buffer size %d is not a power of two", size)
	}
	page := os.Getpagesize()
	r := &ring{epfd: -1, mask: uint64(size - 1), releaseEvery: uint64(size / 64)}
	var err error
	if r.cons, err = unix.Mmap(m.FD(), 0, page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED); err != nil {
		return nil, fmt.Errorf("map the ring's consumer page: %w", err)
	}
	if r.prod, err = unix.Mmap(m.FD(), int64(page), page+2*size, unix.PROT_READ, unix.MAP_SHARED); err != nil {
		_ = r.Close()
		return nil, fmt.Errorf("map the ring's data: %w", err)
	}
	r.consPos = (*uint64)(unsafe.Pointer(&r.cons[0]))
	r.prodPos = (*uint64)(unsafe.Pointer(&r.prod[0]))
	r.data = r.prod[page:]
	if r.epfd, err = unix.EpollCreate1(unix.EPOLL_CLOEXEC); err != nil {
		_ = r.Close()
		return nil, fmt.Errorf("epoll_create1: %w", err)
	}
	ev := unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(m.FD())}
	if err := unix.EpollCtl(r.epfd, unix.EPOLL_CTL_ADD, m.FD(), &ev); err != nil {
		_ = r.Close()
		return nil, fmt.Errorf("epoll_ctl on the ring: %w", err)
	}
	return r, nil
}

// drain hands fn every record submitted, in order, until the ring is
// empty or fn returns false. A record's bytes are the ring's: fn must copy
// what it keeps, since they are given back to the kernel after fn returns.
func (r *ring) drain(fn func(rec []byte) bool) {
	cons := atomic.LoadUint64(r.consPos)
	released := cons
	prod := atomic.LoadUint64(r.prodPos)
	for spins := 0; cons < prod; {
		at := cons & r.mask
		hdr := atomic.LoadUint32((*uint32)(unsafe.Pointer(&r.data[at])))
		if hdr&ringBusyBit != 0 {
			// Reserved but not yet submitted: the program is writing
			// it, on another CPU, and is about to submit it.
			if spins++; spins > busySpins {
				break
			}
			continue
		}
		spins = 0
		n := uint64(hdr &^ (ringBusyBit | ringDiscardBit))
		start := at + ringHdrSize
		cons += ringHdrSize + (n+7)&^7
		more := true
		if hdr&ringDiscardBit == 0 {
			more = fn(r.data[start : start+n : start+n])
		}
		if cons-released >= r.releaseEvery {
			atomic.StoreUint64(r.consPos, cons)
			released = cons
		}
		if !more {
			break
		}
		if cons == prod {
			prod = atomic.LoadUint64(r.prodPos)
		}
	}
	if cons != released {
		atomic.StoreUint64(r.consPos, cons)
	}
}

// wait blocks until the programs wake the reader or deadline passes; it
// reports whether it was woken.
func (r *ring) wait(deadline time.Time) (bool, error) {
	for {
		ms := 0
		if d := time.Until(deadline); d > 0 {
			ms = int((d + time.Millisecond - 1) / time.Millisecond)
		}
		n, err := unix.EpollWait(r.epfd, r.ev[:], ms)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return false, fmt.Errorf("epoll_wait: %w", err)
		}
		return n > 0, nil
	}
}

// Close unmaps the ring and closes its epoll descriptor.
func (r *ring) Close() error {
	var errs []error
	if r.epfd >= 0 {
		errs = append(errs, unix.Close(r.epfd))
		r.epfd = -1
	}
	for _, b := range [][]byte{r.prod, r.cons} {
		if b != nil {
			errs = append(errs, unix.Munmap(b))
		}
	}
	r.prod, r.cons, r.data = nil, nil, nil
	return errors.Join(errs...)
}
