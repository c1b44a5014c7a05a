// Package pidns answers --decode-pids (-Y, --pidns-translation): it
// translates process ids a tracee sees in its PID namespace into ids of
// sctrace's namespace, as strace's pidns.c does, and names processes.
//
// Translation reads /proc: a process's chain of PID namespaces (its own,
// then each parent up to the first one sctrace may not see, through
// NS_GET_PARENT) and its NSpid, NStgid, NSpgid or NSsid line (its ids
// from the namespace of /proc's mount down to its own). /proc may belong
// to another namespace than sctrace's (a tracer started by unshare
// without a new /proc): ids of sctrace's namespace are then looked up
// too. Found ids are cached and checked against /proc again when used.
package pidns

import (
	"bufio"
	"bytes"
	"os"
	"strconv"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/syscalls"
)

// maxDepth is the kernel's limit on nested PID namespaces.
const maxDepth = 32

// Resolver implements decode.PidResolver. It is not safe for concurrent
// use.
type Resolver struct {
	// proc is where procfs is mounted ("/proc").
	proc string
	// ready is set once ourNS and procOurs are known.
	ready bool
	// ourNS is sctrace's PID namespace (its inode); procOurs says /proc
	// belongs to it.
	ourNS    uint64
	procOurs bool
	// nsOfTID caches each traced thread's PID namespace.
	nsOfTID map[int32]uint64
	// found caches which /proc entry had an id of a namespace.
	found map[key]int
}

// key is an id of a kind in a namespace.
type key struct {
	ns   uint64
	id   int
	kind syscalls.PidKind
}

// New returns a Resolver reading the procfs mounted at proc.
func New(proc string) *Resolver {
	return &Resolver{proc: proc, nsOfTID: map[int32]uint64{}, found: map[key]int{}}
}

func (r *Resolver) init() {
	if r.ready {
		return
	}
	r.ready = true
	if chain := r.nsChain("self", 1); len(chain) == 1 {
		r.ourNS = chain[0]
	}
	r.procOurs = len(r.idList("self", syscalls.PidTID)) <= 1
}

// Translate returns id, of kind kind in the PID namespace of thread tid
// (an id of sctrace's namespace), as sctrace's namespace numbers it; 0
// when no process has it.
func (r *Resolver) Translate(tid int32, id int, kind syscalls.PidKind) int {
	if id <= 0 || kind == syscalls.PidNone || kind == syscalls.PidTgidPgid {
		return 0
	}
	r.init()
	ns := r.nsOf(tid)
	if ns == 0 {
		return 0
	}
	if ns == r.ourNS {
		return id
	}
	ours, _ := r.lookup(ns, id, kind)
	return ours
}

// Comm returns the command name of process or thread pid, from
// /proc/PID/comm (as strace reads it, by sctrace's id).
func (r *Resolver) Comm(pid int) (string, bool) {
	b, err := os.ReadFile(r.proc + "/" + strconv.Itoa(pid) + "/comm")
	if err != nil {
		return "", false
	}
	return string(bytes.TrimRight(b, "\n")), true
}

// ProcPid returns the /proc entry of thread tid of sctrace's namespace:
// tid itself unless /proc belongs to another namespace; 0 when it cannot
// be found.
func (r *Resolver) ProcPid(tid int32) int {
	r.init()
	if r.procOurs {
		return int(tid)
	}
	_, procPid := r.lookup(r.ourNS, int(tid), syscalls.PidTID)
	return procPid
}

// TaskComm returns the command name of thread tid of sctrace's
// namespace, read from its /proc entry (found by its ids when /proc
// belongs to another namespace).
func (r *Resolver) TaskComm(tid int32) (string, bool) {
	procPid := r.ProcPid(tid)
	if procPid == 0 {
		return "", false
	}
	return r.Comm(procPid)
}

// Forget drops what is cached about thread tid, which has exited.
func (r *Resolver) Forget(tid int32) { delete(r.nsOfTID, tid) }

// SetNS records ns (an inode) as the PID namespace of thread tid, as a
// backend saw it: its ids are translated from there even when its /proc
// entry is gone by then (a line printed after the task exited).
func (r *Resolver) SetNS(tid int32, ns uint64) {
	r.nsOfTID[tid] = ns
}

