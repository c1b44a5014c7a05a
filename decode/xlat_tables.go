package decode

import "github.com/sctrace/sctrace/trace"

// Value tables of Linux x86_64, in the order strace 6.1 prints them. The
// arm64 (generic ABI) values are the same except for some open flags.

var openAccessModes = &xlat{vals: []xv{{0, "O_RDONLY"}, {1, "O_WRONLY"}, {2, "O_RDWR"}, {3, "O_ACCMODE"}}}

var openModeFlags = &xlat{vals: []xv{
	{0100, "O_CREAT"}, {0200, "O_EXCL"}, {0400, "O_NOCTTY"}, {01000, "O_TRUNC"},
	{02000, "O_APPEND"}, {04000, "O_NONBLOCK"}, {04010000, "O_SYNC"}, {04000000, "__O_SYNC"},
	{010000, "O_DSYNC"}, {040000, "O_DIRECT"}, {0100000, "O_LARGEFILE"}, {0400000, "O_NOFOLLOW"},
	{01000000, "O_NOATIME"}, {02000000, "O_CLOEXEC"}, {010000000, "O_PATH"},
	{020200000, "O_TMPFILE"}, {020000000, "__O_TMPFILE"}, {0200000, "O_DIRECTORY"}, {020000, "FASYNC"},
}, dflt: "O_???"}

// openModeFlagsARM64 is openModeFlags with the generic ABI's values of
// O_DIRECTORY, O_NOFOLLOW, O_DIRECT and O_LARGEFILE (arm64).
var openModeFlagsARM64 = &xlat{vals: []xv{
	{0100, "O_CREAT"}, {0200, "O_EXCL"}, {0400, "O_NOCTTY"}, {01000, "O_TRUNC"},
	{02000, "O_APPEND"}, {04000, "O_NONBLOCK"}, {04010000, "O_SYNC"}, {04000000, "__O_SYNC"},
	{010000, "O_DSYNC"}, {0200000, "O_DIRECT"}, {0400000, "O_LARGEFILE"}, {0100000, "O_NOFOLLOW"},
	{01000000, "O_NOATIME"}, {02000000, "O_CLOEXEC"}, {010000000, "O_PATH"},
	{020040000, "O_TMPFILE"}, {020000000, "__O_TMPFILE"}, {040000, "O_DIRECTORY"}, {020000, "FASYNC"},
}, dflt: "O_???"}

// openFlagsOf returns the open flags table of arch.
func openFlagsOf(arch uint32) *xlat {
	if arch == trace.ArchAArch64 {
		return openModeFlagsARM64
	}
	return openModeFlags
}

var mmapProt = &xlat{vals: []xv{
	{0, "PROT_NONE"}, {1, "PROT_READ"}, {2, "PROT_WRITE"}, {4, "PROT_EXEC"}, {8, "PROT_SEM"},
	{0x01000000, "PROT_GROWSDOWN"}, {0x02000000, "PROT_GROWSUP"},
}, dflt: "PROT_???"}

var mmapFlags = &xlat{vals: []xv{
	{1, "MAP_SHARED"}, {2, "MAP_PRIVATE"}, {3, "MAP_SHARED_VALIDATE"}, {0x10, "MAP_FIXED"},
	{0x20, "MAP_ANONYMOUS"}, {0x40, "MAP_32BIT"}, {0x4000, "MAP_NORESERVE"}, {0x8000, "MAP_POPULATE"},
	{0x10000, "MAP_NONBLOCK"}, {0x100, "MAP_GROWSDOWN"}, {0x800, "MAP_DENYWRITE"},
	{0x1000, "MAP_EXECUTABLE"}, {0, "MAP_FILE"}, {0x2000, "MAP_LOCKED"}, {0x20000, "MAP_STACK"},
	{0x40000, "MAP_HUGETLB"}, {0x80000, "MAP_SYNC"}, {0x4000000, "MAP_UNINITIALIZED"},
	{0x100000, "MAP_FIXED_NOREPLACE"},
}, dflt: "MAP_???"}

var atFlags = &xlat{vals: []xv{
	{0x100, "AT_SYMLINK_NOFOLLOW"}, {0x200, "AT_REMOVEDIR"}, {0x400, "AT_SYMLINK_FOLLOW"},
	{0x800, "AT_NO_AUTOMOUNT"}, {0x1000, "AT_EMPTY_PATH"}, {0x8000, "AT_RECURSIVE"},
}, dflt: "AT_???"}

// faccessatFlags are faccessat2's flags.
var faccessatFlags = &xlat{vals: []xv{{0x100, "AT_SYMLINK_NOFOLLOW"}, {0x200, "AT_EACCESS"}, {0x1000, "AT_EMPTY_PATH"}}, dflt: "AT_???"}

// statxAtFlags are statx's at_flags, printed with no default comment
// (statxFlags).
var statxAtFlags = &xlat{vals: atFlags.vals}

// statxSyncTypes are statx's sync types, printed before its at_flags.
var statxSyncTypes = &xlat{vals: []xv{
	{0, "AT_STATX_SYNC_AS_STAT"}, {0x2000, "AT_STATX_FORCE_SYNC"}, {0x4000, "AT_STATX_DONT_SYNC"},
}, dflt: "AT_STATX_???"}

