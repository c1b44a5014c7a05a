package syscalls

// XlatID names a value table of package decode: the names strace prints for
// the values of a Flags or Enum argument (Arg.Xlat). Package decode holds
// one table per XlatID, and its tests check that each one is there; a
// misspelt reference does not compile.
type XlatID uint8

// The value tables, each named after the values it names.
const (
	// XlatNone is the zero XlatID: no value table.
	XlatNone XlatID = iota
	XlatAccessMode
	XlatAddressFamily
	XlatArchPrctlCode
	XlatAtFlags
	XlatClockID
	XlatCloneFlags
	XlatUnshareFlags    // unshare's CLONE_* (the namespaces and shared resources)
	XlatCloseRangeFlags // close_range's CLOSE_RANGE_*
	XlatEpollCtlOp
	XlatEpollFlags
	XlatEventfdFlags
	XlatFaccessatFlags
	XlatFadviseAdvice
	XlatFallocFlags
	XlatFcntlCmd
	XlatFlockOp
	XlatFsmountFlags
	XlatFsopenFlags
	XlatFspickFlags
	XlatGetMempolicyFlags
	XlatGetrandomFlags
	XlatIDType // waitid's P_ALL, P_PID ...
	XlatIOUringEnterFlags
	XlatInotifyInitFlags
	XlatIoprioWho
	XlatInotifyMask
	XlatItimerWhich
	XlatKexecFileLoadFlags
	XlatMadviseAdvice
	XlatMemfdFlags
	XlatMlockallFlags
	XlatMlock2Flags // mlock2's MLOCK_*
	XlatPkeyAccess  // pkey_alloc's PKEY_DISABLE_*
	XlatRwfFlags    // preadv2/pwritev2's RWF_*
	XlatSyncFileRangeFlags
	XlatSyslogAction
	XlatUffdFlags      // userfaultfd's flags
	XlatMbindFlags     // mbind's and move_pages' MPOL_MF_*
	XlatMountAttrFlags // fsmount's MOUNT_ATTR_*
	XlatMoveMountFlags
	XlatMmapFlags
	XlatMmapProt
	XlatMountFlags
	XlatMremapFlags
	XlatMsgFlags
	XlatMsyncFlags
	XlatOpenTreeFlags
	XlatOpenFlags // open(2)'s flags on the call's architecture
	XlatPidfdOpenFlags
	XlatPriorityWhich
	XlatRenameFlags
	XlatRlimitResource
	XlatRseqFlags
	XlatRusageWho
	XlatSchedPolicy
	XlatSetnsTypes
	XlatShmFlags // shmat's SHM_*
	XlatShutdownHow
	XlatSignalfdFlags
	XlatSigprocmaskHow
	XlatSockFlags // accept4's SOCK_CLOEXEC, SOCK_NONBLOCK
	XlatSpliceFlags
	XlatStatxFlags // statx's sync type, then AT_* flags
	XlatStatxMask
	XlatTimerFlags
	XlatTimerfdFlags
	XlatTimerfdSettimeFlags
	XlatUmountFlags
	XlatWaitOptions
	XlatWhence
	XlatXattrFlags
	XlatMemfdSecretFlags // memfd_secret's O_CLOEXEC
	XlatMqAttrFlags      // struct mq_attr's mq_flags (O_NONBLOCK)
	XlatNameToHandleAtFlags
	// NumXlats is the number of XlatIDs.
	NumXlats
)
