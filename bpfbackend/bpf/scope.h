/* Scopes (--system-wide, --cgroup, --comm, --uid, --tree): which tasks
 * outside the traced map are traced too, decided at their first call in
 * the kernel before anything of theirs is read, and the command names of
 * traced tasks (-Y, scopes). Every test is behind a load-time constant:
 * without a scope the verifier removes it all, and the untraced path is
 * the one lookup of filter.h. */
#ifndef SCTRACE_SCOPE_H
#define SCTRACE_SCOPE_H

/* SCOPE_MAX bounds the values of each kind of scope. */
#define SCOPE_MAX 8

/* The scopes' load-time constants:
 * - scope_on: a scope is given; a task matches when it matches every
 *   kind given (any value within one kind), and is then traced from that
 *   call until it exits.
 * - scope_self: sctrace's tgid. Neither sctrace nor its children (the
 *   exec stub before it is registered, the -o pipe's shell) are in any
 *   scope.
 * - scope_ncgroups, scope_cgroup_ids, scope_cgroup_levels: --cgroup, a
 *   cgroup v2 id and its level below the root; a task is in it when its
 *   cgroup's ancestor at that level is it (the cgroup itself or a
 *   descendant).
 * - scope_ncomms, scope_comms: --comm, each name as the kernel keeps it
 *   (TASK_COMM_LEN bytes, NUL-padded) in two words.
 * - scope_nuids, scope_uids: --uid, real user ids.
 * - scope_tree: --tree; the tree map holds its processes.
 * - scope_only: the scope is the only source of traced tasks (no
 *   command, no -p, no -f): a task the programs keep no call state for
 *   was never traced, and one outside the scope returns at its scope
 *   test, without a lookup of the traced map.
 * - track_comm: records carry command names (REC_COMM).
 * The lean object has the scalars as LEAN_OFF; the arrays, read only
 * where a count is not 0, stay. */
#ifndef SCTRACE_LEAN
const volatile __u32 scope_on = 0;
const volatile __u32 scope_self = 0;
const volatile __u32 scope_ncgroups = 0;
const volatile __u32 scope_ncomms = 0;
const volatile __u32 scope_nuids = 0;
const volatile __u32 scope_tree = 0;
const volatile __u32 scope_only = 0;
const volatile __u32 track_comm = 0;
#else
#define scope_on LEAN_OFF
#define scope_self LEAN_OFF
#define scope_ncgroups LEAN_OFF
#define scope_ncomms LEAN_OFF
#define scope_nuids LEAN_OFF
#define scope_tree LEAN_OFF
#define scope_only LEAN_OFF
#define track_comm LEAN_OFF
#endif
const volatile __u64 scope_cgroup_ids[SCOPE_MAX] = {};
const volatile __u32 scope_cgroup_levels[SCOPE_MAX] = {};
const volatile __u64 scope_comms[SCOPE_MAX * 2] = {};
const volatile __u32 scope_uids[SCOPE_MAX] = {};

/* tree: the tgids of --tree's processes: its roots and their existing
 * descendants (user space), and every process they create later
 * (sched_process_fork). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, __u8);
} tree SEC(".maps");

/* comm_words reads t's command name as two words. */
static __always_inline void comm_words(struct task_struct *t, __u64 *w)
{
	w[0] = *(__u64 *)&t->comm[0];
	w[1] = *(__u64 *)&t->comm[8];
}

/* task_uid is t's real user id; current: t is the current task. */
static __always_inline __u32 task_uid(struct task_struct *t, bool current)
{
	if (current)
		return (__u32)bpf_get_current_uid_gid();
	return BPF_CORE_READ(t, cred, uid.val);
}

/* task_cgroup_id is the id of t's cgroup v2 ancestor at level (its own
 * cgroup's when level is its level); 0 when it is not that deep. */
static __always_inline __u64 task_cgroup_id(struct task_struct *t, int level, bool current)
{
	if (current)
		return level < 0 ? bpf_get_current_cgroup_id() : bpf_get_current_ancestor_cgroup_id(level);
	struct cgroup *cg = BPF_CORE_READ(t, cgroups, dfl_cgrp);
	if (!cg)
		return 0;
	if (level >= 0) {
		if (level > BPF_CORE_READ(cg, level))
			return 0;
		struct cgroup *anc = 0;
		bpf_probe_read_kernel(&anc, sizeof(anc),
				      (void *)cg + bpf_core_field_offset(struct cgroup, ancestors) + (__u64)level * sizeof(anc));
		cg = anc;
		if (!cg)
			return 0;
	}
	return BPF_CORE_READ(cg, kn, id);
}

/* in_scope reports whether task t, untraced, is in the scope; current:
 * t is the current task (its ids are then read by the helpers). */
