package musig2

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// short scales the random tests' counts under -short: a tenth, at least 2.
var short = testref.Short{Div: 10, Min: 2}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// signer is one party of a test session.
type signer struct {
	sk       *secp256k1.PrivateKey
	pk       []byte
	secnonce *SecNonce
	pubnonce *PubNonce
}

// newSigners returns u signers with random keys; with dup, some of them
// share a key (BIP-327 allows duplicate keys).
func newSigners(t testing.TB, r *rand.Rand, u int, dup bool) []*signer {
	s := make([]*signer, u)
	for i := range s {
		k := testkey.Random(t, r)
		if dup && i > 0 && r.Intn(3) == 0 {
			k = s[r.Intn(i)].sk
		}
		s[i] = &signer{sk: k, pk: k.PublicKey().BytesCompressed()}
	}
	return s
}

func pubkeysOf(s []*signer) [][]byte {
	out := make([][]byte, len(s))
	for i := range s {
		out[i] = s[i].pk
	}
	return out
}

// genNonces generates every signer's nonce (with every optional input)
// and returns the public nonces and their aggregate.
func genNonces(t *testing.T, r *rand.Rand, signers []*signer, ka *KeyAggContext, msg []byte) ([]PubNonce, *AggNonce) {
	t.Helper()
	pubnonces := make([]PubNonce, len(signers))
	for i, s := range signers {
		var err error
		s.secnonce, s.pubnonce, err = NonceGen(s.pk, &NonceGenOptions{
			SecretKey: s.sk, AggPublicKey: ka.XOnlyPublicKey(), Msg: msg, ExtraIn: randomBytes(r, r.Intn(5)),
		})
		if err != nil {
			t.Fatal(err)
		}
		pubnonces[i] = *s.pubnonce
	}
	aggNonce, err := NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	return pubnonces, aggNonce
}

// signAll signs the session with every signer's nonce and checks each
// partial signature with PartialSigVerify.
func signAll(t *testing.T, signers []*signer, session *SessionContext, pubnonces []PubNonce) []PartialSig {
	t.Helper()
	psigs := make([]PartialSig, len(signers))
	for i, s := range signers {
		psig, err := Sign(s.secnonce, s.sk, session)
		if err != nil {
			t.Fatalf("signer %d: %v", i, err)
		}
		psigs[i] = *psig
		if err := session.PartialSigVerify(psig, &pubnonces[i], i); err != nil {
			t.Fatalf("signer %d: %v", i, err)
		}
	}
	return psigs
}

// runSession runs a whole session and returns the partial signatures and
// the final signature, checking every step.
func runSession(t *testing.T, r *rand.Rand, signers []*signer, ka *KeyAggContext, msg []byte) (*SessionContext, []PubNonce, []PartialSig, []byte) {
	t.Helper()
	pubnonces, aggNonce := genNonces(t, r, signers, ka, msg)
	session, err := ka.NewSessionContext(aggNonce, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := signAll(t, signers, session, pubnonces)
	sig, err := PartialSigAgg(psigs, session)
	if err != nil {
		t.Fatal(err)
	}
	if !schnorr.Verify(ka.PublicKey(), msg, sig) {
		t.Fatalf("the aggregate signature does not verify")
	}
	return session, pubnonces, psigs, sig
}

// TestRandomSessions runs sessions with random signers (some duplicated),
// random tweaks of both modes and random message lengths, and checks that
// the package-level PartialSigVerify agrees and that a corrupted partial
// signature is blamed on its signer.
func TestRandomSessions(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 40)
	for range n {
		u := 1 + r.Intn(6)
		signers := newSigners(t, r, u, true)
		pubkeys := pubkeysOf(signers)
		if r.Intn(2) == 0 {
			pubkeys = KeySort(pubkeys)
			// Sorting reorders the key list; put the signers in its order.
			bySK := map[string]*signer{}
			for _, s := range signers {
				bySK[string(s.pk)] = s
			}
			for i := range signers {
				signers[i] = &signer{sk: bySK[string(pubkeys[i])].sk, pk: pubkeys[i]}
			}
		}
		ka, err := KeyAgg(pubkeys)
		if err != nil {
			t.Fatal(err)
		}
		var tweaks [][]byte
		var modes []bool
		for range r.Intn(4) {
			tw := randomBytes(r, 32)
			tw[0] &= 0x7f // < n
			x := r.Intn(2) == 0
			if ka, err = ka.ApplyTweak(tw, x); err != nil {
				t.Fatal(err)
			}
			tweaks, modes = append(tweaks, tw), append(modes, x)
		}
		msg := randomBytes(r, r.Intn(70))
		session, pubnonces, psigs, sig := runSession(t, r, signers, ka, msg)

		// The package-level functions agree with the session.
		s2, err := NewSessionContext(&session.aggNonce, pubkeys, tweaks, modes, msg)
		if err != nil {
			t.Fatal(err)
		}
		sig2, err := PartialSigAgg(psigs, s2)
		if err != nil || !bytes.Equal(sig, sig2) {
			t.Fatalf("PartialSigAgg differs for the equivalent session: %v", err)
		}
		for i := range psigs {
			if err := PartialSigVerify(&psigs[i], pubnonces, pubkeys, tweaks, modes, msg, i); err != nil {
				t.Fatalf("PartialSigVerify(%d): %v", i, err)
			}
		}
		// A corrupted partial signature is blamed on its signer.
		j := r.Intn(u)
		bad := psigs[j]
		bad[31] ^= 1
		err = PartialSigVerify(&bad, pubnonces, pubkeys, tweaks, modes, msg, j)
		var ice *InvalidContributionError
		if !errors.As(err, &ice) || ice.Signer != j || ice.Contrib != ContribPartialSig || !errors.Is(err, ErrPartialSigVerify) {
			t.Fatalf("corrupted psig %d: %v", j, err)
		}
		psigs[j] = bad
		if sig3, _ := PartialSigAgg(psigs, session); schnorr.Verify(ka.PublicKey(), msg, sig3) {
			t.Fatal("a signature with a corrupted partial signature verifies")
		}
	}
}

