package decode

import "github.com/sctrace/sctrace/trace"

var landlockCreateRulesetFlags = &xlat{vals: []xv{{1, "LANDLOCK_CREATE_RULESET_VERSION"}}, dflt: "LANDLOCK_CREATE_RULESET_???"}

var landlockRuleTypes = &xlat{vals: []xv{{1, "LANDLOCK_RULE_PATH_BENEATH"}}, dflt: "LANDLOCK_RULE_???"}

var landlockAccessFS = &xlat{vals: []xv{
	{1 << 0, "LANDLOCK_ACCESS_FS_EXECUTE"}, {1 << 1, "LANDLOCK_ACCESS_FS_WRITE_FILE"},
	{1 << 2, "LANDLOCK_ACCESS_FS_READ_FILE"}, {1 << 3, "LANDLOCK_ACCESS_FS_READ_DIR"},
	{1 << 4, "LANDLOCK_ACCESS_FS_REMOVE_DIR"}, {1 << 5, "LANDLOCK_ACCESS_FS_REMOVE_FILE"},
	{1 << 6, "LANDLOCK_ACCESS_FS_MAKE_CHAR"}, {1 << 7, "LANDLOCK_ACCESS_FS_MAKE_DIR"},
	{1 << 8, "LANDLOCK_ACCESS_FS_MAKE_REG"}, {1 << 9, "LANDLOCK_ACCESS_FS_MAKE_SOCK"},
	{1 << 10, "LANDLOCK_ACCESS_FS_MAKE_FIFO"}, {1 << 11, "LANDLOCK_ACCESS_FS_MAKE_BLOCK"},
	{1 << 12, "LANDLOCK_ACCESS_FS_MAKE_SYM"}, {1 << 13, "LANDLOCK_ACCESS_FS_REFER"},
}, dflt: "LANDLOCK_ACCESS_FS_???"}

// enterLandlockCreateRuleset prints landlock_create_ruleset(2): the
// struct landlock_ruleset_attr (its handled_access_fs, then "..." when
// the size says more follows), the size and the flags.
func enterLandlockCreateRuleset(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const attrSize = 8
	addr, size := ev.Args[0], ev.Args[1]
	cp, ok := capOK(ev, 0)
	switch {
	case size < attrSize || addr == 0 || !ok || len(cp.Data) < attrSize:
		b = appendPtr(b, addr)
	default:
		b = append(b, "{handled_access_fs="...)
		b = d.flags(b, landlockAccessFS, le64(cp.Data, 0))
		if size > attrSize {
			b = append(b, ", ..."...)
		}
		b = append(b, '}')
	}
	b = d.sep(b)
	b = appendUint(b, size)
	b = d.sep(b)
	return d.flags(b, landlockCreateRulesetFlags, uint64(uint32(ev.Args[2])))
}

// retLandlockCreateRuleset prints the result: a descriptor, or the ABI
// version that LANDLOCK_CREATE_RULESET_VERSION asks for.
func retLandlockCreateRuleset(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	if ev.Args[2]&1 == 0 && d.opts.DecodeFDs != 0 {
		return d.appendFD(b, ev, uint64(ev.Ret))
	}
	return appendUint(b, uint64(ev.Ret))
}

// enterLandlockAddRule prints landlock_add_rule(2): a
// LANDLOCK_RULE_PATH_BENEATH rule's struct landlock_path_beneath_attr,
// any other rule's address.
func enterLandlockAddRule(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	const pathBeneath, attrSize = 1, 12
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	rule := uint64(uint32(ev.Args[1]))
	b = d.enum(b, landlockRuleTypes, rule)
	b = d.sep(b)
	addr := ev.Args[2]
	cp, ok := capOK(ev, 2)
	switch {
	case addr == 0:
		b = append(b, "NULL"...)
	case rule != pathBeneath || !ok || len(cp.Data) < attrSize:
		b = appendPtr(b, addr)
	default:
		b = append(b, "{allowed_access="...)
		b = d.flags(b, landlockAccessFS, le64(cp.Data, 0))
		b = append(b, ", parent_fd="...)
		b = d.appendFD(b, ev, uint64(le32(cp.Data, 8)))
		b = append(b, '}')
	}
	b = d.sep(b)
	return appendHex(b, uint64(uint32(ev.Args[3])))
}

// enterLandlockRestrictSelf prints landlock_restrict_self(2): the
// ruleset and its flags, an unsigned int in hex.
func enterLandlockRestrictSelf(d *Decoder, c *call, b []byte, ev *trace.Event) []byte {
	b = d.appendFD(b, ev, ev.Args[0])
	b = d.sep(b)
	return appendHex(b, uint64(uint32(ev.Args[1])))
}
