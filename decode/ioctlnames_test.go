package decode

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestIoctlNamesFresh regenerates zz_ioctl_names.go from data/ioctls.txt,
// as the generate directive does, and compares.
func TestIoctlNamesFresh(t *testing.T) {
	tmp := filepath.Join(t.TempDir(), "zz_ioctl_names.go")
	cmd := exec.Command("go", "run", "./internal/genioctls", "-out", tmp, "data/ioctls.txt")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("genioctls: %v\n%s", err, out)
	}
	want, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("zz_ioctl_names.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, have) {
		t.Fatal("zz_ioctl_names.go is stale: run make generate")
	}
}
