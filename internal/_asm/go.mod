module github.com/kestrel-crypto/secp256k1/internal/_asm

go 1.26.0

require (
	github.com/kestrel-crypto/secp256k1 v0.0.0-00010101000000-000000000000
	github.com/mmcloughlin/avo v0.5.0
)

require (
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/tools v0.51.0 // indirect
)

replace github.com/kestrel-crypto/secp256k1 => ../..
