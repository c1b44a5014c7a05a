package decode

var gpioFamily = ioctlFamily{decode: decodeIoctlHex}