func TestSecNonceSingleUse(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, err := KeyAgg(pubkeysOf(signers))
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("msg")
	session, _, _, _ := runSession(t, r, signers, ka, msg)

	// Used nonces are refused and zeroed.
	for i, s := range signers {
		if _, err := Sign(s.secnonce, s.sk, session); !errors.Is(err, ErrSecNonceUsed) {
			t.Errorf("signer %d: second Sign: %v, want ErrSecNonceUsed", i, err)
		}
		if s.secnonce.st.K1.IsZero() != 1 || s.secnonce.st.K2.IsZero() != 1 {
			t.Errorf("signer %d: the used nonce is not zeroed", i)
		}
	}

	// A copy of the SecNonce value (what `c := *n` does) shares the state.
	sec, _, err := NonceGen(signers[0].pk, nil)
	if err != nil {
		t.Fatal(err)
	}
	cp := SecNonce{st: sec.st}
	if _, err := Sign(sec, signers[0].sk, session); err != nil {
		t.Fatal(err)
	}
	if _, err := Sign(&cp, signers[0].sk, session); !errors.Is(err, ErrSecNonceUsed) {
		t.Errorf("Sign with a copy: %v, want ErrSecNonceUsed", err)
	}

	// Erase consumes the nonce.
	sec, _, _ = NonceGen(signers[0].pk, nil)
	sec.Erase()
	sec.Erase()
	if _, err := Sign(sec, signers[0].sk, session); !errors.Is(err, ErrSecNonceUsed) {
		t.Errorf("Sign after Erase: %v, want ErrSecNonceUsed", err)
	}

	// The zero SecNonce and a nil one are invalid.
	var zero SecNonce
	for _, n := range []*SecNonce{&zero, nil} {
		_, err := Sign(n, signers[0].sk, session)
		if !errors.Is(err, ErrSecNonce) || !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("Sign with the SecNonce %p: %v, want ErrSecNonce and ErrUninitialized", n, err)
		}
	}

	// A nonce generated for another key is refused, and left unused: the
	// right key can still sign with it.
	sec, _, _ = NonceGen(signers[1].pk, nil)
	if _, err := Sign(sec, signers[0].sk, session); !errors.Is(err, ErrSecNonceKey) {
		t.Errorf("Sign with another signer's nonce: %v, want ErrSecNonceKey", err)
	}
	if _, err := Sign(sec, signers[1].sk, session); err != nil {
		t.Errorf("Sign after ErrSecNonceKey: %v, want the nonce unused", err)
	}

	// A signer outside the session is refused, and the nonce left unused.
	outsider := testkey.Random(t, r)
	sec, _, _ = NonceGen(outsider.PublicKey().BytesCompressed(), nil)
	if _, err := Sign(sec, outsider, session); !errors.Is(err, ErrSignerNotInKeys) {
		t.Errorf("Sign by an outsider: %v, want ErrSignerNotInKeys", err)
	}
	if sec.st.Used() || sec.st.K1.IsZero() == 1 {
		t.Error("ErrSignerNotInKeys consumed the nonce")
	}
}

