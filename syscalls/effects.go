package syscalls

import "sync"

// Effect is a set of things a system call does that a tracer must know
// beyond how the call prints: which descriptors it makes or ends, whether
// it replaces the program, what -e read=/write= dump. Every backend, the
// descriptor resolver and the tests read these bits from Syscall.Effects;
// nothing else keeps a list of call names.
type Effect uint32

// The effects. NewFD is derived from a RetFD result; the others are listed
// in the effects table below.
const (
	// NewFD: a successful call returns a new descriptor.
	NewFD Effect = 1 << iota
	// NewFDPair: a successful call stores two new descriptors in the int[2]
	// that argument Syscall.FDPairArg points to (pipe, pipe2, socketpair).
	NewFDPair
	// Opens: the new descriptor refers to the call's Path argument,
	// resolved against its DirFD argument, if any (open, creat, openat,
	// openat2).
	Opens
	// DupsFD: the result refers to what the first argument does (dup,
	// dup2, dup3); a Flags argument holds O_CLOEXEC.
	DupsFD
	// DupsFDByCmd: the result duplicates the first argument when the
	// second is F_DUPFD or F_DUPFD_CLOEXEC (fcntl).
	DupsFDByCmd
	// NamesMemfd: the new descriptor is a memfd named by the first
	// argument (memfd_create).
	NamesMemfd
	// NamesPidfd: the new descriptor refers to the process whose pid is the
	// first argument (pidfd_open).
	NamesPidfd
	// ClosesFD: the call closes the descriptor of its first argument.
	ClosesFD
	// Execs: a successful call replaces the program; close-on-exec
	// descriptors are gone afterwards (execve, execveat).
	Execs
	// ChangesCwd: a successful call sets the working directory to its Path
	// or FD argument (chdir, fchdir).
	ChangesCwd
	// RemovesPath: a successful call takes the name of its (first) Path
	// argument off its file (unlink, unlinkat, rmdir).
	RemovesPath
	// RenamesPath: a successful call moves its first Path argument's file
	// to its second; a Flags argument may hold RENAME_EXCHANGE.
	RenamesPath
	// NewTask: a successful call creates a task whose id is the result, with
	// a copy of the caller's descriptors and working directory (fork,
	// vfork, clone, clone3).
	NewTask
	// StoresPidfd: with CLONE_PIDFD in its first argument, a successful
	// call stores a close-on-exec pidfd of the new task in the int its
	// output-int argument (COut of LayoutInt: clone's parent_tid) points
	// to.
	StoresPidfd
	// DumpsRead: the call reads from its first argument, a descriptor, into
	// its second (a buffer, an iovec array or a msghdr); -e read= dumps
	// what was read.
	DumpsRead
	// DumpsWrite: the call writes its second argument to its first; -e
	// write= dumps it.
	DumpsWrite
	// ReturnsPID: the result is a process or thread id.
	ReturnsPID
	// TakesPID: some plain integer argument is a process or thread id.
	TakesPID
	// NetlinkData: the data the call sends or receives through its first
	// argument, a descriptor, shows as netlink messages of the socket's
	// protocol when that is a netlink socket; backends that describe
	// sockets after the fact report the netlink ones among its arguments
	// (trace.Event.Sockets) even without -yy.
	NetlinkData
	// EndsTask: the call ends the thread or its group and does not
	// return (exit, exit_group); -k takes its stack at its entry and
	// prints it once the task has ended, as strace does.
	EndsTask
	// MapsCode: with PROT_EXEC in its third argument, a successful call
	// maps code into the process (mmap, mprotect); -k's eBPF programs
	// then send the process's mappings again.
	MapsCode
	// PassesFDs: the msghdr the second argument points to may carry
	// descriptors in SCM_RIGHTS control messages, which -y names as the
	// call finds them (sendmsg).
	PassesFDs
	// ReceivesFDs: a successful call may store new descriptors in the
	// SCM_RIGHTS control messages of the msghdr its second argument
	// points to (recvmsg).
	ReceivesFDs
	// Interruptible: the call may end with ERESTART_RESTARTBLOCK, which
	// restart_syscall then resumes (nanosleep, clock_nanosleep, poll,
	// futex).
	Interruptible
	// Resumes: the call resumes the caller's last call that ended with
	// ERESTART_RESTARTBLOCK (restart_syscall).
	Resumes
	// NewFDByBPFCmd: a successful call returns a new descriptor when its
	// first argument is a command BPFReturnsFD names (bpf).
	NewFDByBPFCmd
	// NewFDByIoctl: a successful call returns a new descriptor when its
	// second argument is a request IoctlReturnsFD names (ioctl).
	NewFDByIoctl
)

