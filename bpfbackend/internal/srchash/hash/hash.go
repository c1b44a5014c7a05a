// Package hash computes the hash of the eBPF programs' sources that
// bpfbackend records beside its compiled objects.
package hash

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Dir returns the SHA-256 of the names and contents of dir's *.c and *.h
// files, in name order.
func Dir(dir string) (string, error) {
	var names []string
	for _, pat := range []string{"*.c", "*.h"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return "", err
		}
		names = append(names, m...)
	}
	if len(names) == 0 {
		return "", fmt.Errorf("no *.c or *.h files in %s", dir)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(n), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
