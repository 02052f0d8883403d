module github.com/kestrel-crypto/secp256k1/bench/btcec

go 1.26.10

require (
	github.com/btcsuite/btcd/btcec/v2 v2.5.1
	github.com/kestrel-crypto/secp256k1 v0.0.0
)

require (
	github.com/btcsuite/btcd/chainhash/v2 v2.0.0 // indirect
	github.com/decred/dcrd/crypto/blake256 v1.1.0 // indirect
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/kestrel-crypto/secp256k1 => ../..
