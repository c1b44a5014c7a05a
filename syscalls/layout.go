package syscalls

import "github.com/sctrace/sctrace/trace"

// LayoutID names the layout of an object in tracee memory that an argument
// points to (Arg.Layout): its size on each architecture, which a capture
// plan copies, and, for the Struct and Array types, the struct printer of
// package decode. A misspelt reference does not compile; tests check that
// every layout has a size and every printed one a printer.
type LayoutID uint8

// The layouts, named after the C type (or the capture) they describe.
const (
	// LayoutNone is the zero LayoutID: no layout.
	LayoutNone LayoutID = iota
	LayoutInt
	LayoutPath
	LayoutInt2
	LayoutGID
	LayoutTaskComm
	LayoutTimespec2
	LayoutTimeval2      // utimes' struct timeval[2]
	LayoutKcmpEpollSlot // kcmp's struct kcmp_epoll_slot
	LayoutPtrRef        // a pointer stored by the call, printed [0x...]
	LayoutIntElem       // an int element of an array
	LayoutGIDElem       // a gid_t element of an array
	LayoutMincoreVec    // an element of mincore's vector: a byte a page
	LayoutUstat         // struct ustat
	LayoutRebootArg     // reboot's LINUX_REBOOT_CMD_RESTART2 string: the 255 bytes strace reads
	LayoutPtrElem       // a pointer element of an array
	LayoutStatusElem    // an int element that is 0 or a negated errno (move_pages' status)
	LayoutUlongRef      // an unsigned long stored by the call, printed [N]
	LayoutUtimbuf       // utime's struct utimbuf
	LayoutWinsize
	LayoutTermios
	LayoutLong
	LayoutStat
	LayoutStatx
	LayoutStatfs
	LayoutTimespec
	LayoutTimeval
	LayoutTimezone
	LayoutItimerval
	LayoutItimerspec
	LayoutRlimit
	LayoutRusage
	LayoutUtsname
	LayoutSigaction
	LayoutSigset
	LayoutStackT
	LayoutSiginfo
	LayoutSysinfo
	LayoutTms
	LayoutPollfd
	LayoutEpollEvent
	LayoutSockaddr
	LayoutMsghdr
	LayoutCloneArgs
	LayoutOpenHow
	LayoutFdSet
	LayoutIoctlArg
	LayoutFlock
	LayoutCapHeader
	LayoutCapData
	LayoutSchedParam
	LayoutCPUSet
	LayoutDirents
	LayoutRobustList
	LayoutTimex
	LayoutMqAttr
	LayoutSigevent
	LayoutRseq
	LayoutUserDesc
	LayoutMmsghdr
	LayoutEpollParams
	LayoutFutexWaitv
	LayoutSchedAttr
	LayoutFileHandle
	LayoutIOUringParams
	LayoutMountAttr
	LayoutLandlockRulesetAttr
	LayoutPerfEventAttr
	LayoutBPFAttr
	LayoutStatmount
	LayoutMntIDReq
	LayoutNodemask
	LayoutSockoptVal
	LayoutMemfdName
	LayoutFsconfigKey
	LayoutFsconfigValue
	LayoutLandlockPathBeneath
	LayoutSembuf
	LayoutMsqidDS // msgctl's buffer: msqid64_ds, or msginfo
	LayoutSemidDS // semctl's buffer: semid64_ds, or seminfo
	LayoutShmidDS // shmctl's buffer: shmid64_ds, shminfo64 or shm_info
	LayoutKexecSegment
	LayoutQuotaData  // quotactl's data: up to a struct fs_quota_statv
	LayoutSockFprog  // struct sock_fprog: a u16 count, then a pointer to the instructions
	LayoutIovecAddr  // struct iovec printed by address (process_madvise)
	LayoutUintRef    // an unsigned int shown in brackets (mq_timedreceive's priority)
	LayoutSysctlArgs // _sysctl's struct __sysctl_args
	LayoutPtraceAddr // ptrace's addr: a struct ptrace_peeksiginfo_args
	LayoutPtraceData // what ptrace's addr or data points to: up to a struct user_fpregs_struct
	LayoutKeyctlArg2 // keyctl's arg2: up to a struct keyctl_pkey_params
	LayoutKeyctlArg3 // keyctl's arg3: up to 33 struct iovec (KEYCTL_INSTANTIATE_IOV)
	LayoutKeyctlArg5 // keyctl's arg5: up to a struct keyctl_kdf_params
	LayoutIocb       // struct iocb
	LayoutIoEvent    // struct io_event
	// LayoutIOUringRegisterArg is io_uring_register's argument: up to a
	// struct io_uring_probe with 256 ops.
	LayoutIOUringRegisterArg
	// NumLayouts is the number of LayoutIDs.
	NumLayouts
)

