package musig2

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Benchmarks named after the rows they would fill in a libsecp256k1-style
// table: musig_key_agg, musig_nonce_gen, musig_partial_sign,
// musig_partial_verify, musig_sig_agg and musig_session_2of2.

func benchKeys(b *testing.B, u int) ([]*secp256k1.PrivateKey, [][]byte) {
	keys := make([]*secp256k1.PrivateKey, u)
	pubkeys := make([][]byte, u)
	for i := range keys {
		seed := bytes.Repeat([]byte{byte(i + 1)}, 32)
		seed[0] = byte(i >> 8)
		k, err := secp256k1.NewPrivateKey(seed)
		if err != nil {
			b.Fatal(err)
		}
		keys[i], pubkeys[i] = k, k.PublicKey().BytesCompressed()
	}
	return keys, pubkeys
}

// benchSession returns a 2-of-2 session with its nonces, partial
// signatures, and a template of signer 0's secret nonce.
type benchSetup struct {
	keys      []*secp256k1.PrivateKey
	pubkeys   [][]byte
	ka        *KeyAggContext
	pubnonces []PubNonce
	session   *SessionContext
	psigs     []PartialSig
	nonce0    *secNonceState // signer 0's nonce, unused
	msg       []byte
}

// clone returns an unused copy of st.
func clone(st *secNonceState) *secNonceState {
	c := newSecNonceState()
	*c.Scalars = *st.Scalars
	c.pk, c.R1, c.R2 = st.pk, st.R1, st.R2
	return c
}

// scalarBytes returns the 32-byte encoding of s.
func scalarBytes(s *scalar.Scalar) []byte {
	var b [32]byte
	s.PutBytes(&b)
	return b[:]
}

// testNonce returns the unused nonce (k1, k2) for the key pk (nil: none),
// with its public nonce in pub.
func testNonce(k1, k2 *secp256k1.Scalar, pk *[33]byte, pub *[66]byte) *secNonceState {
	st := newSecNonceState()
	st.K1, st.K2 = door.Scalar(k1), door.Scalar(k2)
	if pk != nil {
		st.pk = *pk
	}
	if !st.Finish(pub) {
		panic("testNonce: a zero scalar")
	}
	return st
}

func newBenchSetup(b *testing.B) *benchSetup {
	s := &benchSetup{msg: make([]byte, 32)}
	s.keys, s.pubkeys = benchKeys(b, 2)
	var err error
	if s.ka, err = KeyAgg(s.pubkeys); err != nil {
		b.Fatal(err)
	}
	secs := make([]*SecNonce, 2)
	s.pubnonces = make([]PubNonce, 2)
	for i := range secs {
		sec, pub, err := NonceGen(s.pubkeys[i], &NonceGenOptions{SecretKey: s.keys[i]})
		if err != nil {
			b.Fatal(err)
		}
		secs[i], s.pubnonces[i] = sec, *pub
	}
	st := secs[0].st
	s.nonce0 = clone(st)
	agg, err := NonceAgg(s.pubnonces)
	if err != nil {
		b.Fatal(err)
	}
	if s.session, err = s.ka.NewSessionContext(agg, s.msg); err != nil {
		b.Fatal(err)
	}
	s.psigs = make([]PartialSig, 2)
	for i := range secs {
		p, err := Sign(secs[i], s.keys[i], s.session)
		if err != nil {
			b.Fatal(err)
		}
		s.psigs[i] = *p
	}
	return s
}

