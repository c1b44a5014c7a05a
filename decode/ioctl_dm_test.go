package decode

import (
	"testing"

	"github.com/sctrace/sctrace/syscalls"
	"github.com/sctrace/sctrace/trace"
)

// dmHeader is a struct dm_ioctl: version 4.minor.0, the payload's size
// and start, the counts, flags and device, name and uuid.
type dmHeader struct {
	minor, size, start, targets, open, flags, event uint32
	dev                                             uint64
	name, uuid                                      string
}

// str appends s's bytes.
func (l le) str(s string) le { return append(l, s...) }

func (h dmHeader) bytes() le {
	p := le(nil).u32(4).u32(h.minor).u32(0).u32(h.size).u32(h.start).u32(h.targets).u32(h.open).u32(h.flags).u32(h.event).u32(0).u64(h.dev)
	name, uuid := make([]byte, 128), make([]byte, 129)
	copy(name, h.name)
	copy(uuid, h.uuid)
	p = append(append(p, name...), uuid...)
	return p.pad(7)
}

// dmCall is an ioctl of device mapper request nr on descriptor 3 whose
// struct dm_ioctl was entry at entry and exit at exit, each with its
// payload (nil: none read), returning ret.
func dmCall(t *testing.T, nr uint32, ret int64, entry, entryPayload, exit, exitPayload []byte) *evb {
	return sc(t, "ioctl", ret, 3, uint64(syscalls.IoctlDMBase+nr), 0x1000).keptIoctl(exit, exitPayload, entry, entryPayload)
}

