package decode

import (
	"encoding/binary"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Capture shapes the fuzzer gives an argument (3 bits each in FuzzDecode's
// shapes): every form a backend's capture plan can produce.
const (
	shapeNone      = iota // no capture
	shapeBytes            // bytes (CaptureBytes, CaptureCString)
	shapeFaulted          // unreadable memory
	shapeTail             // bytes, shorter than the object
	shapeIovec            // CaptureIovec: raw iovec array, Aux count, Elems per buffer
	shapeMsghdr           // CaptureMsghdr: header, Elems name/iovec/control (CaptureMmsghdr when blob[0]&2)
	shapeStrArray         // CaptureStringArray: Elems strings, Aux count
	shapeTruncated        // bytes marked Truncated, Aux total length
)

// fuzzCapture builds a capture of the given shape for argument i from blob.
func fuzzCapture(shape uint32, blob []byte, i int) trace.Capture {
	at := func(off, n int) []byte {
		if off > len(blob) {
			off = len(blob)
		}
		if n < 0 || off+n > len(blob) {
			n = len(blob) - off
		}
		return blob[off : off+n]
	}
	switch shape {
	case shapeBytes:
		return trace.Capture{Data: at(0, -1)}
	case shapeFaulted:
		return trace.Capture{Faulted: true}
	case shapeTail:
		return trace.Capture{Data: at(i, -1)}
	case shapeIovec:
		return fuzzIovec(blob)
	case shapeMsghdr:
		if len(blob) > 0 && blob[0]&2 != 0 {
			return fuzzMmsg(blob)
		}
		hdr := make([]byte, syscalls.MsghdrSize)
		copy(hdr, blob)
		c := trace.Capture{Data: hdr, Aux: uint64(len(blob))}
		if len(blob) > 0 && blob[0]&1 != 0 {
			c.Elems = []trace.Capture{{Data: at(1, 16)}, fuzzIovec(at(3, -1)), {Data: at(2, 64), Truncated: len(blob) > 66}}
		} else if len(blob) > 0 {
			c.Elems = []trace.Capture{{Faulted: true}, {Faulted: true}, {}}
		}
		return c
	case shapeStrArray:
		c := trace.Capture{Aux: uint64(len(blob) / 3)}
		for k := 0; k+3 <= len(blob) && k < 96; k += 3 {
			c.Elems = append(c.Elems, trace.Capture{Data: blob[k : k+3], Faulted: blob[k] == 0xff, Truncated: blob[k] == 0xfe})
		}
		return c
	case shapeTruncated:
		return trace.Capture{Data: at(0, -1), Truncated: true, Aux: uint64(len(blob)) * 3}
	}
	return trace.Capture{}
}

// fuzzMmsg shapes blob as a CaptureMmsghdr capture: blob is the raw array
// (possibly cut short), each element's Elems those of a msghdr capture and
// its Aux the msg_namelen offered.
func fuzzMmsg(blob []byte) trace.Capture {
	n := min(len(blob)/syscalls.MmsghdrSize, 40)
	c := trace.Capture{Data: blob[:n*syscalls.MmsghdrSize], Aux: uint64(len(blob))}
	for k := 0; k < n && blob[0]&4 == 0; k++ {
		e := trace.Capture{Aux: uint64(blob[k]) * 3}
		if blob[k]&1 != 0 {
			e.Elems = []trace.Capture{{Data: blob[k : k+16]}, fuzzIovec(blob[k:]), {Data: blob[:k]}}
		}
		c.Elems = append(c.Elems, e)
	}
	return c
}

// fuzzIovec shapes blob as a CaptureIovec capture: blob is the raw array,
// and each element's buffer is a slice of it (or unreadable).
func fuzzIovec(blob []byte) trace.Capture {
	n := len(blob) / 16
	if n > 16 {
		n = 16
	}
	c := trace.Capture{Data: blob[:n*16], Aux: uint64(n)}
	for k := 0; k < n; k++ {
		ln := int(binary.LittleEndian.Uint64(blob[k*16+8:]) % uint64(len(blob)+1))
		if blob[k*16]&3 == 3 {
			c.Elems = append(c.Elems, trace.Capture{Faulted: true})
			continue
		}
		c.Elems = append(c.Elems, trace.Capture{Data: blob[:ln], Truncated: blob[k*16]&4 != 0})
	}
	return c
}

// FuzzDecode formats arbitrary events: any number (in or out of the
// tables), any arguments, any captured bytes in every capture shape,
// truncated or faulted, as an entry, an exit, a call that never returned,
// -e read=/write= dumps, a signal and a task exit, under every option the decoder has (opt: -X,
// -y/-yy with descriptors of every kind, netlink sockets of every
// protocol, --decode-pids, -e raw=/abbrev=/verbose=). It must never
// panic, and AppendCall's spans must tile the arguments' text.
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds {
		for _, opt := range []uint16{0, fuzzOptAll, fuzzOptAll | fuzzOptRaw | fuzzOptNoDeref} {
			f.Add(s.nr, s.a0, s.a1, s.a2, s.a3, s.ret, s.blob, s.shapes, s.flags, s.mode, opt)
		}
	}
	for _, s := range fuzzOptSeeds {
		f.Add(s.nr, s.a0, s.a1, s.a2, s.a3, s.ret, s.blob, s.shapes, s.flags, s.mode, s.opt)
	}
	f.Fuzz(func(t *testing.T, nr int32, a0, a1, a2, a3 uint64, ret int64, blob []byte, shapes uint32, flags, mode uint8, opt uint16) {
		arch := uint32(trace.ArchX86_64)
		if flags&1 != 0 {
			arch = trace.ArchAArch64
		}
		args := [6]uint64{a0, a1, a2, a3, uint64(len(blob)), a1 >> 3}
		enter := &trace.Event{Kind: trace.SyscallEnter, Arch: arch, NR: nr, TID: int32(a3), Args: args}
		exit := &trace.Event{Kind: trace.SyscallExit, Arch: arch, NR: nr, TID: int32(a3), Args: args, Ret: ret, NoReturn: flags&2 != 0}
		for i := range enter.Captures {
			enter.Captures[i] = fuzzCapture(shapes>>(3*i)&7, blob, i)
			exit.Captures[i] = fuzzCapture((shapes>>(3*i)^shapes>>18)&7, blob, i+1)
		}
		opts := Options{StringLimit: int(mode%40) - 1, Verbose: flags&16 != 0, Hex: HexMode(flags >> 5 % 3)}
		fuzzOptions(&opts, opt, nr, blob)
		if flags&4 != 0 {
			opts.DumpRead, opts.DumpWrite = trace.NewFDSet(true), trace.NewFDSet(true)
		}
		d := New(opts)
		b := d.AppendEnter(nil, enter)
		b = d.AppendExit(b, exit)
		b = d.AppendReturn(b, exit)
		// A call interrupted before it returned: the entry event ends it.
		b = d.AppendExit(b, enter)
		b = d.AppendReturn(b, enter)
		// The same calls with their arguments and result located.
		var ct CallText
		b = d.AppendCall(b[:0], enter, exit, &ct)
		checkSpans(t, b, &ct, ct.Name.End+1, ct.Ret.Start-len(" = ")-1)
		b = d.AppendCall(b[:0], enter, nil, &ct)
		checkSpans(t, b, &ct, ct.Name.End+1, len(b)-1)
		b = d.AppendDumps(b, exit)

		var raw [128]byte
		copy(raw[:], blob)
		sig := &trace.Event{Kind: trace.Signal, TID: int32(a3), Signal: &trace.SignalInfo{Signo: int32(a0 % 70), Raw: raw, GroupStop: flags&128 != 0}}
		b = d.AppendSignal(b, sig)
		b = d.AppendSignal(b, &trace.Event{Kind: trace.Signal})
		ex := &trace.Event{Kind: trace.Exit, Status: int(ret), ExitSignal: int(a1 % 70), CoreDumped: flags&64 != 0}
		_ = d.AppendTaskExit(b, ex)
	})
}

// Bits of FuzzDecode's opt.
const (
	fuzzOptFDs      = 0x7    // DecodeFDs
	fuzzOptXlat     = 0x18   // XlatStyle, shifted by 3 (3 is XlatAbbrev)
	fuzzOptPids     = 0x60   // DecodePids, shifted by 5
	fuzzOptNetlink  = 0x80   // descriptors are netlink sockets
	fuzzOptFamily   = 0x1f00 // their protocol + 1 (0: unknown), shifted by 8
	fuzzOptRaw      = 0x2000 // -e raw= names the call
	fuzzOptAbbrevNo = 0x4000 // -e abbrev= leaves the call out
	fuzzOptNoDeref  = 0x8000 // -e verbose= leaves the call out
	fuzzOptAll      = fuzzOptFDs | fuzzOptXlat&^0x8 | fuzzOptPids | fuzzOptNetlink
)

// fuzzOptions sets the decoder options opt selects, with resolvers whose
// answers come from blob.
func fuzzOptions(o *Options, opt uint16, nr int32, blob []byte) {
	o.DecodeFDs = FDDecode(opt & fuzzOptFDs)
	o.FDs = &fuzzFDs{netlink: opt&fuzzOptNetlink != 0, family: int(opt&fuzzOptFamily>>8) - 1, name: string(blob)}
	o.Xlat = XlatStyle(opt & fuzzOptXlat >> 3 % 3)
	o.DecodePids = PidDecode(opt & fuzzOptPids >> 5)
	o.Pids = fuzzPids(string(blob))
	one := func() *trace.SyscallSet {
		s := trace.NewSyscallSet(false)
		s.Add(int(nr))
		return s
	}
	if opt&fuzzOptRaw != 0 {
		o.Raw = one()
	}
	if opt&fuzzOptAbbrevNo != 0 {
		o.Abbrev = one()
		o.Abbrev.Invert()
	}
	if opt&fuzzOptNoDeref != 0 {
		o.Deref = one()
		o.Deref.Invert()
	}
}

// fuzzFDs answers -y/-yy's questions with every kind of descriptor, by
// descriptor number: files (one named by the fuzzer's bytes, deleted),
// sockets, pipes, anonymous inodes, devices, unknown ones; every
// descriptor is a netlink socket of protocol family when netlink is set.
type fuzzFDs struct {
	netlink bool
	family  int
	name    string
}

func (f *fuzzFDs) FDPath(_, fd int32) (string, bool, bool) {
	switch uint32(fd) % 7 {
	case 0:
		return "/etc/hostname", false, true
	case 1:
		return "socket:[123]", false, true
	case 2:
		return "pipe:[45]", false, true
	case 3:
		return "anon_inode:[eventfd]", false, true
	case 4:
		return "/dev/null", false, true
	case 5:
		return f.name, true, true
	}
	return "", false, false
}

func (f *fuzzFDs) Cwd(tid int32) (string, bool) { return f.name, tid%2 == 0 }

func (f *fuzzFDs) Socket(_ *trace.Event, fd int32, _ uint64) (string, bool) {
	if fd%2 == 0 {
		return "TCP:[127.0.0.1:80->127.0.0.1:41234]", true
	}
	return f.name, fd%3 == 0
}

func (f *fuzzFDs) Device(path string) (string, bool) {
	if path == "/dev/null" {
		return "char 1:3", true
	}
	return "block 8:0", path == f.name
}

func (f *fuzzFDs) PidfdPID(_, fd int32) (int, bool) { return int(fd) * 3, fd%2 == 0 }

func (f *fuzzFDs) NetlinkFamily(*trace.Event, int32) (int, bool) { return f.family, f.netlink }

// fuzzPids answers --decode-pids' questions: ids divisible by 5 belong
// to no process, ids divisible by 3 differ between namespaces, and every
// command name is the fuzzer's bytes.
type fuzzPids string

func (p fuzzPids) Translate(_ int32, id int, _ syscalls.PidKind) int {
	switch {
	case id%5 == 0:
		return 0
	case id%3 == 0:
		return id + 1000
	}
	return id
}

func (p fuzzPids) Comm(pid int) (string, bool) { return string(p), pid%2 == 0 }

// fuzzSeed is one FuzzDecode input.
type fuzzSeed struct {
	nr             int32
	a0, a1, a2, a3 uint64
	ret            int64
	blob           []byte
	shapes         uint32
	flags, mode    uint8
}

// shapesOf packs per-argument capture shapes for FuzzDecode.
func shapesOf(s ...uint32) uint32 {
	var v uint32
	for i, x := range s {
		v |= x << (3 * i)
	}
	return v
}

// mmsgBlob returns a blob that fuzzMmsg shapes as n messages.
func mmsgBlob(n int) []byte {
	p := pattern(n*syscalls.MmsghdrSize + 8)
	p[0] = 3
	return p
}

// pattern returns n bytes of a repeating non-trivial pattern.
func pattern(n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i*37 + 11)
	}
	return p
}

