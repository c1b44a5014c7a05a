/* Counting, for -c and -C: the time of each call, and per-CPU aggregates
 * per syscall (trace.SyscallStats) that user space reads at the end (and
 * at each --summary-interval, diffing the cumulative values); under
 * -c nothing is sent per call. With per_process (-c -ff)
 * each process's calls are aggregated apart too, in a bounded hash. */
#ifndef SCTRACE_COUNTS_H
#define SCTRACE_COUNTS_H

/* Under -c (COUNTING, the object of -c: sctrace.c) the programs aggregate
 * calls into counts and send only task records. wall_time (-w): a call's
 * time is its wall time, not its CPU time. */
const volatile __u32 wall_time = 0;
/* syscall_cpu_time: exit records carry the call's CPU time (-C without -w). */
const volatile __u32 syscall_cpu_time = 0;
/* per_process (-ff with -c or -C): sys_exit keeps each traced process's
 * command name in proc_comms; under -c, count_call also adds each
 * call to its process's aggregates, proc_counts. */
const volatile __u32 per_process = 0;

/* histograms: the aggregates include the histogram of the calls' times
 * (trace.Options.CountHistograms), which only some outputs print. */
const volatile __u32 histograms = 0;

/* counts: the aggregates of each syscall, by number, per CPU, but their
 * histograms, which are in count_hists (a map of one entry, unused,
 * unless histograms: creating it and reading it back at the end cost in
 * proportion to its size, 2 KiB per syscall per CPU). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, NR_MAX);
	__type(key, __u32);
	__type(value, struct syscall_totals);
} counts SEC(".maps");

/* count_hists: the histograms of counts' aggregates. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, NR_MAX);
	__type(key, __u32);
	__type(value, struct syscall_hist);
} count_hists SEC(".maps");

/* compat_counts: the aggregates of the calls of x86_64's other
 * personalities, by plan_key, per CPU; a call's entry is made at its
 * first count, so that the native path's memory does not grow. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, NUM_PERS * NR_MAX);
	__type(key, __u32);
	__type(value, struct syscall_stats);
} compat_counts SEC(".maps");

/* proc_count_key names a process's syscall: its thread group id and the
 * call's plan_key. */
struct proc_count_key {
	__u32 tgid;
	__u32 key;
};

/* proc_counts: the aggregates of each process's syscalls, shared by the
 * CPUs (a per-CPU copy of 2 KiB per process and syscall would be too much
 * on a machine of many CPUs), updated with atomic operations. An entry is
 * made at the process's first call of the syscall; user space sizes the
 * map (max_entries) and a call that finds it full is counted in
 * proc_counts_dropped, and only in the totals. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1);
	__type(key, struct proc_count_key);
	__type(value, struct syscall_stats);
} proc_counts SEC(".maps");

/* proc_comm is a process's command name. */
struct proc_comm {
	char comm[16];
};

/* proc_comms: each traced process's command name, written at the exit of
 * its first traced call (of each syscall, under -c) and of each
 * execve that succeeded, as large as proc_counts. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct proc_comm);
} proc_comms SEC(".maps");

/* proc_counts_dropped: per CPU, the calls left out of proc_counts. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} proc_counts_dropped SEC(".maps");

/* zero_stats is a new compat_counts entry's value; fresh_proc_stats a
 * new proc_counts entry's, whose least time is the largest until its
 * first call. */
static struct syscall_stats zero_stats;
static const struct syscall_stats fresh_proc_stats = {.min_ns = ~0ULL};

/* cpu_time returns the task's CPU time as the scheduler accounted it. */
static __always_inline __u64 cpu_time(struct task_struct *t)
{
	return t->se.sum_exec_runtime;
}

/* switches returns how many times the task was switched out. */
static __always_inline __u64 switches(struct task_struct *t)
{
	return t->nvcsw + t->nivcsw;
}

/* hist_bucket is trace.HistBucket. It is global: its value differs on
 * each of its 64 paths, and inlined, every path would have the rest of the
 * caller checked again (ten times the instructions of -c's sys_exit). */
__attribute__((noinline)) __u32 hist_bucket(__u64 ns)
{
	if (ns < (1 << HIST_SUB_BITS))
		return ns;
	__u32 m = 0;
	__u64 v = ns;
	if (v >> 32) { v >>= 32; m += 32; }
	if (v >> 16) { v >>= 16; m += 16; }
	if (v >> 8) { v >>= 8; m += 8; }
	if (v >> 4) { v >>= 4; m += 4; }
	if (v >> 2) { v >>= 2; m += 2; }
	if (v >> 1) { m += 1; }
	return ((m - HIST_SUB_BITS + 1) << HIST_SUB_BITS) |
	       ((ns >> (m - HIST_SUB_BITS)) & ((1 << HIST_SUB_BITS) - 1));
}

/* call_cpu_time is the CPU time of the call cs is in: its wall time when
 * the task was not switched out meanwhile, else the growth of the CPU time
 * the scheduler accounted to it (which leaves out the time it slept). */
