module github.com/kestrel-crypto/secp256k1

go 1.26
