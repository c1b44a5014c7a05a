package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// SysV IPC: msgget, semget, shmget, msgctl, semctl, shmctl, semop,
// semtimedop (sembuf arrays), as strace 6.1 prints them.

var ipcPrivate = &xlat{vals: []xv{{0, "IPC_PRIVATE"}}}

// ipcResourceFlags are the IPC_* bits of msgget's and semget's flags.
var ipcResourceFlags = &xlat{vals: []xv{{01000, "IPC_CREAT"}, {02000, "IPC_EXCL"}, {04000, "IPC_NOWAIT"}}}

// shmResourceFlags are the bits of shmget's flags.
var shmResourceFlags = &xlat{vals: []xv{{01000, "IPC_CREAT"}, {02000, "IPC_EXCL"}, {04000, "SHM_HUGETLB"}, {010000, "SHM_NORESERVE"}}}

var shmHugeShift = &xlat{vals: []xv{{26, "SHM_HUGE_SHIFT"}}}

// shmFlags are shmat's flags.
var shmFlags = &xlat{vals: []xv{{010000, "SHM_RDONLY"}, {020000, "SHM_RND"}, {040000, "SHM_REMAP"}, {0100000, "SHM_EXEC"}}, dflt: "SHM_???"}

// semopFlags are a sembuf's sem_flg bits.
var semopFlags = &xlat{vals: []xv{{0x1000, "SEM_UNDO"}, {04000, "IPC_NOWAIT"}}, dflt: "SEM_???"}

var ipc64Flag = &xlat{vals: []xv{{0x100, "IPC_64"}}}

var msgctlCmds = &xlat{vals: []xv{
	{0, "IPC_RMID"}, {1, "IPC_SET"}, {2, "IPC_STAT"}, {3, "IPC_INFO"},
	{11, "MSG_STAT"}, {12, "MSG_INFO"}, {13, "MSG_STAT_ANY"},
}, dflt: "MSG_???"}

var semctlCmds = &xlat{vals: []xv{
	{0, "IPC_RMID"}, {1, "IPC_SET"}, {2, "IPC_STAT"}, {3, "IPC_INFO"},
	{11, "GETPID"}, {12, "GETVAL"}, {13, "GETALL"}, {14, "GETNCNT"}, {15, "GETZCNT"},
	{16, "SETVAL"}, {17, "SETALL"}, {18, "SEM_STAT"}, {19, "SEM_INFO"}, {20, "SEM_STAT_ANY"},
}, dflt: "SEM_???"}

var shmctlCmds = &xlat{vals: []xv{
	{0, "IPC_RMID"}, {1, "IPC_SET"}, {2, "IPC_STAT"}, {3, "IPC_INFO"},
	{11, "SHM_LOCK"}, {12, "SHM_UNLOCK"}, {13, "SHM_STAT"}, {14, "SHM_INFO"}, {15, "SHM_STAT_ANY"},
}, dflt: "SHM_???"}

// IPC control commands shared by the three *ctl calls.
const (
	ipcSet  = 1
	ipcStat = 2
	ipcInfo = 3
	ipc64   = 0x100
)

// appendIPCKey prints a key_t: IPC_PRIVATE or %#x.
func (d *Decoder) appendIPCKey(b []byte, v uint64) []byte {
	return d.enum(b, ipcPrivate, uint64(uint32(v)))
}

// appendIPCFlags prints the flags of msgget and semget: the IPC_* bits,
// then the permission bits in octal.
func (d *Decoder) appendIPCFlags(b []byte, v uint64) []byte {
	if v&^0777 != 0 {
		b = d.flags(b, ipcResourceFlags, v&^0777)
		b = append(b, '|')
	}
	return appendMode(b, v&0777)
}

// enterIPCGet prints msgget, semget and shmget.
func enterIPCGet(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendIPCKey(b, ev.Args[0])
	b = d.sep(b)
	switch c.name {
	case "msgget":
		return d.appendIPCFlags(b, ev.Args[1])
	case "semget":
		b = appendInt(b, int64(int32(ev.Args[1])))
		b = d.sep(b)
		return d.appendIPCFlags(b, ev.Args[2])
	}
	b = appendUint(b, ev.Args[1])
	b = d.sep(b)
	return d.appendShmgetFlags(b, ev.Args[2])
}

