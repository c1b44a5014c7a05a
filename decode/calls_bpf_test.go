package decode

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// Expected strings are from strace 6.1's kernel_version.c,
// perf_event_open_nonverbose.c and bpf.c (its output for bpf.gen.test
// and bpf-v.gen.test).
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

// bpfEv returns a bpf(2) exit event of command cmd with the size bytes
// of attrs, zero-padded, captured as a LenExt plan captures them: the
// head of LayoutBPFAttr's size, the rest as the tail.
func bpfEv(t *testing.T, ret int64, cmd uint64, attrs []byte, size uint32) *evb {
	t.Helper()
	p := make([]byte, size)
	copy(p, attrs)
	head := int(syscalls.LayoutSize(trace.ArchX86_64, syscalls.LayoutBPFAttr))
	e := sc(t, "bpf", ret, cmd, 0x7f0000001000, uint64(size))
	if len(p) <= head {
		return e.data(1, p)
	}
	e.ev.Captures[1] = trace.Capture{Data: p[:head], Elems: []trace.Capture{{Data: p[head:]}}}
	return e
}

// bpfFill is bpf.c's fill_memory_ex(p, n, '0', 10) over the bytes from
// off to size.
func bpfFill(attrs []byte, off int, size int) []byte {
	p := make([]byte, size)
	copy(p, attrs[:off])
	for i := off; i < size; i++ {
		p[i] = '0' + byte((i-off)%10)
	}
	return p
}

// bpfLinkAttr2 is bpf.c's BPF_LINK_CREATE check 2: attach_type 5 and
// bytes in the union that attach type does not use.
func bpfLinkAttr2() []byte {
	p := le(nil).u32(0xffffffff).u32(0xdeadbeef).u32(5).u32(0xbadc0ded).pad(32)
	for i, c := range " OH HAI!" {
		p[19+4*i] = byte(c)
	}
	return p
}

const (
	eBPFBadf  = "-1 EBADF (Bad file descriptor)"
	eBPFInval = "-1 EINVAL (Invalid argument)"
	eBPF2Big  = "-1 E2BIG (Argument list too long)"
)

