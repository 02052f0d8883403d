// Package btcec benchmarks Kestrel against btcec v2.5.1 (github.com/btcsuite/
// btcd/btcec/v2). It is a module of its own because btcec's go.mod needs Go
// 1.26.10: run it with GOTOOLCHAIN=go1.26.10 (the Go module proxy serves
// that toolchain):
//
//	cd bench/btcec && GOTOOLCHAIN=go1.26.10 go test -run '^$' -bench . -count 10 > out.txt
//	benchstat -col /lib out.txt
package btcec
