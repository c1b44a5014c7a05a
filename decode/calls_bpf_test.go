package decode

import "testing"

// Expected strings are from strace 6.1's kernel_version.c and
// perf_event_open_nonverbose.c.
func TestBPFProgLoadAndPerf(t *testing.T) {
	attr := le(nil).u32(0x20).u32(3134983661).u64(0).u64(0).u32(24).u32(3141592653).u64(0).u32(0xcafef00d)
	attr = append(attr, make([]byte, 128-len(attr))...)
	const tail = ", prog_flags=0, prog_name=\"\", prog_ifindex=0, expected_attach_type=BPF_CGROUP_INET_INGRESS, prog_btf_fd=0, func_info_rec_size=0, func_info=NULL, func_info_cnt=0, line_info_rec_size=0, line_info=NULL, line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, fd_array=NULL}, 128) = -1 E2BIG (Argument list too long)"
	runIoctlCases(t, []ioctlCase{
		{"prog load", XlatAbbrev, sc(t, "bpf", -7, 5, 0x1000, 128).data(1, attr),
			"bpf(BPF_PROG_LOAD, {prog_type=0x20 /* BPF_PROG_TYPE_??? */, insn_cnt=3134983661, insns=NULL, license=NULL, log_level=24, log_size=3141592653, log_buf=NULL, kern_version=KERNEL_VERSION(51966, 240, 13)" + tail},
		{"prog load short", XlatAbbrev, sc(t, "bpf", -7, 5, 0x1000, 128).data(1, attr[:64]), "bpf(BPF_PROG_LOAD, 0x1000, 128) = -1 E2BIG (Argument list too long)"},
		{"perf null", XlatAbbrev, sc(t, "perf_event_open", -22, 0, 0xfacef00d, 0xbadabba7, 0xffffffff, 0xffffffffffffffff),
			"perf_event_open(NULL, -87101427, -1160070233, -1, PERF_FLAG_FD_NO_GROUP|PERF_FLAG_FD_OUTPUT|PERF_FLAG_PID_CGROUP|PERF_FLAG_FD_CLOEXEC|0xfffffffffffffff0) = -1 EINVAL (Invalid argument)"},
	})
}