// appendShmgetFlags prints shmget's flags: the named bits, the huge page
// size as N<<SHM_HUGE_SHIFT, then the permission bits.
func (d *Decoder) appendShmgetFlags(b []byte, v uint64) []byte {
	const mask = 0x3f << 26
	all := uint32(v)
	flags := all &^ 0777
	huge := flags & mask
	flags &^= mask
	if flags != 0 {
		b = d.flags(b, shmResourceFlags, uint64(flags))
	}
	if huge != 0 {
		if flags != 0 {
			b = append(b, '|')
		}
		b = appendUint(b, uint64(huge>>26))
		b = append(b, "<<"...)
		mark := len(b)
		b = d.restyle(appendEnum(b, shmHugeShift, 26), mark, 26, numUnsigned)
	}
	if flags != 0 || huge != 0 {
		b = append(b, '|')
	}
	return appendMode(b, uint64(all&0777))
}

// appendIPCCmd prints a *ctl command: IPC_64| when set, then the command.
func (d *Decoder) appendIPCCmd(b []byte, x *xlat, v uint64) []byte {
	v = uint64(uint32(v))
	if v&ipc64 != 0 {
		b = d.enum(b, ipc64Flag, ipc64)
		b = append(b, '|')
	}
	return d.enum(b, x, v&^ipc64)
}

// ipcCtl describes one of msgctl, semctl, shmctl: the index of its
// command and buffer arguments, its commands, and which of them are
// printed at exit (the "stat" and "info" ones).
type ipcCtl struct {
	cmdArg, bufArg int
	cmds           *xlat
	stats, infos   []uint32
}

var (
	msgctlDesc = ipcCtl{cmdArg: 1, bufArg: 2, cmds: msgctlCmds, stats: []uint32{ipcStat, 11, 13}, infos: []uint32{ipcInfo, 12}}
	semctlDesc = ipcCtl{cmdArg: 2, bufArg: 3, cmds: semctlCmds, stats: []uint32{ipcStat, 18, 20}, infos: []uint32{ipcInfo, 19}}
	shmctlDesc = ipcCtl{cmdArg: 1, bufArg: 2, cmds: shmctlCmds, stats: []uint32{ipcStat, 13, 15}, infos: []uint32{ipcInfo, 14}}
)

func ipcCtlOf(c *call) *ipcCtl {
	switch c.name {
	case "semctl":
		return &semctlDesc
	case "shmctl":
		return &shmctlDesc
	}
	return &msgctlDesc
}

func hasCmd(list []uint32, cmd uint32) bool {
	for _, v := range list {
		if v == cmd {
			return true
		}
	}
	return false
}

// ctlCmd is the command of a *ctl call without IPC_64.
func (k *ipcCtl) cmd(ev *trace.Event) uint32 {
	return uint32(ev.Args[k.cmdArg]) &^ ipc64
}

// atExit reports whether the buffer is printed when the call returns.
func (k *ipcCtl) atExit(ev *trace.Event) bool {
	cmd := k.cmd(ev)
	return hasCmd(k.stats, cmd) || hasCmd(k.infos, cmd)
}

// enterIPCCtl prints msgctl, semctl and shmctl up to their buffer, and the
// buffer too unless the kernel fills it.
func enterIPCCtl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	k := ipcCtlOf(c)
	b = appendInt(b, int64(int32(ev.Args[0])))
	b = d.sep(b)
	if c.name == "semctl" {
		b = appendInt(b, int64(int32(ev.Args[1])))
		b = d.sep(b)
	}
	b = d.appendIPCCmd(b, k.cmds, ev.Args[k.cmdArg])
	if k.atExit(ev) {
		return b
	}
	b = d.sep(b)
	if k.cmd(ev) == ipcSet {
		return d.appendIPCDs(b, c, ev, k, ipcSet)
	}
	return appendPtr(b, ev.Args[k.bufArg])
}

