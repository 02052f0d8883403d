package zkp

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// s2cInputs draws a key (and its 32 bytes), a 32-byte hash and 32 bytes of
// data or host randomness.
func s2cInputs(rng *rand.Rand) (k *secp256k1.PrivateKey, kb, hash, data []byte) {
	kb = make([]byte, 32)
	for {
		fill(rng, kb)
		var err error
		if k, err = secp256k1.NewPrivateKey(kb); err == nil {
			break
		}
	}
	hash, data = make([]byte, 32), make([]byte, 32)
	fill(rng, hash)
	fill(rng, data)
	return k, kb, hash, data
}

func fill(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// TestS2CSignDiff: Kestrel's Sign and zkp's secp256k1_ecdsa_s2c_sign give
// the same signature and opening; each library's VerifyCommit accepts the
// other's output and rejects it for other data and for a changed r.
func TestS2CSignDiff(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		k, kb, hash, data := s2cInputs(rng)
		sig, op, err := s2c.Sign(k, hash, data)
		if err != nil {
			return fmt.Errorf("kestrel Sign: %w", err)
		}
		zsig, zop, good := S2CSign(hash, kb, data)
		if !good {
			return fmt.Errorf("zkp s2c_sign failed")
		}
		if !bytes.Equal(sig.Compact(), zsig) || !bytes.Equal(op.Bytes(), zop) {
			return fmt.Errorf("kestrel %x %x, zkp %x %x", sig.Compact(), op.Bytes(), zsig, zop)
		}
		// zkp checks Kestrel's output and Kestrel zkp's (the same bytes,
		// parsed by each side).
		if !S2CVerifyCommit(sig.Compact(), data, op.Bytes()) {
			return fmt.Errorf("zkp rejects Kestrel's commitment")
		}
		psig, err := ecdsa.ParseCompactSignature(zsig)
		if err != nil {
			return err
		}
		pop, err := s2c.ParseOpening(zop)
		if err != nil {
			return err
		}
		if err := s2c.VerifyCommit(psig, data, pop); err != nil {
			return fmt.Errorf("kestrel rejects zkp's commitment: %w", err)
		}
		// Tampered: other data, r changed in one random byte.
		other := bytes.Clone(data)
		other[rng.IntN(32)] ^= byte(1 + rng.IntN(255))
		kOK := s2c.VerifyCommit(psig, other, pop) == nil
		zOK := S2CVerifyCommit(zsig, other, zop)
		if kOK || zOK {
			return fmt.Errorf("other data accepted: kestrel %v, zkp %v", kOK, zOK)
		}
		bad := bytes.Clone(zsig)
		bad[rng.IntN(32)] ^= byte(1 + rng.IntN(255))
		if bsig, err := ecdsa.ParseCompactSignature(bad); err == nil {
			kOK := s2c.VerifyCommit(bsig, data, pop) == nil
			zOK := S2CVerifyCommit(bad, data, zop)
			if kOK || zOK {
				return fmt.Errorf("changed r accepted: kestrel %v, zkp %v", kOK, zOK)
			}
		}
		return nil
	})
}

// TestS2COpeningDiff: ParseOpening accepts exactly the 33-byte inputs that
// zkp's opening parser accepts, and both serialize them the same way.
// Inputs are random x with a 0x02/0x03 prefix, and now and then another
// prefix or an x at or above p.
func TestS2COpeningDiff(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		b := make([]byte, 33)
		fill(rng, b)
		switch rng.IntN(8) {
		case 0: // any prefix
		case 1: // x ≥ p
			b[0] = 2
			for i := 1; i < 28; i++ {
				b[i] = 0xff
			}
		default:
			b[0] = 2 | b[0]&1
		}
		o, err := s2c.ParseOpening(b)
		zout, zok := S2COpeningRoundTrip(b)
		if (err == nil) != zok {
			return fmt.Errorf("%x: kestrel %v, zkp %v", b, err, zok)
		}
		if err != nil {
			if !errors.Is(err, s2c.ErrOpening) {
				return fmt.Errorf("%x: %v, want ErrOpening", b, err)
			}
			return nil
		}
		if !bytes.Equal(o.Bytes(), zout) || !bytes.Equal(zout, b) {
			return fmt.Errorf("%x: kestrel %x, zkp %x", b, o.Bytes(), zout)
		}
		return nil
	})
}

