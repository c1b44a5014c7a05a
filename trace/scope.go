package trace

// Scope selects tasks beyond the target by what they are, as the kernel
// sees them at each of their calls: a task is traced from its first call
// at which it matches every kind of selection given (any value of one
// kind), until it exits. The tracer itself and its children are never in
// a scope.
type Scope struct {
	// SystemWide matches every task (--system-wide).
	SystemWide bool
	// Cgroups are cgroup v2 directories (--cgroup): a task matches one when
	// its cgroup is that one or one of its descendants.
	Cgroups []Cgroup
	// Comms are command names (--comm), as the kernel keeps them (at most
	// 15 bytes).
	Comms []string
	// UIDs are real user ids (--uid).
	UIDs []uint32
	// Trees are processes (--tree) whose descendants, existing and future,
	// match with them.
	Trees []int
}

// MaxScopeValues bounds the values of each kind of Scope selection.
const MaxScopeValues = 8

// Cgroup is a cgroup v2 directory: its id (the directory's inode) and its
// depth below the hierarchy's root (the root is 0).
type Cgroup struct {
	Path  string
	ID    uint64
	Level int
}

// TaskInfo is what a backend knows of a task's identity.
type TaskInfo struct {
	TID, PID int32
	// Comm is the task's command name.
	Comm string
	// Scoped says an Options.Scope took the task; CgroupID and PidNS (the
	// inode of its PID namespace, 0 when unknown) are set then.
	Scoped bool
	// Named says the task is not a traced one but a process a call named
	// (a pid argument or result, Options.NamePids): TID is that id as the
	// calling task sees it, and Comm its name at the call, empty when no
	// process had that id then (a child the call reaped).
	Named    bool
	CgroupID uint64
	PidNS    uint64
	UID      uint32
}
