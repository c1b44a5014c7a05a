// Command goconsts writes bpf/zz_goconsts.h, the values of the Go
// constants the eBPF programs use (see package header), so that C takes
// them from Go instead of copying them.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sctrace/sctrace/bpfbackend/internal/goconsts/header"
)

func main() {
	out := flag.String("out", "bpf/zz_goconsts.h", "the C header to write")
	flag.Parse()
	if err := os.WriteFile(*out, header.Render(), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "goconsts: %v\n", err)
		os.Exit(1)
	}
}
