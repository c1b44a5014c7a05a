package main

import (
	"strings"
	"testing"

	"github.com/sctrace/sctrace/decode"
)

func TestFormatFlags(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		fds    decode.FDDecode
		xlat   decode.XlatStyle
		output string
	}{
		{[]string{"true"}, 0, decode.XlatAbbrev, "text"},
		{[]string{"-y", "true"}, decode.FDPath, decode.XlatAbbrev, "text"},
		{[]string{"-yy", "true"}, decode.FDAll, decode.XlatAbbrev, "text"},
		{[]string{"-y", "-y", "true"}, decode.FDAll, decode.XlatAbbrev, "text"},
		{[]string{"--decode-fds", "true"}, decode.FDPath, decode.XlatAbbrev, "text"},
		{[]string{"--decode-fds=socket,dev", "true"}, decode.FDSocket | decode.FDDev, decode.XlatAbbrev, "text"},
		{[]string{"--decode-fds=!path", "true"}, decode.FDSocket | decode.FDDev | decode.FDPidfd, decode.XlatAbbrev, "text"},
		{[]string{"-X", "raw", "true"}, 0, decode.XlatRaw, "text"},
		{[]string{"-Xverbose", "true"}, 0, decode.XlatVerbose, "text"},
		{[]string{"--output-format=json", "true"}, 0, decode.XlatAbbrev, "json"},
		{[]string{"--output-format=perfetto", "-f", "-o", "t.json", "true"}, 0, decode.XlatAbbrev, "perfetto"},
	} {
		cfg, err := parseArgs(tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if cfg.format.decodeFDs != tc.fds || cfg.format.xlatStyle() != tc.xlat || cfg.format.output != tc.output {
			t.Errorf("%q: fds %b xlat %d output %q", tc.args, cfg.format.decodeFDs, cfg.format.xlatStyle(), cfg.format.output)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-X", "foo", "true"}, "invalid -X argument: 'foo'"},
		{[]string{"--decode-fds=foo", "true"}, "invalid decode-fds 'foo'"},
		{[]string{"--output-format=xml", "true"}, "invalid --output-format argument: 'xml'"},
		{[]string{"--const-print-style=foo", "true"}, "invalid --const-print-style argument: 'foo'"},
		{[]string{"-yy", "--decode-fds=path", "true"}, "-y and --decode-fds cannot be provided simultaneously"},
		{[]string{"--decode-fds=dev", "-y", "true"}, "-y and --decode-fds cannot be provided simultaneously"},
		{[]string{"-y", "--decode-fds=device", "true"}, "invalid decode-fds 'device'"},
		{[]string{"--output-format=perfetto", "-ff", "-o", "t", "true"}, "--output-format=perfetto and -ff/--output-separately are mutually exclusive"},
		{[]string{"--output-format=perfetto", "-A", "-o", "t", "true"}, "--output-format=perfetto and -A/--output-append-mode are mutually exclusive"},
	} {
		_, err := parseArgs(tc.args)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("parseArgs(%q) = %v, want %q", tc.args, err, tc.want)
		}
	}
}
