/* Faulting pages in. Programs on tracepoints cannot take page faults, so
 * a buffer in a page the task has mapped but never touched (a string
 * literal written to /dev/null, say) reads as a fault even at the call's
 * exit. ptrace reads it, faulting it in. When an exit record has such a
 * fault, the exit asks for a task work instead of sending it: the
 * callback runs in the task itself before it returns to user mode, where
 * it may sleep, so it faults the pages in with bpf_copy_from_user and
 * then builds and sends the record as the exit would have. Nothing of the
 * task can come in between. On a kernel without the kfunc (before 6.18),
 * the exit sends the record with its faults. */
#ifndef SCTRACE_REWORK_H
#define SCTRACE_REWORK_H

typedef int (*task_work_fn)(struct bpf_map *map, void *key, void *value);
extern int bpf_task_work_schedule_resume_impl(struct task_struct *task, struct bpf_task_work *tw,
					      void *map__map, task_work_fn callback, void *aux__prog) __ksym __weak;
extern void bpf_preempt_disable(void) __ksym __weak;
extern void bpf_preempt_enable(void) __ksym __weak;

/* fault_in: exits may be handed to a task work (load-time option). */
const volatile __u32 fault_in = 1;

/* rework is a task's handle on its task work. */
struct rework {
	struct bpf_task_work tw;
};

/* reworks holds each task's task work, by tid; an entry is made at the
 * task's first fault and deleted at its exit. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1 << 16);
	__type(key, __u32);
	__type(value, struct rework);
} reworks SEC(".maps");

/* FAULT_PAGES bounds the pages one faulted read has faulted in. */
#define FAULT_PAGES 16

/* fault_in_loop is the state of fault_page's loop over the pages of one
 * read that faulted, from addr up to end. */
struct fault_in_loop {
	__u64 addr;
	__u64 end;
};

/* fault_page faults in the page of l->addr and moves to the next page;
 * it ends the loop past l->end. A loop's body rather than an unrolled
 * loop: the verifier checks it a few times, not FAULT_PAGES times for
 * each read. */
static long fault_page(__u64 i, struct fault_in_loop *l)
{
	if (l->addr >= l->end)
		return 1;
	__u8 b;
	bpf_copy_from_user(&b, 1, (void *)l->addr);
	l->addr = (l->addr | 4095) + 1;
	return 0;
}

/* REWORK_KILLED, or-ed into call_state.rework_entry, says the task dies
 * of SIGKILL in the call (leave): the task work sends the exit record as
 * REC_F_KILLED, for its entry alone, which ptrace would have read at the
 * entry, faulting its pages in. */
#define REWORK_KILLED 0x100

/* rework_cb is the task work: it faults in the pages of the reads that
 * faulted, then runs the call's plans again and sends the exit record.
 * It runs in the task before it returns to user mode, or, when a signal
 * is due, at the start of get_signal: before a SIGKILL is taken. */
static int rework_cb(struct bpf_map *map, void *key, void *value)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct call_state *cs = call_state_of(task, false);
	if (!cs || !cs->rework)
		return 0;
	/* cs->rework stays set while the pages fault in (the task may sleep,
	 * and sched_switch leaves its held entry alone meanwhile). */
	__u32 nfault = cs->nfault;
	for (int i = 0; i < FAULTS_MAX; i++) {
		if (i >= nfault)
			break;
		struct fault_in_loop l = {.addr = cs->fault_addr[i]};
		l.end = l.addr + fault_span(cs->fault_len[i]);
		loop(FAULT_PAGES, fault_page, &l);
	}
	cs->rework = 0;
	__u32 killed = (cs->rework_entry & REWORK_KILLED) ? EMIT_KILLED : 0;
	/* A held entry already sent on its own is not sent again. */
	__u32 entry = cs->rework_entry & (ENTRY_RERUN | ENTRY_HELD);
	if (entry == ENTRY_HELD && !cs->held)
		entry = ENTRY_NONE;
	/* The killed call's entry goes with this record. */
	if (killed)
		cs->deferred = 0;
	struct cap_state state = {};
	struct cap_state *st = &state;
	call_cap_state(st, cs, 1, cs->rework_ret);
	if (syscall_cpu_time) {
		st->cpu_ns = cs->cpu_ns;
		st->has_cpu = 1;
	}
	/* The per-CPU scratch buffer must not be shared with a program on
	 * another task that preempts this one. */
	bpf_preempt_disable();
	emit_exit(st, cs, cs->rework_ts, bpf_get_current_pid_tgid(), entry | EMIT_REWORKED | killed);
	bpf_preempt_enable();
	return 0;
}

