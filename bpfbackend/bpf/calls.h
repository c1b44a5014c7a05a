/* Syscall records: an entry's or exit's record is built from the call's
 * state and the segments of its plans, then sent, held with the task
 * (hold.h) or, when a read faulted, deferred: an entry to the exit, an
 * exit to a task work (rework.h). */
#ifndef SCTRACE_CALLS_H
#define SCTRACE_CALLS_H

/* How an exit record gets the entry's segments (emit_call). */
enum {
	ENTRY_NONE = 0,	 /* the entry record was sent */
	ENTRY_RERUN = 1, /* deferred (it faulted): the entry plans run again */
	ENTRY_HELD = 2,	 /* held: its segments are in the task's storage */
};

/* How emit_call treats a record whose reads faulted (or-ed, for an exit,
 * with an ENTRY_ value). */
enum {
	/* The record may be deferred: an entry to the exit, an exit to a
	 * task work. */
	EMIT_MAY_DEFER = 4,
	/* The memory of the one read that faulted is not readable in the
	 * task now (faults_may_page_in): its fault is final. */
	EMIT_FINAL = 8,
	/* A task work has faulted in the pages of the reads that faulted
	 * (rework_cb). */
	EMIT_REWORKED = 16,
	/* The task dies of SIGKILL in the call: the record is REC_F_KILLED. */
	EMIT_KILLED = 32,
};

/* fill_rec fills the header of the record in sc from st. */
static __always_inline void fill_rec(struct scratch *sc, struct cap_state *st, enum rec_type type, __u64 ts,
				     __u64 enter_ts, __u64 pid_tgid, enum rec_flag flags, __u32 nseg_entry, __u64 ip)
{
	struct rec *r = (void *)sc->buf;
	r->type = type;
	r->size = st->off;
	r->tid = (__u32)pid_tgid;
	r->pid = pid_tgid >> 32;
	r->nr = st->nr;
	r->nseg = st->nseg;
	r->ts = ts;
	r->ret = st->ret;
	r->sp = st->sp;
	r->ip = ip;
	r->flags = flags | (st->has_cpu ? REC_F_CPU : 0) | (st->cut ? REC_F_CUT : 0) |
		   (st->pers == PERS_32 ? REC_F_PERS32 : st->pers == PERS_X32 ? REC_F_PERSX32 : 0);
	r->cpu_ns = st->cpu_ns;
	r->nseg_entry = nseg_entry;
	r->enter_ts = enter_ts;
	for (int i = 0; i < MAX_ARGS; i++)
		r->args[i] = st->args[i];
}

/* VM_READ_FLAG is VM_READ: a mapping that can be read. */
#define VM_READ_FLAG 0x1
/* EBUSY_ERR is -EBUSY: bpf_find_vma could not take the mappings' lock. */
#define EBUSY_ERR (-16)

/* vma_readable is bpf_find_vma's callback: it says in *ctx (a __u32)
 * whether the mapping can be read. */
static long vma_readable(struct task_struct *task, struct vm_area_struct *vma, void *ctx)
{
	*(__u32 *)ctx = (vma->vm_flags & VM_READ_FLAG) != 0;
	return 0;
}

/* addr_readable says whether addr lies in a readable mapping of task,
 * or its mappings could not be looked up. */
static __always_inline bool addr_readable(struct task_struct *task, __u64 addr)
{
	__u32 readable = 0;
	long err = bpf_find_vma(task, addr, vma_readable, &readable, 0);
	return err == EBUSY_ERR || (err == 0 && readable);
}

/* faults_may_page_in says whether a read that faulted while st's record
 * was built may succeed once its pages are faulted in: its first and
 * last bytes lie in readable mappings. A read of memory that is not
 * mapped, or not readable, fails at the exit as at the entry, and in
 * user space: deferring the entry that made it would read its arguments
 * again at the exit, after the call may have changed them (capset's
 * header), and a task work that faults its pages in would gain nothing.
 * Only a record with one fault is checked (each check costs verified
 * instructions); with more, they count as faults that may. Global, and
 * called by the programs themselves: a frame in the chains of calls
 * under emit_entry and emit_exit would make the deepest of them deeper
 * than the verifier allows. */
GLOBAL int faults_may_page_in(struct cap_state *st)
{
	if (!st || st->nfault != 1)
		return 1;
	struct task_struct *task = bpf_get_current_task_btf();
	__u64 addr = st->fault_addr[0];
	__u32 len = st->fault_len[0];
	if (len & FAULT_STR)
		return addr_readable(task, addr);
	return addr_readable(task, addr) && addr_readable(task, addr + fault_span(len) - 1);
}

/* keep_faults copies the reads that faulted while st's record was built
 * into the task's state, for rework_cb. */
static __always_inline void keep_faults(struct call_state *cs, struct cap_state *st)
{
	cs->nfault = st->nfault;
	for (int i = 0; i < FAULTS_MAX; i++) {
		cs->fault_addr[i] = st->fault_addr[i];
		cs->fault_len[i] = st->fault_len[i];
	}
}

