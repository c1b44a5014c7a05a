package reliability

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/sctrace/sctrace/internal/testutil"
)

// bpfObjects are the ids of the BPF programs and links that exist.
type bpfObjects struct {
	progs, links map[uint32]bool
}

// listBPF returns the BPF programs and links that exist now.
func listBPF(t *testing.T) bpfObjects {
	t.Helper()
	objs := bpfObjects{progs: map[uint32]bool{}, links: map[uint32]bool{}}
	for id := ebpf.ProgramID(0); ; {
		next, err := ebpf.ProgramGetNextID(id)
		if errors.Is(err, os.ErrNotExist) {
			break
		}
		if err != nil {
			t.Fatalf("list BPF programs: %v", err)
		}
		objs.progs[uint32(next)] = true
		id = next
	}
	for id := uint32(0); ; {
		next, err := linkGetNextID(id)
		if err == unix.ENOENT {
			break
		}
		if err != nil {
			t.Fatalf("list BPF links: %v", err)
		}
		objs.links[next] = true
		id = next
	}
	return objs
}

// linkGetNextID returns the id of the BPF link after start
// (BPF_LINK_GET_NEXT_ID), without opening it: cilium/ebpf's link.Iterator
// opens each, which fails (EAGAIN) on a link being released.
func linkGetNextID(start uint32) (uint32, error) {
	attr := struct{ start, next, flags uint32 }{start: start}
	_, _, errno := unix.Syscall(unix.SYS_BPF, unix.BPF_LINK_GET_NEXT_ID, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr))
	if errno != 0 {
		return 0, errno
	}
	return attr.next, nil
}

// bpfHolders maps "prog N" and "link N" to the processes that hold a
// descriptor of that object (a link's holders hold its program too), from
// every /proc/PID/fdinfo.
func bpfHolders() map[string][]int {
	holders := map[string][]int{}
	infos, _ := filepath.Glob("/proc/[0-9]*/fdinfo/*")
	for _, f := range infos {
		pid, _ := strconv.Atoi(strings.Split(f, "/")[2])
		file, err := os.Open(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			key, value, ok := strings.Cut(sc.Text(), ":")
			if ok && (key == "prog_id" || key == "link_id") {
				name := strings.TrimSuffix(key, "_id") + " " + strings.TrimSpace(value)
				if !slices.Contains(holders[name], pid) {
					holders[name] = append(holders[name], pid)
				}
			}
		}
		file.Close()
	}
	return holders
}

// bpfLeftTimeout bounds the wait for the kernel to free the objects of a
// killed sctrace: it frees them as their last descriptor closes, which
// the tracer's exit does, so this only bounds a failure.
const bpfLeftTimeout = 5 * time.Second

// checkNoBPFLeft fails if a BPF program or link created since before is
// held by a process whose environment holds marker (one sctrace started),
// or is still there, held by no process, after bpfLeftTimeout. Objects
// that other processes hold are theirs: tests of other packages may trace
// meanwhile.
func checkNoBPFLeft(t *testing.T, before bpfObjects, marker, when string) {
	t.Helper()
	var held, unheld []string
	testutil.Eventually(bpfLeftTimeout, func() bool {
		unheld = unheld[:0]
		now := listBPF(t)
		var created []string
		for id := range now.progs {
			if !before.progs[id] {
				created = append(created, fmt.Sprintf("prog %d", id))
			}
		}
		for id := range now.links {
			if !before.links[id] {
				created = append(created, fmt.Sprintf("link %d", id))
			}
		}
		if len(created) == 0 {
			return true
		}
		holders, marked := bpfHolders(), markedProcesses(marker)
		for _, obj := range created {
			if len(holders[obj]) == 0 {
				// Freed as the last descriptor closes: it may be going.
				unheld = append(unheld, obj)
			}
			for _, pid := range holders[obj] {
				if slices.Contains(marked, pid) {
					held = append(held, fmt.Sprintf("%s held by process %d", obj, pid))
				}
			}
		}
		return len(held) > 0 || len(unheld) == 0
	})
	if len(held) > 0 {
		t.Errorf("BPF objects of a killed sctrace held by processes it started (%s): %s", when, strings.Join(held, ", "))
	}
	if len(unheld) > 0 {
		t.Errorf("BPF objects of a killed sctrace still there after %v, held by no process (%s): %s",
			bpfLeftTimeout, when, strings.Join(unheld, ", "))
	}
}
