module github.com/kestrel-crypto/secp256k1

go 1.26.0

require golang.org/x/sys v0.50.0
