package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// MountBtrfs makes a 256 MiB btrfs file system in a temporary image,
// mounts it on a loop device for the test's duration, and returns its
// mount point. It skips (fails under CI) without root, mkfs.btrfs or a
// loop device that mounts.
func MountBtrfs(t testing.TB) string {
	t.Helper()
	RequireRoot(t)
	mkfs := RequireCommand(t, "mkfs.btrfs")
	dir := t.TempDir()
	img, mnt := filepath.Join(dir, "btrfs.img"), filepath.Join(dir, "mnt")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(img)
	if err == nil {
		err = f.Truncate(256 << 20)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Fatalf("btrfs image: %v", err)
	}
	if out, err := exec.Command(mkfs, "-q", "-f", img).CombinedOutput(); err != nil {
		t.Fatalf("mkfs.btrfs: %v: %s", err, out)
	}
	if out, err := exec.Command("mount", "-o", "loop", img, mnt).CombinedOutput(); err != nil {
		skipOrFail(t, "needs a loop-mounted btrfs file system: mount: "+strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", mnt).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", mnt, err, out)
		}
	})
	return mnt
}
