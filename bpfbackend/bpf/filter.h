/* Which tasks and calls are traced: a hash map of thread ids, filled by
 * user space (the launched command, -p) and by the programs (children
 * under -f), then a bitmap of syscall numbers. An untraced task costs one
 * lookup. */
#ifndef SCTRACE_FILTER_H
#define SCTRACE_FILTER_H

/* follow_forks (-f): sched_process_fork traces the children of traced
 * tasks. */
const volatile __u32 follow_forks = 0;

/* detach_on_exec (-b execve): a traced task whose execve succeeds is
 * traced no more, nor are the children it makes later; the exec stub's
 * own execve (call_state.launching) excepted. */
#ifndef SCTRACE_LEAN
const volatile __u32 detach_on_exec = 0;
#else
#define detach_on_exec LEAN_OFF
#endif

/* execve and execveat: a task traced with TRACED_STUB (the exec stub) is
 * seen only from its first call of one of them. */
const volatile __s32 exec_nrs[2] = {-1, -1};

/* is_exec_nr says whether nr is one of exec_nrs. It compares a copy of nr
 * that an ALU instruction has made unrelated to it: a comparison of nr
 * itself would split the verifier's states into nr == execve, nr ==
 * execveat and the rest, and have it check all that follows once for
 * each. */
static __always_inline bool is_exec_nr(long nr)
{
	long n = nr;
	asm volatile("%[n] ^= 0" : [n] "+r"(n));
	return n == exec_nrs[0] || n == exec_nrs[1];
}

/* The syscall filter: a bitmap of trace.MaxNR numbers per personality
 * (trace.Personality), the native one first. */
const volatile __u64 filter_bits[NUM_PERS * NR_MAX / 64] = {};
/* filter_beyond: bit p says personality p's numbers from NR_MAX on are
 * traced. */
const volatile __u32 filter_beyond = 0;

/* traced: the thread ids traced, each with its enum traced_mark. Not
 * preallocated: creating the map is then cheaper (start-up), and few of
 * its entries are ever used. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, enum traced_mark);
} traced SEC(".maps");

/* is_traced reports whether thread tid is traced. */
static __always_inline bool is_traced(__u32 tid)
{
	return bpf_map_lookup_elem(&traced, &tid) != 0;
}

/* What traced_call found: CALL_HIDDEN is the exec stub before its
 * execve, which no scope takes either. */
enum { CALL_UNTRACED, CALL_TRACED, CALL_LAUNCH, CALL_HIDDEN };

/* traced_call says whether tid is traced at a call of nr: the exec stub
 * is hidden until it calls execve, and that call is CALL_LAUNCH. */
static __always_inline int traced_call(__u32 tid, long nr)
{
	enum traced_mark *v = bpf_map_lookup_elem(&traced, &tid);
	if (!v)
		return CALL_UNTRACED;
	if (*v == TRACED_STUB) {
		if (!is_exec_nr(nr))
			return CALL_HIDDEN;
		*v = TRACED;
		return CALL_LAUNCH;
	}
	return CALL_TRACED;
}

/* hide_stub makes task, the exec stub whose execve failed, hidden again
 * (CALL_HIDDEN) until it calls execve. */
static __always_inline void hide_stub(struct task_struct *task, struct call_state *cs)
{
	__u32 tid = task->pid;
	enum traced_mark stub = TRACED_STUB;
	bpf_map_update_elem(&traced, &tid, &stub, BPF_ANY);
	cs->traced = 0;
	cs->launching = 0;
}

/* filter_has reports whether syscall nr of personality pers is traced. A
 * number no table names, past the bitmaps or negative (syscall(-1)), is
 * traced as filter_beyond says, as strace traces an unknown number. */
static __always_inline bool filter_has(long nr, __u32 pers)
{
	if (pers >= NUM_PERS)
		return false;
	if (nr < 0 || nr >= NR_MAX)
		return (filter_beyond >> pers) & 1;
	__u32 i = pers * NR_MAX + nr;
	return (filter_bits[i >> 6] >> (i & 63)) & 1;
}

/* loud_bits: bit nr says number nr (below NR_MAX) is traced in some
 * personality: filter_bits' personalities or-ed together by user space.
 * some_quiet: a word of it is not all ones; without one, no call is
 * tested. */
const volatile __u64 loud_bits[NR_MAX / 64] = {};
const volatile __u32 some_quiet = 0;

/* loud_nr reports whether number nr is traced in any personality: the
 * test of a call's exit, which cannot tell the personality of its entry
 * (an execve that changes it exits in the new program's). */
static __always_inline bool loud_nr(long nr)
{
	if (!some_quiet || nr < 0 || nr >= NR_MAX)
		return true;
	return (loud_bits[nr >> 6] >> (nr & 63)) & 1;
}

/* due_tasks (a map, which every program shares, where each has its own
 * copy of global variables) counts the tasks whose next boundary must be seen even at a
 * call no filter wants: deferred signals are due (call_state.signals), or
 * the last call was of another personality than the native one (the next
 * native call says so, as strace does). While none is, such a call needs
 * nothing: sys_enter and sys_exit let it go without a lookup of the
 * task's state. It errs on the safe side: a count left over (a task gone
 * without its exit seen) only keeps every call on the full path. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __s64);
} due_tasks SEC(".maps");

/* no_task_due reports whether no task is due; an array lookup the
 * verifier inlines. */
static __always_inline bool no_task_due(void)
{
	__u32 zero = 0;
	__s64 *n = bpf_map_lookup_elem(&due_tasks, &zero);
	return n && !*n;
}

/* due_add adds n to due_tasks. */
static __always_inline void due_add(__s64 n)
{
	__u32 zero = 0;
	__s64 *v = bpf_map_lookup_elem(&due_tasks, &zero);
	if (v)
		__sync_fetch_and_add(v, n);
}

/* set_signals marks cs's task as having deferred signals due. */
static __always_inline void set_signals(struct call_state *cs)
{
	if (cs->signals)
		return;
	cs->signals = 1;
	due_add(1);
}

/* clear_signals says cs's task's deferred signals are seen. */
static __always_inline void clear_signals(struct call_state *cs)
{
	if (!cs->signals)
		return;
	cs->signals = 0;
	due_add(-1);
}

/* set_pers keeps pers as the personality of cs's task's last call. */
static __always_inline void set_pers(struct call_state *cs, __u32 pers)
{
	if (!pers != !cs->pers)
		due_add(pers ? 1 : -1);
	cs->pers = pers;
}

/* call_pers returns the personality of the call task enters with number
 * *nr, as the kernel tells it: an ia32 call (TS_COMPAT), an x32 one
 * (__X32_SYSCALL_BIT in the number, which it takes out; -1 is not one),
 * or a native one. */
static __always_inline __u32 call_pers(struct task_struct *task, long *nr)
{
	if (task->thread_info.status & TS_COMPAT)
		return PERS_32;
	if (*nr != -1 && (*nr & X32_SYSCALL_BIT)) {
		*nr &= ~(long)X32_SYSCALL_BIT;
		return PERS_X32;
	}
	return 0;
}

/* PLAN_NONE is plan_key's key of a call no table names: one past the
 * maps it indexes (plans, compat_counts). */
#define PLAN_NONE (NUM_PERS * NR_MAX)

/* plan_key is the plans map's key of call nr of personality pers
 * (PLAN_NONE when it has none). */
static __always_inline __u32 plan_key(__s32 nr, __u32 pers)
{
	if (nr < 0 || nr >= NR_MAX || pers >= NUM_PERS)
		return PLAN_NONE;
	return pers * NR_MAX + nr;
}

#endif
