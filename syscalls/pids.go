package syscalls

import "sync"

import "github.com/sctrace/sctrace/trace"

// PidKind says which kind of process id a value is, as strace's
// printpid tells them apart: with --decode-pids=pidns an id is translated
// from the caller's PID namespace by looking it up among the ids of that
// kind, and with --decode-pids=comm a thread or process id shows its
// command name.
type PidKind uint8

// The kinds of ids.
const (
	// PidNone: not an id.
	PidNone PidKind = iota
	// PidTID is a thread id.
	PidTID
	// PidTGID is a process (thread group) id.
	PidTGID
	// PidPGID is a process group id.
	PidPGID
	// PidSID is a session id.
	PidSID
	// PidTgidPgid is kill's and wait4's pid: a process id when positive,
	// the negation of a process group id below -1.
	PidTgidPgid
	// PidPrioWho is getpriority's and setpriority's who: a process id
	// under PRIO_PROCESS, a process group id under PRIO_PGRP (the first
	// argument), else not an id.
	PidPrioWho
	// PidIoprioWho is ioprio_get's and ioprio_set's who, as PidPrioWho
	// with IOPRIO_WHO_PROCESS and IOPRIO_WHO_PGRP.
	PidIoprioWho
	// PidWaitID is waitid's id: under P_PID a process id, under P_PGID a
	// process group id.
	PidWaitID
)

// Resolve returns the kind of an id of kind k of a call whose raw
// arguments are args: PidPrioWho, PidIoprioWho and PidWaitID depend on
// the first argument.
func (k PidKind) Resolve(args *[trace.MaxArgs]uint64) PidKind {
	which := uint32(args[0])
	switch k {
	case PidPrioWho:
		return [...]PidKind{PidTGID, PidPGID, PidNone}[min(which, 2)]
	case PidIoprioWho, PidWaitID:
		return [...]PidKind{PidNone, PidTGID, PidPGID, PidNone}[min(which, 3)]
	}
	return k
}

// PidUse says which plain arguments of a call and whether its result are
// process ids.
type PidUse struct {
	Args [trace.MaxArgs]PidKind
	Ret  PidKind
}

// pidUses are the ids of the calls whose generic printer shows them; calls
// with their own decoder print their ids there (strace's printpid calls).
// Built on first use.
var pidUses = sync.OnceValue(func() map[string]PidUse {
	return map[string]PidUse{
		"getpid":                {Ret: PidTGID},
		"getppid":               {Ret: PidTGID},
		"gettid":                {Ret: PidTID},
		"getpgrp":               {Ret: PidPGID},
		"getpgid":               {Args: [trace.MaxArgs]PidKind{PidTGID}, Ret: PidPGID},
		"getsid":                {Args: [trace.MaxArgs]PidKind{PidTGID}, Ret: PidSID},
		"setpgid":               {Args: [trace.MaxArgs]PidKind{PidTGID, PidPGID}},
		"fork":                  {Ret: PidTGID},
		"vfork":                 {Ret: PidTGID},
		"clone":                 {Ret: PidTID},
		"clone3":                {Ret: PidTID},
		"wait4":                 {Args: [trace.MaxArgs]PidKind{PidTgidPgid}, Ret: PidTGID},
		"kill":                  {Args: [trace.MaxArgs]PidKind{PidTgidPgid}},
		"tkill":                 {Args: [trace.MaxArgs]PidKind{PidTID}},
		"tgkill":                {Args: [trace.MaxArgs]PidKind{PidTGID, PidTID}},
		"rt_sigqueueinfo":       {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"rt_tgsigqueueinfo":     {Args: [trace.MaxArgs]PidKind{PidTGID, PidTID}},
		"pidfd_open":            {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"process_vm_readv":      {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"process_vm_writev":     {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"prlimit64":             {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"kcmp":                  {Args: [trace.MaxArgs]PidKind{PidTGID, PidTGID}},
		"get_robust_list":       {Args: [trace.MaxArgs]PidKind{PidTID}},
		"migrate_pages":         {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"move_pages":            {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_setparam":        {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_getparam":        {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_setscheduler":    {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_getscheduler":    {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_rr_get_interval": {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_setaffinity":     {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_getaffinity":     {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_setattr":         {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"sched_getattr":         {Args: [trace.MaxArgs]PidKind{PidTGID}},
		"ptrace":                {Args: [trace.MaxArgs]PidKind{PidNone, PidTGID}},
		"getpriority":           {Args: [trace.MaxArgs]PidKind{PidNone, PidPrioWho}},
		"setpriority":           {Args: [trace.MaxArgs]PidKind{PidNone, PidPrioWho}},
		"ioprio_get":            {Args: [trace.MaxArgs]PidKind{PidNone, PidIoprioWho}},
		"ioprio_set":            {Args: [trace.MaxArgs]PidKind{PidNone, PidIoprioWho}},
		"waitid":                {Args: [trace.MaxArgs]PidKind{PidNone, PidWaitID}},
	}
})
