package decode

var gpioFamily = fixedFamily{decode: decodeIoctlHex}