static __always_inline __u64 call_cpu_time(struct call_state *cs, struct task_struct *task, __u64 now)
{
	if (switches(task) == cs->switches)
		return now - cs->enter_ns;
	return cpu_time(task) - cs->cpu_ns;
}

/* name_process keeps the command name of the current task's process in
 * proc_comms: when it has none, or again when renamed (after an execve,
 * or at any first call of a syscall under -c). */
static __noinline void name_process(__u32 tgid, __u32 renamed)
{
	if (!renamed && bpf_map_lookup_elem(&proc_comms, &tgid))
		return;
	struct proc_comm c = {};
	bpf_get_current_comm(c.comm, sizeof(c.comm));
	bpf_map_update_elem(&proc_comms, &tgid, &c, BPF_ANY);
}

/* count_process adds a call of ns nanoseconds, which returned ret, to its
 * process's aggregates: atomically, the process's threads counting on
 * several CPUs at once. It returns 1 when it made the entry (the
 * process's first call of the syscall). */
static __noinline __u32 count_process(__u32 tgid, __u32 nr, __u32 pers, long ret, __u64 ns)
{
	struct proc_count_key k = {.tgid = tgid, .key = plan_key(nr, pers)};
	/* A number no table names is not counted, as strace counts it not. */
	if (k.key == PLAN_NONE)
		return 0;
	struct syscall_stats *s = bpf_map_lookup_elem(&proc_counts, &k);
	__u32 made = 0;
	if (!s) {
		/* Two threads of a new process may both try: one makes it. */
		made = bpf_map_update_elem(&proc_counts, &k, &fresh_proc_stats, BPF_NOEXIST) == 0;
		s = bpf_map_lookup_elem(&proc_counts, &k);
	}
	if (!s) {
		__u32 zero = 0;
		__u64 *dropped = bpf_map_lookup_elem(&proc_counts_dropped, &zero);
		if (dropped)
			(*dropped)++;
		return 0;
	}
	__u64 old = s->max_ns;
	for (int i = 0; i < 4 && ns > old; i++)
		old = __sync_val_compare_and_swap(&s->max_ns, old, ns);
	old = s->min_ns;
	for (int i = 0; i < 4 && ns < old; i++)
		old = __sync_val_compare_and_swap(&s->min_ns, old, ns);
	__sync_fetch_and_add(&s->calls, 1);
	if (ret < 0 && ret >= -4095)
		__sync_fetch_and_add(&s->errors, 1);
	__sync_fetch_and_add(&s->total_ns, ns);
	__u32 b = hist_bucket(ns);
	if (b < HIST_BUCKETS)
		__sync_fetch_and_add(&s->hist[b], 1);
	return made;
}

/* count_call adds the call cs is in, which returned ret, to its syscall's
 * aggregates. */
static __always_inline void count_call(struct call_state *cs, struct task_struct *task, long ret, __u64 now)
{
	/* syscall_stats starts with a syscall_totals. */
	struct syscall_totals *s;
	__u64 *hist = NULL;
	if (cs->pers) {
		__u32 key = plan_key(cs->nr, cs->pers);
		/* Nor here. */
		if (key == PLAN_NONE)
			return;
		struct syscall_stats *c = bpf_map_lookup_elem(&compat_counts, &key);
		if (!c) {
			bpf_map_update_elem(&compat_counts, &key, &zero_stats, BPF_NOEXIST);
			c = bpf_map_lookup_elem(&compat_counts, &key);
		}
		if (!c)
			return;
		s = (struct syscall_totals *)c;
		if (histograms)
			hist = c->hist;
	} else {
		__u32 nr = cs->nr;
		s = bpf_map_lookup_elem(&counts, &nr);
		if (!s)
			return;
		if (histograms) {
			struct syscall_hist *h = bpf_map_lookup_elem(&count_hists, &nr);
			if (h)
				hist = h->hist;
		}
	}
	__u64 ns = wall_time ? now - cs->enter_ns : call_cpu_time(cs, task, now);
	if (s->calls == 0 || ns < s->min_ns)
		s->min_ns = ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	s->calls++;
	if (ret < 0 && ret >= -4095)
		s->errors++;
	s->total_ns += ns;
	if (hist) {
		__u32 b = hist_bucket(ns);
		if (b < HIST_BUCKETS)
			hist[b]++;
	}
}

/* process_exit is sys_exit's work for -ff (per_process): the process's
 * name and, under -c, its aggregates. One test of per_process in
 * sys_exit leads here, so that the paths without -ff keep their code. */
static __noinline void process_exit(struct call_state *cs, struct task_struct *task, long ret, __u64 now)
{
	__u32 tgid = task->tgid;
	__u32 renamed = ret == 0 && cs->pers == 0 && is_exec_nr(cs->nr);
	if (!COUNTING) {
		name_process(tgid, renamed);
		return;
	}
	/* A process's first call makes an entry: naming it then, and after
	 * an execve, spares a lookup per call. */
	__u64 ns = wall_time ? now - cs->enter_ns : call_cpu_time(cs, task, now);
	if (count_process(tgid, cs->nr, cs->pers, ret, ns) || renamed)
		name_process(tgid, 1);
}

#endif
