package zkp

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// halfaggSet is a random set of signatures in both libraries' forms.
type halfaggSet struct {
	items           []halfagg.Item
	pks, msgs, sigs []byte // concatenated, for zkp
	valid           bool   // every signature is valid
}

func (s *halfaggSet) add(it halfagg.Item, valid bool) {
	s.items = append(s.items, it)
	s.pks = append(s.pks, it.PublicKey...)
	s.msgs = append(s.msgs, it.Message...)
	s.sigs = append(s.sigs, it.Signature...)
	s.valid = s.valid && valid
}

// randomHalfaggSet returns n signatures: signed by Kestrel or by zkp (the
// two must give the same bytes), with keys, messages or whole items
// repeated now and then, and with probability bad per signature one that
// is not valid (random r or s, s ≥ n among them).
func randomHalfaggSet(rng *rand.Rand, n int, bad float64) (*halfaggSet, error) {
	s := &halfaggSet{valid: true}
	var keys [][]byte
	for i := range n {
		if i > 0 && rng.IntN(8) == 0 {
			j := rng.IntN(i)
			s.add(s.items[j], true)
			continue
		}
		var sk []byte
		if len(keys) > 0 && rng.IntN(3) == 0 {
			sk = keys[rng.IntN(len(keys))]
		} else {
			sk = randBytes(rng, 32)
			keys = append(keys, sk)
		}
		k, err := secp256k1.NewPrivateKey(sk)
		if err != nil {
			return nil, err // probability 2⁻¹²⁸
		}
		msg := randBytes(rng, 32)
		if i > 0 && rng.IntN(6) == 0 {
			msg = s.items[rng.IntN(i)].Message
		}
		aux := randBytes(rng, 32)
		sig, err := schnorr.Sign(k, msg, aux)
		if err != nil {
			return nil, err
		}
		zsig, zok := SchnorrSign32(sk, msg, aux)
		if !zok || !bytes.Equal(sig, zsig) {
			return nil, fmt.Errorf("signatures differ: kestrel %x, zkp %x", sig, zsig)
		}
		valid := true
		if rng.Float64() < bad {
			valid = false
			sig = bytes.Clone(sig)
			switch rng.IntN(3) {
			case 0:
				copy(sig[32:], randBytes(rng, 32))
			case 1:
				copy(sig[:32], randBytes(rng, 32))
			default:
				copy(sig[32:], bytes.Repeat([]byte{0xff}, 32)) // s ≥ n: both reduce it
			}
		}
		s.add(halfagg.Item{PublicKey: schnorr.SerializePublicKey(k.PublicKey()), Message: msg, Signature: sig}, valid)
	}
	return s, nil
}

// verdicts verifies agg for the pairs of s (or pairs, if not nil) in both
// libraries and returns an error if they disagree, or the common verdict.
func verdicts(s *halfaggSet, agg []byte, pairs []halfagg.Pair, msgs []byte) (bool, error) {
	if pairs == nil {
		pairs, msgs = halfagg.Pairs(s.items), s.msgs
	}
	err := halfagg.VerifyAggregate(agg, pairs)
	if err != nil && !errors.Is(err, halfagg.ErrInvalid) && !errors.Is(err, halfagg.ErrAggregateLength) {
		return false, fmt.Errorf("VerifyAggregate: unexpected %v", err)
	}
	z := HalfAggVerify(s.pks, msgs, len(pairs), agg)
	if (err == nil) != z {
		return false, fmt.Errorf("verdicts differ on %x: kestrel %v, zkp %v", agg, err, z)
	}
	return z, nil
}

