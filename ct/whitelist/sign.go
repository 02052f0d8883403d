package whitelist

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Sign returns the whitelist signature of signer index for the key pairs
// (online[j], offline[j]) and the key sub, as zkp's
// secp256k1_whitelist_sign: onlineKey is the secret key of online[index],
// summedKey that of offline[index] + sub. The nonce and the forged s
// values are RFC 6979 outputs of the tweaked secret key and the message,
// so signing is deterministic and byte for byte zkp's.
//
// It returns ErrKeys for lists of different or too many keys, an index out
// of range or a nil or zero key, and ErrSignFailed where zkp fails
// (including keys that do not match the ring's key at index). It runs in
// constant time in index and in the secret keys (the ring signature walks
// every position the same way: internal/borromean.Sign).
func Sign(online, offline []*secp256k1.PublicKey, sub *secp256k1.PublicKey, onlineKey, summedKey *secp256k1.PrivateKey, index int) (*Signature, error) {
	n := len(online)
	if len(offline) != n || n == 0 || n > MaxKeys || index < 0 || index >= n {
		return nil, ErrKeys
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	on, off := sc.on[:n], sc.off[:n]
	if err := publicKeys(on, online); err != nil {
		return nil, err
	}
	if err := publicKeys(off, offline); err != nil {
		return nil, err
	}
	sb, err := door.PublicKey(sub)
	if err != nil {
		return nil, ErrKeys
	}
	xOn, err := door.PrivateKey(onlineKey)
	if err != nil {
		return nil, ErrKeys
	}
	xSum, err := door.PrivateKey(summedKey)
	if err != nil {
		return nil, ErrKeys
	}
	var msg [32]byte
	if !ringKeys(sc, n, &msg, &sb) {
		return nil, ErrSignFailed
	}
	pubs := make([]group.Affine, n)
	group.VarTimeBatchSetJacobian(pubs, sc.keys[:n], sc.fe[:n])
	// The signing key on + H(S·G)·S.
	var SG group.Jacobian
	var SA group.Affine
	ecmult.ScalarBaseMult(&SG, &xSum)
	SA.SetJacobian(&SG)
	var t, x scalar.Scalar
	if !hashKey(&t, &SA) {
		return nil, ErrSignFailed
	}
	x.Multiply(&xSum, &t)
	x.Add(&x, &xOn)
	var xb [32]byte
	x.PutBytes(&xb)

	// The nonce and the forged s values: RFC 6979 of the key and the
	// message, the message's first two bytes XORed with j+1 for s_j,
	// all with the same counter, redrawn together if one is not a nonzero
	// scalar.
	sig := &Signature{s: make([][32]byte, n)}
	s := make([]scalar.Scalar, n)
	var k scalar.Scalar
	var xb2 [32]byte
	for count := 0; ; count++ {
		rfc6979(&xb, &msg, count, &xb2)
		if !setNonzero(&k, &xb2) {
			continue
		}
		done := true
		for j := range n {
			m := msg
			m[0] ^= byte(j + 1)
			m[1] ^= byte((j + 1) >> 8)
			rfc6979(&xb, &m, count, &sig.s[j])
			if !setNonzero(&s[j], &sig.s[j]) {
				done = false
				break
			}
		}
		if done {
			break
		}
	}
	clear(xb2[:])
	ks := [1]scalar.Scalar{k}
	xs := [1]scalar.Scalar{x}
	sizes := [1]int{n}
	idx := [1]int{index}
	ok := borromean.Sign(&sig.e0, s, pubs, ks[:], xs[:], sizes[:], idx[:], msg[:])
	for j := range n {
		s[j].PutBytes(&sig.s[j])
	}
	clear(xb[:])
	if !ok {
		return nil, ErrSignFailed
	}
	// zkp does not check the key against the ring: a wrong key gives a
	// signature that does not verify; here it is an error.
	var P group.Jacobian
	ecmult.ScalarBaseMult(&P, &x)
	var want group.Jacobian
	want.SetAffine(&pubs[index])
	if P.Equal(&want) == 0 {
		return nil, ErrSignFailed
	}
	return sig, nil
}

// rfc6979 sets out to libsecp256k1's nonce_function_rfc6979(msg, key,
// NULL, NULL, counter): output counter + 1 of the RFC 6979 generator seeded
// with key ‖ (msg mod n).
func rfc6979(key, msg *[32]byte, counter int, out *[32]byte) {
	var m scalar.Scalar
	var seed [64]byte
	copy(seed[:32], key[:])
	m.SetReducedBytes(msg)
	m.PutBytes((*[32]byte)(seed[32:]))
	var g sha256.RFC6979
	g.Init(seed[:])
	for range counter + 1 {
		g.Generate(out)
	}
	g.Clear()
	clear(seed[:])
}

// setNonzero sets s = b and reports whether b is a nonzero scalar below n.
func setNonzero(s *scalar.Scalar, b *[32]byte) bool {
	if _, err := s.SetCanonicalBytes(b); err != nil {
		return false
	}
	return s.IsZero() == 0
}
