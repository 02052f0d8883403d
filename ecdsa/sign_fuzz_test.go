package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// FuzzSign signs an arbitrary hash (any length) with the key from the input,
// or with a key derived from it by SHA-256 when it is not a valid private
// key. It checks the signature against the math/big reference (r = x(R) mod
// n for R = (e/s)·G + (r/s)·Q with e the leftmost 256 bits of hash, s low,
// and the recovery id of R), that the hash is used as the package doc says
// (truncated or left-padded to 32 bytes), the round trips through Verify,
// DER, Compact and the three recoverable formats, and that a hash changed in
// one of its leftmost 256 bits no longer verifies nor recovers the key.
func FuzzSign(f *testing.F) {
	n := testref.N
	validKey := bytes.Repeat([]byte{0x42}, 32)
	keys := append(testref.ScalarEdges(), validKey)
	hashes := append(testref.ScalarEdges(), []byte{1}, bytes.Repeat([]byte{0xff}, 64), validKey)
	for _, k := range keys {
		for _, h := range hashes {
			f.Add(k, h)
		}
	}
	f.Fuzz(func(t *testing.T, key, hash []byte) {
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			h := sha256.Sum256(key)
			if k, err = secp256k1.NewPrivateKey(h[:]); err != nil {
				return
			}
		}
		pub := k.PublicKey()
		d := new(big.Int).SetBytes(k.Bytes())
		e := new(big.Int).SetBytes(hash[:min(len(hash), 32)])
		e.Mod(e, n)

		sig, err := Sign(k, hash)
		if err != nil || sig == nil {
			t.Fatalf("Sign(%x, %x) = %v, %v", k.Bytes(), hash, sig, err)
		}
		again, _ := Sign(k, hash)
		if !again.Equal(sig) {
			t.Fatalf("Sign(%x, %x) is not deterministic", k.Bytes(), hash)
		}
		// The leftmost 256 bits of hash, left-padded to 32 bytes, sign the same.
		h32 := new(big.Int).SetBytes(hash[:min(len(hash), 32)]).FillBytes(make([]byte, 32))
		if s32, _ := Sign(k, h32); !s32.Equal(sig) {
			t.Fatalf("Sign(%x, %x) differs from Sign of its 32-byte form %x", k.Bytes(), hash, h32)
		}

		// The reference: r, s in [1, n−1], s ≤ (n−1)/2 and x(R) ≡ r (mod n)
		// for R = (e/s)·G + (r/s)·Q = ((e + r·d)/s)·G, with the recovery id of R.
		r := new(big.Int).SetBytes(sig.R().Bytes())
		s := new(big.Int).SetBytes(sig.S().Bytes())
		if r.Sign() == 0 || s.Sign() == 0 || s.Cmp(new(big.Int).Rsh(n, 1)) > 0 || !sig.IsLowS() {
			t.Fatalf("Sign(%x, %x): r, s = %x, %x", k.Bytes(), hash, r, s)
		}
		nonce := new(big.Int).Mul(r, d)
		nonce.Add(nonce, e)
		nonce.Mul(nonce, new(big.Int).ModInverse(s, n))
		R := testref.ScalarMult(nonce, testref.G)
		if R.Inf || new(big.Int).Mod(R.X, n).Cmp(r) != 0 {
			t.Fatalf("Sign(%x, %x) = (%x, %x) does not satisfy the ECDSA equation", k.Bytes(), hash, r, s)
		}
		wantV := byte(R.Y.Bit(0))
		if R.X.Cmp(n) >= 0 {
			wantV |= 2
		}

		if !Verify(pub, hash, sig) {
			t.Fatalf("Verify(Sign(%x, %x)) = false", k.Bytes(), hash)
		}
		der := sig.DER()
		if p, err := ParseDERSignature(der); err != nil || !p.Equal(sig) || !bytes.Equal(p.DER(), der) {
			t.Fatalf("DER round trip of %x: %v", der, err)
		}
		if _, err := ParseDERSignature(append(der, 0)); !errors.Is(err, ErrDER) {
			t.Fatalf("DER %x with a trailing byte: %v", der, err)
		}
		compact := sig.Compact()
		if !bytes.Equal(compact, append(testref.Bytes32(r), testref.Bytes32(s)...)) {
			t.Fatalf("Compact() = %x, want r ‖ s = %x ‖ %x", compact, r, s)
		}
		if p, err := ParseCompactSignature(compact); err != nil || !p.Equal(sig) {
			t.Fatalf("Compact round trip of %x: %v", compact, err)
		}

		// SignRecoverable: r ‖ s ‖ v with the reference v; recovery gives pub.
		rec, err := SignRecoverable(k, hash)
		if err != nil || len(rec) != 65 || !bytes.Equal(rec[:64], compact) || rec[64] != wantV {
			t.Fatalf("SignRecoverable(%x, %x) = %x, %v; want %x ‖ %02x", k.Bytes(), hash, rec, err, compact, wantV)
		}
		if got, err := RecoverPublicKey(hash, rec); err != nil || !got.Equal(pub) {
			t.Fatalf("RecoverPublicKey(%x, %x) = %v, %v", hash, rec, got, err)
		}
		if got, err := RecoverPublicKey(hash, rec[:64]); got != nil || !errors.Is(err, ErrRecover) {
			t.Fatalf("RecoverPublicKey of a 64-byte signature = %v, %v", got, err)
		}
		bad := append(bytes.Clone(rec[:64]), 4)
		if got, err := RecoverPublicKey(hash, bad); got != nil || !errors.Is(err, ErrRecover) {
			t.Fatalf("RecoverPublicKey with v = 4: %v, %v", got, err)
		}

		// SignCompact: header 27 + v (+ 4 if compressed), then r ‖ s.
		for _, compressed := range []bool{false, true} {
			sc, err := SignCompact(k, hash, compressed)
			header := 27 + wantV
			if compressed {
				header += 4
			}
			if err != nil || len(sc) != 65 || sc[0] != header || !bytes.Equal(sc[1:], compact) {
				t.Fatalf("SignCompact(%x, %x, %v) = %x, %v", k.Bytes(), hash, compressed, sc, err)
			}
			got, c, err := RecoverCompact(hash, sc)
			if err != nil || c != compressed || !got.Equal(pub) {
				t.Fatalf("RecoverCompact(%x, %x) = %v, %v, %v", hash, sc, got, c, err)
			}
		}
		if _, _, err := RecoverCompact(hash, append([]byte{26}, compact...)); !errors.Is(err, ErrRecover) {
			t.Fatalf("RecoverCompact with header 26: %v", err)
		}

		// SignEthereum: v ∈ {0, 1}; the same signature as SignRecoverable
		// when that one's v is below 2. RecoverEthereum takes v and v + 27.
		eth, err := SignEthereum(k, hash)
		if err != nil || len(eth) != 65 || eth[64] > 1 || (wantV < 2 && !bytes.Equal(eth, rec)) {
			t.Fatalf("SignEthereum(%x, %x) = %x, %v", k.Bytes(), hash, eth, err)
		}
		for _, v := range []byte{eth[64], eth[64] + 27} {
			es := append(bytes.Clone(eth[:64]), v)
			if got, err := RecoverEthereum(hash, es); err != nil || !got.Equal(pub) {
				t.Fatalf("RecoverEthereum(%x, %x) = %v, %v", hash, es, got, err)
			}
		}

		if len(hash) == 0 {
			return
		}
		// One bit changed in the leftmost 256 bits (the last bit used, so that
		// e changes by 1): the signature no longer verifies, and recovery
		// gives another key or an error.
		flipped := bytes.Clone(hash)
		flipped[min(len(hash), 32)-1] ^= 1
		if Verify(pub, flipped, sig) {
			t.Fatalf("Verify(%x) of the signature of %x = true", flipped, hash)
		}
		if got, err := RecoverPublicKey(flipped, rec); err == nil && got.Equal(pub) {
			t.Fatalf("RecoverPublicKey(%x) of the signature of %x gave the signer's key", flipped, hash)
		}
		// A bit past the leftmost 256 is not used.
		if len(hash) > 32 {
			flipped = bytes.Clone(hash)
			flipped[len(hash)-1] ^= 0x80
			if !Verify(pub, flipped, sig) {
				t.Fatalf("Verify(%x) of the signature of %x = false; bits past 256 are used", flipped, hash)
			}
		}
	})
}
