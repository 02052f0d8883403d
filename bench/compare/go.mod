module github.com/kestrel-crypto/secp256k1/bench/compare

go 1.26.10

require (
	github.com/btcsuite/btcd v0.24.2
	github.com/btcsuite/btcd/btcec/v2 v2.5.1
	github.com/btcsuite/btcd/btcutil v1.2.0
	github.com/btcsuite/btcd/chaincfg/chainhash v1.1.0
	github.com/consensys/gnark-crypto v0.22.0
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/ethereum/go-ethereum v1.17.10
	github.com/kestrel-crypto/secp256k1 v0.0.0
	golang.org/x/sys v0.50.0
)

require (
	github.com/ProjectZKM/Ziren/crates/go-runtime/zkvm_runtime v0.0.0-20251001021608-1fe7b43fc4d6 // indirect
	github.com/bits-and-blooms/bitset v1.25.0 // indirect
	github.com/btcsuite/btcd/chainhash/v2 v2.0.0 // indirect
	github.com/btcsuite/btclog v0.0.0-20170628155309-84c8d2346e9f // indirect
	github.com/decred/dcrd/crypto/blake256 v1.1.0 // indirect
	github.com/holiman/uint256 v1.3.2 // indirect
	github.com/kcalvinalvin/anet v0.0.0-20251112173137-d8ddc1f6dbee // indirect
	golang.org/x/crypto v0.57.0 // indirect
)

replace github.com/kestrel-crypto/secp256k1 => ../..
