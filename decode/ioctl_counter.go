package decode

import "github.com/sctrace/sctrace/trace"

// Requests of type '>' (linux/counter.h).
const (
	reqCounterAddWatch      = 0x40063e00
	reqCounterEnableEvents  = 0x3e01
	reqCounterDisableEvents = 0x3e02
	counterWatchSize        = 6
)

var counterComponentTypes = &xlat{vals: []xv{
	{0, "COUNTER_COMPONENT_NONE"}, {1, "COUNTER_COMPONENT_SIGNAL"}, {2, "COUNTER_COMPONENT_COUNT"},
	{3, "COUNTER_COMPONENT_FUNCTION"}, {4, "COUNTER_COMPONENT_SYNAPSE_ACTION"}, {5, "COUNTER_COMPONENT_EXTENSION"},
}, dflt: "COUNTER_COMPONENT_???"}

var counterScopes = &xlat{vals: []xv{
	{0, "COUNTER_SCOPE_DEVICE"}, {1, "COUNTER_SCOPE_SIGNAL"}, {2, "COUNTER_SCOPE_COUNT"},
}, dflt: "COUNTER_SCOPE_???"}

var counterEventTypes = &xlat{vals: []xv{
	{0, "COUNTER_EVENT_OVERFLOW"}, {1, "COUNTER_EVENT_UNDERFLOW"}, {2, "COUNTER_EVENT_OVERFLOW_UNDERFLOW"},
	{3, "COUNTER_EVENT_THRESHOLD"}, {4, "COUNTER_EVENT_INDEX"}, {5, "COUNTER_EVENT_CHANGE_OF_STATE"},
	{6, "COUNTER_EVENT_CAPTURE"},
}, dflt: "COUNTER_EVENT_???"}

func init() { ioctlFamilies['>'] = counterIoctl }

// counterIoctl decodes the counter character device's requests:
// COUNTER_ADD_WATCH_IOCTL's struct counter_watch at entry; the event
// switches take no argument.
func counterIoctl(d *Decoder, b []byte, ev *trace.Event, code uint32, exit bool) ([]byte, ioctlRes) {
	switch code {
	case reqCounterEnableEvents, reqCounterDisableEvents:
		return b, ioctlResDone
	case reqCounterAddWatch:
	default:
		return b, ioctlResUnknown
	}
	if exit {
		return b, ioctlResDone
	}
	b, p, ok := ioctlArg(d.sep(b), ev, counterWatchSize, exit)
	if !ok {
		return b, ioctlResDone
	}
	b = append(b, "{component={type="...)
	b = d.enum(b, counterComponentTypes, uint64(p[0]))
	b = append(b, ", scope="...)
	b = d.enum(b, counterScopes, uint64(p[1]))
	b = append(b, ", parent="...)
	b = appendUint(b, uint64(p[2]))
	b = append(b, ", id="...)
	b = appendUint(b, uint64(p[3]))
	b = append(b, "}, event="...)
	b = d.enum(b, counterEventTypes, uint64(p[4]))
	b = append(b, ", channel="...)
	b = appendUint(b, uint64(p[5]))
	return append(b, '}'), ioctlResDone
}
