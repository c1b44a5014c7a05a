package decode

import (
	"github.com/sctrace/sctrace/trace"
)

// Key management: add_key and request_key.

// keySpecs are the special keyring serial numbers (KEY_SPEC_*), as
// unsigned 32-bit values.
var keySpecs = &xlat{vals: []xv{
	{0xffffffff, "KEY_SPEC_THREAD_KEYRING"}, {0xfffffffe, "KEY_SPEC_PROCESS_KEYRING"},
	{0xfffffffd, "KEY_SPEC_SESSION_KEYRING"}, {0xfffffffc, "KEY_SPEC_USER_KEYRING"},
	{0xfffffffb, "KEY_SPEC_USER_SESSION_KEYRING"}, {0xfffffffa, "KEY_SPEC_GROUP_KEYRING"},
	{0xfffffff9, "KEY_SPEC_REQKEY_AUTH_KEY"}, {0xfffffff8, "KEY_SPEC_REQUESTOR_KEYRING"},
}}

// appendKeySerial prints a key_serial_t: a KEY_SPEC_* name or a signed
// decimal number.
func (d *Decoder) appendKeySerial(b []byte, v uint64) []byte {
	mark, u := len(b), uint64(uint32(v))
	if s, ok := keySpecs.lookup(u); ok {
		b = append(b, s...)
	} else {
		b = appendInt(b, int64(int32(v)))
	}
	return d.restyle(b, mark, uint64(int64(int32(v))), numDecimal)
}

// enterKey prints add_key and request_key: the generic printers of all
// arguments but the last, a keyring serial number.
func enterKey(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	last := len(c.args) - 1
	for i := 0; i < last; i++ {
		b = c.args[i](d, b, ev, i)
		b = d.sep(b)
	}
	return d.appendKeySerial(b, ev.Args[last])
}