// TestHalfAggDiff aggregates random sets of 0 to 40 signatures (some
// invalid, some repeated) in both libraries: the same bytes, all at once
// and incrementally from a random split; each verifies the other's
// aggregate with the same verdict, true exactly when every signature is
// valid; and an aggregate tampered with (a bit of r or s, a message, two
// pairs swapped, one pair dropped) is rejected by both.
func TestHalfAggDiff(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := rng.IntN(41)
		bad := 0.0
		if rng.IntN(4) == 0 {
			bad = 0.2
		}
		s, err := randomHalfaggSet(rng, n, bad)
		if err != nil {
			return err
		}
		agg, err := halfagg.Aggregate(s.items)
		if err != nil {
			return err
		}
		zagg, zok := HalfAggAggregate(s.pks, s.msgs, s.sigs, n)
		if !zok || !bytes.Equal(agg, zagg) {
			return fmt.Errorf("n = %d: Aggregate %x, zkp %x (%v)", n, agg, zagg, zok)
		}
		if v, err := verdicts(s, agg, nil, nil); err != nil || v != s.valid {
			return fmt.Errorf("n = %d: verdict %v (%v), every signature valid: %v", n, v, err, s.valid)
		}

		// Incrementally: the first v in one call, the rest in another.
		v := rng.IntN(n + 1)
		first, err := halfagg.Aggregate(s.items[:v])
		if err != nil {
			return err
		}
		inc, err := halfagg.IncAggregate(first, halfagg.Pairs(s.items[:v]), s.items[v:])
		if err != nil {
			return err
		}
		zfirst, _ := HalfAggAggregate(s.pks[:32*v], s.msgs[:32*v], s.sigs[:64*v], v)
		zinc, zok := HalfAggIncAggregate(zfirst, s.pks, s.msgs, s.sigs[64*v:], v, n-v)
		if !zok || !bytes.Equal(inc, zinc) || !bytes.Equal(inc, agg) {
			return fmt.Errorf("n = %d, %d then %d: IncAggregate %x, zkp %x (%v), Aggregate %x", n, v, n-v, inc, zinc, zok, agg)
		}
		if !s.valid {
			return nil
		}

		// Tampered: both reject.
		bad1 := bytes.Clone(agg)
		pairs, msgs := halfagg.Pairs(s.items), bytes.Clone(s.msgs)
		switch k := rng.IntN(4); {
		case k == 0 || n == 0:
			bit := rng.IntN(8 * len(bad1))
			bad1[bit/8] ^= 1 << (bit % 8)
		case k == 1:
			i := rng.IntN(n)
			msgs[32*i+rng.IntN(32)] ^= 1 << rng.IntN(8)
			pairs[i].Message = msgs[32*i : 32*i+32]
		case k == 2 && n >= 2:
			i, j := rng.IntN(n), rng.IntN(n)
			if bytes.Equal(s.pks[32*i:32*i+32], s.pks[32*j:32*j+32]) && bytes.Equal(s.msgs[32*i:32*i+32], s.msgs[32*j:32*j+32]) {
				return nil // the same pair: swapping changes nothing
			}
			copy(bad1[32*i:], agg[32*j:32*j+32])
			copy(bad1[32*j:], agg[32*i:32*i+32])
		default:
			// One pair fewer: the first dropped with its r.
			ok, err := verdictsDropped(s, agg[32:])
			if err != nil || ok {
				return fmt.Errorf("one pair dropped: verdict %v, %v", ok, err)
			}
			return nil
		}
		if ok, err := verdicts(s, bad1, pairs, msgs); err != nil || ok {
			return fmt.Errorf("tampered %x: verdict %v, %v", bad1, ok, err)
		}
		return nil
	})
}

// verdictsDropped verifies agg for the pairs of s but the first, in both.
func verdictsDropped(s *halfaggSet, agg []byte) (bool, error) {
	pairs := halfagg.Pairs(s.items)[1:]
	err := halfagg.VerifyAggregate(agg, pairs)
	z := HalfAggVerify(s.pks[32:], s.msgs[32:], len(pairs), agg)
	if (err == nil) != z {
		return false, fmt.Errorf("verdicts differ: kestrel %v, zkp %v", err, z)
	}
	return z, nil
}

// TestHalfAggDiffGarbage checks random aggregates (random r and s, with
// r of a point now and then, and the lengths around the right one) for
// valid keys and messages: both libraries give the same verdict, false.
func TestHalfAggDiffGarbage(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := rng.IntN(6)
		s, err := randomHalfaggSet(rng, n, 0)
		if err != nil {
			return err
		}
		agg, _ := halfagg.Aggregate(s.items)
		garbage := randBytes(rng, 32*(n+1)+rng.IntN(3)*32-32)
		for i := 0; i+64 <= len(garbage) && i+32 < len(agg); i += 32 {
			if rng.IntN(2) == 0 {
				copy(garbage[i:], agg[i:i+32])
			}
		}
		if bytes.Equal(garbage, agg) {
			return nil
		}
		if ok, err := verdicts(s, garbage, nil, nil); err != nil || ok {
			return fmt.Errorf("garbage %x: verdict %v, %v", garbage, ok, err)
		}
		return nil
	})
}