// TestSecNonceConcurrentSign checks that of concurrent calls to Sign with one
// nonce (and copies of it), exactly one succeeds. Run it with -race.
func TestSecNonceConcurrentSign(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, _ := KeyAgg(pubkeysOf(signers))
	sec, pub, err := NonceGen(signers[0].pk, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, pub1, _ := NonceGen(signers[1].pk, nil)
	agg, _ := NonceAgg([]PubNonce{*pub, *pub1})
	session, _ := ka.NewSessionContext(agg, []byte("m"))
	const n = 8
	var wg sync.WaitGroup
	results := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			nonce := sec
			if i%2 == 1 {
				nonce = &SecNonce{st: sec.st}
			}
			_, err := Sign(nonce, signers[0].sk, session)
			results <- err
		})
	}
	wg.Wait()
	close(results)
	ok := 0
	for err := range results {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, ErrSecNonceUsed):
			t.Errorf("unexpected error %v", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d concurrent Sign calls succeeded, want 1", ok)
	}
}

func TestNonceGenInputs(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{2}, 32))
	pk := k.PublicKey().BytesCompressed()
	rnd := bytes.Repeat([]byte{0x0f}, 32)
	gen := func(opts NonceGenOptions) []byte {
		t.Helper()
		opts.Rand = bytes.NewReader(rnd)
		_, pub, err := NonceGen(pk, &opts)
		if err != nil {
			t.Fatal(err)
		}
		return pub.Bytes()
	}
	// Every optional input changes the nonce; nil and empty messages differ.
	seen := map[string]string{}
	for name, opts := range map[string]NonceGenOptions{
		"none":     {},
		"sk":       {SecretKey: k},
		"aggpk":    {AggPublicKey: bytes.Repeat([]byte{7}, 32)},
		"emptymsg": {Msg: []byte{}},
		"msg":      {Msg: []byte{1}},
		"extra":    {ExtraIn: []byte{8}},
	} {
		p := string(gen(opts))
		if other, dup := seen[p]; dup {
			t.Errorf("options %s and %s give the same nonce", name, other)
		}
		seen[p] = name
	}
	// Empty aggpk and extra_in are the same as absent ones.
	if !bytes.Equal(gen(NonceGenOptions{AggPublicKey: []byte{}, ExtraIn: []byte{}}), gen(NonceGenOptions{})) {
		t.Error("empty AggPublicKey/ExtraIn differ from absent ones")
	}
	// Invalid inputs: ErrNonceGenInput, with the detail.
	for name, c := range map[string]struct {
		pk     []byte
		opts   *NonceGenOptions
		detail string
	}{
		"x-only pk":   {pk[1:], nil, "pk: want 33 bytes, got 32: musig2 takes 33-byte compressed keys, not x-only keys"},
		"long pk":     {append(slices.Clone(pk), 0), nil, "pk: want 33 bytes, got 34: musig2 takes 33-byte compressed keys"},
		"long aggpk":  {pk, &NonceGenOptions{AggPublicKey: make([]byte, 33)}, "AggPublicKey: want 0 or 32 bytes (an x-only key), got 33"},
		"short aggpk": {pk, &NonceGenOptions{AggPublicKey: make([]byte, 31)}, "AggPublicKey: want 0 or 32 bytes (an x-only key), got 31"},
	} {
		_, _, err := NonceGen(c.pk, c.opts)
		if want := ErrNonceGenInput.Error() + ": " + c.detail; !errors.Is(err, ErrNonceGenInput) || err.Error() != want {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
	_, _, err := NonceGen(pk, &NonceGenOptions{Rand: bytes.NewReader(rnd[:31])})
	if !errors.Is(err, ErrRand) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("short Rand: %v, want ErrRand wrapping io.ErrUnexpectedEOF", err)
	}
	// crypto/rand gives different nonces.
	_, p1, _ := NonceGen(pk, nil)
	_, p2, _ := NonceGen(pk, nil)
	if *p1 == *p2 {
		t.Error("two NonceGen calls gave the same nonce")
	}
}

