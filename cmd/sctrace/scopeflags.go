package main

// This file holds the scopes, which trace tasks by what they are rather
// than by pid (--system-wide, --cgroup, --comm, --uid, --tree; eBPF only),
// --always-show-pid, and the names the backend reports for the tasks
// (trace.TaskInfo), which -Y's prefixes and JSON records use.

import (
	"errors"
	"fmt"
	"math"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/filter"
	"github.com/sctrace/sctrace/pidns"
	"github.com/sctrace/sctrace/printer"
	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// scopeFlags are the parsed scope flags.
type scopeFlags struct {
	systemWide                  bool
	cgroups, comms, uids, trees []string
	alwaysShowPID               bool
	// scope is what the flags select; nil without a scope flag.
	scope *trace.Scope
	// first names the first kind of scope given, for messages.
	first string
}

// addScopeFlags registers the scope flags on fs.
func addScopeFlags(fs *pflag.FlagSet, s *scopeFlags) {
	fs.BoolVar(&s.systemWide, "system-wide", false, "trace every process (ebpf)")
	fs.StringArrayVar(&s.cgroups, "cgroup", nil, "trace the processes of cgroup v2 `PATH` and its descendants (ebpf; repeatable)")
	fs.StringArrayVar(&s.comms, "comm", nil, "trace the tasks whose command name is `NAME` (ebpf; repeatable)")
	fs.StringArrayVar(&s.uids, "uid", nil, "trace the processes of user `UID` or name (ebpf; repeatable, or a comma list)")
	fs.StringArrayVar(&s.trees, "tree", nil, "trace process `PID`, its descendants and its future ones (ebpf; repeatable, or a comma list)")
	fs.BoolVar(&s.alwaysShowPID, "always-show-pid", false, "print the pid prefix on every line, even with one process")
}

// given reports whether a scope flag was given.
func (s *scopeFlags) given() bool { return s.scope != nil }

// check resolves the scope flags: every cgroup exists, every user is
// known, every process id is one. Its errors are one line each.
func (s *scopeFlags) check(fs *pflag.FlagSet) error {
	sc := &trace.Scope{SystemWide: s.systemWide}
	for _, name := range []string{"system-wide", "cgroup", "comm", "uid", "tree"} {
		if fs.Changed(name) && s.first == "" {
			s.first = "--" + name
		}
	}
	if s.first == "" {
		return nil
	}
	for _, p := range s.cgroups {
		cg, err := resolveCgroup(p)
		if err != nil {
			return err
		}
		sc.Cgroups = append(sc.Cgroups, cg)
	}
	for _, c := range s.comms {
		if c == "" {
			return plainError("--comm: an empty command name")
		}
		// The kernel keeps TASK_COMM_LEN - 1 bytes of a name.
		if len(c) > 15 {
			c = c[:15]
		}
		sc.Comms = append(sc.Comms, c)
	}
	for _, list := range s.uids {
		for _, u := range strings.Split(list, ",") {
			uid, err := resolveUID(u)
			if err != nil {
				return err
			}
			sc.UIDs = append(sc.UIDs, uid)
		}
	}
	for _, list := range s.trees {
		for _, f := range strings.Split(list, ",") {
			pid, ok := parseUint(f, math.MaxInt32)
			if !ok || pid == 0 {
				return plainError(fmt.Sprintf("Invalid process id: '%s'", f))
			}
			if err := unix.Kill(pid, 0); errors.Is(err, unix.ESRCH) {
				return plainError(fmt.Sprintf("--tree: process %d: %s", pid, describe(unix.ESRCH)))
			}
			sc.Trees = append(sc.Trees, pid)
		}
	}
	for name, n := range map[string]int{"--cgroup": len(sc.Cgroups), "--comm": len(sc.Comms), "--uid": len(sc.UIDs), "--tree": len(sc.Trees)} {
		if n > trace.MaxScopeValues {
			return plainError(fmt.Sprintf("%s: at most %d values", name, trace.MaxScopeValues))
		}
	}
	s.scope = sc
	return nil
}

// cgroup2Mount returns where the cgroup v2 hierarchy is mounted
// (/sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid system), from
// /proc/self/mountinfo; "" when it is not.
func cgroup2Mount() string {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		// "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS... - FSTYPE SOURCE ..."
		f := strings.Fields(line)
		for i, w := range f {
			if w == "-" && i+1 < len(f) && f[i+1] == "cgroup2" && len(f) > 4 {
				return f[4]
			}
		}
	}
	return ""
}

// resolveCgroup finds a cgroup v2 directory: PATH itself, or PATH under
// the cgroup v2 mount; its id is its inode and its level the number of
// cgroup directories above it.
func resolveCgroup(path string) (trace.Cgroup, error) {
	dir := path
	if !isCgroup2(dir) {
		if root := cgroup2Mount(); root != "" {
			if alt := filepath.Join(root, path); isCgroup2(alt) {
				dir = alt
			}
		}
	}
	var st unix.Stat_t
	if err := unix.Stat(dir, &st); err != nil {
		errno, _ := err.(syscall.Errno)
		return trace.Cgroup{}, plainError(fmt.Sprintf("--cgroup: %s: %s", path, describe(errno)))
	}
	if !isCgroup2(dir) || st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return trace.Cgroup{}, plainError(fmt.Sprintf("--cgroup: %s: not a cgroup v2 directory", path))
	}
	dir, _ = filepath.Abs(dir)
	level := 0
	for p := filepath.Dir(dir); p != dir && isCgroup2(p); p = filepath.Dir(p) {
		level++
		dir = p
	}
	return trace.Cgroup{Path: path, ID: st.Ino, Level: level}, nil
}