var statxMasks = &xlat{vals: []xv{
	{0xfff, "STATX_ALL"}, {0x7ff, "STATX_BASIC_STATS"}, {1, "STATX_TYPE"}, {2, "STATX_MODE"},
	{4, "STATX_NLINK"}, {8, "STATX_UID"}, {0x10, "STATX_GID"}, {0x20, "STATX_ATIME"},
	{0x40, "STATX_MTIME"}, {0x80, "STATX_CTIME"}, {0x100, "STATX_INO"}, {0x200, "STATX_SIZE"},
	{0x400, "STATX_BLOCKS"}, {0x800, "STATX_BTIME"}, {0x1000, "STATX_MNT_ID"}, {0x2000, "STATX_DIOALIGN"},
}, dflt: "STATX_???"}

var statxAttrs = &xlat{vals: []xv{
	{0x4, "STATX_ATTR_COMPRESSED"}, {0x10, "STATX_ATTR_IMMUTABLE"}, {0x20, "STATX_ATTR_APPEND"},
	{0x40, "STATX_ATTR_NODUMP"}, {0x800, "STATX_ATTR_ENCRYPTED"}, {0x1000, "STATX_ATTR_AUTOMOUNT"},
	{0x2000, "STATX_ATTR_MOUNT_ROOT"}, {0x100000, "STATX_ATTR_VERITY"}, {0x200000, "STATX_ATTR_DAX"},
}, dflt: "STATX_ATTR_???"}

var accessModes = &xlat{vals: []xv{{0, "F_OK"}, {4, "R_OK"}, {2, "W_OK"}, {1, "X_OK"}}, dflt: "?_OK"}

var renameFlags = &xlat{vals: []xv{{1, "RENAME_NOREPLACE"}, {2, "RENAME_EXCHANGE"}, {4, "RENAME_WHITEOUT"}}, dflt: "RENAME_???"}

var whence = &xlat{vals: []xv{{0, "SEEK_SET"}, {1, "SEEK_CUR"}, {2, "SEEK_END"}, {3, "SEEK_DATA"}, {4, "SEEK_HOLE"}}, dflt: "SEEK_???"}

var archPrctlCodes = &xlat{vals: []xv{
	{0x1001, "ARCH_SET_GS"}, {0x1002, "ARCH_SET_FS"}, {0x1003, "ARCH_GET_FS"}, {0x1004, "ARCH_GET_GS"},
	{0x1011, "ARCH_GET_CPUID"}, {0x1012, "ARCH_SET_CPUID"}, {0x1021, "ARCH_GET_XCOMP_SUPP"},
	{0x1022, "ARCH_GET_XCOMP_PERM"}, {0x1023, "ARCH_REQ_XCOMP_PERM"}, {0x1024, "ARCH_GET_XCOMP_GUEST_PERM"},
	{0x1025, "ARCH_REQ_XCOMP_GUEST_PERM"}, {0x2001, "ARCH_MAP_VDSO_X32"}, {0x2002, "ARCH_MAP_VDSO_32"},
	{0x2003, "ARCH_MAP_VDSO_64"},
}, dflt: "ARCH_???"}

var rseqFlags = &xlat{vals: []xv{{1, "RSEQ_FLAG_UNREGISTER"}}, dflt: "RSEQ_FLAG_???"}

var rlimitResources = &xlat{vals: []xv{
	{0, "RLIMIT_CPU"}, {1, "RLIMIT_FSIZE"}, {2, "RLIMIT_DATA"}, {3, "RLIMIT_STACK"}, {4, "RLIMIT_CORE"},
	{5, "RLIMIT_RSS"}, {6, "RLIMIT_NPROC"}, {7, "RLIMIT_NOFILE"}, {8, "RLIMIT_MEMLOCK"}, {9, "RLIMIT_AS"},
	{10, "RLIMIT_LOCKS"}, {11, "RLIMIT_SIGPENDING"}, {12, "RLIMIT_MSGQUEUE"}, {13, "RLIMIT_NICE"},
	{14, "RLIMIT_RTPRIO"}, {15, "RLIMIT_RTTIME"},
}, dflt: "RLIMIT_???"}

var getrandomFlags = &xlat{vals: []xv{{1, "GRND_NONBLOCK"}, {2, "GRND_RANDOM"}, {4, "GRND_INSECURE"}}, dflt: "GRND_???"}

var waitOptions = &xlat{vals: []xv{
	{1, "WNOHANG"}, {4, "WEXITED"}, {2, "WSTOPPED"}, {8, "WCONTINUED"}, {0x01000000, "WNOWAIT"},
	{0x80000000, "__WCLONE"}, {0x40000000, "__WALL"}, {0x20000000, "__WNOTHREAD"},
}, dflt: "W???"}

var sigprocmaskHow = &xlat{vals: []xv{{0, "SIG_BLOCK"}, {1, "SIG_UNBLOCK"}, {2, "SIG_SETMASK"}}, dflt: "SIG_???"}

var clockIDs = &xlat{vals: []xv{
	{0, "CLOCK_REALTIME"}, {1, "CLOCK_MONOTONIC"}, {2, "CLOCK_PROCESS_CPUTIME_ID"},
	{3, "CLOCK_THREAD_CPUTIME_ID"}, {4, "CLOCK_MONOTONIC_RAW"}, {5, "CLOCK_REALTIME_COARSE"},
	{6, "CLOCK_MONOTONIC_COARSE"}, {7, "CLOCK_BOOTTIME"}, {8, "CLOCK_REALTIME_ALARM"},
	{9, "CLOCK_BOOTTIME_ALARM"}, {10, "CLOCK_SGI_CYCLE"}, {11, "CLOCK_TAI"},
}, dflt: "CLOCK_???"}

