package musig2

import (
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// BIP-327's tags: "KeyAgg list", "KeyAgg coefficient" and the nonce tags
// "MuSig/…"; the challenge tag is BIP-340's. TestTaggedHashes checks them
// against testref.TaggedHash.
var (
	tagKeyAggList  = ksha256.NewTag("KeyAgg list")
	tagKeyAggCoeff = ksha256.NewTag("KeyAgg coefficient")
	tags           = mpsig.NewTags("MuSig/")
)
