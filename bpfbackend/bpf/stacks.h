/* -k: the user registers and the top of the user stack of a traced
 * task at a call's entry or at a signal, sent as a REC_STACK record just
 * before the record it belongs to; user space unwinds them. */
#ifndef SCTRACE_STACKS_H
#define SCTRACE_STACKS_H

/* stack_size: the bytes of stack a sample copies at most; 0: none. */
const volatile __u32 stack_size = 0;

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

/* emit_stack sends the stack sample of registers regs (a task's saved
 * user registers) of the current task; flags say what it belongs to. */
static __always_inline void emit_stack(struct pt_regs *regs, __u64 pid_tgid, enum rec_flag flags)
{
	if (!stack_size || !regs)
		return;
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
	struct stack_loop l = {};
	l.sc = sc;
	l.addr = regs->sp;
	l.len = stack_size < STACK_MAX ? stack_size : STACK_MAX;
	bpf_loop(STACK_MAX / STACK_PAGE + 1, read_stack_page, &l, 0);
	__u64 size = sizeof(struct stack_rec) + l.got;
	CLAMP(size, sizeof(struct stack_rec) + STACK_MAX);
	s->r.size = size;
	send(sc->buf, size, 0);
}

#endif
