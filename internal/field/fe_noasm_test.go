//go:build !amd64 || purego

package field

// asmTwins returns nil: this build has no assembly.
func asmTwins() []twin { return nil }
