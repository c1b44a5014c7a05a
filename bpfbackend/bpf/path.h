/* Paths: the name of a file (a dentry on a mount) from the root, as
 * d_path and /proc/PID/fd show it, built backwards in a scratch buffer
 * one name at a time (-k's mappings, -y's descriptors). */
#ifndef SCTRACE_PATH_H
#define SCTRACE_PATH_H

/* PATH_DEPTH bounds the names (and mounts crossed) of a path; PATH_BUF
 * the bytes it is built in. */
#define PATH_DEPTH 32
#define PATH_BUF 512

/* path_walk is the state of path_step's loop. */
struct path_walk {
	struct scratch *sc;
	struct dentry *d;
	struct vfsmount *mnt;
	__u32 base; /* the path is built in sc's PATH_BUF bytes at base */
	__u32 pos;  /* where the path built so far starts, in those bytes */
	__u32 ok;   /* the root was reached */
	__u32 pad;
};

extern void *bpf_rdonly_cast(const void *obj, __u32 btf_id) __ksym __weak;

/* KCAST makes kernel pointer p, held as a number, a pointer to the
 * kernel's T, whose fields the program then loads directly rather than
 * through a helper call each (bpf_probe_read_kernel). */
#define KCAST(p, T) ((T *)bpf_rdonly_cast((void *)(p), bpf_core_type_id_kernel(T)))

/* DEFINE_PATH_STEP defines fn, a bpf_loop callback that puts one more
 * name of the path in front of the others, or goes up from a mount's root
 * to where the mount is mounted. LOAD(p, T, f) loads field f of the
 * kernel's T at p: path_step_direct loads it directly (KCAST), which costs
 * -y's every call less; path_step_read through bpf_probe_read_kernel,
 * which the verifier checks much faster inside -k's loop over a process's
 * mappings (emit_maps), where the walk runs rarely. */
#define LOAD_DIRECT(p, T, f) (KCAST(p, T)->f)
#define LOAD_READ(p, T, f) BPF_CORE_READ((T *)(p), f)
#define DEFINE_PATH_STEP(fn, LOAD)                                                                   \
	static long fn(__u64 i, struct path_walk *w)                                                   \
	{                                                                                              \
		/* Locals, not w's fields: CO-RE would relocate an access                              \
		 * through struct path_walk, which the kernel does not have. */                        \
		struct dentry *d = w->d;                                                               \
		struct vfsmount *mnt = w->mnt;                                                         \
		struct dentry *parent = LOAD(d, struct dentry, d_parent);                              \
		struct dentry *root = LOAD(mnt, struct vfsmount, mnt_root);                            \
		if ((__u64)d == (__u64)root || (__u64)d == (__u64)parent) {                            \
			__u64 maddr = (__u64)mnt - bpf_core_field_offset(struct mount, mnt);           \
			__u64 up = (__u64)LOAD(maddr, struct mount, mnt_parent);                       \
			if ((__u64)d != (__u64)root || up == maddr) {                                  \
				w->ok = 1;                                                             \
				return 1;                                                              \
			}                                                                              \
			w->d = LOAD(maddr, struct mount, mnt_mountpoint);                              \
			w->mnt = (void *)(up + bpf_core_field_offset(struct mount, mnt));              \
			return 0;                                                                      \
		}                                                                                      \
		__u32 len = LOAD(d, struct dentry, d_name.hash_len) >> 32;                             \
		if (len == 0 || len + 1 > w->pos)                                                      \
			return 1;                                                                      \
		w->pos -= len + 1;                                                                     \
		__u32 at = (w->base + w->pos) & (REC_LIMIT - 1);                                       \
		__u64 n = len;                                                                         \
		CLAMP(n, PATH_BUF);                                                                    \
		w->sc->buf[at] = '/';                                                                  \
		if (bpf_probe_read_kernel(w->sc->buf + ((at + 1) & (REC_LIMIT - 1)), n,                \
					  LOAD(d, struct dentry, d_name.name)) != 0)                   \
			return 1;                                                                      \
		w->d = parent;                                                                         \
		return 0;                                                                              \
	}

DEFINE_PATH_STEP(path_step_direct, LOAD_DIRECT)
DEFINE_PATH_STEP(path_step_read, LOAD_READ)

/* walk_path builds, with the loop callback step (path_step_direct or
 * path_step_read), the path of dentry d on mount mnt in sc's PATH_BUF
 * bytes at base (below REC_LIMIT), and returns where in them it starts
 * (PATH_BUF: the root itself), or -1 when it is longer or deeper than
 * they allow. */
static __always_inline long walk_path(struct scratch *sc, __u32 base, struct dentry *d, struct vfsmount *mnt, void *step)
{
	struct path_walk w = {};
	w.sc = sc;
	w.d = d;
	w.mnt = mnt;
	w.base = base;
	w.pos = PATH_BUF;
	bpf_loop(PATH_DEPTH, step, &w, 0);
	return w.ok ? (long)w.pos : -1;
}

#endif
