/* -k: the user registers and the top of the user stack of a traced
 * task at a call's entry or at a signal, sent as a REC_STACK record just
 * before the record it belongs to; user space unwinds them. */
#ifndef SCTRACE_STACKS_H
#define SCTRACE_STACKS_H

/* stack_size: the bytes of stack a sample copies at most; 0: none. */
#ifndef SCTRACE_LEAN
const volatile __u32 stack_size = 0;
#else
#define stack_size LEAN_OFF
#endif

/* map_nrs: the calls that map code when their third argument has
 * PROT_EXEC (syscalls.MapsCode: mmap, mprotect). */
const volatile __s32 map_nrs[2] = {-1, -1};
#define PROT_EXEC_FLAG 0x4

/* STACK_MAX (trace.MaxStackSize) bounds stack_size. */
#define STACK_PAGE 4096

/* stack_loop is the state of read_stack_page's loop. */
struct stack_loop {
	struct scratch *sc;
	__u64 addr;
	__u32 len; /* bytes wanted */
	__u32 got; /* bytes read */
};

/* read_stack_page reads the stack up to the end of the next page, and
 * ends the loop at the first page that cannot be read. */
static long read_stack_page(__u64 i, struct stack_loop *l)
{
	if (l->got >= l->len)
		return 1;
	__u64 a = l->addr + l->got;
	__u64 n = STACK_PAGE - (a & (STACK_PAGE - 1));
	if (n > l->len - l->got)
		n = l->len - l->got;
	CLAMP(n, STACK_PAGE);
	__u32 off = (sizeof(struct stack_rec) + l->got) & (REC_LIMIT - 1);
	if (n == 0 || bpf_probe_read_user(l->sc->buf + off, n, (void *)a) != 0)
		return 1;
	l->got += n;
	return 0;
}

/* MAPS_MAX bounds the mappings a REC_MAPS record holds. */
#define MAPS_MAX 64
#define VM_EXEC_FLAG 0x4
/* The path of a mapping is built in the PATH_BUF bytes of the scratch
 * buffer at PATH_AT, past the record's mappings. */
#define PATH_AT (REC_LIMIT - 2 * PATH_BUF)

/* emit_maps sends the executable file mappings of the current task's
 * process, with their paths, for -k's unwinding after the fact. A global
 * function: the verifier checks it once per program, not at each call. */
GLOBAL int emit_maps(__u64 pid_tgid)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct scratch *sc = scratch_buf();
	if (!sc)
		return 0;
	struct rec *r = (void *)sc->buf;
	__builtin_memset(r, 0, sizeof(*r));
	r->type = REC_MAPS;
	r->tid = (__u32)pid_tgid;
	r->pid = pid_tgid >> 32;
	/* The count of mappings is kept in the record (ret), where the
	 * verifier does not know its value: a state at the loop's head
	 * then matches the one before, and the body is checked a few times
	 * rather than once for each count up to MAPS_MAX. */
	r->ret = 0;
	struct bpf_iter_task_vma it;
	struct vm_area_struct *vma;
	bpf_iter_task_vma_new(&it, task, 0);
	while ((vma = bpf_iter_task_vma_next(&it))) {
		__u32 n = r->ret;
		if (n >= MAPS_MAX)
			break;
		struct file *f = vma->vm_file;
		if (!(vma->vm_flags & VM_EXEC_FLAG) || !f)
			continue;
		struct map_ent *e = (void *)sc->buf + ((sizeof(struct rec) + n * sizeof(struct map_ent)) & (REC_LIMIT - 1));
		e->start = vma->vm_start;
		e->end = vma->vm_end;
		e->offset = vma->vm_pgoff << 12;
		e->ino = BPF_CORE_READ(f, f_inode, i_ino);
		long pos = walk_path(sc, PATH_AT, BPF_CORE_READ(f, f_path.dentry), BPF_CORE_READ(f, f_path.mnt), path_step_read);
		__u64 len = PATH_BUF - pos;
		if (pos < 0 || len == 0 || len > MAP_PATH_MAX) {
			e->path_len = 0;
		} else {
			CLAMP(len, MAP_PATH_MAX);
			bpf_probe_read_kernel(e->path, len, sc->buf + ((PATH_AT + pos) & (REC_LIMIT - 1)));
			e->path_len = len;
		}
		r->ret = n + 1;
	}
	bpf_iter_task_vma_destroy(&it);
	__u64 size = sizeof(struct rec) + (__u64)r->ret * sizeof(struct map_ent);
	CLAMP(size, sizeof(struct rec) + MAPS_MAX * sizeof(struct map_ent));
	r->size = size;
	send(sc->buf, size, 0);
	return 0;
}

/* send_stack copies the stack from sp up after the stack record's header
 * the scratch buffer holds, and sends the record. A global function: the
 * verifier checks it once per program. */
GLOBAL int send_stack(__u64 sp)
{
	struct scratch *sc = scratch_buf();
	if (!sc)
		return 0;
	struct stack_rec *s = (void *)sc->buf;
	struct stack_loop l = {};
	l.sc = sc;
	l.addr = sp;
	l.len = stack_size < STACK_MAX ? stack_size : STACK_MAX;
	loop(STACK_MAX / STACK_PAGE + 1, read_stack_page, &l);
	__u64 size = sizeof(struct stack_rec) + l.got;
	CLAMP(size, sizeof(struct stack_rec) + STACK_MAX);
	s->r.size = size;
	send(sc->buf, size, 0);
	return 0;
}

/* emit_stack sends the stack sample of registers regs (a task's saved
 * user registers) of the current task; flags say what it belongs to.
 * The task's first call's sample since its last execve sends its
 * process's mappings first. */
static __always_inline void emit_stack(struct pt_regs *regs, __u64 pid_tgid, enum rec_flag flags)
{
	if (!stack_size || !regs)
		return;
	/* Not from the signal programs, which then need not carry
	 * emit_maps: a task's calls come before its signals. */
	struct call_state *cs = call_state_of(bpf_get_current_task_btf(), false);
	if (!(flags & REC_F_SIGNAL_STACK) && cs && !cs->maps_sent) {
		cs->maps_sent = 1;
		emit_maps(pid_tgid);
	}
	struct scratch *sc = scratch_buf();
	if (!sc)
		return;
	struct stack_rec *s = (void *)sc->buf;
	__builtin_memset(&s->r, 0, sizeof(s->r));
	s->r.type = REC_STACK;
	s->r.tid = (__u32)pid_tgid;
	s->r.pid = pid_tgid >> 32;
	s->r.flags = flags;
	s->r.sp = regs->sp;
	s->r.ip = regs->ip;
	s->regs[0] = regs->ax;
	s->regs[1] = regs->dx;
	s->regs[2] = regs->cx;
	s->regs[3] = regs->bx;
	s->regs[4] = regs->si;
	s->regs[5] = regs->di;
	s->regs[6] = regs->bp;
	s->regs[7] = regs->sp;
	s->regs[8] = regs->r8;
	s->regs[9] = regs->r9;
	s->regs[10] = regs->r10;
	s->regs[11] = regs->r11;
	s->regs[12] = regs->r12;
	s->regs[13] = regs->r13;
	s->regs[14] = regs->r14;
	s->regs[15] = regs->r15;
	s->regs[16] = regs->ip;
	send_stack(regs->sp);
}

#endif
