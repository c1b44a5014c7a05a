package decode

import "github.com/sctrace/sctrace/trace"

// Value tables of ptrace(2), from strace 6.1's xlat/ptrace_*.in and
// xlat/nt_descriptor_types.in.

// ptraceCmdsGeneric are the requests every architecture numbers alike.
var ptraceCmdsGeneric = []xv{
	{0, "PTRACE_TRACEME"}, {0x1, "PTRACE_PEEKTEXT"}, {0x2, "PTRACE_PEEKDATA"}, {0x3, "PTRACE_PEEKUSER"},
	{0x4, "PTRACE_POKETEXT"}, {0x5, "PTRACE_POKEDATA"}, {0x6, "PTRACE_POKEUSER"}, {0x7, "PTRACE_CONT"},
	{0x8, "PTRACE_KILL"}, {0x9, "PTRACE_SINGLESTEP"}, {0x10, "PTRACE_ATTACH"}, {0x11, "PTRACE_DETACH"},
	{0x18, "PTRACE_SYSCALL"},
	{0x4200, "PTRACE_SETOPTIONS"}, {0x4201, "PTRACE_GETEVENTMSG"}, {0x4202, "PTRACE_GETSIGINFO"},
	{0x4203, "PTRACE_SETSIGINFO"}, {0x4204, "PTRACE_GETREGSET"}, {0x4205, "PTRACE_SETREGSET"},
	{0x4206, "PTRACE_SEIZE"}, {0x4207, "PTRACE_INTERRUPT"}, {0x4208, "PTRACE_LISTEN"},
	{0x4209, "PTRACE_PEEKSIGINFO"}, {0x420a, "PTRACE_GETSIGMASK"}, {0x420b, "PTRACE_SETSIGMASK"},
	{0x420c, "PTRACE_SECCOMP_GET_FILTER"}, {0x420d, "PTRACE_SECCOMP_GET_METADATA"},
	{0x420e, "PTRACE_GET_SYSCALL_INFO"}, {0x420f, "PTRACE_GET_RSEQ_CONFIGURATION"},
}

// ptraceCmdsX86 are x86_64's requests.
var ptraceCmdsX86 = &xlat{vals: append([]xv{
	{0xc, "PTRACE_GETREGS"}, {0xd, "PTRACE_SETREGS"}, {0xe, "PTRACE_GETFPREGS"}, {0xf, "PTRACE_SETFPREGS"},
	{0x12, "PTRACE_GETFPXREGS"}, {0x13, "PTRACE_SETFPXREGS"}, {0x15, "PTRACE_OLDSETOPTIONS"},
	{0x19, "PTRACE_GET_THREAD_AREA"}, {0x1a, "PTRACE_SET_THREAD_AREA"}, {0x1e, "PTRACE_ARCH_PRCTL"},
	{0x1f, "PTRACE_SYSEMU"}, {0x20, "PTRACE_SYSEMU_SINGLESTEP"}, {0x21, "PTRACE_SINGLEBLOCK"},
}, ptraceCmdsGeneric...), dflt: "PTRACE_???"}

// ptraceCmdsARM64 are arm64's requests.
var ptraceCmdsARM64 = &xlat{vals: append([]xv{
	{0x21, "PTRACE_PEEKMTETAGS"}, {0x22, "PTRACE_POKEMTETAGS"},
}, ptraceCmdsGeneric...), dflt: "PTRACE_???"}

// ptraceCmdsOf returns the request table of arch.
func ptraceCmdsOf(arch uint32) *xlat {
	if arch == trace.ArchAArch64 {
		return ptraceCmdsARM64
	}
	return ptraceCmdsX86
}

