package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sctrace/sctrace/internal/testutil"
)

// TestBtrfsSearch traces a BTRFS_IOC_TREE_SEARCH_V2 on a btrfs file
// system of its own (an image on a loop device, testutil.MountBtrfs) whose
// item headers run past the page read with the search's struct
// (syscalls.IoctlBtrfsSearchV2), and compares sctrace's
// lines, on both backends, with strace's, under -v (the headers of -s plus
// one items) and without.
func TestBtrfsSearch(t *testing.T) {
	strace, sctrace := tracers(t)
	testutil.RequireBPF(t)
	mnt := testutil.MountBtrfs(t)
	// Forty files of a kilobyte, each an inline extent in the tree, all
	// on disk before the searches, which then find the same items.
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(mnt, "f"+strconv.Itoa(i)), bytes.Repeat([]byte("sctrace "), 125), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("sync", "-f", mnt).CombinedOutput(); err != nil {
		t.Fatalf("sync: %v: %s", err, out)
	}
	prog := workload(t, "btrfssearch")
	for _, flags := range [][]string{{"-v"}, nil} {
		args := append(append([]string(nil), flags...), "-e", "trace=ioctl", prog, mnt)
		want, res := traceFile(t, strace, args...)
		if res.exit != 0 || !strings.Contains(want, "BTRFS_IOC_TREE_SEARCH_V2") {
			t.Fatalf("strace %q: the workload exited with %d:\n%s", flags, res.exit, want)
		}
		for _, backend := range []string{"ptrace", "ebpf"} {
			got, _ := traceFile(t, sctrace, append([]string{"--backend=" + backend}, args...)...)
			if d := sameLines(normalized(want), normalized(got)); d != "" {
				t.Errorf("%s %q: differs from strace at %s", backend, flags, d)
			}
		}
	}
}