func TestTaggedHashes(t *testing.T) {
	for tag, h := range map[string]*ksha256.Tag{
		"KeyAgg list": &tagKeyAggList, "KeyAgg coefficient": &tagKeyAggCoeff, "MuSig/aux": &tags.Aux,
		"MuSig/nonce": &tags.Nonce, "MuSig/noncecoef": &tags.NonceCoef, "MuSig/deterministic/nonce": &tags.Det,
		"BIP0340/challenge": &ksha256.BIP340Challenge,
	} {
		msg := []byte("some message")
		if h.Sum(msg[:4], msg[4:]) != testref.TaggedHash(tag, msg) {
			t.Errorf("tag %q: Sum differs from testref.TaggedHash", tag)
		}
	}
}

// TestKeyAggProperties checks KeySort's order independence, the MuSig2*
// coefficient 1 of the second distinct key, and the accessors.
func TestKeyAggProperties(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 20)
	for range n {
		signers := newSigners(t, r, 1+r.Intn(6), true)
		pubkeys := pubkeysOf(signers)
		ka, err := KeyAgg(KeySort(pubkeys))
		if err != nil {
			t.Fatal(err)
		}
		r.Shuffle(len(pubkeys), func(i, j int) { pubkeys[i], pubkeys[j] = pubkeys[j], pubkeys[i] })
		ka2, err := KeyAgg(KeySort(pubkeys))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ka.PlainPublicKey(), ka2.PlainPublicKey()) {
			t.Fatal("KeyAgg(KeySort(…)) depends on the order")
		}
		// Q = Σ a_i·P_i recomputed with constant-time operations.
		kl := ka.keys
		Q := secp256k1.NewIdentityPoint()
		for i := range kl.pubkeys {
			P, err := secp256k1.ParsePublicKey(kl.pubkeys[i][:])
			if err != nil {
				t.Fatal(err)
			}
			var T secp256k1.Point
			Q.Add(Q, T.ScalarMult(door.NewScalar(&kl.coeffs[i]), P.Point()))
		}
		if !bytes.Equal(Q.BytesCompressed(), ka.PlainPublicKey()) {
			t.Fatal("Q ≠ Σ a_i·P_i")
		}
		if pk2 := secondKey(kl.pubkeys); pk2 != nil {
			if c := kl.coeffs[kl.index(pk2)]; c.Equal(new(scalar.Scalar).SetUint64(1)) != 1 {
				t.Fatal("the second key's coefficient is not 1")
			}
		}
		got := ka.PublicKeys()
		for i := range got {
			if !bytes.Equal(got[i], kl.pubkeys[i][:]) {
				t.Fatal("PublicKeys differs")
			}
		}
		got[0][0] ^= 1 // a copy
		if kl.pubkeys[0][0] == got[0][0] {
			t.Fatal("PublicKeys returned the context's own memory")
		}
		if !bytes.Equal(ka.PublicKey().BytesCompressed(), ka.PlainPublicKey()) ||
			!bytes.Equal(ka.XOnlyPublicKey(), ka.PlainPublicKey()[1:]) {
			t.Fatal("the accessors disagree")
		}
	}
	if _, err := KeyAgg(nil); !errors.Is(err, ErrNoPublicKeys) {
		t.Errorf("KeyAgg(nil): %v", err)
	}
	// A plain tweak of −a·k takes the single-key aggregate a·k·G to infinity.
	k := testkey.Random(t, r)
	ka, _ := KeyAgg([][]byte{k.PublicKey().BytesCompressed()})
	var ak secp256k1.Scalar
	ak.Multiply(door.NewScalar(&ka.keys.coeffs[0]), k.Scalar())
	neg := ak.Negate(&ak).Bytes()
	if _, err := ka.ApplyTweak(neg, false); !errors.Is(err, ErrTweakInfinity) {
		t.Errorf("tweak to infinity: %v", err)
	}
	if _, err := ka.ApplyTweak(neg[:31], false); !errors.Is(err, ErrTweak) {
		t.Errorf("short tweak: %v", err)
	}
	if _, err := keyAggAndTweak([][]byte{k.PublicKey().BytesCompressed()}, [][]byte{neg}, nil); !errors.Is(err, ErrTweakModes) {
		t.Errorf("tweaks without modes: %v", err)
	}
}

