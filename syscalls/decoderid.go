package syscalls

// DecoderID names a syscall-specific decoder of package decode
// (Signature.Decoder): the printer of a call whose text depends on other
// arguments or on the result. Package decode holds one decoder per
// DecoderID, and its tests check that each one is there; a misspelt
// reference does not compile.
type DecoderID uint8

// The syscall-specific decoders, named after the call (or the family of
// calls) they print.
const (
	// DecoderNone is the zero DecoderID: each argument is printed by the
	// generic printer of its Type.
	DecoderNone DecoderID = iota
	DecoderArchPrctl
	DecoderClone
	DecoderClone3
	DecoderEpollCtl
	DecoderEpollWait // epoll_wait, epoll_pwait
	DecoderFanotifyInit
	DecoderFanotifyMark
	DecoderFcntl
	DecoderFutex
	DecoderGetMempolicy
	DecoderGetcwd
	DecoderGetdents64
	DecoderGetgroups
	DecoderGetrandom
	DecoderGetsockopt
	DecoderGetxattr // getxattr, lgetxattr, fgetxattr
	DecoderIOUringSetup
	DecoderIPCCtl // msgctl, semctl, shmctl
	DecoderIPCGet // msgget, semget, shmget
	DecoderIoctl
	DecoderIoprioGet
	DecoderIoprioSet
	DecoderLandlockAddRule
	DecoderLandlockCreateRuleset
	DecoderLandlockRestrictSelf
	DecoderMemfdCreate
	DecoderKexecLoad
	DecoderKey // add_key, request_key
	DecoderKeyctl
	DecoderIoSubmit
	DecoderIoGetevents // io_getevents, io_pgetevents
	DecoderIOUringRegister
	DecoderMmap
	DecoderModule // delete_module, finit_module
	DecoderMount
	DecoderMountSetattr
	DecoderMremap
	DecoderMsgrcv
	DecoderMsgsnd
	DecoderNanosleep // nanosleep, clock_nanosleep
	DecoderOpen      // open, openat
	DecoderOpenat2
	DecoderBPF
	DecoderPerfEventOpen
	DecoderPersonality
	DecoderPoll
	DecoderPpoll
	DecoderPrctl
	DecoderQuotactl
	DecoderQuotactlFd
	DecoderRecvfrom
	DecoderRecvmmsg
	DecoderRemapFilePages
	DecoderRtSigreturn
	DecoderTime
	DecoderAdjtimex  // adjtimex, clock_adjtime
	DecoderListxattr // listxattr, llistxattr, flistxattr
	DecoderSetxattr  // setxattr, lsetxattr, fsetxattr
	DecoderMincore
	DecoderReboot
	DecoderUstat
	DecoderSetgroups
	DecoderGetdents
	DecoderSwapon
	DecoderSyslog
	DecoderMbind
	DecoderMigratePages
	DecoderSendfile
	DecoderSendmmsg
	DecoderRtSigpending
	DecoderFsconfig
	DecoderKcmp
	DecoderPidfdGetfd // pidfd_getfd: targetfd is a descriptor of the pidfd's process
	DecoderMknod      // mknod, mknodat
	DecoderSethostname
	DecoderRtSigtimedwait
	DecoderSchedGetaffinity
	DecoderSchedGetattr
	DecoderSchedSetattr
	DecoderSchedGetscheduler
	DecoderSchedSetaffinity
	DecoderSeccomp
	DecoderSelect // select, pselect6
	DecoderSendto
	DecoderSetMempolicy
	DecoderSetsockopt
	DecoderSocket   // socket, socketpair
	DecoderSockname // getsockname, getpeername, accept, accept4
	DecoderWait4
	DecoderWaitid
	DecoderPreadv2    // preadv2, pwritev2: the offset's high half is not shown
	DecoderMqOpen     // mq_open: mode and attr only with O_CREAT
	DecoderFutexWaitv // futex_waitv: at most FUTEX_WAITV_MAX waiters shown
	DecoderModifyLdt
	DecoderSetThreadArea
	DecoderGetThreadArea
	DecoderSysctl
	DecoderPtrace
	DecoderRestartSyscall // restart_syscall: the call it resumes
	DecoderMembarrier     // membarrier: cpu_id only with MEMBARRIER_CMD_FLAG_CPU, a query's result as commands
	DecoderNameToHandleAt
	DecoderOpenByHandleAt
	// NumDecoders is the number of DecoderIDs.
	NumDecoders
)
