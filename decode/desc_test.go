package decode

import "testing"

// Expected strings from strace 6.1 on a test program exercising ioctl,
// fcntl, seals, mremap, wait4 with rusage and clocks.
func TestDescCalls(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	ru := le(nil).u64(0).u64(110).u64(0).u64(0).pad(112)
	cases := []struct {
		ev   *evb
		want string
	}{
		{sc(t, "ioctl", 0, 3, 0x5421, 0x1000).data(2, le(nil).u32(1).pad(60)), `ioctl(3, FIONBIO, [1]) = 0`},
		{sc(t, "ioctl", 0, 3, 0x541b, 0x1000).data(2, le(nil).u32(3).pad(60)), `ioctl(3, FIONREAD, [3]) = 0`},
		{sc(t, "ioctl", -25, 3, 0x540f, 0x7ffdec7388c8), `ioctl(3, TIOCGPGRP, 0x7ffdec7388c8) = -1 ENOTTY (Inappropriate ioctl for device)`},
		{sc(t, "fcntl", 0, 3, 8, 27440), `fcntl(3, F_SETOWN, 27440) = 0`},
		{sc(t, "fcntl", 0, 3, 16, 0x1000).data(2, le(nil).u32(1).u32(27440).pad(24)), `fcntl(3, F_GETOWN_EX, {type=F_OWNER_PID, pid=27440}) = 0`},
		{sc(t, "fcntl", 65536, 3, 1032), `fcntl(3, F_GETPIPE_SZ) = 65536`},
		{sc(t, "fcntl", 8192, 3, 1031, 8192), `fcntl(3, F_SETPIPE_SZ, 8192) = 8192`},
		{sc(t, "fcntl", 0, 5, 1033, 6), `fcntl(5, F_ADD_SEALS, F_SEAL_SHRINK|F_SEAL_GROW) = 0`},
		{sc(t, "fcntl", 6, 5, 1034), `fcntl(5, F_GET_SEALS) = 0x6 (seals F_SEAL_SHRINK|F_SEAL_GROW)`},
		{sc(t, "lseek", -22, 5, 0, 77), `lseek(5, 0, 0x4d /* SEEK_??? */) = -1 EINVAL (Invalid argument)`},
		{sc(t, "openat", 6, 0xffffff9c, 0x1000, 020200002, 0600).str(1, "/tmp"), `openat(AT_FDCWD, "/tmp", O_RDWR|O_TMPFILE, 0600) = 6`},
		{sc(t, "creat", 7, 0x1000, 0640).str(0, "/tmp/st/d/cr"), `creat("/tmp/st/d/cr", 0640) = 7`},
		{sc(t, "access", 0, 0x1000, 3).str(0, "/tmp"), `access("/tmp", W_OK|X_OK) = 0`},
		{sc(t, "mmap", 0x7f3dce4f1000, 0, 4096, 0, 0x22, 0xffffffff, 0), `mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f3dce4f1000`},
		{sc(t, "msync", 0, 0x7f3dce4f1000, 4096, 4), `msync(0x7f3dce4f1000, 4096, MS_SYNC) = 0`},
		{sc(t, "mremap", 0x7f3dce4ef000, 0x7f3dce4f1000, 4096, 8192, 1, 0), `mremap(0x7f3dce4f1000, 4096, 8192, MREMAP_MAYMOVE) = 0x7f3dce4ef000`},
		{sc(t, "wait4", 27441, 27441, 0, 0, 0x1000).data(3, ru), `wait4(27441, NULL, 0, {ru_utime={tv_sec=0, tv_usec=110}, ru_stime={tv_sec=0, tv_usec=0}, ...}) = 27441`},
		{sc(t, "kill", 0, 27440, 0), `kill(27440, 0) = 0`},
		{sc(t, "getrusage", 0, 0xffffffffffffffff, 0x1000).data(1, ru), `getrusage(RUSAGE_CHILDREN, {ru_utime={tv_sec=0, tv_usec=110}, ru_stime={tv_sec=0, tv_usec=0}, ...}) = 0`},
		{sc(t, "clock_gettime", 0, 0, 0x1000).data(1, le(nil).u64(1795334488).u64(54255510)), `clock_gettime(CLOCK_REALTIME, {tv_sec=1795334488, tv_nsec=54255510}) = 0`},
		{sc(t, "gettimeofday", 0, 0x1000, 0).data(0, le(nil).u64(1795334488).u64(54343)), `gettimeofday({tv_sec=1795334488, tv_usec=54343}, NULL) = 0`},
		{sc(t, "getcwd", -34, 0x7ffdec73880c, 2), `getcwd(0x7ffdec73880c, 2) = -1 ERANGE (Numerical result out of range)`},
		{sc(t, "readlink", 10, 0x1000, 0x2000, 256).str(0, "/proc/self/exe").str(1, "/tmp/st/e2"), `readlink("/proc/self/exe", "/tmp/st/e2", 256) = 10`},
		{sc(t, "link", 0, 0x1000, 0x2000).str(0, "/tmp/st/d/cr").str(1, "/tmp/st/d/hl"), `link("/tmp/st/d/cr", "/tmp/st/d/hl") = 0`},
	}
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