var timerFlags = &xlat{vals: []xv{{1, "TIMER_ABSTIME"}}, dflt: "TIMER_???"}

var fcntlCmds = &xlat{vals: []xv{
	{0, "F_DUPFD"}, {1, "F_GETFD"}, {2, "F_SETFD"}, {3, "F_GETFL"}, {4, "F_SETFL"}, {5, "F_GETLK"},
	{6, "F_SETLK"}, {7, "F_SETLKW"}, {8, "F_SETOWN"}, {9, "F_GETOWN"}, {10, "F_SETSIG"}, {11, "F_GETSIG"},
	{15, "F_SETOWN_EX"}, {16, "F_GETOWN_EX"}, {17, "F_GETOWNER_UIDS"}, {36, "F_OFD_GETLK"},
	{37, "F_OFD_SETLK"}, {38, "F_OFD_SETLKW"}, {1024, "F_SETLEASE"}, {1025, "F_GETLEASE"},
	{1026, "F_NOTIFY"}, {1029, "F_CANCELLK"}, {1030, "F_DUPFD_CLOEXEC"}, {1031, "F_SETPIPE_SZ"},
	{1032, "F_GETPIPE_SZ"}, {1033, "F_ADD_SEALS"}, {1034, "F_GET_SEALS"},
}, dflt: "F_???"}

var fdFlags = &xlat{vals: []xv{{1, "FD_CLOEXEC"}}, dflt: "FD_???"}

var lockTypes = &xlat{vals: []xv{{0, "F_RDLCK"}, {1, "F_WRLCK"}, {2, "F_UNLCK"}, {4, "F_EXLCK"}, {8, "F_SHLCK"}}, dflt: "F_???"}

var notifyFlags = &xlat{vals: []xv{
	{1, "DN_ACCESS"}, {2, "DN_MODIFY"}, {4, "DN_CREATE"}, {8, "DN_DELETE"}, {0x10, "DN_RENAME"},
	{0x20, "DN_ATTRIB"}, {0x80000000, "DN_MULTISHOT"},
}, dflt: "DN_???"}

var sealFlags = &xlat{vals: []xv{
	{1, "F_SEAL_SEAL"}, {2, "F_SEAL_SHRINK"}, {4, "F_SEAL_GROW"}, {8, "F_SEAL_WRITE"}, {0x10, "F_SEAL_FUTURE_WRITE"},
}, dflt: "F_SEAL_???"}

var addressFamilies = &xlat{vals: []xv{
	{0, "AF_UNSPEC"}, {1, "AF_UNIX"}, {2, "AF_INET"}, {3, "AF_AX25"}, {4, "AF_IPX"}, {5, "AF_APPLETALK"},
	{6, "AF_NETROM"}, {7, "AF_BRIDGE"}, {8, "AF_ATMPVC"}, {9, "AF_X25"}, {10, "AF_INET6"}, {11, "AF_ROSE"},
	{12, "AF_DECnet"}, {13, "AF_NETBEUI"}, {14, "AF_SECURITY"}, {15, "AF_KEY"}, {16, "AF_NETLINK"},
	{17, "AF_PACKET"}, {18, "AF_ASH"}, {19, "AF_ECONET"}, {20, "AF_ATMSVC"}, {21, "AF_RDS"}, {22, "AF_SNA"},
	{23, "AF_IRDA"}, {24, "AF_PPPOX"}, {25, "AF_WANPIPE"}, {26, "AF_LLC"}, {27, "AF_IB"}, {28, "AF_MPLS"},
	{29, "AF_CAN"}, {30, "AF_TIPC"}, {31, "AF_BLUETOOTH"}, {32, "AF_IUCV"}, {33, "AF_RXRPC"},
	{34, "AF_ISDN"}, {35, "AF_PHONET"}, {36, "AF_IEEE802154"}, {37, "AF_CAIF"}, {38, "AF_ALG"},
	{39, "AF_NFC"}, {40, "AF_VSOCK"}, {41, "AF_KCM"}, {42, "AF_QIPCRTR"}, {43, "AF_SMC"}, {44, "AF_XDP"},
	{45, "AF_MCTP"},
}, dflt: "AF_???"}

var sockTypes = &xlat{vals: []xv{
	{1, "SOCK_STREAM"}, {2, "SOCK_DGRAM"}, {3, "SOCK_RAW"}, {4, "SOCK_RDM"}, {5, "SOCK_SEQPACKET"},
	{6, "SOCK_DCCP"}, {10, "SOCK_PACKET"},
}, dflt: "SOCK_???"}

var sockTypeFlags = &xlat{vals: []xv{{02000000, "SOCK_CLOEXEC"}, {04000, "SOCK_NONBLOCK"}}}

// sockFlags are accept4's flags: sockTypeFlags with a default.
var sockFlags = &xlat{vals: sockTypeFlags.vals, dflt: "SOCK_???"}

