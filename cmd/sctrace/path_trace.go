package main

import (
	"fmt"
	"io"

	"github.com/sctrace/sctrace/decode"
	"github.com/sctrace/sctrace/fdpath"
	"github.com/sctrace/sctrace/pathtrace"
	"github.com/sctrace/sctrace/trace"
)

// pathSelector returns the -P selector, or nil without -P, and the
// resolver it needs of its own when -y has none (to be fed every event
// and closed).
func pathSelector(cfg *config, backend trace.Backend, fds *fdpath.Resolver) (*pathtrace.Selector, *fdpath.Resolver) {
	if len(cfg.tracePaths) == 0 {
		return nil, nil
	}
	var own *fdpath.Resolver
	if fds == nil {
		mode := fdpath.Learned
		if backend.Capabilities().Stops {
			mode = fdpath.Live
		}
		own = fdpath.New(mode, decode.HexNone)
		if len(cfg.command) > 0 {
			own.InheritFromSelf()
		}
		fds = own
	}
	sel := pathtrace.New(fds)
	for _, p := range cfg.tracePaths {
		sel.Add(p)
	}
	return sel, own
}

// announceTracePaths says, as strace does, which -P paths stand for
// another path (symbolic links, "..", repeated slashes).
func announceTracePaths(paths []string, w io.Writer) {
	for _, p := range paths {
		if real := pathtrace.Resolve(p); real != "" {
			q := decode.AppendQuoted(nil, []byte(p), decode.HexNone)
			rq := decode.AppendQuoted(nil, []byte(real), decode.HexNone)
			fmt.Fprintf(w, "%s: Requested path %s resolved into %s\n", progName, q, rq)
		}
	}
}
