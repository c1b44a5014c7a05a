package syscalls

import "sync"

// signatureList is how each system call's arguments are printed and
// captured; calls that are absent print their raw arguments in hex, as
// strace prints calls it does not decode. XlatIDs name the value tables of
// package decode, LayoutIDs its struct printers (and the sizes capture
// plans copy), DecoderIDs its syscall-specific printers. Its elements are
// constants, laid out by the compiler in the binary's data: no start-up
// work builds them.
var signatureList = [...]namedSignature{
	// I/O on descriptors.
	{"read", Signature{Args: []Arg{A("fd", FD), L("buf", OutBuf, 2), A("count", Ulong)}}},
	{"write", Signature{Args: []Arg{A("fd", FD), L("buf", InBuf, 2), A("count", Ulong)}}},
	{"pread64", Signature{Args: []Arg{A("fd", FD), L("buf", OutBuf, 2), A("count", Ulong), A("offset", Long)}}},
	{"pwrite64", Signature{Args: []Arg{A("fd", FD), L("buf", InBuf, 2), A("count", Ulong), A("offset", Long)}}},
	{"readv", Signature{Args: []Arg{A("fd", FD), L("iov", OutIovec, 2), A("iovcnt", Ulong)}}},
	{"writev", Signature{Args: []Arg{A("fd", FD), L("iov", InIovec, 2), A("iovcnt", Ulong)}}},
	{"close", Signature{Args: []Arg{A("fd", FD)}}},
	{"lseek", Signature{Args: []Arg{A("fd", FD), A("offset", Long), E("whence", XlatWhence)}}},
	{"dup", Signature{Args: []Arg{A("oldfd", FD)}, Ret: RetFD}},
	{"dup2", Signature{Args: []Arg{A("oldfd", FD), A("newfd", FD)}, Ret: RetFD}},
	{"dup3", Signature{Args: []Arg{A("oldfd", FD), A("newfd", FD), F("flags", XlatOpenFlags)}, Ret: RetFD}},

	// Files.
	{"open", Signature{Args: []Arg{A("pathname", Path), F("flags", XlatOpenFlags), A("mode", Mode)}, Ret: RetFD, Decoder: DecoderOpen}},
	{"openat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", XlatOpenFlags), A("mode", Mode)}, Ret: RetFD, Decoder: DecoderOpen}},
	{"creat", Signature{Args: []Arg{A("pathname", Path), A("mode", Mode)}, Ret: RetFD}},
	{"stat", Signature{Args: []Arg{A("pathname", Path), S("statbuf", StructOut, LayoutStat)}}},
	{"lstat", Signature{Args: []Arg{A("pathname", Path), S("statbuf", StructOut, LayoutStat)}}},
	{"fstat", Signature{Args: []Arg{A("fd", FD), S("statbuf", StructOut, LayoutStat)}}},
	{"newfstatat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), S("statbuf", StructOut, LayoutStat), F("flags", XlatAtFlags)}}},
	{"statx", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", XlatStatxFlags), F("mask", XlatStatxMask), S("statxbuf", StructOut, LayoutStatx)}}},
	{"access", Signature{Args: []Arg{A("pathname", Path), F("mode", XlatAccessMode)}}},
	{"faccessat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("mode", XlatAccessMode)}}},
	{"faccessat2", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("mode", XlatAccessMode), F("flags", XlatFaccessatFlags)}}},
	{"getcwd", Signature{Args: []Arg{B("buf", OutBuf, 1, LayoutPath), A("size", Ulong)}, Decoder: DecoderGetcwd}},
	{"chdir", Signature{Args: []Arg{A("path", Path)}}},
	{"fchdir", Signature{Args: []Arg{A("fd", FD)}}},
	{"mkdir", Signature{Args: []Arg{A("pathname", Path), A("mode", Mode)}}},
	{"mkdirat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("mode", Mode)}}},
	{"rmdir", Signature{Args: []Arg{A("pathname", Path)}}},
	{"unlink", Signature{Args: []Arg{A("pathname", Path)}}},
	{"unlinkat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", XlatAtFlags)}}},
	{"rename", Signature{Args: []Arg{A("oldpath", Path), A("newpath", Path)}}},
	{"renameat", Signature{Args: []Arg{A("olddirfd", DirFD), A("oldpath", Path), A("newdirfd", DirFD), A("newpath", Path)}}},
	{"renameat2", Signature{Args: []Arg{A("olddirfd", DirFD), A("oldpath", Path), A("newdirfd", DirFD), A("newpath", Path), F("flags", XlatRenameFlags)}}},
	{"chmod", Signature{Args: []Arg{A("pathname", Path), A("mode", Mode)}}},
	{"fchmod", Signature{Args: []Arg{A("fd", FD), A("mode", Mode)}}},
	{"fchmodat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("mode", Mode)}}},
	{"getdents64", Signature{Args: []Arg{A("fd", FD), S("dirp", OutBuf, LayoutDirents), A("count", Uint)}, Decoder: DecoderGetdents64}},

	// Memory.
	{"brk", Signature{Args: []Arg{A("addr", Ptr)}, Ret: RetHex}},
	{"mmap", Signature{Args: []Arg{A("addr", Ptr), A("length", Ulong), FL("prot", XlatMmapProt), FL("flags", XlatMmapFlags), A("fd", FD), A("offset", Hex)}, Ret: RetHex, Decoder: DecoderMmap}},
	{"mprotect", Signature{Args: []Arg{A("addr", Ptr), A("len", Ulong), FL("prot", XlatMmapProt)}}},
	{"munmap", Signature{Args: []Arg{A("addr", Ptr), A("length", Ulong)}}},

	// Process start-up.
	{"execve", Signature{Args: []Arg{A("pathname", Path), A("argv", StrArray), A("envp", EnvArray)}}},
	{"execveat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("argv", StrArray), A("envp", EnvArray), F("flags", XlatAtFlags)}}},
	{"arch_prctl", Signature{Args: []Arg{E("code", XlatArchPrctlCode), COut("addr", LayoutLong)}, Decoder: DecoderArchPrctl}},
	{"set_tid_address", Signature{Args: []Arg{A("tidptr", Ptr)}}},
	{"set_robust_list", Signature{Args: []Arg{A("head", Ptr), A("len", Ulong)}}},
	{"rseq", Signature{Args: []Arg{A("rseq", Ptr), A("rseq_len", Hex), F("flags", XlatRseqFlags), A("sig", Hex)}}},
	{"prlimit64", Signature{Args: []Arg{A("pid", Int), E("resource", XlatRlimitResource), S("new_limit", StructIn, LayoutRlimit), S("old_limit", StructOut, LayoutRlimit)}}},
	{"getrandom", Signature{Args: []Arg{L("buf", OutBuf, 1), A("buflen", Ulong), F("flags", XlatGetrandomFlags)}, Decoder: DecoderGetrandom}},
	{"exit_group", Signature{Args: []Arg{A("status", Int)}, Ret: RetNone}},
	{"exit", Signature{Args: []Arg{A("status", Int)}, Ret: RetNone}},
	{"uname", Signature{Args: []Arg{S("buf", StructOut, LayoutUtsname)}}},

	// Processes and signals.
	{"clone", Signature{Args: []Arg{C("flags"), C("stack"), COut("parent_tid", LayoutInt), C("child_tid"), C("tls")}, Decoder: DecoderClone}},
	{"clone3", Signature{Args: []Arg{CExt("cl_args", LayoutCloneArgs, 1, AtEntry|AtExit), A("size", Ulong)}, Decoder: DecoderClone3}},
	{"fork", Signature{Args: []Arg{}}},
	{"vfork", Signature{Args: []Arg{}}},
	{"wait4", Signature{Args: []Arg{A("pid", Int), S("wstatus", StructOut, LayoutInt), F("options", XlatWaitOptions), S("rusage", StructOut, LayoutRusage)}, Decoder: DecoderWait4}},
	{"kill", Signature{Args: []Arg{A("pid", Int), A("sig", Signo)}}},
	{"rt_sigqueueinfo", Signature{Args: []Arg{A("tgid", Int), A("sig", Signo), S("info", StructIn, LayoutSiginfo)}}},
	{"rt_tgsigqueueinfo", Signature{Args: []Arg{A("tgid", Int), A("tid", Int), A("sig", Signo), S("info", StructIn, LayoutSiginfo)}}},
	{"tkill", Signature{Args: []Arg{A("tid", Int), A("sig", Signo)}}},
	{"tgkill", Signature{Args: []Arg{A("tgid", Int), A("tid", Int), A("sig", Signo)}}},
	{"rt_sigaction", Signature{Args: []Arg{A("signum", Signo), S("act", StructIn, LayoutSigaction), S("oldact", StructOut, LayoutSigaction), A("sigsetsize", Ulong)}}},
	{"rt_sigprocmask", Signature{Args: []Arg{E("how", XlatSigprocmaskHow), S("set", StructIn, LayoutSigset), S("oldset", StructOut, LayoutSigset), A("sigsetsize", Ulong)}}},
	{"rt_sigreturn", Signature{Args: []Arg{A("frame_mask", SigframeMask)}, Decoder: DecoderRtSigreturn}},
	{"nanosleep", Signature{Args: []Arg{S("req", StructIn, LayoutTimespec), S("rem", StructOut, LayoutTimespec)}, Decoder: DecoderNanosleep}},
	{"clock_nanosleep", Signature{Args: []Arg{E("clockid", XlatClockID), F("flags", XlatTimerFlags), S("request", StructIn, LayoutTimespec), S("remain", StructOut, LayoutTimespec)}, Decoder: DecoderNanosleep}},
	{"getpid", Signature{Args: []Arg{}}},
	{"getppid", Signature{Args: []Arg{}}},
	{"gettid", Signature{Args: []Arg{}}},
	{"getuid", Signature{Args: []Arg{}}},
	{"geteuid", Signature{Args: []Arg{}}},
	{"getgid", Signature{Args: []Arg{}}},
	{"getegid", Signature{Args: []Arg{}}},

	// Terminals.
	{"ioctl", Signature{Args: []Arg{A("fd", FD), C("request"), CInOut("argp", LayoutIoctlArg)}, Decoder: DecoderIoctl}},
	{"fcntl", Signature{Args: []Arg{A("fd", FD), E("cmd", XlatFcntlCmd), Partial(CInOut("arg", LayoutFlock))}, Decoder: DecoderFcntl}},
	{"pipe", Signature{Args: []Arg{S("pipefd", StructOut, LayoutInt2)}}},
	{"pipe2", Signature{Args: []Arg{S("pipefd", StructOut, LayoutInt2), F("flags", XlatOpenFlags)}}},
	{"ppoll", Signature{Args: []Arg{SA("fds", ArrayInOut, LayoutPollfd, 1), A("nfds", Uint), CInOut("tmo_p", LayoutTimespec), S("sigmask", StructIn, LayoutSigset), A("sigsetsize", Ulong)}, Decoder: DecoderPpoll}},
	{"poll", Signature{Args: []Arg{SA("fds", ArrayInOut, LayoutPollfd, 1), A("nfds", Uint), A("timeout", Int)}, Decoder: DecoderPoll}},

	// Sockets.
	{"socket", Signature{Args: []Arg{E("domain", XlatAddressFamily), C("type"), C("protocol")}, Ret: RetFD, Decoder: DecoderSocket}},
	{"socketpair", Signature{Args: []Arg{E("domain", XlatAddressFamily), C("type"), C("protocol"), S("sv", StructOut, LayoutInt2)}, Decoder: DecoderSocket}},
	{"connect", Signature{Args: []Arg{A("sockfd", FD), B("addr", InBuf, 2, LayoutSockaddr), A("addrlen", Int)}}},
	{"sendto", Signature{Args: []Arg{A("sockfd", FD), NetlinkBuf(Partial(B("buf", InBuf, 2, LayoutNone))), A("len", Ulong), F("flags", XlatMsgFlags), B("dest_addr", InBuf, 5, LayoutSockaddr), A("addrlen", Int)}, Decoder: DecoderSendto}},
	{"sendmsg", Signature{Args: []Arg{A("sockfd", FD), A("msg", MsghdrIn), F("flags", XlatMsgFlags)}}},
	{"sendmmsg", Signature{Args: []Arg{A("sockfd", FD), L("msgvec", MmsgvecIn, 2), A("vlen", Uint), F("flags", XlatMsgFlags)}, Decoder: DecoderSendmmsg}},
	{"recvmmsg", Signature{Args: []Arg{A("sockfd", FD), L("msgvec", MmsgvecOut, 2), A("vlen", Uint), F("flags", XlatMsgFlags), CInAndOut("timeout", LayoutTimespec)}, Decoder: DecoderRecvmmsg}},
	{"recvmsg", Signature{Args: []Arg{A("sockfd", FD), A("msg", MsghdrOut), F("flags", XlatMsgFlags)}}},
	{"recvfrom", Signature{Args: []Arg{A("sockfd", FD), NetlinkBuf(Partial(L("buf", OutBuf, 2))), A("len", Ulong), F("flags", XlatMsgFlags), S("src_addr", StructOut, LayoutSockaddr), CInAndOut("addrlen", LayoutInt)}, Decoder: DecoderRecvfrom}},

	// More files and descriptors.
	{"umask", Signature{Args: []Arg{A("mask", Mode)}, Ret: RetOctal}},
	{"getxattr", Signature{Args: []Arg{A("path", Path), A("name", String), L("value", OutBuf, 3), A("size", Ulong)}, Decoder: DecoderGetxattr}},
	{"lgetxattr", Signature{Args: []Arg{A("path", Path), A("name", String), L("value", OutBuf, 3), A("size", Ulong)}, Decoder: DecoderGetxattr}},
	{"fgetxattr", Signature{Args: []Arg{A("fd", FD), A("name", String), L("value", OutBuf, 3), A("size", Ulong)}, Decoder: DecoderGetxattr}},
	{"setxattr", Signature{Args: []Arg{A("path", Path), A("name", String), L("value", InBuf, 3), A("size", Ulong), F("flags", XlatXattrFlags)}, Decoder: DecoderSetxattr}},
	{"lsetxattr", Signature{Args: []Arg{A("path", Path), A("name", String), L("value", InBuf, 3), A("size", Ulong), F("flags", XlatXattrFlags)}, Decoder: DecoderSetxattr}},
	{"fsetxattr", Signature{Args: []Arg{A("fd", FD), A("name", String), L("value", InBuf, 3), A("size", Ulong), F("flags", XlatXattrFlags)}, Decoder: DecoderSetxattr}},
	{"statfs", Signature{Args: []Arg{A("path", Path), S("buf", StructOut, LayoutStatfs)}}},
	{"fstatfs", Signature{Args: []Arg{A("fd", FD), S("buf", StructOut, LayoutStatfs)}}},
	{"fadvise64", Signature{Args: []Arg{A("fd", FD), A("offset", Long), A("len", Ulong), E("advice", XlatFadviseAdvice)}}},
	{"copy_file_range", Signature{Args: []Arg{A("fd_in", FD), S("off_in", StructIn, LayoutLong), A("fd_out", FD), S("off_out", StructIn, LayoutLong), A("len", Ulong), A("flags", Uint)}}},
	{"readlink", Signature{Args: []Arg{A("pathname", Path), L("buf", OutBuf, 2), A("bufsiz", Ulong)}}},
	{"readlinkat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), L("buf", OutBuf, 3), A("bufsiz", Ulong)}}},
	{"ftruncate", Signature{Args: []Arg{A("fd", FD), A("length", Ulong)}}},
	{"truncate", Signature{Args: []Arg{A("path", Path), A("length", Ulong)}}},
	{"fsync", Signature{Args: []Arg{A("fd", FD)}}},
	{"fdatasync", Signature{Args: []Arg{A("fd", FD)}}},
	{"link", Signature{Args: []Arg{A("oldpath", Path), A("newpath", Path)}}},
	{"symlink", Signature{Args: []Arg{A("target", Path), A("linkpath", Path)}}},
	{"linkat", Signature{Args: []Arg{A("olddirfd", DirFD), A("oldpath", Path), A("newdirfd", DirFD), A("newpath", Path), F("flags", XlatAtFlags)}}},
	{"symlinkat", Signature{Args: []Arg{A("target", Path), A("newdirfd", DirFD), A("linkpath", Path)}}},
	{"chown", Signature{Args: []Arg{A("pathname", Path), A("owner", ID), A("group", ID)}}},
	{"lchown", Signature{Args: []Arg{A("pathname", Path), A("owner", ID), A("group", ID)}}},
	{"fchown", Signature{Args: []Arg{A("fd", FD), A("owner", ID), A("group", ID)}}},
	{"fchownat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("owner", ID), A("group", ID), F("flags", XlatAtFlags)}}},
	{"sendfile", Signature{Args: []Arg{A("out_fd", FD), A("in_fd", FD), CInAndOut("offset", LayoutLong), A("count", Ulong)}, Decoder: DecoderSendfile}},
	{"flock", Signature{Args: []Arg{A("fd", FD), F("operation", XlatFlockOp)}}},
	{"close_range", Signature{Args: []Arg{A("first", Uint), A("last", Uint), F("flags", XlatCloseRangeFlags)}}},
	{"eventfd2", Signature{Args: []Arg{A("initval", Uint), F("flags", XlatEventfdFlags)}, Ret: RetFD}},
	{"epoll_create1", Signature{Args: []Arg{F("flags", XlatEpollFlags)}, Ret: RetFD}},
	{"epoll_ctl", Signature{Args: []Arg{A("epfd", FD), E("op", XlatEpollCtlOp), A("fd", FD), S("event", StructIn, LayoutEpollEvent)}, Decoder: DecoderEpollCtl}},
	{"epoll_wait", Signature{Args: []Arg{A("epfd", FD), SA("events", ArrayInOut, LayoutEpollEvent, 2), A("maxevents", Int), A("timeout", Int)}, Decoder: DecoderEpollWait}},
	{"epoll_pwait", Signature{Args: []Arg{A("epfd", FD), SA("events", ArrayInOut, LayoutEpollEvent, 2), A("maxevents", Int), A("timeout", Int), S("sigmask", StructIn, LayoutSigset), A("sigsetsize", Ulong)}, Decoder: DecoderEpollWait}},
	{"timerfd_create", Signature{Args: []Arg{E("clockid", XlatClockID), F("flags", XlatTimerfdFlags)}, Ret: RetFD}},

	// More memory.
	{"madvise", Signature{Args: []Arg{A("addr", Ptr), A("length", Ulong), E("advice", XlatMadviseAdvice)}}},
	{"mremap", Signature{Args: []Arg{A("old_address", Ptr), A("old_size", Ulong), A("new_size", Ulong), FL("flags", XlatMremapFlags), A("new_address", Ptr)}, Ret: RetHex, Decoder: DecoderMremap}},
	{"remap_file_pages", Signature{Args: []Arg{A("addr", Ptr), A("size", Ulong), FL("prot", XlatMmapProt), A("pgoff", Ulong), C("flags")}, Decoder: DecoderRemapFilePages}},
	{"msync", Signature{Args: []Arg{A("addr", Ptr), A("length", Ulong), F("flags", XlatMsyncFlags)}}},

	// More processes, credentials, time.
	{"futex", Signature{Args: []Arg{A("uaddr", Ptr), C("futex_op"), C("val"), CIn("timeout", LayoutTimespec), C("uaddr2"), C("val3")}, Decoder: DecoderFutex}},
	{"futex_waitv", Signature{Args: []Arg{SA("waiters", ArrayIn, LayoutFutexWaitv, 1), A("nr_futexes", Uint), A("flags", HexInt), S("timeout", StructIn, LayoutTimespec), E("clockid", XlatClockID)}, Decoder: DecoderFutexWaitv}},
	{"getgroups", Signature{Args: []Arg{A("size", Int), SA("list", ArrayInOut, LayoutGID, 0)}, Decoder: DecoderGetgroups}},
	{"utimensat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), S("times", StructIn, LayoutTimespec2), F("flags", XlatAtFlags)}}},
	{"sched_getaffinity", Signature{Args: []Arg{A("pid", Int), A("cpusetsize", Uint), B("mask", OutBuf, 1, LayoutCPUSet)}, Decoder: DecoderSchedGetaffinity}},
	{"sched_setaffinity", Signature{Args: []Arg{A("pid", Int), A("cpusetsize", Uint), B("mask", InBuf, 1, LayoutCPUSet)}, Decoder: DecoderSchedSetaffinity}},
	{"prctl", Signature{Args: []Arg{C("option"), CInOutPrefix("arg2", LayoutTaskComm), WithFprogOnly(CIn("arg3", LayoutSockFprog), 0, 22), C("arg4"), CInOutPrefix("arg5", LayoutLong)}, Decoder: DecoderPrctl}},
	{"select", Signature{Args: []Arg{A("nfds", Int), FdSetArg("readfds", 0), FdSetArg("writefds", 0), FdSetArg("exceptfds", 0), CInOut("timeout", LayoutTimeval)}, Decoder: DecoderSelect}},
	{"pselect6", Signature{Args: []Arg{A("nfds", Int), FdSetArg("readfds", 0), FdSetArg("writefds", 0), FdSetArg("exceptfds", 0), CInOut("timeout", LayoutTimespec), A("sigmask", SigsetPair)}, Decoder: DecoderSelect}},
	{"memfd_create", Signature{Args: []Arg{Partial(CIn("name", LayoutMemfdName)), F("flags", XlatMemfdFlags)}, Ret: RetFD, Decoder: DecoderMemfdCreate}},
	{"landlock_create_ruleset", Signature{Args: []Arg{CIn("attr", LayoutLong), A("size", Ulong), C("flags")}, Ret: RetFD, Decoder: DecoderLandlockCreateRuleset}},
	{"landlock_add_rule", Signature{Args: []Arg{A("ruleset_fd", FD), C("rule_type"), CIn("rule_attr", LayoutLandlockPathBeneath), C("flags")}, Decoder: DecoderLandlockAddRule}},
	{"landlock_restrict_self", Signature{Args: []Arg{A("ruleset_fd", FD), C("flags")}, Decoder: DecoderLandlockRestrictSelf}},
	{"fanotify_mark", Signature{Args: []Arg{A("fanotify_fd", FD), C("flags"), C("mask"), C("dirfd"), A("pathname", Path)}, Decoder: DecoderFanotifyMark}},
	{"fanotify_init", Signature{Args: []Arg{C("flags"), C("event_f_flags")}, Ret: RetFD, Decoder: DecoderFanotifyInit}},
	{"inotify_init1", Signature{Args: []Arg{F("flags", XlatInotifyInitFlags)}, Ret: RetFD}},
	{"inotify_add_watch", Signature{Args: []Arg{A("fd", FD), A("pathname", Path), F("mask", XlatInotifyMask)}}},
	{"inotify_rm_watch", Signature{Args: []Arg{A("fd", FD), A("wd", Int)}}},
	{"fallocate", Signature{Args: []Arg{A("fd", FD), F("mode", XlatFallocFlags), A("offset", Long), A("len", Long)}}},
	{"chroot", Signature{Args: []Arg{A("path", Path)}}},
	{"mlock", Signature{Args: []Arg{A("addr", Ptr), A("len", Ulong)}}},
	{"munlock", Signature{Args: []Arg{A("addr", Ptr), A("len", Ulong)}}},
	{"mlockall", Signature{Args: []Arg{F("flags", XlatMlockallFlags)}}},
	{"munlockall", Signature{Args: []Arg{}}},
	{"unshare", Signature{Args: []Arg{FL("flags", XlatUnshareFlags)}}},
	{"signalfd4", Signature{Args: []Arg{A("fd", FD), S("mask", StructIn, LayoutSigset), A("sizemask", Ulong), F("flags", XlatSignalfdFlags)}, Ret: RetFD}},
	{"timerfd_settime", Signature{Args: []Arg{A("fd", FD), F("flags", XlatTimerfdSettimeFlags), S("new_value", StructIn, LayoutItimerspec), S("old_value", StructOut, LayoutItimerspec)}}},
	{"timerfd_gettime", Signature{Args: []Arg{A("fd", FD), S("curr_value", StructOut, LayoutItimerspec)}}},
	{"rt_sigtimedwait", Signature{Args: []Arg{S("set", StructIn, LayoutSigset), S("info", StructOut, LayoutSiginfo), S("timeout", StructIn, LayoutTimespec), A("sigsetsize", Ulong)}, Decoder: DecoderRtSigtimedwait}},
	{"getrlimit", Signature{Args: []Arg{E("resource", XlatRlimitResource), S("rlim", StructOut, LayoutRlimit)}}},
	{"setrlimit", Signature{Args: []Arg{E("resource", XlatRlimitResource), S("rlim", StructIn, LayoutRlimit)}}},
	{"pause", Signature{Args: []Arg{}}},
	{"sched_yield", Signature{Args: []Arg{}}},
	{"getpgrp", Signature{Args: []Arg{}}},
	{"setsid", Signature{Args: []Arg{}}},
	{"getsid", Signature{Args: []Arg{A("pid", Int)}}},
	{"getpgid", Signature{Args: []Arg{A("pid", Int)}}},
	{"setpgid", Signature{Args: []Arg{A("pid", Int), A("pgid", Int)}}},
	{"setuid", Signature{Args: []Arg{A("uid", ID)}}},
	{"setgid", Signature{Args: []Arg{A("gid", ID)}}},
	{"setreuid", Signature{Args: []Arg{A("ruid", ID), A("euid", ID)}}},
	{"setregid", Signature{Args: []Arg{A("rgid", ID), A("egid", ID)}}},
	{"setresuid", Signature{Args: []Arg{A("ruid", ID), A("euid", ID), A("suid", ID)}}},
	{"setresgid", Signature{Args: []Arg{A("rgid", ID), A("egid", ID), A("sgid", ID)}}},
	{"getresuid", Signature{Args: []Arg{S("ruid", StructOut, LayoutGID), S("euid", StructOut, LayoutGID), S("suid", StructOut, LayoutGID)}}},
	{"getresgid", Signature{Args: []Arg{S("rgid", StructOut, LayoutGID), S("egid", StructOut, LayoutGID), S("sgid", StructOut, LayoutGID)}}},
	{"sysinfo", Signature{Args: []Arg{S("info", StructOut, LayoutSysinfo)}}},
	{"times", Signature{Args: []Arg{S("buf", StructOut, LayoutTms)}, Ret: RetUint}},
	{"getrusage", Signature{Args: []Arg{E("who", XlatRusageWho), S("usage", StructOut, LayoutRusage)}}},
	{"gettimeofday", Signature{Args: []Arg{S("tv", StructOut, LayoutTimeval), S("tz", StructOut, LayoutTimezone)}}},
	{"clock_gettime", Signature{Args: []Arg{E("clockid", XlatClockID), S("tp", StructOut, LayoutTimespec)}}},
	{"clock_getres", Signature{Args: []Arg{E("clockid", XlatClockID), S("res", StructOut, LayoutTimespec)}}},
	{"alarm", Signature{Args: []Arg{A("seconds", Uint)}}},
	{"getitimer", Signature{Args: []Arg{E("which", XlatItimerWhich), S("curr_value", StructOut, LayoutItimerval)}}},
	{"setitimer", Signature{Args: []Arg{E("which", XlatItimerWhich), S("new_value", StructIn, LayoutItimerval), S("old_value", StructOut, LayoutItimerval)}}},
	{"getpriority", Signature{Args: []Arg{E("which", XlatPriorityWhich), A("who", Int)}}},
	{"setpriority", Signature{Args: []Arg{E("which", XlatPriorityWhich), A("who", Int), A("prio", Int)}}},
	{"rt_sigpending", Signature{Args: []Arg{Partial(S("set", StructOut, LayoutSigset)), A("sigsetsize", Ulong)}, Decoder: DecoderRtSigpending}},
	{"fsconfig", Signature{Args: []Arg{A("fd", FD), A("cmd", Uint), Partial(CIn("key", LayoutFsconfigKey)), CInPrefix("value", LayoutFsconfigValue), A("aux", Int)}, Decoder: DecoderFsconfig}},
	{"rt_sigsuspend", Signature{Args: []Arg{S("mask", StructIn, LayoutSigset), A("sigsetsize", Ulong)}}},
	{"sigaltstack", Signature{Args: []Arg{S("ss", StructIn, LayoutStackT), S("old_ss", StructOut, LayoutStackT)}}},
	{"vhangup", Signature{Args: []Arg{}}},
	{"sync", Signature{Args: []Arg{}}},
	{"capget", Signature{Args: []Arg{S("hdrp", StructIn, LayoutCapHeader), Partial(S("datap", StructOut, LayoutCapData))}}},
	{"capset", Signature{Args: []Arg{S("hdrp", StructIn, LayoutCapHeader), Partial(S("datap", StructIn, LayoutCapData))}}},

	// Namespaces, mounts, memory policy, io_uring (decode/calls_sys.go).
	{"setns", Signature{Args: []Arg{A("fd", FD), F("nstype", XlatSetnsTypes)}}},
	{"mount", Signature{Args: []Arg{A("source", Path), A("target", Path), A("filesystemtype", String), FL("mountflags", XlatMountFlags), A("data", String)}, Decoder: DecoderMount}},
	{"fsopen", Signature{Args: []Arg{A("fsname", String), F("flags", XlatFsopenFlags)}, Ret: RetFD}},
	{"fsmount", Signature{Args: []Arg{A("fd", FD), F("flags", XlatFsmountFlags), F("attr_flags", XlatMountAttrFlags)}, Ret: RetFD}},
	{"fspick", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", XlatFspickFlags)}, Ret: RetFD}},
	{"open_tree", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", XlatOpenTreeFlags)}, Ret: RetFD}},
	{"mount_setattr", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), C("flags"), CExt("uattr", LayoutMountAttr, 4, AtEntry), A("size", Ulong)}, Decoder: DecoderMountSetattr}},
	{"move_mount", Signature{Args: []Arg{A("from_dirfd", DirFD), A("from_pathname", Path), A("to_dirfd", DirFD), A("to_pathname", Path), F("flags", XlatMoveMountFlags)}}},
	{"umount2", Signature{Args: []Arg{A("target", Path), F("flags", XlatUmountFlags)}}},
	{"pidfd_open", Signature{Args: []Arg{A("pid", Int), F("flags", XlatPidfdOpenFlags)}, Ret: RetFD}},
	{"splice", Signature{Args: []Arg{A("fd_in", FD), S("off_in", StructIn, LayoutLong), A("fd_out", FD), S("off_out", StructIn, LayoutLong), A("len", Ulong), F("flags", XlatSpliceFlags)}}},
	{"tee", Signature{Args: []Arg{A("fd_in", FD), A("fd_out", FD), A("len", Ulong), F("flags", XlatSpliceFlags)}}},
	{"vmsplice", Signature{Args: []Arg{A("fd", FD), L("iov", InIovec, 2), A("nr_segs", Ulong), F("flags", XlatSpliceFlags)}}},
	{"openat2", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), CExt("how", LayoutOpenHow, 3, AtEntry), A("size", Ulong)}, Ret: RetFD, Decoder: DecoderOpenat2}},
	{"bpf", Signature{Args: []Arg{A("cmd", Int), CExt("attr", LayoutBPFAttr, 2, AtEntry|AtExit), A("size", Uint)}, Decoder: DecoderBPF}},
	{"perf_event_open", Signature{Args: []Arg{Partial(CInAndOut("attr", LayoutPerfEventAttr)), A("pid", Int), A("cpu", Int), A("group_fd", FD), A("flags", Hex)}, Ret: RetFD, Decoder: DecoderPerfEventOpen}},
	{"get_mempolicy", Signature{Args: []Arg{COut("mode", LayoutInt), Partial(COut("nodemask", LayoutNodemask)), A("maxnode", Ulong), A("addr", Ptr), FL("flags", XlatGetMempolicyFlags)}, Decoder: DecoderGetMempolicy}},
	{"set_mempolicy", Signature{Args: []Arg{C("mode"), Partial(CIn("nodemask", LayoutNodemask)), A("maxnode", Ulong)}, Decoder: DecoderSetMempolicy}},
	{"timer_create", Signature{Args: []Arg{E("clockid", XlatClockID), S("sevp", StructIn, LayoutSigevent), S("timerid", StructOut, LayoutInt)}}},
	{"timer_settime", Signature{Args: []Arg{A("timerid", Int), F("flags", XlatTimerFlags), S("new_value", StructIn, LayoutItimerspec), S("old_value", StructOut, LayoutItimerspec)}}},
	{"timer_gettime", Signature{Args: []Arg{A("timerid", Int), S("curr_value", StructOut, LayoutItimerspec)}}},
	{"timer_getoverrun", Signature{Args: []Arg{A("timerid", Int)}}},
	{"timer_delete", Signature{Args: []Arg{A("timerid", Int)}}},
	{"sched_getscheduler", Signature{Args: []Arg{A("pid", Int)}, Decoder: DecoderSchedGetscheduler}},
	{"sched_setscheduler", Signature{Args: []Arg{A("pid", Int), E("policy", XlatSchedPolicy), S("param", StructIn, LayoutSchedParam)}}},
	{"sched_getattr", Signature{Args: []Arg{A("pid", Int), Partial(COut("attr", LayoutSchedAttr)), A("size", Uint), A("flags", Uint)}, Decoder: DecoderSchedGetattr}},
	{"sched_setattr", Signature{Args: []Arg{A("pid", Int), Partial(CInOut("attr", LayoutSchedAttr)), A("flags", Uint)}, Decoder: DecoderSchedSetattr}},
	{"sched_getparam", Signature{Args: []Arg{A("pid", Int), S("param", StructOut, LayoutSchedParam)}}},
	{"sched_setparam", Signature{Args: []Arg{A("pid", Int), S("param", StructIn, LayoutSchedParam)}}},
	{"sched_rr_get_interval", Signature{Args: []Arg{A("pid", Int), S("tp", StructOut, LayoutTimespec)}}},
	{"set_mempolicy_home_node", Signature{Args: []Arg{A("start", Ptr), A("len", Ulong), A("home_node", Ulong), A("flags", Hex)}}},
	{"personality", Signature{Args: []Arg{C("persona")}, Decoder: DecoderPersonality}},
	{"ioprio_get", Signature{Args: []Arg{E("which", XlatIoprioWho), A("who", Int)}, Decoder: DecoderIoprioGet}},
	{"ioprio_set", Signature{Args: []Arg{E("which", XlatIoprioWho), A("who", Int), C("ioprio")}, Decoder: DecoderIoprioSet}},
	{"sched_get_priority_max", Signature{Args: []Arg{E("policy", XlatSchedPolicy)}}},
	{"sched_get_priority_min", Signature{Args: []Arg{E("policy", XlatSchedPolicy)}}},
	{"waitid", Signature{Args: []Arg{E("idtype", XlatIDType), A("id", Int), S("infop", StructOut, LayoutSiginfo), F("options", XlatWaitOptions), S("rusage", StructOut, LayoutRusage)}, Decoder: DecoderWaitid}},
	{"io_uring_setup", Signature{Args: []Arg{A("entries", Uint), CInOut("params", LayoutIOUringParams)}, Ret: RetFD, Decoder: DecoderIOUringSetup}},
	{"io_uring_register", Signature{Args: []Arg{A("fd", FD), C("opcode"), WithUringArrays(CInOutPrefix("arg", LayoutIOUringRegisterArg), 1, 3), A("nr_args", Uint)}, Decoder: DecoderIOUringRegister}},
	{"io_uring_enter", Signature{Args: []Arg{A("fd", FD), A("to_submit", Uint), A("min_complete", Uint), F("flags", XlatIOUringEnterFlags), S("sig", StructIn, LayoutSigset), A("sigsz", Ulong)}}},

	// More sockets.
	{"bind", Signature{Args: []Arg{A("sockfd", FD), B("addr", InBuf, 2, LayoutSockaddr), A("addrlen", Int)}}},
	{"setsockopt", Signature{Args: []Arg{A("sockfd", FD), C("level"), C("optname"), WithFprog(AtLeast(Partial(L("optval", InBuf, 4)), 136), 2, 26, 51), A("optlen", Int)}, Decoder: DecoderSetsockopt}},
	{"getsockopt", Signature{Args: []Arg{A("sockfd", FD), C("level"), C("optname"), Partial(COut("optval", LayoutSockoptVal)), CInAndOut("optlen", LayoutInt)}, Decoder: DecoderGetsockopt}},
	{"listen", Signature{Args: []Arg{A("sockfd", FD), A("backlog", Int)}}},
	{"shutdown", Signature{Args: []Arg{A("sockfd", FD), E("how", XlatShutdownHow)}}},
	{"getsockname", Signature{Args: []Arg{A("sockfd", FD), S("addr", StructOut, LayoutSockaddr), CInAndOut("addrlen", LayoutInt)}, Decoder: DecoderSockname}},
	{"getpeername", Signature{Args: []Arg{A("sockfd", FD), S("addr", StructOut, LayoutSockaddr), CInAndOut("addrlen", LayoutInt)}, Decoder: DecoderSockname}},
	{"accept", Signature{Args: []Arg{A("sockfd", FD), S("addr", StructOut, LayoutSockaddr), CInAndOut("addrlen", LayoutInt)}, Ret: RetFD, Decoder: DecoderSockname}},
	{"accept4", Signature{Args: []Arg{A("sockfd", FD), S("addr", StructOut, LayoutSockaddr), CInAndOut("addrlen", LayoutInt), F("flags", XlatSockFlags)}, Ret: RetFD, Decoder: DecoderSockname}},

	// Calls of strace's suite that print with the generic printers.
	{"acct", Signature{Args: []Arg{A("filename", Path)}}},
	{"epoll_create", Signature{Args: []Arg{A("size", Int)}, Ret: RetFD}},
	{"inotify_init", Signature{Ret: RetFD}},
	{"eventfd", Signature{Args: []Arg{A("initval", Uint)}, Ret: RetFD}},
	{"iopl", Signature{Args: []Arg{A("level", Int)}}},
	{"ioperm", Signature{Args: []Arg{A("from", Hex), A("num", Hex), A("turn_on", Int)}}},
	{"pkey_alloc", Signature{Args: []Arg{A("flags", Hex), FL("access_rights", XlatPkeyAccess)}}},
	{"pkey_free", Signature{Args: []Arg{A("pkey", Int)}}},
	{"pkey_mprotect", Signature{Args: []Arg{A("addr", Ptr), A("len", Ulong), FL("prot", XlatMmapProt), A("pkey", Int)}}},
	{"mlock2", Signature{Args: []Arg{A("addr", Ptr), A("len", Ulong), F("flags", XlatMlock2Flags)}}},
	{"readahead", Signature{Args: []Arg{A("fd", FD), A("offset", Long), A("count", Ulong)}}},
	{"setfsuid", Signature{Args: []Arg{A("fsuid", ID)}}},
	{"setfsgid", Signature{Args: []Arg{A("fsgid", ID)}}},
	{"syncfs", Signature{Args: []Arg{A("fd", FD)}}},
	{"sync_file_range", Signature{Args: []Arg{A("fd", FD), A("offset", Long), A("nbytes", Long), F("flags", XlatSyncFileRangeFlags)}}},
	{"restart_syscall", Signature{Decoder: DecoderRestartSyscall}},
	{"pidfd_send_signal", Signature{Args: []Arg{A("pidfd", FD), A("sig", Signo), S("info", StructIn, LayoutSiginfo), A("flags", HexInt)}}},
	{"pidfd_getfd", Signature{Args: []Arg{A("pidfd", FD), A("targetfd", Int), A("flags", HexInt)}, Ret: RetFD, Decoder: DecoderPidfdGetfd}},
	{"process_mrelease", Signature{Args: []Arg{A("pidfd", FD), A("flags", HexInt)}}},
	{"setdomainname", Signature{Args: []Arg{L("name", InBuf, 1), A("len", Uint)}}},
	{"lookup_dcookie", Signature{Args: []Arg{A("cookie", Ulong), L("buffer", OutBuf, 2), A("len", Ulong)}}},
	{"getcpu", Signature{Args: []Arg{S("cpu", StructOut, LayoutInt), S("node", StructOut, LayoutInt), A("tcache", Ptr)}}},
	{"settimeofday", Signature{Args: []Arg{S("tv", StructIn, LayoutTimeval), S("tz", StructIn, LayoutTimezone)}}},
	{"clock_settime", Signature{Args: []Arg{E("clockid", XlatClockID), S("tp", StructIn, LayoutTimespec)}}},
	{"signalfd", Signature{Args: []Arg{A("fd", FD), S("mask", StructIn, LayoutSigset), A("sizemask", Ulong)}, Ret: RetFD}},
	{"time", Signature{Args: []Arg{COut("tloc", LayoutLong)}, Decoder: DecoderTime}},
	{"utime", Signature{Args: []Arg{A("filename", Path), S("times", StructIn, LayoutUtimbuf)}}},
	{"utimes", Signature{Args: []Arg{A("filename", Path), S("times", StructIn, LayoutTimeval2)}}},
	{"futimesat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), S("times", StructIn, LayoutTimeval2)}}},
	{"sethostname", Signature{Args: []Arg{L("name", InBuf, 1), A("len", Uint)}, Decoder: DecoderSethostname}},
	{"mknod", Signature{Args: []Arg{A("pathname", Path), C("mode"), C("dev")}, Decoder: DecoderMknod}},
	{"mknodat", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), C("mode"), C("dev")}, Decoder: DecoderMknod}},
	{"seccomp", Signature{Args: []Arg{C("operation"), C("flags"), WithFprog(CInOutPrefix("args", LayoutSockFprog), 0, 1, 1)}, Decoder: DecoderSeccomp}},
	{"kcmp", Signature{Args: []Arg{A("pid1", Int), A("pid2", Int), C("type"), C("idx1"), CIn("idx2", LayoutKcmpEpollSlot)}, Decoder: DecoderKcmp}},
	{"get_robust_list", Signature{Args: []Arg{A("pid", Int), S("head_ptr", StructOut, LayoutPtrRef), S("len_ptr", StructOut, LayoutUlongRef)}}},
	{"userfaultfd", Signature{Args: []Arg{F("flags", XlatUffdFlags)}, Ret: RetFD}},
	{"mbind", Signature{Args: []Arg{A("addr", Ptr), A("len", Ulong), C("mode"), Partial(CIn("nodemask", LayoutNodemask)), A("maxnode", Ulong), C("flags")}, Decoder: DecoderMbind}},
	{"migrate_pages", Signature{Args: []Arg{A("pid", Int), A("maxnode", Ulong), Partial(CIn("old_nodes", LayoutNodemask)), Partial(CIn("new_nodes", LayoutNodemask))}, Decoder: DecoderMigratePages}},
	{"move_pages", Signature{Args: []Arg{A("pid", Int), A("nr_pages", Ulong), SA("pages", ArrayIn, LayoutPtrElem, 1), SA("nodes", ArrayIn, LayoutIntElem, 1), SA("status", ArrayInOut, LayoutStatusElem, 1), F("flags", XlatMbindFlags)}}},
	{"preadv", Signature{Args: []Arg{A("fd", FD), L("iov", OutIovec, 2), A("iovcnt", Ulong), A("offset", Long)}}},
	{"pwritev", Signature{Args: []Arg{A("fd", FD), L("iov", InIovec, 2), A("iovcnt", Ulong), A("offset", Long)}}},
	{"syslog", Signature{Args: []Arg{C("type"), L("bufp", OutBuf, 2), C("len")}, Decoder: DecoderSyslog}},
	{"swapon", Signature{Args: []Arg{A("path", Path), C("swapflags")}, Decoder: DecoderSwapon}},
	{"swapoff", Signature{Args: []Arg{A("path", Path)}}},
	{"getdents", Signature{Args: []Arg{A("fd", FD), S("dirp", OutBuf, LayoutDirents), A("count", Uint)}, Decoder: DecoderGetdents}},
	{"setgroups", Signature{Args: []Arg{A("size", Int), SA("list", ArrayIn, LayoutGIDElem, 0)}, Decoder: DecoderSetgroups}},
	{"mincore", Signature{Args: []Arg{A("addr", Ptr), A("length", Ulong), PageVec("vec", LayoutMincoreVec, 1)}, Decoder: DecoderMincore}},
	{"modify_ldt", Signature{Args: []Arg{C("func"), CIn("ptr", LayoutUserDesc), C("bytecount")}, Decoder: DecoderModifyLdt}},
	{"set_thread_area", Signature{Args: []Arg{CInOut("u_info", LayoutUserDesc)}, Decoder: DecoderSetThreadArea}},
	{"get_thread_area", Signature{Args: []Arg{CInOutPrefix("u_info", LayoutUserDesc)}, Decoder: DecoderGetThreadArea}},
	{"_sysctl", Signature{Args: []Arg{CIn("args", LayoutSysctlArgs)}, Decoder: DecoderSysctl}},
	{"ptrace", Signature{Args: []Arg{C("request"), C("pid"), OnlyWhen(CInOutPrefix("addr", LayoutPtraceAddr), 0, 0x4209), WithIovOn(CInOutPrefix("data", LayoutPtraceData), 0, 0x4204, 0x4205)}, Decoder: DecoderPtrace}},
	{"reboot", Signature{Args: []Arg{C("magic"), C("magic2"), C("cmd"), Partial(CIn("arg", LayoutRebootArg))}, Decoder: DecoderReboot}},
	{"ustat", Signature{Args: []Arg{C("dev"), COut("ubuf", LayoutUstat)}, Decoder: DecoderUstat}},
	{"listxattr", Signature{Args: []Arg{A("path", Path), L("list", OutBuf, 2), A("size", Ulong)}, Decoder: DecoderListxattr}},
	{"llistxattr", Signature{Args: []Arg{A("path", Path), L("list", OutBuf, 2), A("size", Ulong)}, Decoder: DecoderListxattr}},
	{"flistxattr", Signature{Args: []Arg{A("fd", FD), L("list", OutBuf, 2), A("size", Ulong)}, Decoder: DecoderListxattr}},
	{"removexattr", Signature{Args: []Arg{A("path", Path), A("name", String)}}},
	{"lremovexattr", Signature{Args: []Arg{A("path", Path), A("name", String)}}},
	{"fremovexattr", Signature{Args: []Arg{A("fd", FD), A("name", String)}}},
	{"adjtimex", Signature{Args: []Arg{COut("buf", LayoutTimex)}, Decoder: DecoderAdjtimex}},
	{"clock_adjtime", Signature{Args: []Arg{E("clk_id", XlatClockID), COut("buf", LayoutTimex)}, Decoder: DecoderAdjtimex}},
	{"mq_unlink", Signature{Args: []Arg{A("name", Path)}}},
	{"mq_timedsend", Signature{Args: []Arg{A("mqdes", FD), L("msg_ptr", InBuf, 2), A("msg_len", Ulong), A("msg_prio", Uint), S("abs_timeout", StructIn, LayoutTimespec)}}},
	{"mq_timedreceive", Signature{Args: []Arg{A("mqdes", FD), L("msg_ptr", OutBuf, 2), A("msg_len", Ulong), S("msg_prio", StructOut, LayoutUintRef), S("abs_timeout", StructIn, LayoutTimespec)}}},
	{"mq_notify", Signature{Args: []Arg{A("mqdes", FD), S("sevp", StructIn, LayoutSigevent)}}},
	{"mq_open", Signature{Args: []Arg{A("name", Path), F("oflag", XlatOpenFlags), A("mode", Mode), S("attr", StructIn, LayoutMqAttr)}, Ret: RetFD, Decoder: DecoderMqOpen}},
	{"mq_getsetattr", Signature{Args: []Arg{A("mqdes", FD), S("newattr", StructIn, LayoutMqAttr), S("oldattr", StructOut, LayoutMqAttr)}}},
	{"memfd_secret", Signature{Args: []Arg{F("flags", XlatMemfdSecretFlags)}, Ret: RetFD}},
	{"epoll_pwait2", Signature{Args: []Arg{A("epfd", FD), SA("events", ArrayInOut, LayoutEpollEvent, 2), A("maxevents", Int), S("timeout", StructIn, LayoutTimespec), S("sigmask", StructIn, LayoutSigset), A("sigsetsize", Ulong)}, Decoder: DecoderEpollWait}},
	{"process_vm_readv", Signature{Args: []Arg{A("pid", Int), L("local_iov", OutIovec, 2), A("liovcnt", Ulong), SA("remote_iov", ArrayIn, LayoutIovecAddr, 4), A("riovcnt", Ulong), A("flags", Ulong)}}},
	{"process_vm_writev", Signature{Args: []Arg{A("pid", Int), L("local_iov", InIovec, 2), A("liovcnt", Ulong), SA("remote_iov", ArrayIn, LayoutIovecAddr, 4), A("riovcnt", Ulong), A("flags", Ulong)}}},
	{"process_madvise", Signature{Args: []Arg{A("pidfd", FD), SA("iovec", ArrayIn, LayoutIovecAddr, 2), A("vlen", Ulong), E("advice", XlatMadviseAdvice), A("flags", HexInt)}}},
	{"preadv2", Signature{Args: []Arg{A("fd", FD), L("iov", OutIovec, 2), A("iovcnt", Ulong), A("pos_l", Long), A("pos_h", Hex), F("flags", XlatRwfFlags)}, Decoder: DecoderPreadv2}},
	{"pwritev2", Signature{Args: []Arg{A("fd", FD), L("iov", InIovec, 2), A("iovcnt", Ulong), A("pos_l", Long), A("pos_h", Hex), F("flags", XlatRwfFlags)}, Decoder: DecoderPreadv2}},

	// SysV IPC.
	{"msgget", Signature{Args: []Arg{C("key"), C("msgflg")}, Decoder: DecoderIPCGet}},
	{"semget", Signature{Args: []Arg{C("key"), C("nsems"), C("semflg")}, Decoder: DecoderIPCGet}},
	{"shmget", Signature{Args: []Arg{C("key"), C("size"), C("shmflg")}, Decoder: DecoderIPCGet}},
	{"msgctl", Signature{Args: []Arg{A("msqid", Int), C("cmd"), CInOut("buf", LayoutMsqidDS)}, Decoder: DecoderIPCCtl}},
	{"semctl", Signature{Args: []Arg{A("semid", Int), A("semnum", Int), C("cmd"), CInOut("arg", LayoutSemidDS)}, Decoder: DecoderIPCCtl}},
	{"shmctl", Signature{Args: []Arg{A("shmid", Int), C("cmd"), CInOut("buf", LayoutShmidDS)}, Decoder: DecoderIPCCtl}},
	{"msgsnd", Signature{Args: []Arg{A("msqid", Int), HB("msgp", InBuf, 2, 8), A("msgsz", Ulong), C("msgflg")}, Decoder: DecoderMsgsnd}},
	{"msgrcv", Signature{Args: []Arg{A("msqid", Int), HBOut("msgp", 2, 8), A("msgsz", Ulong), A("msgtyp", Long), C("msgflg")}, Decoder: DecoderMsgrcv}},
	{"semop", Signature{Args: []Arg{A("semid", Int), SA("sops", ArrayIn, LayoutSembuf, 2), A("nsops", Uint)}}},
	{"semtimedop", Signature{Args: []Arg{A("semid", Int), SA("sops", ArrayIn, LayoutSembuf, 2), A("nsops", Uint), S("timeout", StructIn, LayoutTimespec)}}},
	{"shmat", Signature{Args: []Arg{A("shmid", Int), A("shmaddr", Ptr), F("shmflg", XlatShmFlags)}, Ret: RetHex}},
	{"shmdt", Signature{Args: []Arg{A("shmaddr", Ptr)}}},

	// Quotas.
	{"quotactl", Signature{Args: []Arg{C("cmd"), A("special", Path), C("id"), quotaData}, Decoder: DecoderQuotactl}},
	{"quotactl_fd", Signature{Args: []Arg{A("fd", FD), C("cmd"), C("id"), quotaData}, Decoder: DecoderQuotactlFd}},

	// Keys.
	{"add_key", Signature{Args: []Arg{A("type", String), A("description", String), L("payload", InBuf, 3), A("plen", Ulong), C("keyring")}, Decoder: DecoderKey}},
	{"request_key", Signature{Args: []Arg{A("type", String), A("description", String), A("callout_info", String), C("dest_keyring")}, Decoder: DecoderKey}},
	// keyctl's arguments are what its command makes them: each that may
	// point to memory is copied as a prefix (a string, a buffer or a
	// structure), at the exit too where a command's result is there;
	// KEYCTL_INSTANTIATE_IOV's iovecs and KEYCTL_DH_COMPUTE's struct
	// keyctl_kdf_params are followed to the bytes they name.
	{"keyctl", Signature{Args: []Arg{C("cmd"), CInOutPrefix("arg2", LayoutKeyctlArg2),
		WithIovsOn(CInOutPrefix("arg3", LayoutKeyctlArg3), 0, KeyctlInstantiateIov, 3), CInPrefix("arg4", LayoutNone),
		WithKdfOn(CInOutPrefix("arg5", LayoutKeyctlArg5), 0, KeyctlDHCompute)}, Decoder: DecoderKeyctl}},

	// Native asynchronous I/O (decode/calls_aio.go).
	{"io_setup", Signature{Args: []Arg{A("nr_events", Uint), S("ctx_idp", StructOut, LayoutPtrRef)}}},
	{"io_destroy", Signature{Args: []Arg{A("ctx_id", Ptr)}}},
	{"io_submit", Signature{Args: []Arg{A("ctx_id", Ptr), A("nr", Long), WithIocbs(SA("iocbpp", ArrayIn, LayoutPtrElem, 1), 1)}, Decoder: DecoderIoSubmit}},
	{"io_cancel", Signature{Args: []Arg{A("ctx_id", Ptr), S("iocb", StructIn, LayoutIocb), S("result", StructOut, LayoutIoEvent)}}},
	{"io_getevents", Signature{Args: []Arg{A("ctx_id", Ptr), A("min_nr", Long), A("nr", Long), SA("events", ArrayInOut, LayoutIoEvent, 2), S("timeout", StructIn, LayoutTimespec)}, Decoder: DecoderIoGetevents}},
	{"io_pgetevents", Signature{Args: []Arg{A("ctx_id", Ptr), A("min_nr", Long), A("nr", Long), SA("events", ArrayInOut, LayoutIoEvent, 2), S("timeout", StructIn, LayoutTimespec), A("usig", SigsetPair)}, Decoder: DecoderIoGetevents}},

	// Kernel modules and kexec.
	{"init_module", Signature{Args: []Arg{A("module_image", Ptr), A("len", Ulong), A("param_values", String)}}},
	{"finit_module", Signature{Args: []Arg{A("fd", FD), A("param_values", String), C("flags")}, Decoder: DecoderModule}},
	{"delete_module", Signature{Args: []Arg{A("name", String), C("flags")}, Decoder: DecoderModule}},
	{"kexec_load", Signature{Args: []Arg{A("entry", Ptr), A("nr_segments", Ulong), SA("segments", ArrayIn, LayoutKexecSegment, 1), C("flags")}, Decoder: DecoderKexecLoad}},
	{"kexec_file_load", Signature{Args: []Arg{A("kernel_fd", FD), A("initrd_fd", FD), A("cmdline_len", Ulong), L("cmdline", InBuf, 2), FL("flags", XlatKexecFileLoadFlags)}}},

	// Memory barriers.
	{"membarrier", Signature{Args: []Arg{C("cmd"), C("flags"), C("cpu_id")}, Decoder: DecoderMembarrier}},

	// File handles (decode/calls_filehandle.go). A struct file_handle
	// is read as far as its page goes when it cannot be read whole:
	// name_to_handle_at's, its header at entry (handle_bytes as
	// given) and whole at exit, the entry's copy kept.
	{"name_to_handle_at", Signature{Args: []Arg{A("dirfd", DirFD), A("pathname", Path), EntryHead(Partial(CInAndOut("handle", LayoutFileHandle)), FileHandleHeader), S("mount_id", StructOut, LayoutInt), F("flags", XlatNameToHandleAtFlags)}, Decoder: DecoderNameToHandleAt}},
	{"open_by_handle_at", Signature{Args: []Arg{A("mount_fd", FD), Partial(CIn("handle", LayoutFileHandle)), F("flags", XlatOpenFlags)}, Decoder: DecoderOpenByHandleAt}},
}

// namedSignature is a call's name and signature.
type namedSignature struct {
	name string
	sig  Signature
}

// signatures maps a call's name to its signature in signatureList, built
// on first use.
var signatures = sync.OnceValue(func() map[string]*Signature {
	m := make(map[string]*Signature, len(signatureList))
	for i := range signatureList {
		m[signatureList[i].name] = &signatureList[i].sig
	}
	return m
})

// signatureFor returns the signature of the named call, or a raw one of
// nargs hex arguments.
func signatureFor(name string, nargs int) *Signature {
	if s, ok := signatures()[name]; ok {
		return s
	}
	if nargs > len(unknownSig.Args) {
		nargs = len(unknownSig.Args)
	}
	return &Signature{Args: unknownSig.Args[:nargs], Ret: RetInt}
}

// quotaData is the data argument of quotactl and quotactl_fd: an object
// whose size depends on the command, copied at entry and exit as far as
// it is readable, up to the largest one.
var quotaData = Arg{Name: "addr", Type: Custom, Layout: LayoutQuotaData, Len: -1, At: AtEntry | AtExit, PageRest: true}
