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
	"statx":      {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("flags", "at_flags"), F("mask", "statx_mask"), S("statxbuf", StructOut, "statx")}},
	"access":     {Args: []Arg{A("pathname", Path), F("mode", "access_mode")}},
	"faccessat":  {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("mode", "access_mode")}},
	"faccessat2": {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), F("mode", "access_mode"), F("flags", "at_flags")}},
	"getcwd":     {Args: []Arg{L("buf", OutBuf, 1), A("size", Ulong)}, Decoder: "getcwd"},
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
	"mmap":     {Args: []Arg{A("addr", Ptr), A("length", Ulong), F("prot", "mmap_prot"), F("flags", "mmap_flags"), A("fd", FD), A("offset", Hex)}, Ret: RetHex},
	"mprotect": {Args: []Arg{A("addr", Ptr), A("len", Ulong), F("prot", "mmap_prot")}},
	"munmap":   {Args: []Arg{A("addr", Ptr), A("length", Ulong)}},

	// Process start-up.
	"execve":          {Args: []Arg{A("pathname", Path), A("argv", StrArray), A("envp", EnvArray)}},
	"execveat":        {Args: []Arg{A("dirfd", DirFD), A("pathname", Path), A("argv", StrArray), A("envp", EnvArray), F("flags", "at_flags")}},
	"arch_prctl":      {Args: []Arg{E("code", "arch_prctl_code"), C("addr")}, Decoder: "arch_prctl"},
	"set_tid_address": {Args: []Arg{A("tidptr", Ptr)}},
	"set_robust_list": {Args: []Arg{A("head", Ptr), A("len", Ulong)}},
	"rseq":            {Args: []Arg{A("rseq", Ptr), A("rseq_len", Hex), F("flags", "rseq_flags"), A("sig", Hex)}},
	"prlimit64":       {Args: []Arg{A("pid", Int), E("resource", "rlimit_resource"), S("new_limit", StructIn, "rlimit"), S("old_limit", StructOut, "rlimit")}},
	"getrandom":       {Args: []Arg{L("buf", OutBuf, 1), A("buflen", Ulong), F("flags", "getrandom_flags")}},
	"exit_group":      {Args: []Arg{A("status", Int)}, Ret: RetNone},
	"exit":            {Args: []Arg{A("status", Int)}, Ret: RetNone},
	"uname":           {Args: []Arg{S("buf", StructOut, "utsname")}},

	// Processes and signals.
	"clone":           {Args: []Arg{C("flags"), C("stack"), C("parent_tid"), C("child_tid"), C("tls")}, Decoder: "clone"},
	"clone3":          {Args: []Arg{CIn("cl_args", "clone_args"), A("size", Ulong)}, Decoder: "clone3"},
	"fork":            {Args: []Arg{}},
	"vfork":           {Args: []Arg{}},
	"wait4":           {Args: []Arg{A("pid", Int), S("wstatus", StructOut, "int"), F("options", "wait_options"), S("rusage", StructOut, "rusage")}, Decoder: "wait4"},
	"kill":            {Args: []Arg{A("pid", Int), A("sig", Signo)}},
	"tkill":           {Args: []Arg{A("tid", Int), A("sig", Signo)}},
	"tgkill":          {Args: []Arg{A("tgid", Int), A("tid", Int), A("sig", Signo)}},
	"rt_sigaction":    {Args: []Arg{A("signum", Signo), S("act", StructIn, "sigaction"), S("oldact", StructOut, "sigaction"), A("sigsetsize", Ulong)}},
	"rt_sigprocmask":  {Args: []Arg{E("how", "sigprocmask_how"), S("set", StructIn, "sigset"), S("oldset", StructOut, "sigset"), A("sigsetsize", Ulong)}},
	"rt_sigreturn":    {Args: []Arg{}},
	"nanosleep":       {Args: []Arg{S("req", StructIn, "timespec"), S("rem", StructOut, "timespec")}},
	"clock_nanosleep": {Args: []Arg{E("clockid", "clockid"), F("flags", "timer_flags"), S("request", StructIn, "timespec"), S("remain", StructOut, "timespec")}},
	"getpid":          {Args: []Arg{}},
	"getppid":         {Args: []Arg{}},
	"gettid":          {Args: []Arg{}},
	"getuid":          {Args: []Arg{}},
	"geteuid":         {Args: []Arg{}},
	"getgid":          {Args: []Arg{}},
	"getegid":         {Args: []Arg{}},

	// Terminals.
	"ioctl": {Args: []Arg{A("fd", FD), C("request"), COut("argp", "ioctl_arg")}, Decoder: "ioctl"},
	"fcntl": {Args: []Arg{A("fd", FD), E("cmd", "fcntl_cmd"), C("arg")}, Decoder: "fcntl"},
	"pipe":  {Args: []Arg{S("pipefd", StructOut, "int2")}},
	"pipe2": {Args: []Arg{S("pipefd", StructOut, "int2"), F("flags", "open_flags")}},
	"poll":  {Args: []Arg{SA("fds", ArrayInOut, "pollfd", 1), A("nfds", Uint), A("timeout", Int)}, Decoder: "poll"},

	// Sockets.
	"socket":     {Args: []Arg{E("domain", "address_family"), C("type"), C("protocol")}, Ret: RetFD, Decoder: "socket"},
	"socketpair": {Args: []Arg{E("domain", "address_family"), C("type"), C("protocol"), S("sv", StructOut, "int2")}, Decoder: "socket"},
	"connect":    {Args: []Arg{A("sockfd", FD), Arg{Name: "addr", Type: InBuf, Len: 2, Struct: "sockaddr"}, A("addrlen", Uint)}},
	"sendto":     {Args: []Arg{A("sockfd", FD), L("buf", InBuf, 2), A("len", Ulong), F("flags", "msg_flags"), Arg{Name: "dest_addr", Type: InBuf, Len: 5, Struct: "sockaddr"}, A("addrlen", Uint)}},
	"recvfrom":   {Args: []Arg{A("sockfd", FD), L("buf", OutBuf, 2), A("len", Ulong), F("flags", "msg_flags"), S("src_addr", StructOut, "sockaddr"), S("addrlen", StructInOut, "int")}},
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