var inetProtocols = &xlat{vals: []xv{
	{0, "IPPROTO_IP"}, {1, "IPPROTO_ICMP"}, {2, "IPPROTO_IGMP"}, {4, "IPPROTO_IPIP"}, {6, "IPPROTO_TCP"},
	{8, "IPPROTO_EGP"}, {12, "IPPROTO_PUP"}, {17, "IPPROTO_UDP"}, {22, "IPPROTO_IDP"}, {29, "IPPROTO_TP"},
	{33, "IPPROTO_DCCP"}, {41, "IPPROTO_IPV6"}, {43, "IPPROTO_ROUTING"}, {44, "IPPROTO_FRAGMENT"},
	{46, "IPPROTO_RSVP"}, {47, "IPPROTO_GRE"}, {50, "IPPROTO_ESP"}, {51, "IPPROTO_AH"},
	{58, "IPPROTO_ICMPV6"}, {59, "IPPROTO_NONE"}, {60, "IPPROTO_DSTOPTS"}, {92, "IPPROTO_MTP"},
	{94, "IPPROTO_BEETPH"}, {98, "IPPROTO_ENCAP"}, {103, "IPPROTO_PIM"}, {108, "IPPROTO_COMP"},
	{115, "IPPROTO_L2TP"}, {132, "IPPROTO_SCTP"}, {135, "IPPROTO_MH"}, {136, "IPPROTO_UDPLITE"},
	{137, "IPPROTO_MPLS"}, {143, "IPPROTO_ETHERNET"}, {255, "IPPROTO_RAW"}, {262, "IPPROTO_MPTCP"},
}, dflt: "IPPROTO_???"}

var netlinkProtocols = &xlat{vals: []xv{
	{0, "NETLINK_ROUTE"}, {1, "NETLINK_UNUSED"}, {2, "NETLINK_USERSOCK"}, {3, "NETLINK_FIREWALL"},
	{4, "NETLINK_SOCK_DIAG"}, {5, "NETLINK_NFLOG"}, {6, "NETLINK_XFRM"}, {7, "NETLINK_SELINUX"},
	{8, "NETLINK_ISCSI"}, {9, "NETLINK_AUDIT"}, {10, "NETLINK_FIB_LOOKUP"}, {11, "NETLINK_CONNECTOR"},
	{12, "NETLINK_NETFILTER"}, {13, "NETLINK_IP6_FW"}, {14, "NETLINK_DNRTMSG"},
	{15, "NETLINK_KOBJECT_UEVENT"}, {16, "NETLINK_GENERIC"}, {18, "NETLINK_SCSITRANSPORT"},
	{19, "NETLINK_ECRYPTFS"}, {20, "NETLINK_RDMA"}, {21, "NETLINK_CRYPTO"}, {22, "NETLINK_SMC"},
}, dflt: "NETLINK_???"}

var msgFlags = &xlat{vals: []xv{
	{0x1, "MSG_OOB"}, {0x2, "MSG_PEEK"}, {0x4, "MSG_DONTROUTE"}, {0x8, "MSG_CTRUNC"}, {0x10, "MSG_PROBE"},
	{0x20, "MSG_TRUNC"}, {0x40, "MSG_DONTWAIT"}, {0x80, "MSG_EOR"}, {0x100, "MSG_WAITALL"},
	{0x200, "MSG_FIN"}, {0x400, "MSG_SYN"}, {0x800, "MSG_CONFIRM"}, {0x1000, "MSG_RST"},
	{0x2000, "MSG_ERRQUEUE"}, {0x4000, "MSG_NOSIGNAL"}, {0x8000, "MSG_MORE"}, {0x10000, "MSG_WAITFORONE"},
	{0x20000, "MSG_SENDPAGE_NOTLAST"}, {0x40000, "MSG_BATCH"}, {0x80000, "MSG_NO_SHARED_FRAGS"},
	{0x4000000, "MSG_ZEROCOPY"}, {0x20000000, "MSG_FASTOPEN"}, {0x40000000, "MSG_CMSG_CLOEXEC"},
	{0x80000000, "MSG_CMSG_COMPAT"},
}, dflt: "MSG_???"}

var cloneFlags = &xlat{vals: []xv{
	{0x100, "CLONE_VM"}, {0x200, "CLONE_FS"}, {0x400, "CLONE_FILES"}, {0x800, "CLONE_SIGHAND"},
	{0x1000, "CLONE_PIDFD"}, {0x2000, "CLONE_PTRACE"}, {0x4000, "CLONE_VFORK"}, {0x8000, "CLONE_PARENT"},
	{0x10000, "CLONE_THREAD"}, {0x20000, "CLONE_NEWNS"}, {0x40000, "CLONE_SYSVSEM"},
	{0x80000, "CLONE_SETTLS"}, {0x100000, "CLONE_PARENT_SETTID"}, {0x200000, "CLONE_CHILD_CLEARTID"},
	{0x800000, "CLONE_UNTRACED"}, {0x1000000, "CLONE_CHILD_SETTID"}, {0x2000000, "CLONE_NEWCGROUP"},
	{0x4000000, "CLONE_NEWUTS"}, {0x8000000, "CLONE_NEWIPC"}, {0x10000000, "CLONE_NEWUSER"},
	{0x20000000, "CLONE_NEWPID"}, {0x40000000, "CLONE_NEWNET"}, {0x80000000, "CLONE_IO"},
}, dflt: "CLONE_???"}

// clone3Flags is clone3's flags: clone's (cloneFlags) and clone3_flags,
// which clone's flags do not name.
var clone3Flags = &xlat{vals: append(append([]xv(nil), cloneFlags.vals...),
	xv{0x80, "CLONE_NEWTIME"}, xv{0x100000000, "CLONE_CLEAR_SIGHAND"}, xv{0x200000000, "CLONE_INTO_CGROUP"},
), dflt: "CLONE_???"}