// exitIPCCtl prints the buffer a stat or info command filled.
func exitIPCCtl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	k := ipcCtlOf(c)
	if !k.atExit(ev) {
		return b
	}
	b = d.sep(b)
	addr := ev.Args[k.bufArg]
	// semctl prints what it can read even after an error; the others
	// print the address.
	if addr == 0 || c.name != "semctl" && failed(ev) {
		return appendPtr(b, addr)
	}
	if hasCmd(k.stats, k.cmd(ev)) {
		return d.appendIPCDs(b, c, ev, k, k.cmd(ev))
	}
	if c.name == "semctl" && failed(ev) {
		return appendPtr(b, addr)
	}
	cp, ok := capOK(ev, k.bufArg)
	if !ok {
		return appendPtr(b, addr)
	}
	p := cp.Data
	switch c.name {
	case "msgctl":
		if len(p) < 32 {
			return appendPtr(b, addr)
		}
		return appendIntFields(b, p, msginfoFields, "msgseg")
	case "semctl":
		if len(p) < 40 {
			return appendPtr(b, addr)
		}
		return appendIntFields(b, p, seminfoFields, "")
	}
	if k.cmd(ev) == ipcInfo {
		if len(p) < 40 {
			return appendPtr(b, addr)
		}
		b = append(b, "{shmmax="...)
		b = appendUint(b, le64(p, 0))
		return append(appendU64Fields(b, p, shminfoFields), '}')
	}
	if len(p) < 48 {
		return appendPtr(b, addr)
	}
	b = append(b, "{used_ids="...)
	b = appendInt(b, int64(int32(le32(p, 0))))
	return append(appendU64Fields(b, p, shmInfoFields), '}')
}

var (
	msginfoFields = []string{"msgpool", "msgmap", "msgmax", "msgmnb", "msgmni", "msgssz", "msgtql", "msgseg"}
	seminfoFields = []string{"semmap", "semmni", "semmns", "semmnu", "semmsl", "semopm", "semume", "semusz", "semvmx", "semaem"}
	shminfoFields = []u64Field{{"shmmin", 8}, {"shmmni", 16}, {"shmseg", 24}, {"shmall", 32}}
	shmInfoFields = []u64Field{{"shm_tot", 8}, {"shm_rss", 16}, {"shm_swp", 24}, {"swap_attempts", 32}, {"swap_successes", 40}}
)

// appendIntFields prints a struct of consecutive C ints, in decimal; the
// field named unsigned is printed unsigned.
func appendIntFields(b []byte, p []byte, names []string, unsigned string) []byte {
	b = append(b, '{')
	for i, n := range names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, n...)
		b = append(b, '=')
		v := le32(p, 4*i)
		if n == unsigned {
			b = appendUint(b, uint64(v))
		} else {
			b = appendInt(b, int64(int32(v)))
		}
	}
	return append(b, '}')
}

// appendIPCPerm prints a struct ipc64_perm (the first 48 bytes of every
// *id_ds); IPC_SET shows only the fields it sets.
func appendIPCPerm(b []byte, p []byte, cmd uint32) []byte {
	b = append(b, "{uid="...)
	b = appendID(b, uint64(le32(p, 4)))
	b = append(b, ", gid="...)
	b = appendID(b, uint64(le32(p, 8)))
	b = append(b, ", mode="...)
	b = appendMode(b, uint64(le32(p, 20)))
	if cmd != ipcSet {
		b = append(b, ", key="...)
		b = appendUint(b, uint64(le32(p, 0)))
		b = append(b, ", cuid="...)
		b = appendID(b, uint64(le32(p, 12)))
		b = append(b, ", cgid="...)
		b = appendID(b, uint64(le32(p, 16)))
	}
	return append(b, '}')
}

