package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_uffdio.c.
func TestIoctlUffdio(t *testing.T) {
	const bad = 0xffffffffffffffff
	api := le(nil).u64(0xaa).u64(0).u64(0)
	apiDone := le(nil).u64(0xaa).u64(0x1ffff).u64(1<<0 | 1<<1 | 1<<63)
	reg := le(nil).u64(0x7fe60d8fb000).u64(0x1000).u64(1).u64(0)
	regDone := le(nil).u64(0x7fe60d8fb000).u64(0x1000).u64(1).u64(1<<2 | 1<<3 | 1<<4 | 0x120)
	cp := le(nil).u64(0x7fe60d8fb000).u64(0x7fe60d8fd000).u64(0x1000).u64(1).u64(0)
	cpDone := le(nil).u64(0x7fe60d8fb000).u64(0x7fe60d8fd000).u64(0x1000).u64(1).u64(0x1000)
	zp := le(nil).u64(0x7fe60d8fb000).u64(0x1000).u64(1).u64(0x1000)
	rng := le(nil).u64(0x7fe60d8fb000).u64(0x1000)
	runIoctlCases(t, []ioctlCase{
		{"api bad fd", XlatAbbrev, sc(t, "ioctl", -9, bad, reqUFFDIOAPI, 0x1000).keptIoctl(le(nil).pad(24), nil, le(nil).pad(24), nil),
			`ioctl(-1, UFFDIO_API, {api=0, features=0})` + ebadf},
		{"api null", XlatAbbrev, sc(t, "ioctl", -14, 3, reqUFFDIOAPI, 0),
			`ioctl(3, UFFDIO_API, NULL) = -1 EFAULT (Bad address)`},
		{"api", XlatAbbrev, sc(t, "ioctl", 0, 3, reqUFFDIOAPI, 0x1000).keptIoctl(apiDone, nil, api, nil),
			`ioctl(3, UFFDIO_API, {api=0xaa, features=0 => features=UFFD_FEATURE_PAGEFAULT_FLAG_WP|UFFD_FEATURE_EVENT_FORK|UFFD_FEATURE_EVENT_REMAP|UFFD_FEATURE_EVENT_REMOVE|UFFD_FEATURE_MISSING_HUGETLBFS|UFFD_FEATURE_MISSING_SHMEM|UFFD_FEATURE_EVENT_UNMAP|UFFD_FEATURE_SIGBUS|UFFD_FEATURE_THREAD_ID|UFFD_FEATURE_MINOR_HUGETLBFS|UFFD_FEATURE_MINOR_SHMEM|UFFD_FEATURE_EXACT_ADDRESS|UFFD_FEATURE_WP_HUGETLBFS_SHMEM|0x1e000, ioctls=1<<_UFFDIO_REGISTER|1<<_UFFDIO_UNREGISTER|1<<_UFFDIO_API}) = 0`},
		{"api features kept", XlatAbbrev, sc(t, "ioctl", 0, 3, reqUFFDIOAPI, 0x1000).keptIoctl(le(nil).u64(0xaa).u64(2).u64(1), nil, le(nil).u64(0xaa).u64(2).u64(0), nil),
			`ioctl(3, UFFDIO_API, {api=0xaa, features=UFFD_FEATURE_EVENT_FORK, ioctls=1<<_UFFDIO_REGISTER}) = 0`},
		{"register", XlatAbbrev, sc(t, "ioctl", 0, 3, reqUFFDIORegister, 0x1000).data(2, regDone),
			`ioctl(3, UFFDIO_REGISTER, {range={start=0x7fe60d8fb000, len=0x1000}, mode=UFFDIO_REGISTER_MODE_MISSING, ioctls=1<<_UFFDIO_WAKE|1<<_UFFDIO_COPY|1<<_UFFDIO_ZEROPAGE|0x120}) = 0`},
		{"register bad fd", XlatAbbrev, sc(t, "ioctl", -9, bad, reqUFFDIORegister, 0x1000).data(2, reg),
			`ioctl(-1, UFFDIO_REGISTER, {range={start=0x7fe60d8fb000, len=0x1000}, mode=UFFDIO_REGISTER_MODE_MISSING})` + ebadf},
		{"copy", XlatAbbrev, sc(t, "ioctl", 0, 3, reqUFFDIOCopy, 0x1000).data(2, cpDone),
			`ioctl(3, UFFDIO_COPY, {dst=0x7fe60d8fb000, src=0x7fe60d8fd000, len=0x1000, mode=UFFDIO_COPY_MODE_DONTWAKE, copy=0x1000}) = 0`},
		{"copy bad mode", XlatAbbrev, sc(t, "ioctl", -22, 3, reqUFFDIOCopy, 0x1000).data(2, append(cp[:24:24], le(nil).u64(0xdeadbeef).u64(0)...)),
			`ioctl(3, UFFDIO_COPY, {dst=0x7fe60d8fb000, src=0x7fe60d8fd000, len=0x1000, mode=UFFDIO_COPY_MODE_DONTWAKE|UFFDIO_COPY_MODE_WP|0xdeadbeec}) = -1 EINVAL (Invalid argument)`},
		{"zeropage", XlatAbbrev, sc(t, "ioctl", 0, 3, reqUFFDIOZeropage, 0x1000).data(2, zp),
			`ioctl(3, UFFDIO_ZEROPAGE, {range={start=0x7fe60d8fb000, len=0x1000}, mode=UFFDIO_ZEROPAGE_MODE_DONTWAKE, zeropage=0x1000}) = 0`},
		{"zeropage null", XlatAbbrev, sc(t, "ioctl", -14, 3, reqUFFDIOZeropage, 0),
			`ioctl(3, UFFDIO_ZEROPAGE, NULL) = -1 EFAULT (Bad address)`},
		{"wake", XlatAbbrev, sc(t, "ioctl", 0, 3, reqUFFDIOWake, 0x1000).data(2, rng),
			`ioctl(3, UFFDIO_WAKE, {start=0x7fe60d8fb000, len=0x1000}) = 0`},
		{"unregister", XlatAbbrev, sc(t, "ioctl", -9, bad, reqUFFDIOUnregister, 0x1000).data(2, le(nil).pad(16)),
			`ioctl(-1, UFFDIO_UNREGISTER, {start=0, len=0})` + ebadf},
		{"writeprotect", XlatAbbrev, sc(t, "ioctl", -9, bad, 0xc018aa06, 0x1000),
			`ioctl(-1, UFFDIO_WRITEPROTECT, 0x1000)` + ebadf},
	})
}