// unshareFlags are the CLONE_* flags unshare takes, in strace's order.
var unshareFlags = &xlat{vals: []xv{
	{0x80, "CLONE_NEWTIME"}, {0x100, "CLONE_VM"}, {0x200, "CLONE_FS"}, {0x400, "CLONE_FILES"},
	{0x800, "CLONE_SIGHAND"}, {0x10000, "CLONE_THREAD"}, {0x20000, "CLONE_NEWNS"}, {0x40000, "CLONE_SYSVSEM"},
	{0x2000000, "CLONE_NEWCGROUP"}, {0x4000000, "CLONE_NEWUTS"}, {0x8000000, "CLONE_NEWIPC"},
	{0x10000000, "CLONE_NEWUSER"}, {0x20000000, "CLONE_NEWPID"}, {0x40000000, "CLONE_NEWNET"},
}, dflt: "CLONE_???"}

var pollFlags = &xlat{vals: []xv{
	{0x1, "POLLIN"}, {0x2, "POLLPRI"}, {0x4, "POLLOUT"}, {0x8, "POLLERR"}, {0x10, "POLLHUP"},
	{0x20, "POLLNVAL"}, {0x40, "POLLRDNORM"}, {0x80, "POLLRDBAND"}, {0x100, "POLLWRNORM"},
	{0x200, "POLLWRBAND"}, {0x400, "POLLMSG"}, {0x1000, "POLLREMOVE"}, {0x2000, "POLLRDHUP"},
	{0x8000, "POLL_BUSY_LOOP"},
}, dflt: "POLL???"}

var saFlags = &xlat{vals: []xv{
	{0x04000000, "SA_RESTORER"}, {0x08000000, "SA_ONSTACK"}, {0x10000000, "SA_RESTART"},
	{0x20000000, "SA_INTERRUPT"}, {0x40000000, "SA_NODEFER"}, {0x80000000, "SA_RESETHAND"},
	{4, "SA_SIGINFO"}, {1, "SA_NOCLDSTOP"}, {2, "SA_NOCLDWAIT"},
}, dflt: "SA_???"}

var futexOps = &xlat{vals: []xv{
	{0, "FUTEX_WAIT"}, {1, "FUTEX_WAKE"}, {2, "FUTEX_FD"}, {3, "FUTEX_REQUEUE"}, {4, "FUTEX_CMP_REQUEUE"},
	{5, "FUTEX_WAKE_OP"}, {6, "FUTEX_LOCK_PI"}, {7, "FUTEX_UNLOCK_PI"}, {8, "FUTEX_TRYLOCK_PI"},
	{9, "FUTEX_WAIT_BITSET"}, {10, "FUTEX_WAKE_BITSET"}, {11, "FUTEX_WAIT_REQUEUE_PI"},
	{12, "FUTEX_CMP_REQUEUE_PI"}, {13, "FUTEX_LOCK_PI2"},
	{128, "FUTEX_WAIT_PRIVATE"}, {129, "FUTEX_WAKE_PRIVATE"}, {130, "FUTEX_FD|FUTEX_PRIVATE_FLAG"},
	{131, "FUTEX_REQUEUE_PRIVATE"}, {132, "FUTEX_CMP_REQUEUE_PRIVATE"}, {133, "FUTEX_WAKE_OP_PRIVATE"},
	{134, "FUTEX_LOCK_PI_PRIVATE"}, {135, "FUTEX_UNLOCK_PI_PRIVATE"}, {136, "FUTEX_TRYLOCK_PI_PRIVATE"},
	{137, "FUTEX_WAIT_BITSET_PRIVATE"}, {138, "FUTEX_WAKE_BITSET_PRIVATE"},
	{139, "FUTEX_WAIT_REQUEUE_PI_PRIVATE"}, {140, "FUTEX_CMP_REQUEUE_PI_PRIVATE"},
	{141, "FUTEX_LOCK_PI2_PRIVATE"},
	{256, "FUTEX_WAIT|FUTEX_CLOCK_REALTIME"}, {384, "FUTEX_WAIT_PRIVATE|FUTEX_CLOCK_REALTIME"},
	{265, "FUTEX_WAIT_BITSET|FUTEX_CLOCK_REALTIME"}, {393, "FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME"},
	{267, "FUTEX_WAIT_REQUEUE_PI|FUTEX_CLOCK_REALTIME"}, {395, "FUTEX_WAIT_REQUEUE_PI_PRIVATE|FUTEX_CLOCK_REALTIME"},
}, dflt: "FUTEX_???"}

var madviseAdvice = &xlat{vals: []xv{
	{0, "MADV_NORMAL"}, {1, "MADV_RANDOM"}, {2, "MADV_SEQUENTIAL"}, {3, "MADV_WILLNEED"}, {4, "MADV_DONTNEED"},
	{8, "MADV_FREE"}, {9, "MADV_REMOVE"}, {10, "MADV_DONTFORK"}, {11, "MADV_DOFORK"}, {12, "MADV_MERGEABLE"},
	{13, "MADV_UNMERGEABLE"}, {14, "MADV_HUGEPAGE"}, {15, "MADV_NOHUGEPAGE"}, {16, "MADV_DONTDUMP"},
	{17, "MADV_DODUMP"}, {18, "MADV_WIPEONFORK"}, {19, "MADV_KEEPONFORK"}, {20, "MADV_COLD"},
	{21, "MADV_PAGEOUT"}, {22, "MADV_POPULATE_READ"}, {23, "MADV_POPULATE_WRITE"},
	{24, "MADV_DONTNEED_LOCKED"}, {25, "MADV_COLLAPSE"}, {100, "MADV_HWPOISON"}, {101, "MADV_SOFT_OFFLINE"},
}, dflt: "MADV_???"}