// TestAntiExfilDiff runs the protocol with each library in each role: the
// host commitments, the signer's openings and the signatures are
// byte-equal, each library's HostVerify accepts the other's, and both
// reject a signature for other host randomness, another hash, another key,
// and a plain ECDSA signature (a device that ignores the host).
func TestAntiExfilDiff(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		k, kb, hash, rho := s2cInputs(rng)
		pub := k.PublicKey()
		pb := pub.BytesCompressed()

		hc, err := s2c.HostCommit(rho)
		if err != nil {
			return err
		}
		if zhc := AntiExfilHostCommit(rho); !bytes.Equal(hc, zhc) {
			return fmt.Errorf("host commitment: kestrel %x, zkp %x", hc, zhc)
		}
		op, err := s2c.SignerCommit(k, hash, hc)
		if err != nil {
			return err
		}
		zop, good := AntiExfilSignerCommit(hash, kb, hc)
		if !good || !bytes.Equal(op.Bytes(), zop) {
			return fmt.Errorf("signer commit: kestrel %x, zkp %x (%v)", op.Bytes(), zop, good)
		}
		sig, err := s2c.AntiExfilSign(k, hash, rho)
		if err != nil {
			return err
		}
		zsig, good := AntiExfilSign(hash, kb, rho)
		if !good || !bytes.Equal(sig.Compact(), zsig) {
			return fmt.Errorf("sign: kestrel %x, zkp %x (%v)", sig.Compact(), zsig, good)
		}
		// zkp as the host of Kestrel's device, Kestrel as zkp's.
		if !AntiExfilHostVerify(sig.Compact(), hash, pb, rho, op.Bytes()) {
			return fmt.Errorf("zkp's host rejects Kestrel's device")
		}
		psig, _ := ecdsa.ParseCompactSignature(zsig)
		pop, _ := s2c.ParseOpening(zop)
		if err := s2c.HostVerify(psig, pub, hash, rho, pop); err != nil {
			return fmt.Errorf("Kestrel's host rejects zkp's device: %w", err)
		}

		// Tampered inputs, rejected by both.
		rho2 := bytes.Clone(rho)
		rho2[rng.IntN(32)] ^= byte(1 + rng.IntN(255))
		hash2 := bytes.Clone(hash)
		hash2[rng.IntN(32)] ^= byte(1 + rng.IntN(255))
		k2, _, _, _ := s2cInputs(rng)
		plain, err := ecdsa.Sign(k, hash)
		if err != nil {
			return err
		}
		for _, c := range []struct {
			name      string
			sig       *ecdsa.Signature
			pub       *secp256k1.PublicKey
			hash, rho []byte
			want      error
		}{
			{"other ρ", sig, pub, hash, rho2, s2c.ErrCommitment},
			{"other hash", sig, pub, hash2, rho, s2c.ErrSignature},
			{"other key", sig, k2.PublicKey(), hash, rho, s2c.ErrSignature},
			{"plain ECDSA", plain, pub, hash, rho, s2c.ErrCommitment},
		} {
			kerr := s2c.HostVerify(c.sig, c.pub, c.hash, c.rho, op)
			zOK := AntiExfilHostVerify(c.sig.Compact(), c.hash, c.pub.BytesCompressed(), c.rho, zop)
			if !errors.Is(kerr, c.want) || zOK {
				return fmt.Errorf("%s: kestrel %v (want %v), zkp accepts: %v", c.name, kerr, c.want, zOK)
			}
		}
		return nil
	})
}
