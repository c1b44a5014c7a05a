package decode

import (
	"testing"

	"github.com/sctrace/sctrace/trace"
)

// Expected strings are from strace 6.1's ioctl_v4l2.c.
func TestIoctlV4l2(t *testing.T) {
	const ebadf = " = -1 EBADF (Bad file descriptor)"
	neg := uint64(0xffffffffffffffff)
	sdr := le(nil).u32(v4l2BufSDROutput).pad(4).u32(0x32315552).u32(632269819).pad(192)
	ctrls := le(nil).u32(0x990000).u32(2).u32(7).pad(12).u64(0x2000)
	elems := le(nil).u32(0x980900).u32(0).pad(4).u64(0xfacefeeddeadbeef).
		u32(0x980901).u32(2).pad(4).u64(0x3000)
	strs := sc(t, "ioctl", -9, neg, reqVSExtCtrls, 0x1000).data(2, ctrls)
	strs.ev.Captures[2].Elems = []trace.Capture{{Data: elems}, {Data: []byte{}}, {Data: []byte{0xff, 0xff}}}
	runIoctlCases(t, []ioctlCase{
		{"null", XlatAbbrev, sc(t, "ioctl", -9, neg, reqVQueryCap, 0),
			`ioctl(-1, VIDIOC_QUERYCAP, NULL)` + ebadf},
		{"sdr format", XlatAbbrev, sc(t, "ioctl", -9, neg, reqVSFmt, 0x1000).data(2, sdr),
			`ioctl(-1, VIDIOC_S_FMT, {type=V4L2_BUF_TYPE_SDR_OUTPUT, fmt.sdr={pixelformat=v4l2_fourcc('R', 'U', '1', '2') /* V4L2_SDR_FMT_RU12LE */, buffersize=632269819}})` + ebadf},
		{"sdr format raw", XlatRaw, sc(t, "ioctl", -9, neg, reqVSFmt, 0x1000).data(2, sdr),
			`ioctl(-1, 0xc0d05605, {type=0xc, fmt.sdr={pixelformat=0x32315552, buffersize=632269819}})` + ebadf},
		{"control id", XlatAbbrev, sc(t, "ioctl", -9, neg, reqVSCtrl, 0x1000).data(2, le(nil).u32(0x990a01).u32(0xffffffff)),
			`ioctl(-1, VIDIOC_S_CTRL, {id=V4L2_CTRL_CLASS_CODEC+0xa01, value=-1})` + ebadf},
		{"query next", XlatVerbose, sc(t, "ioctl", -9, neg, reqVQueryExtCtrl, 0x1000).data(2, le(nil).u32(0x9b9a9998).pad(228)),
			`ioctl(-1, 0xc0e85667 /* VIDIOC_QUERY_EXT_CTRL */, {id=0x80000000 /* V4L2_CTRL_FLAG_NEXT_CTRL */|0x1b9a9998 /* V4L2_CID_??? */})` + ebadf},
		{"ext control strings", XlatAbbrev, strs,
			`ioctl(-1, VIDIOC_S_EXT_CTRLS, {ctrl_class=V4L2_CTRL_CLASS_CODEC, count=2, controls=[{id=V4L2_CID_BRIGHTNESS, size=0, value=-559038737, value64=-374081421428539665}, {id=V4L2_CID_CONTRAST, size=2, string="\377\377"}]} => {controls=[{id=V4L2_CID_BRIGHTNESS, size=0, value=-559038737, value64=-374081421428539665}, {id=V4L2_CID_CONTRAST, size=2, string="\377\377"}], error_idx=7})` + ebadf},
	})
}
