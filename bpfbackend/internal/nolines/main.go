// Command nolines removes the BTF line information from the eBPF objects
// named on its command line, in place (package btfext). make generate
// runs it after bpf2go; set SCTRACE_BPF_LINES=1 to keep the lines, which
// a verifier log then shows beside each instruction.
package main

import (
	"fmt"
	"os"

	"github.com/sctrace/sctrace/bpfbackend/internal/nolines/btfext"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: nolines OBJECT...")
		os.Exit(2)
	}
	if os.Getenv("SCTRACE_BPF_LINES") == "1" {
		return
	}
	for _, name := range os.Args[1:] {
		if err := strip(name); err != nil {
			fmt.Fprintf(os.Stderr, "nolines: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
}

func strip(name string) error {
	obj, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	changed, err := btfext.Strip(obj)
	if err != nil || !changed {
		return err
	}
	return os.WriteFile(name, obj, 0o644)
}