/* schedule_rework hands what cs->rework_entry says to a task work, which
 * faults in the pages of cs's faults first; it returns false when it
 * cannot. */
static __always_inline bool schedule_rework(struct call_state *cs, struct task_struct *task, __u32 tid)
{
	if (!fault_in || !bpf_task_work_schedule_resume_impl || !bpf_preempt_disable)
		return false;
	struct rework zero = {};
	bpf_map_update_elem(&reworks, &tid, &zero, BPF_NOEXIST);
	struct rework *rw = bpf_map_lookup_elem(&reworks, &tid);
	if (!rw)
		return false;
	cs->rework = 1;
	if (bpf_task_work_schedule_resume_impl(task, &rw->tw, &reworks, rework_cb, 0) != 0) {
		cs->rework = 0;
		return false;
	}
	return true;
}

/* exit_rework readies, for schedule_rework, the task work that sends the
 * exit record of the call in st, which faulted; when none can be had,
 * the exit sends it. */
static __always_inline void exit_rework(struct call_state *cs, struct cap_state *st, __u32 entry, __u64 now)
{
	cs->rework_entry = entry;
	cs->rework_ret = st->ret;
	cs->rework_ts = now;
	keep_faults(cs, st);
}

/* EINTR_ERR is -EINTR: the result a killed call's record carries (its
 * exit plans then read nothing a call's success would have written). */
#define EINTR_ERR (-4)

/* killed_entry_rework readies, for schedule_rework, the task work that
 * sends the deferred entry of a call in which the task dies of SIGKILL,
 * with the faults keep_faults kept at the entry; when none can be had,
 * the entry goes without its captures when the task exits
 * (sched_process_exit). */
static __always_inline void killed_entry_rework(struct call_state *cs)
{
	cs->rework_entry = ENTRY_RERUN | REWORK_KILLED;
	cs->rework_ret = EINTR_ERR;
	cs->rework_ts = cs->enter_ns;
}

/* unrework sends, when a task exits, the exit record a task work was to
 * send but has not: without its captures, since the memory is going. */
static __always_inline void unrework(struct call_state *cs, __u64 pid_tgid)
{
	if (!cs->rework)
		return;
	cs->rework = 0;
	/* A killed call's entry still deferred: sched_process_exit sends it. */
	if (cs->rework_entry & REWORK_KILLED)
		return;
	if (cs->rework_entry == ENTRY_HELD && cs->held)
		send_held(cs, pid_tgid);
	struct rec r = {};
	r.type = REC_EXIT;
	r.size = sizeof(r);
	r.tid = (__u32)pid_tgid;
	r.pid = pid_tgid >> 32;
	r.nr = cs->nr;
	r.ts = cs->rework_ts;
	r.enter_ts = cs->enter_ns;
	r.ret = cs->rework_ret;
	r.sp = cs->sp;
	r.ip = cs->ip;
	r.flags = cs->rework_entry == ENTRY_RERUN ? REC_F_WITH_ENTRY : 0;
	for (int i = 0; i < MAX_ARGS; i++)
		r.args[i] = cs->args[i];
	send(&r, sizeof(r), 0);
}

#endif
