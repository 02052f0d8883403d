module github.com/kestrel-crypto/secp256k1/bench/compare

go 1.26.8

require github.com/kestrel-crypto/secp256k1 v0.0.0

require (
	github.com/consensys/gnark-crypto v0.22.0
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
)

require (
	github.com/bits-and-blooms/bitset v1.25.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/kestrel-crypto/secp256k1 => ../..