// TestIoctlDMExit: what strace's dm.c prints at exit, which its test
// (whose calls all fail) does not show: the struct again after " => "
// unless a failed call left it as it was, the counts of a success, and
// the payloads the kernel writes (devices, target versions, dependencies,
// a table's status), "..." abbreviated.
func TestIoctlDMExit(t *testing.T) {
	in := dmHeader{minor: 0, size: 16384}
	out := dmHeader{minor: 48, size: 16384}
	dev := dmHeader{minor: 0, size: 16384, dev: 0xfd00, name: "vg-root", uuid: "LVM-x"}
	devOut := dev
	devOut.minor, devOut.targets, devOut.open, devOut.event, devOut.flags = 48, 1, 2, 3, 1<<5

	// Two devices listed (the last entry's next is 0: no event number).
	devices := le(nil).u64(0xfd00).u32(32).str("vg-root\x00").pad(4).u32(5).pad(4).
		u64(0xfd01).u32(0).str("swap\x00").pad(3).u32(0)
	list := dmHeader{minor: 48, size: uint32(syscalls.DMIoctlSize + len(devices)), start: syscalls.DMIoctlSize}
	listIn := list
	listIn.minor, listIn.size = 0, 16384
	versions := le(nil).u32(32).u32(1).u32(4).u32(0).str("linear\x00").pad(9).
		u32(0).u32(1).u32(6).u32(0).str("striped\x00")
	vers := dmHeader{minor: 48, size: uint32(syscalls.DMIoctlSize + len(versions)), start: syscalls.DMIoctlSize}
	deps := le(nil).u32(2).u32(0).u64(0x801).u64(0x802)
	depsOut := dmHeader{minor: 48, size: uint32(syscalls.DMIoctlSize + len(deps)), start: syscalls.DMIoctlSize, targets: 1, dev: 0xfd00}
	depsIn := depsOut
	depsIn.minor, depsIn.targets = 0, 0
	spec := le(nil).u64(0).u64(2048).u32(0).u32(48).str("linear").pad(10).str("8:1 0\x00").pad(2)
	status := dmHeader{minor: 48, size: uint32(syscalls.DMIoctlSize + len(spec)), start: syscalls.DMIoctlSize, targets: 1, flags: 1 << 4, dev: 0xfd00}
	statusIn := status
	statusIn.minor, statusIn.targets = 0, 0
	msg := le(nil).u64(5).str("stats_list\x00")
	msgHdr := dmHeader{minor: 0, size: uint32(syscalls.DMIoctlSize + len(msg)), start: syscalls.DMIoctlSize, dev: 0xfd00}

	const (
		devText    = `dev=makedev(0xfd, 0), name="vg-root", uuid="LVM-x"`
		ebadfRet   = ` = -1 EBADF (Bad file descriptor)`
		headOut    = `{version=[4, 48, 0], data_size=`
		listed     = `{dev=makedev(0xfd, 0), name="vg-root", event_nr=5}, {dev=makedev(0xfd, 0x1), name="swap"}`
		versListed = `{name="linear", version=[1, 4, 0]}, {name="striped", version=[1, 6, 0]}`
	)
	for _, c := range []struct {
		name    string
		verbose bool
		ev      *evb
		want    string
	}{
		{"version", false, dmCall(t, dmVersion, 0, in.bytes(), nil, out.bytes(), nil),
			`ioctl(3, DM_VERSION, [{version=[4, 0, 0], data_size=16384, flags=0}] => [{version=[4, 48, 0], data_size=16384, flags=0}]) = 0`},
		{"failed, unchanged", false, dmCall(t, dmDevStatus, -9, dev.bytes(), nil, dev.bytes(), nil),
			`ioctl(3, DM_DEV_STATUS, [{version=[4, 0, 0], data_size=16384, ` + devText + `, flags=0}])` + ebadfRet},
		{"failed, changed", false, dmCall(t, dmDevStatus, -9, dev.bytes(), nil, devOut.bytes(), nil),
			`ioctl(3, DM_DEV_STATUS, [{version=[4, 0, 0], data_size=16384, ` + devText + `, flags=0}] => [` + headOut + `16384, ` + devText +
				`, flags=DM_ACTIVE_PRESENT_FLAG}])` + ebadfRet},
		{"status", false, dmCall(t, dmDevStatus, 0, dev.bytes(), nil, devOut.bytes(), nil),
			`ioctl(3, DM_DEV_STATUS, [{version=[4, 0, 0], data_size=16384, ` + devText + `, flags=0}] => [` + headOut + `16384, ` + devText +
				`, target_count=1, open_count=2, event_nr=3, flags=DM_ACTIVE_PRESENT_FLAG}]) = 0`},
		{"list devices", false, dmCall(t, dmListDevices, 0, listIn.bytes(), nil, list.bytes(), devices),
			`ioctl(3, DM_LIST_DEVICES, [{version=[4, 0, 0], data_size=16384, data_start=312, flags=0}] => [` + headOut + `368, data_start=312, flags=0}, ...]) = 0`},
		{"list devices -v", true, dmCall(t, dmListDevices, 0, listIn.bytes(), nil, list.bytes(), devices),
			`ioctl(3, DM_LIST_DEVICES, [{version=[4, 0, 0], data_size=16384, data_start=312, flags=0}] => [` + headOut + `368, data_start=312, flags=0}, ` + listed + `]) = 0`},
		{"list versions -v", true, dmCall(t, dmListVersions, 0, listIn.bytes(), nil, vers.bytes(), versions),
			`ioctl(3, DM_LIST_VERSIONS, [{version=[4, 0, 0], data_size=16384, data_start=312, flags=0}] => [` + headOut + `368, data_start=312, flags=0}, ` + versListed + `]) = 0`},
		{"deps -v", true, dmCall(t, dmTableDeps, 0, depsIn.bytes(), nil, depsOut.bytes(), deps),
			`ioctl(3, DM_TABLE_DEPS, [{version=[4, 0, 0], data_size=336, data_start=312, dev=makedev(0xfd, 0), flags=0}] => [` + headOut +
				`336, data_start=312, dev=makedev(0xfd, 0), target_count=1, open_count=0, event_nr=0, flags=0}, {count=2, deps=[makedev(0x8, 0x1), makedev(0x8, 0x2)]}]) = 0`},
		{"table status -v", true, dmCall(t, dmTableStatus, 0, statusIn.bytes(), nil, status.bytes(), spec),
			`ioctl(3, DM_TABLE_STATUS, [{version=[4, 0, 0], data_size=360, data_start=312, dev=makedev(0xfd, 0), flags=DM_STATUS_TABLE_FLAG}] => [` + headOut +
				`360, data_start=312, dev=makedev(0xfd, 0), target_count=1, open_count=0, event_nr=0, flags=DM_STATUS_TABLE_FLAG}, {sector_start=0, length=2048, status=0, target_type="linear", string="8:1 0"}]) = 0`},
		{"target message -v", true, dmCall(t, dmTargetMsg, -9, msgHdr.bytes(), msg, msgHdr.bytes(), msg),
			`ioctl(3, DM_TARGET_MSG, [{version=[4, 0, 0], data_size=331, data_start=312, dev=makedev(0xfd, 0), flags=0}, {sector=5, message="stats_list"}])` + ebadfRet},
		{"payload not read -v", true, dmCall(t, dmTargetMsg, -9, msgHdr.bytes(), nil, msgHdr.bytes(), nil),
			`ioctl(3, DM_TARGET_MSG, [{version=[4, 0, 0], data_size=331, data_start=312, dev=makedev(0xfd, 0), flags=0}, 0x1138])` + ebadfRet},
	} {
		d := New(Options{StringLimit: DefaultStringLimit, Verbose: c.verbose})
		if got := whole(d, c.ev.get()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}

	// A struct unread at entry: its exit's, after " => "; unread at exit
	// too: the address, at exit.
	ev := dmCall(t, dmVersion, 0, nil, nil, out.bytes(), nil)
	ev.ev.Captures[2].Elems[len(ev.ev.Captures[2].Elems)-1] = trace.Capture{Faulted: true}
	d := New(Options{StringLimit: DefaultStringLimit})
	if got, want := whole(d, ev.get()), `ioctl(3, DM_VERSION => [{version=[4, 48, 0], data_size=16384, flags=0}]) = 0`; got != want {
		t.Errorf("unread at entry:\n got %s\nwant %s", got, want)
	}
	ev = sc(t, "ioctl", 0, 3, uint64(syscalls.IoctlDMBase+dmVersion), 0x1000).fault(2)
	if got, want := whole(d, ev.get()), `ioctl(3, DM_VERSION, 0x1000) = 0`; got != want {
		t.Errorf("unread:\n got %s\nwant %s", got, want)
	}
}

// TestIoctlDMXlat: a device number prints as -X asks, as strace's
// print_dev_t (PRINT_FIELD_DEV) prints it.
func TestIoctlDMXlat(t *testing.T) {
	dev := dmHeader{minor: 0, size: 16384, dev: 0xfd00, name: "vg-root"}
	for style, want := range map[XlatStyle]string{
		XlatRaw:     `ioctl(3, 0xc138fd07, [{version=[4, 0, 0], data_size=16384, dev=0xfd00, name="vg-root", flags=0}])`,
		XlatVerbose: `ioctl(3, 0xc138fd07 /* DM_DEV_STATUS */, [{version=[4, 0, 0], data_size=16384, dev=0xfd00 /* makedev(0xfd, 0) */, name="vg-root", flags=0}])`,
	} {
		d := New(Options{StringLimit: DefaultStringLimit, Xlat: style})
		ev := dmCall(t, dmDevStatus, -9, dev.bytes(), nil, dev.bytes(), nil)
		if got := whole(d, ev.get()); got != want+ebadf {
			t.Errorf("-X %d:\n got %s\nwant %s", style, got, want+ebadf)
		}
	}
}
