package whitelist

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Verify reports whether sig is a whitelist signature of sub for the key
// pairs (online[j], offline[j]), as zkp's secp256k1_whitelist_verify. It is
// false for lists of different lengths or of another length than sig's,
// for nil or zero keys or a nil signature. Variable time: its inputs are
// public. It allocates nothing once its scratch (about 90 KB, for any
// number of keys) is in its sync.Pool, which a garbage collection may
// empty.
//
// As zkp, it accepts a signature over no keys whose e₀ is SHA-256 of the
// message SHA-256(sub): a whitelist of no keys authorizes nothing, and a
// verifier should not ask for one.
func Verify(sig *Signature, online, offline []*secp256k1.PublicKey, sub *secp256k1.PublicKey) bool {
	n := len(online)
	if sig == nil || len(offline) != n || n > MaxKeys || len(sig.s) != n {
		return false
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	s, on, off := sc.s[:n], sc.on[:n], sc.off[:n]
	for j := range n {
		if !setNonzero(&s[j], &sig.s[j]) {
			return false
		}
	}
	if publicKeys(on, online) != nil || publicKeys(off, offline) != nil {
		return false
	}
	sb, err := door.PublicKey(sub)
	if err != nil {
		return false
	}
	var msg [32]byte
	if !ringKeys(sc, n, &msg, &sb) {
		return false
	}
	if n == 0 {
		// zkp's ring of no keys: e₀ must be the hash of the message.
		var h [32]byte
		d := sha256.New()
		d.Write(msg[:])
		d.Sum(&h)
		return h == sig.e0
	}
	// One ring: its keys go to the multiplications as they are, without
	// an inversion to make them affine.
	return borromean.VarTimeVerifyRing(&sig.e0, s, sc.keys[:n], msg[:])
}
