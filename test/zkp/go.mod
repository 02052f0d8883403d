module github.com/kestrel-crypto/secp256k1/test/zkp

go 1.26.0

require github.com/kestrel-crypto/secp256k1 v0.0.0

require golang.org/x/sys v0.50.0 // indirect

replace github.com/kestrel-crypto/secp256k1 => ../..
