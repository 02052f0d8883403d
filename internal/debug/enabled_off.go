//go:build !kestrel_debug

package debug

// Enabled reports whether this is a kestrel_debug build.
const Enabled = false
