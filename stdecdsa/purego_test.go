//go:build purego

package stdecdsa_test

// purego reports whether this test binary was built with the purego tag,
// with which Go's FIPS 140-3 mode refuses to start (TestFIPSOnly).
const purego = true
