/* Held entries: a lone traced thread's entry record waits in its task
 * storage and travels with the exit as one record, unless something could
 * come between them; and a deferred entry keeps the sockets it was called
 * with (-yy). */
#ifndef SCTRACE_HOLD_H
#define SCTRACE_HOLD_H

/* hold_entries: a call's entry record may be held in the task's storage
 * and sent with its exit, as one record (see HELD_MAX). Only for a lone
 * traced thread (no -f, no -p), whose records nothing else interleaves. */
const volatile __u32 hold_entries = 0;

/* hold keeps the entry record built in sc in the task's storage instead
 * of sending it, when hold_entries allows, its segments fit and none is
 * a fault (a held entry is REC_F_SETTLED). */
static __always_inline bool hold(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 len = st->off - sizeof(struct rec);
	if (!hold_entries || st->faulted || st->unsettled || len > HELD_MAX || is_exec_nr(st->nr))
		return false;
	__builtin_memcpy(cs->held_buf, sc->buf + sizeof(struct rec), HELD_MAX);
	cs->held_len = len;
	cs->held_nseg = st->nseg;
	cs->held = 1;
	return true;
}

/* unhold puts a held entry's segments back after the header in sc. */
static __always_inline void unhold(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 len = cs->held_len;
	if (len)
		__builtin_memcpy(sc->buf + sizeof(struct rec), cs->held_buf, HELD_MAX);
	if (len > HELD_MAX)
		len = HELD_MAX;
	st->off = sizeof(struct rec) + len;
	st->nseg = cs->held_nseg;
	cs->held = 0;
}

/* hold_quick holds the entry of call nr when no plan captures anything at
 * its entry (a read, say): there is no record to build, only the empty
 * entry to keep, as hold would after building it. */
static __always_inline bool hold_quick(struct call_state *cs, __u32 nr)
{
	if (!hold_entries || is_exec_nr(nr))
		return false;
	__u32 key = plan_key(nr, cs->pers);
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &key);
	if (sp && (sp->entry_args || sp->nl_args || (sock_states && sp->fd_args) || (fd_names && sp->fd_args && !sp->fd_late)))
		return false;
	cs->held_len = 0;
	cs->held_nseg = 0;
	cs->held = 1;
	cs->deferred = 0;
	return true;
}

/* hold_socks keeps in cs the SEG_SOCK segments of an entry being
 * deferred, appended to sc after its plans' (none when they do not fit:
 * the exit then describes the sockets as it finds them). */
static __always_inline void hold_socks(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 start = st->off, nseg = st->nseg;
	sock_args(st, false);
	__u32 len = st->off - start;
	cs->socks_len = 0;
	if (len == 0 || len > SOCKS_HELD_MAX)
		return;
	__builtin_memcpy(cs->socks_buf, sc->buf + (start & (REC_LIMIT - 1)), SOCKS_HELD_MAX);
	cs->socks_len = len;
	cs->socks_nseg = st->nseg - nseg;
}

/* unhold_socks appends a deferred entry's SEG_SOCK segments, kept by
 * hold_socks, after its plans' segments run again at the exit. */
static __always_inline void unhold_socks(struct cap_state *st, struct call_state *cs, struct scratch *sc)
{
	__u32 len = cs->socks_len;
	cs->socks_len = 0;
	if (len == 0 || len > SOCKS_HELD_MAX) {
		sock_args(st, false);
		return;
	}
	if (st->off + SOCKS_HELD_MAX >= REC_LIMIT)
		return;
	__builtin_memcpy(sc->buf + (st->off & (REC_LIMIT - 1)), cs->socks_buf, SOCKS_HELD_MAX);
	st->off += len;
	st->nseg += cs->socks_nseg;
}

/* name_late_args appends, under fd_names for a call whose entry may be
 * held (syscall_plans.fd_late), a SEG_FD segment for each descriptor
 * argument (and each one its structures hold), as the held entry is sent or, when it could not be held,
 * right after its other segments. */
static __always_inline void name_late_args(struct cap_state *st)
{
	if (!fd_names || !hold_entries)
		return;
	__u32 key = st->pkey;
	struct syscall_plans *sp = bpf_map_lookup_elem(&plans, &key);
	if (!sp || !sp->fd_late)
		return;
	__u8 mask = sp->fd_args;
	for (int i = 0; i < MAX_ARGS; i++)
		if (mask & (1 << i))
			seg_fd(st, st->args[i], FD_NAME | FD_CLOSED);
	if (sp->cmsg_fds == CMSG_FDS_ENTRY)
		name_cmsg_fds(st, st->args[1], FD_NAME | FD_CLOSED);
	if (sp->fd_structs)
		name_struct_fds(st, sp->fd_structs, FD_NAME | FD_CLOSED);
}

#endif
