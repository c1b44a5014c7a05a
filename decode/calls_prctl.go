package decode

import (
	"github.com/sctrace/sctrace/trace"
)

var prctlOptions = &xlat{vals: []xv{
	{1, "PR_SET_PDEATHSIG"}, {2, "PR_GET_PDEATHSIG"}, {3, "PR_GET_DUMPABLE"}, {4, "PR_SET_DUMPABLE"},
	{5, "PR_GET_UNALIGN"}, {6, "PR_SET_UNALIGN"}, {7, "PR_GET_KEEPCAPS"}, {8, "PR_SET_KEEPCAPS"},
	{9, "PR_GET_FPEMU"}, {10, "PR_SET_FPEMU"}, {11, "PR_GET_FPEXC"}, {12, "PR_SET_FPEXC"},
	{13, "PR_GET_TIMING"}, {14, "PR_SET_TIMING"}, {15, "PR_SET_NAME"}, {16, "PR_GET_NAME"},
	{19, "PR_GET_ENDIAN"}, {20, "PR_SET_ENDIAN"}, {21, "PR_GET_SECCOMP"}, {22, "PR_SET_SECCOMP"},
	{23, "PR_CAPBSET_READ"}, {24, "PR_CAPBSET_DROP"}, {25, "PR_GET_TSC"}, {26, "PR_SET_TSC"},
	{27, "PR_GET_SECUREBITS"}, {28, "PR_SET_SECUREBITS"}, {29, "PR_SET_TIMERSLACK"},
	{30, "PR_GET_TIMERSLACK"}, {31, "PR_TASK_PERF_EVENTS_DISABLE"}, {32, "PR_TASK_PERF_EVENTS_ENABLE"},
	{33, "PR_MCE_KILL"}, {34, "PR_MCE_KILL_GET"}, {35, "PR_SET_MM"}, {36, "PR_SET_CHILD_SUBREAPER"},
	{37, "PR_GET_CHILD_SUBREAPER"}, {38, "PR_SET_NO_NEW_PRIVS"}, {39, "PR_GET_NO_NEW_PRIVS"},
	{40, "PR_GET_TID_ADDRESS"}, {41, "PR_SET_THP_DISABLE"}, {42, "PR_GET_THP_DISABLE"},
	{43, "PR_MPX_ENABLE_MANAGEMENT"}, {44, "PR_MPX_DISABLE_MANAGEMENT"}, {45, "PR_SET_FP_MODE"},
	{46, "PR_GET_FP_MODE"}, {47, "PR_CAP_AMBIENT"}, {50, "PR_SVE_SET_VL"}, {51, "PR_SVE_GET_VL"},
	{52, "PR_GET_SPECULATION_CTRL"}, {53, "PR_SET_SPECULATION_CTRL"}, {54, "PR_PAC_RESET_KEYS"},
	{55, "PR_SET_TAGGED_ADDR_CTRL"}, {56, "PR_GET_TAGGED_ADDR_CTRL"}, {57, "PR_SET_IO_FLUSHER"},
	{58, "PR_GET_IO_FLUSHER"}, {59, "PR_SET_SYSCALL_USER_DISPATCH"}, {60, "PR_PAC_SET_ENABLED_KEYS"},
	{61, "PR_PAC_GET_ENABLED_KEYS"}, {62, "PR_SCHED_CORE"}, {63, "PR_SME_SET_VL"}, {64, "PR_SME_GET_VL"},
	{0x53564d41, "PR_SET_VMA"}, {0x59616d61, "PR_SET_PTRACER"},
}, dflt: "PR_???"}

var capNames = &xlat{vals: []xv{
	{0, "CAP_CHOWN"}, {1, "CAP_DAC_OVERRIDE"}, {2, "CAP_DAC_READ_SEARCH"}, {3, "CAP_FOWNER"},
	{4, "CAP_FSETID"}, {5, "CAP_KILL"}, {6, "CAP_SETGID"}, {7, "CAP_SETUID"}, {8, "CAP_SETPCAP"},
	{9, "CAP_LINUX_IMMUTABLE"}, {10, "CAP_NET_BIND_SERVICE"}, {11, "CAP_NET_BROADCAST"},
	{12, "CAP_NET_ADMIN"}, {13, "CAP_NET_RAW"}, {14, "CAP_IPC_LOCK"}, {15, "CAP_IPC_OWNER"},
	{16, "CAP_SYS_MODULE"}, {17, "CAP_SYS_RAWIO"}, {18, "CAP_SYS_CHROOT"}, {19, "CAP_SYS_PTRACE"},
	{20, "CAP_SYS_PACCT"}, {21, "CAP_SYS_ADMIN"}, {22, "CAP_SYS_BOOT"}, {23, "CAP_SYS_NICE"},
	{24, "CAP_SYS_RESOURCE"}, {25, "CAP_SYS_TIME"}, {26, "CAP_SYS_TTY_CONFIG"}, {27, "CAP_MKNOD"},
	{28, "CAP_LEASE"}, {29, "CAP_AUDIT_WRITE"}, {30, "CAP_AUDIT_CONTROL"}, {31, "CAP_SETFCAP"},
	{32, "CAP_MAC_OVERRIDE"}, {33, "CAP_MAC_ADMIN"}, {34, "CAP_SYSLOG"}, {35, "CAP_WAKE_ALARM"},
	{36, "CAP_BLOCK_SUSPEND"}, {37, "CAP_AUDIT_READ"}, {38, "CAP_PERFMON"}, {39, "CAP_BPF"},
	{40, "CAP_CHECKPOINT_RESTORE"},
}, dflt: "CAP_???"}