static __always_inline bool in_scope(struct task_struct *t, bool current)
{
	if (scope_ncomms) {
		__u64 w[2];
		bool found = false;
		comm_words(t, w);
		for (int i = 0; i < SCOPE_MAX; i++)
			if (i < scope_ncomms && w[0] == scope_comms[2 * i] && w[1] == scope_comms[2 * i + 1])
				found = true;
		if (!found)
			return false;
	}
	if ((__u32)t->tgid == scope_self)
		return false;
	struct task_struct *parent = t->real_parent;
	if (parent && (__u32)parent->tgid == scope_self)
		return false;
	if (scope_nuids) {
		__u32 uid = task_uid(t, current);
		bool found = false;
		for (int i = 0; i < SCOPE_MAX; i++)
			if (i < scope_nuids && uid == scope_uids[i])
				found = true;
		if (!found)
			return false;
	}
	if (scope_ncgroups) {
		bool found = false;
		for (int i = 0; i < SCOPE_MAX; i++)
			if (i < scope_ncgroups &&
			    task_cgroup_id(t, scope_cgroup_levels[i], current) == scope_cgroup_ids[i])
				found = true;
		if (!found)
			return false;
	}
	if (scope_tree) {
		__u32 tgid = t->tgid;
		if (!bpf_map_lookup_elem(&tree, &tgid))
			return false;
	}
	return true;
}

/* pidns_inum is the inode of t's PID namespace (its pid's last level). */
static __always_inline __u64 pidns_inum(struct task_struct *t)
{
	struct pid *p = t->thread_pid;
	if (!p)
		return 0;
	unsigned int level = p->level;
	if (level > 32)
		return 0;
	__u64 at = (__u64)(unsigned long)p + bpf_core_field_offset(struct pid, numbers) +
		   (__u64)level * bpf_core_type_size(struct upid) + bpf_core_field_offset(struct upid, ns);
	struct pid_namespace *ns = 0;
	if (bpf_probe_read_kernel(&ns, sizeof(ns), (void *)at) || !ns)
		return 0;
	unsigned int inum = 0;
	bpf_probe_read_kernel(&inum, sizeof(inum), (void *)ns + bpf_core_field_offset(struct pid_namespace, ns) +
							 bpf_core_field_offset(struct ns_common, inum));
	return inum;
}

/* scope_task makes task t, found in the scope, traced: it enters the
 * traced map, and REC_SCOPED tells user space what it needs to start the
 * task (and its name, cgroup and PID namespace) before the record of the
 * event that found it. comm is set to t's name; current: t is the current
 * task. */
static __noinline bool scope_task(struct task_struct *t, __u64 *comm, bool current)
{
	__u32 tid = t->pid;
	enum traced_mark mark = TRACED;
	if (bpf_map_update_elem(&traced, &tid, &mark, BPF_NOEXIST))
		return false;
	struct rec r = {};
	r.type = REC_SCOPED;
	r.size = sizeof(r);
	r.tid = tid;
	r.pid = t->tgid;
	r.ts = bpf_ktime_get_ns();
	r.ret = task_cgroup_id(t, -1, current);
	r.sp = pidns_inum(t);
	comm_words(t, comm);
	r.args[0] = comm[0];
	r.args[1] = comm[1];
	r.args[2] = task_uid(t, current);
	send(&r, sizeof(r), 0);
	return true;
}

/* scope_late takes task t, untraced, into the scope at an event of it
 * that is reported (its exit, a signal, a stop, a fork under -f): its
 * calls until then were all quiet (sys_enter), so none took it. It
 * reports whether t is traced now; current: t is the current task. */
static __always_inline bool scope_late(struct task_struct *t, bool current)
{
	__u64 comm[2] = {};
	if (!scope_on || !in_scope(t, current) || !scope_task(t, comm, current))
		return false;
	struct call_state *cs = call_state_of(t, true);
	if (cs) {
		cs->traced = 1;
		if (track_comm) {
			cs->comm[0] = comm[0];
			cs->comm[1] = comm[1];
		}
	}
	return true;
}

/* send_comm sends the name w of thread tid of process tgid (REC_COMM)
 * and keeps it in comm, the last one sent: out of line, since names
 * change rarely. */
static __noinline void send_comm(__u32 tid, __u32 tgid, __u64 *comm, __u64 w0, __u64 w1)
{
	comm[0] = w0;
	comm[1] = w1;
	struct rec r = {};
	r.type = REC_COMM;
	r.size = sizeof(r);
	r.tid = tid;
	r.pid = tgid;
	r.ts = bpf_ktime_get_ns();
	r.args[0] = w0;
	r.args[1] = w1;
	send(&r, sizeof(r), 0);
}

