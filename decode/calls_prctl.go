package decode

import (
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// prctl and arch_prctl, option by option as strace 6.1 prints them.

// prctl options the decoder tells apart.
const (
	prSetPdeathsig          = 1
	prGetPdeathsig          = 2
	prGetDumpable           = 3
	prSetDumpable           = 4
	prGetUnalign            = 5
	prSetUnalign            = 6
	prGetKeepcaps           = 7
	prSetKeepcaps           = 8
	prGetFpemu              = 9
	prSetFpemu              = 10
	prGetFpexc              = 11
	prSetFpexc              = 12
	prGetTiming             = 13
	prSetTiming             = 14
	prSetName               = 15
	prGetName               = 16
	prGetEndian             = 19
	prSetEndian             = 20
	prGetSeccomp            = 21
	prSetSeccomp            = 22
	prCapbsetRead           = 23
	prCapbsetDrop           = 24
	prGetTSC                = 25
	prSetTSC                = 26
	prGetSecurebits         = 27
	prSetSecurebits         = 28
	prSetTimerslack         = 29
	prGetTimerslack         = 30
	prTaskPerfEventsDisable = 31
	prTaskPerfEventsEnable  = 32
	prMCEKill               = 33
	prMCEKillGet            = 34
	prSetMM                 = 35
	prSetChildSubreaper     = 36
	prGetChildSubreaper     = 37
	prSetNoNewPrivs         = 38
	prGetTIDAddress         = 40
	prSetTHPDisable         = 41
	prSetFPMode             = 45
	prGetFPMode             = 46
	prCapAmbient            = 47
	prSVESetVL              = 50
	prSVEGetVL              = 51
	prGetSpeculationCtrl    = 52
	prSetSpeculationCtrl    = 53
	prPACResetKeys          = 54
	prSetTaggedAddrCtrl     = 55
	prGetTaggedAddrCtrl     = 56
	prSetIOFlusher          = 57
	prSetSyscallUserDisp    = 59
	prPACSetEnabledKeys     = 60
	prPACGetEnabledKeys     = 61
	prSchedCore             = 62
	prSMESetVL              = 63
	prSMEGetVL              = 64
	prSetVMA                = 0x53564d41
	prSetPtracer            = 0x59616d61
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

var prCapAmbientOps = &xlat{vals: []xv{
	{1, "PR_CAP_AMBIENT_IS_SET"}, {2, "PR_CAP_AMBIENT_RAISE"}, {3, "PR_CAP_AMBIENT_LOWER"}, {4, "PR_CAP_AMBIENT_CLEAR_ALL"},
}, dflt: "PR_CAP_AMBIENT_???"}

var prFPModes = &xlat{vals: []xv{{1, "PR_FP_MODE_FR"}, {2, "PR_FP_MODE_FRE"}}, dflt: "PR_FP_MODE_???"}

var prMCEKillOps = &xlat{vals: []xv{{0, "PR_MCE_KILL_CLEAR"}, {1, "PR_MCE_KILL_SET"}}, dflt: "PR_MCE_KILL_???"}

var prMCEKillPolicies = &xlat{vals: []xv{
	{0, "PR_MCE_KILL_LATE"}, {1, "PR_MCE_KILL_EARLY"}, {2, "PR_MCE_KILL_DEFAULT"},
}, dflt: "PR_MCE_KILL_???"}

// prPACKeys holds strace's pr_pac_enabled_keys then pr_pac_keys (the
// generic key PR_PAC_RESET_KEYS also takes).
var prPACKeys = &xlat{vals: []xv{
	{1, "PR_PAC_APIAKEY"}, {2, "PR_PAC_APIBKEY"}, {4, "PR_PAC_APDAKEY"}, {8, "PR_PAC_APDBKEY"}, {16, "PR_PAC_APGAKEY"},
}, dflt: "PR_PAC_???"}

// prPACEnabledKeys is prPACKeys without PR_PAC_APGAKEY.
var prPACEnabledKeys = &xlat{vals: prPACKeys.vals[:4], dflt: "PR_PAC_???"}

var prSchedCoreCmds = &xlat{vals: []xv{
	{0, "PR_SCHED_CORE_GET"}, {1, "PR_SCHED_CORE_CREATE"}, {2, "PR_SCHED_CORE_SHARE_TO"}, {3, "PR_SCHED_CORE_SHARE_FROM"},
}, dflt: "PR_SCHED_CORE_???"}

var prSchedCorePidTypes = &xlat{vals: []xv{
	{0, "PIDTYPE_PID"}, {1, "PIDTYPE_TGID"}, {2, "PIDTYPE_PGID"}, {3, "PIDTYPE_SID"},
}, dflt: "PIDTYPE_???"}

var prSetMMOps = &xlat{vals: []xv{
	{1, "PR_SET_MM_START_CODE"}, {2, "PR_SET_MM_END_CODE"}, {3, "PR_SET_MM_START_DATA"}, {4, "PR_SET_MM_END_DATA"},
	{5, "PR_SET_MM_START_STACK"}, {6, "PR_SET_MM_START_BRK"}, {7, "PR_SET_MM_BRK"}, {8, "PR_SET_MM_ARG_START"},
	{9, "PR_SET_MM_ARG_END"}, {10, "PR_SET_MM_ENV_START"}, {11, "PR_SET_MM_ENV_END"}, {12, "PR_SET_MM_AUXV"},
	{13, "PR_SET_MM_EXE_FILE"}, {14, "PR_SET_MM_MAP"}, {15, "PR_SET_MM_MAP_SIZE"},
}, dflt: "PR_SET_MM_???"}

var prSetVMAOps = &xlat{vals: []xv{{0, "PR_SET_VMA_ANON_NAME"}}, dflt: "PR_SET_VMA_???"}

var prSVEVLFlags = &xlat{vals: []xv{{1 << 18, "PR_SVE_SET_VL_ONEXEC"}, {1 << 17, "PR_SVE_VL_INHERIT"}}}

var prSMEVLFlags = &xlat{vals: []xv{{1 << 18, "PR_SME_SET_VL_ONEXEC"}, {1 << 17, "PR_SME_VL_INHERIT"}}}

var prSpecCmds = &xlat{vals: []xv{
	{0, "PR_SPEC_STORE_BYPASS"}, {1, "PR_SPEC_INDIRECT_BRANCH"}, {2, "PR_SPEC_L1D_FLUSH"},
}, dflt: "PR_SPEC_???"}

var prSpecGetFlags = &xlat{vals: []xv{
	{0, "PR_SPEC_NOT_AFFECTED"}, {1, "PR_SPEC_PRCTL"}, {2, "PR_SPEC_ENABLE"}, {4, "PR_SPEC_DISABLE"},
	{8, "PR_SPEC_FORCE_DISABLE"}, {16, "PR_SPEC_DISABLE_NOEXEC"},
}}

var prSpecSetValues = &xlat{vals: prSpecGetFlags.vals[2:], dflt: "PR_SPEC_???"}

var prSUDCmds = &xlat{vals: []xv{{0, "PR_SYS_DISPATCH_OFF"}, {1, "PR_SYS_DISPATCH_ON"}}, dflt: "PR_SYS_DISPATCH_???"}

var prTaggedAddrEnable = &xlat{vals: []xv{{0, "!PR_TAGGED_ADDR_ENABLE"}, {1, "PR_TAGGED_ADDR_ENABLE"}}}

var prMTETCF = &xlat{vals: []xv{
	{0, "PR_MTE_TCF_NONE"}, {2, "PR_MTE_TCF_SYNC"}, {4, "PR_MTE_TCF_ASYNC"}, {6, "PR_MTE_TCF_MASK"},
}}

var prTSCModes = &xlat{vals: []xv{{1, "PR_TSC_ENABLE"}, {2, "PR_TSC_SIGSEGV"}}, dflt: "PR_TSC_???"}

var prUnalignFlags = &xlat{vals: []xv{{1, "PR_UNALIGN_NOPRINT"}, {2, "PR_UNALIGN_SIGBUS"}}, dflt: "PR_UNALIGN_???"}

var seccompModes = &xlat{vals: []xv{
	{0, "SECCOMP_MODE_DISABLED"}, {1, "SECCOMP_MODE_STRICT"}, {2, "SECCOMP_MODE_FILTER"},
}, dflt: "SECCOMP_MODE_???"}

var secureBits = &xlat{vals: []xv{
	{1 << 0, "SECBIT_NOROOT"}, {1 << 1, "SECBIT_NOROOT_LOCKED"}, {1 << 2, "SECBIT_NO_SETUID_FIXUP"},
	{1 << 3, "SECBIT_NO_SETUID_FIXUP_LOCKED"}, {1 << 4, "SECBIT_KEEP_CAPS"}, {1 << 5, "SECBIT_KEEP_CAPS_LOCKED"},
	{1 << 6, "SECBIT_NO_CAP_AMBIENT_RAISE"}, {1 << 7, "SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED"},
}, dflt: "SECBIT_???"}

// taskCommLen is the kernel's TASK_COMM_LEN.
const taskCommLen = 16

// prctlArgsFrom prints arguments first..4 in hex, as strace's
// print_prctl_args.
func (d *Decoder) prctlArgsFrom(b []byte, ev *trace.Event, first int) []byte {
	for i := first; i < 5; i++ {
		b = d.sep(b)
		b = appendHex(b, ev.Args[i])
	}
	return b
}

// prctlAtExit reports whether strace prints option's last argument only
// when the call returns (a pointer the kernel fills).
func prctlAtExit(opt uint32, ev *trace.Event) bool {
	switch opt {
	case prGetChildSubreaper, prGetEndian, prGetFpemu, prGetFpexc, prGetName,
		prGetPdeathsig, prGetTIDAddress, prGetTSC, prGetUnalign:
		return true
	case prSchedCore:
		return uint32(ev.Args[1]) == 0 // PR_SCHED_CORE_GET
	}
	return false
}

// enumAs prints an enumeration value in style s, whatever -X says.
func (d *Decoder) enumAs(b []byte, x *xlat, v uint64, s XlatStyle) []byte {
	saved := d.opts.Xlat
	d.opts.Xlat = s
	b = d.enum(b, x, v)
	d.opts.Xlat = saved
	return b
}

// flagsAs prints a flag set in style s, whatever -X says.
func (d *Decoder) flagsAs(b []byte, x *xlat, v uint64, s XlatStyle) []byte {
	saved := d.opts.Xlat
	d.opts.Xlat = s
	b = d.flags(b, x, v)
	d.opts.Xlat = saved
	return b
}

// verboseUnlessRaw is the style strace forces on some constants: names
// with their numbers, or the numbers alone under -X raw.
func (d *Decoder) verboseUnlessRaw() XlatStyle {
	if d.opts.Xlat == XlatRaw {
		return XlatRaw
	}
	return XlatVerbose
}

// appendAuxFlags appends " (NAMES)" after a result, as strace's
// sprintflags in its auxiliary-string mode: nothing under -X raw or when
// no name matches, else the names and any remaining bits in hex.
func (d *Decoder) appendAuxFlags(b []byte, x *xlat, v uint64) []byte {
	if d.opts.Xlat == XlatRaw {
		return b
	}
	if v == 0 {
		if len(x.vals) > 0 && x.vals[0].v == 0 {
			b = append(b, " ("...)
			b = append(b, x.vals[0].s...)
			return append(b, ')')
		}
		return b
	}
	named := false
	for i := range x.vals {
		if e := &x.vals[i]; e.v != 0 && v&e.v == e.v {
			named = true
			break
		}
	}
	if !named {
		return b
	}
	b = append(b, " ("...)
	b, _ = appendFlagsOnly(b, x, v)
	return append(b, ')')
}

// appendAuxName appends " (NAME)" when x names v, as strace's xlookup
// result notes (whatever -X says).
func appendAuxName(b []byte, x *xlat, v uint64) []byte {
	if s, ok := x.lookup(v); ok {
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	return b
}

// appendVectorLength prints an SVE or SME vector length word (flags in the
// bits above 0xffff) as strace's sprint_sve_val/sprint_sme_val: for an
// argument (aux false) "FLAGS|0xVL", "0xVL", or under -X the number
// (verbose: with that text in a comment); for a result note (aux true)
// " (FLAGS|0xVL)" when flags are set and -X is not raw.
func (d *Decoder) appendVectorLength(b []byte, x *xlat, v uint64, aux bool) []byte {
	if d.opts.Xlat == XlatRaw {
		if aux {
			return b
		}
		return appendHex(b, v)
	}
	vl, fl := v&0xffff, v&^0xffff
	if fl == 0 && aux {
		return b
	}
	verbose := !aux && fl != 0 && d.opts.Xlat == XlatVerbose
	switch {
	case aux:
		b = append(b, " ("...)
	case verbose:
		b = appendHex(b, v)
		b = append(b, " /* "...)
	}
	if fl != 0 {
		b, _ = appendFlagsOnly(b, x, fl)
		b = append(b, '|')
	}
	b = appendHex(b, vl)
	switch {
	case aux:
		b = append(b, ')')
	case verbose:
		b = append(b, " */"...)
	}
	return b
}

// appendTaggedAddr prints a PR_SET_TAGGED_ADDR_CTRL word as strace's
// sprint_tagged_addr_val: the enable bit, the MTE fault mode, the MTE tag
// mask and any other bits; as an argument (ret false) under -X it is the
// number (verbose: with the text in a comment); as a result note (ret
// true) " (TEXT)", none under -X raw.
func (d *Decoder) appendTaggedAddr(b []byte, v uint64, ret bool) []byte {
	const tagShift = 3
	const tagMask = 0xffff << tagShift
	if !ret && d.opts.Xlat != XlatAbbrev {
		b = appendHex(b, v)
	}
	if d.opts.Xlat == XlatRaw {
		return b
	}
	switch {
	case ret:
		b = append(b, " ("...)
	case d.opts.Xlat == XlatVerbose:
		b = append(b, " /* "...)
	}
	b, _ = appendFlagsOnly(b, prTaggedAddrEnable, v&1)
	b = append(b, '|')
	b = appendEnum(b, prMTETCF, v&6)
	if tag := v & tagMask; tag != 0 {
		b = append(b, '|')
		b = appendHex(b, tag>>tagShift)
		b = append(b, "<<PR_MTE_TAG_SHIFT"...)
	}
	if rest := v &^ (1 | 6 | tagMask); rest != 0 {
		b = append(b, '|')
		b = appendHex(b, rest)
	}
	switch {
	case ret:
		b = append(b, ')')
	case d.opts.Xlat == XlatVerbose:
		b = append(b, " */"...)
	}
	return b
}

func enterPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	opt := uint32(ev.Args[0])
	b = d.enum(b, prctlOptions, uint64(opt))
	arg2, arg3 := ev.Args[1], ev.Args[2]
	switch opt {
	case prGetKeepcaps, prGetSeccomp, prGetTimerslack, prGetTiming,
		prGetDumpable, prGetSecurebits, prGetFPMode, prSVEGetVL, prSMEGetVL,
		prTaskPerfEventsDisable, prTaskPerfEventsEnable:
		return b
	case prSetKeepcaps, prSetChildSubreaper, prSetEndian, prSetFpemu, prSetFpexc, prSetTiming:
		b = d.sep(b)
		return appendUint(b, arg2)
	case prSetDumpable:
		b = d.sep(b)
		return d.enum(b, prDumpable, arg2)
	case prCapbsetRead, prCapbsetDrop:
		b = d.sep(b)
		return d.enum(b, capNames, arg2)
	case prCapAmbient:
		b = d.sep(b)
		b = d.enum(b, prCapAmbientOps, arg2)
		switch arg2 {
		case 1, 2, 3: // PR_CAP_AMBIENT_IS_SET, _RAISE, _LOWER
			b = d.sep(b)
			b = d.enum(b, capNames, arg3)
			return d.prctlArgsFrom(b, ev, 3)
		}
		return d.prctlArgsFrom(b, ev, 2)
	case prMCEKill:
		b = d.sep(b)
		b = d.enum(b, prMCEKillOps, arg2)
		b = d.sep(b)
		if arg2 == 1 { // PR_MCE_KILL_SET
			b = d.enum(b, prMCEKillPolicies, arg3)
		} else {
			b = appendHex(b, arg3)
		}
		return d.prctlArgsFrom(b, ev, 3)
	case prSetName:
		b = d.sep(b)
		return d.appendCommArg(b, ev, taskCommLen-1)
	case prSetVMA:
		b = d.sep(b)
		b = d.enum(b, prSetVMAOps, arg2)
		if arg2 != 0 { // not PR_SET_VMA_ANON_NAME
			return d.prctlArgsFrom(b, ev, 2)
		}
		b = d.sep(b)
		b = appendPtr(b, arg3)
		b = d.sep(b)
		b = appendUint(b, ev.Args[3])
		b = d.sep(b)
		return d.appendVMAName(b, ev)
	case prSetMM:
		b = d.sep(b)
		b = d.enum(b, prSetMMOps, uint64(uint32(arg2)))
		return d.prctlArgsFrom(b, ev, 2)
	case prSetPdeathsig:
		b = d.sep(b)
		if arg2 > 128 {
			return appendUint(b, arg2)
		}
		return d.signal(b, int64(arg2))
	case prSetPtracer:
		b = d.sep(b)
		if int32(arg2) == -1 {
			mark := len(b)
			b = append(b, "PR_SET_PTRACER_ANY"...)
			return d.restyle(b, mark, ^uint64(0), numDecimal) // -1
		}
		return d.appendPid(b, ev, int32(arg2), syscalls.PidTGID)
	case prSetSeccomp:
		b = d.sep(b)
		b = d.enum(b, seccompModes, arg2)
		switch arg2 {
		case 1: // SECCOMP_MODE_STRICT
			return b
		case 2: // SECCOMP_MODE_FILTER
			b = d.sep(b)
			return d.appendFprog(b, ev, 2, printSeccompK)
		}
		return d.prctlArgsFrom(b, ev, 2)
	case prSetSecurebits:
		b = d.sep(b)
		return d.flags(b, secureBits, arg2)
	case prSetTimerslack:
		b = d.sep(b)
		return appendInt(b, int64(arg2))
	case prSetTSC:
		b = d.sep(b)
		return d.enum(b, prTSCModes, uint64(uint32(arg2)))
	case prSetUnalign:
		b = d.sep(b)
		return d.flags(b, prUnalignFlags, uint64(uint32(arg2)))
	case prSetNoNewPrivs, prSetTHPDisable, prSetIOFlusher:
		b = d.sep(b)
		b = appendUint(b, arg2)
		return d.prctlArgsFrom(b, ev, 2)
	case prSetFPMode:
		b = d.sep(b)
		return d.flags(b, prFPModes, uint64(uint32(arg2)))
	case prSVESetVL:
		b = d.sep(b)
		return d.appendVectorLength(b, prSVEVLFlags, arg2, false)
	case prSMESetVL:
		b = d.sep(b)
		return d.appendVectorLength(b, prSMEVLFlags, arg2, false)
	case prGetSpeculationCtrl:
		b = d.sep(b)
		return d.enum(b, prSpecCmds, arg2)
	case prSetSpeculationCtrl:
		b = d.sep(b)
		b = d.enum(b, prSpecCmds, arg2)
		b = d.sep(b)
		if arg2 <= 2 { // PR_SPEC_STORE_BYPASS, _INDIRECT_BRANCH, _L1D_FLUSH
			return d.enum(b, prSpecSetValues, arg3)
		}
		return appendHex(b, arg3)
	case prSetTaggedAddrCtrl:
		b = d.sep(b)
		b = d.appendTaggedAddr(b, arg2, false)
		return d.prctlArgsFrom(b, ev, 2)
	case prPACResetKeys:
		b = d.sep(b)
		b = d.flags(b, prPACKeys, arg2)
		return d.prctlArgsFrom(b, ev, 2)
	case prPACSetEnabledKeys:
		b = d.sep(b)
		b = d.flags(b, prPACEnabledKeys, arg2)
		b = d.sep(b)
		b = d.flags(b, prPACEnabledKeys, arg3)
		return d.prctlArgsFrom(b, ev, 3)
	case prSetSyscallUserDisp:
		b = d.sep(b)
		b = d.enum(b, prSUDCmds, arg2)
		b = d.sep(b)
		b = appendHex(b, arg3)
		b = d.sep(b)
		b = appendHex(b, ev.Args[3])
		b = d.sep(b)
		return appendPtr(b, ev.Args[4])
	case prSchedCore:
		b = d.sep(b)
		b = d.enum(b, prSchedCoreCmds, uint64(uint32(arg2)))
		b = d.sep(b)
		kind := syscalls.PidNone
		if t := uint32(ev.Args[3]); t < 4 { // PIDTYPE_PID, _TGID, _PGID, _SID
			kind = [...]syscalls.PidKind{syscalls.PidTID, syscalls.PidTGID, syscalls.PidPGID, syscalls.PidSID}[t]
		}
		b = d.appendPid(b, ev, int32(arg3), kind)
		b = d.sep(b)
		b = d.enumAs(b, prSchedCorePidTypes, uint64(uint32(ev.Args[3])), d.verboseUnlessRaw())
		b = d.sep(b)
		if uint32(arg2) == 0 { // PR_SCHED_CORE_GET: the cookie, at exit
			return b
		}
		return appendPtr(b, ev.Args[4])
	}
	if prctlAtExit(opt, ev) {
		return d.sep(b)
	}
	return d.prctlArgsFrom(b, ev, 1)
}

// appendCommArg prints prctl's task name argument as strace's printstr_ex
// with a length of n and a NUL-terminated string.
func (d *Decoder) appendCommArg(b []byte, ev *trace.Event, n int) []byte {
	return d.appendBoundedStr(b, ev, 1, n)
}

// appendBoundedStr prints argument i, a NUL-terminated string of at most
// n bytes (n < 0: no bound but -s), from a capture of its first bytes, as
// strace's printstr_ex: the address when the bytes strace would read were
// not all readable.
func (d *Decoder) appendBoundedStr(b []byte, ev *trace.Event, i, n int) []byte {
	addr := ev.Args[i]
	if addr == 0 {
		return append(b, "NULL"...)
	}
	cp, ok := capOK(d.whole(ev), i)
	if !ok {
		return appendPtr(b, addr)
	}
	limit := d.opts.StringLimit
	size := limit + 1
	if n >= 0 && size > n {
		size = n
	}
	p := cp.Data
	nul := -1
	for j := 0; j < len(p) && j < size; j++ {
		if p[j] == 0 {
			nul = j
			break
		}
	}
	if nul < 0 && len(p) < size {
		return appendPtr(b, addr) // the read would have faulted
	}
	shown := min(size, limit)
	if nul >= 0 && nul < shown {
		return d.appendQuoted(b, p[:nul], false)
	}
	b = d.appendQuoted(b, p[:shown], false)
	if size > limit && nul == limit {
		return b
	}
	return append(b, "..."...)
}

// appendVMAName prints PR_SET_VMA_ANON_NAME's name (argument 5).
func (d *Decoder) appendVMAName(b []byte, ev *trace.Event) []byte {
	return d.appendBoundedStr(b, ev, 4, -1)
}

func exitPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	opt := uint32(ev.Args[0])
	if !prctlAtExit(opt, ev) {
		return b
	}
	if opt == prSchedCore {
		return d.appendIntRef(b, ev, 4, 8, false)
	}
	arg2 := ev.Args[1]
	if failed(ev) {
		return appendPtr(b, arg2)
	}
	switch opt {
	case prGetName:
		return d.appendCommArg(b, ev, taskCommLen)
	case prGetTIDAddress:
		return d.appendIntRef(b, ev, 1, 8, true)
	}
	cp, ok := capOK(ev, 1)
	if !ok || len(cp.Data) < 4 {
		return appendPtr(b, arg2)
	}
	v := uint64(le32(cp.Data, 0))
	b = append(b, '[')
	switch opt {
	case prGetPdeathsig:
		b = d.signal(b, int64(int32(v)))
	case prGetTSC:
		b = d.enum(b, prTSCModes, v)
	case prGetUnalign:
		b = d.flags(b, prUnalignFlags, v)
	default:
		b = appendUint(b, v)
	}
	return append(b, ']')
}

// appendIntRef prints the size-byte integer argument i points to, at exit,
// as strace's printnum_int64 (hex) or, with ptr, printnum_kptr: the
// address when the call failed or the integer is unreadable.
func (d *Decoder) appendIntRef(b []byte, ev *trace.Event, i, size int, ptr bool) []byte {
	addr := ev.Args[i]
	cp, ok := capOK(ev, i)
	if addr == 0 || failed(ev) || !ok || len(cp.Data) < size {
		return appendPtr(b, addr)
	}
	v := le64(cp.Data, 0)
	b = append(b, '[')
	if ptr {
		b = appendPtr(b, v)
	} else {
		b = appendHex(b, v)
	}
	return append(b, ']')
}

func retPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	r := uint64(ev.Ret)
	switch uint32(ev.Args[0]) {
	case prGetDumpable:
		return appendAuxName(appendRetValue(b, c.retType, ev.Ret), prDumpable, r)
	case prMCEKillGet:
		return appendAuxName(appendRetValue(b, c.retType, ev.Ret), prMCEKillPolicies, r)
	case prGetSecurebits:
		if r != 0 {
			return d.appendAuxFlags(appendHex(b, r), secureBits, r)
		}
	case prGetFPMode:
		if r != 0 {
			return d.appendAuxFlags(appendHex(b, r), prFPModes, r)
		}
	case prSVESetVL, prSVEGetVL:
		if r != 0 {
			return d.appendVectorLength(appendHex(b, r), prSVEVLFlags, r, true)
		}
	case prSMESetVL, prSMEGetVL:
		if r != 0 {
			return d.appendVectorLength(appendHex(b, r), prSMEVLFlags, r, true)
		}
	case prGetSpeculationCtrl:
		if ev.Args[1] <= 2 { // PR_SPEC_STORE_BYPASS, _INDIRECT_BRANCH, _L1D_FLUSH
			return d.appendAuxFlags(appendHex(b, r), prSpecGetFlags, r)
		}
	case prGetTaggedAddrCtrl:
		b = appendHex(b, r)
		if d.opts.Xlat == XlatRaw {
			return b
		}
		return d.appendTaggedAddr(b, r, true)
	case prPACGetEnabledKeys:
		return d.appendAuxFlags(appendHex(b, r), prPACEnabledKeys, r)
	}
	return appendRetValue(b, c.retType, ev.Ret)
}

