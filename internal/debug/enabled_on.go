//go:build secp256k1debug

package debug

// Enabled reports whether this is a secp256k1debug build.
const Enabled = true