func TestBPFCommands(t *testing.T) {
	mapCreate := le(nil).u32(0xdeadf00d).u32(0xface1e55).u32(0xbadc0ded).u32(0xbeefcafe).u32(0xc0defead).u32(2718281828).u32(0xffffffff)
	mapFlags := "map_flags=BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE|BPF_F_RDONLY|BPF_F_STACK_BUILD_ID|BPF_F_RDONLY_PROG|BPF_F_CLONE|BPF_F_MMAPABLE|BPF_F_PRESERVE_ELEMS|BPF_F_INNER_MAP|0xc0dee000"
	mapHead := "bpf(BPF_MAP_CREATE, {map_type=0xdeadf00d /* BPF_MAP_TYPE_??? */, key_size=4207812181, value_size=3134983661, max_entries=3203386110, " + mapFlags
	mapCreate1 := le(nil).u32(31).u32(4).u32(8).u32(256).u32(63).u32(0xffffffff).u32(3141592653)
	mapCreate1 = append(mapCreate1, "0123456789abcde\x00"...)
	lookup := le(nil).u32(0xffffffff).pad(4).u64(0xdeadbeef).u64(0xbadc0ded).u64(4)
	testRun := le(nil).u32(0xffffffff).u32(0xfac1fed2).u32(0xfac3fed4).u32(0xfac5fed6).u64(0xfacef11dbadc2ded).u64(0xfacef33dbadc4ded).u32(0xfac7fed8).u32(0xfac9feda).pad(24).u32(0xfffffffc).u32(3141592653).u32(2718281828)
	nextID := le(nil).u32(0xbadc0ded).u32(0xcafef00d).u32(0xffffff27)
	query := le(nil).u32(3141592653).u32(0xfeedface).u32(0xdeadf00d).u32(0xbeefcafe).u64(0xffffffffffffffff).u32(0)
	const queryHead = "bpf(BPF_PROG_QUERY, {query={target_fd=-1153374643, attach_type=0xfeedface /* BPF_??? */, query_flags=BPF_F_QUERY_EFFECTIVE|0xdeadf00c, attach_flags=BPF_F_ALLOW_MULTI|BPF_F_REPLACE|0xbeefcaf8, prog_ids="
	taskFD := le(nil).u32(1405705229).u32(0xdeadbeef).u32(0xfacefeed).u32(0xdefaced).u64(0xfffffffffffffffe).u32(0xbadc0ded).u32(5).u64(0xfac1fed2fac3fed4).u64(0xfac5fed5fac7fed8)
	batch := le(nil).u64(0xfacefeed).u64(0xbadc0ded).u64(0xdeadf00d).u64(0xfffffffe).u32(3).u32(0xffffffff).u64(4).u64(4)
	link2 := bpfLinkAttr2()
	kprobe := le(nil).pad(8).u32(42).pad(4).u32(0xdeadc0de).u32(0xbadfaced).u64(0xffffffff00000000).u64(0xffffffff00000000).u64(0xffffffff00000000)
	const kprobeHead = "bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, target_fd=0, attach_type=BPF_TRACE_KPROBE_MULTI, flags=0, kprobe_multi={flags=0xdeadc0de /* BPF_F_??? */, cnt=3135220973, syms=0xffffffff00000000, addrs=0xffffffff00000000, cookies=0xffffffff00000000}}"
	runIoctlCases(t, []ioctlCase{
		{"null", XlatAbbrev, sc(t, "bpf", -22, 0, 0, 0xfacefeed00000048), "bpf(BPF_MAP_CREATE, NULL, 72) = " + eBPFInval},
		{"zero size", XlatAbbrev, bpfEv(t, -22, 0, nil, 0), "bpf(BPF_MAP_CREATE, 0x7f0000001000, 0) = " + eBPFInval},
		{"over a page", XlatAbbrev, bpfEv(t, -7, 0, nil, 4097), "bpf(BPF_MAP_CREATE, 0x7f0000001000, 4097) = " + eBPF2Big},
		{"unknown", XlatAbbrev, sc(t, "bpf", -22, 0xfacefeed, 0, 0xfacefeedbadc0ded), "bpf(0xfacefeed /* BPF_??? */, NULL, 3134983661) = " + eBPFInval},
		{"unread", XlatAbbrev, bpfEv(t, -14, 0, nil, 36).fault(1), "bpf(BPF_MAP_CREATE, 0x7f0000001000, 36) = -1 EFAULT (Bad address)"},
		{"map create 4", XlatAbbrev, bpfEv(t, -22, 0, le(nil).u32(2), 4),
			"bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=0, value_size=0, max_entries=0}, 4) = " + eBPFInval},
		{"map create name", XlatAbbrev, bpfEv(t, -22, 0, mapCreate1, 36),
			"bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_USER_RINGBUF, key_size=4, value_size=8, max_entries=256, map_flags=BPF_F_NO_PREALLOC|BPF_F_NO_COMMON_LRU|BPF_F_NUMA_NODE|BPF_F_RDONLY|BPF_F_WRONLY|BPF_F_STACK_BUILD_ID, inner_map_fd=-1, numa_node=3141592653, map_name=\"0123456\"...}, 36) = " + eBPFInval},
		{"map create numa", XlatAbbrev, bpfEv(t, -22, 0, mapCreate, 28),
			mapHead + ", inner_map_fd=-1576685468, numa_node=4294967295 /* NUMA_NO_NODE */}, 28) = " + eBPFInval},
		{"map create numa raw", XlatRaw, bpfEv(t, -22, 0, mapCreate, 28),
			"bpf(0, {map_type=0xdeadf00d, key_size=4207812181, value_size=3134983661, max_entries=3203386110, map_flags=0xc0defead, inner_map_fd=-1576685468, numa_node=4294967295 /* NUMA_NO_NODE */}, 28) = " + eBPFInval},
		{"map create flags", XlatAbbrev, bpfEv(t, -22, 0, mapCreate, 20), mapHead + "}, 20) = " + eBPFInval},
		{"map extra", XlatAbbrev, bpfEv(t, -22, 0, le(nil).u32(30).pad(60).u64(4), 72),
			"bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_BLOOM_FILTER, key_size=0, value_size=0, max_entries=0, map_flags=0, inner_map_fd=0, map_name=\"\", map_ifindex=0, btf_fd=0, btf_key_type_id=0, btf_value_type_id=0, btf_vmlinux_value_type_id=0, map_extra=4}, 72) = " + eBPFInval},
		{"lookup page", XlatAbbrev, bpfEv(t, -9, 1, lookup, 4096),
			"bpf(BPF_MAP_LOOKUP_ELEM, {map_fd=-1, key=0xdeadbeef, value=0xbadc0ded, flags=BPF_F_LOCK}, 4096) = " + eBPFBadf},
		{"lookup extra", XlatAbbrev, bpfEv(t, -7, 1, bpfFill(lookup, 32, 256), 256),
			"bpf(BPF_MAP_LOOKUP_ELEM, {map_fd=-1, key=0xdeadbeef, value=0xbadc0ded, flags=BPF_F_LOCK, ...}, 256) = " + eBPF2Big},
		{"update", XlatAbbrev, bpfEv(t, -9, 2, le(nil).u32(0xffffffff), 4),
			"bpf(BPF_MAP_UPDATE_ELEM, {map_fd=-1, key=NULL, value=NULL, flags=BPF_ANY}, 4) = " + eBPFBadf},
		{"obj pin", XlatAbbrev, bpfEv(t, -22, 6, le(nil).u64(0xffffffffffffffff), 8),
			"bpf(BPF_OBJ_PIN, {pathname=0xffffffffffffffff, bpf_fd=0}, 8) = " + eBPFInval},
		{"attach", XlatAbbrev, bpfEv(t, -22, 8, le(nil).u32(0xffffffff).u32(0xfffffffe).u32(2).u32(0xf8).u32(0xfffffffd), 20),
			"bpf(BPF_PROG_ATTACH, {target_fd=-1, attach_bpf_fd=-2, attach_type=BPF_CGROUP_INET_SOCK_CREATE, attach_flags=0xf8 /* BPF_F_??? */, replace_bpf_fd=-3}, 20) = " + eBPFInval},
		{"test run", XlatAbbrev, bpfEv(t, -9, 10, testRun, 76),
			"bpf(BPF_PROG_TEST_RUN, {test={prog_fd=-1, retval=4207017682, data_size_in=4207148756, data_size_out=4207279830, data_in=0xfacef11dbadc2ded, data_out=0xfacef33dbadc4ded, repeat=4207410904, duration=4207541978, ctx_size_in=0, ctx_size_out=0, ctx_in=NULL, ctx_out=NULL, flags=0xfffffffc /* BPF_F_??? */, cpu=3141592653, batch_size=2718281828}}, 76) = " + eBPFBadf},
		{"next id 1", XlatAbbrev, bpfEv(t, -14, 11, le(nil).u32(0xdeadbeef)[:1], 1),
			"bpf(BPF_PROG_GET_NEXT_ID, {start_id=239, next_id=0}, 1) = -1 EFAULT (Bad address)"},
		{"next id", XlatAbbrev, bpfEv(t, -22, 31, nextID, 12),
			"bpf(BPF_LINK_GET_NEXT_ID, {start_id=3134983661, next_id=3405705229, open_flags=0xffffff27 /* BPF_F_??? */}, 12) = " + eBPFInval},
		{"next id extra", XlatAbbrev, bpfEv(t, -7, 23, bpfFill(nextID, 12, 256), 256),
			"bpf(BPF_BTF_GET_NEXT_ID, {start_id=3134983661, next_id=3405705229, open_flags=0xffffff27 /* BPF_F_??? */, ...}, 256) = " + eBPF2Big},
		{"get fd by id", XlatAbbrev, bpfEv(t, -22, 14, nextID, 12),
			"bpf(BPF_MAP_GET_FD_BY_ID, {map_id=3134983661, next_id=3405705229, open_flags=0xffffff27 /* BPF_F_??? */}, 12) = " + eBPFInval},
		{"info", XlatAbbrev, bpfEv(t, -77, 15, le(nil).u32(0xffffffff).u32(0xdeadbeef).u64(0xfacefeedbadc0ded), 16),
			"bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=-1, info_len=3735928559, info=0xfacefeedbadc0ded}}, 16) = -1 EBADFD (File descriptor in bad state)"},
		{"query none", XlatAbbrev, bpfEv(t, -22, 16, query, 28), queryHead + "[], prog_cnt=0}}, 28) = " + eBPFInval},
		{"query", XlatAbbrev, bpfEv(t, -22, 16, append(le(nil), query[:16]...).u64(0x7f0000002000).u32(4), 28), queryHead + "0x7f0000002000, prog_cnt=4}}, 28) = " + eBPFInval},
		{"tracepoint", XlatAbbrev, bpfEv(t, -9, 17, le(nil).u64(0).u32(0), 12),
			"bpf(BPF_RAW_TRACEPOINT_OPEN, {raw_tracepoint={name=NULL, prog_fd=0}}, 12) = " + eBPFBadf},
		{"btf load", XlatAbbrev, bpfEv(t, -22, 18, nil, 8),
			"bpf(BPF_BTF_LOAD, {btf=NULL, btf_log_buf=NULL, btf_size=0, btf_log_size=0, btf_log_level=0}, 8) = " + eBPFInval},
		{"task fd query", XlatAbbrev, bpfEv(t, -22, 20, taskFD, 48),
			"bpf(BPF_TASK_FD_QUERY, {task_fd_query={pid=1405705229, fd=-559038737, flags=4207869677, buf_len=233811181, buf=0xfffffffffffffffe, prog_id=3134983661, fd_type=BPF_FD_TYPE_URETPROBE, probe_offset=0xfac1fed2fac3fed4, probe_addr=0xfac5fed5fac7fed8}}, 48) = " + eBPFInval},
		{"freeze", XlatAbbrev, bpfEv(t, -9, 22, le(nil).u32(0xffffffff), 4), "bpf(BPF_MAP_FREEZE, {map_fd=-1}, 4) = " + eBPFBadf},
		{"batch", XlatAbbrev, bpfEv(t, -9, 24, batch, 56),
			"bpf(BPF_MAP_LOOKUP_BATCH, {batch={in_batch=0xfacefeed, out_batch=0xbadc0ded, keys=0xdeadf00d, values=0xfffffffe, count=3, map_fd=-1, elem_flags=BPF_F_LOCK, flags=0x4}}, 56) = " + eBPFBadf},
		{"batch delete extra", XlatAbbrev, bpfEv(t, -7, 27, bpfFill(batch, 56, 256), 256),
			"bpf(BPF_MAP_DELETE_BATCH, {batch={keys=0xdeadf00d, count=3, map_fd=-1, elem_flags=BPF_F_LOCK, flags=0x4}, ...}, 256) = " + eBPF2Big},
		{"update batch", XlatAbbrev, bpfEv(t, -9, 26, le(nil).pad(36).u32(0xffffffff), 40),
			"bpf(BPF_MAP_UPDATE_BATCH, {batch={keys=NULL, values=NULL, count=0, map_fd=-1, elem_flags=BPF_ANY, flags=0}}, 40) = " + eBPFBadf},
		{"link create", XlatAbbrev, bpfEv(t, -9, 28, le(nil).u32(0xffffffff).u32(0xdeadbeef).u32(43).u32(4), 16),
			"bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_fd=-559038737, attach_type=BPF_LSM_CGROUP, flags=0x4}}, 16) = " + eBPFBadf},
		{"link create union", XlatAbbrev, bpfEv(t, -9, 28, link2, 48),
			"bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_fd=-559038737, attach_type=BPF_SK_SKB_STREAM_VERDICT, flags=0xbadc0ded}, ...}, 48) = " + eBPFBadf},
		{"link create btf id", XlatAbbrev, bpfEv(t, -22, 28, le(nil).pad(16).u32(0xfacefeed), 20),
			"bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, target_fd=0, attach_type=BPF_CGROUP_INET_INGRESS, flags=0, target_btf_id=4207869677}}, 20) = " + eBPFInval},
		{"link create iter", XlatAbbrev, bpfEv(t, -22, 28, le(nil).pad(8).u32(28).pad(4).u64(0xffffffff00000000).u32(0xdeadface), 28),
			"bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, target_fd=0, attach_type=BPF_TRACE_ITER, flags=0, iter_info=0xffffffff00000000, iter_info_len=3735943886}}, 28) = " + eBPFInval},
		{"link create perf", XlatAbbrev, bpfEv(t, -22, 28, le(nil).pad(8).u32(41).pad(4).u64(0xdeadc0defacecafe), 24),
			"bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, target_fd=0, attach_type=BPF_PERF_EVENT, flags=0, perf_event={bpf_cookie=0xdeadc0defacecafe}}}, 24) = " + eBPFInval},
		{"link create kprobe", XlatAbbrev, bpfEv(t, -22, 28, kprobe, 48), kprobeHead + "}, 48) = " + eBPFInval},
		{"link create kprobe extra", XlatAbbrev, bpfEv(t, -7, 28, bpfFill(kprobe, 48, 4096), 4096), kprobeHead + ", ...}, 4096) = " + eBPF2Big},
		{"link update", XlatAbbrev, bpfEv(t, -9, 29, le(nil).u32(0xffffffff).u32(0xdeadbeef).u32(4).u32(0xdeadf00d), 16),
			"bpf(BPF_LINK_UPDATE, {link_update={link_fd=-1, new_prog_fd=-559038737, flags=BPF_F_REPLACE, old_prog_fd=-559026163}}, 16) = " + eBPFBadf},
		{"link fd by id", XlatAbbrev, bpfEv(t, -2, 30, le(nil).u32(0xdeadbeef), 4096),
			"bpf(BPF_LINK_GET_FD_BY_ID, {link_id=3735928559}, 4096) = -1 ENOENT (No such file or directory)"},
		{"not decoded", XlatAbbrev, bpfEv(t, -22, 32, nil, 4), "bpf(BPF_ENABLE_STATS, 0x7f0000001000, 4) = " + eBPFInval},
		{"long result", XlatAbbrev, bpfEv(t, 841540765612359407, 0, le(nil).u32(2), 4),
			"bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=0, value_size=0, max_entries=0}, 4) = 841540765612359407"},
		{"fd result", XlatAbbrev, bpfEv(t, 42, 13, le(nil).u32(1), 4), "bpf(BPF_PROG_GET_FD_BY_ID, {prog_id=1, next_id=0}, 4) = 42"},
	})
}

