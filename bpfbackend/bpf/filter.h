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
const volatile __u32 detach_on_exec = 0;

/* execve and execveat: a task traced with TRACED_STUB (the exec stub) is
 * seen only from its first call of one of them. */
const volatile __s32 exec_nrs[2] = {-1, -1};
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
		if (nr != exec_nrs[0] && nr != exec_nrs[1])
			return CALL_HIDDEN;
		*v = TRACED;
		return CALL_LAUNCH;
	}
	return CALL_TRACED;
}

/* filter_has reports whether syscall nr of personality pers is traced. */
static __always_inline bool filter_has(long nr, __u32 pers)
{
	if (nr < 0 || pers >= NUM_PERS)
		return false;
	if (nr >= NR_MAX)
		return (filter_beyond >> pers) & 1;
	__u32 i = pers * NR_MAX + nr;
	return (filter_bits[i >> 6] >> (i & 63)) & 1;
}

/* call_pers returns the personality of the call task enters with number
 * *nr, as the kernel tells it: an ia32 call (TS_COMPAT), an x32 one
 * (__X32_SYSCALL_BIT in the number, which it takes out; -1 is not one),
 * or a native one. */
static __always_inline __u32 call_pers(struct task_struct *task, long *nr)
{
	if (task->thread_info.status & TS_COMPAT)
		return PERS_32;
	if (*nr >= 0 && (*nr & X32_SYSCALL_BIT)) {
		*nr &= ~(long)X32_SYSCALL_BIT;
		return PERS_X32;
	}
	return 0;
}

/* plan_key is the plans map's key of call nr of personality pers (one
 * past the map when it has none). */
static __always_inline __u32 plan_key(__s32 nr, __u32 pers)
{
	if (nr < 0 || nr >= NR_MAX || pers >= NUM_PERS)
		return NUM_PERS * NR_MAX;
	return pers * NR_MAX + nr;
}

#endif