// fuzzSeeds covers the capture shapes of the common decoders on x86_64
// numbers (syscalls/zz_tables.go).
var fuzzSeeds = []fuzzSeed{
	{0, 3, 0x1000, 832, 0, 832, []byte("\x7fELF\x02\x01\x01"), shapesOf(0, shapeBytes), 0, 0},
	{257, 0xffffff9c, 0x1000, 0x80000, 0, 3, []byte("/etc/passwd"), shapesOf(0, shapeBytes), 0, 2},
	{257, 0xffffff9c, 0x1000, 0x80000, 0, -2, []byte("/very/long/path"), shapesOf(0, shapeTruncated), 2, 2},
	{19, 3, 0x1000, 2, 0, 20, pattern(64), shapesOf(0, shapeIovec), 0, 4},
	{20, 1, 0x1000, 3, 0, 20, pattern(48), shapesOf(0, shapeIovec), 16, 8},
	{46, 3, 0x1000, 0, 0, 9, pattern(160), shapesOf(0, shapeMsghdr), 0, 3},
	// sendmmsg and recvmmsg: vectors of messages (CaptureMmsghdr).
	{307, 3, 0x1000, 3, 0, 2, mmsgBlob(3), shapesOf(0, shapeMsghdr), 0, 3},
	{307, 3, 0x1000, 70, 0, -9, mmsgBlob(2), shapesOf(0, shapeMsghdr), 16, 3},
	{299, 3, 0x1000, 3, 0x40, 2, mmsgBlob(3), shapesOf(0, shapeMsghdr, 0, 0, shapeBytes), 4, 3},
	{299, 3, 0x1000, 3, 0, 0, mmsgBlob(1), shapesOf(0, shapeMsghdr, 0, 0, shapeBytes), 0, 3},
	{47, 4, 0x1000, 0x40, 0, 16, pattern(200), shapesOf(0, shapeMsghdr) | shapeMsghdr<<18, 16, 1},
	{59, 0x1000, 0x2000, 0x3000, 0, 0, []byte("ls\x00-la\x00/tmp"), shapesOf(shapeBytes, shapeStrArray, shapeStrArray), 0, 5},
	{61, 0xffffffffffffffff, 0x1000, 0, 0x2000, 42, pattern(144), shapesOf(0, shapeBytes, 0, shapeBytes), 0, 0},
	{435, 0x1000, 88, 0, 0, 5, pattern(88), shapesOf(shapeBytes), 2, 4},
	{16, 1, 0x5401, 0x1000, 0, 0, pattern(64), shapesOf(0, 0, shapeBytes), 0, 0},
	{16, 0, 0x5413, 0x1000, 0, -25, pattern(8), shapesOf(0, 0, shapeTail), 0, 0},
	{54, 3, 1, 13, 0x1000, 0, pattern(8), shapesOf(0, 0, 0, shapeBytes), 0, 0},
	{55, 3, 1, 4, 0x1000, 0, pattern(8), shapesOf(0, 0, 0, shapeBytes, shapeBytes), 0, 0},
	{23, 5, 0x1000, 0x2000, 0, 1, pattern(128), shapesOf(0, shapeBytes, shapeFaulted, 0, shapeBytes), 0, 0},
	{270, 4, 0x1000, 0, 0, 1, pattern(128), shapesOf(0, shapeBytes, 0, 0, shapeBytes, shapeBytes), 0, 0},
	{425, 4, 0x1000, 0, 0, 3, pattern(120), shapesOf(0, shapeBytes) | shapeBytes<<18, 0, 0},
	{165, 0x1000, 0x2000, 0x3000, 0xc0ed0020, 0, []byte("tmpfs"), shapesOf(shapeBytes, shapeBytes, shapeBytes, 0, shapeBytes), 0, 0},
	{239, 0x1000, 0x2000, 1025, 0, 0, pattern(128), shapesOf(shapeBytes, shapeBytes), 0, 0},
	{238, 0x8002, 0x2000, 64, 0, 0, pattern(128), shapesOf(0, shapeBytes), 0, 0},
	{232, 3, 0x1000, 4, 0, 2, pattern(24), shapesOf(0, shapeBytes), 0, 0},
	{222, 1, 0x1000, 0x2000, 0, 0, pattern(64), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{125, 0x1000, 0x2000, 0, 0, 0, pattern(24), shapesOf(shapeBytes, shapeBytes), 0, 0},
	{437, 0xffffff9c, 0x1000, 0x2000, 24, 3, pattern(24), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{7, 0x1000, 3, 100, 0, 2, pattern(24), shapesOf(shapeBytes), 0, 8},
	{271, 0x1000, 2, 0x2000, 0x3000, 1, pattern(32), shapesOf(shapeBytes, 0, shapeBytes, shapeBytes), 0, 0},
	{157, 15, 0x1000, 0, 0, 0, []byte("name"), shapesOf(0, shapeBytes), 0, 0},
	{13, 17, 0x1000, 0x2000, 0, 0, pattern(32), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{262, 3, 0x1000, 0x2000, 0x1000, 0, pattern(144), shapesOf(0, shapeBytes, shapeBytes), 0, 0},
	{332, 0xffffff9c, 0x1000, 0, 0xfff, 0, pattern(256), shapesOf(0, shapeBytes, 0, 0, shapeBytes), 0, 0},
	{217, 3, 0x1000, 32768, 0, 48, pattern(48), shapesOf(0, shapeBytes), 0, 0},
	{202, 0x1000, 0x89, 1, 0, 0, nil, 0, 0, 0},
	{-1, 1, 2, 3, 4, -4095, []byte{}, 0, 4, 16},
	{100000, 1, 2, 3, 4, 0, pattern(3), 0x3fffffff, 1, 39},
	{0x40000000, 1, 2, 3, 4, 0, pattern(3), 0x12345678, 0, 1},
	// V4L2: a window format with its clips, ext controls with their
	// strings (Elems), a capability, buffers created, an ext query.
	{16, 3, 0xc0d05605, 0x1000, 0, 0, append([]byte{3, 0, 0, 0}, pattern(256)...), shapesOf(0, 0, shapeStrArray), 0, 0},
	{16, 3, 0xc0205648, 0x1000, 0, -22, pattern(96), shapesOf(0, 0, shapeStrArray), 0, 0},
	{16, 3, 0xc0205647, 0x1000, 0, 0, pattern(64), shapesOf(0, 0, shapeIovec), 16, 3},
	{16, 3, 0x80685600, 0x1000, 0, 0, pattern(104), shapesOf(0, 0, shapeBytes), 0, 0},
	{16, 3, 0xc100565c, 0x1000, 0, 0, pattern(256), shapesOf(0, 0, shapeBytes), 0, 0},
	{16, 3, 0xc0e85667, 0x1000, 0, 0, pattern(232), shapesOf(0, 0, shapeBytes), 16, 0},
}

// TestAllSyscallsNoPanic formats every number of both tables with random
// and empty captures.
func TestAllSyscallsNoPanic(t *testing.T) {
	data := make([]byte, 4096)
	for i := range data {
		data[i] = byte(i * 7)
	}
	for _, arch := range []uint32{trace.ArchX86_64, trace.ArchAArch64} {
		for _, verbose := range []bool{false, true} {
			d := New(Options{StringLimit: DefaultStringLimit, Verbose: verbose, Hex: HexNonASCII})
			for nr := int32(-2); nr < 600; nr++ {
				for _, ret := range []int64{0, 1, 48, -2, -512, 1 << 40} {
					ev := &trace.Event{Kind: trace.SyscallExit, Arch: arch, NR: nr, Ret: ret,
						Args: [6]uint64{1, 0x1000, 3, 0x40, 5, 6}}
					for i := range ev.Captures {
						ev.Captures[i].Data = data[:(int(nr+2)*37+i*101)%len(data)]
					}
					b := d.AppendEnter(nil, ev)
					b = d.AppendExit(b, ev)
					if len(d.AppendReturn(b, ev)) == 0 {
						t.Fatalf("empty line for %d", nr)
					}
				}
			}
		}
	}
}

// fuzzOptSeed is a FuzzDecode input with its options.
type fuzzOptSeed struct {
	fuzzSeed
	opt uint16
}

// cat joins byte slices.
func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// netlinkOpt selects -yy and netlink sockets of protocol proto.
func netlinkOpt(proto int) uint16 {
	return fuzzOptFDs | fuzzOptNetlink | uint16(proto+1)<<8
}

// fuzzOptSeeds reach the decoders of the long tail: netlink messages of
// every protocol strace decodes, bpf() and perf_event_open attributes,
// ptrace requests, socket options, IPC, keys, io_uring, the new mount
// API, siginfo and process ids, and one request of each ioctl family.
var fuzzOptSeeds = func() []fuzzOptSeed {
	sendto := func(proto int, msg []byte) fuzzOptSeed {
		return fuzzOptSeed{fuzzSeed{44, 3, 0x1000, uint64(len(msg)), 0, int64(len(msg)), msg, shapesOf(0, shapeBytes), 16, 3}, netlinkOpt(proto)}
	}
	ifinfo := make([]byte, 16)
	ifinfo[0] = 2
	rtmsg := []byte{2, 24, 0, 0, 254, 4, 0, 1, 0, 0, 0, 0}
	diagReq := cat([]byte{2, 6, 0, 0, 0xff, 0xff, 0xff, 0xff}, pattern(48))
	seeds := []fuzzOptSeed{
		sendto(0, nlmsg(16, 0x301, cat(ifinfo, nla(3, []byte("lo\x00")), nla(4, []byte{0, 5, 0, 0}), nla(26, nla(2, nla(1, pattern(8))))))),
		sendto(0, nlmsg(24, 0x5, cat(rtmsg, nla(1, []byte{10, 0, 0, 1}), nla(5, []byte{10, 0, 0, 254}), nla(15, []byte{254, 0, 0, 0})))),
		sendto(0, nlmsg(20, 0x5, cat([]byte{2, 24, 0x80, 0, 1, 0, 0, 0}, nla(1, []byte{127, 0, 0, 1}), nla(6, pattern(16))))),
		sendto(0, nlmsg(36, 0x5, cat(pattern(20), nla(1, []byte("pfifo_fast\x00")), nla(2, pattern(12)), nla(7, nla(1, pattern(20)))))),
		sendto(0, nlmsg(28, 0x5, cat(pattern(12), nla(1, []byte{10, 0, 0, 1}), nla(2, pattern(6))))),
		sendto(4, nlmsg(20, 0x301, cat(diagReq, nla(1, pattern(16))))),
		sendto(4, nlmsg(20, 0x301, cat([]byte{1, 0, 0, 0}, pattern(20)))),
		sendto(4, nlmsg(20, 0x301, cat([]byte{16, 0, 0, 0}, pattern(24)))),
		sendto(4, nlmsg(20, 0x301, cat([]byte{17, 0, 0, 0}, pattern(16)))),
		sendto(4, nlmsg(20, 0x301, cat([]byte{44, 0, 0, 0}, pattern(24)))),
		sendto(9, nlmsg(1000, 0x1, pattern(40))),
		sendto(21, nlmsg(0x10, 0x1, pattern(200))),
		sendto(16, nlmsg(0x10, 0x1, cat([]byte{3, 1, 0, 0}, nla(2, []byte("nlctrl\x00"))))),
		sendto(15, []byte("add@/devices/virtual/net/lo\x00ACTION=add\x00")),
		sendto(12, nlmsg(0x101, 0x1, cat([]byte{2, 0, 0, 0}, nla(1, pattern(4))))),
		sendto(7, nlmsg(0x10, 0x1, pattern(8))),
		sendto(6, nlmsg(0x10, 0x1, pattern(232))),
		sendto(-1, nlmsg(3, 0x2, pattern(20))),
		{fuzzSeed{46, 3, 0x1000, 0, 0, 36, cat([]byte{1}, pattern(7), nlmsg(18, 0x301, ifinfo)), shapesOf(0, shapeMsghdr), 0, 4}, netlinkOpt(0)},
		{fuzzSeed{47, 3, 0x1000, 0x40, 0, 36, cat([]byte{1}, pattern(7), nlmsg(2, 0, cat([]byte{0xf3, 0xff, 0xff, 0xff}, nlmsg(16, 0, ifinfo)))), shapesOf(0, shapeMsghdr) | shapeMsghdr<<18, 0, 4}, netlinkOpt(0)},
		// bpf(): map, program, object info, link and BTF commands.
		{fuzzSeed{321, 0, 0x1000, 72, 0, 3, pattern(72), shapesOf(0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{321, 5, 0x1000, 128, 0, 4, pattern(128), shapesOf(0, shapeBytes), 16, 4}, fuzzOptAll},
		{fuzzSeed{321, 15, 0x1000, 16, 0, 0, pattern(16), shapesOf(0, shapeBytes) | shapeBytes<<18, 16, 4}, fuzzOptAll},
		{fuzzSeed{321, 28, 0x1000, 64, 0, 5, pattern(64), shapesOf(0, shapeTail), 0, 4}, 0},
		{fuzzSeed{321, 18, 0x1000, 32, 0, 6, pattern(32), shapesOf(0, shapeBytes), 0, 4}, 0},
		// seccomp() filters and perf_event_open attributes.
		{fuzzSeed{317, 1, 0x8, 0x1000, 0, 0, pattern(96), shapesOf(0, 0, shapeBytes), 16, 4}, fuzzOptAll},
		{fuzzSeed{317, 1, 0, 0x1000, 0, 0, pattern(96), shapesOf(0, 0, shapeIovec), 0, 4}, 0},
		{fuzzSeed{298, 0x1000, 0, 0xffffffffffffffff, 0xffffffffffffffff, 3, pattern(136), shapesOf(shapeBytes), 16, 4}, fuzzOptAll},
		// ptrace(): options, siginfo, register sets, syscall info.
		{fuzzSeed{101, 0x4200, 42, 0, 0x1000ff, 0, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{101, 0x4202, 42, 0, 0x1000, 0, pattern(128), shapesOf(0, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{101, 0x4204, 42, 1, 0x1000, 0, pattern(232), shapesOf(0, 0, 0, shapeIovec), 0, 4}, 0},
		{fuzzSeed{101, 0x420e, 42, 88, 0x1000, 88, pattern(88), shapesOf(0, 0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{101, 12, 42, 0, 0x1000, 0, pattern(216), shapesOf(0, 0, 0, shapeBytes), 16, 4}, 0},
		// clone3, scheduling, mounts.
		{fuzzSeed{435, 0x1000, 88, 0, 0, 43, pattern(88), shapesOf(shapeStrArray) | shapeBytes<<18, 16, 4}, fuzzOptPids},
		{fuzzSeed{314, 42, 0x1000, 0, 0, 0, pattern(56), shapesOf(0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{315, 0, 0x1000, 56, 0, 0, pattern(56), shapesOf(0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{442, 0xffffff9c, 0x1000, 0x8000, 0x2000, 0, pattern(32), shapesOf(0, shapeBytes, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{431, 3, 1, 0x1000, 0x2000, 0, []byte("source\x00"), shapesOf(0, 0, shapeBytes, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{431, 3, 2, 0x1000, 0x2000, 0, pattern(40), shapesOf(0, 0, shapeBytes, shapeTruncated), 0, 4}, 0},
		// Socket options of several levels.
		{fuzzSeed{54, 3, 263, 1, 0x1000, 0, pattern(16), shapesOf(0, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{54, 3, 0, 35, 0x1000, 0, pattern(12), shapesOf(0, 0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{54, 3, 41, 20, 0x1000, 0, pattern(20), shapesOf(0, 0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{54, 3, 1, 26, 0x1000, 0, pattern(64), shapesOf(0, 0, 0, shapeIovec), 0, 4}, fuzzOptAll},
		{fuzzSeed{55, 3, 1, 26, 0x1000, 0, pattern(64), shapesOf(0, 0, 0, shapeBytes, shapeBytes), 0, 4}, 0},
		{fuzzSeed{55, 3, 1, 17, 0x1000, 0, pattern(12), shapesOf(0, 0, 0, shapeBytes, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{55, 3, 270, 9, 0x1000, 0, pattern(8), shapesOf(0, 0, 0, shapeBytes, shapeBytes), 0, 4}, 0},
		// Message queues, descriptors and memory.
		{fuzzSeed{240, 0x1000, 0x40, 0600, 0x2000, 3, pattern(64), shapesOf(shapeBytes, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{242, 3, 0x1000, 16, 1, 0, pattern(16), shapesOf(0, shapeBytes, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{244, 3, 0x1000, 0, 0, 0, pattern(64), shapesOf(0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{245, 3, 0x1000, 0x2000, 0, 0, pattern(64), shapesOf(0, shapeBytes, shapeBytes), 0, 4}, 0},
		{fuzzSeed{447, 8, 0, 0, 0, 3, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{441, 3, 0x1000, 4, 0x2000, 1, pattern(64), shapesOf(0, shapeBytes, 0, shapeBytes, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{449, 0x1000, 2, 0, 0x2000, 0, pattern(48), shapesOf(shapeBytes, 0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{440, 3, 0x1000, 2, 8, 0, pattern(64), shapesOf(0, shapeIovec), 0, 4}, fuzzOptAll},
		{fuzzSeed{327, 3, 0x1000, 2, 5, 20, pattern(64), shapesOf(0, shapeIovec), 0, 4}, fuzzOptAll},
		{fuzzSeed{328, 3, 0x1000, 2, 5, 20, pattern(64), shapesOf(0, shapeIovec), 0, 4}, 0},
		{fuzzSeed{310, 42, 0x1000, 2, 0x2000, 1, pattern(64), shapesOf(0, shapeIovec, 0, shapeIovec), 0, 4}, fuzzOptAll},
		{fuzzSeed{424, 3, 9, 0x1000, 0, 0, pattern(128), shapesOf(0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{438, 4, 2, 0, 0, 5, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{312, 42, 43, 0, 3, 4, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{312, 42, 43, 7, 3, 0x1000, pattern(12), shapesOf(0, 0, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		// x86 descriptors tables, sysctl, keys, io_uring, IPC, quotas.
		{fuzzSeed{154, 1, 0x1000, 16, 0, 0, pattern(16), shapesOf(0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{205, 0x1000, 0, 0, 0, 0, pattern(16), shapesOf(shapeBytes) | shapeBytes<<18, 0, 4}, 0},
		{fuzzSeed{156, 0x1000, 0, 0, 0, 0, pattern(80), shapesOf(shapeBytes), 16, 4}, 0},
		{fuzzSeed{250, 2, 0xfffffffd, 1, 0, 0, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{250, 6, 12, 0x1000, 0, 16, pattern(16), shapesOf(0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{248, 0x1000, 0x2000, 0x3000, 4, 12, []byte("user\x00desc"), shapesOf(shapeBytes, shapeBytes, shapeBytes), 0, 4}, 0},
		{fuzzSeed{427, 3, 0, 0x1000, 2, 0, pattern(32), shapesOf(0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{427, 3, 13, 0x1000, 2, 0, pattern(64), shapesOf(0, 0, shapeIovec), 0, 4}, 0},
		{fuzzSeed{427, 3, 8, 0x1000, 4, 0, pattern(96), shapesOf(0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{425, 8, 0x1000, 0, 0, 3, pattern(120), shapesOf(0, shapeBytes) | shapeBytes<<18, 0, 4}, 0},
		{fuzzSeed{71, 3, 2, 0x1000, 0, 0, pattern(120), shapesOf(0, 0, shapeBytes), 16, 4}, fuzzOptAll},
		{fuzzSeed{66, 3, 0, 3, 0x1000, 0, pattern(64), shapesOf(0, 0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{31, 3, 2, 0x1000, 0, 0, pattern(112), shapesOf(0, 0, shapeBytes), 16, 4}, fuzzOptAll},
		{fuzzSeed{65, 3, 0x1000, 2, 0, 0, pattern(12), shapesOf(0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{179, 0x80000700, 0x1000, 0, 0x2000, 0, pattern(72), shapesOf(0, shapeBytes, 0, shapeBytes), 0, 4}, 0},
		// Process ids and siginfo.
		{fuzzSeed{62, 0xfffffffd, 9, 0, 0, 0, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{247, 1, 42, 0x1000, 4, 0, pattern(128), shapesOf(0, 0, shapeBytes, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{129, 42, 10, 0x1000, 0, 0, pattern(128), shapesOf(0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{297, 42, 43, 10, 0x1000, 0, pattern(128), shapesOf(0, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{140, 1, 15, 0, 0, 20, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{252, 2, 15, 0, 0, 0x4004, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{109, 15, 30, 0, 0, 0, nil, 0, 0, 0}, fuzzOptAll},
		// Landlock, fanotify, mempolicy.
		{fuzzSeed{444, 0x1000, 16, 0, 0, 3, pattern(16), shapesOf(shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{445, 3, 1, 0x1000, 0, 0, pattern(12), shapesOf(0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{301, 3, 1, 0x3b, 0xffffff9c, 0, []byte("/tmp"), shapesOf(0, 0, 0, 0, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{237, 0x1000, 4096, 2, 0x2000, 0, pattern(16), shapesOf(0, 0, 0, shapeBytes), 0, 4}, 0},
		{fuzzSeed{239, 0x1000, 0x2000, 64, 0x3000, 0, pattern(16), shapesOf(shapeBytes, shapeBytes), 0, 4}, 0},
		// membarrier's query, file handles.
		{fuzzSeed{324, 0, 0, 0, 0, 0x3ff, nil, 0, 0, 0}, fuzzOptAll},
		{fuzzSeed{324, 0x40, 1, 3, 0, -22, nil, 0, 0, 0}, 0},
		{fuzzSeed{303, 0xffffff9c, 0x1000, 0x2000, 0x3000, 0, pattern(160), shapesOf(0, shapeBytes, shapeBytes, shapeBytes), 0, 4}, fuzzOptAll},
		{fuzzSeed{303, 3, 0x1000, 0x2000, 0x3000, -75, pattern(160), shapesOf(0, shapeBytes, shapeTail, shapeBytes), 0, 4}, 0},
		{fuzzSeed{304, 3, 0x1000, 0, 0, 4, pattern(140), shapesOf(0, shapeBytes), 0, 4}, fuzzOptAll},
		// Multiple messages.
		{fuzzSeed{307, 3, 0x1000, 2, 0, 2, pattern(256), shapesOf(0, shapeIovec), 0, 4}, fuzzOptAll},
		{fuzzSeed{299, 3, 0x1000, 2, 0, 2, pattern(256), shapesOf(0, shapeStrArray, 0, 0, shapeBytes), 16, 4}, fuzzOptAll},
	}
	// One request of each ioctl family, every descriptor kind.
	for _, req := range []uint64{
		0x4b46, 0x4b30, 0x80046901, 0x40046911, 0x80204d01, 0xc0104d02, 0x40186f00, 0x40046f05,
		0x2400, 0x40082406, 0x8912, 0x8933, 0x8927, 0xc0502100, 0x40182103, 0x80184540,
		0x40044590, 0xc01cb401, 0x80081272, 0x1260, 0x301, 0x30d, 0x4c04, 0x4c0a,
		0xab00, 0xab03, 0x80503d01, 0x40043d03, 0x80247009, 0x4028700f, 0x5401, 0x5402,
		0x5415, 0x5418, 0xc020660b, 0x801c581f, 0x80285700, 0x40045705, 0x80044901, 0xae01,
		0xb701, 0x4004b701, 0x80046601, 0x40087703, 0xc0c0aa3f, 0x2285, 0x2286, 0x5382,
	} {
		for _, shapes := range []uint32{shapesOf(0, 0, shapeBytes), shapesOf(0, 0, shapeTail), shapesOf(0, 0, shapeFaulted)} {
			seeds = append(seeds, fuzzOptSeed{fuzzSeed{16, 3, req, 0x1000, 0, 0, pattern(256), shapes, 16, 4}, fuzzOptAll})
		}
	}
	return seeds
}()

// TestAllIoctlsNoPanic formats every ioctl request strace names, in
// every capture shape a plan can give its argument, under the decoder's
// options; each must give a line.
func TestAllIoctlsNoPanic(t *testing.T) {
	blob := pattern(1024)
	for _, opt := range []uint16{0, fuzzOptAll, fuzzOptAll | fuzzOptXlat | fuzzOptRaw, fuzzOptAll | fuzzOptNoDeref} {
		for _, verbose := range []bool{false, true} {
			opts := Options{StringLimit: DefaultStringLimit, Verbose: verbose}
			fuzzOptions(&opts, opt, 16, blob)
			d := New(opts)
			for _, in := range ioctlNames {
				for shape := uint32(0); shape < 8; shape++ {
					for _, ret := range []int64{0, -22} {
						args := [6]uint64{3, uint64(in.code), 0x1000}
						enter := &trace.Event{Kind: trace.SyscallEnter, Arch: trace.ArchX86_64, NR: 16, Args: args}
						exit := &trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: 16, Args: args, Ret: ret}
						enter.Captures[2] = fuzzCapture(shape, blob, 2)
						exit.Captures[2] = fuzzCapture(shape^1, blob, 3)
						var ct CallText
						b := d.AppendCall(nil, enter, exit, &ct)
						if len(b) == 0 {
							t.Fatalf("ioctl %#x: empty line", in.code)
						}
						checkSpans(t, b, &ct, ct.Name.End+1, ct.Ret.Start-len(" = ")-1)
					}
				}
			}
		}
	}
}

// sweep formats one call under d with the given argument, captures and
// result, entry and exit, and checks it gives a line with tiled spans.
func sweep(t *testing.T, d *Decoder, nr int32, args [6]uint64, blob []byte, shape uint32, ret int64) {
	t.Helper()
	enter := &trace.Event{Kind: trace.SyscallEnter, Arch: trace.ArchX86_64, NR: nr, TID: 7, Args: args}
	exit := &trace.Event{Kind: trace.SyscallExit, Arch: trace.ArchX86_64, NR: nr, TID: 7, Args: args, Ret: ret}
	for i := range enter.Captures {
		enter.Captures[i] = fuzzCapture(shape, blob, i)
		exit.Captures[i] = fuzzCapture(shape, blob, i)
	}
	var ct CallText
	b := d.AppendCall(nil, enter, exit, &ct)
	if len(b) == 0 {
		t.Fatalf("nr %d args %#x: empty line", nr, args)
	}
	checkSpans(t, b, &ct, ct.Name.End+1, ct.Ret.Start-len(" = ")-1)
}

// TestSignalsNoPanic formats every signal with every si_code of each
// kind (user, kernel, queued, timer, child, fault, poll, syscall).
func TestSignalsNoPanic(t *testing.T) {
	for _, verbose := range []bool{false, true} {
		opts := Options{StringLimit: DefaultStringLimit, Verbose: verbose}
		fuzzOptions(&opts, fuzzOptAll, 0, []byte("name"))
		d := New(opts)
		for signo := int32(0); signo < 66; signo++ {
			for code := int32(-8); code < 0x90; code++ {
				var raw [128]byte
				copy(raw[:], pattern(128))
				binary.LittleEndian.PutUint32(raw[0:], uint32(signo))
				binary.LittleEndian.PutUint32(raw[8:], uint32(code))
				ev := &trace.Event{Kind: trace.Signal, TID: 7, Signal: &trace.SignalInfo{Signo: signo, Raw: raw}}
				if len(d.AppendSignal(nil, ev)) == 0 {
					t.Fatalf("signal %d code %d: empty line", signo, code)
				}
				args := [6]uint64{42, uint64(signo), 0x1000}
				sweep(t, d, 129, args, raw[:], shapeBytes, 0)
			}
		}
	}
}

// TestSweepNoPanic walks the values that pick a decoder's branch: every
// call with each small command, option or level number in its first
// three arguments (prctl, bpf, keyctl, fcntl, socket levels...), every
// ptrace request, every socket address family, and every netlink
// message type of every protocol, in every capture shape.
func TestSweepNoPanic(t *testing.T) {
	opts := Options{StringLimit: DefaultStringLimit, Verbose: true}
	fuzzOptions(&opts, fuzzOptAll, 0, []byte("name"))
	d := New(opts)
	blob := pattern(512)
	small := make([]uint64, 0, 80)
	for v := uint64(0); v < 72; v++ {
		small = append(small, v)
	}
	small = append(small, 0x4200, 0x4204, 0x4206, 0x420e, 0x59616d61, 1000, 1025, 0x80000000)
	for nr := int32(0); nr < 460; nr++ {
		for _, v := range small {
			for _, shape := range []uint32{shapeBytes, shapeTail, shapeFaulted, shapeIovec} {
				sweep(t, d, nr, [6]uint64{v, 0x1000, 0x2000, 0x3000, 16, 0}, blob, shape, 0)
				sweep(t, d, nr, [6]uint64{3, v, 0x2000, 0x3000, 16, 0}, blob, shape, 0)
				sweep(t, d, nr, [6]uint64{3, 1, v, 0x3000, 16, 0}, blob, shape, 1)
			}
		}
	}
	for family := 0; family < 50; family++ {
		addr := append([]byte{byte(family), 0}, pattern(126)...)
		for _, n := range []int{2, 8, 16, 28, 110, 128} {
			for _, nr := range []int32{42, 49} {
				sweep(t, d, nr, [6]uint64{3, 0x1000, uint64(n)}, addr[:n], shapeBytes, 0)
			}
		}
	}
	var allAttrs []byte
	for typ := uint16(1); typ < 32; typ++ {
		allAttrs = append(allAttrs, nla(typ, pattern(int(typ%5)*4+4))...)
	}
	for proto := -1; proto < 23; proto++ {
		o := opts
		o.FDs = &fuzzFDs{netlink: true, family: proto}
		dn := New(o)
		for typ := 0; typ < 0x1200; typ++ {
			if typ >= 0x200 && typ < 0x3e8 || typ >= 0x4b0 && typ < 0x1000 {
				continue
			}
			payloads := [][]byte{pattern(64), cat(pattern(20), nla(1, pattern(8)), nla(2, nla(1, pattern(4))))}
			if proto == 4 && typ < 0x20 || proto == 0 && typ < 0x80 {
				for _, family := range []byte{0, 1, 2, 7, 10, 16, 17, 43} {
					for _, size := range []int{8, 12, 16, 20, 24, 56, 72, 88} {
						payloads = append(payloads, cat([]byte{family, 6, 0, 0}, make([]byte, size-4), allAttrs))
					}
				}
			}
			for _, p := range payloads {
				for _, flags := range []uint16{0x301, 0x2} {
					msg := nlmsg(uint16(typ), flags, p)
					for _, nr := range []int32{44, 45} {
						sweep(t, dn, nr, [6]uint64{3, 0x1000, uint64(len(msg))}, msg, shapeBytes, int64(len(msg)))
					}
				}
			}
		}
	}
}