// TestApplyTapTweak checks the taproot helpers against package schnorr and a
// signature under the tweaked key against BIP-341 key-path verification.
func TestApplyTapTweak(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 10)
	for range n {
		signers := newSigners(t, r, 1+r.Intn(3), false)
		ka, err := KeyAgg(pubkeysOf(signers))
		if err != nil {
			t.Fatal(err)
		}
		root := randomBytes(r, 32)
		if r.Intn(2) == 0 {
			root = nil
		}
		var tk *KeyAggContext
		if root == nil && r.Intn(2) == 0 {
			tk, err = ka.ApplyBIP86Tweak()
		} else {
			tk, err = ka.ApplyTapTweak(root)
		}
		if err != nil {
			t.Fatal(err)
		}
		want, err := schnorr.TapTweak(ka.PublicKey(), root)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(tk.PlainPublicKey(), want.BytesCompressed()) {
			t.Fatal("ApplyTapTweak differs from schnorr.TapTweak")
		}
		tweak, _ := schnorr.TapTweakHash(ka.PublicKey(), root)
		if !schnorr.XOnlyTweakAddCheck(tk.XOnlyPublicKey(), int(tk.PlainPublicKey()[0]&1), ka.PublicKey(), tweak[:]) {
			t.Fatal("XOnlyTweakAddCheck fails for the tweaked key")
		}
		msg := randomBytes(r, 32)
		runSession(t, r, signers, tk, msg) // checks schnorr.Verify under the output key
	}
	ka, _ := KeyAgg([][]byte{newSigners(t, rand.New(rand.NewSource(1)), 1, false)[0].pk})
	if _, err := ka.ApplyTapTweak(make([]byte, 31)); !errors.Is(err, schnorr.ErrMerkleRoot) {
		t.Errorf("bad merkle root: %v", err)
	}
}

func TestGetSessionValues(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 3, false)
	ka, _ := KeyAgg(pubkeysOf(signers))
	ka, _ = ka.ApplyTweak(bytes.Repeat([]byte{1}, 32), true)
	msg := []byte("message")
	session, _, _, sig := runSession(t, r, signers, ka, msg)
	v := session.GetSessionValues()
	if !v.Q.Equal(ka.PublicKey()) {
		t.Error("Q differs")
	}
	rx, _ := v.R.BytesX()
	if !bytes.Equal(rx, sig[:32]) {
		t.Error("xbytes(R) is not the signature's r")
	}
	// BIP-340: s·G = R' + e·Q', with R' and Q' the even-y points.
	var s secp256k1.Scalar
	s.SetCanonicalBytes(sig[32:])
	var lhs, rhs, eQ secp256k1.Point
	lhs.ScalarBaseMult(&s)
	R, _ := new(secp256k1.Point).SetXOnlyBytes(rx)
	Q, _ := new(secp256k1.Point).SetXOnlyBytes(ka.XOnlyPublicKey())
	rhs.Add(R, eQ.ScalarMult(v.E, Q))
	if lhs.Equal(&rhs) != 1 {
		t.Error("the challenge e does not satisfy the BIP-340 equation")
	}
	// The values are copies.
	v.E.SetUint64(0)
	v.R.Set(secp256k1.NewIdentityPoint())
	*v.Q = *testkey.Random(t, r).PublicKey()
	if session.v.E.IsZero() == 1 || session.R().IsIdentity() == 1 || !bytes.Equal(session.keyAgg.PublicKey().BytesCompressed(), ka.PlainPublicKey()) {
		t.Error("GetSessionValues returned the session's own memory")
	}
	if one := new(secp256k1.Scalar).SetUint64(1); v.Gacc.Equal(one) != 1 && v.Gacc.Equal(one.Negate(one)) != 1 {
		t.Error("gacc is not ±1")
	}
}