// The requests the decoder treats apart (their generic numbers, and
// x86_64's for the register ones).
const (
	ptraceTraceme           = 0
	ptracePeektext          = 0x1
	ptracePeekdata          = 0x2
	ptracePeekuser          = 0x3
	ptracePokeuser          = 0x6
	ptraceCont              = 0x7
	ptraceKill              = 0x8
	ptraceSinglestep        = 0x9
	ptraceGetregsX86        = 0xc
	ptraceSetregsX86        = 0xd
	ptraceGetfpregsX86      = 0xe
	ptraceSetfpregsX86      = 0xf
	ptraceAttach            = 0x10
	ptraceDetach            = 0x11
	ptraceOldsetoptionsX86  = 0x15
	ptraceSyscall           = 0x18
	ptraceSysemuX86         = 0x1f
	ptraceSysemuSingleX86   = 0x20
	ptraceSingleblockX86    = 0x21
	ptraceSetoptions        = 0x4200
	ptraceGeteventmsg       = 0x4201
	ptraceGetsiginfo        = 0x4202
	ptraceSetsiginfo        = 0x4203
	ptraceGetregset         = 0x4204
	ptraceSetregset         = 0x4205
	ptraceSeize             = 0x4206
	ptraceInterrupt         = 0x4207
	ptraceListen            = 0x4208
	ptracePeeksiginfo       = 0x4209
	ptraceGetsigmask        = 0x420a
	ptraceSetsigmask        = 0x420b
	ptraceSeccompGetFilter  = 0x420c
	ptraceSeccompGetMeta    = 0x420d
	ptraceGetSyscallInfo    = 0x420e
	ptraceSyscallInfoEntry  = 1
	ptraceSyscallInfoExit   = 2
	ptraceSyscallInfoSecomp = 3
)

var ptraceSetoptionsFlags = &xlat{vals: []xv{
	{0x1, "PTRACE_O_TRACESYSGOOD"}, {0x2, "PTRACE_O_TRACEFORK"}, {0x4, "PTRACE_O_TRACEVFORK"},
	{0x8, "PTRACE_O_TRACECLONE"}, {0x10, "PTRACE_O_TRACEEXEC"}, {0x20, "PTRACE_O_TRACEVFORKDONE"},
	{0x40, "PTRACE_O_TRACEEXIT"}, {0x80, "PTRACE_O_TRACESECCOMP"}, {0x100000, "PTRACE_O_EXITKILL"},
	{0x200000, "PTRACE_O_SUSPEND_SECCOMP"},
}, dflt: "PTRACE_O_???"}

var ptracePeeksiginfoFlags = &xlat{vals: []xv{{1, "PTRACE_PEEKSIGINFO_SHARED"}}, dflt: "PTRACE_PEEKSIGINFO_???"}

var ptraceSyscallInfoOps = &xlat{vals: []xv{
	{0, "PTRACE_SYSCALL_INFO_NONE"}, {1, "PTRACE_SYSCALL_INFO_ENTRY"}, {2, "PTRACE_SYSCALL_INFO_EXIT"},
	{3, "PTRACE_SYSCALL_INFO_SECCOMP"},
}, dflt: "PTRACE_SYSCALL_INFO_???"}

