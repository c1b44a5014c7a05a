package decode

import "testing"

// Expected strings are from strace 6.1's ioctl_gpio.c.
func TestIoctlGpio(t *testing.T) {
	chip := le(nil)
	chip = append(chip, "chip name"...)
	chip = chip.pad(32 - 9)
	chip = append(chip, "chip label"...)
	chip = chip.pad(32 - 10).u32(0xca)
	values := le(nil).u64(0xcacafeedfacecafe).u64(0xfadebeaddeedbabe)
	cfg := le(nil).u64(0x102).u32(1).pad(20).u32(gpioV2AttrFlags).u32(0xfeedface).u64(0xdeadbeefba11c0da).u64(1).pad(9 * 24)
	runIoctlCases(t, []ioctlCase{
		{"chipinfo", XlatAbbrev, sc(t, "ioctl", 0, 3, reqGpioGetChipInfo, 0x1000).data(2, chip),
			`ioctl(3, GPIO_GET_CHIPINFO_IOCTL, {name="chip name", label="chip label", lines=202}) = 0`},
		{"get values", XlatAbbrev, sc(t, "ioctl", 0, 3, reqGpioV2LineGetValues, 0x1000).data(2, values),
			`ioctl(3, GPIO_V2_LINE_GET_VALUES_IOCTL, {mask=0xfadebeaddeedbabe} => {bits=0xcacafeedfacecafe}) = 0`},
		{"get values failed", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqGpioV2LineGetValues, 0x1000).data(2, values),
			`ioctl(-1, GPIO_V2_LINE_GET_VALUES_IOCTL, {mask=0xfadebeaddeedbabe}) = -1 EBADF (Bad file descriptor)`},
		{"set config", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqGpioV2LineSetConfig, 0x1000).data(2, cfg),
			`ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, {flags=GPIO_V2_LINE_FLAG_ACTIVE_LOW|GPIO_V2_LINE_FLAG_BIAS_PULL_UP, num_attrs=1, attrs=[{attr={id=1, padding=0xfeedface, data=0xdeadbeefba11c0da}, mask=0x1}]}) = -1 EBADF (Bad file descriptor)`},
		{"unknown", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, 0xcfedb45e, 0xdeadbeefbadc0ded),
			`ioctl(-1, _IOC(_IOC_READ|_IOC_WRITE, 0xb4, 0x5e, 0xfed), 0xdeadbeefbadc0ded) = -1 EBADF (Bad file descriptor)`},
		{"short", XlatAbbrev, sc(t, "ioctl", -9, 0xffffffffffffffff, reqGpioHandleSetConfig, 0x1001).fault(2),
			`ioctl(-1, GPIOHANDLE_SET_CONFIG_IOCTL, 0x1001) = -1 EBADF (Bad file descriptor)`},
	})
}
