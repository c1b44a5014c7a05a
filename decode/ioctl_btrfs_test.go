package decode

import (
	"strconv"
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// btrfsCall is an ioctl of request req on descriptor 3 at 0x1000 whose
// argument's capture is p, returning ret.
func btrfsCall(t *testing.T, req uint32, ret int64, p []byte) *evb {
	return sc(t, "ioctl", ret, 3, uint64(req), 0x1000).data(2, p)
}

// sized pads l with zeros to n bytes.
func (l le) sized(n int) le { return l.pad(n - len(l)) }

// cat appends m's bytes.
func (l le) cat(m le) le { return append(l, m...) }

// TestIoctlBtrfsExit: what strace's btrfs.c prints at exit for the
// requests that strace's own btrfs tests do not make succeed on a file
// system of their own (the device replace and scrub status, the balance
// progress, a received subvolume's times, the quota getters), and the
// limits of what the capture holds.
func TestIoctlBtrfsExit(t *testing.T) {
	balanceArgs := le(nil).u64(0x11).u64(30).u64(0x801).u64(0).u64(^uint64(0)).u64(0).u64(^uint64(0)).u64(0).u64(0x2)
	balance := le(nil).u64(btrfsBalanceData).u64(1).cat(balanceArgs.sized(136)).sized(1024)
	replace := le(nil).u64(btrfsReplaceCmdStatus).u64(0).u64(1).u64(123).u64(0).u64(1463193386).u64(2).u64(3).sized(2600)
	devInfo := le(nil).u64(1).u64(0x0123456789abcdef).u64(0x1032547698badcfe).u64(4096).u64(1 << 30).sized(3072).str("/dev/loop0").sized(4096)
	scrub := le(nil).u64(1).u64(0).u64(^uint64(0)).u64(0)
	for k := uint64(1); k <= 15; k++ {
		scrub = scrub.u64(k)
	}
	received := le(nil).pad(16).u64(7).u64(9).u64(0).u32(0).pad(4).u64(1463193386).u32(12345).pad(4).sized(200)
	lookupIn := le(nil).u64(0).u64(btrfsFirstFreeObjectID).sized(4096)
	lookupOut := le(nil).u64(5).u64(btrfsFirstFreeObjectID).str("dir/file").sized(4096)
	limit := le(nil).u64(257).u64(1).u64(1 << 20).u64(0).u64(0).u64(0)
	rescan := le(nil).u64(0).u64(btrfsFirstFreeObjectID).sized(64)
	// A search that found three items, the last past what the capture
	// holds of the buffer.
	key := le(nil).u64(5).u64(btrfsFirstFreeObjectID).u64(btrfsLastFreeObjectID).u64(0).u64(^uint64(0)).u64(0).u64(^uint64(0)).u32(1).u32(1).u32(3).sized(104)
	hdr := func(l le, objectid uint64, n uint32) le { return l.u64(9).u64(objectid).u64(0).u32(1).u32(n) }
	fullV2 := hdr(hdr(hdr(key.u64(8192), 256, 160).pad(160), 257, 3800).pad(3800), 258, 0).sized(int(syscalls.BtrfsSearchEnd(8192)))
	searchV2 := fullV2[:syscalls.IoctlArgMax]

	// The entry's struct asks for the containing root (treeid 0): the
	// tree the kernel found prints at exit.
	d := New(Options{StringLimit: DefaultStringLimit})
	entry := btrfsCall(t, reqBtrfsInoLookup, 0, lookupIn).enter()
	exit := sc(t, "ioctl", 0, 3, reqBtrfsInoLookup, 0x1000).keptIoctl(lookupOut, nil, lookupIn, nil)
	got := string(d.AppendReturn(append(d.AppendExit(d.AppendEnter(nil, entry.get()), exit.get()), ' '), exit.get()))
	if want := `ioctl(3, BTRFS_IOC_INO_LOOKUP, {treeid=0, objectid=BTRFS_FIRST_FREE_OBJECTID} => {treeid=BTRFS_FS_TREE_OBJECTID, name="dir/file"}) = 0`; got != want {
		t.Errorf("ino lookup:\n got %s\nwant %s", got, want)
	}

	for _, c := range []struct {
		name    string
		verbose bool
		ev      *evb
		want    string
	}{
		{"balance progress", false, btrfsCall(t, reqBtrfsBalanceProgress, 0, balance),
			`ioctl(3, BTRFS_IOC_BALANCE_PROGRESS, {flags=BTRFS_BALANCE_DATA, state=BTRFS_BALANCE_STATE_RUNNING, data={profiles=BTRFS_BLOCK_GROUP_DATA|BTRFS_BLOCK_GROUP_RAID1, ` +
				`usage=30, devid=makedev(0x8, 0x1), pstart=0, pend=UINT64_MAX, vstart=0, vend=UINT64_MAX, target=0, flags=BTRFS_BALANCE_ARGS_USAGE}}) = 0`},
		{"dev replace status", false, btrfsCall(t, reqBtrfsDevReplace, 0, replace),
			`ioctl(3, BTRFS_IOC_DEV_REPLACE, {cmd=BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS} => {result=BTRFS_IOCTL_DEV_REPLACE_RESULT_NO_ERROR, ` +
				`status={replace_state=BTRFS_IOCTL_DEV_REPLACE_STATE_STARTED, progress_1000=123 /* 12.3% */, time_started=0, ` +
				`time_stopped=1463193386 /* 2016-05-14T02:36:26+0000 */, num_write_errors=2, num_uncorrectable_read_errors=3}}) = 0`},
		{"dev info", false, btrfsCall(t, reqBtrfsDevInfo, 0, devInfo),
			`ioctl(3, BTRFS_IOC_DEV_INFO, {devid=makedev(0, 0x1), uuid=efcdab89-6745-2301-fedc-ba9876543210} => ` +
				`{uuid=efcdab89-6745-2301-fedc-ba9876543210, bytes_used=4096, total_bytes=1073741824, path="/dev/loop0"}) = 0`},
		{"scrub progress", false, btrfsCall(t, reqBtrfsScrubProgress, 0, scrub.sized(1024)),
			`ioctl(3, BTRFS_IOC_SCRUB_PROGRESS, {devid=makedev(0, 0x1)} => {progress={data_extents_scrubbed=1, tree_extents_scrubbed=2, ` +
				`data_bytes_scrubbed=3, tree_bytes_scrubbed=4, read_errors=5, csum_errors=6, verify_errors=7, no_csum=8, csum_discards=9, ` +
				`super_errors=10, malloc_errors=11, uncorrectable_errors=12, corrected_errors=13, last_physical=14, unverified_errors=15}}) = 0`},
		{"received subvol", false, btrfsCall(t, reqBtrfsSetReceivedSubvol, 0, received),
			`ioctl(3, BTRFS_IOC_SET_RECEIVED_SUBVOL, {uuid=00000000-0000-0000-0000-000000000000, stransid=7, stime={sec=0, nsec=0}, flags=0} => ` +
				`{rtransid=9, rtime={sec=1463193386, nsec=12345} /* 2016-05-14T02:36:26.000012345+0000 */}) = 0`},
		{"qgroup limit", false, btrfsCall(t, reqBtrfsQgroupLimit, 0, limit),
			`ioctl(3, BTRFS_IOC_QGROUP_LIMIT, {qgroupid=257, lim={flags=BTRFS_QGROUP_LIMIT_MAX_RFER, max_rfer=1048576, max_excl=0, rsv_rfer=0, rsv_excl=0}}) = 0`},
		{"quota rescan status", false, btrfsCall(t, reqBtrfsQuotaRescanStatus, 0, rescan),
			`ioctl(3, BTRFS_IOC_QUOTA_RESCAN_STATUS, {flags=0, progress=BTRFS_FIRST_FREE_OBJECTID}) = 0`},
		{"start sync", false, btrfsCall(t, reqBtrfsStartSync, 0, le(nil).u64(42)),
			`ioctl(3, BTRFS_IOC_START_SYNC, [42]) = 0`},
		{"subvol flags", false, btrfsCall(t, reqBtrfsSubvolGetflags, 0, le(nil).u64(2)),
			`ioctl(3, BTRFS_IOC_SUBVOL_GETFLAGS, BTRFS_SUBVOL_RDONLY) = 0`},
		{"search headers past the capture, its rest not read -v", true, btrfsCall(t, reqBtrfsTreeSearchV2, 0, searchV2),
			`ioctl(3, BTRFS_IOC_TREE_SEARCH_V2, {key={tree_id=BTRFS_FS_TREE_OBJECTID, min_objectid=BTRFS_FIRST_FREE_OBJECTID, ` +
				`max_objectid=BTRFS_LAST_FREE_OBJECTID, min_offset=0, max_offset=UINT64_MAX, min_transid=0, max_transid=UINT64_MAX, ` +
				`min_type=BTRFS_INODE_ITEM_KEY, max_type=BTRFS_INODE_ITEM_KEY, nr_items=3}, buf_size=8192} => {key={nr_items=3}, buf_size=8192, ` +
				`buf=[{transid=9, objectid=BTRFS_FIRST_FREE_OBJECTID, offset=0, type=BTRFS_INODE_ITEM_KEY, len=160}, ` +
				`{transid=9, objectid=257, offset=0, type=BTRFS_INODE_ITEM_KEY, len=3800}, ...]}) = 0`},
		{"search headers in the buffer's rest -v", true, btrfsCall(t, reqBtrfsTreeSearchV2, 0, searchV2).elemCaps(2, trace.Capture{Data: fullV2[syscalls.IoctlArgMax:]}),
			`ioctl(3, BTRFS_IOC_TREE_SEARCH_V2, {key={tree_id=BTRFS_FS_TREE_OBJECTID, min_objectid=BTRFS_FIRST_FREE_OBJECTID, ` +
				`max_objectid=BTRFS_LAST_FREE_OBJECTID, min_offset=0, max_offset=UINT64_MAX, min_transid=0, max_transid=UINT64_MAX, ` +
				`min_type=BTRFS_INODE_ITEM_KEY, max_type=BTRFS_INODE_ITEM_KEY, nr_items=3}, buf_size=8192} => {key={nr_items=3}, buf_size=8192, ` +
				`buf=[{transid=9, objectid=BTRFS_FIRST_FREE_OBJECTID, offset=0, type=BTRFS_INODE_ITEM_KEY, len=160}, ` +
				`{transid=9, objectid=257, offset=0, type=BTRFS_INODE_ITEM_KEY, len=3800}, {transid=9, objectid=258, offset=0, type=BTRFS_INODE_ITEM_KEY, len=0}]}) = 0`},
		{"search headers up to unreadable memory -v", true, btrfsCall(t, reqBtrfsTreeSearchV2, 0, searchV2[:112+32+160]),
			`ioctl(3, BTRFS_IOC_TREE_SEARCH_V2, {key={tree_id=BTRFS_FS_TREE_OBJECTID, min_objectid=BTRFS_FIRST_FREE_OBJECTID, ` +
				`max_objectid=BTRFS_LAST_FREE_OBJECTID, min_offset=0, max_offset=UINT64_MAX, min_transid=0, max_transid=UINT64_MAX, ` +
				`min_type=BTRFS_INODE_ITEM_KEY, max_type=BTRFS_INODE_ITEM_KEY, nr_items=3}, buf_size=8192} => {key={nr_items=3}, buf_size=8192, ` +
				`buf=[{transid=9, objectid=BTRFS_FIRST_FREE_OBJECTID, offset=0, type=BTRFS_INODE_ITEM_KEY, len=160}, ... /* 0x1130 */]}) = 0`},
		{"failed: nothing at exit", false, btrfsCall(t, reqBtrfsDevReplace, -9, replace),
			`ioctl(3, BTRFS_IOC_DEV_REPLACE, {cmd=BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS})` + ebadf},
		{"unreadable", false, btrfsCall(t, reqBtrfsDevReplace, 0, nil).fault(2),
			`ioctl(3, BTRFS_IOC_DEV_REPLACE, 0x1000) = 0`},
	} {
		d := New(Options{StringLimit: DefaultStringLimit, Verbose: c.verbose})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestIoctlBtrfsNested: the objects the argument points to, from its
// nested capture (syscalls.IoctlNestedObjects): a container's paths, and
// an array cut by unreadable memory or by the capture's end.
func TestIoctlBtrfsNested(t *testing.T) {
	args := le(nil).u64(314).u64(16384).pad(32).u64(0x2000)
	paths := le(nil).u32(4055).u32(0).u32(2).u32(0).u64(16).u64(20).str("a/b\x00c\x00")
	ev := btrfsCall(t, reqBtrfsInoPaths, 0, args).elemCaps(2, trace.Capture{Data: paths})
	d := New(Options{StringLimit: DefaultStringLimit, Verbose: true})
	want := `ioctl(3, BTRFS_IOC_INO_PATHS, {inum=314, size=16384, fspath=0x2000} => {fspath={bytes_left=4055, bytes_missing=0, elem_cnt=2, elem_missed=0, val=["a/b", "c"]}}) = 0`
	if got := whole(d, ev.get()); got != want {
		t.Errorf("paths:\n got %s\nwant %s", got, want)
	}

	send := le(nil).u64(4).u64(3).u64(0x3000).u64(257).u64(0).sized(72)
	sources := le(nil).u64(256).u64(300)
	for _, c := range []struct {
		name   string
		nested []byte
		want   string
	}{
		{"cut by unreadable memory", sources, `[BTRFS_FIRST_FREE_OBJECTID, 300, ... /* 0x3010 */]`},
		{"unreadable", nil, `0x3000`},
	} {
		ev := sc(t, "ioctl", -9, 3, reqBtrfsSend, 0x1000).data(2, send).elemCaps(2, trace.Capture{Data: c.nested, Faulted: c.nested == nil})
		want := `ioctl(3, BTRFS_IOC_SEND, {send_fd=4, clone_sources_count=3, clone_sources=` + c.want + `, parent_root=257, flags=0})` + ebadf
		if got := whole(d, ev.get()); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}

	// A nested capture that holds all it copies (IoctlNestedMax bytes) and
	// not all the array: "..." after the elements it holds.
	n := syscalls.IoctlNestedMax/8 + 1
	many := le(nil).u64(4).u64(uint64(n)).u64(0x3000).u64(257).u64(0).sized(72)
	full := make(le, 0, syscalls.IoctlNestedMax)
	want = "["
	for k := 0; k < n-1; k++ {
		full = full.u64(1000 + uint64(k))
		want += strconv.Itoa(1000+k) + ", "
	}
	ev = sc(t, "ioctl", -9, 3, reqBtrfsSend, 0x1000).data(2, many).elemCaps(2, trace.Capture{Data: full})
	want = `ioctl(3, BTRFS_IOC_SEND, {send_fd=4, clone_sources_count=` + strconv.Itoa(n) + `, clone_sources=` + want + `...], parent_root=257, flags=0})` + ebadf
	if got := whole(d, ev.get()); got != want {
		t.Errorf("cut by the capture:\n got %s\nwant %s", got, want)
	}
}
