//go:build !amd64 || purego

package group

// asmTwins returns nil: this build has no assembly formulas.
func asmTwins() *asmFormulas { return nil }
