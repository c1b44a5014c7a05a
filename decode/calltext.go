package decode

import "github.com/sctrace/sctrace/trace"

// Span is the [Start, End) byte range of one part of a call's text.
type Span struct{ Start, End int }

// CallText locates the parts of the text AppendCall wrote: the call's
// name, each argument as printed between the parentheses, and the result.
type CallText struct {
	Name Span
	// Args has one span per argument printed; an argument strace leaves
	// out (open's mode without O_CREAT) has none.
	Args []Span
	// Ret is the result after "= "; empty for a call that did not return.
	Ret Span
}

// AppendCall appends a call's text, "name(arguments) = result", as
// AppendEnter, AppendExit and AppendReturn print it, and records in ct
// where each part is, as it formats them. enter is the call's entry event
// and exit its exit, or nil for a call that never returned: its arguments
// are then completed from enter and it has no result. ct.Args is reused.
func (d *Decoder) AppendCall(b []byte, enter, exit *trace.Event, ct *CallText) []byte {
	ct.Name.Start = len(b)
	ct.Name.End = len(b) + len(d.lookup(enter).name)
	d.recording, d.seps = true, d.seps[:0]
	b = d.AppendEnter(b, enter)
	if exit != nil {
		b = d.AppendExit(b, exit)
	} else {
		b = d.AppendExit(b, enter)
	}
	d.recording = false
	ct.Args = argSpans(ct.Args[:0], ct.Name.End+1, len(b)-1, d.seps)
	ct.Ret = Span{}
	if exit != nil {
		b = append(b, " = "...)
		ct.Ret.Start = len(b)
		b = d.appendResult(b, exit)
		ct.Ret.End = len(b)
		b = appendTamperNote(b, exit)
	}
	return b
}

// argSpans appends the spans of the arguments printed in [open, close),
// separated by ", " at seps: none when nothing was printed.
func argSpans(spans []Span, open, close int, seps []int) []Span {
	if open >= close && len(seps) == 0 {
		return spans
	}
	start := open
	for _, s := range seps {
		spans = append(spans, Span{start, s})
		start = s + 2
	}
	return append(spans, Span{start, close})
}