// BPFFDCmds has bit 1 << cmd for each bpf(2) command whose decoder
// strace 6.1 marks as returning a descriptor: BPF_MAP_CREATE (0),
// BPF_PROG_LOAD (5), BPF_OBJ_PIN (6), BPF_OBJ_GET (7),
// BPF_PROG_GET_FD_BY_ID (13), BPF_MAP_GET_FD_BY_ID (14), BPF_BTF_LOAD
// (18), BPF_BTF_GET_FD_BY_ID (19), BPF_LINK_CREATE (28) and
// BPF_LINK_GET_FD_BY_ID (30).
const BPFFDCmds = 1<<0 | 1<<5 | 1<<6 | 1<<7 | 1<<13 | 1<<14 | 1<<18 | 1<<19 | 1<<28 | 1<<30

// BPFReturnsFD reports whether bpf(2) command cmd returns a descriptor
// (BPFFDCmds).
func BPFReturnsFD(cmd uint32) bool { return cmd < 32 && BPFFDCmds&(1<<cmd) != 0 }

// IoctlFDRequests are the ioctl requests whose result strace 6.1 prints
// as a descriptor: NS_GET_USERNS, NS_GET_PARENT, KVM_CREATE_VM and
// KVM_CREATE_VCPU.
var IoctlFDRequests = []uint32{0xb701, 0xb702, 0xae01, 0xae41}

// IoctlReturnsFD reports whether ioctl request req returns a descriptor
// (IoctlFDRequests).
func IoctlReturnsFD(req uint32) bool {
	for _, r := range IoctlFDRequests {
		if r == req {
			return true
		}
	}
	return false
}

// effectRow is one entry of the effects table.
type effectRow struct {
	effects Effect
	// fdPairArg is the argument of a NewFDPair call.
	fdPairArg int8
}