func BenchmarkMusigKeyAgg(b *testing.B) {
	for _, u := range []int{2, 100} {
		b.Run(fmt.Sprint(u), func(b *testing.B) {
			_, pubkeys := benchKeys(b, u)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := KeyAgg(pubkeys); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMusigNonceGen(b *testing.B) {
	keys, pubkeys := benchKeys(b, 2)
	opts := &NonceGenOptions{SecretKey: keys[0], AggPublicKey: make([]byte, 32), Msg: make([]byte, 32)}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := NonceGen(pubkeys[0], opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMusigPartialSign measures Sign (which computes sk·G to check
// the key, and verifies its partial signature), SignKeypair with the
// self-verification, and SignKeypair without it (libsecp256k1's
// musig_partial_sign does neither); each iteration signs with a fresh copy
// of one secret nonce, made without point multiplications.
func BenchmarkMusigPartialSign(b *testing.B) {
	s := newBenchSetup(b)
	t := s.nonce0
	kp := schnorr.NewKeypair(s.keys[0])
	for _, c := range []struct {
		name string
		sign func(*SecNonce) (*PartialSig, error)
	}{
		{"Sign", func(n *SecNonce) (*PartialSig, error) { return Sign(n, s.keys[0], s.session) }},
		{"Keypair", func(n *SecNonce) (*PartialSig, error) { return SignKeypair(n, kp, s.session, nil) }},
		{"KeypairNoVerify", func(n *SecNonce) (*PartialSig, error) {
			return SignKeypair(n, kp, s.session, &SignOptions{SkipSelfVerify: true})
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.sign(&SecNonce{st: clone(t)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMusigPartialVerify measures SessionContext.PartialSigVerify, the
// check an aggregator runs per signer: in the first session of the key
// aggregation (first), and in a second one of a key aggregation that
// checked the signer in an earlier session (reused: the signer's
// precomputed table).
func BenchmarkMusigPartialVerify(b *testing.B) {
	s := newBenchSetup(b)
	agg, err := NonceAgg(s.pubnonces)
	if err != nil {
		b.Fatal(err)
	}
	// Each case has its own key aggregation (of the same keys): its tables
	// serve all its sessions once built.
	ka, err := KeyAgg(s.pubkeys)
	if err != nil {
		b.Fatal(err)
	}
	first, err := ka.NewSessionContext(agg, s.msg)
	if err != nil {
		b.Fatal(err)
	}
	reused, err := s.ka.NewSessionContext(agg, s.msg) // s.session checked signer 1 in Sign
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		s    *SessionContext
	}{{"first", first}, {"reused", reused}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.s.PartialSigVerify(&s.psigs[1], &s.pubnonces[1], 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMusigSigAgg(b *testing.B) {
	s := newBenchSetup(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PartialSigAgg(s.psigs, s.session); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMusigSession2of2 measures a whole 2-of-2 session as one process
// sees it when it plays both signers and the aggregator: KeyAgg, two
// NonceGen, NonceAgg, the session context, two partial signatures, two
// PartialSigVerify and PartialSigAgg (the final BIP-340 verification is
// not included). The partial signatures are made with Sign (sk·G and the
// self-verification in each), or with SignKeypair without the
// self-verification, as libsecp256k1's musig_partial_sign works: the
// aggregator's PartialSigVerify is the check then.
func BenchmarkMusigSession2of2(b *testing.B) {
	keys, pubkeys := benchKeys(b, 2)
	kps := []*schnorr.Keypair{schnorr.NewKeypair(keys[0]), schnorr.NewKeypair(keys[1])}
	skip := &SignOptions{SkipSelfVerify: true}
	for _, c := range []struct {
		name string
		sign func(n *SecNonce, i int, s *SessionContext) (*PartialSig, error)
	}{
		{"Sign", func(n *SecNonce, i int, s *SessionContext) (*PartialSig, error) { return Sign(n, keys[i], s) }},
		{"KeypairNoVerify", func(n *SecNonce, i int, s *SessionContext) (*PartialSig, error) {
			return SignKeypair(n, kps[i], s, skip)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			msg := make([]byte, 32)
			b.ReportAllocs()
			for b.Loop() {
				ka, err := KeyAgg(pubkeys)
				if err != nil {
					b.Fatal(err)
				}
				var secs [2]*SecNonce
				pubnonces := make([]PubNonce, 2)
				for i := range secs {
					sec, pub, err := NonceGen(pubkeys[i], &NonceGenOptions{SecretKey: keys[i], AggPublicKey: ka.XOnlyPublicKey(), Msg: msg})
					if err != nil {
						b.Fatal(err)
					}
					secs[i], pubnonces[i] = sec, *pub
				}
				agg, err := NonceAgg(pubnonces)
				if err != nil {
					b.Fatal(err)
				}
				session, err := ka.NewSessionContext(agg, msg)
				if err != nil {
					b.Fatal(err)
				}
				psigs := make([]PartialSig, 2)
				for i := range secs {
					p, err := c.sign(secs[i], i, session)
					if err != nil {
						b.Fatal(err)
					}
					psigs[i] = *p
				}
				for i := range psigs {
					if err := session.PartialSigVerify(&psigs[i], &pubnonces[i], i); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := PartialSigAgg(psigs, session); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
