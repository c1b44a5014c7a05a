package bpfbackend

//go:generate go run ./internal/goconsts -out bpf/zz_goconsts.h
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -target bpfel -type rec -type rec_type -type rec_flag -type sig_rec -type stack_rec -type map_ent -type seg -type seg_kind -type seg_flag -type plan -type syscall_plans -type dump_kind -type ext_kind -type fprog_kind -type new_fds -type cmsg_fds -type fd_structs -type traced_mark -type syscall_stats -type syscall_totals -type syscall_hist -type proc_count_key -type proc_comm -type hist_args -type fd_name -type fd_name_flag -type sock_state -type call_state -type attach_stop_args -cc clang -cflags "-O2 -g -Wall -Werror -D__TARGET_ARCH_x86" sctrace bpf/sctrace.c
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -target bpfel -cc clang -cflags "-O2 -g -Wall -Werror -D__TARGET_ARCH_x86 -DSCTRACE_COUNTING" counting bpf/sctrace.c
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -target bpfel -cc clang -cflags "-O2 -g -Wall -Werror -D__TARGET_ARCH_x86 -DSCTRACE_LEAN" lean bpf/sctrace.c
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -target bpfel -cc clang -cflags "-O2 -g -Wall -Werror -D__TARGET_ARCH_x86 -DSCTRACE_COUNTING -DSCTRACE_LEAN" countinglean bpf/sctrace.c
//go:generate go run ./internal/nolines sctrace_bpfel.o counting_bpfel.o lean_bpfel.o countinglean_bpfel.o
//go:generate go run ./internal/srchash -out zz_srchash.go bpf
