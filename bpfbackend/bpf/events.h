/* The wire format between the programs and user space: the records the
 * programs send, their segments and flags, and the values of the maps user
 * space fills. bpf2go turns each enum and struct here into a Go type of
 * the same layout and each enumerator into a Go constant (gen.go: -type),
 * so the Go side copies nothing; TestWireTypes checks the object's BTF
 * against them. The Go constants the programs need come the other way,
 * generated into zz_goconsts.h. */
#ifndef SCTRACE_EVENTS_H
#define SCTRACE_EVENTS_H

#include "zz_goconsts.h"

/* A record is built in a per-CPU scratch buffer: its header, then the
 * segments the capture plans read, each a seg header and its data padded
 * to 8 bytes. REC_LIMIT bounds a record, SEG_MAX one segment's data. */
#define REC_LIMIT (1 << 19)
#define SEG_MAX (1 << 16)

/* rec.type */
enum rec_type : __u32 {
	REC_ENTER = 1,	  /* syscall entry: nr, args, sp, ts; entry captures */
	REC_EXIT = 2,	  /* syscall exit: nr, ret, ts; exit captures */
	REC_SIGNAL = 3,	  /* signal delivery: ret = signo; data = kernel siginfo */
	REC_NEWTASK = 4,  /* task created: tid/pid of the child, ret = parent tid */
	REC_EXITTASK = 5, /* task exited: ret = its exit_code (wait status) */
	REC_EXEC = 6,	  /* execve succeeded: ret = the tid that called it */
	REC_BOUNDARY = 7, /* an unreported call's entry or exit: deferred signals are due */
	REC_STOP = 8,	  /* the task entered a group stop: ret = the stop signal */
	REC_DATA = 9,	  /* a piece of a large read of the task's next record: see SEG_F_CHUNKED */
	REC_PERS = 10,	  /* an unreported call's entry in another personality than the task's last call: ret = the personality (trace.Personality), ip */
	REC_STACK = 11,	  /* -k: the user stack of the task's next call or signal: see stack_rec */
	REC_MAPS = 12,	  /* -k: the executable file mappings of the task's process: ret = how many map_ent follow */
	REC_SCOPED = 13,  /* a task a scope (scope.h) traces from this call on: ret = cgroup id, sp = PID namespace inode, args[0..1] = comm, args[2] = uid */
	REC_COMM = 14,	  /* a traced task's command name, at its first call and when it changed: args[0..1] = comm */
	REC_PIDCOMM = 15, /* the command name of a process a call names (-Y), before the call's record: ret = the id, args[0..1] = comm */
};

/* rec.flags, bits. */
enum rec_flag : __u32 {
	/* REC_SIGNAL: an ignored signal, reported at the task's next
	 * syscall boundary. */
	REC_F_DEFERRED = 1,
	/* REC_EXIT: the record carries the entry too. An entry capture that
	 * found memory not yet paged in (BPF programs here cannot take page
	 * faults) is taken again at exit, by when the kernel itself has read
	 * that memory. */
	REC_F_WITH_ENTRY = 2,
	/* REC_EXIT: cpu_ns holds the call's CPU time (Options.SyscallCPUTime). */
	REC_F_CPU = 4,
	/* REC_ENTER, REC_EXIT: the record was full before the capture plans'
	 * reads were all recorded; the reads after its last segment are
	 * missing (see seg_begin). */
	REC_F_CUT = 8,
	/* REC_EXEC: the task is traced no more (detach_on_exec). */
	REC_F_DETACHED = 16,
	/* REC_ENTER, REC_EXIT: the call is an i386 one (int $0x80; nr is in
	 * i386's table), or an x32 one (nr without __X32_SYSCALL_BIT). */
	REC_F_PERS32 = 32,
	REC_F_PERSX32 = 64,
	/* REC_STACK: the stack of the task's next signal record, not of its
	 * next call. */
	REC_F_SIGNAL_STACK = 128,
	/* REC_STACK: the stack at the end of the task's next exit record's
	 * call (a successful execve: the new program's). */
	REC_F_EXIT_STACK = 256,
	/* REC_SIGNAL with REC_F_DEFERRED: a signal that takes its default,
	 * fatal action, reported when generated because the kernel may kill
	 * the task without delivering it; if it is delivered after all (the
	 * task was stopped, say), that delivery is the one to report. */
	REC_F_FATAL = 512,
	/* REC_ENTER, REC_EXIT: every faulted segment is a fault ptrace
	 * would have met at that point of the call: user space must not
	 * read it again from the live task, whose memory may have changed
	 * since. A record without it may have faults the programs could not
	 * judge (a read that faulted, then one of its page's rest that did
	 * not; pages a task work could not fault in; a ring without room). */
	REC_F_SETTLED = 1024,
	/* REC_EXIT with REC_F_WITH_ENTRY: the task dies of SIGKILL in the
	 * call, which has no result: only the entry counts (a task work
	 * captured it, as ptrace would have at the entry). */
	REC_F_KILLED = 2048,
};