var fadviseAdvice = &xlat{vals: []xv{
	{0, "POSIX_FADV_NORMAL"}, {1, "POSIX_FADV_RANDOM"}, {2, "POSIX_FADV_SEQUENTIAL"},
	{3, "POSIX_FADV_WILLNEED"}, {4, "POSIX_FADV_DONTNEED"}, {5, "POSIX_FADV_NOREUSE"},
}, dflt: "POSIX_FADV_???"}

var xattrFlags = &xlat{vals: []xv{{1, "XATTR_CREATE"}, {2, "XATTR_REPLACE"}}, dflt: "XATTR_???"}

var siCodes = &xlat{vals: []xv{
	{0, "SI_USER"}, {0x80, "SI_KERNEL"}, {0xffffffff, "SI_QUEUE"}, {0xfffffffe, "SI_TIMER"},
	{0xfffffffd, "SI_MESGQ"}, {0xfffffffc, "SI_ASYNCIO"}, {0xfffffffb, "SI_SIGIO"},
	{0xfffffffa, "SI_TKILL"}, {0xfffffff9, "SI_DETHREAD"}, {0xffffffc4, "SI_ASYNCNL"},
}}

var sigchldCodes = &xlat{vals: []xv{
	{1, "CLD_EXITED"}, {2, "CLD_KILLED"}, {3, "CLD_DUMPED"}, {4, "CLD_TRAPPED"}, {5, "CLD_STOPPED"}, {6, "CLD_CONTINUED"},
}}
var sigsegvCodes = &xlat{vals: []xv{
	{1, "SEGV_MAPERR"}, {2, "SEGV_ACCERR"}, {3, "SEGV_BNDERR"}, {4, "SEGV_PKUERR"}, {5, "SEGV_ACCADI"},
	{6, "SEGV_ADIDERR"}, {7, "SEGV_ADIPERR"}, {8, "SEGV_MTEAERR"}, {9, "SEGV_MTESERR"},
}}
var sigbusCodes = &xlat{vals: []xv{
	{1, "BUS_ADRALN"}, {2, "BUS_ADRERR"}, {3, "BUS_OBJERR"}, {4, "BUS_MCEERR_AR"}, {5, "BUS_MCEERR_AO"},
}}
var sigillCodes = &xlat{vals: []xv{
	{1, "ILL_ILLOPC"}, {2, "ILL_ILLOPN"}, {3, "ILL_ILLADR"}, {4, "ILL_ILLTRP"}, {5, "ILL_PRVOPC"},
	{6, "ILL_PRVREG"}, {7, "ILL_COPROC"}, {8, "ILL_BADSTK"},
}}
var sigfpeCodes = &xlat{vals: []xv{
	{1, "FPE_INTDIV"}, {2, "FPE_INTOVF"}, {3, "FPE_FLTDIV"}, {4, "FPE_FLTOVF"}, {5, "FPE_FLTUND"},
	{6, "FPE_FLTRES"}, {7, "FPE_FLTINV"}, {8, "FPE_FLTSUB"}, {14, "FPE_FLTUNK"}, {15, "FPE_CONDTRAP"},
}}
var sigtrapCodes = &xlat{vals: []xv{
	{1, "TRAP_BRKPT"}, {2, "TRAP_TRACE"}, {3, "TRAP_BRANCH"}, {4, "TRAP_HWBKPT"}, {5, "TRAP_UNK"}, {6, "TRAP_PERF"},
}}
var sigpollCodes = &xlat{vals: []xv{
	{1, "POLL_IN"}, {2, "POLL_OUT"}, {3, "POLL_MSG"}, {4, "POLL_ERR"}, {5, "POLL_PRI"}, {6, "POLL_HUP"},
}}
var sigsysCodes = &xlat{vals: []xv{{1, "SYS_SECCOMP"}, {2, "SYS_USER_DISPATCH"}}}

var direntTypes = &xlat{vals: []xv{
	{0, "DT_UNKNOWN"}, {1, "DT_FIFO"}, {2, "DT_CHR"}, {4, "DT_DIR"}, {6, "DT_BLK"}, {8, "DT_REG"},
	{10, "DT_LNK"}, {12, "DT_SOCK"}, {14, "DT_WHT"},
}, dflt: "DT_???"}

var schedPolicies = &xlat{vals: []xv{
	{0, "SCHED_OTHER"}, {1, "SCHED_FIFO"}, {2, "SCHED_RR"}, {3, "SCHED_BATCH"}, {5, "SCHED_IDLE"}, {6, "SCHED_DEADLINE"},
}, dflt: "SCHED_???"}

var timerfdFlags = &xlat{vals: []xv{{1, "TFD_TIMER_ABSTIME"}, {2, "TFD_TIMER_CANCEL_ON_SET"}, {02000000, "TFD_CLOEXEC"}, {04000, "TFD_NONBLOCK"}}, dflt: "TFD_???"}

var eventfdFlags = &xlat{vals: []xv{{1, "EFD_SEMAPHORE"}, {02000000, "EFD_CLOEXEC"}, {04000, "EFD_NONBLOCK"}}, dflt: "EFD_???"}

var epollCreateFlags = &xlat{vals: []xv{{02000000, "EPOLL_CLOEXEC"}}, dflt: "EPOLL_???"}

var epollCtlOps = &xlat{vals: []xv{{1, "EPOLL_CTL_ADD"}, {2, "EPOLL_CTL_DEL"}, {3, "EPOLL_CTL_MOD"}}, dflt: "EPOLL_CTL_???"}