/* note_comm sends t's name when it is not comm, the last one sent. */
static __always_inline void note_comm(struct task_struct *t, __u64 *comm)
{
	__u64 w[2];
	comm_words(t, w);
	if (w[0] != comm[0] || w[1] != comm[1])
		send_comm(t->pid, t->tgid, comm, w[0], w[1]);
}

/* name_task sends t's name, when it changed, before a record of t that
 * user space prints: the name is checked there only, not at the calls
 * that are not reported. */
static __always_inline void name_task(struct task_struct *t, struct call_state *cs)
{
	if (track_comm && cs)
		note_comm(t, cs->comm);
}

/* pid_comms (-Y): the process ids a call names, arguments (bit i of
 * pid_masks[nr] for argument i) and its result (bit 6), have their
 * process's name sent (REC_PIDCOMM) before the call's records, the
 * arguments' at its entry, the result's at its exit: strace prints what
 * it finds at each, and the process may be gone when user space prints
 * the line (the line of a call that returned before anything else was
 * printed is formatted at its exit, with the entry's names). Native
 * calls. */
#ifndef SCTRACE_LEAN
const volatile __u32 pid_comms = 0;
#else
#define pid_comms LEAN_OFF
#endif
const volatile __u8 pid_masks[NR_MAX] = {};

extern struct task_struct *bpf_task_from_vpid(__s32 vpid) __ksym __weak;
extern struct task_struct *bpf_task_from_pid(__s32 pid) __ksym __weak;
extern void bpf_task_release(struct task_struct *p) __ksym __weak;

/* send_pid_comm sends the name of process id (as the current task sees
 * ids) for the call of the task pid_tgid, or an empty one when no process
 * has that id; at_exit (args[2]) says it is the name at the call's exit,
 * which user space applies after the call's entry. */
static __noinline void send_pid_comm(__u64 pid_tgid, __s64 id, __u32 at_exit)
{
	if (id <= 0 || id > 0x3fffffff || !bpf_task_release)
		return;
	struct task_struct *t = 0;
	if (bpf_task_from_vpid)
		t = bpf_task_from_vpid(id);
	else if (bpf_task_from_pid)
		t = bpf_task_from_pid(id);
	/* No process: an empty name, which says that the id names none
	 * now (a child reaped by the call that returned its id). */
	__u64 w[2] = {};
	if (t) {
		comm_words(t, w);
		bpf_task_release(t);
	}
	struct rec r = {};
	r.type = REC_PIDCOMM;
	r.size = sizeof(r);
	r.tid = (__u32)pid_tgid;
	r.pid = pid_tgid >> 32;
	r.ret = id;
	r.args[0] = w[0];
	r.args[1] = w[1];
	r.args[2] = at_exit;
	send(&r, sizeof(r), 0);
}

/* pid_arg_comms sends the names of the processes call nr's arguments
 * name (pid_comms). */
static __always_inline void pid_arg_comms(long nr, __u64 *args, __u64 pid_tgid)
{
	if (nr < 0 || nr >= NR_MAX)
		return;
	__u32 mask = pid_masks[nr];
	for (int i = 0; i < MAX_ARGS; i++)
		if ((mask >> i) & 1)
			send_pid_comm(pid_tgid, (__s32)args[i], 0);
}

/* siginfo_args (-Y): per native call, 1 + the argument that is a
 * siginfo_t the call fills (waitid's infop, rt_sigtimedwait's info), whose
 * si_pid is named as it is at the call's exit: a child the call reaped
 * has no name any more, as strace finds none then; 0: none. */
const volatile __u8 siginfo_args[NR_MAX] = {};

/* pid_siginfo_comm sends the name of the process the siginfo_t call nr
 * filled names (siginfo_args), at its successful exit. */
static __always_inline void pid_siginfo_comm(long nr, __u64 *args, __s64 ret, __u64 pid_tgid)
{
	__u32 n = nr;
	if (nr < 0 || nr >= NR_MAX || ret < 0)
		return;
	n &= NR_MAX - 1; /* the verifier's bound */
	__u32 a = siginfo_args[n];
	if (a == 0 || a > MAX_ARGS)
		return;
	__u64 p = 0;
	for (int j = 0; j < MAX_ARGS; j++)
		if (j + 1 == a)
			p = args[j];
	__s32 pid = 0;
	/* si_pid: after si_signo, si_errno, si_code and the union's
	 * alignment. */
	if (!p || bpf_probe_read_user(&pid, sizeof(pid), (void *)(p + 16)) != 0)
		return;
	send_pid_comm(pid_tgid, pid, 1);
}

/* pid_ret_comm sends the name of the process call nr's result ret names
 * (pid_comms). */
static __always_inline void pid_ret_comm(long nr, __s64 ret, __u64 pid_tgid)
{
	if (nr < 0 || nr >= NR_MAX || !((pid_masks[nr] >> 6) & 1))
		return;
	send_pid_comm(pid_tgid, ret, 1);
}

#endif
