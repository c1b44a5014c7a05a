package main

import (
	"strings"
	"testing"
)

// FuzzParseArgs: any command line is parsed or rejected with a one-line
// message; none panics.
func FuzzParseArgs(f *testing.F) {
	for _, seed := range []string{
		"-f -o out ls -l", "-ff -s 64 -e trace=open true", "-p 1,2 -p 3", "-s abc true", "-tttT -xx -a 10 true",
		"--backend=ebpf true", "-Q", "--", "-o", "-e", "-q -qq -v -z -Z -r true",
		"-u nobody -E A=1 -E B true", "--seccomp-bpf -f -e trace=accept true", "--cpu-placement=x true",
		"-c -S calls -U name,p99 true", "-yy -X verbose --output-format=json true", "--output-format=perfetto -ff -o t true", "-e read=1 -e write=all true",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cfg, err := parseArgs(strings.Fields(line))
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Errorf("parseArgs(%q): error %q is not one line", line, msg)
			}
			return
		}
		if cfg.help || cfg.version {
			return
		}
		if len(cfg.command) == 0 && len(cfg.pids) == 0 {
			t.Errorf("parseArgs(%q) accepted a line with nothing to trace", line)
		}
		if _, err := buildSpec(cfg, nil); err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Errorf("buildSpec(%q): error %q is not one line", line, msg)
			}
		}
	})
}
