package zkp

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ct/whitelist"
)

// wlCase is a random whitelist: n key pairs, the sub key, and signer
// index's secret keys.
type wlCase struct {
	online, offline      []*secp256k1.PublicKey
	onlineB, offlineB    [][]byte
	sub                  *secp256k1.PublicKey
	subB                 []byte
	onlineSK, summedSK   *secp256k1.PrivateKey
	onlineSKB, summedSKB []byte
	index                int
}

func randKey(rng *rand.Rand) *secp256k1.PrivateKey {
	for {
		k, err := secp256k1.NewPrivateKey(randBytes(rng, 32))
		if err == nil {
			return k
		}
	}
}

func newWLCase(rng *rand.Rand, n int) *wlCase {
	c := &wlCase{index: rng.IntN(n)}
	subSK := randKey(rng)
	c.sub = subSK.PublicKey()
	c.subB = c.sub.BytesCompressed()
	for j := range n {
		on, off := randKey(rng), randKey(rng)
		c.online = append(c.online, on.PublicKey())
		c.offline = append(c.offline, off.PublicKey())
		c.onlineB = append(c.onlineB, on.PublicKey().BytesCompressed())
		c.offlineB = append(c.offlineB, off.PublicKey().BytesCompressed())
		if j == c.index {
			var sum secp256k1.Scalar
			sum.Add(off.Scalar(), subSK.Scalar())
			summed, err := secp256k1.NewPrivateKeyFromScalar(&sum)
			if err != nil {
				panic(err)
			}
			c.onlineSK, c.summedSK = on, summed
			c.onlineSKB, c.summedSKB = on.Bytes(), summed.Bytes()
		}
	}
	return c
}

// TestWhitelistSign signs random whitelists with both libraries: the same
// bytes, which both verify; a changed signature, sub key or key list
// verifies on neither.
func TestWhitelistSign(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := 1 + rng.IntN(8)
		if rng.IntN(10) == 0 {
			n = 1 + rng.IntN(whitelist.MaxKeys)
		}
		c := newWLCase(rng, n)
		want, zok := WhitelistSign(c.onlineB, c.offlineB, c.subB, c.onlineSKB, c.summedSKB, c.index)
		sig, err := whitelist.Sign(c.online, c.offline, c.sub, c.onlineSK, c.summedSK, c.index)
		if !zok || err != nil {
			return fmt.Errorf("Sign(n=%d): zkp %v, Kestrel %v", n, zok, err)
		}
		if !bytes.Equal(sig.Bytes(), want) {
			return fmt.Errorf("Sign(n=%d, index %d): signatures differ", n, c.index)
		}
		if ok, _ := WhitelistVerify(want, c.onlineB, c.offlineB, c.subB, 1); !ok || !whitelist.Verify(sig, c.online, c.offline, c.sub) {
			return fmt.Errorf("Verify of a valid signature: zkp %v", ok)
		}
		// Mutations, checked on both sides.
		bad := bytes.Clone(want)
		online, onlineB := c.online, c.onlineB
		switch rng.IntN(3) {
		case 0:
			bad[1+rng.IntN(len(bad)-1)] ^= byte(1 << rng.IntN(8))
		case 1:
			j := rng.IntN(n)
			k := randKey(rng)
			online = append([]*secp256k1.PublicKey(nil), online...)
			onlineB = append([][]byte(nil), onlineB...)
			online[j], onlineB[j] = k.PublicKey(), k.PublicKey().BytesCompressed()
		default:
			bad = append(bad, 0)
		}
		zok, zparsed := WhitelistVerify(bad, onlineB, c.offlineB, c.subB, 1)
		ksig, err := whitelist.ParseSignature(bad)
		if zparsed != (err == nil) {
			return fmt.Errorf("ParseSignature of a changed signature: zkp %v, Kestrel %v", zparsed, err)
		}
		if err == nil && whitelist.Verify(ksig, online, c.offline, c.sub) != zok {
			return fmt.Errorf("Verify of a changed signature: zkp %v", zok)
		}
		if zok {
			return fmt.Errorf("a changed signature verifies")
		}
		return nil
	})
}

// TestWhitelistParse compares parsing and serializing arbitrary bytes.
func TestWhitelistParse(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := rng.IntN(6)
		b := randBytes(rng, 1+32*(n+1)+rng.IntN(3)-1)
		if len(b) > 0 && rng.IntN(2) == 0 {
			b[0] = byte(n)
		}
		z, zok := WhitelistReparse(b)
		sig, err := whitelist.ParseSignature(b)
		if zok != (err == nil) || (zok && !bytes.Equal(z, sig.Bytes())) {
			return fmt.Errorf("ParseSignature(%d bytes): zkp %v, Kestrel %v", len(b), zok, err)
		}
		return nil
	})
}
