package frost

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Benchmarks of the per-session operations for t = 3 (a 3-of-5 key, three
// signers), next to BIP-340's signing and verification for the ratios that
// the lead measures: PartialSigVerify against BenchmarkBIP340Verify, Sign
// against BenchmarkBIP340Sign, PartialSigAgg against BenchmarkBIP340Verify.
// Smoke-run with -benchtime 100x; compare with benchstat -count 10.

// benchSession is a 3-of-5 session with its nonces and partial signatures.
type benchSession struct {
	s         *setup
	ids       []int
	signers   *SignersContext
	session   *SessionContext
	pubnonces []PubNonce
	psigs     []PartialSig
	nonce0    *mpsig.SecNonce // an unused copy of signer 0's nonce
}

func newBenchSession(b *testing.B) *benchSession {
	b.Helper()
	r := rand.New(rand.NewSource(1))
	bs := &benchSession{s: newSetup(b, r, 5, 3), ids: []int{4, 1, 2}}
	bs.signers = bs.s.signers(b, bs.ids)
	msg := make([]byte, 32)
	secs := make([]*SecNonce, 3)
	bs.pubnonces = make([]PubNonce, 3)
	for i := range secs {
		sec, pub, err := NonceGen(nil)
		if err != nil {
			b.Fatal(err)
		}
		secs[i], bs.pubnonces[i] = sec, *pub
	}
	bs.nonce0 = clone(secs[0].st)
	agg, _ := NonceAgg(bs.pubnonces)
	var err error
	bs.session, err = NewSessionContext(bs.signers, agg, nil, nil, msg)
	if err != nil {
		b.Fatal(err)
	}
	bs.psigs = make([]PartialSig, 3)
	for i, id := range bs.ids {
		p, err := Sign(secs[i], bs.s.out.SecretShares[id], id, bs.session)
		if err != nil {
			b.Fatal(err)
		}
		bs.psigs[i] = *p
	}
	return bs
}

// BenchmarkSign measures Sign for t = 3, with its self-verification (as
// Sign runs it) and without it (SignOptions.SkipSelfVerify); each
// iteration signs with a fresh copy of one secret nonce, made without point
// multiplications.
func BenchmarkSign(b *testing.B) {
	bs := newBenchSession(b)
	share := bs.s.out.SecretShares[bs.ids[0]]
	b.Run("selfcheck", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sec := &SecNonce{st: clone(bs.nonce0)}
			if _, err := Sign(sec, share, bs.ids[0], bs.session); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("noselfcheck", func(b *testing.B) {
		b.ReportAllocs()
		opts := &SignOptions{SkipSelfVerify: true}
		for b.Loop() {
			sec := &SecNonce{st: clone(bs.nonce0)}
			if _, err := SignWithOptions(sec, share, bs.ids[0], bs.session, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPartialSigVerify measures SessionContext.PartialSigVerify, the
// check a coordinator runs per signer: on a session from
// NewSessionContextWithNonces, which has the public nonces decoded
// (decoded), and on one from NewSessionContext, which decodes the signer's
// public nonce (decode), both the first session of their Signers Context;
// and decoded again in a second session of a Signers Context that checked
// the signer in an earlier one (reused: a coordinator that keeps the
// context, whose check uses the signer's precomputed table).
func BenchmarkPartialSigVerify(b *testing.B) {
	bs := newBenchSession(b)
	msg := make([]byte, 32)
	// Each case has its own Signers Context (of the same signers): a
	// context's tables serve all its sessions once built.
	withNonces, err := NewSessionContextWithNonces(bs.s.signers(b, bs.ids), bs.pubnonces, nil, nil, msg)
	if err != nil {
		b.Fatal(err)
	}
	// A second Signers Context of the same signers, checked once in an
	// earlier session.
	reused := bs.s.signers(b, bs.ids)
	var withReused *SessionContext
	for range 2 {
		s, err := NewSessionContextWithNonces(reused, bs.pubnonces, nil, nil, msg)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.PartialSigVerify(&bs.psigs[1], &bs.pubnonces[1], 1); err != nil {
			b.Fatal(err)
		}
		withReused = s
	}
	for _, c := range []struct {
		name string
		s    *SessionContext
	}{{"decoded", withNonces}, {"decode", bs.session}, {"reused", withReused}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.s.PartialSigVerify(&bs.psigs[1], &bs.pubnonces[1], 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPartialSigAgg measures PartialSigAgg of t = 3 partial
// signatures.
func BenchmarkPartialSigAgg(b *testing.B) {
	bs := newBenchSession(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PartialSigAgg(bs.psigs, bs.session); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNonceGen(b *testing.B) {
	bs := newBenchSession(b)
	share := bs.s.out.SecretShares[bs.ids[0]]
	opts := &NonceGenOptions{SecretShare: share, PubShare: share.PubShare(), ThreshPublicKey: make([]byte, 32), Msg: make([]byte, 32)}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := NonceGen(opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewSessionContext measures the session values (b, R, e), which
// every signer and the coordinator compute once per session.
func BenchmarkNewSessionContext(b *testing.B) {
	bs := newBenchSession(b)
	agg, _ := NonceAgg(bs.pubnonces)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewSessionContext(bs.signers, agg, nil, nil, make([]byte, 32)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewSignersContext measures ValidateSignersCtx (u Lagrange
// coefficients with one inversion and one u-point multi-scalar
// multiplication) for u = t = 3 and u = 20.
func BenchmarkNewSignersContext(b *testing.B) {
	r := rand.New(rand.NewSource(2))
	for _, nt := range [][2]int{{5, 3}, {20, 20}} {
		s := newSetup(b, r, nt[0], nt[1])
		ids := make([]int, nt[1])
		ps := make([][]byte, nt[1])
		for i := range ids {
			ids[i], ps[i] = i, s.out.PubShares[i]
		}
		b.Run(fmt.Sprintf("u=%d", nt[1]), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewSignersContext(nt[0], nt[1], ids, ps, s.out.ThreshPublicKey); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTrustedDealerKeygen(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := TrustedDealerKeygen(5, 3, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBIP340Sign and BenchmarkBIP340Verify are the references of the
// ratios: one BIP-340 signature (schnorr.Keypair.Sign, the schnorrsig_sign
// row of secp256k1 bench) and one verification.
// BenchmarkBIP340SignSelfCheck verifies the signature before returning it
// (schnorr.SignOptions.SelfCheck), as BIP-340's Sign algorithm does: the
// partner of BenchmarkSign/selfcheck, as BIP-445's Sign verifies its
// partial signature.
func BenchmarkBIP340Sign(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(append(make([]byte, 31), 1))
	kp := schnorr.NewKeypair(k)
	msg, aux := make([]byte, 32), make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := kp.Sign(msg, aux); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBIP340SignSelfCheck(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(append(make([]byte, 31), 1))
	kp := schnorr.NewKeypair(k)
	msg := make([]byte, 32)
	opts := &schnorr.SignOptions{AuxRand: make([]byte, 32), SelfCheck: true}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := kp.SignWithOptions(msg, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBIP340Verify is schnorr.Verify with the key parsed once, and
// BenchmarkBIP340VerifyParse the same with its 32-byte x-only key parsed in
// each iteration, as BIP-340's Verify takes it and libsecp256k1's
// schnorrsig_verify bench row does: the like-for-like partner of
// PartialSigVerify/decode, which decodes the signer's nonce.
func BenchmarkBIP340Verify(b *testing.B) {
	benchBIP340Verify(b, false)
}

func BenchmarkBIP340VerifyParse(b *testing.B) {
	benchBIP340Verify(b, true)
}

func benchBIP340Verify(b *testing.B, parse bool) {
	k, _ := secp256k1.NewPrivateKey(append(make([]byte, 31), 1))
	msg := make([]byte, 32)
	sig, _ := schnorr.Sign(k, msg, make([]byte, 32))
	pub := k.PublicKey()
	xonly := pub.BytesCompressed()[1:]
	b.ReportAllocs()
	for b.Loop() {
		p := pub
		if parse {
			var err error
			if p, err = schnorr.ParsePublicKey(xonly); err != nil {
				b.Fatal(err)
			}
		}
		if !schnorr.Verify(p, msg, sig) {
			b.Fatal("invalid")
		}
	}
}