// x86 arch_prctl codes the decoder tells apart.
const (
	archGetFS             = 0x1003
	archGetGS             = 0x1004
	archGetCPUID          = 0x1011
	archGetXcompSupp      = 0x1021
	archGetXcompPerm      = 0x1022
	archReqXcompPerm      = 0x1023
	archGetXcompGuestPerm = 0x1024
	archReqXcompGuestPerm = 0x1025
)

// x86XFeatures names XSAVE feature masks (strace's x86_xfeatures).
var x86XFeatures = &xlat{vals: []xv{
	{0x3, "XFEATURE_MASK_FPSSE"}, {1 << 0, "XFEATURE_MASK_FP"}, {1 << 1, "XFEATURE_MASK_SSE"},
	{1 << 2, "XFEATURE_MASK_YMM"}, {1 << 3, "XFEATURE_MASK_BNDREGS"}, {1 << 4, "XFEATURE_MASK_BNDCSR"},
	{0xe0, "XFEATURE_MASK_AVX512"}, {1 << 5, "XFEATURE_MASK_OPMASK"}, {1 << 6, "XFEATURE_MASK_ZMM_Hi256"},
	{1 << 7, "XFEATURE_MASK_Hi16_ZMM"}, {1 << 8, "XFEATURE_MASK_PT"}, {1 << 9, "XFEATURE_MASK_PKRU"},
	{1 << 10, "XFEATURE_MASK_PASID"}, {1 << 15, "XFEATURE_MASK_LBR"}, {0x60000, "XFEATURE_MASK_XTILE"},
	{1 << 17, "XFEATURE_MASK_XTILE_CFG"}, {1 << 18, "XFEATURE_MASK_XTILE_DATA"},
}, dflt: "XFEATURE_MASK_???"}

