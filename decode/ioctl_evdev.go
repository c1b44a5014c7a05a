package decode

var evdevFamily = ioctlFamily{decode: decodeIoctlHex}
