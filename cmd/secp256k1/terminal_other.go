//go:build !(aix || darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris || zos)

package main

// isTerminal reports whether fd is a terminal. Without a terminal-attributes
// ioctl here (Windows, js/wasm, wasip1, plan9, ...), it says "not a
// terminal", and bench prints no progress line.
func isTerminal(fd uintptr) bool {
	return false
}
