package syscalls

// signatures maps a system call's name to how its arguments are printed and
// captured. Calls that are absent print their raw arguments in hex, as
// strace prints calls it does not decode. Xlat names refer to the value
// tables of package decode; Decoder names to its syscall-specific printers.
var signatures = map[string]*Signature{
	// I/O on descriptors.
	"read":     {Args: []Arg{A("fd", FD), L("buf", OutBuf, 2), A("count", Ulong)}},
	"write":    {Args: []Arg{A("fd", FD), L("buf", InBuf, 2), A("count", Ulong)}},
	"pread64":  {Args: []Arg{A("fd", FD), L("buf", OutBuf, 2), A("count", Ulong), A("offset", Long)}},
	"pwrite64": {Args: []Arg{A("fd", FD), L("buf", InBuf, 2), A("count", Ulong), A("offset", Long)}},
	"readv":    {Args: []Arg{A("fd", FD), L("iov", OutIovec, 2), A("iovcnt", Int)}},
	"writev":   {Args: []Arg{A("fd", FD), L("iov", InIovec, 2), A("iovcnt", Int)}},
	"close":    {Args: []Arg{A("fd", FD)}},
	"lseek":    {Args: []Arg{A("fd", FD), A("offset", Long), E("whence", "whence")}},
	"dup":      {Args: []Arg{A("oldfd", FD)}, Ret: RetFD},
	"dup2":     {Args: []Arg{A("oldfd", FD), A("newfd", FD)}, Ret: RetFD},
	"dup3":     {Args: []Arg{A("oldfd", FD), A("newfd", FD), F("flags", "open_flags")}, Ret: RetFD},

	// Files.
	"open":       {Args: []Arg{A("pathname", Path), F("flags", "open_flags"), A("mode", Mode)}, Ret: RetFD, Decoder: "open"},
	"openat":     {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", "open_flags"), A("mode", Mode)}, Ret: RetFD, Decoder: "open"},
	"creat":      {Args: []Arg{A("pathname", Path), A("mode", Mode)}, Ret: RetFD},
	"stat":       {Args: []Arg{A("pathname", Path), S("statbuf", StructOut, "stat")}},
	"lstat":      {Args: []Arg{A("pathname", Path), S("statbuf", StructOut, "stat")}},
	"fstat":      {Args: []Arg{A("fd", FD), S("statbuf", StructOut, "stat")}},
	"newfstatat": {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), S("statbuf", StructOut, "stat"), F("flags", "at_flags")}},
	"statx":      {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", "statx_flags"), F("mask", "statx_mask"), S("statxbuf", StructOut, "statx")}},
	"access":     {Args: []Arg{A("pathname", Path), F("mode", "access_mode")}},
	"faccessat":  {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("mode", "access_mode")}},
	"faccessat2": {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("mode", "access_mode"), F("flags", "faccessat_flags")}},
	"getcwd":     {Args: []Arg{{Name: "buf", Type: OutBuf, Len: 1, Struct: "path"}, A("size", Ulong)}, Decoder: "getcwd"},
	"chdir":      {Args: []Arg{A("path", Path)}},
	"fchdir":     {Args: []Arg{A("fd", FD)}},
	"mkdir":      {Args: []Arg{A("pathname", Path), A("mode", Mode)}},
	"mkdirat":    {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("mode", Mode)}},
	"rmdir":      {Args: []Arg{A("pathname", Path)}},
	"unlink":     {Args: []Arg{A("pathname", Path)}},
	"unlinkat":   {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", "at_flags")}},
	"rename":     {Args: []Arg{A("oldpath", Path), A("newpath", Path)}},
	"renameat":   {Args: []Arg{A("olddirfd", DirFD), A("oldpath", Path), A("newdirfd", DirFD), A("newpath", Path)}},
	"renameat2":  {Args: []Arg{A("olddirfd", DirFD), A("oldpath", Path), A("newdirfd", DirFD), A("newpath", Path), F("flags", "rename_flags")}},
	"chmod":      {Args: []Arg{A("pathname", Path), A("mode", Mode)}},
	"fchmod":     {Args: []Arg{A("fd", FD), A("mode", Mode)}},
	"fchmodat":   {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("mode", Mode)}},
	"getdents64": {Args: []Arg{A("fd", FD), S("dirp", OutBuf, "dirents"), A("count", Uint)}, Decoder: "getdents64"},

	// Memory.
	"brk":      {Args: []Arg{A("addr", Ptr)}, Ret: RetHex},
	"mmap":     {Args: []Arg{A("addr", Ptr), A("length", Ulong), F("prot", "mmap_prot"), F("flags", "mmap_flags"), A("fd", FD), A("offset", Hex)}, Ret: RetHex, Decoder: "mmap"},
	"mprotect": {Args: []Arg{A("addr", Ptr), A("len", Ulong), F("prot", "mmap_prot")}},
	"munmap":   {Args: []Arg{A("addr", Ptr), A("length", Ulong)}},

	// Process start-up.
	"execve":          {Args: []Arg{A("pathname", Path), A("argv", StrArray), A("envp", EnvArray)}},
	"execveat":        {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("argv", StrArray), A("envp", EnvArray), F("flags", "at_flags")}},
	"arch_prctl":      {Args: []Arg{E("code", "arch_prctl_code"), COut("addr", "long")}, Decoder: "arch_prctl"},
	"set_tid_address": {Args: []Arg{A("tidptr", Ptr)}},
	"set_robust_list": {Args: []Arg{A("head", Ptr), A("len", Ulong)}},
	"rseq":            {Args: []Arg{A("rseq", Ptr), A("rseq_len", Hex), F("flags", "rseq_flags"), A("sig", Hex)}},
	"prlimit64":       {Args: []Arg{A("pid", Int), E("resource", "rlimit_resource"), S("new_limit", StructIn, "rlimit"), S("old_limit", StructOut, "rlimit")}},
	"getrandom":       {Args: []Arg{L("buf", OutBuf, 1), A("buflen", Ulong), F("flags", "getrandom_flags")}, Decoder: "getrandom"},
	"exit_group":      {Args: []Arg{A("status", Int)}, Ret: RetNone},
	"exit":            {Args: []Arg{A("status", Int)}, Ret: RetNone},
	"uname":           {Args: []Arg{S("buf", StructOut, "utsname")}},

	// Processes and signals.
	"clone":             {Args: []Arg{C("flags"), C("stack"), C("parent_tid"), C("child_tid"), C("tls")}, Decoder: "clone"},
	"clone3":            {Args: []Arg{CIn("cl_args", "clone_args"), A("size", Ulong)}, Decoder: "clone3"},
	"fork":              {Args: []Arg{}},
	"vfork":             {Args: []Arg{}},
	"wait4":             {Args: []Arg{A("pid", Int), S("wstatus", StructOut, "int"), F("options", "wait_options"), S("rusage", StructOut, "rusage")}, Decoder: "wait4"},
	"kill":              {Args: []Arg{A("pid", Int), A("sig", Signo)}},
	"rt_sigqueueinfo":   {Args: []Arg{A("tgid", Int), A("sig", Signo), S("info", StructIn, "siginfo")}},
	"rt_tgsigqueueinfo": {Args: []Arg{A("tgid", Int), A("tid", Int), A("sig", Signo), S("info", StructIn, "siginfo")}},
	"tkill":             {Args: []Arg{A("tid", Int), A("sig", Signo)}},
	"tgkill":            {Args: []Arg{A("tgid", Int), A("tid", Int), A("sig", Signo)}},
	"rt_sigaction":      {Args: []Arg{A("signum", Signo), S("act", StructIn, "sigaction"), S("oldact", StructOut, "sigaction"), A("sigsetsize", Ulong)}},
	"rt_sigprocmask":    {Args: []Arg{E("how", "sigprocmask_how"), S("set", StructIn, "sigset"), S("oldset", StructOut, "sigset"), A("sigsetsize", Ulong)}},
	"rt_sigreturn":      {Args: []Arg{A("frame_mask", SigframeMask)}, Decoder: "rt_sigreturn"},
	"nanosleep":         {Args: []Arg{S("req", StructIn, "timespec"), S("rem", StructOut, "timespec")}, Decoder: "nanosleep"},
	"clock_nanosleep":   {Args: []Arg{E("clockid", "clockid"), F("flags", "timer_flags"), S("request", StructIn, "timespec"), S("remain", StructOut, "timespec")}, Decoder: "nanosleep"},
	"getpid":            {Args: []Arg{}},
	"getppid":           {Args: []Arg{}},
	"gettid":            {Args: []Arg{}},
	"getuid":            {Args: []Arg{}},
	"geteuid":           {Args: []Arg{}},
	"getgid":            {Args: []Arg{}},
	"getegid":           {Args: []Arg{}},

	// Terminals.
	"ioctl": {Args: []Arg{A("fd", FD), C("request"), CInOut("argp", "ioctl_arg")}, Decoder: "ioctl"},
	"fcntl": {Args: []Arg{A("fd", FD), E("cmd", "fcntl_cmd"), CInOut("arg", "flock")}, Decoder: "fcntl"},
	"pipe":  {Args: []Arg{S("pipefd", StructOut, "int2")}},
	"pipe2": {Args: []Arg{S("pipefd", StructOut, "int2"), F("flags", "open_flags")}},
	"ppoll": {Args: []Arg{SA("fds", ArrayInOut, "pollfd", 1), A("nfds", Uint), CInOut("tmo_p", "timespec"), S("sigmask", StructIn, "sigset"), A("sigsetsize", Ulong)}, Decoder: "ppoll"},
	"poll":  {Args: []Arg{SA("fds", ArrayInOut, "pollfd", 1), A("nfds", Uint), A("timeout", Int)}, Decoder: "poll"},

	// Sockets.
	"socket":     {Args: []Arg{E("domain", "address_family"), C("type"), C("protocol")}, Ret: RetFD, Decoder: "socket"},
	"socketpair": {Args: []Arg{E("domain", "address_family"), C("type"), C("protocol"), S("sv", StructOut, "int2")}, Decoder: "socket"},
	"connect":    {Args: []Arg{A("sockfd", FD), Arg{Name: "addr", Type: InBuf, Len: 2, Struct: "sockaddr"}, A("addrlen", Uint)}},
	"sendto":     {Args: []Arg{A("sockfd", FD), L("buf", InBuf, 2), A("len", Ulong), F("flags", "msg_flags"), Arg{Name: "dest_addr", Type: InBuf, Len: 5, Struct: "sockaddr"}, A("addrlen", Uint)}},
	"sendmsg":    {Args: []Arg{A("sockfd", FD), A("msg", MsghdrIn), F("flags", "msg_flags")}},
	"recvmsg":    {Args: []Arg{A("sockfd", FD), A("msg", MsghdrOut), F("flags", "msg_flags")}},
	"recvfrom":   {Args: []Arg{A("sockfd", FD), L("buf", OutBuf, 2), A("len", Ulong), F("flags", "msg_flags"), S("src_addr", StructOut, "sockaddr"), CIn("addrlen", "int")}, Decoder: "recvfrom"},

	// More files and descriptors.
	"umask":           {Args: []Arg{A("mask", Mode)}, Ret: RetOctal},
	"getxattr":        {Args: []Arg{A("path", Path), A("name", String), L("value", OutBuf, 3), A("size", Ulong)}, Decoder: "getxattr"},
	"lgetxattr":       {Args: []Arg{A("path", Path), A("name", String), L("value", OutBuf, 3), A("size", Ulong)}, Decoder: "getxattr"},
	"fgetxattr":       {Args: []Arg{A("fd", FD), A("name", String), L("value", OutBuf, 3), A("size", Ulong)}, Decoder: "getxattr"},
	"setxattr":        {Args: []Arg{A("path", Path), A("name", String), L("value", InBuf, 3), A("size", Ulong), F("flags", "xattr_flags")}},
	"lsetxattr":       {Args: []Arg{A("path", Path), A("name", String), L("value", InBuf, 3), A("size", Ulong), F("flags", "xattr_flags")}},
	"fsetxattr":       {Args: []Arg{A("fd", FD), A("name", String), L("value", InBuf, 3), A("size", Ulong), F("flags", "xattr_flags")}},
	"statfs":          {Args: []Arg{A("path", Path), S("buf", StructOut, "statfs")}},
	"fstatfs":         {Args: []Arg{A("fd", FD), S("buf", StructOut, "statfs")}},
	"fadvise64":       {Args: []Arg{A("fd", FD), A("offset", Long), A("len", Long), E("advice", "fadvise_advice")}},
	"copy_file_range": {Args: []Arg{A("fd_in", FD), S("off_in", StructInOut, "long"), A("fd_out", FD), S("off_out", StructInOut, "long"), A("len", Ulong), A("flags", Uint)}},
	"readlink":        {Args: []Arg{A("pathname", Path), L("buf", OutBuf, 2), A("bufsiz", Ulong)}},
	"readlinkat":      {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), L("buf", OutBuf, 3), A("bufsiz", Ulong)}},
	"ftruncate":       {Args: []Arg{A("fd", FD), A("length", Long)}},
	"truncate":        {Args: []Arg{A("path", Path), A("length", Long)}},
	"fsync":           {Args: []Arg{A("fd", FD)}},
	"fdatasync":       {Args: []Arg{A("fd", FD)}},
	"link":            {Args: []Arg{A("oldpath", Path), A("newpath", Path)}},
	"symlink":         {Args: []Arg{A("target", Path), A("linkpath", Path)}},
	"linkat":          {Args: []Arg{A("olddirfd", DirFD), A("oldpath", Path), A("newdirfd", DirFD), A("newpath", Path), F("flags", "at_flags")}},
	"symlinkat":       {Args: []Arg{A("target", Path), A("newdirfd", DirFD), A("linkpath", Path)}},
	"chown":           {Args: []Arg{A("pathname", Path), A("owner", ID), A("group", ID)}},
	"lchown":          {Args: []Arg{A("pathname", Path), A("owner", ID), A("group", ID)}},
	"fchown":          {Args: []Arg{A("fd", FD), A("owner", ID), A("group", ID)}},
	"fchownat":        {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("owner", ID), A("group", ID), F("flags", "at_flags")}},
	"sendfile":        {Args: []Arg{A("out_fd", FD), A("in_fd", FD), S("offset", StructInOut, "long"), A("count", Ulong)}},
	"flock":           {Args: []Arg{A("fd", FD), F("operation", "flock_op")}},
	"close_range":     {Args: []Arg{A("first", Uint), A("last", Uint), F("flags", "close_range")}},
	"eventfd2":        {Args: []Arg{A("initval", Uint), F("flags", "eventfd_flags")}, Ret: RetFD},
	"epoll_create1":   {Args: []Arg{F("flags", "epoll_flags")}, Ret: RetFD},
	"epoll_ctl":       {Args: []Arg{A("epfd", FD), E("op", "epoll_ctl_op"), A("fd", FD), S("event", StructIn, "epoll_event")}, Decoder: "epoll_ctl"},
	"epoll_wait":      {Args: []Arg{A("epfd", FD), SA("events", ArrayInOut, "epoll_event", 2), A("maxevents", Int), A("timeout", Int)}, Decoder: "epoll_wait"},
	"epoll_pwait":     {Args: []Arg{A("epfd", FD), SA("events", ArrayInOut, "epoll_event", 2), A("maxevents", Int), A("timeout", Int), S("sigmask", StructIn, "sigset"), A("sigsetsize", Ulong)}, Decoder: "epoll_wait"},
	"timerfd_create":  {Args: []Arg{E("clockid", "clockid"), F("flags", "timerfd_flags")}, Ret: RetFD},

	// More memory.
	"madvise": {Args: []Arg{A("addr", Ptr), A("length", Ulong), E("advice", "madvise_advice")}},
	"mremap":  {Args: []Arg{A("old_address", Ptr), A("old_size", Ulong), A("new_size", Ulong), F("flags", "mremap_flags"), A("new_address", Ptr)}, Ret: RetHex, Decoder: "mremap"},
	"msync":   {Args: []Arg{A("addr", Ptr), A("length", Ulong), F("flags", "msync_flags")}},

	// More processes, credentials, time.
	"futex":             {Args: []Arg{A("uaddr", Ptr), C("futex_op"), C("val"), CIn("timeout", "timespec"), C("uaddr2"), C("val3")}, Decoder: "futex"},
	"getgroups":         {Args: []Arg{A("size", Int), SA("list", ArrayInOut, "gid", 0)}, Decoder: "getgroups"},
	"utimensat":         {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), S("times", StructIn, "timespec2"), F("flags", "at_flags")}},
	"sched_getaffinity": {Args: []Arg{A("pid", Int), A("cpusetsize", Uint), Arg{Name: "mask", Type: OutBuf, Len: 1, Struct: "cpu_set"}}, Decoder: "sched_getaffinity"},
	"sched_setaffinity": {Args: []Arg{A("pid", Int), A("cpusetsize", Uint), Arg{Name: "mask", Type: InBuf, Len: 1, Struct: "cpu_set"}}, Decoder: "sched_setaffinity"},
	"prctl":             {Args: []Arg{C("option"), CInOut("arg2", "task_comm"), C("arg3"), C("arg4"), C("arg5")}, Decoder: "prctl"},
	"select":            {Args: []Arg{A("nfds", Int), CInOut("readfds", "fd_set"), CInOut("writefds", "fd_set"), CInOut("exceptfds", "fd_set"), CInOut("timeout", "timeval")}, Decoder: "select"},
	"pselect6":          {Args: []Arg{A("nfds", Int), CInOut("readfds", "fd_set"), CInOut("writefds", "fd_set"), CInOut("exceptfds", "fd_set"), CInOut("timeout", "timespec"), A("sigmask", Ptr)}, Decoder: "select"},
	"memfd_create":      {Args: []Arg{A("name", String), F("flags", "memfd_flags")}, Ret: RetFD},
	"inotify_init1":     {Args: []Arg{F("flags", "inotify_init_flags")}, Ret: RetFD},
	"inotify_add_watch": {Args: []Arg{A("fd", FD), A("pathname", Path), F("mask", "inotify_mask")}},
	"inotify_rm_watch":  {Args: []Arg{A("fd", FD), A("wd", Int)}},
	"fallocate":         {Args: []Arg{A("fd", FD), F("mode", "falloc_flags"), A("offset", Long), A("len", Long)}},
	"chroot":            {Args: []Arg{A("path", Path)}},
	"mlock":             {Args: []Arg{A("addr", Ptr), A("len", Ulong)}},
	"munlock":           {Args: []Arg{A("addr", Ptr), A("len", Ulong)}},
	"mlockall":          {Args: []Arg{F("flags", "mlockall_flags")}},
	"munlockall":        {Args: []Arg{}},
	"unshare":           {Args: []Arg{F("flags", "clone_flags")}},
	"signalfd4":         {Args: []Arg{A("fd", FD), S("mask", StructIn, "sigset"), A("sizemask", Ulong), F("flags", "sfd_flags")}, Ret: RetFD},
	"timerfd_settime":   {Args: []Arg{A("fd", FD), F("flags", "timerfd_settime_flags"), S("new_value", StructIn, "itimerspec"), S("old_value", StructOut, "itimerspec")}},
	"timerfd_gettime":   {Args: []Arg{A("fd", FD), S("curr_value", StructOut, "itimerspec")}},
	"rt_sigtimedwait":   {Args: []Arg{S("set", StructIn, "sigset"), S("info", StructOut, "siginfo"), S("timeout", StructIn, "timespec"), A("sigsetsize", Ulong)}, Decoder: "rt_sigtimedwait"},
	"getrlimit":         {Args: []Arg{E("resource", "rlimit_resource"), S("rlim", StructOut, "rlimit")}},
	"setrlimit":         {Args: []Arg{E("resource", "rlimit_resource"), S("rlim", StructIn, "rlimit")}},
	"pause":             {Args: []Arg{}},
	"sched_yield":       {Args: []Arg{}},
	"getpgrp":           {Args: []Arg{}},
	"setsid":            {Args: []Arg{}},
	"getsid":            {Args: []Arg{A("pid", Int)}},
	"getpgid":           {Args: []Arg{A("pid", Int)}},
	"setpgid":           {Args: []Arg{A("pid", Int), A("pgid", Int)}},
	"setuid":            {Args: []Arg{A("uid", ID)}},
	"setgid":            {Args: []Arg{A("gid", ID)}},
	"setreuid":          {Args: []Arg{A("ruid", ID), A("euid", ID)}},
	"setregid":          {Args: []Arg{A("rgid", ID), A("egid", ID)}},
	"setresuid":         {Args: []Arg{A("ruid", ID), A("euid", ID), A("suid", ID)}},
	"setresgid":         {Args: []Arg{A("rgid", ID), A("egid", ID), A("sgid", ID)}},
	"getresuid":         {Args: []Arg{S("ruid", StructOut, "gid"), S("euid", StructOut, "gid"), S("suid", StructOut, "gid")}},
	"getresgid":         {Args: []Arg{S("rgid", StructOut, "gid"), S("egid", StructOut, "gid"), S("sgid", StructOut, "gid")}},
	"sysinfo":           {Args: []Arg{S("info", StructOut, "sysinfo")}},
	"times":             {Args: []Arg{S("buf", StructOut, "tms")}, Ret: RetUint},
	"getrusage":         {Args: []Arg{E("who", "rusage_who"), S("usage", StructOut, "rusage")}},
	"gettimeofday":      {Args: []Arg{S("tv", StructOut, "timeval"), S("tz", StructOut, "timezone")}},
	"clock_gettime":     {Args: []Arg{E("clockid", "clockid"), S("tp", StructOut, "timespec")}},
	"clock_getres":      {Args: []Arg{E("clockid", "clockid"), S("res", StructOut, "timespec")}},
	"alarm":             {Args: []Arg{A("seconds", Uint)}},
	"getitimer":         {Args: []Arg{E("which", "itimer_which"), S("curr_value", StructOut, "itimerval")}},
	"setitimer":         {Args: []Arg{E("which", "itimer_which"), S("new_value", StructIn, "itimerval"), S("old_value", StructOut, "itimerval")}},
	"getpriority":       {Args: []Arg{E("which", "priority_which"), A("who", Int)}},
	"setpriority":       {Args: []Arg{E("which", "priority_which"), A("who", Int), A("prio", Int)}},
	"rt_sigpending":     {Args: []Arg{S("set", StructOut, "sigset"), A("sigsetsize", Ulong)}},
	"rt_sigsuspend":     {Args: []Arg{S("mask", StructIn, "sigset"), A("sigsetsize", Ulong)}},
	"sigaltstack":       {Args: []Arg{S("ss", StructIn, "stack_t"), S("old_ss", StructOut, "stack_t")}},
	"vhangup":           {Args: []Arg{}},
	"sync":              {Args: []Arg{}},
	"capget":            {Args: []Arg{S("hdrp", StructIn, "cap_header"), A("datap", Ptr)}},

	// More sockets.
	"bind":        {Args: []Arg{A("sockfd", FD), Arg{Name: "addr", Type: InBuf, Len: 2, Struct: "sockaddr"}, A("addrlen", Uint)}},
	"setsockopt":  {Args: []Arg{A("sockfd", FD), C("level"), C("optname"), L("optval", InBuf, 4), A("optlen", Int)}, Decoder: "setsockopt"},
	"getsockopt":  {Args: []Arg{A("sockfd", FD), C("level"), C("optname"), COut("optval", "int"), S("optlen", StructInOut, "int")}, Decoder: "getsockopt"},
	"listen":      {Args: []Arg{A("sockfd", FD), A("backlog", Int)}},
	"shutdown":    {Args: []Arg{A("sockfd", FD), E("how", "shutdown_how")}},
	"getsockname": {Args: []Arg{A("sockfd", FD), S("addr", StructOut, "sockaddr"), CIn("addrlen", "int")}, Decoder: "sockname"},
	"getpeername": {Args: []Arg{A("sockfd", FD), S("addr", StructOut, "sockaddr"), CIn("addrlen", "int")}, Decoder: "sockname"},
	"accept":      {Args: []Arg{A("sockfd", FD), S("addr", StructOut, "sockaddr"), CIn("addrlen", "int")}, Ret: RetFD, Decoder: "sockname"},
	"accept4":     {Args: []Arg{A("sockfd", FD), S("addr", StructOut, "sockaddr"), CIn("addrlen", "int"), F("flags", "sock_flags")}, Ret: RetFD, Decoder: "sockname"},
}

// signatureFor returns the signature of the named call, or a raw one of
// nargs hex arguments.
func signatureFor(name string, nargs int) *Signature {
	if s, ok := signatures[name]; ok {
		return s
	}
	if nargs > len(unknownSig.Args) {
		nargs = len(unknownSig.Args)
	}
	return &Signature{Args: unknownSig.Args[:nargs], Ret: RetInt}
}

// SignatureOf returns the hand-written signature of a named call, if any.
func SignatureOf(name string) (*Signature, bool) {
	s, ok := signatures[name]
	return s, ok
}
