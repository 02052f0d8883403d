//go:build !purego

package stdecdsa_test

// purego reports whether this test binary was built with the purego tag
// (purego_test.go).
const purego = false