// TestBPFVerbose: -v prints the bytes past the struct strace knows in
// hex.
func TestBPFVerbose(t *testing.T) {
	lookup := le(nil).u32(0xffffffff).pad(4).u64(0xdeadbeef).u64(0xbadc0ded).u64(4)
	want := "bpf(BPF_MAP_LOOKUP_ELEM, {map_fd=-1, key=0xdeadbeef, value=0xbadc0ded, flags=BPF_F_LOCK, extra_data=\"" +
		strings.Repeat(`\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39`, 22) + `\x30\x31\x32\x33" /* bytes 32..255 */}, 256) = ` + eBPF2Big
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	if got := whole(d, bpfEv(t, -7, 1, bpfFill(lookup, 32, 256), 256).get()); got != want {
		t.Errorf("extra data:\n got %s\nwant %s", got, want)
	}
	link := bpfLinkAttr2()
	want = `bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_fd=-559038737, attach_type=BPF_SK_SKB_STREAM_VERDICT, flags=0xbadc0ded}, extra_data="\x00\x00\x00\x20\x00\x00\x00\x4f\x00\x00\x00\x48\x00\x00\x00\x20\x00\x00\x00\x48\x00\x00\x00\x41\x00\x00\x00\x49\x00\x00\x00\x21" /* bytes 16..47 */}, 48) = ` + eBPFBadf
	if got := whole(d, bpfEv(t, -9, 28, link, 48).get()); got != want {
		t.Errorf("link create:\n got %s\nwant %s", got, want)
	}
}