/* rec is the header of every record. */
struct rec {
	enum rec_type type;
	__u32 size; /* bytes, segments included */
	__u32 tid;
	__u32 pid;
	__s32 nr;
	__u32 nseg;
	__u64 ts; /* CLOCK_MONOTONIC ns */
	__s64 ret;
	__u64 sp;
	__u64 ip; /* the instruction pointer: after the syscall instruction (calls), where the task is (signals, stops, exec) */
	enum rec_flag flags;
	__u32 nseg_entry; /* REC_F_WITH_ENTRY: the first nseg_entry segments are the entry's */
	__u64 enter_ts;	  /* REC_F_WITH_ENTRY: the entry's time */
	__u64 cpu_ns;	  /* REC_F_CPU: the call's CPU time */
	__u64 args[MAX_ARGS];
};

/* SIGINFO_SIZE is sizeof(struct kernel_siginfo). */
#define SIGINFO_SIZE 48

/* sig_rec is a REC_SIGNAL record: the header and the kernel's siginfo. */
struct sig_rec {
	struct rec r;
	__u8 info[SIGINFO_SIZE];
};

/* stack_rec is a REC_STACK record: the header (sp, ip: the registers of
 * the same names), the user registers in DWARF x86-64 order (rax, rdx,
 * rcx, rbx, rsi, rdi, rbp, rsp, r8-r15, rip), then the stack from sp up
 * (size - sizeof(struct stack_rec) bytes, as many as could be read up to
 * stack_size). */
struct stack_rec {
	struct rec r;
	__u64 regs[STACK_REGS];
};

/* MAP_PATH_MAX bounds the path of a map_ent. */
#define MAP_PATH_MAX 256

/* map_ent is one executable mapping of a file in a REC_MAPS record: its
 * addresses, the file offset of its start, the file's inode and path
 * (path_len bytes, without a NUL). */
struct map_ent {
	__u64 start;
	__u64 end;
	__u64 offset;
	__u64 ino;
	__u32 path_len;
	__u32 pad;
	char path[MAP_PATH_MAX];
};

/* seg.kind: which read of capture.Memory made the segment, or what else
 * the call's record carries. */
enum seg_kind : __u16 {
	SEG_READ = 1, /* capture.Memory.Read */
	SEG_STR = 2,  /* capture.Memory.ReadCString */
	SEG_PTRS = 3, /* capture.Memory.ReadPointers: data = pointers kept, aux = count */
	SEG_FD = 4,   /* a descriptor argument or one the call created (fd_names): addr = fd, data = struct fd_name and its path */
	SEG_SOCK = 5, /* a socket the call used or made (sock_states): addr = fd, data = struct sock_state */
	SEG_BPF_OBJ = 6, /* capture.Descriptors.BPFObject: addr = fd, aux = the syscalls.BPFObject; no data */
	SEG_VCPU = 7,	 /* capture.Descriptors.VcpuRun: addr = fd, aux = the struct kvm_run's address (0: none); no data */
};

/* seg.flags, bits. */
enum seg_flag : __u16 {
	SEG_F_FAULT = 1, /* the read faulted: no data */
	SEG_F_TRUNC = 2, /* SEG_STR: the string is longer than the data */
	/* SEG_READ, SEG_STR: the data, too large for the record, came
	 * before it in REC_DATA records of the same task, in order: args[0]
	 * = the read's address, args[1] = the piece's offset in it, the
	 * piece's bytes after the header (size - sizeof(struct rec) of
	 * them). aux = the bytes sent (a string's characters, up to max+1);
	 * the segment itself has none. */
	SEG_F_CHUNKED = 4,
};

/* seg is the header of a segment; len bytes of data follow it, padded
 * to 8. */
struct seg {
	__u64 addr;
	__u64 aux;
	__u32 len; /* bytes of data that follow */
	enum seg_kind kind;
	enum seg_flag flags;
};