var shutdownHow = &xlat{vals: []xv{{0, "SHUT_RD"}, {1, "SHUT_WR"}, {2, "SHUT_RDWR"}}, dflt: "SHUT_???"}

var flockOps = &xlat{vals: []xv{{1, "LOCK_SH"}, {2, "LOCK_EX"}, {4, "LOCK_NB"}, {8, "LOCK_UN"}, {32, "LOCK_MAND"},
	{0xc0, "LOCK_RW"}, {0x40, "LOCK_READ"}, {0x80, "LOCK_WRITE"}}, dflt: "LOCK_???"}

var mremapFlags = &xlat{vals: []xv{{1, "MREMAP_MAYMOVE"}, {2, "MREMAP_FIXED"}, {4, "MREMAP_DONTUNMAP"}}, dflt: "MREMAP_???"}

var msyncFlags = &xlat{vals: []xv{{4, "MS_SYNC"}, {1, "MS_ASYNC"}, {2, "MS_INVALIDATE"}}, dflt: "MS_???"}

var itimerWhich = &xlat{vals: []xv{{0, "ITIMER_REAL"}, {1, "ITIMER_VIRTUAL"}, {2, "ITIMER_PROF"}}, dflt: "ITIMER_???"}

var priorityWhich = &xlat{vals: []xv{{0, "PRIO_PROCESS"}, {1, "PRIO_PGRP"}, {2, "PRIO_USER"}}, dflt: "PRIO_???"}

var rusageWho = &xlat{vals: []xv{{0, "RUSAGE_SELF"}, {0xffffffff, "RUSAGE_CHILDREN"}, {0xfffffffe, "RUSAGE_BOTH"}, {1, "RUSAGE_THREAD"}}, dflt: "RUSAGE_???"}

var closeRangeFlags = &xlat{vals: []xv{{2, "CLOSE_RANGE_UNSHARE"}, {4, "CLOSE_RANGE_CLOEXEC"}}, dflt: "CLOSE_RANGE_???"}

var memfdFlags = &xlat{vals: []xv{{1, "MFD_CLOEXEC"}, {2, "MFD_ALLOW_SEALING"}, {4, "MFD_HUGETLB"}}, dflt: "MFD_???"}

var inotifyInitFlags = &xlat{vals: []xv{{04000, "IN_NONBLOCK"}, {02000000, "IN_CLOEXEC"}}, dflt: "IN_???"}

var inotifyMask = &xlat{vals: []xv{
	{0x1, "IN_ACCESS"}, {0x2, "IN_MODIFY"}, {0x4, "IN_ATTRIB"}, {0x8, "IN_CLOSE_WRITE"}, {0x10, "IN_CLOSE_NOWRITE"},
	{0x20, "IN_OPEN"}, {0x40, "IN_MOVED_FROM"}, {0x80, "IN_MOVED_TO"}, {0x100, "IN_CREATE"}, {0x200, "IN_DELETE"},
	{0x400, "IN_DELETE_SELF"}, {0x800, "IN_MOVE_SELF"}, {0x2000, "IN_UNMOUNT"}, {0x4000, "IN_Q_OVERFLOW"},
	{0x8000, "IN_IGNORED"}, {0x1000000, "IN_ONLYDIR"}, {0x2000000, "IN_DONT_FOLLOW"}, {0x4000000, "IN_EXCL_UNLINK"},
	{0x10000000, "IN_MASK_CREATE"}, {0x20000000, "IN_MASK_ADD"}, {0x40000000, "IN_ISDIR"}, {0x80000000, "IN_ONESHOT"},
}, dflt: "IN_???"}

var fallocFlags = &xlat{vals: []xv{
	{1, "FALLOC_FL_KEEP_SIZE"}, {2, "FALLOC_FL_PUNCH_HOLE"}, {4, "FALLOC_FL_NO_HIDE_STALE"},
	{8, "FALLOC_FL_COLLAPSE_RANGE"}, {0x10, "FALLOC_FL_ZERO_RANGE"}, {0x20, "FALLOC_FL_INSERT_RANGE"},
	{0x40, "FALLOC_FL_UNSHARE_RANGE"},
}, dflt: "FALLOC_FL_???"}

var mlockallFlags = &xlat{vals: []xv{{1, "MCL_CURRENT"}, {2, "MCL_FUTURE"}, {4, "MCL_ONFAULT"}}, dflt: "MCL_???"}

var mlock2Flags = &xlat{vals: []xv{{1, "MLOCK_ONFAULT"}}, dflt: "MLOCK_???"}

var pkeyAccess = &xlat{vals: []xv{{1, "PKEY_DISABLE_ACCESS"}, {2, "PKEY_DISABLE_WRITE"}, {4, "PKEY_DISABLE_EXECUTE"}}, dflt: "PKEY_???"}

// memfdSecretFlags names memfd_secret's flags; strace prints unknown
// bits without a comment.
var memfdSecretFlags = &xlat{vals: []xv{{02000000, "O_CLOEXEC"}}}

var rwfFlags = &xlat{vals: []xv{{1, "RWF_HIPRI"}, {2, "RWF_DSYNC"}, {4, "RWF_SYNC"}, {8, "RWF_NOWAIT"}, {0x10, "RWF_APPEND"}}, dflt: "RWF_???"}

var syncFileRangeFlags = &xlat{vals: []xv{
	{1, "SYNC_FILE_RANGE_WAIT_BEFORE"}, {2, "SYNC_FILE_RANGE_WRITE"}, {4, "SYNC_FILE_RANGE_WAIT_AFTER"},
}, dflt: "SYNC_FILE_RANGE_???"}