// TestBPFSplit: the commands whose kernel fills some fields end their
// attributes at exit, and the batch commands print the size then.
func TestBPFSplit(t *testing.T) {
	d := New(Options{StringLimit: DefaultStringLimit})
	nextID := le(nil).u32(0xbadc0ded).u32(0xcafef00d).u32(0xffffff27)
	for _, c := range []struct {
		ev          *evb
		enter, exit string
	}{
		{bpfEv(t, 0, 11, nextID, 12), "bpf(BPF_PROG_GET_NEXT_ID, {start_id=3134983661, next_id=3405705229", ", open_flags=0xffffff27 /* BPF_F_??? */}, 12)"},
		{bpfEv(t, 0, 24, nil, 56), "bpf(BPF_MAP_LOOKUP_BATCH, {batch={in_batch=NULL, out_batch=NULL, keys=NULL, values=NULL, count=0, map_fd=0, elem_flags=BPF_ANY, flags=0}}", ", 56)"},
		{bpfEv(t, 0, 16, nil, 28), "bpf(BPF_PROG_QUERY, {query={target_fd=0, attach_type=BPF_CGROUP_INET_INGRESS, query_flags=0, attach_flags=0, prog_ids=", "NULL, prog_cnt=0}}, 28)"},
		{bpfEv(t, 0, 5, nil, 4), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_UNSPEC, insn_cnt=0, insns=NULL, license=NULL}, 4", ")"},
	} {
		ev := c.ev.get()
		if got := string(d.AppendEnter(nil, ev)); got != c.enter {
			t.Errorf("entry:\n got %s\nwant %s", got, c.enter)
		}
		if got := string(d.AppendExit(nil, ev)); got != c.exit {
			t.Errorf("exit:\n got %s\nwant %s", got, c.exit)
		}
	}
}

// bpfExitEv is bpfEv with the attributes read again at exit
// (syscalls.BPFAttrExit) holding again, zero-padded to size; with a nil
// again, that read failed.
func bpfExitEv(t *testing.T, ret int64, cmd uint64, attrs, again []byte, size uint32) *evb {
	t.Helper()
	e := bpfEv(t, ret, cmd, attrs, size)
	exit := trace.Capture{Faulted: true}
	if again != nil {
		exit = bpfEv(t, ret, cmd, again, size).ev.Captures[1]
	}
	cp := &e.ev.Captures[1]
	elems := make([]trace.Capture, syscalls.BPFAttrExit+1)
	copy(elems, cp.Elems)
	elems[syscalls.BPFAttrExit] = exit
	cp.Elems = elems
	return e
}