var prDumpable = &xlat{vals: []xv{{0, "SUID_DUMP_DISABLE"}, {1, "SUID_DUMP_USER"}, {2, "SUID_DUMP_ROOT"}}, dflt: "SUID_DUMP_???"}

// prctlArgsFrom prints arguments first..4 in hex, as strace's
// print_prctl_args.
func (d *Decoder) prctlArgsFrom(b []byte, ev *trace.Event, first int) []byte {
	for i := first; i < 5; i++ {
		b = d.sep(b)
		b = appendHex(b, ev.Args[i])
	}
	return b
}

// prctlAtExit reports whether option's second argument is printed at exit.
func prctlAtExit(opt uint32) bool {
	switch opt {
	case 16, 2, 37, 9, 11, 19, 40, 25, 5: // PR_GET_NAME, _PDEATHSIG, _CHILD_SUBREAPER, ...
		return true
	}
	return false
}

func enterPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	opt := uint32(ev.Args[0])
	b = d.enum(b, prctlOptions, uint64(opt))
	arg2 := ev.Args[1]
	switch opt {
	case 7, 21, 30, 13, 31, 32, 3, 27, 46: // no arguments printed
		return b
	case 8, 36, 20, 10, 12, 14: // PR_SET_KEEPCAPS, ... : unsigned
		b = d.sep(b)
		return appendUint(b, arg2)
	case 4: // PR_SET_DUMPABLE
		b = d.sep(b)
		return d.enum(b, prDumpable, arg2)
	case 23, 24: // PR_CAPBSET_READ, PR_CAPBSET_DROP
		b = d.sep(b)
		return d.enum(b, capNames, arg2)
	case 15: // PR_SET_NAME
		b = d.sep(b)
		return d.appendCommArg(b, ev)
	case 1: // PR_SET_PDEATHSIG
		b = d.sep(b)
		if arg2 > 128 {
			return appendUint(b, arg2)
		}
		return d.signal(b, int64(arg2))
	case 0x59616d61: // PR_SET_PTRACER
		b = d.sep(b)
		if int32(arg2) == -1 {
			return append(b, "PR_SET_PTRACER_ANY"...)
		}
		return appendInt(b, int64(int32(arg2)))
	case 29: // PR_SET_TIMERSLACK
		b = d.sep(b)
		return appendInt(b, int64(arg2))
	case 38, 41, 57: // PR_SET_NO_NEW_PRIVS, PR_SET_THP_DISABLE, PR_SET_IO_FLUSHER
		b = d.sep(b)
		b = appendUint(b, arg2)
		return d.prctlArgsFrom(b, ev, 2)
	}
	if prctlAtExit(opt) {
		return d.sep(b)
	}
	return d.prctlArgsFrom(b, ev, 1)
}

// appendCommArg prints a task name argument (at most 16 bytes).
func (d *Decoder) appendCommArg(b []byte, ev *trace.Event) []byte {
	cp, ok := capOK(ev, 1)
	if ev.Args[1] == 0 {
		return append(b, "NULL"...)
	}
	if !ok {
		return appendPtr(b, ev.Args[1])
	}
	p := cp.Data
	if len(p) > 16 {
		p = p[:16]
	}
	n := 0
	for n < len(p) && p[n] != 0 {
		n++
	}
	if n == 16 {
		// No NUL in TASK_COMM_LEN bytes: strace shows 15 and "...".
		return d.appendCString(b, p[:15], true)
	}
	return d.appendCString(b, p[:n], false)
}

func exitPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	opt := uint32(ev.Args[0])
	if !prctlAtExit(opt) {
		return b
	}
	arg2 := ev.Args[1]
	if failed(ev) {
		return appendPtr(b, arg2)
	}
	cp, ok := capOK(ev, 1)
	if !ok || len(cp.Data) < 4 {
		return appendPtr(b, arg2)
	}
	switch opt {
	case 16: // PR_GET_NAME
		return d.appendCommArg(b, ev)
	case 2: // PR_GET_PDEATHSIG
		b = append(b, '[')
		b = d.signal(b, int64(int32(le32(cp.Data, 0))))
		return append(b, ']')
	case 40: // PR_GET_TID_ADDRESS
		b = append(b, '[')
		b = appendPtr(b, le64(cp.Data, 0))
		return append(b, ']')
	}
	b = append(b, '[')
	b = appendUint(b, uint64(le32(cp.Data, 0)))
	return append(b, ']')
}

func retPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if uint32(ev.Args[0]) == 3 { // PR_GET_DUMPABLE
		b = appendRetValue(b, c.retType, ev.Ret)
		if s, ok := prDumpable.lookup(uint64(ev.Ret)); ok {
			b = append(b, " ("...)
			b = append(b, s...)
			b = append(b, ')')
		}
		return b
	}
	return appendRetValue(b, c.retType, ev.Ret)
}