// isCgroup2 reports whether path is in a cgroup v2 file system.
func isCgroup2(path string) bool {
	var fs unix.Statfs_t
	return unix.Statfs(path, &fs) == nil && fs.Type == unix.CGROUP2_SUPER_MAGIC
}

// resolveUID reads a user id, or looks a user name up as -u does.
func resolveUID(s string) (uint32, error) {
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(n), nil
	}
	u, err := user.Lookup(s)
	if s == "" || err != nil {
		return 0, plainError(fmt.Sprintf("Cannot find user '%s'", s))
	}
	n, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return 0, plainError(fmt.Sprintf("Cannot find user '%s'", s))
	}
	return uint32(n), nil
}

// taskNames keeps what the backend said of each task (trace.TaskInfo):
// the prefixes' command names and the JSON records' identity. It answers
// the decoder's pid questions too, learned names first, then /proc.
type taskNames struct {
	infos map[int32]trace.TaskInfo
	// cgroups are the cgroup v2 paths of scoped tasks, from /proc when
	// the scope took them.
	cgroups map[int32]string
	// named are the names of processes calls named, at the call
	// (trace.TaskInfo.Named), by id.
	named map[int32]string
	proc  interface {
		TaskComm(tid int32) (string, bool)
		Comm(pid int) (string, bool)
		SetNS(tid int32, ns uint64)
	}
}

// learn records info; a later name of a scoped task keeps its scope's
// fields.
func (n *taskNames) learn(info *trace.TaskInfo) {
	if info.Named {
		if info.Comm == "" {
			// No process has that id any more: nothing to name it by,
			// as strace finds nothing in /proc then.
			delete(n.named, info.TID)
			delete(n.infos, info.TID)
			delete(n.cgroups, info.TID)
			return
		}
		if n.named == nil {
			n.named = map[int32]string{}
		}
		n.named[info.TID] = info.Comm
		return
	}
	if n.infos == nil {
		n.infos = map[int32]trace.TaskInfo{}
	}
	if old, ok := n.infos[info.TID]; ok && !info.Scoped && old.Scoped {
		old.Comm = info.Comm
		n.infos[info.TID] = old
		return
	}
	n.infos[info.TID] = *info
	if info.Scoped && info.PidNS != 0 {
		// The ids the task's lines name are translated from its
		// namespace even once it is gone from /proc.
		n.proc.SetNS(info.TID, info.PidNS)
	}
	if info.Scoped {
		if n.cgroups == nil {
			n.cgroups = map[int32]string{}
		}
		n.cgroups[info.TID] = cgroupPath(info.TID)
	}
}

// forgetting wraps sink so that what the backend said of a task is
// dropped once its end has been printed: a system-wide run sees tasks
// without end.
func (n *taskNames) forgetting(sink func(*trace.Event) error) func(*trace.Event) error {
	return func(ev *trace.Event) error {
		err := sink(ev)
		if ev.Kind == trace.Exit && n.infos != nil {
			delete(n.infos, ev.TID)
			delete(n.cgroups, ev.TID)
		}
		return err
	}
}

// taskComm returns thread tid's command name: the backend's, else /proc's.
func (n *taskNames) taskComm(tid int32) (string, bool) {
	if info, ok := n.infos[tid]; ok && info.Comm != "" {
		return info.Comm, true
	}
	return n.proc.TaskComm(tid)
}

// cgroupPath returns the cgroup v2 path of process pid from /proc, or "".
func cgroupPath(pid int32) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", pid))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "0::"); ok {
			return rest
		}
	}
	return ""
}

// scopeFunc returns the printer's view of the tasks' scope fields (JSON
// records), or nil outside a scope.
func (n *taskNames) scopeFunc(scoped bool) func(int32) (printer.TaskScope, bool) {
	if !scoped {
		return nil
	}
	return func(tid int32) (printer.TaskScope, bool) {
		info, ok := n.infos[tid]
		if !ok || !info.Scoped {
			return printer.TaskScope{}, false
		}
		return printer.TaskScope{CgroupPath: n.cgroups[tid], CgroupID: info.CgroupID, PidNS: info.PidNS}, true
	}
}

// setOptions gives the backend the scope, and asks for task names when
// lines or records show them.
func (s *scopeFlags) setOptions(opts *trace.Options, cfg *config, spec *filter.Spec, names *taskNames) {
	opts.Scope = s.scope
	if spec.DecodePIDs&filter.DecodePIDComm != 0 || cfg.format.output != "text" || s.scope != nil {
		opts.TaskInfo = names.learn
	}
	opts.NamePids = spec.DecodePIDs&filter.DecodePIDComm != 0
}

// learnedPids answers the decoder's pid questions (-Y) with the names the
// backend reported first (those of the processes calls named, as they
// were at the call; those of traced tasks), then /proc's.
type learnedPids struct {
	*pidns.Resolver
	names *taskNames
}

// Comm returns the command name of process or thread pid.
func (l learnedPids) Comm(pid int) (string, bool) {
	if name, ok := l.names.named[int32(pid)]; ok {
		return name, true
	}
	if info, ok := l.names.infos[int32(pid)]; ok && info.Comm != "" {
		return info.Comm, true
	}
	return l.Resolver.Comm(pid)
}

// Translate is the resolver's, but an id /proc no longer shows that the
// backend named (a process gone by the time its call is printed) is
// taken as sctrace's own.
func (l learnedPids) Translate(tid int32, id int, kind syscalls.PidKind) int {
	if ours := l.Resolver.Translate(tid, id, kind); ours != 0 {
		return ours
	}
	if kind != syscalls.PidTID && kind != syscalls.PidTGID {
		return 0
	}
	if _, ok := l.names.named[int32(id)]; ok {
		return id
	}
	if _, ok := l.names.infos[int32(id)]; ok {
		return id
	}
	return 0
}