// Expected strings are from strace 6.1's ioctl_sock_gifconf.c (under
// -s1, as its test runs it).
func TestIoctlSockGifconf(t *testing.T) {
	ifr := func(name string, a, b, c, d byte) le {
		p := append(le(nil), name...)
		p = p.pad(16 - len(name))
		p = append(p, 2, 0, 0, 0, a, b, c, d)
		return p.pad(16)
	}
	lo := ifr("lo", 127, 0, 0, 1)
	eth := ifr("eth0", 10, 0, 0, 2)
	ifc := func(n uint32, buf uint64) le { return le(nil).u32(n).u32(0).u64(buf) }
	const loWant = `{ifr_name="lo", ifr_addr={sa_family=AF_INET, sin_port=htons(0), sin_addr=inet_addr("127.0.0.1")}}`
	cases := []ioctlCase{
		{"null", XlatAbbrev, sc(t, "ioctl", -14, 3, reqSIOCGIFCONF, 0),
			`ioctl(3, SIOCGIFCONF, NULL) = -1 EFAULT (Bad address)`},
		{"unreadable", XlatAbbrev, sc(t, "ioctl", -14, 3, reqSIOCGIFCONF, 0x7f72533de000).keptIoctl(nil, nil, nil, nil).fault(2),
			`ioctl(3, SIOCGIFCONF, 0x7f72533de000) = -1 EFAULT (Bad address)`},
		{"size", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(80, 0), nil, ifc(3141592653, 0), nil),
			`ioctl(3, SIOCGIFCONF, {ifc_len=80 /* 2 * sizeof(struct ifreq) */, ifc_buf=NULL}) = 0`},
		{"empty", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(0, 0x2000), nil, ifc(0, 0x2000), nil),
			`ioctl(3, SIOCGIFCONF, {ifc_len=0, ifc_buf=[]}) = 0`},
		{"short", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(0, 0x2000), lo, ifc(1, 0x2000), lo),
			`ioctl(3, SIOCGIFCONF, {ifc_len=1 => 0, ifc_buf=[]}) = 0`},
		{"one", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(40, 0x2000), lo, ifc(40, 0x2000), nil),
			`ioctl(3, SIOCGIFCONF, {ifc_len=40 /* 1 * sizeof(struct ifreq) */, ifc_buf=[` + loWant + `]}) = 0`},
		{"failed", XlatAbbrev, sc(t, "ioctl", -14, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(80, 0x7f72535cbfd8), lo, ifc(80, 0x7f72535cbfd8), lo),
			`ioctl(3, SIOCGIFCONF, {ifc_len=80 /* 2 * sizeof(struct ifreq) */, ifc_buf=0x7f72535cbfd8}) = -1 EFAULT (Bad address)`},
		{"two", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(80, 0x2000), append(lo, eth...), ifc(82, 0x2000), nil),
			`ioctl(3, SIOCGIFCONF, {ifc_len=82 => 80 /* 2 * sizeof(struct ifreq) */, ifc_buf=[` + loWant + `, ...]}) = 0`},
		{"two unreadable", XlatAbbrev, sc(t, "ioctl", 0, 3, reqSIOCGIFCONF, 0x1000).keptIoctl(ifc(80, 0x2000), lo, ifc(80, 0x2000), nil),
			`ioctl(3, SIOCGIFCONF, {ifc_len=80 /* 2 * sizeof(struct ifreq) */, ifc_buf=[` + loWant + `, ... /* 0x2028 */]}) = 0`},
	}
	for _, c := range cases {
		d := New(Options{StringLimit: 1, Xlat: c.x})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
