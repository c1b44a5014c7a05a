// Command goprog calls chdir from f3, called by f2, called by main.
package main

import "os"

//go:noinline
func f3() { os.Chdir("/") }

//go:noinline
func f2() { f3() }

func main() { f2() }