// ntDescriptorTypes are the ELF note types PTRACE_GETREGSET and
// PTRACE_SETREGSET name register sets by.
var ntDescriptorTypes = &xlat{vals: []xv{
	{1, "NT_PRSTATUS"}, {2, "NT_FPREGSET"}, {3, "NT_PRPSINFO"}, {4, "NT_PRXREG"}, {5, "NT_PLATFORM"},
	{6, "NT_AUXV"}, {7, "NT_GWINDOWS"}, {8, "NT_ASRS"}, {10, "NT_PSTATUS"}, {13, "NT_PSINFO"},
	{14, "NT_PRCRED"}, {15, "NT_UTSNAME"}, {16, "NT_LWPSTATUS"}, {17, "NT_LWPSINFO"}, {20, "NT_PRFPXREG"},
	{0x100, "NT_PPC_VMX"}, {0x101, "NT_PPC_SPE"}, {0x102, "NT_PPC_VSX"}, {0x103, "NT_PPC_TAR"},
	{0x104, "NT_PPC_PPR"}, {0x105, "NT_PPC_DSCR"}, {0x106, "NT_PPC_EBB"}, {0x107, "NT_PPC_PMU"},
	{0x108, "NT_PPC_TM_CGPR"}, {0x109, "NT_PPC_TM_CFPR"}, {0x10a, "NT_PPC_TM_CVMX"}, {0x10b, "NT_PPC_TM_CVSX"},
	{0x10c, "NT_PPC_TM_SPR"}, {0x10d, "NT_PPC_TM_CTAR"}, {0x10e, "NT_PPC_TM_CPPR"}, {0x10f, "NT_PPC_TM_CDSCR"},
	{0x110, "NT_PPC_PKEY"}, {0x200, "NT_386_TLS"}, {0x201, "NT_386_IOPERM"}, {0x202, "NT_X86_XSTATE"},
	{0x300, "NT_S390_HIGH_GPRS"}, {0x301, "NT_S390_TIMER"}, {0x302, "NT_S390_TODCMP"}, {0x303, "NT_S390_TODPREG"},
	{0x304, "NT_S390_CTRS"}, {0x305, "NT_S390_PREFIX"}, {0x306, "NT_S390_LAST_BREAK"}, {0x307, "NT_S390_SYSTEM_CALL"},
	{0x308, "NT_S390_TDB"}, {0x309, "NT_S390_VXRS_LOW"}, {0x30a, "NT_S390_VXRS_HIGH"}, {0x30b, "NT_S390_GS_CB"},
	{0x30c, "NT_S390_GS_BC"}, {0x30d, "NT_S390_RI_CB"}, {0x30e, "NT_S390_PV_CPU_DATA"},
	{0x400, "NT_ARM_VFP"}, {0x401, "NT_ARM_TLS"}, {0x402, "NT_ARM_HW_BREAK"}, {0x403, "NT_ARM_HW_WATCH"},
	{0x404, "NT_ARM_SYSTEM_CALL"}, {0x405, "NT_ARM_SVE"}, {0x406, "NT_ARM_PAC_MASK"}, {0x407, "NT_ARM_PACA_KEYS"},
	{0x408, "NT_ARM_PACG_KEYS"}, {0x409, "NT_ARM_TAGGED_ADDR_CTRL"}, {0x40a, "NT_ARM_PAC_ENABLED_KEYS"},
	{0x40b, "NT_ARM_SSVE"}, {0x40c, "NT_ARM_ZA"}, {0x500, "NT_METAG_CBUF"}, {0x501, "NT_METAG_RPIPE"},
	{0x502, "NT_METAG_TLS"}, {0x600, "NT_ARC_V2"}, {0x700, "NT_VMCOREDD"}, {0x800, "NT_MIPS_DSP"},
	{0x801, "NT_MIPS_FP_MODE"}, {0x802, "NT_MIPS_MSA"}, {0xa00, "NT_LOONGARCH_CPUCFG"}, {0xa01, "NT_LOONGARCH_CSR"},
	{0xa02, "NT_LOONGARCH_LSX"}, {0xa03, "NT_LOONGARCH_LASX"}, {0xa04, "NT_LOONGARCH_LBT"},
	{0x46494c45, "NT_FILE"}, {0x46e62b7f, "NT_PRXFPREG"}, {0x53494749, "NT_SIGINFO"},
}, dflt: "NT_???"}

// userOffsetsX86 name the offsets into x86_64's struct user that
// PTRACE_PEEKUSER and PTRACE_POKEUSER take (strace's userent.h), sorted.
var userOffsetsX86 = []xv{
	{8 * 0, "8*R15"}, {8 * 1, "8*R14"}, {8 * 2, "8*R13"}, {8 * 3, "8*R12"}, {8 * 4, "8*RBP"},
	{8 * 5, "8*RBX"}, {8 * 6, "8*R11"}, {8 * 7, "8*R10"}, {8 * 8, "8*R9"}, {8 * 9, "8*R8"},
	{8 * 10, "8*RAX"}, {8 * 11, "8*RCX"}, {8 * 12, "8*RDX"}, {8 * 13, "8*RSI"}, {8 * 14, "8*RDI"},
	{8 * 15, "8*ORIG_RAX"}, {8 * 16, "8*RIP"}, {8 * 17, "8*CS"}, {8 * 18, "8*EFL"}, {8 * 19, "8*RSP"},
	{8 * 20, "8*SS"},
	{216, "offsetof(struct user, u_fpvalid)"}, {224, "offsetof(struct user, i387)"},
	{736, "offsetof(struct user, u_tsize)"}, {744, "offsetof(struct user, u_dsize)"},
	{752, "offsetof(struct user, u_ssize)"}, {760, "offsetof(struct user, start_code)"},
	{768, "offsetof(struct user, start_stack)"}, {776, "offsetof(struct user, signal)"},
	{784, "offsetof(struct user, reserved)"}, {792, "offsetof(struct user, u_ar0)"},
	{800, "offsetof(struct user, u_fpstate)"}, {808, "offsetof(struct user, magic)"},
	{816, "offsetof(struct user, u_comm)"}, {848, "offsetof(struct user, u_debugreg)"},
	{912, "sizeof(struct user)"},
}
