// SPDX-License-Identifier: GPL-2.0
/* sctrace's eBPF programs: syscall entry and exit, task creation, exit and
 * exec, and signal delivery, for the traced tasks only. Syscall records
 * carry the memory the capture plans (loaded by user space from package
 * syscalls) ask for; under -c the programs aggregate per syscall
 * instead and send nothing per call.
 *
 * The programs are one compilation unit: this file defines them, and the
 * headers hold the rest, one concern each, in this order (each uses what
 * those before it define).
 *
 * The unit is compiled four times: for the runs that trace (sctrace),
 * with SCTRACE_COUNTING for those of -c (counting), and a lean one of
 * each with SCTRACE_LEAN (lean, countinglean) for the runs without the
 * features a plain trace leaves off: -y and -yy, -k, -b execve, -e read=
 * and -e write=, -e kvm=vcpu, command names (-Y) and scopes. Counting
 * holds only the programs -c loads, with sys_enter and sys_exit compiled
 * without what counting never runs; a lean object has the load-time
 * constants of those features fixed at 0 (LEAN_OFF), so that their code
 * is not in it. The verifier walks a program's every instruction, live
 * or not, at every start and removes the dead ones a stretch at a time,
 * and the loader parses and relocates the whole object. */
#ifdef SCTRACE_COUNTING
#define COUNTING true
#else
#define COUNTING false
#endif
/* In the lean object, a load-time constant declared under #ifndef
 * SCTRACE_LEAN is no variable but LEAN_OFF, 0; user space loads the lean
 * object only for runs that set each such constant to 0 (lean.go). */
#define LEAN_OFF 0
#include "kernel.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "loop.h"	/* bounded loops */
#include "events.h"	/* the wire format shared with user space */
#include "tasks.h"	/* the call state of each traced task */
#include "filter.h"	/* which tasks and calls are traced */
#include "transport.h"	/* the ring buffer, the record buffer, lost records */
#include "scope.h"	/* tasks traced by a scope; command names */
#include "segments.h"	/* the reads a record carries */
#include "capture.h"	/* the capture plans' execution */
#include "path.h"	/* the paths of files */
#include "fdname.h"	/* what created descriptors and sockets are (-y, -yy) */
#include "hold.h"	/* entries held until their exit */
#include "calls.h"	/* building and sending syscall records */
#include "counts.h"	/* call times and -c aggregates */
#include "rework.h"	/* exits deferred to a task work that faults pages in */
#include "signals.h"	/* signal records and group stops */
#include "stacks.h"	/* -k: user stacks of calls and signals */

char LICENSE[] SEC("license") = "GPL";

/* TRACEPOINT is the section of a program on a tracepoint. Those that
 * trace are tp_btf programs, whose arguments are typed pointers; loading
 * one needs its target's id in the kernel's BTF, which user space finds
 * by decoding all of it, the larger part of a start-up. Counting's are
 * raw_tp programs, which need no target: their pointer arguments are
 * plain numbers, so the programs below take the current task (which every
 * tracepoint here runs in) and its registers from helpers instead, and
 * read the one other task, a fork's child, with BPF_CORE_READ. */
#ifdef SCTRACE_COUNTING
#define TRACEPOINT(name) SEC("raw_tp/" #name)
#else
#define TRACEPOINT(name) SEC("tp_btf/" #name)
#endif

/* syscall_regs is a syscall tracepoint's registers, regs, as a pointer
 * the programs may read: tp_btf's own, or for raw_tp the current task's,
 * which are the same. */