// TestBPFExitCopy: the fields the kernel filled print from the
// attributes read again at exit, after " => " when they changed, as
// strace 6.1's bpf.c prints them (bpf-obj_get_info_by_fd.c's info_len).
func TestBPFExitCopy(t *testing.T) {
	info := le(nil).u32(5).u32(152).u64(0x7f0000003000)
	query := le(nil).u32(3).u32(0).u32(0).u32(0).u64(0x7f0000002000)
	taskFD := le(nil).u32(1).u32(3).u32(0).u32(16).u64(0x7f0000004000)
	batch := le(nil).pad(32).u32(3).u32(4)
	runIoctlCases(t, []ioctlCase{
		{"info len", XlatAbbrev, bpfExitEv(t, 0, 15, info, le(nil).u32(5).u32(104).u64(0x7f0000003000), 16),
			"bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=5, info_len=152 => 104, info=0x7f0000003000}}, 16) = 0"},
		{"info len same", XlatAbbrev, bpfExitEv(t, 0, 15, info, info, 16),
			"bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=5, info_len=152, info=0x7f0000003000}}, 16) = 0"},
		{"next id", XlatAbbrev, bpfExitEv(t, 0, 12, le(nil).u32(0).u32(0), le(nil).u32(0).u32(7), 8),
			"bpf(BPF_MAP_GET_NEXT_ID, {start_id=0, next_id=0 => 7}, 8) = 0"},
		{"query", XlatAbbrev, bpfExitEv(t, 0, 16, append(le(nil), query...).u32(4), append(le(nil), query...).u32(2), 28),
			"bpf(BPF_PROG_QUERY, {query={target_fd=3, attach_type=BPF_CGROUP_INET_INGRESS, query_flags=0, attach_flags=0, prog_ids=0x7f0000002000, prog_cnt=4 => 2}}, 28) = 0"},
		{"task fd query", XlatAbbrev, bpfExitEv(t, 0, 20, taskFD, le(nil).u32(1).u32(3).u32(0).u32(8).u64(0x7f0000004000), 48),
			"bpf(BPF_TASK_FD_QUERY, {task_fd_query={pid=1, fd=3, flags=0, buf_len=16 => 8, buf=0x7f0000004000, prog_id=0, fd_type=BPF_FD_TYPE_RAW_TRACEPOINT, probe_offset=0, probe_addr=0}}, 48) = 0"},
		{"batch count", XlatAbbrev, bpfExitEv(t, 0, 24, batch, le(nil).pad(32).u32(1).u32(4), 56),
			"bpf(BPF_MAP_LOOKUP_BATCH, {batch={in_batch=NULL, out_batch=NULL, keys=NULL, values=NULL, count=3, map_fd=4, elem_flags=BPF_ANY, flags=0}} => {batch={count=1}}, 56) = 0"},
		{"exit read failed", XlatAbbrev, bpfExitEv(t, 0, 15, info, nil, 16),
			"bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=5, info_len=1520x7f0000001000, 16) = 0"},
	})
}

// bpfNestedEv is bpfEv with the objects the attributes point to
// captured as nested (syscalls.BPFAttrNested on).
func bpfNestedEv(t *testing.T, ret int64, cmd uint64, attrs []byte, size uint32, nested ...trace.Capture) *evb {
	t.Helper()
	e := bpfEv(t, ret, cmd, attrs, size)
	cp := &e.ev.Captures[1]
	elems := make([]trace.Capture, syscalls.BPFAttrNested+len(nested))
	copy(elems, cp.Elems)
	copy(elems[syscalls.BPFAttrNested:], nested)
	cp.Elems = elems
	return e
}

// TestBPFNested: the strings and bytes the attributes point to print as
// strace 6.1's bpf.c test expects them (bpf.gen.test,
// bpf-obj_get_info_by_fd-prog.gen.test).
func TestBPFNested(t *testing.T) {
	str := func(s string, trunc bool) trace.Capture { return trace.Capture{Data: []byte(s), Truncated: trunc} }
	load := func(logSize uint32, logBuf uint64) le {
		return le(nil).u32(1).u32(1).u64(0x7f0000005000).u64(0x7f0000006000).u32(7).u32(logSize).u64(logBuf)
	}
	const loadTail = ", kern_version=KERNEL_VERSION(0, 0, 0)}, 44) = " + eBPFInval
	pin := le(nil).u64(0x7f0000007000).u32(0xffffffff)
	tp := le(nil).u64(0x7f0000008000).u32(0xdeadbeef)
	btf := le(nil).u64(0x7f0000009000).u64(0xfacefeeddeadbeef).u32(9).u32(0xffffffff).u32(42)
	runIoctlCases(t, []ioctlCase{
		{"license and log", XlatAbbrev, bpfNestedEv(t, -22, 5, load(4, 0x7f000000a000), 44, str("GPL", false), str("log ", false)),
			`bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=1, insns=0x7f0000005000, license="GPL", log_level=7, log_size=4, log_buf="log "...` + loadTail},
		{"empty log", XlatAbbrev, bpfNestedEv(t, -22, 5, load(4096, 0x7f000000a000), 44, str("BSD", false), str("", false)),
			`bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=1, insns=0x7f0000005000, license="BSD", log_level=7, log_size=4096, log_buf=""` + loadTail},
		{"log unread", XlatAbbrev, bpfNestedEv(t, -22, 5, load(4096, 0x7f000000a000), 44, str("GPL", false), trace.Capture{Faulted: true}),
			`bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=1, insns=0x7f0000005000, license="GPL", log_level=7, log_size=4096, log_buf=0x7f000000a000` + loadTail},
		{"log size 0", XlatAbbrev, bpfNestedEv(t, -22, 5, load(0, 0x7f000000a000), 44, str("GPL", false)),
			`bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=1, insns=0x7f0000005000, license="GPL", log_level=7, log_size=0, log_buf=""` + loadTail},
		{"pin", XlatAbbrev, bpfNestedEv(t, -22, 6, pin, 12, str("/sys/fs/bpf/foo/bar", false)),
			`bpf(BPF_OBJ_PIN, {pathname="/sys/fs/bpf/foo/bar", bpf_fd=-1}, 12) = ` + eBPFInval},
		{"get unread", XlatAbbrev, bpfNestedEv(t, -14, 7, pin, 12, trace.Capture{Faulted: true}),
			`bpf(BPF_OBJ_GET, {pathname=0x7f0000007000, bpf_fd=-1}, 12) = -1 EFAULT (Bad address)`},
		{"tracepoint", XlatAbbrev, bpfNestedEv(t, -9, 17, tp, 12, str("0123456789qwertyuiop0123456789qw", true)),
			`bpf(BPF_RAW_TRACEPOINT_OPEN, {raw_tracepoint={name="0123456789qwertyuiop0123456789qw"..., prog_fd=-559038737}}, 12) = ` + eBPFBadf},
		{"btf", XlatAbbrev, bpfNestedEv(t, -22, 18, btf, 28, trace.Capture{Data: []byte("bPf\x00daTum")}),
			`bpf(BPF_BTF_LOAD, {btf="bPf\0daTum", btf_log_buf=0xfacefeeddeadbeef, btf_size=9, btf_log_size=4294967295, btf_log_level=42}, 28) = ` + eBPFInval},
	})
}

