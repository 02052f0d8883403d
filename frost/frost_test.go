package frost

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// setup is a dealt t-of-n key.
type setup struct {
	n, t int
	out  *DealerOutput
}

func newSetup(t testing.TB, r *rand.Rand, n, th int) *setup {
	t.Helper()
	out, err := TrustedDealerKeygen(n, th, r)
	if err != nil {
		t.Fatal(err)
	}
	return &setup{n: n, t: th, out: out}
}

// signers returns the Signers Context of the participants ids.
func (s *setup) signers(t testing.TB, ids []int) *SignersContext {
	t.Helper()
	ps := make([][]byte, len(ids))
	for i, id := range ids {
		ps[i] = s.out.PubShares[id]
	}
	c, err := NewSignersContext(s.n, s.t, ids, ps, s.out.ThreshPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// run runs a whole session of the signers ids for msg with the tweak
// context tc (nil: untweaked), and returns the session, the public nonces,
// the partial signatures (each verified) and the final signature.
func (s *setup) run(t testing.TB, ids []int, tc *TweakContext, msg []byte) (*SessionContext, []PubNonce, []PartialSig, []byte) {
	t.Helper()
	signers := s.signers(t, ids)
	if tc == nil {
		tc = signers.TweakContext()
	}
	secs := make([]*SecNonce, len(ids))
	pubs := make([]PubNonce, len(ids))
	for i, id := range ids {
		share := s.out.SecretShares[id]
		sec, pub, err := NonceGen(&NonceGenOptions{SecretShare: share, PubShare: share.PubShare(), ThreshPublicKey: tc.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			t.Fatal(err)
		}
		secs[i], pubs[i] = sec, *pub
	}
	agg, err := NonceAgg(pubs)
	if err != nil {
		t.Fatal(err)
	}
	session, err := tc.NewSessionContext(signers, agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([]PartialSig, len(ids))
	for i, id := range ids {
		p, err := Sign(secs[i], s.out.SecretShares[id], id, session)
		if err != nil {
			t.Fatal(err)
		}
		psigs[i] = *p
		if err := session.PartialSigVerify(p, &pubs[i], i); err != nil {
			t.Fatalf("signer %d: %v", i, err)
		}
	}
	sig, err := PartialSigAgg(psigs, session)
	if err != nil {
		t.Fatal(err)
	}
	return session, pubs, psigs, sig
}

// randomSubset returns k distinct identifiers of 0..n−1 in random order.
func randomSubset(r *rand.Rand, n, k int) []int {
	return r.Perm(n)[:k]
}

// TestAnyTSign checks, for random (t, n) with n ≤ 7, that any t (or more)
// of the n participants of a dealt key produce a signature that
// schnorr.Verify accepts, tweaked or not, and that t − 1 of them (in a
// context claiming threshold t − 1) cannot: their context fails
// ErrKeyMaterial, and their signature, made anyway over a context with the
// true threshold key, does not verify.
func TestAnyTSign(t *testing.T) {
	r := testref.Rand(t)
	rounds := 40
	if testing.Short() {
		rounds = 10
	}
	for range rounds {
		n := 1 + r.Intn(7)
		th := 1 + r.Intn(n)
		s := newSetup(t, r, n, th)
		u := th + r.Intn(n-th+1)
		ids := randomSubset(r, n, u)
		msg := make([]byte, r.Intn(40))
		r.Read(msg)
		signers := s.signers(t, ids)
		tc := signers.TweakContext()
		switch r.Intn(3) {
		case 1:
			tc, _ = tc.ApplyBIP86Tweak()
		case 2:
			tw := make([]byte, 32)
			r.Read(tw)
			tw[0] &= 0x7f
			tc, _ = tc.ApplyTweak(tw, r.Intn(2) == 0)
		}
		_, _, _, sig := s.run(t, ids, tc, msg)
		if !schnorr.Verify(tc.PublicKey(), msg, sig) {
			t.Fatalf("%d-of-%d, signers %v: the signature does not verify", th, n, ids)
		}
		if th == 1 {
			continue
		}
		// t − 1 signers: the key material does not interpolate.
		few := ids[:th-1]
		ps := make([][]byte, len(few))
		for i, id := range few {
			ps[i] = s.out.PubShares[id]
		}
		if _, err := NewSignersContext(n, th-1, few, ps, s.out.ThreshPublicKey); err != ErrKeyMaterial {
			t.Fatalf("%d-of-%d: context of %d signers: %v, want ErrKeyMaterial", th, n, th-1, err)
		}
		if _, err := NewSignersContext(n, th, few, ps, s.out.ThreshPublicKey); err != ErrSignerCount {
			t.Fatalf("%d-of-%d: context of %d signers: %v, want ErrSignerCount", th, n, th-1, err)
		}
		// Even a session context built from t signers, of which only t − 1
		// sign (the last one's partial signature replaced by 0), gives no
		// valid signature.
		session, _, psigs, _ := s.run(t, ids[:th], tc, msg)
		psigs[th-1] = PartialSig{}
		bad, err := PartialSigAgg(psigs, session)
		if err != nil {
			t.Fatal(err)
		}
		if schnorr.Verify(tc.PublicKey(), msg, bad) {
			t.Fatalf("%d-of-%d: t − 1 partial signatures verify", th, n)
		}
	}
}

// TestSignErrors checks bad inputs to the signing functions: each gets its
// named error, never a panic and never a signature.
func TestSignErrors(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 5, 3)
	ids := []int{4, 0, 2}
	signers := s.signers(t, ids)
	msg := []byte("bad inputs")
	share := s.out.SecretShares[4]
	sec, pub, err := NonceGen(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, pub2, _ := NonceGen(nil)
	_, pub3, _ := NonceGen(nil)
	agg, _ := NonceAgg([]PubNonce{*pub, *pub2, *pub3})
	session, err := NewSessionContext(signers, agg, nil, nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	want := func(what string, err, target error) {
		t.Helper()
		if !errors.Is(err, target) {
			t.Errorf("%s: %v, want %v", what, err, target)
		}
	}
	_, err = Sign(sec, s.out.SecretShares[1], 1, session)
	want("share not in the context", err, ErrSignerNotInPubShares)
	_, err = Sign(sec, share, 1, session)
	want("id not in the context", err, ErrSignerNotInIDs)
	_, err = Sign(sec, share, 0, session)
	want("id of another signer", err, ErrSignerMismatch)
	_, err = Sign(sec, share, -1, session)
	want("negative id", err, ErrSignerNotInIDs)
	_, err = Sign(sec, new(SecretShare), 4, session)
	want("zero share", err, secp256k1.ErrUninitialized)
	_, err = Sign(sec, share, 4, new(SessionContext))
	want("zero session", err, secp256k1.ErrUninitialized)
	_, err = Sign(new(SecNonce), share, 4, session)
	want("zero nonce", err, ErrSecNonce)
	if sec.st.Used() {
		t.Fatal("an argument error consumed the nonce")
	}
	// A copy of the SecNonce value shares its state: it cannot sign again.
	cp := &SecNonce{st: sec.st}
	if _, err := Sign(sec, share, 4, session); err != nil {
		t.Fatal(err)
	}
	_, err = Sign(cp, share, 4, session)
	want("copied nonce", err, ErrSecNonceUsed)
	_, err = Sign(sec, share, 4, session)
	want("reused nonce", err, ErrSecNonceUsed)

	// Erase consumes the nonce too.
	sec2, _, _ := NonceGen(nil)
	sec2.Erase()
	_, err = Sign(sec2, share, 4, session)
	want("erased nonce", err, ErrSecNonceUsed)
	sec2.Erase() // no-op

	// Concurrent Signs: exactly one signs.
	sec3, _, _ := NonceGen(nil)
	var wg sync.WaitGroup
	var mu sync.Mutex
	okCount := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Sign(sec3, share, 4, session); err == nil {
				mu.Lock()
				okCount++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if okCount != 1 {
		t.Errorf("%d concurrent Signs signed, want 1", okCount)
	}

	// Aggregation and verification errors.
	_, err = PartialSigAgg([]PartialSig{{}, {}}, session)
	want("too few psigs", err, ErrPartialSigCount)
	bad := PartialSig(bytes.Repeat([]byte{0xff}, 32))
	_, err = PartialSigAgg([]PartialSig{{}, bad, {}}, session)
	var ice *InvalidContributionError
	if !errors.As(err, &ice) || ice.Signer != 1 || ice.Contrib != ContribPartialSig {
		t.Errorf("PartialSigAgg with an overflowing psig: %v", err)
	}
	err = session.PartialSigVerify(&PartialSig{}, pub, 3)
	want("index out of range", err, ErrSignerIndex)
	err = PartialSigVerify(&PartialSig{}, []PubNonce{*pub}, signers, nil, nil, msg, 0)
	want("too few nonces", err, ErrSignerIndex)
	err = session.PartialSigVerify(&PartialSig{}, pub, 0)
	want("wrong psig", err, ErrPartialSigVerify)
	err = session.PartialSigVerify(&PartialSig{}, &PubNonce{}, 0)
	want("invalid pubnonce", err, ErrPubNonce)
	// Only the first half invalid (R₁ is decoded only when the check
	// fails): still the public nonce's fault, for any psig.
	half := *pub
	half[0] = 4
	err = session.PartialSigVerify(&PartialSig{}, &half, 0)
	want("invalid first half", err, ErrPubNonce)
	copy(half[1:33], bytes.Repeat([]byte{0xff}, 32))
	half[0] = 2
	err = session.PartialSigVerify(&PartialSig{}, &half, 0)
	want("first half x ≥ p", err, ErrPubNonce)
	_, err = NonceAgg(nil)
	want("no nonces", err, ErrNoNonces)
	_, err = NewSessionContext(signers, nil, nil, nil, msg)
	want("nil aggnonce", err, ErrAggNonce)
	_, err = NewSessionContext(signers, agg, [][]byte{make([]byte, 32)}, nil, msg)
	want("tweak modes", err, ErrTweakModes)
	_, err = NewSessionContext(signers, agg, [][]byte{make([]byte, 31)}, []bool{true}, msg)
	want("short tweak", err, ErrTweakLength)
	other := newSetup(t, r, 3, 2)
	_, err = other.signers(t, []int{0, 1}).TweakContext().NewSessionContext(signers, agg, msg)
	want("tweak context of another key", err, ErrTweakContext)
	_, err = signers.TweakContext().ApplyTapTweak(make([]byte, 31))
	want("31-byte merkle root", err, schnorr.ErrMerkleRoot)

	// NonceGen input errors.
	for _, o := range []*NonceGenOptions{
		{PubShare: make([]byte, 32)},
		{SecretShare: share, PubShare: s.out.PubShares[0]},
		{ThreshPublicKey: make([]byte, 33)},
	} {
		_, _, err := NonceGen(o)
		want("NonceGen options", err, ErrNonceGenInput)
	}
	_, _, err = NonceGen(&NonceGenOptions{Rand: bytes.NewReader(nil)})
	want("failing rand", err, ErrRand)
	_, _, err = NonceGen(&NonceGenOptions{SecretShare: new(SecretShare)})
	want("zero share", err, secp256k1.ErrUninitialized)

	// DeterministicSign.
	_, _, err = DeterministicSign(share, 4, agg, signers, nil, nil, msg, make([]byte, 31))
	want("short aux_rand", err, ErrRand)
	_, _, err = DeterministicSign(share, 1, agg, signers, nil, nil, msg, nil)
	want("det: id not in the context", err, ErrSignerNotInIDs)
	zero := AggNonce{}
	_, _, err = DeterministicSign(share, 4, &zero, signers, nil, nil, msg, nil)
	if !errors.As(err, &ice) || ice.Signer != Coordinator || ice.Contrib != ContribAggOtherNonce {
		t.Errorf("DeterministicSign with infinity in aggothernonce: %v", err)
	}
}

// TestSignersContextErrors checks every rule of ValidateSignersCtx, with
// the index that SignerInputError names.
func TestSignersContextErrors(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 4, 2)
	ps := s.out.PubShares
	tpk := s.out.ThreshPublicKey
	cases := []struct {
		name      string
		n, t      int
		ids       []int
		pubshares [][]byte
		threshPK  []byte
		want      error
		wantIndex int
	}{
		{"t = 0", 4, 0, []int{0, 1}, ps[:2], tpk, ErrThreshold, -1},
		{"t > n", 4, 5, []int{0, 1}, ps[:2], tpk, ErrThreshold, -1},
		{"n = 0", 0, 0, nil, nil, tpk, ErrThreshold, -1},
		{"u < t", 4, 2, []int{0}, ps[:1], tpk, ErrSignerCount, -1},
		{"u > n", 4, 2, []int{0, 1, 2, 3, 0}, [][]byte{ps[0], ps[1], ps[2], ps[3], ps[0]}, tpk, ErrSignerCount, -1},
		{"lengths differ", 4, 2, []int{0, 1}, ps[:3], tpk, ErrSignerCount, -1},
		{"id = n", 4, 2, []int{0, 4}, ps[:2], tpk, ErrIdentifier, 1},
		{"negative id", 4, 2, []int{-1, 1}, ps[:2], tpk, ErrIdentifier, 0},
		{"invalid pubshare", 4, 2, []int{0, 1}, [][]byte{ps[0], make([]byte, 33)}, tpk, ErrPubShare, 1},
		{"short pubshare", 4, 2, []int{0, 1}, [][]byte{ps[0][:32], ps[1]}, tpk, ErrPubShare, 0},
		{"duplicate id", 4, 2, []int{0, 1, 0}, [][]byte{ps[0], ps[1], ps[2]}, tpk, ErrDuplicateIdentifier, 2},
		{"swapped shares", 4, 2, []int{0, 1}, [][]byte{ps[1], ps[0]}, tpk, ErrKeyMaterial, -1},
		{"wrong key", 4, 2, []int{0, 1}, ps[:2], ps[0], ErrKeyMaterial, -1},
		{"invalid key", 4, 2, []int{0, 1}, ps[:2], []byte{2}, ErrKeyMaterial, -1},
		{"infinity", 4, 2, []int{0, 1}, [][]byte{ps[0], double(t, ps[0])}, tpk, ErrThreshPubKeyInfinity, -1},
	}
	for _, c := range cases {
		_, err := NewSignersContext(c.n, c.t, c.ids, c.pubshares, c.threshPK)
		var sie *SignerInputError
		switch {
		case c.wantIndex < 0 && err != c.want:
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		case c.wantIndex >= 0 && (!errors.As(err, &sie) || sie.Index != c.wantIndex || sie.Err != c.want):
			t.Errorf("%s: %v, want %v at index %d", c.name, err, c.want, c.wantIndex)
		}
	}
}

// double returns the compressed 2·P for the compressed P. For the
// identifiers {0, 1} (x = 1, 2) the Lagrange coefficients are λ₀ = 2 and
// λ₁ = −1, so the public shares P and 2·P interpolate to infinity.
func double(t *testing.T, pc []byte) []byte {
	t.Helper()
	var P secp256k1.Point
	if _, err := P.SetBytes(pc); err != nil {
		t.Fatal(err)
	}
	P.Double(&P)
	return P.BytesCompressed()
}

// TestVerifySecretShare checks the dealer's shares against its commitment,
// and rejects a share of another participant, another key, or a corrupted
// commitment.
func TestVerifySecretShare(t *testing.T) {
	r := testref.Rand(t)
	for _, nt := range [][2]int{{1, 1}, {3, 2}, {7, 4}, {5, 5}} {
		s := newSetup(t, r, nt[0], nt[1])
		if !bytes.Equal(s.out.ThreshPublicKey, s.out.Commitments[0]) || len(s.out.Commitments) != nt[1] {
			t.Fatal("commitment does not start with the threshold key or has the wrong length")
		}
		for id, share := range s.out.SecretShares {
			if err := VerifySecretShare(share, id, nt[1], s.out.Commitments, s.out.ThreshPublicKey); err != nil {
				t.Fatalf("%v: share %d: %v", nt, id, err)
			}
			if !bytes.Equal(share.PubShare(), s.out.PubShares[id]) {
				t.Fatal("public share mismatch")
			}
			if nt[0] > 1 {
				if err := VerifySecretShare(share, (id+1)%nt[0], nt[1], s.out.Commitments, s.out.ThreshPublicKey); err != ErrShareCommitment {
					t.Fatalf("share %d as %d: %v", id, (id+1)%nt[0], err)
				}
			}
		}
		bad := slices.Clone(s.out.Commitments)
		bad[len(bad)-1] = make([]byte, 33)
		if err := VerifySecretShare(s.out.SecretShares[0], 0, nt[1], bad, s.out.ThreshPublicKey); err != ErrShareCommitment {
			t.Fatalf("invalid commitment: %v", err)
		}
		if err := VerifySecretShare(s.out.SecretShares[0], 0, nt[1], nil, s.out.ThreshPublicKey); err != ErrCommitmentLength {
			t.Fatalf("empty commitment: %v", err)
		}
		if err := VerifySecretShare(s.out.SecretShares[0], -1, nt[1], s.out.Commitments, s.out.ThreshPublicKey); err != ErrShareCommitment {
			t.Fatalf("negative id: %v", err)
		}
		if nt[1] > 1 {
			o := newSetup(t, r, nt[0], nt[1])
			if err := VerifySecretShare(s.out.SecretShares[0], 0, nt[1], o.out.Commitments, o.out.ThreshPublicKey); err != ErrShareCommitment {
				t.Fatalf("another key's commitment: %v", err)
			}
		}
	}
	for _, nt := range [][2]int{{3, 0}, {2, 3}, {0, 0}} {
		if _, err := TrustedDealerKeygen(nt[0], nt[1], nil); err != ErrThreshold {
			t.Errorf("TrustedDealerKeygen(%d, %d): %v", nt[0], nt[1], err)
		}
	}
	if _, err := TrustedDealerKeygen(3, 2, bytes.NewReader(make([]byte, 10))); !errors.Is(err, ErrRand) {
		t.Errorf("failing rand: %v", err)
	}
	if err := VerifySecretShare(nil, 0, 1, nil, nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("nil share: %v", err)
	}
}

// TestVerifySecretShareShape checks the shape of the commitment, as RFC
// 9591's vss_verify does: a dealer of a higher-degree polynomial, whose
// shares match its own commitment, is caught at share verification (t
// signers could not sign with its shares), and so is a commitment that is
// not to the threshold public key; the right shape passes.
func TestVerifySecretShareShape(t *testing.T) {
	r := testref.Rand(t)
	const n, th = 4, 2
	// A dealer told to deal 2-of-4 deals 3-of-4: a degree-2 polynomial.
	high := newSetup(t, r, n, th+1)
	for id, share := range high.out.SecretShares {
		if err := VerifySecretShare(share, id, th+1, high.out.Commitments, high.out.ThreshPublicKey); err != nil {
			t.Fatalf("share %d against the dealer's own degree: %v", id, err)
		}
		if err := VerifySecretShare(share, id, th, high.out.Commitments, high.out.ThreshPublicKey); !errors.Is(err, ErrCommitmentLength) {
			t.Errorf("share %d of a degree-%d polynomial, t = %d: %v, want ErrCommitmentLength", id, th, th, err)
		}
	}
	if _, err := NewSignersContext(n, th, []int{0, 1}, high.out.PubShares[:2], high.out.ThreshPublicKey); !errors.Is(err, ErrKeyMaterial) {
		t.Errorf("%d signers of the higher-degree key: %v, want ErrKeyMaterial", th, err)
	}

	s := newSetup(t, r, n, th)
	other := newSetup(t, r, n, th)
	for id, share := range s.out.SecretShares {
		if err := VerifySecretShare(share, id, th, s.out.Commitments, s.out.ThreshPublicKey); err != nil {
			t.Fatalf("share %d, right shape: %v", id, err)
		}
		// The shares match the commitment, but it is not to the key.
		if err := VerifySecretShare(share, id, th, s.out.Commitments, other.out.ThreshPublicKey); !errors.Is(err, ErrCommitmentThreshPubKey) {
			t.Errorf("share %d, commitment to another key: %v, want ErrCommitmentThreshPubKey", id, err)
		}
		if err := VerifySecretShare(share, id, th, s.out.Commitments[:th-1], s.out.ThreshPublicKey); !errors.Is(err, ErrCommitmentLength) {
			t.Errorf("share %d, t − 1 entries: %v, want ErrCommitmentLength", id, err)
		}
	}
	share := s.out.SecretShares[0]
	if err := VerifySecretShare(share, 0, 0, nil, s.out.ThreshPublicKey); !errors.Is(err, ErrThreshold) {
		t.Errorf("t = 0: %v, want ErrThreshold", err)
	}
	for _, bad := range [][]byte{nil, s.out.ThreshPublicKey[1:], make([]byte, 33)} {
		if err := VerifySecretShare(share, 0, th, s.out.Commitments, bad); !errors.Is(err, ErrThreshPubKey) {
			t.Errorf("threshold public key %x: %v, want ErrThreshPubKey", bad, err)
		}
	}
}

// TestIdentifierIndexMixup checks that Sign and DeterministicSign, which
// take a participant identifier, refuse a signer's index, and that
// PartialSigVerify, which takes an index, refuses an identifier out of the
// index range; each error says which number it looks like.
func TestIdentifierIndexMixup(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 4, 2)
	ids := []int{1, 3} // indices 0 and 1
	msg := []byte("identifier or index")
	session, pubs, psigs, _ := s.run(t, ids, nil, msg)
	signers := s.signers(t, ids)
	isNote := func(what string, err, target error, note string) {
		t.Helper()
		if !errors.Is(err, target) || !strings.Contains(fmt.Sprint(err), note) {
			t.Errorf("%s: %v, want %v saying %q", what, err, target, note)
		}
	}
	for i, id := range ids {
		sec, _, err := NonceGen(nil)
		if err != nil {
			t.Fatal(err)
		}
		share := s.out.SecretShares[id]
		note := fmt.Sprintf("%d is the signer's index in the Signers Context, not its participant identifier %d", i, id)
		// Index 0 is no signer's identifier; index 1 is another signer's.
		want := ErrSignerNotInIDs
		if slices.Contains(ids, i) {
			want = ErrSignerMismatch
		}
		_, err = Sign(sec, share, i, session)
		isNote(fmt.Sprintf("Sign with index %d for identifier %d", i, id), err, want, note)
		other, err := NonceAgg(pubs[1-i : 2-i])
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = DeterministicSign(share, i, other, signers, nil, nil, msg, nil)
		isNote(fmt.Sprintf("DeterministicSign with index %d for identifier %d", i, id), err, want, note)
		if signers.SignerIndex(id) != i {
			t.Errorf("SignerIndex(%d) = %d, want %d", id, signers.SignerIndex(id), i)
		}
	}
	// Identifier 3 at index 1: out of the index range, and an identifier.
	note := "3 is the participant identifier of the signer at index 1, not a signer index"
	isNote("SessionContext.PartialSigVerify with identifier 3", session.PartialSigVerify(&psigs[1], &pubs[1], 3), ErrSignerIndex, note)
	isNote("PartialSigVerify with identifier 3", PartialSigVerify(&psigs[1], pubs, signers, nil, nil, msg, 3), ErrSignerIndex, note)
	// 2 is neither: a plain range error.
	err := session.PartialSigVerify(&psigs[1], &pubs[1], 2)
	if !errors.Is(err, ErrSignerIndex) || strings.Contains(fmt.Sprint(err), "identifier") {
		t.Errorf("PartialSigVerify with index 2: %v, want a plain ErrSignerIndex", err)
	}
}

// TestDeterministicSignSession checks DeterministicSign as the last signer
// of a session: its partial signature aggregates with the others' into a
// valid signature, and a sole signer of a 1-of-n key signs alone.
func TestDeterministicSignSession(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 4, 3)
	ids := []int{3, 1, 2}
	signers := s.signers(t, ids)
	msg := []byte("deterministic last signer")
	secs := make([]*SecNonce, 2)
	pubs := make([]PubNonce, 3)
	for i := range 2 {
		sec, pub, err := NonceGen(nil)
		if err != nil {
			t.Fatal(err)
		}
		secs[i], pubs[i] = sec, *pub
	}
	other, _ := NonceAgg(pubs[:2])
	tc, _ := signers.TweakContext().ApplyBIP86Tweak()
	tw, modes := tc.Tweaks()
	pub, psig, err := DeterministicSign(s.out.SecretShares[2], 2, other, signers, tw, modes, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	pubs[2] = *pub
	agg, _ := NonceAgg(pubs)
	session, err := NewSessionContext(signers, agg, tw, modes, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([]PartialSig, 3)
	psigs[2] = *psig
	for i := range 2 {
		p, err := Sign(secs[i], s.out.SecretShares[ids[i]], ids[i], session)
		if err != nil {
			t.Fatal(err)
		}
		psigs[i] = *p
	}
	for i := range psigs {
		if err := session.PartialSigVerify(&psigs[i], &pubs[i], i); err != nil {
			t.Fatal(err)
		}
	}
	sig, _ := PartialSigAgg(psigs, session)
	if !schnorr.Verify(tc.PublicKey(), msg, sig) {
		t.Fatal("the signature does not verify")
	}

	// 1-of-n, sole signer.
	s1 := newSetup(t, r, 3, 1)
	signers1 := s1.signers(t, []int{1})
	pub, psig, err = DeterministicSign(s1.out.SecretShares[1], 1, nil, signers1, nil, nil, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	session1, err := NewSessionContext(signers1, (*AggNonce)(pub), nil, nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	sig, _ = PartialSigAgg([]PartialSig{*psig}, session1)
	if !schnorr.Verify(signers1.TweakContext().PublicKey(), msg, sig) {
		t.Fatal("the 1-of-n signature does not verify")
	}
}

// TestTaggedHashes checks the tags against testref.TaggedHash.
func TestTaggedHashes(t *testing.T) {
	msg := []byte("frost")
	for _, c := range []struct {
		name string
		got  [32]byte
	}{
		{"BIP0445/aux", tags.Aux.Sum(msg)},
		{"BIP0445/nonce", tags.Nonce.Sum(msg)},
		{"BIP0445/noncecoef", tags.NonceCoef.Sum(msg)},
		{"BIP0445/deterministic/nonce", tags.Det.Sum(msg)},
	} {
		if c.got != testref.TaggedHash(c.name, msg) {
			t.Errorf("tag %q differs", c.name)
		}
	}
}

// TestSecretRedaction checks that fmt prints no secret of a SecretShare, a
// SecNonce or a DealerOutput with any verb, and that encoding/json refuses
// them.
func TestSecretRedaction(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 3, 2)
	share := s.out.SecretShares[0]
	sec, _, err := NonceGen(&NonceGenOptions{SecretShare: share})
	if err != nil {
		t.Fatal(err)
	}
	secrets := slices.Concat(testref.SecretTexts(share.Bytes()),
		testref.SecretTexts(scalarBytes(&sec.st.K1)), testref.SecretTexts(scalarBytes(&sec.st.K2)))
	testref.CheckRedacted(t, secrets, share, *share, sec, s.out, *s.out,
		[]*SecretShare{share}, map[string]*SecNonce{"n": sec},
		struct{ S SecretShare }{*share}, &NonceGenOptions{SecretShare: share})
	for _, v := range []any{share, *share, sec, s.out} {
		if _, err := json.Marshal(v); !errors.Is(err, secp256k1.ErrSecretMarshal) {
			t.Errorf("json.Marshal(%T): %v, want ErrSecretMarshal", v, err)
		}
	}
	if got := fmt.Sprint(share); got != "frost.SecretShare(REDACTED)" {
		t.Errorf("fmt.Sprint(share) = %q", got)
	}
	share.Zero()
	if share.check() == nil {
		t.Error("a zeroed share is valid")
	}
}

// TestZeroValues checks the zero-value rule for every type.
func TestZeroValues(t *testing.T) {
	isUninit := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("%s: %v, want ErrUninitialized", what, err)
		}
	}
	var agg AggNonce
	isUninit("NewSessionContext(nil signers)", func() error { _, err := NewSessionContext(nil, &agg, nil, nil, nil); return err }())
	isUninit("NewSessionContext(zero signers)", func() error {
		_, err := NewSessionContext(new(SignersContext), &agg, nil, nil, nil)
		return err
	}())
	isUninit("TweakContext.NewSessionContext", func() error {
		_, err := new(TweakContext).NewSessionContext(nil, &agg, nil)
		return err
	}())
	isUninit("ApplyTweak", func() error { _, err := new(TweakContext).ApplyTweak(make([]byte, 32), false); return err }())
	isUninit("ApplyBIP86Tweak", func() error { _, err := new(TweakContext).ApplyBIP86Tweak(); return err }())
	isUninit("PartialSigAgg", func() error { _, err := PartialSigAgg(nil, nil); return err }())
	isUninit("PartialSigVerify", PartialSigVerify(&PartialSig{}, nil, nil, nil, nil, nil, 0))
	isUninit("SessionContext.PartialSigVerify", new(SessionContext).PartialSigVerify(&PartialSig{}, &PubNonce{}, 0))
	isUninit("Sign", func() error { _, err := Sign(nil, nil, 0, nil); return err }())
	isUninit("DeterministicSign", func() error { _, _, err := DeterministicSign(nil, 0, nil, nil, nil, nil, nil, nil); return err }())
	isUninit("DeterministicSign(zero signers)", func() error {
		s, _ := ParseSecretShare(bytes.Repeat([]byte{1}, 32))
		_, _, err := DeterministicSign(s, 0, nil, nil, nil, nil, nil, nil)
		return err
	}())
	isUninit("SignersContext.Validate", new(SignersContext).Validate())
	isUninit("VerifySecretShare", VerifySecretShare(new(SecretShare), 0, 1, nil, nil))
	for name, f := range map[string]func(){
		"SignersContext.N":            func() { new(SignersContext).N() },
		"SignersContext.SignerIndex":  func() { new(SignersContext).SignerIndex(0) },
		"SignersContext.TweakContext": func() { (*SignersContext)(nil).TweakContext() },
		"TweakContext.XOnlyPublicKey": func() { new(TweakContext).XOnlyPublicKey() },
		"TweakContext.PublicKey":      func() { new(TweakContext).PublicKey() },
		"SessionContext.R":            func() { new(SessionContext).R() },
		"SecretShare.Bytes":           func() { new(SecretShare).Bytes() },
		"SecNonce.Erase":              func() { new(SecNonce).Erase() },
	} {
		want := "uninitialized"
		testref.ExpectPanic(t, name, want, f)
	}
}

// TestEncodings checks the marshalers of the wire values against the
// parsers.
func TestEncodings(t *testing.T) {
	_, pub, _ := NonceGen(nil)
	var pn PubNonce
	txt, _ := pub.MarshalText()
	if err := pn.UnmarshalText(txt); err != nil || pn != *pub {
		t.Fatalf("PubNonce text round trip: %v", err)
	}
	if err := pn.UnmarshalText(txt[2:]); !errors.Is(err, ErrPubNonce) {
		t.Fatalf("short text: %v", err)
	}
	agg, _ := NonceAgg([]PubNonce{*pub})
	var an AggNonce
	b, _ := agg.MarshalBinary()
	if err := an.UnmarshalBinary(b); err != nil || an != *agg {
		t.Fatalf("AggNonce binary round trip: %v", err)
	}
	var ps PartialSig
	if err := ps.UnmarshalText(bytes.Repeat([]byte("f"), 64)); !errors.Is(err, ErrPartialSig) {
		t.Fatalf("overflowing psig: %v", err)
	}
	j, err := json.Marshal(struct{ N PubNonce }{*pub})
	if err != nil || !bytes.Contains(j, txt) {
		t.Fatalf("json: %s %v", j, err)
	}
}

// TestSignSelfVerify checks Sign's fault check: a secret share corrupted in
// memory (its d no longer matches its public share, as a fault would leave
// it) makes Sign fail with ErrSign, while SignWithOptions with
// SkipSelfVerify outputs the faulty partial signature, which
// PartialSigVerify then rejects. With an intact share both give the same,
// valid, partial signature for the same nonce.
func TestSignSelfVerify(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 4, 3)
	ids := []int{3, 0, 1}
	signers := s.signers(t, ids)
	secs := make([]*SecNonce, 3)
	pubs := make([]PubNonce, 3)
	for i := range secs {
		sec, pub, err := NonceGen(nil)
		if err != nil {
			t.Fatal(err)
		}
		secs[i], pubs[i] = sec, *pub
	}
	agg, _ := NonceAgg(pubs)
	session, err := NewSessionContext(signers, agg, nil, nil, []byte("fault"))
	if err != nil {
		t.Fatal(err)
	}
	share := s.out.SecretShares[3]
	skip := &SignOptions{SkipSelfVerify: true}

	copyNonce := &SecNonce{st: clone(secs[0].st)}
	p1, err := Sign(secs[0], share, 3, session)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := SignWithOptions(copyNonce, share, 3, session, skip)
	if err != nil {
		t.Fatal(err)
	}
	if *p1 != *p2 {
		t.Fatal("SkipSelfVerify changed the partial signature")
	}
	if err := session.PartialSigVerify(p2, &pubs[0], 0); err != nil {
		t.Fatal(err)
	}

	faulty := &SecretShare{pub: s.out.SecretShares[0].pub}
	faulty.d.Add(&s.out.SecretShares[0].d, new(scalar.Scalar).SetUint64(1<<20))
	copyNonce = &SecNonce{st: clone(secs[1].st)}
	if _, err := Sign(secs[1], faulty, 0, session); !errors.Is(err, ErrSign) {
		t.Fatalf("Sign with a faulty share: %v, want ErrSign", err)
	}
	p3, err := SignWithOptions(copyNonce, faulty, 0, session, skip)
	if err != nil {
		t.Fatal(err)
	}
	if err := session.PartialSigVerify(p3, &pubs[1], 1); !errors.Is(err, ErrPartialSigVerify) {
		t.Fatalf("PartialSigVerify of the faulty partial signature: %v, want ErrPartialSigVerify", err)
	}
}

// TestSessionContextWithNonces checks NewSessionContextWithNonces against
// NonceAgg followed by NewSessionContext (the same aggregate nonce, R and
// final signature), its PartialSigVerify on the decoded nonces against the
// decoding one (both accept every honest partial signature and blame a
// corrupted one on its signer), the fallback for a public nonce other than
// the session's, and its errors.
func TestSessionContextWithNonces(t *testing.T) {
	r := testref.Rand(t)
	for range (testref.Short{Div: 5, Min: 2}).Count(t, 10) {
		n := 2 + r.Intn(5)
		th := 1 + r.Intn(n)
		s := newSetup(t, r, n, th)
		ids := r.Perm(n)[:th+r.Intn(n-th+1)]
		signers := s.signers(t, ids)
		msg := make([]byte, r.Intn(40))
		r.Read(msg)
		secs, pubs := plainNonces(t, len(ids))
		tweak := make([]byte, 32)
		r.Read(tweak)
		tweak[0] &= 0x7f
		tweaks, modes := [][]byte{tweak}, []bool{r.Intn(2) == 0}
		agg, err := NonceAgg(pubs)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := NewSessionContext(signers, agg, tweaks, modes, msg)
		if err != nil {
			t.Fatal(err)
		}
		withNonces, err := NewSessionContextWithNonces(signers, pubs, tweaks, modes, msg)
		if err != nil {
			t.Fatal(err)
		}
		if withNonces.aggNonce != *agg || withNonces.R().Equal(plain.R()) != 1 {
			t.Fatal("the sessions differ in the aggregate nonce or R")
		}
		psigs := make([]PartialSig, len(ids))
		for i, id := range ids {
			p, err := Sign(secs[i], s.out.SecretShares[id], id, withNonces)
			if err != nil {
				t.Fatal(err)
			}
			psigs[i] = *p
		}
		for i := range psigs {
			for name, sess := range map[string]*SessionContext{"plain": plain, "withNonces": withNonces} {
				if err := sess.PartialSigVerify(&psigs[i], &pubs[i], i); err != nil {
					t.Fatalf("%s: PartialSigVerify(%d): %v", name, i, err)
				}
				bad := psigs[i]
				bad[31] ^= 1
				var ice *InvalidContributionError
				err := sess.PartialSigVerify(&bad, &pubs[i], i)
				if !errors.As(err, &ice) || ice.Signer != i || ice.Contrib != ContribPartialSig || !errors.Is(err, ErrPartialSigVerify) {
					t.Fatalf("%s: corrupted psig %d: %v", name, i, err)
				}
			}
		}
		sig1, err1 := PartialSigAgg(psigs, plain)
		sig2, err2 := PartialSigAgg(psigs, withNonces)
		if err1 != nil || err2 != nil || !bytes.Equal(sig1, sig2) || !verifyBIP340(plain.TweakContext().PublicKey(), msg, sig1) {
			t.Fatalf("final signatures: %v, %v", err1, err2)
		}
		// Another nonce than the session's for signer 0: decoded and checked
		// as SessionContext.PartialSigVerify does without decoded nonces.
		_, other, _ := NonceGen(nil)
		if err := withNonces.PartialSigVerify(&psigs[0], other, 0); !errors.Is(err, ErrPartialSigVerify) {
			t.Fatalf("psig against another nonce: %v", err)
		}
		invalid := *other
		invalid[0] = 5
		var ice *InvalidContributionError
		if err := withNonces.PartialSigVerify(&psigs[0], &invalid, 0); !errors.As(err, &ice) || ice.Contrib != ContribPubNonce {
			t.Fatalf("psig against an invalid nonce: %v", err)
		}
		// Errors: NonceAgg's blame, and the count.
		j := r.Intn(len(pubs))
		broken := slices.Clone(pubs)
		broken[j][33*r.Intn(2)] = 5 // not a compressed point
		_, want := NonceAgg(broken)
		_, got := NewSessionContextWithNonces(signers, broken, tweaks, modes, msg)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Fatalf("an invalid nonce: %v, NonceAgg says %v", got, want)
		}
		if _, err := NewSessionContextWithNonces(signers, pubs[1:], tweaks, modes, msg); !errors.Is(err, ErrSignerIndex) {
			t.Fatalf("one nonce short: %v", err)
		}
	}
}

// TestPartialSigVerifyTable checks the checks of one signers context
// across sessions: a signer's checks in the first session build no table,
// its first check in the second session builds its public share's
// ecmult.Table, and the later ones use it; valid partial signatures pass,
// corrupted ones and another signer's fail, in every state.
func TestPartialSigVerifyTable(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 5, 3)
	ids := []int{3, 0, 4}
	signers := s.signers(t, ids)
	for session := range 4 {
		msg := []byte{byte(session)}
		secs, pubs := plainNonces(t, len(ids))
		sess, err := NewSessionContextWithNonces(signers, pubs, nil, nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		psigs := make([]PartialSig, len(ids))
		for i, id := range ids {
			opts := &SignOptions{SkipSelfVerify: true} // count only the checks below
			p, err := SignWithOptions(secs[i], s.out.SecretShares[id], id, sess, opts)
			if err != nil {
				t.Fatal(err)
			}
			psigs[i] = *p
		}
		for i := range ids {
			if built := signers.tables[i].Built(); built != (session >= 2) {
				t.Fatalf("session %d, signer %d: table built = %v before its check", session, i, built)
			}
			if err := sess.PartialSigVerify(&psigs[i], &pubs[i], i); err != nil {
				t.Fatalf("session %d: signer %d: %v", session, i, err)
			}
			bad := psigs[i]
			bad[0] ^= 0x40
			other := psigs[(i+1)%len(ids)]
			for _, p := range []*PartialSig{&bad, &other} {
				var ice *InvalidContributionError
				if err := sess.PartialSigVerify(p, &pubs[i], i); !errors.As(err, &ice) || ice.Signer != i || !errors.Is(err, ErrPartialSigVerify) {
					t.Fatalf("session %d: a wrong partial signature for signer %d: %v", session, i, err)
				}
			}
		}
		sig, err := PartialSigAgg(psigs, sess)
		if err != nil || !verifyBIP340(signers.TweakContext().PublicKey(), msg, sig) {
			t.Fatalf("session %d: final signature: %v", session, err)
		}
	}
}

// plainNonces returns u secret nonces made by NonceGen without options, and
// their public nonces.
func plainNonces(t *testing.T, u int) ([]*SecNonce, []PubNonce) {
	t.Helper()
	secs := make([]*SecNonce, u)
	pubs := make([]PubNonce, u)
	for i := range secs {
		sec, pub, err := NonceGen(nil)
		if err != nil {
			t.Fatal(err)
		}
		secs[i], pubs[i] = sec, *pub
	}
	return secs, pubs
}

// TestPartialSigVerifyConcurrent checks several goroutines checking the
// partial signatures of two sessions of one Signers Context at once, so
// that the signers' tables are built while others read them (run under
// -race in CI).
func TestPartialSigVerifyConcurrent(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 4, 3)
	ids := []int{2, 0, 3}
	signers := s.signers(t, ids)
	type session struct {
		sess  *SessionContext
		pubs  []PubNonce
		psigs []PartialSig
	}
	var sessions [2]session
	for k := range sessions {
		secs, pubs := plainNonces(t, len(ids))
		sess, err := NewSessionContextWithNonces(signers, pubs, nil, nil, []byte{byte(k)})
		if err != nil {
			t.Fatal(err)
		}
		psigs := make([]PartialSig, len(ids))
		for i, id := range ids {
			p, err := SignWithOptions(secs[i], s.out.SecretShares[id], id, sess, &SignOptions{SkipSelfVerify: true})
			if err != nil {
				t.Fatal(err)
			}
			psigs[i] = *p
		}
		sessions[k] = session{sess, pubs, psigs}
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			var err error
			for round := range 3 {
				k, i := (g+round)%2, (g+round)%len(ids)
				ss := &sessions[k]
				if e := ss.sess.PartialSigVerify(&ss.psigs[i], &ss.pubs[i], i); e != nil && err == nil {
					err = fmt.Errorf("goroutine %d, session %d, signer %d: %w", g, k, i, e)
				}
				bad := ss.psigs[(i+1)%len(ids)]
				if e := ss.sess.PartialSigVerify(&bad, &ss.pubs[i], i); e == nil && err == nil {
					err = fmt.Errorf("goroutine %d: another signer's partial signature verifies", g)
				}
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