static __always_inline struct pt_regs *syscall_regs(struct pt_regs *regs)
{
#ifdef SCTRACE_COUNTING
	return (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
#else
	return regs;
#endif
}

/* quiet_call reports whether the current task t's native call nr needs
 * nothing from its entry: the filter does not want it in any personality
 * and no task is due. -k never skips: any call may map code. A scope
 * takes such a task later, at its first event that is reported. Counting
 * (-c) has no -k. */
static __always_inline bool quiet_call(struct task_struct *t, long nr, const bool counting)
{
	if ((!counting && stack_size) || loud_nr(nr) || (t->thread_info.status & TS_COMPAT))
		return false;
	return no_task_due();
}

/* quiet_exit is quiet_call for a traced call's exit, number nr: its
 * entry was quiet too, or not traced. */
static __always_inline bool quiet_exit(long nr)
{
	return !stack_size && !loud_nr(nr) && no_task_due();
}

/* keep_call keeps in cs what the entry of task t's call leaves in its
 * registers regs (an ia32 call's with ia32): the arguments, as
 * syscall_get_arguments gives them, the stack and instruction pointers,
 * and its time (or, untimed, its ordinal). */
static __always_inline void keep_call(struct call_state *cs, struct task_struct *t, struct pt_regs *regs, bool ia32)
{
	if (ia32) {
		cs->args[0] = regs->bx;
		cs->args[1] = regs->cx;
		cs->args[2] = regs->dx;
		cs->args[3] = regs->si;
		cs->args[4] = regs->di;
		cs->args[5] = regs->bp;
	} else {
		cs->args[0] = regs->di;
		cs->args[1] = regs->si;
		cs->args[2] = regs->dx;
		cs->args[3] = regs->r10;
		cs->args[4] = regs->r8;
		cs->args[5] = regs->r9;
	}
	cs->sp = regs->sp;
	cs->ip = regs->ip;
	if (syscall_cpu_time) {
		cs->cpu_ns = cpu_time(t);
		cs->switches = switches(t);
	}
	cs->enter_ns = untimed ? cs->enter_ns + 1 : bpf_ktime_get_ns();
}

/* enter starts a traced task's call: it keeps the call's number,
 * arguments and time, and sends, holds or defers its entry record (when
 * counting, under -c, it keeps only the time). */
static __always_inline int enter(struct pt_regs *regs, long id, const bool counting)
{
	struct task_struct *task = bpf_get_current_task_btf();
	if (quiet_call(task, id, counting))
		return 0;
	/* A traced task's own storage says so, which spares the hash lookup
	 * at every call after its first. */
	struct call_state *cs = call_state_of(task, false);
	if (lone && !cs)
		return 0;
	if (!cs || !cs->traced) {
		/* Under scope_only a task without state is in the scope or
		 * not traced: one test of the scope settles it. */
		bool scope_tested = scope_only && !cs;
		if (scope_tested && !in_scope(task, true))
			return 0;
		int how = traced_call(task->pid, id);
		__u64 comm[2] = {};
		if (how == CALL_HIDDEN)
			return 0;
		if (how == CALL_UNTRACED) {
			/* Outside the traced map: a scope may take the task
			 * now, before its call's record. */
			if (!scope_on || (!scope_tested && !in_scope(task, true)) || !scope_task(task, comm, true))
				return 0;
		}
		cs = call_state_of(task, true);
		if (!cs)
			return 0;
		cs->traced = 1;
		cs->launching = how == CALL_LAUNCH;
		if (track_comm) {
			cs->comm[0] = comm[0];
			cs->comm[1] = comm[1];
		}
	}
	__u32 pers = call_pers(task, &id);
	bool wanted = filter_has(id, pers);
	if (pers != cs->pers) {
		/* strace's "[ Process PID=N runs in 32 bit mode. ]", due at any
		 * call (-c too); a reported one says so in its record. */
		set_pers(cs, pers);
		if (!wanted || counting) {
			name_task(task, cs);
			__u64 pt = pid_tgid_of(task);
			emit_task_ip(REC_PERS, (__u32)pt, pt >> 32, pers, 0, user_ip(task));
		}
	}
	/* The same personality, read back from the task's state, whose value
	 * the verifier does not know: what follows is checked once, not once
	 * for each personality call_pers returned. */
	pers = cs->pers;
	/* -k: a call that maps code, traced or not, makes its exit send the
	 * process's mappings again. */
	if (!counting && stack_size && pers == 0 && (id == map_nrs[0] || id == map_nrs[1]) && (regs->dx & PROT_EXEC_FLAG))
		cs->maps_stale = 1;
	if (!wanted) {
		boundary(task, cs, counting);
		return 0;
	}
	name_task(task, cs);
	cs->nr = id;
	cs->active = 1;
	clear_signals(cs);
	cs->stop_noted = 0;
	if (counting) {
		/* -c needs no arguments: only the call's number and times. */
		if (!wall_time) {
			cs->cpu_ns = cpu_time(task);
			cs->switches = switches(task);
		}
		cs->enter_ns = bpf_ktime_get_ns();
		return 0;
	}
	keep_call(cs, task, regs, pers == PERS_32);

	__u64 pid_tgid = pid_tgid_of(task);
	if (cs->held)
		send_held(cs, pid_tgid);
	if (pid_comms && pers == 0)
		pid_arg_comms(id, cs->args, pid_tgid);
	/* After the held entry, before this call's: user space gives the
	 * call the task's last stack sample. */
	emit_stack(regs, pid_tgid, 0);
	if (hold_quick(cs, id))
		return 0;

	struct cap_state state = {};
	struct cap_state *st = &state;
	call_cap_state(st, cs, 0, 0);
	cs->deferred = !emit_entry(st, cs, pid_tgid, EMIT_MAY_DEFER);
	if (cs->deferred && !faults_may_page_in(st)) {
		/* What faulted cannot be read at the exit either: the entry
		 * goes now, with its faults. */
		cs->deferred = 0;
		emit_entry(st, cs, pid_tgid, EMIT_FINAL);
	}
	return 0;
}

/* NR_FORK and NR_VFORK are x86_64's fork and vfork (NR_CLONE and
 * NR_CLONE3 below). */
#define NR_FORK 57
#define NR_VFORK 58
#define NR_CLONE 56
#define NR_CLONE3 435

/* skipped_entry takes the exit of a native call of the current task
 * that had no entry (a seccomp filter's SECCOMP_RET_ERRNO, TRAP or
 * USER_NOTIF skips the call and its sys_enter, but not its sys_exit) as
 * the whole call, when the filter wants it: cs, the traced task's state,
 * gets its number and arguments (the registers still hold them) and its
 * entry is run at the exit (deferred), as ptrace, which stops before
 * seccomp runs, shows the call. A new task's return from the fork or
 * clone that made it (ret 0) is no such exit. Global: the verifier checks
 * it once, and the exit's path after it as after any other entry. */
GLOBAL int skipped_entry(struct call_state *cs, long ret)
{
	struct task_struct *t = bpf_get_current_task_btf();
	struct pt_regs *regs = (struct pt_regs *)bpf_task_pt_regs(t);
	if (!cs || !regs || !cs->traced || cs->pers || (t->thread_info.status & TS_COMPAT))
		return 0;
	long nr = regs->orig_ax;
	/* -1 is no call: rt_sigreturn's exit, whose restored registers
	 * disable the restart checks with it. */
	if (nr < 0 || !filter_has(nr, 0) || (ret == 0 && (nr == NR_CLONE || nr == NR_CLONE3 || nr == NR_FORK || nr == NR_VFORK)))
		return 0;
	cs->nr = nr;
	keep_call(cs, t, regs, false);
	cs->held = 0;
	cs->deferred = 1;
	cs->active = 1;
	return 1;
}

/* leave ends the call: it sends the exit record (carrying the entry's
 * segments when the entry was held or deferred), or hands it to a task
 * work when a read faulted, or, when counting, counts the call. */
static __always_inline int leave(struct pt_regs *regs, long ret, const bool counting)
{
	/* Counting reads the registers only for a call -p found in progress
	 * (syscall_regs costs its raw_tp two helper calls); the exit of a
	 * quiet call finds no active call below. */
	if (!counting && quiet_exit(regs->orig_ax))
		return 0;
	struct task_struct *task = bpf_get_current_task_btf();
	struct call_state *cs = call_state_of(task, false);
	if (!cs)
		return 0;
	if (!counting && stack_size && cs->maps_stale) {
		cs->maps_stale = 0;
		if (ret >= 0)
			emit_maps(pid_tgid_of(task));
	}
	if (!cs->active && (counting || !skipped_entry(cs, ret))) {
		boundary(task, cs, counting);
		return 0;
	}
	clear_signals(cs);
	if (cs->attached) {
		/* The call -p found in progress: if the task finished it before
		 * its state was written, this is another call (the next entry
		 * rewrites the state, but not if it came first); drop it. */
		cs->attached = 0;
		struct pt_regs *r = syscall_regs(regs);
		if (r->orig_ax != (__u64)(__s64)cs->nr || r->di != cs->args[0] || r->si != cs->args[1] ||
		    r->dx != cs->args[2]) {
			cs->active = 0;
			return 0;
		}
	}
	/* A task dying of SIGKILL never makes a ptrace syscall-exit stop: its
	 * call ends without a result, reported when it exits. A fatal signal
	 * sent to it that the kernel turned into SIGKILL (ptrace would have
	 * stopped it for the signal after this exit) does not count. */
	bool killed = (task->pending.signal.sig[0] & (1ull << (SIGKILL - 1))) && !cs->fatal;
	if (killed) {
		if (counting || !cs->deferred)
			return 0;
		/* ptrace read the entry's arguments at the entry, faulting
		 * their pages in: a task work does, before SIGKILL is taken.
		 * (One call of schedule_rework in the program: the verifier
		 * checks the task work at each.) */
		killed_entry_rework(cs);
		goto rework;
	}
	cs->active = 0;
	__u64 now = untimed ? cs->enter_ns : bpf_ktime_get_ns();
	if (per_process)
		process_exit(cs, task, ret, now);
	if (counting) {
		count_call(cs, task, ret, now);
		/* The exec stub's execve failed: the stub is hidden again (its
		 * message and exit are its own), as user space hides it when
		 * the programs send records. */
		if (cs->launching && ret < 0)
			hide_stub(task, cs);
		return 0;
	}
	struct cap_state state = {};
	struct cap_state *st = &state;
	call_cap_state(st, cs, 1, ret);
	if (syscall_cpu_time) {
		st->cpu_ns = call_cpu_time(cs, task, now);
		st->has_cpu = 1;
	}
	__u32 entry = cs->held ? ENTRY_HELD : cs->deferred ? ENTRY_RERUN : ENTRY_NONE;
	__u64 pid_tgid = pid_tgid_of(task);
	if (pid_comms && cs->pers == 0) {
		pid_ret_comm(cs->nr, ret, pid_tgid);
		pid_siginfo_comm(cs->nr, cs->args, ret, pid_tgid);
	}
	/* -k shows an execve's stack at its end: the new program's, whose
	 * mappings it sends first. */
	if (stack_size && ret == 0 && cs->pers == 0 && is_exec_nr(cs->nr)) {
		cs->maps_sent = 0;
		emit_stack(regs, pid_tgid, REC_F_EXIT_STACK);
	}
	if (emit_exit(st, cs, now, pid_tgid, entry | (fault_in ? EMIT_MAY_DEFER : 0)))
		return 0;
	if (!faults_may_page_in(st)) {
		emit_exit(st, cs, now, pid_tgid, entry | EMIT_FINAL);
		return 0;
	}
	exit_rework(cs, st, entry, now);
rework:
	if (!schedule_rework(cs, task, (__u32)pid_tgid_of(task)) && !killed)
		emit_exit(st, cs, now, pid_tgid, entry);
	return 0;
}

/* The syscall tracepoints' registers: tracing reads them directly (the
 * entry's arguments); counting's entry reads none, and its exit reads
 * them through syscall_regs. */
TRACEPOINT(sys_enter)
int BPF_PROG(sys_enter, struct pt_regs *regs, long id)
{
	return enter(regs, id, COUNTING);
}

TRACEPOINT(sys_exit)
int BPF_PROG(sys_exit, struct pt_regs *regs, long ret)
{
	return leave(regs, ret, COUNTING);
}

/* CLONE_UNTRACED_FLAG is CLONE_UNTRACED. */
#define CLONE_UNTRACED_FLAG 0x00800000

/* untraced_clone reports whether the current task t creates a task with
 * CLONE_UNTRACED (a native clone's flags, or clone3's struct), which
 * ptrace does not follow and so -f does not either. */
static __always_inline bool untraced_clone(struct task_struct *t)
{
	if (t->thread_info.status & TS_COMPAT)
		return false;
	struct pt_regs *regs = (struct pt_regs *)bpf_task_pt_regs(t);
	if (!regs)
		return false;
	__u64 nr = regs->orig_ax, arg = regs->di, flags = arg;
	if (nr == NR_CLONE3 && bpf_probe_read_user(&flags, sizeof(flags), (void *)arg) != 0)
		return false;
	return (nr == NR_CLONE || nr == NR_CLONE3) && (flags & CLONE_UNTRACED_FLAG);
}

/* sched_process_fork traces the children of traced tasks (-f) and puts
 * the processes --tree's processes create in its tree. */
TRACEPOINT(sched_process_fork)
int BPF_PROG(sched_process_fork, struct task_struct *parent_arg, struct task_struct *child)
{
	/* The parent forks: it is the current task. */
	struct task_struct *parent = bpf_get_current_task_btf();
	__u32 ptid = (__u32)bpf_get_current_pid_tgid();
	__u32 tid = BPF_CORE_READ(child, pid);
	__u32 tgid = BPF_CORE_READ(child, tgid);
	if (scope_tree && tid == tgid) {
		__u32 ptgid = parent->tgid;
		if (bpf_map_lookup_elem(&tree, &ptgid)) {
			__u8 one = 1;
			bpf_map_update_elem(&tree, &tgid, &one, BPF_ANY);
		}
	}
	if (!follow_forks || !(is_traced(ptid) || scope_late(parent, true)) || untraced_clone(parent))
		return 0;
	enum traced_mark mark = TRACED;
	bpf_map_update_elem(&traced, &tid, &mark, BPF_ANY);
	emit_task(REC_NEWTASK, tid, tgid, ptid, 0);
	if (track_comm) {
		/* The child is named as its parent, whose name it has a copy
		 * of, until it changes its name: a signal may reach it before
		 * its first call says so. */
		__u64 none[2] = {}, w[2];
		comm_words(parent, w);
		if (w[0] || w[1])
			send_comm(tid, tgid, none, w[0], w[1]);
	}
	return 0;
}

/* sched_process_exit reports a traced task's exit, after the records it
 * still owes: an exit a task work was to send, an entry held or deferred. */
TRACEPOINT(sched_process_exit)
int BPF_PROG(sched_process_exit, struct task_struct *p_arg)
{
	/* The task exits: it is the current task. */
	struct task_struct *p = bpf_get_current_task_btf();
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid;
	if (scope_tree && p->pid == p->tgid)
		bpf_map_delete_elem(&tree, &tid);
	if (!is_traced(tid) && !scope_late(p, true))
		return 0;
	/* A leader that a traced non-leader thread's execve replaces: that
	 * thread takes over its id (REC_EXEC); ptrace reports no exit for it. */
	struct task_struct *execer = BPF_CORE_READ(p, signal, group_exec_task);
	if (execer && execer != p && p->pid == p->tgid && is_traced(BPF_CORE_READ(execer, pid)))
		return 0;
	struct call_state *cs = call_state_of(p, false);
	if (cs && !COUNTING)
		unrework(cs, pid_tgid);
	bpf_map_delete_elem(&reworks, &tid);
	if (cs && cs->active && cs->held && !COUNTING) {
		/* The task dies in a call whose entry was held. */
		send_held(cs, pid_tgid);
	} else if (cs && cs->active && cs->deferred && !COUNTING) {
		/* The task dies in a call whose entry was held back: send the
		 * entry without its captures (its memory is going; capturing
		 * here would also double the programs' verification time). */
		struct rec r = {};
		r.type = REC_ENTER;
		r.size = sizeof(r);
		r.tid = tid;
		r.pid = pid_tgid >> 32;
		r.nr = cs->nr;
		r.flags = cs->pers == PERS_32 ? REC_F_PERS32 : cs->pers == PERS_X32 ? REC_F_PERSX32 : 0;
		r.ts = cs->enter_ns;
		r.sp = cs->sp;
		r.ip = cs->ip;
		for (int i = 0; i < MAX_ARGS; i++)
			r.args[i] = cs->args[i];
		send(&r, sizeof(r), 0);
	}
	if (cs) {
		clear_signals(cs);
		set_pers(cs, 0);
	}
	name_task(p, cs);
	emit_task(REC_EXITTASK, tid, pid_tgid >> 32, p->exit_code, 0);
	bpf_map_delete_elem(&traced, &tid);
	return 0;
}

/* sched_process_exec reports a traced task's execve; a non-leader thread
 * that called it takes over the leader's id. Under detach_on_exec the
 * task is let go instead, but for the exec stub's execve: the call's exit
 * and all that follows are not seen (its other threads are gone already). */
TRACEPOINT(sched_process_exec)
int BPF_PROG(sched_process_exec, struct task_struct *p_arg, int old_pid, struct linux_binprm *bprm)
{
	/* The task execs: it is the current task. */
	struct task_struct *p = bpf_get_current_task_btf();
	__u32 old = old_pid;
	__u32 tid = p->pid;
	bool execer = is_traced(old);
	if (!execer && !is_traced(tid))
		return 0;
	struct call_state *cs = call_state_of(p, false);
	bool launching = cs && cs->launching;
	if (cs)
		cs->launching = 0;
	if (detach_on_exec && execer && !launching) {
		if (cs) {
			cs->traced = 0;
			cs->active = 0;
			cs->held = 0;
			cs->deferred = 0;
			clear_signals(cs);
			set_pers(cs, 0);
		}
		bpf_map_delete_elem(&traced, &old);
		bpf_map_delete_elem(&traced, &tid);
		emit_task_ip(REC_EXEC, tid, p->tgid, old, REC_F_DETACHED, user_ip(bpf_get_current_task_btf()));
		return 0;
	}
	if (old != tid) {
		enum traced_mark mark = TRACED;
		bpf_map_update_elem(&traced, &tid, &mark, BPF_ANY);
		bpf_map_delete_elem(&traced, &old);
	}
	/* The program's name, before the execve's exit is reported. */
	if (track_comm && cs)
		note_comm(p, cs->comm);
	emit_task_ip(REC_EXEC, tid, p->tgid, old, 0, user_ip(bpf_get_current_task_btf()));
	return 0;
}

#ifndef SCTRACE_COUNTING
/* Programs that -c never loads. */

/* An execve whose entry was held back is sent when the kernel has copied
 * its file name and arguments (so they are paged in) and before the old
 * image is gone: sched_prepare_exec is there for that. */
SEC("tp_btf/sched_prepare_exec")
int BPF_PROG(sched_prepare_exec, struct task_struct *task, struct linux_binprm *bprm)
{
	struct call_state *cs = call_state_of(bpf_get_current_task_btf(), false);
	if (!cs || !cs->active || !cs->deferred)
		return 0;
	cs->deferred = 0;
	struct cap_state state = {};
	call_cap_state(&state, cs, 0, 0);
	emit_entry(&state, cs, bpf_get_current_pid_tgid(), 0);
	return 0;
}

/* sched_switch runs when a task is switched out; it is attached only when
 * report_stops or hold_entries asks for it, since it runs at every context
 * switch.
 *
 * A traced task that stops in a group stop is reported (REC_STOP), as
 * strace reports "--- stopped by SIGSTOP ---": every thread of a stopping
 * process switches out in that state, not only the one that dequeued the
 * signal.
 *
 * A task switched out in a call whose entry is held sends it: it may block
 * for long (a reader watching the trace sees the call at once, as under
 * ptrace), and other tasks' records may come before its exit. */
SEC("tp_btf/sched_switch")
int BPF_PROG(sched_switch, bool preempt, struct task_struct *prev, struct task_struct *next,
	     unsigned int prev_state)
{
	if (hold_entries) {
		/* Not between an exit and its task work (rework.h): the task
		 * sends the exit, with the held entry, before anything else. */
		struct call_state *cs = call_state_of(prev, false);
		if (cs && cs->held && !cs->rework)
			send_held(cs, bpf_get_current_pid_tgid());
	}
	if (report_stops && !preempt && (prev_state & TASK_STATE_STOPPED) &&
	    (is_traced(prev->pid) || scope_late(prev, true))) {
		claim_attach_stop(prev->pid);
		struct call_state *cs = call_state_of(prev, false);
		if (cs && cs->stop_noted) {
			cs->stop_noted = 0; /* reported by signal_deliver */
		} else {
			name_task(prev, cs);
			emit_task_ip(REC_STOP, prev->pid, prev->tgid, BPF_CORE_READ(prev, jobctl) & JOBCTL_STOP_SIGMASK, 0, user_ip(prev));
		}
	}
	return 0;
}

/* attach_stop tells user space whether thread a->tid, just attached by -p
 * (in the traced map, and in attaching), sits in a group stop that nothing
 * else will report: one it entered before it was traced, which a ptrace
 * attach reports. sched_switch reports the stops entered since. Both claim
 * the thread's attaching entry, and the one that claims it first owns the
 * stop. A thread that is stopped but still on its CPU is switching out,
 * before or after sched_switch ran: that is not decided (busy), and user
 * space asks again. */
SEC("syscall")
int attach_stop(struct attach_stop_args *a)
{
	a->sig = 0;
	a->busy = 0;
	if (!bpf_task_from_pid || !bpf_task_release)
		return 0;
	struct task_struct *t = bpf_task_from_pid(a->tid);
	if (!t)
		return 0;
	bool stopped = t->__state & TASK_STATE_STOPPED;
	bool on_cpu = t->on_cpu;
	int sig = t->jobctl & JOBCTL_STOP_SIGMASK;
	bpf_task_release(t);
	if (stopped && on_cpu) {
		a->busy = 1;
		return 0;
	}
	if (claim_attach_stop(a->tid) && stopped)
		a->sig = sig;
	return 0;
}

/* SA_IMMUTABLE marks a signal the kernel forces with its default action
 * and does not report to ptrace (a seccomp filter's kill). */
#define SA_IMMUTABLE 0x00800000

/* signal_deliver reports a signal delivered to a traced task. SIGKILL is
 * never reported as a delivery: a ptraced task does not stop for it, and
 * the kernel turns other fatal signals into it (see signal_generate);
 * nor is a signal with SA_IMMUTABLE. */
SEC("tp_btf/signal_deliver")
int BPF_PROG(signal_deliver, int sig, struct kernel_siginfo *info, struct k_sigaction *ka)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	if (!signals_wanted || sig == SIGKILL || (ka->sa.sa_flags & SA_IMMUTABLE) ||
	    !(is_traced((__u32)pid_tgid) || scope_late(bpf_get_current_task_btf(), true)))
		return 0;
	if (track_comm)
		name_task(bpf_get_current_task_btf(), call_state_of(bpf_get_current_task_btf(), false));
	emit_stack((struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf()), pid_tgid, REC_F_SIGNAL_STACK);
	emit_signal((__u32)pid_tgid, pid_tgid >> 32, sig, (__u64)info, 0, bpf_ktime_get_ns(), user_ip(bpf_get_current_task_btf()));
	if (sig == SIGSTOP && report_stops) {
		/* SIGSTOP always stops its task, but a SIGCONT sent at once may
		 * resume it before it is ever switched out: report the stop
		 * here, as ptrace always does, not only from sched_switch. */
		emit_task_ip(REC_STOP, (__u32)pid_tgid, pid_tgid >> 32, SIGSTOP, 0, user_ip(bpf_get_current_task_btf()));
		/* Made if the task has none yet (its calls so far were all
		 * quiet): sched_switch must not report the stop again. */
		struct call_state *cs = call_state_of(bpf_get_current_task_btf(), true);
		if (cs)
			cs->stop_noted = 1;
	}
	return 0;
}