// appendIPCDs prints the msqid64_ds, semid64_ds or shmid64_ds of a *ctl
// call's buffer.
func (d *Decoder) appendIPCDs(b []byte, c *call, ev *trace.Event, k *ipcCtl, cmd uint32) []byte {
	addr := ev.Args[k.bufArg]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(ev, k.bufArg)
	need := 96 // the end of shmid64_ds's shm_nattch
	switch c.name {
	case "msgctl":
		need = 104
	case "semctl":
		need = 88
	}
	if !ok || len(cp.Data) < need {
		return appendPtr(b, addr)
	}
	p := cp.Data
	switch c.name {
	case "msgctl":
		b = append(b, "{msg_perm="...)
		b = appendIPCPerm(b, p, cmd)
		if cmd != ipcSet {
			b = appendU64Fields(b, p, []u64Field{{"msg_stime", 48}, {"msg_rtime", 56}, {"msg_ctime", 64}, {"msg_qnum", 80}})
		}
		b = appendU64Fields(b, p, []u64Field{{"msg_qbytes", 88}})
		if cmd != ipcSet {
			b = append(b, ", msg_lspid="...)
			b = appendInt(b, int64(int32(le32(p, 96))))
			b = append(b, ", msg_lrpid="...)
			b = appendInt(b, int64(int32(le32(p, 100))))
		}
	case "semctl":
		b = append(b, "{sem_perm="...)
		b = appendIPCPerm(b, p, cmd)
		if cmd != ipcSet {
			if isARM64(ev) {
				b = appendU64Fields(b, p, []u64Field{{"sem_otime", 48}, {"sem_ctime", 56}, {"sem_nsems", 64}})
			} else {
				b = appendU64Fields(b, p, []u64Field{{"sem_otime", 48}, {"sem_ctime", 64}, {"sem_nsems", 80}})
			}
		}
	default:
		b = append(b, "{shm_perm="...)
		b = appendIPCPerm(b, p, cmd)
		if cmd != ipcSet {
			b = appendU64Fields(b, p, []u64Field{{"shm_segsz", 48}})
			b = append(b, ", shm_cpid="...)
			b = d.appendPidField(b, int32(le32(p, 80)), syscalls.PidTGID)
			b = append(b, ", shm_lpid="...)
			b = d.appendPidField(b, int32(le32(p, 84)), syscalls.PidTGID)
			b = appendU64Fields(b, p, []u64Field{{"shm_nattch", 88}, {"shm_atime", 56}, {"shm_dtime", 64}, {"shm_ctime", 72}})
		}
	}
	return append(b, '}')
}

// printSembuf prints one struct sembuf of a semop array.
func printSembuf(d *Decoder, b []byte, p []byte, ev *trace.Event) []byte {
	b = append(b, "{sem_num="...)
	b = appendUint(b, uint64(le16(p, 0)))
	b = append(b, ", sem_op="...)
	b = appendInt(b, int64(int16(le16(p, 2))))
	b = append(b, ", sem_flg="...)
	b = d.flags(b, semopFlags, uint64(le16(p, 4)))
	return append(b, '}')
}

// ipcMsgFlags are msgsnd's and msgrcv's flags.
var ipcMsgFlags = &xlat{vals: []xv{{010000, "MSG_NOERROR"}, {020000, "MSG_EXCEPT"}, {040000, "MSG_COPY"}, {04000, "IPC_NOWAIT"}}, dflt: "MSG_???"}

// appendMsgbuf prints argument 1 of msgsnd or msgrcv, a struct msgbuf
// whose mtext has count bytes; its capture holds mtype, then the text.
func (d *Decoder) appendMsgbuf(b []byte, ev *trace.Event, count uint64) []byte {
	addr := ev.Args[1]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(ev, 1)
	if !ok || len(cp.Data) < 8 || !d.verboseCall(ev) {
		return appendPtr(b, addr)
	}
	b = append(b, "{mtype="...)
	b = appendInt(b, int64(le64(cp.Data, 0)))
	b = append(b, ", mtext="...)
	b = d.appendBuf(b, cp.Data[8:], count, false)
	return append(b, '}')
}

// enterMsgsnd prints msgsnd(msqid, msgp, msgsz, msgflg).
func enterMsgsnd(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, int64(int32(ev.Args[0])))
	b = d.sep(b)
	b = d.appendMsgbuf(b, ev, ev.Args[2])
	b = d.sep(b)
	b = appendUint(b, ev.Args[2])
	b = d.sep(b)
	return d.flags(b, ipcMsgFlags, uint64(uint32(ev.Args[3])))
}

// enterMsgrcv prints msgrcv's msqid and the separator after it; the rest
// is printed at exit.
func enterMsgrcv(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = appendInt(b, int64(int32(ev.Args[0])))
	return d.sep(b)
}

// exitMsgrcv prints msgrcv's message (msgsz bytes of text, as strace
// prints them whatever the call returned), msgsz, msgtyp and msgflg.
func exitMsgrcv(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if failed(ev) {
		b = appendPtr(b, ev.Args[1])
	} else {
		b = d.appendMsgbuf(b, ev, ev.Args[2])
	}
	b = d.sep(b)
	b = appendUint(b, ev.Args[2])
	b = d.sep(b)
	b = appendInt(b, int64(ev.Args[3]))
	b = d.sep(b)
	return d.flags(b, ipcMsgFlags, uint64(uint32(ev.Args[4])))
}
