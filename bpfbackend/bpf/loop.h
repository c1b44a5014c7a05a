/* Bounded loops: which bpf_loop calls the verifier inlines. */
#ifndef SCTRACE_LOOP_H
#define SCTRACE_LOOP_H

/* loop_flags is bpf_loop's flags, zero, kept in .bss where the verifier
 * does not know its value, so that it does not inline the loops that go
 * through loop(). The verifier inlines each bpf_loop whose flags it knows
 * are zero: one patch of the whole program per call site, made before
 * the dead code is removed, at a cost in proportion to the program's
 * length (on a virtual machine, 13 of them took 15 of sys_exit's 48 ms of
 * load). A loop left to the helper costs an indirect call per iteration
 * (about 27 ns here): the loops that may run at every call of a kind
 * (iovecs, mmsghdrs, a path's components under -y) call bpf_loop with
 * flags 0 and are inlined; the others (string arrays, dumps, long
 * strings, stacks, control messages, descriptor sets, faulting pages) go
 * through loop(). */
__u64 loop_flags;

/* loop runs fn(i, ctx) for i from 0 until n or until fn returns 1. */
static __always_inline long loop(__u32 n, void *fn, void *ctx)
{
	return bpf_loop(n, fn, ctx, loop_flags);
}

#endif