/* plan.ext_kind: syscalls.Plan.Ext. EXT_CLONE_ARGS is a struct
 * clone_args and the objects its pointers name, EXT_BPF_ATTR bpf(2)'s
 * attributes, read again at the exit of the commands BPF_REREAD_CMDS
 * names, and the objects they point to. */
enum ext_kind : __u8 {
	EXT_PLAIN = 0,
	EXT_CLONE_ARGS = 1,
	EXT_BPF_ATTR = 2,
};

/* plan.fprog_kind: what a FprogCond's object is (bpfbackend's fprogKind). */
enum fprog_kind : __u8 {
	FPROG_KIND_FPROG = 0,
	FPROG_KIND_IOV = 1,
	FPROG_KIND_PLAIN = 2,
	FPROG_KIND_KDF = 3,
	FPROG_KIND_IOVS = 4,
	FPROG_KIND_URING = 5,
	FPROG_KIND_IOCBS = 6,
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
	__u8 page_rest;
	__u8 header;
	__s32 stack_offset;
	/* fprog: syscalls.Plan.Fprog (a struct sock_fprog's instructions
	 * are copied when the lower 32 bits of argument fprog_arg are one
	 * of fprog_vals; with fprog_only, the object is copied only then).
	 * fprog_kind says what the object is: FPROG_KIND_FPROG, or
	 * FPROG_KIND_IOV (a struct iovec whose base's bytes are copied), or
	 * FPROG_KIND_PLAIN (nothing more is copied), or FPROG_KIND_URING
	 * (io_uring_register's structure, whose arrays are copied for the
	 * opcodes uring_nested knows, whatever fprog_vals say), or
	 * FPROG_KIND_IOCBS (io_submit's pointers to struct iocb, whose
	 * iocbs are copied when argument fprog_arg is positive). */
	__u8 fprog;
	__u8 fprog_arg;
	__u8 fprog_only;
	__u8 min_size8; /* syscalls.Plan.MinSize / 8 */
	/* ext_kind: what an extensible struct's plan (LEN_EXT) reads
	 * besides the struct. */
	enum ext_kind ext_kind;
	enum fprog_kind fprog_kind;
	/* fprog_count_arg: FPROG_KIND_IOVS's argument that counts the
	 * iovecs, FPROG_KIND_URING's that counts the descriptors of
	 * IORING_REGISTER_FILES_UPDATE (syscalls.FprogCond.CountArg). */
	__u8 fprog_count_arg;
	/* netlink: MSG_NETLINK_MAX bytes at least when argument 0 is a
	 * netlink socket (syscalls.Plan.Netlink). */
	__u8 netlink;
	__u32 fprog_vals[2];
};

/* syscall_plans.dump: which set of -e read= or -e write= the descriptor
 * in argument 0 is looked up in to dump the call's data whole (the call's
 * syscalls.Effects: DumpsRead, DumpsWrite). */
enum dump_kind : __u8 {
	DUMP_NONE = 0,
	DUMP_READ = 1,
	DUMP_WRITE = 2,
};

/* syscall_plans.new_fds: where the descriptors a call creates are: none,
 * the result, (NEW_FDS_PAIR + i) the two ints argument i points to
 * (pipe2, socketpair), or the result of the bpf(2) commands BPF_FD_CMDS
 * names (NEW_FDS_RET_BPF) or of the ioctl requests ioctl_returns_fd names
 * (NEW_FDS_RET_IOCTL). */
enum new_fds : __u8 {
	NEW_FDS_NONE = 0,
	NEW_FDS_RET = 1,
	NEW_FDS_PAIR = 2,
	NEW_FDS_RET_BPF = 16,
	NEW_FDS_RET_IOCTL = 17,
};

/* syscall_plans.cmsg_fds: when the descriptors a call's control messages
 * carry are named. */
enum cmsg_fds : __u8 {
	CMSG_FDS_NONE = 0,
	CMSG_FDS_ENTRY = 1,
	CMSG_FDS_EXIT = 2,
};

/* syscall_plans.fd_structs: where the descriptors of a call's structures
 * are, named at its entry: none, the struct pollfd array of argument 0
 * (argument 1 long: poll, ppoll), or the three fd_sets of arguments 1 to
 * 3 (argument 0 bits long: select, pselect6). */
enum fd_structs : __u8 {
	FD_STRUCTS_NONE = 0,
	FD_STRUCTS_POLL = 1,
	FD_STRUCTS_SELECT = 2,
};

/* syscall_plans is one syscall's plans; when says which stops have any,
 * entry_args and exit_args which arguments (bit i: argument i) have a plan
 * due at that stop. */