/* emit_call builds and sends a syscall record; it returns false when the
 * record is deferred (how has EMIT_MAY_DEFER and a read faulted). how's
 * ENTRY_ value says how an exit record carries the entry's segments
 * first. cs is the task's state. The record is REC_F_SETTLED when its
 * faults, if any, are final (how: EMIT_FINAL; or EMIT_REWORKED, and
 * what faulted after the task work faulted its pages in cannot be read,
 * faults_may_page_in). */
static __always_inline bool emit_call(struct cap_state *st, struct call_state *cs, enum rec_type type, __u64 ts,
				      __u64 enter_ts, __u64 pid_tgid, __u32 how)
{
	__u32 entry = how & (ENTRY_RERUN | ENTRY_HELD);
	struct scratch *sc = scratch_buf();
	st->how = how;
	__u32 nseg_entry = 0;

	if (!sc)
		return true;
	st->off = sizeof(struct rec);
	st->nseg = 0;
	st->faulted = 0;
	st->unsettled = 0;
	st->nfault = 0;
	if (entry == ENTRY_RERUN) {
		st->at_exit = 0;
		run_plans(st);
		if (sock_states)
			unhold_socks(st, cs, sc);
		else
			sock_args(st, false);
		nseg_entry = st->nseg;
		st->at_exit = 1;
	} else if (entry == ENTRY_HELD) {
		unhold(st, cs, sc);
		name_late_args(st);
		nseg_entry = st->nseg;
	}
	run_plans(st);
	how = st->how;
	if ((how & EMIT_MAY_DEFER) && (type == REC_ENTER ? st->faulted : st->nfault)) {
		/* An exit deferred to a task work keeps its held entry. */
		if (how & ENTRY_HELD)
			cs->held = 1;
		if (sock_states && type == REC_ENTER)
			hold_socks(st, cs, sc);
		/* A deferred entry's faults, for a task killed in the call
		 * (leave). */
		if (type == REC_ENTER)
			keep_faults(cs, st);
		return false;
	}
	if (fd_names && type == REC_EXIT)
		name_new_fds(st);
	if (type == REC_ENTER || !sock_states)
		sock_args(st, type == REC_ENTER && hold_entries);
	if (type == REC_ENTER && hold(st, cs, sc))
		return true;
	if (type == REC_ENTER)
		name_late_args(st); /* not held: named now */
	/* A held entry has no fault (hold). */
	how = st->how;
	bool settled = !st->unsettled && (!st->nfault || (how & EMIT_FINAL) ||
					  (type == REC_EXIT && (how & EMIT_REWORKED) && !faults_may_page_in(st)));
	fill_rec(sc, st, type, ts, enter_ts, pid_tgid,
		 ((how & (ENTRY_RERUN | ENTRY_HELD)) ? REC_F_WITH_ENTRY : 0) | (settled ? REC_F_SETTLED : 0) |
			 ((how & EMIT_KILLED) ? REC_F_KILLED : 0),
		 nseg_entry,
		 cs->ip);
	__u32 size = st->off;
	if (size > REC_LIMIT)
		return true;
	send(sc->buf, size, &cs->wake);
	return true;
}

/* emit_entry is emit_call for the entry record of the call cs is in,
 * whose state st holds, as how says (EMIT_ values); it returns 0 when
 * the entry is deferred. It and emit_exit are global: the verifier checks
 * each once, not once for each state in which the program reaches it. */
GLOBAL int emit_entry(struct cap_state *st, struct call_state *cs, __u64 pid_tgid, __u32 how)
{
	if (!st || !cs)
		return 1;
	return emit_call(st, cs, REC_ENTER, cs->enter_ns, cs->enter_ns, pid_tgid, how & ~(ENTRY_RERUN | ENTRY_HELD));
}

/* emit_exit is emit_call for the exit record, at now, of the call cs is
 * in, whose state st holds, with the entry's segments as how says (an
 * ENTRY_ value, or-ed with EMIT_ values); it returns 0 when the exit is
 * deferred. The call costs every traced exit about 10 ns (in-kernel
 * time on dd, bpf_stats); inline instead, even at sys_exit's first try
 * only, sys_exit's checking grows from 16K instructions to 22.6K (24.3K
 * wholly inline), 11 ms more of the start-up's critical path. */
GLOBAL int emit_exit(struct cap_state *st, struct call_state *cs, __u64 now, __u64 pid_tgid, __u32 how)
{
	if (!st || !cs)
		return 1;
	return emit_call(st, cs, REC_EXIT, now, cs->enter_ns, pid_tgid, how);
}

/* send_held sends a held entry as an entry record of its own: something
 * may come between it and its exit. Global, as emit_entry. */
GLOBAL int send_held(struct call_state *cs, __u64 pid_tgid)
{
	struct scratch *sc = scratch_buf();
	struct cap_state st = {};
	if (!sc || !cs)
		return 0;
	unhold(&st, cs, sc);
	call_cap_state(&st, cs, 0, 0);
	name_late_args(&st);
	/* A held entry has no fault (hold). */
	fill_rec(sc, &st, REC_ENTER, cs->enter_ns, cs->enter_ns, pid_tgid, REC_F_SETTLED, 0, cs->ip);
	__u32 size = st.off;
	if (size <= REC_LIMIT)
		send(sc->buf, size, &cs->wake);
	return 0;
}

#endif