var uffdFlags = &xlat{vals: []xv{{1, "UFFD_USER_MODE_ONLY"}, {04000, "O_NONBLOCK"}, {02000000, "O_CLOEXEC"}}, dflt: "UFFD_???"}

var syslogActions = &xlat{vals: []xv{
	{0, "SYSLOG_ACTION_CLOSE"}, {1, "SYSLOG_ACTION_OPEN"}, {2, "SYSLOG_ACTION_READ"}, {3, "SYSLOG_ACTION_READ_ALL"},
	{4, "SYSLOG_ACTION_READ_CLEAR"}, {5, "SYSLOG_ACTION_CLEAR"}, {6, "SYSLOG_ACTION_CONSOLE_OFF"},
	{7, "SYSLOG_ACTION_CONSOLE_ON"}, {8, "SYSLOG_ACTION_CONSOLE_LEVEL"}, {9, "SYSLOG_ACTION_SIZE_UNREAD"},
	{10, "SYSLOG_ACTION_SIZE_BUFFER"},
}, dflt: "SYSLOG_ACTION_???"}

var signalfdFlags = &xlat{vals: []xv{{02000000, "SFD_CLOEXEC"}, {04000, "SFD_NONBLOCK"}}, dflt: "SFD_???"}

// socketProtocols are the protocol tables of the domains whose socket
// protocols strace names from a table of their own (the others' are
// numbers); AF_IRDA's is strace's CAN table, with its default.
var socketProtocols = map[uint64]*xlat{
	23: {vals: canProtocols.vals, dflt: "IRDAPROTO_???"},                                                                                                                                                            // AF_IRDA
	29: canProtocols,                                                                                                                                                                                                // AF_CAN
	31: {vals: []xv{{0, "BTPROTO_L2CAP"}, {1, "BTPROTO_HCI"}, {2, "BTPROTO_SCO"}, {3, "BTPROTO_RFCOMM"}, {4, "BTPROTO_BNEP"}, {5, "BTPROTO_CMTP"}, {6, "BTPROTO_HIDP"}, {7, "BTPROTO_AVDTP"}}, dflt: "BTPROTO_???"}, // AF_BLUETOOTH
	34: {vals: []xv{{0, "ISDN_P_BASE"}, {1, "ISDN_P_TE_S0"}, {2, "ISDN_P_NT_S0"}, {3, "ISDN_P_TE_E1"}, {4, "ISDN_P_NT_E1"}, {0x10, "ISDN_P_LAPD_TE"}, {0x11, "ISDN_P_LAPD_NT"},
		{0x21, "ISDN_P_B_RAW"}, {0x22, "ISDN_P_B_HDLC"}, {0x23, "ISDN_P_B_X75SLP"}, {0x24, "ISDN_P_B_L2DTMF"}, {0x25, "ISDN_P_B_L2DSP"}, {0x26, "ISDN_P_B_L2DSPHDLC"}}, dflt: "ISDN_P_???"}, // AF_ISDN
	35: {vals: []xv{{0, "PN_PROTO_TRANSPORT"}, {1, "PN_PROTO_PHONET"}, {2, "PN_PROTO_PIPE"}}, dflt: "PN_PROTO_???"},                                                                              // AF_PHONET
	37: {vals: []xv{{0, "CAIFPROTO_AT"}, {1, "CAIFPROTO_DATAGRAM"}, {2, "CAIFPROTO_DATAGRAM_LOOP"}, {3, "CAIFPROTO_UTIL"}, {4, "CAIFPROTO_RFM"}, {5, "CAIFPROTO_DEBUG"}}, dflt: "CAIFPROTO_???"}, // AF_CAIF
	39: {vals: []xv{{0, "NFC_SOCKPROTO_RAW"}, {1, "NFC_SOCKPROTO_LLCP"}}, dflt: "NFC_SOCKPROTO_???"},                                                                                             // AF_NFC
	41: {vals: []xv{{0, "KCMPROTO_CONNECTED"}}, dflt: "KCMPROTO_???"},                                                                                                                            // AF_KCM
	43: {vals: []xv{{0, "SMCPROTO_SMC"}, {1, "SMCPROTO_SMC6"}}, dflt: "SMCPROTO_???"},                                                                                                            // AF_SMC
}

// canProtocols is strace's can_protocols.
var canProtocols = &xlat{vals: []xv{
	{1, "CAN_RAW"}, {2, "CAN_BCM"}, {3, "CAN_TP16"}, {4, "CAN_TP20"}, {5, "CAN_MCNET"}, {6, "CAN_ISOTP"}, {7, "CAN_J1939"},
}, dflt: "CAN_???"}

// ax25Protocols is strace's ax25_protocols.
var ax25Protocols = &xlat{vals: []xv{
	{0x01, "AX25_P_ROSE"}, {0x06, "AX25_P_VJCOMP"}, {0x07, "AX25_P_VJUNCOMP"}, {0x08, "AX25_P_SEGMENT"},
	{0xc3, "AX25_P_TEXNET"}, {0xc4, "AX25_P_LQ"}, {0xca, "AX25_P_ATALK"}, {0xcb, "AX25_P_ATALK_ARP"},
	{0xcc, "AX25_P_IP"}, {0xcd, "AX25_P_ARP"}, {0xce, "AX25_P_FLEXNET"}, {0xcf, "AX25_P_NETROM"}, {0xf0, "AX25_P_TEXT"},
}, dflt: "AX25_P_???"}
