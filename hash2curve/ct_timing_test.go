package hash2curve

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing tests (internal/testkit/dudect, docs/constant-time.md)
// of the hashes in the message, which may be a secret such as a password:
// a fixed 32-byte message (class 0) against fresh random ones (class 1),
// with the DST fixed. By default they only log |t|; KESTREL_DUDECT=1e6 runs
// a million measurements per test and fails on max |t| ≥ 4.5.

// dudectMessage is a 32-byte message, the secret input of a timing test.
type dudectMessage [32]byte

func randomMessage(rng *rand.Rand) dudectMessage {
	var m dudectMessage
	testref.FillRandom(rng, m[:])
	return m
}

// timingFixtures returns the fixed messages: all zeros, and the first
// counter values whose two field elements both take the first candidate of
// the simplified SWU map (g′(x1) a square) or both the second, so that a
// branch on that choice would separate the classes.
func timingFixtures(t *testing.T) []struct {
	name string
	msg  dudectMessage
} {
	fx := []struct {
		name string
		msg  dudectMessage
	}{{name: "zero"}}
	found := map[bool]bool{}
	for i := uint64(1); len(found) < 2; i++ {
		var m dudectMessage
		binary.BigEndian.PutUint64(m[24:], i)
		u := testref.HashToField(m[:], testDST, 2, testref.P)
		_, _, sq0 := testref.SimpleSWU(u[0])
		_, _, sq1 := testref.SimpleSWU(u[1])
		if sq0 != sq1 || found[sq0] {
			continue
		}
		found[sq0] = true
		name := "gx1-nonsquare"
		if sq0 {
			name = "gx1-square"
		}
		fx = append(fx, struct {
			name string
			msg  dudectMessage
		}{name, m})
	}
	return fx
}

var dudectSink []byte

func TestDudectHashToCurve(t *testing.T) {
	for _, fx := range timingFixtures(t) {
		t.Run("msg="+fx.name, func(t *testing.T) {
			var fails dudect.Failures
			tg := dudect.FixedVsRandom(&fx.msg, randomMessage, func(m *dudectMessage) {
				p, err := HashToCurve(m[:], testDST)
				fails.Add(err)
				if err == nil {
					dudectSink = p.BytesCompressed()
				}
			})
			dudect.RunChecked(t, tg, 2000, func() []byte { return dudectSink }, &fails)
		})
	}
}

func TestDudectEncodeToCurve(t *testing.T) {
	fx := timingFixtures(t)
	for _, fx := range fx[1:] {
		t.Run("msg="+fx.name, func(t *testing.T) {
			var fails dudect.Failures
			tg := dudect.FixedVsRandom(&fx.msg, randomMessage, func(m *dudectMessage) {
				p, err := EncodeToCurve(m[:], testDST)
				fails.Add(err)
				if err == nil {
					dudectSink = p.BytesCompressed()
				}
			})
			dudect.RunChecked(t, tg, 2000, func() []byte { return dudectSink }, &fails)
		})
	}
}

func TestDudectHashToScalar(t *testing.T) {
	var fails dudect.Failures
	var zero dudectMessage
	tg := dudect.FixedVsRandom(&zero, randomMessage, func(m *dudectMessage) {
		s, err := HashToScalar(m[:], testDST)
		fails.Add(err)
		if err == nil {
			dudectSink = s.Bytes()
		}
	})
	dudect.RunChecked(t, tg, 5000, func() []byte { return dudectSink }, &fails)
}

// TestDudectDetectsLeak is the check that the harness can fail on the
// branch the map avoids: the math/big reference's simplified SWU map tries
// ModSqrt on g′(x1) and, when that is not a square, again on g′(x2), so a
// message whose element takes the second candidate is slower than a random
// one (half of which take the first), and the harness must see it.
// Its calls take about 0.1 ms natively (math/big), so -short skips it, for
// the emulated architectures of .ci/cross.sh; the other packages' leak
// checks still run there.
func TestDudectDetectsLeak(t *testing.T) {
	if testing.Short() {
		t.Skip("slow math/big target; runs without -short")
	}
	fx := timingFixtures(t)
	fixed := fx[len(fx)-1]
	if fixed.name != "gx1-nonsquare" {
		fixed = fx[1]
	}
	dudect.RequireLeak(t, "testref.SimpleSWU", dudect.FixedVsRandom(&fixed.msg, randomMessage, func(m *dudectMessage) {
		u := testref.HashToField(m[:], testDST, 2, testref.P)
		testref.SimpleSWU(u[0])
	}))
}