// TestBPFNestedArrays: BPF_LINK_CREATE's arrays and BPF_PROG_QUERY's
// program ids print as strace 6.1's bpf.c test expects them
// (bpf.gen.test, bpf-success.gen.test).
func TestBPFNestedArrays(t *testing.T) {
	iter := le(nil).pad(8).u32(28).pad(4).u64(0x7f0000001fec).u32(6)
	iterInfo := le(nil).u32(0).u32(42).u32(314159265).u32(0xbadc0ded).u32(0xffffffff)
	kprobe := le(nil).pad(8).u32(42).pad(4).u32(0xfacebeef).u32(4).u64(0x7f0000002fe0).u64(0x7f0000003fe0).u64(0x7f0000004fe0)
	syms := trace.Capture{Data: le(nil).u64(0x7f0000005000).u64(0).u64(0x7f0000005010).u64(0x7f0000005020),
		Elems: []trace.Capture{{Data: []byte("foo")}, {}, {Data: []byte("OH")}, {Data: []byte("abcdefghijklmnopqrstuvwxyz012345"), Truncated: true}}}
	u64s := trace.Capture{Data: le(nil).u64(0).u64(1).u64(0xbadc0ded).u64(0xfacefeeddeadc0de)}
	const kprobeHead = "bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, target_fd=0, attach_type=BPF_TRACE_KPROBE_MULTI, flags=0, kprobe_multi={flags=BPF_F_KPROBE_MULTI_RETURN|0xfacebeee, cnt=4, "
	query := le(nil).u32(3134983661).u32(0xfeedface).u32(0xdeadf00d).u32(0xbeefcafe).u64(0x7f0000006ff0).u32(5)
	runIoctlCases(t, []ioctlCase{
		{"iter info at a page's end", XlatAbbrev, bpfNestedEv(t, -22, 28, iter, 28, trace.Capture{Data: iterInfo}),
			"bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, target_fd=0, attach_type=BPF_TRACE_ITER, flags=0, iter_info=[{map={map_fd=0}}, {map={map_fd=42}}, {map={map_fd=314159265}}, {map={map_fd=-1159983635}}, {map={map_fd=-1}}, ... /* 0x7f0000002000 */], iter_info_len=6}}, 28) = " + eBPFInval},
		{"kprobe multi", XlatAbbrev, bpfNestedEv(t, -22, 28, kprobe, 48, trace.Capture{}, syms, u64s, u64s),
			kprobeHead + `syms=["foo", NULL, "OH", "abcdefghijklmnopqrstuvwxyz012345"...], addrs=[0, 0x1, 0xbadc0ded, 0xfacefeeddeadc0de], cookies=[0, 0x1, 0xbadc0ded, 0xfacefeeddeadc0de]}}}, 48) = ` + eBPFInval},
		{"kprobe multi unread", XlatAbbrev, bpfNestedEv(t, -22, 28, kprobe, 48, trace.Capture{}, trace.Capture{Faulted: true}),
			kprobeHead + "syms=0x7f0000002fe0, addrs=0x7f0000003fe0, cookies=0x7f0000004fe0}}}, 48) = " + eBPFInval},
	})
	d := New(Options{StringLimit: DefaultStringLimit})
	ids := bpfExitEv(t, 42, 16, query, query, 28)
	exit := &ids.ev.Captures[1].Elems[syscalls.BPFAttrExit]
	exit.Elems = make([]trace.Capture, syscalls.BPFAttrNested+1)
	exit.Elems[syscalls.BPFAttrNested] = trace.Capture{Data: le(nil).u32(0).u32(1).u32(0xffffffff).u32(2718281828)}
	want := "bpf(BPF_PROG_QUERY, {query={target_fd=-1159983635, attach_type=0xfeedface /* BPF_??? */, query_flags=BPF_F_QUERY_EFFECTIVE|0xdeadf00c, attach_flags=BPF_F_ALLOW_MULTI|BPF_F_REPLACE|0xbeefcaf8, prog_ids=[0, 1, 4294967295, 2718281828, ... /* 0x7f0000007000 */], prog_cnt=5}}, 28) = 42"
	if got := whole(d, ids.get()); got != want {
		t.Errorf("prog ids:\n got %s\nwant %s", got, want)
	}
}

// TestBPFInsns: under -v, BPF_PROG_LOAD's instructions print as strace
// 6.1's bpf-v.gen.test expects them.
func TestBPFInsns(t *testing.T) {
	load := le(nil).u32(1).u32(2).u64(0x7f0000005000).u64(0).u32(0).u32(0).u64(0)
	insns := trace.Capture{Data: le(nil).u8(0x95).u8(0xba).u16(0xdead).u32(0xbadc0ded).u8(0x07).u8(0x01).u16(8).u32(0xfffffff8)}
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	ev := bpfNestedEv(t, -22, 5, load, 40, trace.Capture{}, trace.Capture{}, insns)
	want := "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=2, insns=[{code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_10, src_reg=0xb /* BPF_REG_??? */, off=-8531, imm=0xbadc0ded}, {code=BPF_ALU64|BPF_K|BPF_ADD, dst_reg=BPF_REG_1, src_reg=BPF_REG_0, off=8, imm=0xfffffff8}], license=NULL, log_level=0, log_size=0, log_buf=NULL}, 40) = " + eBPFInval
	if got := whole(d, ev.get()); got != want {
		t.Errorf("insns:\n got %s\nwant %s", got, want)
	}
}