// TestContextsImmutable checks that the contexts documented immutable
// have no exported fields and that what their accessors return is a copy:
// changing it changes neither the context nor what it signs.
func TestContextsImmutable(t *testing.T) {
	for _, v := range []any{KeyAggContext{}, SessionContext{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() {
				t.Errorf("%s has the exported field %s", typ, f.Name)
			}
		}
	}

	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, _ := KeyAgg(pubkeysOf(signers))
	tweaked, _ := ka.ApplyBIP86Tweak()
	other := testkey.Random(t, r).PublicKey()
	*ka.PublicKey() = *other
	if !bytes.Equal(ka.PublicKey().BytesCompressed(), ka.PlainPublicKey()) {
		t.Error("KeyAggContext.PublicKey returned the context's own key")
	}
	if again, _ := ka.ApplyBIP86Tweak(); !bytes.Equal(again.PlainPublicKey(), tweaked.PlainPublicKey()) {
		t.Error("changing PublicKey's result changed the context's tweaks")
	}

	msg := []byte("immutable")
	session, _, _, sig := runSession(t, r, signers, ka, msg)
	session.R().Set(secp256k1.NewGeneratorPoint())
	rx, _ := session.R().BytesX()
	if !bytes.Equal(rx, sig[:32]) {
		t.Error("SessionContext.R returned the session's own nonce")
	}
}

// TestInfiniteAggNonce covers GetSessionValues' R = G substitution end to
// end: two signers whose nonces cancel (a disruptive second signer that
// copies the negation of the first nonce) still produce partial signatures
// that verify; the second one cannot sign, but the session works.
func TestInfiniteAggNonce(t *testing.T) {
	var agg AggNonce // both halves infinity
	if _, err := ParseAggNonce(agg[:]); err != nil {
		t.Fatalf("ParseAggNonce(zero): %v", err)
	}
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, _ := KeyAgg(pubkeysOf(signers))
	session, err := ka.NewSessionContext(&agg, []byte("m"))
	if err != nil {
		t.Fatal(err)
	}
	if session.R().Equal(secp256k1.NewGeneratorPoint()) != 1 {
		t.Fatal("R is not G")
	}
	// A nonce pair whose own aggregate is (∞, ∞) gives the same session.
	sec, pub, _ := NonceGen(signers[0].pk, nil)
	var negPub PubNonce
	for j := range 2 {
		P, _ := secp256k1.ParsePublicKey(pub[33*j : 33*j+33])
		copy(negPub[33*j:], P.Negate().BytesCompressed())
	}
	a2, err := NonceAgg([]PubNonce{*pub, negPub})
	if err != nil || *a2 != agg {
		t.Fatalf("NonceAgg of cancelling nonces = %x, %v", a2, err)
	}
	psig, err := Sign(sec, signers[0].sk, session)
	if err != nil {
		t.Fatal(err)
	}
	if err := session.PartialSigVerify(psig, pub, 0); err != nil {
		t.Fatal(err)
	}
}

func TestErrors(t *testing.T) {
	e := blame(3, ContribPubNonce, ErrPubNonce)
	if !strings.Contains(e.Error(), "signer 3") || !strings.Contains(e.Error(), "pubnonce") ||
		!strings.HasPrefix(e.Error(), "musig2: ") {
		t.Errorf("message %q", e)
	}
	a := blame(Aggregator, ContribAggNonce, ErrAggNonce)
	if !strings.Contains(a.Error(), "aggregator") {
		t.Errorf("message %q", a)
	}
	if !errors.Is(e, ErrInvalidContribution) || !errors.Is(e, ErrPubNonce) || errors.Is(e, ErrAggNonce) {
		t.Error("errors.Is")
	}
	if _, err := NonceAgg(nil); !errors.Is(err, ErrNoNonces) {
		t.Errorf("NonceAgg(nil): %v", err)
	}
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, _ := KeyAgg(pubkeysOf(signers))
	session, pubnonces, psigs, _ := runSession(t, r, signers, ka, nil)
	if _, err := PartialSigAgg(nil, session); !errors.Is(err, ErrNoPartialSigs) {
		t.Errorf("PartialSigAgg(nil): %v", err)
	}
	pubkeys := pubkeysOf(signers)
	for _, i := range []int{-1, 2} {
		if err := PartialSigVerify(&psigs[0], pubnonces, pubkeys, nil, nil, nil, i); !errors.Is(err, ErrSignerIndex) {
			t.Errorf("PartialSigVerify index %d: %v", i, err)
		}
		if err := session.PartialSigVerify(&psigs[0], &pubnonces[0], i); !errors.Is(err, ErrSignerIndex) {
			t.Errorf("SessionContext.PartialSigVerify index %d: %v", i, err)
		}
	}
	if err := PartialSigVerify(&psigs[0], pubnonces[:1], pubkeys, nil, nil, nil, 0); !errors.Is(err, ErrSignerIndex) {
		t.Errorf("PartialSigVerify with lists of different lengths: %v", err)
	}
	var badNonce PubNonce
	if err := session.PartialSigVerify(&psigs[1], &badNonce, 1); !errors.Is(err, ErrPubNonce) {
		t.Errorf("SessionContext.PartialSigVerify with a bad nonce: %v", err)
	}
	if _, _, err := DeterministicSign(signers[0].sk, &AggNonce{}, pubkeys, nil, nil, nil, make([]byte, 31)); !errors.Is(err, ErrRand) {
		t.Errorf("DeterministicSign with a short rand: %v", err)
	}
}

