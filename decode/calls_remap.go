package decode

import "github.com/sctrace/sctrace/trace"

// enterRemapFilePages prints remap_file_pages(2): its flags are mmap's,
// printed as mmap prints them.
func enterRemapFilePages(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	for i := 0; i < 4; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	mark := len(b)
	return d.restyle(appendMmapFlags(b, ev.Args[4]), mark, ev.Args[4], numHex)
}
