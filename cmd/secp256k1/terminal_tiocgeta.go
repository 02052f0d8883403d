//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package main

import "golang.org/x/sys/unix"

// ioctlReadTermios is the ioctl request that reads terminal attributes
// (these systems have no TCGETS).
const ioctlReadTermios = unix.TIOCGETA
