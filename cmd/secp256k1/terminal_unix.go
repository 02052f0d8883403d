//go:build aix || darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris || zos

package main

import "golang.org/x/sys/unix"

// isTerminal reports whether fd is a terminal: whether it has terminal
// attributes (golang.org/x/term's test, without the dependency).
func isTerminal(fd uintptr) bool {
	_, err := unix.IoctlGetTermios(int(fd), ioctlReadTermios)
	return err == nil
}
