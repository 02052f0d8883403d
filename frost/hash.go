package frost

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
)

// BIP-445's tags "BIP0445/…"; the challenge tag is BIP-340's.
// TestTaggedHashes checks them against testref.TaggedHash.
var tags = mpsig.NewTags("BIP0445/")

// putUint32 appends bytes(4, x) to b.
func putUint32(b []byte, x int) []byte {
	return binary.BigEndian.AppendUint32(b, uint32(x))
}
