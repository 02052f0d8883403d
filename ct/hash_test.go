package ct

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

func sha256Sum(b []byte) [32]byte { return sha256.Sum256(b) }

// short scales the random-input tests down under -short.
var short = testref.Short{Div: 10, Min: 3}