// TestBPFMapInfo: under -v, BPF_OBJ_GET_INFO_BY_FD's information for a
// map's descriptor prints as strace 6.1's bpf-obj_get_info_by_fd-v test
// expects it, whether the entry's capture (without -y) or the path (-y)
// says it is a map's; another descriptor's, a read that fell short, and
// a run without -v print its address.
func TestBPFMapInfo(t *testing.T) {
	const head = "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd="
	mapInfo := le(nil).u32(2).u32(7).u32(4).u32(8).u32(1).u32(0)
	mapInfo = append(mapInfo, "test_map"...)
	mapInfo = mapInfo.pad(8 + 48)
	fds := &fakeFDs{paths: map[int32]string{4: "anon_inode:bpf-map", 6: "anon_inode:bpf_link"}}
	verbose := New(Options{StringLimit: DefaultStringLimit, Verbose: true, DecodeFDs: FDPath})
	verbose.SetFDResolver(fds)
	plain := New(Options{StringLimit: DefaultStringLimit, DecodeFDs: FDPath})
	plain.SetFDResolver(fds)
	// ev is the call on descriptor fd, info_len before and after, with
	// info read at exit.
	ev := func(fd, before, after uint32, info []byte) *trace.Event {
		attrs := func(n uint32) le { return le(nil).u32(fd).u32(n).u64(0x7f0000003000) }
		e := bpfExitEv(t, 0, 15, attrs(before), attrs(after), 16)
		exit := &e.ev.Captures[1].Elems[syscalls.BPFAttrExit]
		exit.Elems = make([]trace.Capture, syscalls.BPFAttrNested+1)
		exit.Elems[syscalls.BPFAttrNested] = trace.Capture{Data: info}
		return e.get()
	}
	const fields = "type=BPF_MAP_TYPE_ARRAY, id=7, key_size=4, value_size=8, max_entries=1, map_flags=0, name=\"test_map\", ifindex=0, btf_vmlinux_value_type_id=0, netns_dev=makedev(0, 0), netns_ino=0, btf_id=0, btf_key_type_id=0, btf_value_type_id=0"
	extra := append(append(le(nil), mapInfo...), 0, 0, 0, 0, 0, 0, 0, 0, 0xab).pad(7)
	cases := []struct {
		name string
		d    *Decoder
		ev   *trace.Event
		want string
	}{
		{"map", verbose, ev(4, 88, 88, mapInfo),
			head + "4<anon_inode:bpf-map>, info_len=88, info={" + fields + "}}}, 16) = 0"},
		{"map, longer than strace's struct", verbose, ev(4, 152, 104, extra),
			head + "4<anon_inode:bpf-map>, info_len=152 => 104, info={" + fields + `, extra_data="\x00\x00\x00\x00\x00\x00\x00\x00\xab\x00\x00\x00\x00\x00\x00\x00" /* bytes 88..103 */}}}, 16) = 0`},
		{"map, short", verbose, ev(4, 32, 32, mapInfo[:32]),
			head + `4<anon_inode:bpf-map>, info_len=32, info={type=BPF_MAP_TYPE_ARRAY, id=7, key_size=4, value_size=8, max_entries=1, map_flags=0, name="test_map"}}}, 16) = 0`},
		{"link", verbose, ev(6, 88, 88, mapInfo),
			head + "6<anon_inode:bpf_link>, info_len=88, info=0x7f0000003000}}, 16) = 0"},
		{"map by the entry's capture, without -y", New(Options{StringLimit: DefaultStringLimit, Verbose: true}), withEntryObject(ev(4, 88, 88, mapInfo), mapInfo, syscalls.BPFObjMap),
			head + "4, info_len=88, info={" + fields + "}}}, 16) = 0"},
		{"read short", verbose, ev(4, 88, 88, mapInfo[:64]),
			head + "4<anon_inode:bpf-map>, info_len=88, info=0x7f0000003000}}, 16) = 0"},
		{"without -v", plain, ev(4, 88, 88, mapInfo),
			head + "4<anon_inode:bpf-map>, info_len=88, info=0x7f0000003000}}, 16) = 0"},
	}
	for _, c := range cases {
		if got := whole(c.d, c.ev); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// withEntryObject gives ev, a BPF_OBJ_GET_INFO_BY_FD call, the entry's
// capture of the information: info, and the object its descriptor is.
func withEntryObject(ev *trace.Event, info []byte, obj syscalls.BPFObject) *trace.Event {
	entry := &ev.Captures[1]
	for len(entry.Elems) <= syscalls.BPFAttrNested {
		entry.Elems = append(entry.Elems, trace.Capture{})
	}
	entry.Elems[syscalls.BPFAttrNested] = trace.Capture{Data: info, Aux: uint64(obj)}
	return ev
}

// TestBPFProgInfo: under -v, BPF_OBJ_GET_INFO_BY_FD's information for a
// program's descriptor prints as strace 6.1's print_bpf_prog_info, with
// the lines its bpf-obj_get_info_by_fd-prog-v test expects: the fields
// the kernel changed as "OLD => NEW" (OLD from the entry's capture), the
// arrays counted by the smaller of the two lengths, their address when
// the call failed, and load_time's wall-clock second.
func TestBPFProgInfo(t *testing.T) {
	const (
		infoAddr = 0x7f0000003000
		insnAddr = 0x7f9113463000
		mapsAddr = 0x7f911345d000
	)
	// A load time whose wall-clock second is not near a boundary.
	off := bootOffsetForTest(t)
	loadNS := uint64(55797*time.Second) + uint64(time.Second/2) - uint64(off%time.Second)
	date := time.Unix(0, int64(loadNS)).Add(off).Format("2006-01-02T15:04:05-0700")
	// info is a struct bpf_prog_info of 232 bytes as the kernel fills
	// it, with the lengths and pointers given.
	info := func(jitedLen, xlatedLen uint32, xlated uint64, nrMaps uint32, maps uint64, ksyms, funcLens, lineRec, progTags uint32) le {
		b := le(nil).u32(1).u32(1648850)
		b = append(b, 0xfe, 0x7d, 0xd3, 0x2e, 0x63, 0x67, 0x7b, 0x71)
		b = b.u32(jitedLen).u32(xlatedLen).u64(0).u64(xlated).u64(loadNS).u32(0).u32(nrMaps).u64(maps)
		b = append(b, "test_prog"...)
		b = b.pad(7).u32(0).u32(0).u64(0).u64(0)
		b = b.u32(ksyms).u32(funcLens).u64(0).u64(0)
		b = b.u32(0).u32(lineRec / 2).u64(0).u32(0).u32(0).u64(0).u64(0).u32(0).u32(lineRec).u32(lineRec / 2).u32(progTags).u64(0)
		b = b.u64(0).u64(0).u64(0).u32(9)
		return b.pad(232 - len(b))
	}
	zero := le(nil).pad(232)
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true, DecodeFDs: FDPath})
	d.SetFDResolver(&fakeFDs{paths: map[int32]string{6: "anon_inode:bpf-prog"}})
	// ev is the call with info_len before and after, the entry's and the
	// exit's information, and the arrays read at exit.
	ev := func(ret int64, before, after uint32, entry, exit []byte, arrays ...trace.Capture) *trace.Event {
		attrs := func(n uint32) le { return le(nil).u32(6).u32(n).u64(infoAddr) }
		e := bpfExitEv(t, ret, 15, attrs(before), attrs(after), 16)
		ex := &e.ev.Captures[1].Elems[syscalls.BPFAttrExit]
		ex.Elems = make([]trace.Capture, syscalls.BPFAttrNested+1)
		ex.Elems[syscalls.BPFAttrNested] = trace.Capture{Data: exit, Aux: uint64(syscalls.BPFObjProg), Elems: arrays}
		return withEntryObject(e.get(), entry, syscalls.BPFObjProg)
	}
	head := "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=6<anon_inode:bpf-prog>, "
	common := `type=BPF_PROG_TYPE_SOCKET_FILTER, id=1648850, tag="\xfe\x7d\xd3\x2e\x63\x67\x7b\x71", `
	load := "load_time=" + strconv.FormatUint(loadNS, 10) + " /* " + date + " */, created_by_uid=0, "
	tail := `name="test_prog", ifindex=0, gpl_compatible=0, netns_dev=makedev(0, 0), netns_ino=0, `
	changed := "nr_jited_ksyms=0 => 1, nr_jited_func_lens=0 => 1, jited_ksyms=NULL, jited_func_lens=NULL, btf_id=0, func_info_rec_size=0 => 8, func_info=NULL, nr_func_info=0, nr_line_info=0, line_info=NULL, jited_line_info=NULL, nr_jited_line_info=0, line_info_rec_size=0 => 16, jited_line_info_rec_size=0 => 8, nr_prog_tags=0 => 1, prog_tags=NULL, run_time_ns=0, run_cnt=0, recursion_misses=0, verified_insns=9}}}, 16) = "
	same := "nr_jited_ksyms=0, nr_jited_func_lens=0, jited_ksyms=NULL, jited_func_lens=NULL, btf_id=0, func_info_rec_size=0, func_info=NULL, nr_func_info=0, nr_line_info=0, line_info=NULL, jited_line_info=NULL, nr_jited_line_info=0, line_info_rec_size=0, jited_line_info_rec_size=0, nr_prog_tags=0, prog_tags=NULL, run_time_ns=0, run_cnt=0, recursion_misses=0, verified_insns=9}}}, 16) = "
	filled := info(86, 136, 0, 2, 0, 1, 1, 16, 1)
	asked := info(0, 336, insnAddr, 3, mapsAddr, 0, 0, 0, 0)
	twoInsns := le(nil).u8(0xb7).u8(0).u16(0).u32(0).u8(0x95).u8(0).u16(0).u32(0)
	cases := []struct {
		name string
		ev   *trace.Event
		want string
	}{
		{"first call", ev(0, 288, 232, zero, filled),
			head + "info_len=288 => 232, info={" + common + "jited_prog_len=0 => 86, jited_prog_insns=NULL, xlated_prog_len=0 => 136, xlated_prog_insns=NULL, " +
				load + "nr_map_ids=0 => 2, map_ids=NULL, " + tail + changed + "0"},
		{"failed", ev(-14, 232, 232, asked, asked),
			head + "info_len=232, info={" + common + "jited_prog_len=0, jited_prog_insns=NULL, xlated_prog_len=336, xlated_prog_insns=0x7f9113463000, " +
				load + "nr_map_ids=3, map_ids=0x7f911345d000, " + tail + same + "-1 EFAULT (Bad address)"},
		{"maps", ev(0, 232, 232, info(0, 0, insnAddr, 3, mapsAddr, 0, 0, 0, 0), info(86, 136, insnAddr, 2, mapsAddr, 1, 1, 16, 1),
			trace.Capture{}, trace.Capture{}, trace.Capture{Data: le(nil).u32(6250216).u32(6250215)}),
			head + "info_len=232, info={" + common + "jited_prog_len=0 => 86, jited_prog_insns=NULL, xlated_prog_len=0 => 136, xlated_prog_insns=[], " +
				load + "nr_map_ids=3 => 2, map_ids=[6250216, 6250215], " + tail + changed + "0"},
		{"instructions", ev(0, 232, 232, info(0, 16, insnAddr, 0, 0, 0, 0, 0, 0), info(0, 24, insnAddr, 0, 0, 0, 0, 0, 0),
			trace.Capture{}, trace.Capture{Data: append(twoInsns, 0, 0, 0, 0, 0, 0, 0, 0)}),
			head + "info_len=232, info={" + common + "jited_prog_len=0, jited_prog_insns=NULL, xlated_prog_len=16 => 24, xlated_prog_insns=[{code=BPF_ALU64|BPF_K|BPF_MOV, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}, {code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}], " +
				load + "nr_map_ids=0, map_ids=NULL, " + tail + same + "0"},
		{"cut at load_time", ev(0, 40, 40, zero[:40], filled[:40]),
			head + "info_len=40, info={" + common + "jited_prog_len=0 => 86, jited_prog_insns=NULL, xlated_prog_len=0 => 136, xlated_prog_insns=NULL}}}, 16) = 0"},
	}
	for _, c := range cases {
		if got := whole(d, c.ev); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// bootOffsetForTest is CLOCK_REALTIME's lead over CLOCK_BOOTTIME.
func bootOffsetForTest(t *testing.T) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_BOOTTIME, &ts); err != nil {
		t.Fatal(err)
	}
	return time.Since(time.Unix(ts.Unix()))
}
