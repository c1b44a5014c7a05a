package decode

import (
	"testing"
	"time"
)

func fullStat() []byte {
	p := make(le, 144)
	put := func(off int, v uint64) { copy(p[off:], le(nil).u64(v)) }
	put(0, 0xfe00)
	put(8, 672)
	put(16, 1)
	copy(p[24:], le(nil).u32(0100644))
	put(48, 33519)
	put(56, 4096)
	put(64, 72)
	put(72, 1795331868)
	put(80, 585869151)
	put(88, 1790052921)
	put(104, 1790052921)
	return p
}

func fullStatx() []byte {
	p := make(le, 256)
	copy(p[0:], le(nil).u32(0x17ff).u32(4096).u64(0).u32(1).u32(0).u32(0).u16(0100644))
	copy(p[32:], le(nil).u64(9978146).u64(6).u64(8).u64(0x303874))
	copy(p[64:], le(nil).u64(1795332609).u32(233883596))
	copy(p[96:], le(nil).u64(1795332609).u32(222538601))
	copy(p[112:], le(nil).u64(1795332609).u32(222538601))
	copy(p[128:], le(nil).u32(0).u32(0).u32(254).u32(0).u64(0x1b))
	return p
}

// Expected strings are from strace 6.1 -v runs on this machine (UTC).
func TestVerbose(t *testing.T) {
	old := time.Local
	time.Local = time.UTC
	defer func() { time.Local = old }()
	uts := make([]byte, 390)
	for k, s := range []string{"Linux", "vm", "6.18.44-fc-v669", "#1 SMP PREEMPT_DYNAMIC @0", "x86_64", "(none)"} {
		copy(uts[65*k:], s)
	}
	dirents := le(nil).u64(9978129).u64(4651543070940612286).u16(24).pad(0)
	dirents = append(dirents, 4, '.', 0, 0, 0, 0)
	dirents = append(dirents, le(nil).u64(9978146).u64(9223372036854775807).u16(24)...)
	dirents = append(dirents, 8, 'f', '1', 0, 0, 0)
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"execve", sc(t, "execve", 0, 0x1000, 0x2000, 0x3000).str(0, "/usr/bin/ls").strs(1, 2, "ls", "-l").strs(2, 3, "SHELL=/bin/bash", "TF_CLI_CONFIG_FILE=/root/.terraformrc", "_=/usr/bin/strace"),
			`execve("/usr/bin/ls", ["ls", "-l"], ["SHELL=/bin/bash", "TF_CLI_CONFIG_FILE=/root/.terraf"..., "_=/usr/bin/strace"]) = 0`},
		{"newfstatat", sc(t, "newfstatat", 0, 3, 0x1000, 0x2000, 0x1000).str(1, "").data(2, fullStat()),
			`newfstatat(3, "", {st_dev=makedev(0xfe, 0), st_ino=672, st_mode=S_IFREG|0644, st_nlink=1, st_uid=0, st_gid=0, st_blksize=4096, st_blocks=72, st_size=33519, st_atime=1795331868 /* 2026-11-22T07:17:48.585869151+0000 */, st_atime_nsec=585869151, st_mtime=1790052921 /* 2026-09-22T04:55:21+0000 */, st_mtime_nsec=0, st_ctime=1790052921 /* 2026-09-22T04:55:21+0000 */, st_ctime_nsec=0}, AT_EMPTY_PATH) = 0`},
		{"statx", sc(t, "statx", 0, 0xffffff9c, 0x1000, 0x900, 0x25e, 0x2000).str(1, "f1").data(4, fullStatx()),
			`statx(AT_FDCWD, "f1", AT_STATX_SYNC_AS_STAT|AT_SYMLINK_NOFOLLOW|AT_NO_AUTOMOUNT, STATX_MODE|STATX_NLINK|STATX_UID|STATX_GID|STATX_MTIME|STATX_SIZE, {stx_mask=STATX_BASIC_STATS|STATX_MNT_ID, stx_blksize=4096, stx_attributes=0, stx_nlink=1, stx_uid=0, stx_gid=0, stx_mode=S_IFREG|0644, stx_ino=9978146, stx_size=6, stx_blocks=8, stx_attributes_mask=STATX_ATTR_COMPRESSED|STATX_ATTR_IMMUTABLE|STATX_ATTR_APPEND|STATX_ATTR_NODUMP|STATX_ATTR_ENCRYPTED|STATX_ATTR_AUTOMOUNT|STATX_ATTR_MOUNT_ROOT|STATX_ATTR_VERITY|STATX_ATTR_DAX, stx_atime={tv_sec=1795332609, tv_nsec=233883596} /* 2026-11-22T07:30:09.233883596+0000 */, stx_ctime={tv_sec=1795332609, tv_nsec=222538601} /* 2026-11-22T07:30:09.222538601+0000 */, stx_mtime={tv_sec=1795332609, tv_nsec=222538601} /* 2026-11-22T07:30:09.222538601+0000 */, stx_rdev_major=0, stx_rdev_minor=0, stx_dev_major=254, stx_dev_minor=0, stx_mnt_id=0x1b}) = 0`},
		{"uname", sc(t, "uname", 0, 0x1000).data(0, uts),
			`uname({sysname="Linux", nodename="vm", release="6.18.44-fc-v669", version="#1 SMP PREEMPT_DYNAMIC @0", machine="x86_64", domainname="(none)"}) = 0`},
		{"getdents64", sc(t, "getdents64", 48, 3, 0x1000, 32768).data(1, dirents),
			`getdents64(3, [{d_ino=9978129, d_off=4651543070940612286, d_reclen=24, d_type=DT_DIR, d_name="."}, {d_ino=9978146, d_off=9223372036854775807, d_reclen=24, d_type=DT_REG, d_name="f1"}], 32768) = 48`},
		{"tcgets", sc(t, "ioctl", 0, 0, 0x5401, 0x1000).data(2, append(le(nil).u32(0o2400).u32(5).u32(0o277).u32(0o105073),
			0, 3, 0x1c, 0x7f, 0x15, 4, 0, 1, 0, 0x11, 0x13, 0x1a, 0, 0x12, 0xf, 0x17, 0x16, 0, 0, 0)),
			`ioctl(0, TCGETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE, c_line=N_TTY, c_cc=[[VINTR]=0x3, [VQUIT]=0x1c, [VERASE]=0x7f, [VKILL]=0x15, [VEOF]=0x4, [VTIME]=0, [VMIN]=0x1, [VSWTC]=0, [VSTART]=0x11, [VSTOP]=0x13, [VSUSP]=0x1a, [VEOL]=0, [VREPRINT]=0x12, [VDISCARD]=0xf, [VWERASE]=0x17, [VLNEXT]=0x16, [VEOL2]=0, [17]=0, [18]=0]}) = 0`},
		{"getdents64 empty", sc(t, "getdents64", 0, 3, 0x1000, 32768).data(1, []byte{}), `getdents64(3, [], 32768) = 0`},
	}
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