// nsOf returns the PID namespace of thread tid of sctrace's namespace.
func (r *Resolver) nsOf(tid int32) uint64 {
	if ns, ok := r.nsOfTID[tid]; ok {
		return ns
	}
	procPid := r.ProcPid(tid)
	if procPid == 0 {
		return 0
	}
	chain := r.nsChain(strconv.Itoa(procPid), 1)
	if len(chain) == 0 {
		return 0
	}
	r.nsOfTID[tid] = chain[0]
	return chain[0]
}

// lookup finds the process that has id of kind in namespace ns; it
// returns the id sctrace's namespace gives it and its /proc entry.
func (r *Resolver) lookup(ns uint64, id int, kind syscalls.PidKind) (ours, procPid int) {
	k := key{ns, id, kind}
	if p, ok := r.found[k]; ok {
		if ours := r.translateAt(p, k); ours != 0 {
			return ours, p
		}
		delete(r.found, k)
	}
	ours, procPid = r.scan(k)
	if ours != 0 {
		r.found[k] = procPid
	}
	return ours, procPid
}

// scan reads every process and thread in /proc for k.
func (r *Resolver) scan(k key) (ours, procPid int) {
	procs := r.numberedDirs(r.proc)
	for _, p := range procs {
		for _, t := range r.numberedDirs(r.proc + "/" + strconv.Itoa(p) + "/task") {
			if ours := r.translateAt(t, k); ours != 0 {
				return ours, t
			}
		}
		if ours := r.translateAt(p, k); ours != 0 {
			return ours, p
		}
	}
	return 0, 0
}

// translateAt returns the id sctrace's namespace gives /proc entry
// procPid when that entry has id k.id of kind k.kind in namespace k.ns.
func (r *Resolver) translateAt(procPid int, k key) int {
	dir := strconv.Itoa(procPid)
	chain := r.nsChain(dir, maxDepth)
	if len(chain) == 0 {
		return 0
	}
	ids := r.idList(dir, k.kind)
	if len(ids) < len(chain) {
		return 0
	}
	ours := ids[len(ids)-len(chain)]
	for i, ns := range chain {
		if ns != k.ns {
			continue
		}
		if ids[len(ids)-1-i] != k.id {
			return 0
		}
		return ours
	}
	return 0
}

// nsChain returns the PID namespace of /proc entry dir and its parents,
// at most max of them, up to the first one sctrace may not see.
func (r *Resolver) nsChain(dir string, max int) []uint64 {
	fd, err := unix.Open(r.proc+"/"+dir+"/ns/pid", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	var chain []uint64
	for len(chain) < max {
		var st unix.Stat_t
		if unix.Fstat(fd, &st) != nil {
			break
		}
		chain = append(chain, st.Ino)
		if len(chain) == max {
			break
		}
		parent, err := unix.IoctlRetInt(fd, unix.NS_GET_PARENT)
		if err != nil {
			break
		}
		unix.Close(fd)
		fd = parent
	}
	unix.Close(fd)
	return chain
}

// statusKeys are the /proc/PID/status lines of each kind's ids.
var statusKeys = [...]string{
	syscalls.PidTID:  "NSpid:",
	syscalls.PidTGID: "NStgid:",
	syscalls.PidPGID: "NSpgid:",
	syscalls.PidSID:  "NSsid:",
}

// idList returns the ids of kind of /proc entry dir, from the namespace
// of /proc's mount down to its own.
func (r *Resolver) idList(dir string, kind syscalls.PidKind) []int {
	if int(kind) >= len(statusKeys) || statusKeys[kind] == "" {
		return nil
	}
	f, err := os.Open(r.proc + "/" + dir + "/status")
	if err != nil {
		return nil
	}
	defer f.Close()
	prefix := []byte(statusKeys[kind])
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.HasPrefix(line, prefix) {
			continue
		}
		var ids []int
		for _, field := range bytes.Fields(line[len(prefix):]) {
			v, err := strconv.Atoi(string(field))
			if err != nil || v < 0 {
				break
			}
			ids = append(ids, v)
		}
		return ids
	}
	return nil
}

// numberedDirs returns the numeric entries of directory dir.
func (r *Resolver) numberedDirs(dir string) []int {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	var out []int
	for _, n := range names {
		if v, err := strconv.Atoi(n); err == nil && v > 0 {
			out = append(out, v)
		}
	}
	return out
}