// TestKeyAggKeyLength checks KeyAgg's error for an individual key that is
// not 33 bytes: it blames the key's index, matches ErrPublicKey and
// ErrInvalidContribution, and its message says what musig2 wants (for a
// 32-byte x-only key, that it takes 33-byte compressed keys). A 33-byte key
// that is no point keeps the plain message.
func TestKeyAggKeyLength(t *testing.T) {
	r := testref.Rand(t)
	pubkeys := pubkeysOf(newSigners(t, r, 3, false))
	for _, c := range []struct {
		key  []byte
		want string
	}{
		{pubkeys[1][1:], "musig2: invalid pubkey from signer 1: want 33 bytes, got 32: musig2 takes 33-byte compressed keys, not x-only keys"},
		{append(slices.Clone(pubkeys[1]), 0), "musig2: invalid pubkey from signer 1: want 33 bytes, got 34: musig2 takes 33-byte compressed keys"},
		{nil, "musig2: invalid pubkey from signer 1: want 33 bytes, got 0: musig2 takes 33-byte compressed keys"},
		{make([]byte, 33), "musig2: invalid pubkey from signer 1"},
	} {
		keys := slices.Clone(pubkeys)
		keys[1] = c.key
		_, err := KeyAgg(keys)
		var ice *InvalidContributionError
		if !errors.As(err, &ice) || ice.Signer != 1 || ice.Contrib != ContribPubKey ||
			!errors.Is(err, ErrPublicKey) || !errors.Is(err, ErrInvalidContribution) {
			t.Errorf("%d-byte key: %v, want an InvalidContributionError blaming key 1 with ErrPublicKey", len(c.key), err)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%d-byte key: %q, want %q", len(c.key), err, c.want)
		}
	}
}

// TestDeterministicSignSession runs a session whose last signer signs with
// DeterministicSign.
func TestDeterministicSignSession(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 10)
	for range n {
		u := 2 + r.Intn(3)
		signers := newSigners(t, r, u, false)
		pubkeys := pubkeysOf(signers)
		ka, _ := KeyAgg(pubkeys)
		msg := randomBytes(r, 32)
		others := make([]PubNonce, u-1)
		for i := range others {
			var err error
			signers[i].secnonce, signers[i].pubnonce, err = NonceGen(signers[i].pk, nil)
			if err != nil {
				t.Fatal(err)
			}
			others[i] = *signers[i].pubnonce
		}
		aggOther, _ := NonceAgg(others)
		var aux []byte
		if r.Intn(2) == 0 {
			aux = randomBytes(r, 32)
		}
		last := signers[u-1]
		pub, lastSig, err := DeterministicSign(last.sk, aggOther, pubkeys, nil, nil, msg, aux)
		if err != nil {
			t.Fatal(err)
		}
		pub2, lastSig2, _ := DeterministicSign(last.sk, aggOther, pubkeys, nil, nil, msg, aux)
		if *pub != *pub2 || *lastSig != *lastSig2 {
			t.Fatal("DeterministicSign is not deterministic")
		}
		all := append(others, *pub)
		agg, _ := NonceAgg(all)
		session, _ := ka.NewSessionContext(agg, msg)
		psigs := make([]PartialSig, u)
		for i := range u - 1 {
			p, err := Sign(signers[i].secnonce, signers[i].sk, session)
			if err != nil {
				t.Fatal(err)
			}
			psigs[i] = *p
		}
		psigs[u-1] = *lastSig
		for i := range psigs {
			if err := PartialSigVerify(&psigs[i], all, pubkeys, nil, nil, msg, i); err != nil {
				t.Fatal(err)
			}
		}
		sig, _ := PartialSigAgg(psigs, session)
		if !schnorr.Verify(ka.PublicKey(), msg, sig) {
			t.Fatal("the signature does not verify")
		}
	}
}

