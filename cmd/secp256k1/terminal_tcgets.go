//go:build aix || linux || solaris || zos

package main

import "golang.org/x/sys/unix"

// ioctlReadTermios is the ioctl request that reads terminal attributes.
const ioctlReadTermios = unix.TCGETS