/* A ptraced task stops for every signal but SIGKILL, and strace shows it.
 * Untraced, the kernel discards an ignored signal when it is generated,
 * and turns a fatal one that dumps no core into SIGKILL for the whole
 * group: neither reaches signal_deliver as itself. Those are reported from
 * here, at the task's next syscall boundary (REC_F_DEFERRED). A fatal one
 * also marks the task (call_state.fatal): the call it is in still returns
 * (sys_exit), as under ptrace, where the signal stops it after the exit. */
SEC("tp_btf/signal_generate")
int BPF_PROG(signal_generate, int sig, struct kernel_siginfo *info, struct task_struct *task, int group, int result)
{
	if (sig == SIGKILL || sig < 1 || sig > 64)
		return 0;
	__u32 tid = task->pid;
	bool traced = is_traced(tid);
	if (!traced && !scope_on)
		return 0;
	bool fatal = false;
	if (result == TRACE_SIGNAL_DELIVERED) {
		/* As the kernel's complete_signal: a signal blocked, or one a
		 * sigtimedwait unblocked to take it, does not kill. */
		fatal = sig > 31 || ((FATAL_NOCORE >> (sig - 1)) & 1);
		__u64 blocked = BPF_CORE_READ(task, blocked.sig[0]) | BPF_CORE_READ(task, real_blocked.sig[0]);
		if (!fatal || ((blocked >> (sig - 1)) & 1) || !default_action(task, sig))
			return 0;
	} else if (result != TRACE_SIGNAL_IGNORED || (BPF_CORE_READ(task, signal, flags) & SIGNAL_GROUP_EXIT)) {
		/* Ignored by a dying group: dropped, not ignored. */
		return 0;
	}
	if (!fatal && !signals_wanted)
		return 0;
	if (!traced && !scope_late(task, task == bpf_get_current_task_btf()))
		return 0;
	struct call_state *cs = call_state_of(task, true);
	if (cs && fatal)
		cs->fatal = 1;
	if (!signals_wanted)
		return 0;
	name_task(task, cs);
	/* A signal a task sends itself finds its stack where it is; the
	 * stack of another task's memory cannot be read from here. */
	if (task == bpf_get_current_task_btf())
		emit_stack((struct pt_regs *)bpf_task_pt_regs(task), bpf_get_current_pid_tgid(), REC_F_SIGNAL_STACK);
	/* info may be a special pointer: read its value as a number. */
	__u64 info_addr = 0;
	bpf_probe_read_kernel(&info_addr, sizeof(info_addr), &ctx[1]);
	emit_signal(tid, task->tgid, sig, info_addr, REC_F_DEFERRED | (fatal ? REC_F_FATAL : 0), untimed ? (cs ? cs->enter_ns : 0) : bpf_ktime_get_ns(), user_ip(task));
	if (cs)
		set_signals(cs);
	return 0;
}
#endif

/* hist_bucket_test lets a test check hist_bucket against trace.HistBucket
 * with BPF_PROG_RUN. */
SEC("syscall")
int hist_bucket_test(struct hist_args *a)
{
	a->bucket = hist_bucket(a->ns);
	return 0;
}