// TestSignKeypairAndOptions checks SignKeypair and SignWithOptions against
// Sign: for keys of both parities and every option, the same nonce gives
// the same partial signature, which PartialSigVerify accepts; a key pair
// of another key is refused before the nonce is consumed. A fault in the
// secret key after the key check (modelled by calling sign with a wrong d
// and the right public key) is caught by the self-verification (ErrSign)
// and, with SkipSelfVerify, output as a partial signature that
// PartialSigVerify rejects.
func TestSignKeypairAndOptions(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 8) {
		signers := newSigners(t, r, 3, false)
		pubkeys := pubkeysOf(signers)
		ka, err := KeyAgg(pubkeys)
		if err != nil {
			t.Fatal(err)
		}
		msg := randomBytes(r, 32)
		secs := make([]*SecNonce, 3)
		pubs := make([]PubNonce, 3)
		for i, s := range signers {
			sec, pub, err := NonceGen(s.pk, &NonceGenOptions{SecretKey: s.sk})
			if err != nil {
				t.Fatal(err)
			}
			secs[i], pubs[i] = sec, *pub
		}
		agg, _ := NonceAgg(pubs)
		session, err := ka.NewSessionContext(agg, msg)
		if err != nil {
			t.Fatal(err)
		}
		kp := schnorr.NewKeypair(signers[0].sk)
		skip := &SignOptions{SkipSelfVerify: true}
		tmpl := clone(secs[0].st)
		want, err := Sign(secs[0], signers[0].sk, session)
		if err != nil {
			t.Fatal(err)
		}
		if err := session.PartialSigVerify(want, &pubs[0], 0); err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]func(*SecNonce) (*PartialSig, error){
			"SignWithOptions(nil)":  func(n *SecNonce) (*PartialSig, error) { return SignWithOptions(n, signers[0].sk, session, nil) },
			"SignWithOptions(skip)": func(n *SecNonce) (*PartialSig, error) { return SignWithOptions(n, signers[0].sk, session, skip) },
			"SignKeypair(nil)":      func(n *SecNonce) (*PartialSig, error) { return SignKeypair(n, kp, session, nil) },
			"SignKeypair(skip)":     func(n *SecNonce) (*PartialSig, error) { return SignKeypair(n, kp, session, skip) },
		} {
			got, err := f(&SecNonce{st: clone(tmpl)})
			if err != nil || *got != *want {
				t.Fatalf("%s (parity %d): %x, %v; want Sign's %x", name, kp.Parity(), got, err, want)
			}
		}

		// Another signer's key pair: refused, nonce unused.
		n := &SecNonce{st: clone(tmpl)}
		if _, err := SignKeypair(n, schnorr.NewKeypair(signers[1].sk), session, nil); !errors.Is(err, ErrSecNonceKey) {
			t.Fatalf("SignKeypair with another key: %v, want ErrSecNonceKey", err)
		}
		if _, err := SignKeypair(n, new(schnorr.Keypair), session, nil); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Fatalf("SignKeypair with the zero Keypair: %v", err)
		}
		if _, err := SignKeypair(n, nil, session, nil); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Fatalf("SignKeypair with nil: %v", err)
		}
		if n.st.Used() {
			t.Fatal("a refused key pair consumed the nonce")
		}

		// A fault in d after the key check.
		pk := [33]byte(pubkeys[0])
		faulty := func() *secp256k1.PrivateKey {
			d := signers[0].sk.Scalar()
			k, err := secp256k1.NewPrivateKeyFromScalar(d.Add(d, new(secp256k1.Scalar).SetUint64(1<<20)))
			if err != nil {
				t.Fatal(err)
			}
			return k
		}
		if _, err := sign(&SecNonce{st: clone(tmpl)}, faulty(), &pk, session, nil); !errors.Is(err, ErrSign) {
			t.Fatalf("faulty key with the self-verification: %v, want ErrSign", err)
		}
		bad, err := sign(&SecNonce{st: clone(tmpl)}, faulty(), &pk, session, skip)
		if err != nil {
			t.Fatal(err)
		}
		if err := session.PartialSigVerify(bad, &pubs[0], 0); !errors.Is(err, ErrPartialSigVerify) {
			t.Fatalf("faulty partial signature: %v, want ErrPartialSigVerify", err)
		}
	}
}