// layoutSizes are the sizes of the layouts, per architecture: x86_64,
// arm64.
var layoutSizes = [NumLayouts][2]uint32{
	LayoutInt:                 {4, 4},
	LayoutPath:                {PathMax, PathMax},
	LayoutInt2:                {8, 8},
	LayoutGID:                 {4, 4},
	LayoutTaskComm:            {16, 16},
	LayoutTimespec2:           {32, 32},
	LayoutTimeval2:            {32, 32},
	LayoutUtimbuf:             {16, 16},
	LayoutKcmpEpollSlot:       {12, 12},
	LayoutPtrRef:              {8, 8},
	LayoutIntElem:             {4, 4},
	LayoutGIDElem:             {4, 4},
	LayoutMincoreVec:          {1, 1},
	LayoutUstat:               {32, 32},
	LayoutRebootArg:           {255, 255},
	LayoutPtrElem:             {8, 8},
	LayoutStatusElem:          {4, 4},
	LayoutUlongRef:            {8, 8},
	LayoutWinsize:             {8, 8},
	LayoutTermios:             {36, 36},
	LayoutLong:                {8, 8},
	LayoutStat:                {144, 128},
	LayoutStatx:               {256, 256},
	LayoutStatfs:              {120, 120},
	LayoutTimespec:            {16, 16},
	LayoutTimeval:             {16, 16},
	LayoutTimezone:            {8, 8},
	LayoutItimerval:           {32, 32},
	LayoutItimerspec:          {32, 32},
	LayoutRlimit:              {16, 16},
	LayoutRusage:              {144, 144},
	LayoutUtsname:             {390, 390},
	LayoutSigaction:           {32, 32},
	LayoutSigset:              {8, 8},
	LayoutStackT:              {24, 24},
	LayoutSiginfo:             {128, 128},
	LayoutSysinfo:             {112, 112},
	LayoutTms:                 {32, 32},
	LayoutPollfd:              {8, 8},
	LayoutEpollEvent:          {12, 16},
	LayoutSockaddr:            {128, 128},
	LayoutMsghdr:              {56, 56},
	LayoutCloneArgs:           {88, 88},
	LayoutOpenHow:             {24, 24},
	LayoutFdSet:               {128, 128},
	LayoutIoctlArg:            {64, 64},
	LayoutFlock:               {32, 32},
	LayoutCapHeader:           {8, 8},
	LayoutCapData:             {24, 24},
	LayoutSchedParam:          {4, 4},
	LayoutCPUSet:              {128, 128},
	LayoutDirents:             {65536, 65536},
	LayoutRobustList:          {24, 24},
	LayoutTimex:               {208, 208},
	LayoutMqAttr:              {64, 64},
	LayoutSigevent:            {32, 32}, // strace reads the value, signo, notify and the union's first 16 bytes
	LayoutRseq:                {32, 32},
	LayoutUserDesc:            {16, 16},
	LayoutMmsghdr:             {64, 64},
	LayoutEpollParams:         {8, 8},
	LayoutFutexWaitv:          {24, 24},
	LayoutSchedAttr:           {56, 56},
	LayoutFileHandle:          {FileHandleSize, FileHandleSize},
	LayoutIOUringParams:       {120, 120},
	LayoutMountAttr:           {32, 32},
	LayoutLandlockRulesetAttr: {16, 16},
	LayoutPerfEventAttr:       {128, 128},
	LayoutBPFAttr:             {144, 144},
	LayoutStatmount:           {512, 512},
	LayoutMntIDReq:            {32, 32},
	LayoutNodemask:            {264, 264}, // 33 longs: -s's 32 and one to tell more
	// sockopt_val is what getsockopt's value copy holds: the largest
	// option value the decoder shows whole, SO_GET_FILTER's program of
	// up to 128 instructions (longer ones show the rest as unread).
	LayoutSockoptVal: {1024, 1024},
	// memfd_name is what strace reads of memfd_create's name
	// (MFD_NAME_MAX_LEN + 1 bytes), whatever -s says.
	LayoutMemfdName: {250, 250},
	// fsconfig's key is what strace reads of it (256 bytes); its value
	// a string of as much, a binary blob or a path of up to PATH_MAX, by
	// the command: PATH_MAX bytes or those up to the end of their page.
	LayoutFsconfigKey:   {256, 256},
	LayoutFsconfigValue: {PathMax, PathMax},
	// landlock_path_beneath_attr is packed: a u64 and an s32.
	LayoutLandlockPathBeneath: {12, 12},
	LayoutSembuf:              {6, 6},
	LayoutMsqidDS:             {120, 120},
	LayoutSemidDS:             {104, 88},
	LayoutShmidDS:             {112, 112},
	LayoutKexecSegment:        {32, 32},
	LayoutQuotaData:           {160, 160},
	LayoutSockFprog:           {16, 16},
	LayoutIovecAddr:           {16, 16},
	LayoutUintRef:             {4, 4},
	LayoutSysctlArgs:          {80, 80},
	LayoutPtraceAddr:          {16, 16},
	LayoutPtraceData:          {512, 512},
	// keyctl's arguments are strings, buffers or structures as its
	// command says: each is copied as the string limit plus one bytes or
	// the largest structure it may be, whichever is more. arg2 may be a
	// struct keyctl_pkey_params (40 bytes, the largest), arg3 an iovec
	// array, of which the -s default's 32 and one more are shown, arg5 a
	// struct keyctl_kdf_params or keyctl_pkey_query (56 bytes).
	LayoutKeyctlArg2: {40, 40},
	LayoutKeyctlArg3: {33 * 16, 33 * 16},
	LayoutKeyctlArg5: {56, 56},
	LayoutIocb:       {64, 64},
	LayoutIoEvent:    {32, 32},
	// io_uring_register's argument is an array, a structure or a CPU
	// mask as its opcode says, copied as the largest of them, a struct
	// io_uring_probe with 256 ops (the most strace reads), or the
	// string limit plus one bytes, whichever is more.
	LayoutIOUringRegisterArg: {16 + 8*256, 16 + 8*256},
}

