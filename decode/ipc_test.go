package decode

import "testing"

// Expected strings are from strace 6.1's test suite (ipc_msg, ipc_sem,
// ipc_shm, semop, shmxt, delete_module, finit_module, kexec_file_load).
func TestIPCLines(t *testing.T) {
	perm := le(nil).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0600).pad(24)
	shmid := append(append(le(nil), perm...), le(nil).u64(1).u64(0).u64(0).u64(1795588576).u32(10569).u32(0).u64(0).pad(16)...)
	cases := []struct {
		name string
		ev   *evb
		want string
	}{
		{"msgget", sc(t, "msgget", -2, 0xfdb9f531, 0xface1c55), `msgget(0xfdb9f531, IPC_EXCL|IPC_NOWAIT|0xface1000|0125) = -1 ENOENT (No such file or directory)`},
		{"semget private", sc(t, "semget", 7, 0, 1, 0600), `semget(IPC_PRIVATE, 1, 0600) = 7`},
		{"shmget huge", sc(t, "shmget", 0, 0xfdb97531, 1, 0x56ce0055), `shmget(0xfdb97531, 1, 0x2ce0000|21<<SHM_HUGE_SHIFT|0125) = 0`},
		{"shmget zero", sc(t, "shmget", 0, 0xfdb97531, 1, 0), `shmget(0xfdb97531, 1, 000) = 0`},
		{"shmctl stat", sc(t, "shmctl", 0, 5, 2, 0x1000).data(2, shmid),
			`shmctl(5, IPC_STAT, {shm_perm={uid=0, gid=0, mode=0600, key=0, cuid=0, cgid=0}, shm_segsz=1, shm_cpid=10569, shm_lpid=0, shm_nattch=0, shm_atime=0, shm_dtime=0, shm_ctime=1795588576}) = 0`},
		{"shmctl set", sc(t, "shmctl", 0, 5, 1, 0x1000).data(2, shmid), `shmctl(5, IPC_SET, {shm_perm={uid=0, gid=0, mode=0600}}) = 0`},
		{"shmctl bad", sc(t, "shmctl", -22, 0xdefaced1, 2, ^uint64(0)), `shmctl(-553988399, IPC_STAT, 0xffffffffffffffff) = -1 EINVAL (Invalid argument)`},
		{"msgctl rmid", sc(t, "msgctl", 0, 5, 0x100, 0), `msgctl(5, IPC_64|IPC_RMID, NULL) = 0`},
		{"msgctl info", sc(t, "msgctl", 1, 5, 3, 0x1000).data(2, le(nil).u32(512000).u32(16384).u32(8192).u32(16384).u32(32000).u32(16).u32(16384).u32(65535).pad(88)),
			`msgctl(5, IPC_INFO, {msgpool=512000, msgmap=16384, msgmax=8192, msgmnb=16384, msgmni=32000, msgssz=16, msgtql=16384, msgseg=65535}) = 1`},
		{"semctl bogus", sc(t, "semctl", -22, 5, 0, 0xdefaced2, 0x1000), `semctl(5, 0, 0xdefaced2 /* SEM_??? */, 0x1000) = -1 EINVAL (Invalid argument)`},
		{"semop", sc(t, "semop", 0, 5, 0x1000, 1).data(1, le(nil).u16(0).u16(0xffff).u16(0x1000)), `semop(5, [{sem_num=0, sem_op=-1, sem_flg=SEM_UNDO}], 1) = 0`},
		{"semop partial", sc(t, "semop", -14, 5, 0x1000, 0xdefaced00000002).data(1, le(nil).u16(64206).u16(0xf00d).u16(0xbeef)).trunc(1),
			`semop(5, [{sem_num=64206, sem_op=-4083, sem_flg=SEM_UNDO|IPC_NOWAIT|0xa6ef}, ... /* 0x1006 */], 2) = -1 EFAULT (Bad address)`},
		{"msgsnd", sc(t, "msgsnd", 0, 5, 0x1000, 14, 0).data(1, append(le(nil).u64(42), "abc"...)), `msgsnd(5, {mtype=42, mtext="abc"...}, 14, 0) = 0`},
		{"msgrcv", sc(t, "msgrcv", 3, 5, 0x1000, 3, 0xffffffffffffffd6, 04000).data(1, append(le(nil).u64(42), "abc"...)), `msgrcv(5, {mtype=42, mtext="abc"}, 3, -42, IPC_NOWAIT) = 3`},
		{"quotactl_fd getfmt", sc(t, "quotactl_fd", 0, 3, 0x80000400, 0, 0x1000).data(3, le(nil).u32(2)), `quotactl_fd(3, QCMD(Q_GETFMT, USRQUOTA), [QFMT_VFS_V0]) = 0`},
		{"quotactl_fd bad", sc(t, "quotactl_fd", -9, 0xffffffff, 0x80000401, 0, 0x1ffc), `quotactl_fd(-1, QCMD(Q_GETFMT, GRPQUOTA), 0x1ffc) = -1 EBADF (Bad file descriptor)`},
		{"kexec_load", sc(t, "kexec_load", -38, 0, 1, 0x1000, 0x2a0003).data(2, le(nil).u64(0).u64(1).u64(0x2000).u64(2)),
			`kexec_load(NULL, 1, [{buf=NULL, bufsz=1, mem=0x2000, memsz=2}], KEXEC_ARCH_SH|KEXEC_ON_CRASH|KEXEC_PRESERVE_CONTEXT) = -1 ENOSYS (Function not implemented)`},
		{"kexec_load bogus", sc(t, "kexec_load", -38, 0, 17, 0x1000, 0xbadc0dedda7a1054),
			`kexec_load(NULL, 17, 0x1000, 0xda7a0000 /* KEXEC_ARCH_??? */|0xbadc0ded00001054 /* KEXEC_??? */) = -1 ENOSYS (Function not implemented)`},
		{"quotactl quotaon", sc(t, "quotactl", -2, 0x80000200, 0x1000, 1, 0x2000).str(1, "/dev/bogus/").str(3, "/tmp/bogus/\x00junk"),
			`quotactl(QCMD(Q_QUOTAON, USRQUOTA), "/dev/bogus/", QFMT_VFS_OLD, "/tmp/bogus/") = -1 ENOENT (No such file or directory)`},
		{"quotactl setinfo", sc(t, "quotactl", -2, 0x80000600, 0x1000, 0, 0x2000).str(1, "/dev/bogus/").data(3, le(nil).u64(1).u64(2).u32(0x10001).u32(4)),
			`quotactl(QCMD(Q_SETINFO, USRQUOTA), "/dev/bogus/", {dqi_bgrace=1, dqi_igrace=2, dqi_flags=DQF_ROOT_SQUASH|DQF_SYS_FILE, dqi_valid=IIF_FLAGS}) = -1 ENOENT (No such file or directory)`},
		{"quotactl getquota", sc(t, "quotactl", 0, 0x80000700, 0x1000, 0, 0x2000).str(1, "/dev/sda1").data(3, le(nil).u64(1).u64(2).u64(3).u64(4).u64(5).u64(6).pad(20)),
			`quotactl(QCMD(Q_GETQUOTA, USRQUOTA), "/dev/sda1", 0, {dqb_bhardlimit=1, dqb_bsoftlimit=2, dqb_curspace=3, dqb_ihardlimit=4, dqb_isoftlimit=5, dqb_curinodes=6, ...}) = 0`},
		{"quotactl xquotaon", sc(t, "quotactl", -2, 0x580100, 0x1000, 0, 0x2000).str(1, "/dev/bogus/").data(3, le(nil).u32(0x23)),
			`quotactl(QCMD(Q_XQUOTAON, USRQUOTA), "/dev/bogus/", [FS_QUOTA_UDQ_ACCT|FS_QUOTA_UDQ_ENFD|FS_QUOTA_PDQ_ENFD]) = -1 ENOENT (No such file or directory)`},
		{"quotactl xgetqstat", sc(t, "quotactl", 0, 0x580500, 0x1000, 0, 0x2000).str(1, "/dev/sda1").data(3, append([]byte{0xff}, make([]byte, 79)...)),
			`quotactl(QCMD(Q_XGETQSTAT, USRQUOTA), "/dev/sda1", {qs_version=-1, ...}) = 0`},
		{"shmat", sc(t, "shmat", 0x7f4e05d6f000, 5, 0, 0x9000), `shmat(5, NULL, SHM_RDONLY|SHM_EXEC) = 0x7f4e05d6f000`},
		{"delete_module", sc(t, "delete_module", -38, 0, 0xfacef157deade71c), `delete_module(NULL, O_TRUNC|0xdeade51c) = -1 ENOSYS (Function not implemented)`},
		{"finit_module", sc(t, "finit_module", -38, 0xffffffff00000000, 0, 0xffffffff00000002), `finit_module(0, NULL, MODULE_INIT_IGNORE_VERMAGIC) = -1 ENOSYS (Function not implemented)`},
		{"kexec_file_load", sc(t, "kexec_file_load", -38, 3, 4, 6, 0x1000, 0xdeadbeef).str(3, "abcdef"),
			`kexec_file_load(3, 4, 6, "abcdef", KEXEC_FILE_UNLOAD|KEXEC_FILE_ON_CRASH|KEXEC_FILE_NO_INITRAMFS|0xdeadbee8) = -1 ENOSYS (Function not implemented)`},
		{"add_key", sc(t, "add_key", -14, 0, 0, 0, 0, 0xffffffff), `add_key(NULL, NULL, NULL, 0, KEY_SPEC_THREAD_KEYRING) = -1 EFAULT (Bad address)`},
		{"request_key", sc(t, "request_key", -14, 0x1000, 0, 0, 0xb669fd2e).str(0, "user"), `request_key("user", NULL, NULL, -1234567890) = -1 EFAULT (Bad address)`},
	}
	d := New(Options{StringLimit: DefaultStringLimit})
	for _, c := range cases {
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