// effects are the effects of each call that has any beyond NewFD, by the
// names of data/*.tbl (a test checks that every name is in a table), built
// on first use.
var effects = sync.OnceValue(func() map[string]effectRow {
	return map[string]effectRow{
		"open":         {effects: Opens},
		"creat":        {effects: Opens},
		"openat":       {effects: Opens},
		"openat2":      {effects: Opens},
		"open_tree":    {effects: Opens},
		"dup":          {effects: DupsFD},
		"dup2":         {effects: DupsFD},
		"dup3":         {effects: DupsFD},
		"fcntl":        {effects: DupsFDByCmd},
		"memfd_create": {effects: NamesMemfd},
		"pidfd_open":   {effects: NamesPidfd | TakesPID},
		"pipe":         {effects: NewFDPair, fdPairArg: 0},
		"pipe2":        {effects: NewFDPair, fdPairArg: 0},
		"socketpair":   {effects: NewFDPair, fdPairArg: 3},
		"close":        {effects: ClosesFD},
		"mmap":         {effects: MapsCode},
		"mprotect":     {effects: MapsCode},
		"exit":         {effects: EndsTask},
		"exit_group":   {effects: EndsTask},
		"execve":       {effects: Execs},
		"execveat":     {effects: Execs},
		"chdir":        {effects: ChangesCwd},
		"fchdir":       {effects: ChangesCwd},
		"unlink":       {effects: RemovesPath},
		"unlinkat":     {effects: RemovesPath},
		"rmdir":        {effects: RemovesPath},
		"rename":       {effects: RenamesPath},
		"renameat":     {effects: RenamesPath},
		"renameat2":    {effects: RenamesPath},

		"fork":   {effects: NewTask | ReturnsPID},
		"vfork":  {effects: NewTask | ReturnsPID},
		"clone":  {effects: NewTask | ReturnsPID | StoresPidfd},
		"clone3": {effects: NewTask | ReturnsPID},

		"read":            {effects: DumpsRead},
		"pread64":         {effects: DumpsRead},
		"recvfrom":        {effects: DumpsRead | NetlinkData},
		"mq_timedreceive": {effects: DumpsRead},
		"readv":           {effects: DumpsRead},
		"preadv":          {effects: DumpsRead},
		"preadv2":         {effects: DumpsRead},
		"recvmsg":         {effects: DumpsRead | NetlinkData | ReceivesFDs},
		"recvmmsg":        {effects: DumpsRead | NetlinkData},
		"write":           {effects: DumpsWrite},
		"pwrite64":        {effects: DumpsWrite},
		"sendto":          {effects: DumpsWrite | NetlinkData},
		"mq_timedsend":    {effects: DumpsWrite},
		"writev":          {effects: DumpsWrite},
		"pwritev":         {effects: DumpsWrite},
		"pwritev2":        {effects: DumpsWrite},
		"vmsplice":        {effects: DumpsWrite},
		"sendmsg":         {effects: DumpsWrite | NetlinkData | PassesFDs},
		"sendmmsg":        {effects: DumpsWrite | NetlinkData},

		"getpid":            {effects: ReturnsPID},
		"gettid":            {effects: ReturnsPID},
		"getppid":           {effects: ReturnsPID},
		"set_tid_address":   {effects: ReturnsPID},
		"getpgrp":           {effects: ReturnsPID},
		"setsid":            {effects: ReturnsPID},
		"getpgid":           {effects: ReturnsPID | TakesPID},
		"getsid":            {effects: ReturnsPID | TakesPID},
		"wait4":             {effects: ReturnsPID | TakesPID},
		"waitid":            {effects: TakesPID},
		"kill":              {effects: TakesPID},
		"tkill":             {effects: TakesPID},
		"tgkill":            {effects: TakesPID},
		"setpgid":           {effects: TakesPID},
		"prlimit64":         {effects: TakesPID},
		"pidfd_send_signal": {effects: TakesPID},
		"pidfd_getfd":       {effects: TakesPID},
		"process_vm_readv":  {effects: TakesPID},
		"process_vm_writev": {effects: TakesPID},
		"process_madvise":   {effects: TakesPID},
		"ptrace":            {effects: TakesPID},
		"rt_sigqueueinfo":   {effects: TakesPID},
		"rt_tgsigqueueinfo": {effects: TakesPID},
		"ioprio_get":        {effects: TakesPID},
		"ioprio_set":        {effects: TakesPID},
		"kcmp":              {effects: TakesPID},
		"get_robust_list":   {effects: TakesPID},
		"capget":            {effects: TakesPID},
		"capset":            {effects: TakesPID},
		"move_pages":        {effects: TakesPID},
		"migrate_pages":     {effects: TakesPID},
		"perf_event_open":   {effects: TakesPID},

		"sched_setparam":        {effects: TakesPID},
		"sched_getparam":        {effects: TakesPID},
		"sched_setscheduler":    {effects: TakesPID},
		"sched_getscheduler":    {effects: TakesPID},
		"sched_rr_get_interval": {effects: TakesPID},
		"sched_setaffinity":     {effects: TakesPID},
		"sched_getaffinity":     {effects: TakesPID},
		"sched_setattr":         {effects: TakesPID},
		"sched_getattr":         {effects: TakesPID},

		"nanosleep":       {effects: Interruptible},
		"clock_nanosleep": {effects: Interruptible},
		"poll":            {effects: Interruptible},
		"futex":           {effects: Interruptible},
		"restart_syscall": {effects: Resumes},
		"bpf":             {effects: NewFDByBPFCmd},
		"ioctl":           {effects: NewFDByIoctl},

		// strace prints its result as a number, not as a descriptor (no
		// RetFD), but it is a new one.
		"open_by_handle_at": {effects: NewFD},
	}
})

// effectsFor returns the effects of the call named name with signature sig
// and, for a NewFDPair call, its pair argument (-1 otherwise).
func effectsFor(name string, sig *Signature) (Effect, int8) {
	row, ok := effects()[name]
	e := row.effects
	if sig != nil && sig.Ret == RetFD {
		e |= NewFD
	}
	if !ok || e&NewFDPair == 0 {
		return e, -1
	}
	return e, row.fdPairArg
}

// Has reports whether sc has every effect of e.
func (sc *Syscall) Has(e Effect) bool { return sc.Effects&e == e }

// ExecNRs returns the numbers of the calls that execute a program (execve,
// execveat), which end a launched command's hidden start-up.
func (t *Table) ExecNRs() []int { return t.NRsWith(Execs) }

// signatureEffects are the effects a call's signature adds to those its
// name gives (effectsFor).
const signatureEffects = NewFD

// NRsWith returns the numbers of the calls that have effect e. Of a
// native table, effects that do not depend on a signature are read by
// name, without working out each call (its signature and plan: a
// millisecond or two for a whole table, at every eBPF start-up).
func (t *Table) NRsWith(e Effect) []int {
	var nrs []int
	st := t.st()
	byName := e&signatureEffects == 0 && !t.compat
	for nr, at := range st.at {
		if at < 0 {
			continue
		}
		var has Effect
		if byName {
			has, _ = effectsFor(t.entries[at].Name, nil)
		} else {
			has = t.call(st, nr).Effects
		}
		if has&e != 0 {
			nrs = append(nrs, nr)
		}
	}
	return nrs
}
