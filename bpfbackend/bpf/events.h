/* The records the programs send to user space, and the capture plans user
 * space loads into the programs. bpf2go turns these structs into Go types
 * (see gen.go), so both sides share one layout. The Go constants the
 * programs need (limits, plan values) are generated into zz_goconsts.h. */
#ifndef SCTRACE_EVENTS_H
#define SCTRACE_EVENTS_H

#include "zz_goconsts.h"

/* A record is built in a per-CPU scratch buffer: its header, then the
 * segments the capture plans read, each a seg header and its data padded
 * to 8 bytes. REC_LIMIT bounds a record, SEG_MAX one segment's data. */
#define REC_LIMIT (1 << 18)
#define SEG_MAX (1 << 16)

enum rec_type {
	REC_ENTER = 1,	/* syscall entry: nr, args, sp, ts; entry captures */
	REC_EXIT = 2,	/* syscall exit: nr, ret, ts; exit captures */
	REC_SIGNAL = 3, /* signal delivery: ret = signo; data = kernel siginfo */
	REC_NEWTASK = 4, /* task created: tid/pid of the child, ret = parent tid */
	REC_EXITTASK = 5, /* task exited: ret = its exit_code (wait status) */
	REC_EXEC = 6,	/* execve succeeded: ret = the tid that called it */
	REC_BOUNDARY = 7, /* an unreported call's entry or exit: deferred signals are due */
	REC_STOP = 8,	/* the task entered a group stop: ret = the stop signal */
};

/* rec flags */
#define REC_F_DEFERRED 1 /* REC_SIGNAL: an ignored signal, reported at the task's next syscall boundary */
/* REC_EXIT: the record carries the entry too. An entry capture that found
 * memory not yet paged in (BPF programs here cannot take page faults) is
 * taken again at exit, by when the kernel itself has read that memory. */
#define REC_F_WITH_ENTRY 2
/* REC_EXIT: cpu_ns holds the call's CPU time (Options.SyscallCPUTime). */
#define REC_F_CPU 4

struct rec {
	__u32 type;
	__u32 size; /* bytes, segments included */
	__u32 tid;
	__u32 pid;
	__s32 nr;
	__u32 nseg;
	__u64 ts; /* CLOCK_MONOTONIC ns */
	__s64 ret;
	__u64 sp;
	__u32 flags;
	__u32 nseg_entry; /* REC_F_WITH_ENTRY: the first nseg_entry segments are the entry's */
	__u64 enter_ts;	  /* REC_F_WITH_ENTRY: the entry's time */
	__u64 cpu_ns;	  /* REC_F_CPU: the call's CPU time */
	__u64 args[MAX_ARGS];
};

enum seg_kind {
	SEG_READ = 1, /* capture.Memory.Read */
	SEG_STR = 2,  /* capture.Memory.ReadCString */
	SEG_PTRS = 3, /* capture.Memory.ReadPointers: data = pointers kept, aux = count */
	SEG_FD = 4,   /* a descriptor the call created (fd_names): addr = fd, data = struct fd_name */
	SEG_SOCK = 5, /* a socket the call used or made (sock_states): addr = fd, data = struct sock_state */
};

#define SEG_F_FAULT 1
#define SEG_F_TRUNC 2

struct seg {
	__u64 addr;
	__u64 aux;
	__u32 len; /* bytes of data that follow */
	__u16 kind;
	__u16 flags;
};

/* plan mirrors syscalls.Plan; kind, when and len_from take the values of
 * zz_goconsts.h. */
struct plan {
	__u8 kind;
	__u8 when;
	__u8 len_from;
	__u8 len_arg;
	__u32 elem_size;
	__u32 size;
	__u8 count_only;
	__u8 from_stack;
	__u16 pad;
	__s32 stack_offset;
};

/* syscall_plans is one syscall's plans; when says which stops have any,
 * entry_args and exit_args which arguments (bit i: argument i) have a plan
 * due at that stop. */
struct syscall_plans {
	struct plan arg[MAX_ARGS];
	__u8 when;
	__u8 dump; /* syscalls.DumpKind */
	__u8 entry_args;
	__u8 exit_args;
	__u8 new_fds; /* NEW_FDS_*: where the descriptors the call creates are */
	__u8 fd_args; /* bit i: argument i is a descriptor */
	__u8 pad[2];
};

/* syscall_plans.new_fds: none, the result, or (NEW_FDS_PAIR + i) the two
 * ints argument i points to (pipe2, socketpair). */
enum { NEW_FDS_NONE = 0, NEW_FDS_RET = 1, NEW_FDS_PAIR = 2 };

/* FD_NAME_MAX bounds the dentry name fd_name keeps. */
#define FD_NAME_MAX 32

/* fd_name is what a descriptor a call created refers to, read from the
 * task's descriptor table at the call's exit: the file system's magic
 * number, the inode and the dentry's name tell a pipe ("pipe:[INODE]"), a
 * socket, an anonymous inode ("anon_inode:[eventfd]") as /proc would. */
/* SUN_PATH_MAX is the size of sockaddr_un's sun_path. */
#define SUN_PATH_MAX 108

/* sock_state is a socket as sock_diag would describe it at the call's
 * exit: listed says it would find it at all (an INET socket that is
 * bound, listening or connected; a netlink socket with a port id). */
struct sock_state {
	__u64 ino;
	__u64 peer_ino;	/* AF_UNIX: the peer's inode, 0 for none */
	__s32 fd;
	__u16 family;
	__u16 protocol; /* sk_protocol (AF_NETLINK: NETLINK_*) */
	__u16 sport;	/* host order */
	__u16 dport;	/* host order */
	__u32 portid;	/* AF_NETLINK */
	__u8 listed;
	__u8 pad[3];
	__u32 path_len; /* AF_UNIX: bytes of the bound address's sun_path (0: unbound) */
	__u8 saddr[16]; /* AF_INET: the first 4 bytes */
	__u8 daddr[16];
	char path[SUN_PATH_MAX];
	char proto[FD_NAME_MAX]; /* the socket's dentry name: its protocol */
};

struct fd_name {
	__u64 ino;
	__u64 magic;
	__s32 fd;
	__u32 cloexec;
	char name[FD_NAME_MAX];
};

/* Values of syscalls.DumpKind. */
enum { DUMP_NONE = 0, DUMP_READ = 1, DUMP_WRITE = 2 };

/* syscall_stats mirrors trace.SyscallStats, per CPU. */
struct syscall_stats {
	__u64 calls;
	__u64 errors;
	__u64 total_ns;
	__u64 min_ns;
	__u64 max_ns;
	__u64 hist[HIST_BUCKETS];
};

/* hist_args is the context of the hist_bucket_test program. */
struct hist_args {
	__u64 ns;
	__u32 bucket;
	__u32 pad;
};

/* Keep the types user space needs, and no map holds, in the object's BTF. */
const struct rec *unused_rec __attribute__((unused));
const struct seg *unused_seg __attribute__((unused));
const struct fd_name *unused_fd_name __attribute__((unused));
const struct sock_state *unused_sock_state __attribute__((unused));

#endif