// x86XFeatureBits names XSAVE feature numbers (strace's x86_xfeature_bits).
var x86XFeatureBits = &xlat{vals: []xv{
	{0, "XFEATURE_FP"}, {1, "XFEATURE_SSE"}, {2, "XFEATURE_YMM"}, {3, "XFEATURE_BNDREGS"},
	{4, "XFEATURE_BNDCSR"}, {5, "XFEATURE_OPMASK"}, {6, "XFEATURE_ZMM_Hi256"}, {7, "XFEATURE_Hi16_ZMM"},
	{8, "XFEATURE_PT_UNIMPLEMENTED_SO_FAR"}, {9, "XFEATURE_PKRU"}, {10, "XFEATURE_PASID"},
	{15, "XFEATURE_LBR"}, {17, "XFEATURE_XTILE_CFG"}, {18, "XFEATURE_XTILE_DATA"},
}, dflt: "XFEATURE_???"}

// enterArchPrctl prints arch_prctl's code and, unless it is printed at
// exit, its argument: none for ARCH_GET_CPUID, a feature number for the
// permission requests, hex otherwise.
func enterArchPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	code := uint32(ev.Args[0])
	b = d.enum(b, archPrctlCodes, uint64(code))
	switch code {
	case archGetCPUID:
		return b
	case archGetFS, archGetGS, archGetXcompSupp, archGetXcompPerm, archGetXcompGuestPerm:
		return d.sep(b)
	case archReqXcompPerm, archReqXcompGuestPerm:
		b = d.sep(b)
		return d.enumAs(b, x86XFeatureBits, ev.Args[1], d.verboseUnlessRaw())
	}
	b = d.sep(b)
	return appendHex(b, ev.Args[1])
}

// exitArchPrctl prints what the ARCH_GET_* codes store: a base address,
// or a feature mask.
func exitArchPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	switch uint32(ev.Args[0]) {
	case archGetFS, archGetGS:
		return d.appendIntRef(b, ev, 1, 8, true)
	case archGetXcompSupp, archGetXcompPerm, archGetXcompGuestPerm:
		addr := ev.Args[1]
		cp, ok := capOK(ev, 1)
		if addr == 0 || failed(ev) || !ok || len(cp.Data) < 8 {
			return appendPtr(b, addr)
		}
		b = append(b, '[')
		b = d.flagsAs(b, x86XFeatures, le64(cp.Data, 0), d.verboseUnlessRaw())
		return append(b, ']')
	}
	return b
}

// retArchPrctl prints the feature mask the permission requests return.
func retArchPrctl(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	switch uint32(ev.Args[0]) {
	case archReqXcompPerm, archReqXcompGuestPerm:
		if ev.Ret > 0 {
			return d.appendAuxFlags(appendHex(b, uint64(ev.Ret)), x86XFeatures, uint64(ev.Ret))
		}
	}
	return appendRetValue(b, c.retType, ev.Ret)
}