struct syscall_plans {
	struct plan arg[MAX_ARGS];
	__u8 when;
	enum dump_kind dump;
	__u8 entry_args;
	__u8 exit_args;
	enum new_fds new_fds;
	__u8 fd_args; /* bit i: argument i is a descriptor or a directory descriptor */
	/* nl_args: bit i: argument i is a descriptor whose data the decoder
	 * shows as netlink messages when it is a netlink socket
	 * (syscalls.NetlinkData); its SEG_SOCK is sent even without
	 * sock_states, for netlink sockets only. */
	__u8 nl_args;
	/* fd_late: the call changes no descriptor and no working directory,
	 * so a held entry's descriptor arguments (fd_names) may be named when
	 * the entry is sent, at the exit or when the task is switched out,
	 * rather than at the entry, where they would make it too large to
	 * hold. */
	__u8 fd_late;
	/* cmsg_fds: the msghdr of argument 1 carries descriptors in its
	 * SCM_RIGHTS control messages, named at the entry (CMSG_FDS_ENTRY:
	 * sendmsg) or at a successful exit (CMSG_FDS_EXIT: recvmsg). */
	enum cmsg_fds cmsg_fds;
	/* fd_structs: the descriptors the call's structures hold. */
	enum fd_structs fd_structs;
};

/* The value of a thread id in the traced map. */
enum traced_mark : __u32 {
	TRACED = 1,	 /* traced */
	TRACED_STUB = 2, /* the exec stub: hidden until its first execve */
};

/* FD_NAME_MAX bounds the dentry name fd_name keeps. */
#define FD_NAME_MAX 32
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

/* fd_name.flags, bits. */
enum fd_name_flag : __u8 {
	FDN_OPEN = 1,	 /* the descriptor is open (else nothing else is set) */
	FDN_PATH = 2,	 /* path_len bytes of its path follow the struct */
	FDN_DELETED = 4, /* its dentry is unlinked: /proc adds " (deleted)" */
	FDN_PSEUDO = 8,	 /* a pseudo file's dentry (no parent, not a mount's
			  * root): /proc names it "/NAME (deleted)" */
};

/* fd_name is what a descriptor refers to, read from the task's
 * descriptor table (SEG_FD): at a call's entry for its descriptor
 * arguments (open or not; fd = AT_FDCWD for the working directory), at
 * its exit for the descriptors it created. The file system's magic
 * number, the inode and the dentry's name tell a pipe ("pipe:[INODE]"), a
 * socket, an anonymous inode ("anon_inode:[eventfd]") as /proc would (for
 * a namespace's file, name is its type: "user:[INODE]"); a
 * file's path (FDN_PATH) follows the struct in the segment, as d_path
 * builds it from the root. */
struct fd_name {
	__u64 ino;
	__u64 magic;
	__s32 fd;
	__u32 cloexec;
	__u32 rdev; /* the inode's device number, the kernel's dev_t */
	__u16 mode; /* the inode's i_mode */
	enum fd_name_flag flags;
	__u8 pad;
	__u32 path_len;
	__u32 pad2;
	char name[FD_NAME_MAX];
};

/* syscall_totals is trace.SyscallStats without its histogram, per CPU:
 * what -c's table prints. */
struct syscall_totals {
	__u64 calls;
	__u64 errors;
	__u64 total_ns;
	__u64 min_ns;
	__u64 max_ns;
};

/* syscall_hist is trace.SyscallStats's histogram, per CPU. */
struct syscall_hist {
	__u64 hist[HIST_BUCKETS];
};

/* syscall_stats mirrors trace.SyscallStats, per CPU: syscall_totals, then
 * the histogram. */
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

/* attach_stop_args is the context of the attach_stop program: the thread
 * it looks at, and what it found. */
struct attach_stop_args {
	__u32 tid;
	__u32 sig;     /* out: the signal of the group stop to report, or 0 */
	__u32 busy;    /* out: the thread is switching out; ask again */
	__u32 pad;
};

/* Keep the types user space needs, and no map holds, in the object's BTF. */
const struct rec *unused_rec __attribute__((unused));
const struct sig_rec *unused_sig_rec __attribute__((unused));
const struct stack_rec *unused_stack_rec __attribute__((unused));
const struct map_ent *unused_map_ent __attribute__((unused));
const struct seg *unused_seg __attribute__((unused));
const struct fd_name *unused_fd_name __attribute__((unused));
const struct sock_state *unused_sock_state __attribute__((unused));

#endif