// The layout of a struct file_handle (LayoutFileHandle): a u32
// handle_bytes, an int handle_type, then handle_bytes of f_handle, of
// which strace reads MAX_HANDLE_SZ at most.
const (
	FileHandleHeader = 8
	FileHandleMax    = 128
	FileHandleSize   = FileHandleHeader + FileHandleMax
)

// LayoutSize returns the size of layout l on arch, or 0 for LayoutNone.
func LayoutSize(arch uint32, l LayoutID) uint32 {
	if l >= NumLayouts {
		return 0
	}
	if arch == trace.ArchAArch64 {
		return layoutSizes[l][1]
	}
	return layoutSizes[l][0]
}

// NodemaskLongs is how many longs of a node mask LayoutNodemask holds.
const NodemaskLongs = 33

// FdSetMax is how many descriptors of a select set strace reads at most
// (whatever nfds says).
const FdSetMax = 1 << 20

// FdSetBytes returns how many bytes of a select set of nfds descriptors
// strace reads (its fdsize): the bits of nfds, at most FdSetMax, in whole
// longs; 0 for nfds <= 0.
func FdSetBytes(nfds int) uint32 {
	nfds = max(min(nfds, FdSetMax), 0)
	return uint32(((nfds+7)/8 + 7) &^ 7)
}

// FdSetHeadBits is how many descriptors of a select set a capture holds
// when the whole set cannot be read (LenFdSet): FD_SETSIZE.
const FdSetHeadBits = 1024

// FdSetView returns the part of a select set's captured data that holds
// the descriptors below nfds, and how many of them it holds: all nfds
// when data has the whole set (FdSetBytes), the first FdSetHeadBits when
// it has only those (a set of more whose pages could not all be read);
// ok is false when neither.
func FdSetView(data []byte, nfds int) (set []byte, bits int, ok bool) {
	if size := int(FdSetBytes(nfds)); size > 0 && len(data) >= size {
		return data[:size], min(nfds, FdSetMax), true
	}
	if head := int(FdSetBytes(FdSetHeadBits)); nfds > FdSetHeadBits && len(data) >= head {
		return data[:head], FdSetHeadBits, true
	}
	return nil, 0, false
}
