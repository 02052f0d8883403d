package musig2

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// The stateful Session: whole flows with every tweak kind and nonce kind,
// the BIP-327 sign/verify vectors that apply to it, every misuse error, the
// zero value, secret hygiene and concurrent use.

// tweakKinds are the ways to tweak an aggregate key before signing.
var tweakKinds = []struct {
	name  string
	apply func(*KeyAggContext, *rand.Rand) (*KeyAggContext, error)
}{
	{"untweaked", func(ka *KeyAggContext, _ *rand.Rand) (*KeyAggContext, error) { return ka, nil }},
	{"plain", func(ka *KeyAggContext, r *rand.Rand) (*KeyAggContext, error) {
		return ka.ApplyTweak(randomBytes(r, 32), false)
	}},
	{"x-only", func(ka *KeyAggContext, r *rand.Rand) (*KeyAggContext, error) {
		return ka.ApplyTweak(randomBytes(r, 32), true)
	}},
	{"plain then x-only", func(ka *KeyAggContext, r *rand.Rand) (*KeyAggContext, error) {
		ka, err := ka.ApplyTweak(randomBytes(r, 32), false)
		if err != nil {
			return nil, err
		}
		return ka.ApplyTweak(randomBytes(r, 32), true)
	}},
	{"BIP-86", func(ka *KeyAggContext, _ *rand.Rand) (*KeyAggContext, error) { return ka.ApplyBIP86Tweak() }},
	{"taproot", func(ka *KeyAggContext, r *rand.Rand) (*KeyAggContext, error) {
		return ka.ApplyTapTweak(randomBytes(r, 32))
	}},
}

// sessionSetup is u signers' keys and their tweaked key aggregation context
// (of the sorted keys).
type sessionSetup struct {
	keys []*secp256k1.PrivateKey
	ka   *KeyAggContext
}

func newSessionSetup(t *testing.T, r *rand.Rand, u int, tweak int) *sessionSetup {
	t.Helper()
	s := &sessionSetup{}
	var pubkeys [][]byte
	for range u {
		k := testkey.Random(t, r)
		s.keys = append(s.keys, k)
		pubkeys = append(pubkeys, k.PublicKey().BytesCompressed())
	}
	ka, err := KeyAgg(KeySort(pubkeys))
	if err != nil {
		t.Fatal(err)
	}
	if s.ka, err = tweakKinds[tweak].apply(ka, r); err != nil {
		t.Fatal(err)
	}
	return s
}

// start returns a Session per signer, with opts(i) for signer i.
func (s *sessionSetup) start(t *testing.T, opts func(i int) *SessionOptions) []*Session {
	t.Helper()
	sessions := make([]*Session, len(s.keys))
	for i, k := range s.keys {
		var err error
		if sessions[i], err = NewSession(k, s.ka, opts(i)); err != nil {
			t.Fatalf("NewSession %d: %v", i, err)
		}
	}
	return sessions
}

// exchangeNonces registers every session's public nonce with every other
// session, checking the haveAll results.
func exchangeNonces(t *testing.T, sessions []*Session) {
	t.Helper()
	for _, s := range sessions {
		n := 1
		for _, o := range sessions {
			if o == s {
				continue
			}
			n++
			haveAll, err := s.RegisterPubNonce(o.Index(), o.PublicNonce())
			if err != nil {
				t.Fatalf("RegisterPubNonce: %v", err)
			}
			if haveAll != (n == len(sessions)) {
				t.Fatalf("RegisterPubNonce %d of %d: haveAll %v", n, len(sessions), haveAll)
			}
		}
	}
}

// signAndCombine signs msg in every session, registers every partial
// signature with every other session, and returns the final signature,
// which every session must agree on and which must verify.
func signAndCombine(t *testing.T, sessions []*Session, ka *KeyAggContext, msg []byte) []byte {
	t.Helper()
	psigs := make([]*PartialSig, len(sessions))
	for i, s := range sessions {
		var err error
		if psigs[i], err = s.Sign(msg); err != nil {
			t.Fatalf("Sign %d: %v", i, err)
		}
	}
	var sig []byte
	for _, s := range sessions {
		n := 1
		for j, o := range sessions {
			if o == s {
				continue
			}
			n++
			haveAll, err := s.RegisterPartialSig(o.Index(), psigs[j])
			if err != nil {
				t.Fatalf("RegisterPartialSig: %v", err)
			}
			if haveAll != (n == len(sessions)) {
				t.Fatalf("RegisterPartialSig %d of %d: haveAll %v", n, len(sessions), haveAll)
			}
		}
		final, err := s.FinalSig()
		if err != nil {
			t.Fatal(err)
		}
		if sig != nil && string(final) != string(sig) {
			t.Fatal("the sessions' final signatures differ")
		}
		sig = final
	}
	if !schnorr.Verify(ka.PublicKey(), msg, sig) {
		t.Fatal("the final signature does not verify under the aggregate key")
	}
	xonly, err := schnorr.ParsePublicKey(ka.XOnlyPublicKey())
	if err != nil || !schnorr.Verify(xonly, msg, sig) {
		t.Fatal("the final signature does not verify under the x-only aggregate key")
	}
	return sig
}

// TestSessionFlows runs 1-, 2- and 3-signer sessions with every tweak kind
// and every kind of nonce: random, random with the message known at the
// start, and counter nonces.
func TestSessionFlows(t *testing.T) {
	r := testref.Rand(t)
	nonceKinds := []struct {
		name string
		opts func(i int, msg []byte) *SessionOptions
	}{
		{"random", func(int, []byte) *SessionOptions { return nil }},
		{"random, message known", func(_ int, msg []byte) *SessionOptions {
			return &SessionOptions{Msg: msg, ExtraIn: []byte("session 1")}
		}},
		{"counter", func(i int, _ []byte) *SessionOptions {
			return &SessionOptions{Counter: NewNonceCounter(uint64(i)<<60, nil)}
		}},
	}
	for _, u := range []int{1, 2, 3} {
		for tk := range tweakKinds {
			for _, nk := range nonceKinds {
				t.Run(fmt.Sprintf("%d signers, %s, %s nonces", u, tweakKinds[tk].name, nk.name), func(t *testing.T) {
					setup := newSessionSetup(t, r, u, tk)
					msg := randomBytes(r, r.Intn(2)*32+r.Intn(3))
					sessions := setup.start(t, func(i int) *SessionOptions { return nk.opts(i, msg) })
					if u == 1 {
						if agg, err := sessions[0].AggNonce(); err != nil || *agg != AggNonce(*sessions[0].PublicNonce()) {
							t.Fatalf("a single signer's AggNonce = %v, %v", agg, err)
						}
					}
					exchangeNonces(t, sessions)
					signAndCombine(t, sessions, setup.ka, msg)
				})
			}
		}
	}
}

// TestSessionMatchesFunctions checks that a Session computes what the
// package functions compute with the same nonces.
func TestSessionMatchesFunctions(t *testing.T) {
	r := testref.Rand(t)
	setup := newSessionSetup(t, r, 3, 3)
	msg := []byte("same as the functions")
	counters := make([]*NonceCounter, 3)
	sessions := setup.start(t, func(i int) *SessionOptions {
		counters[i] = NewNonceCounter(1000*uint64(i), nil)
		return &SessionOptions{Counter: counters[i], Msg: msg}
	})
	exchangeNonces(t, sessions)
	sig := signAndCombine(t, sessions, setup.ka, msg)

	pubnonces := make([]PubNonce, 3)
	secnonces := make([]*SecNonce, 3)
	for i, k := range setup.keys {
		sec, pub, err := NonceGenCounter(k, 1000*uint64(i), &NonceGenOptions{AggPublicKey: setup.ka.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			t.Fatal(err)
		}
		if *pub != *sessions[i].PublicNonce() {
			t.Fatalf("signer %d: the session's nonce is not NonceGenCounter's", i)
		}
		pubnonces[sessions[i].Index()], secnonces[i] = *pub, sec
		if v, _ := counters[i].Next(); v != 1000*uint64(i)+1 {
			t.Errorf("signer %d: the session took counter values up to %d", i, v-1)
		}
	}
	agg, err := NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := sessions[0].AggNonce(); *got != *agg {
		t.Error("AggNonce differs from NonceAgg")
	}
	ctx, err := setup.ka.NewSessionContext(agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([]PartialSig, 3)
	for i, k := range setup.keys {
		psig, err := Sign(secnonces[i], k, ctx)
		if err != nil {
			t.Fatal(err)
		}
		psigs[sessions[i].Index()] = *psig
	}
	want, err := PartialSigAgg(psigs, ctx)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(sig) {
		t.Error("the session's final signature differs from PartialSigAgg's")
	}
}

// sessionWithNonce returns the Session of sk for ka with its secret and
// public nonce replaced by the given ones, to reproduce vectors.
func sessionWithNonce(t *testing.T, sk *secp256k1.PrivateKey, ka *KeyAggContext, secnonce *SecNonce, pubnonce []byte) *Session {
	t.Helper()
	s, err := NewSession(sk, ka, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := s.st
	st.secnonce.Erase()
	st.secnonce = secnonce
	st.pubnonce = PubNonce(pubnonce)
	st.pubnonces[st.index] = st.pubnonce
	return s
}

// TestSessionSignVerifyVectors runs the BIP-327 sign/verify vectors that
// apply to a Session, with the vector's secret nonce put into the session:
// the valid cases (the session aggregates the vector's nonces to its
// aggregate nonce and signs to the expected partial signature; its second
// Sign fails); the invalid secret nonce; the signer's key missing from the
// list; the invalid public nonce and the three verification failures, given
// as signer 1's contributions (the vectors' signer 0 is the session itself,
// whose own nonce and partial signature are not registered). The vectors
// with an invalid aggregate nonce or public key do not apply: a Session
// aggregates the nonces itself, and KeyAgg refuses the keys before any
// session.
func TestSessionSignVerifyVectors(t *testing.T) {
	var v struct {
		SK        hexBytes   `json:"sk"`
		Pubkeys   []hexBytes `json:"pubkeys"`
		SecNonces []hexBytes `json:"secnonces"`
		PNonces   []hexBytes `json:"pnonces"`
		AggNonces []hexBytes `json:"aggnonces"`
		Msgs      []hexBytes `json:"msgs"`
		Valid     []struct {
			KeyIndices    []int    `json:"key_indices"`
			NonceIndices  []int    `json:"nonce_indices"`
			AggNonceIndex int      `json:"aggnonce_index"`
			MsgIndex      int      `json:"msg_index"`
			SignerIndex   int      `json:"signer_index"`
			Expected      hexBytes `json:"expected"`
		} `json:"valid_test_cases"`
		VerifyFail []struct {
			Sig          hexBytes `json:"sig"`
			KeyIndices   []int    `json:"key_indices"`
			NonceIndices []int    `json:"nonce_indices"`
			MsgIndex     int      `json:"msg_index"`
			SignerIndex  int      `json:"signer_index"`
			Comment      string   `json:"comment"`
		} `json:"verify_fail_test_cases"`
	}
	loadVectors(t, "sign_verify_vectors.json", &v)
	sk := privateKey(t, v.SK)
	keyAgg := func(idx []int) *KeyAggContext {
		ka, err := KeyAgg(pick(v.Pubkeys, idx))
		if err != nil {
			t.Fatal(err)
		}
		return ka
	}
	// start returns the session of signer signerIndex (sk) with the nonces
	// of nonceIndices, all registered.
	start := func(t *testing.T, keyIndices, nonceIndices []int, signerIndex, secnonce int) *Session {
		t.Helper()
		s := sessionWithNonce(t, sk, keyAgg(keyIndices), secNonceFromBytes(t, v.SecNonces[secnonce]), v.PNonces[nonceIndices[signerIndex]])
		if s.Index() != signerIndex {
			t.Fatalf("Index = %d, want %d", s.Index(), signerIndex)
		}
		for j, ni := range nonceIndices {
			if j != signerIndex {
				if _, err := s.RegisterPubNonce(j, (*PubNonce)(v.PNonces[ni])); err != nil {
					t.Fatal(err)
				}
			}
		}
		return s
	}
	for i, c := range v.Valid {
		t.Run(fmt.Sprint("valid ", i), func(t *testing.T) {
			s := start(t, c.KeyIndices, c.NonceIndices, c.SignerIndex, 0)
			agg, err := s.AggNonce()
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "AggNonce", agg.Bytes(), v.AggNonces[c.AggNonceIndex])
			psig, err := s.Sign(v.Msgs[c.MsgIndex])
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "psig", psig.Bytes(), c.Expected)
			if _, err := s.Sign(v.Msgs[c.MsgIndex]); !errors.Is(err, ErrSecNonceUsed) {
				t.Errorf("second Sign: %v, want ErrSecNonceUsed", err)
			}
		})
	}
	t.Run("invalid secnonce", func(t *testing.T) {
		s := start(t, []int{0, 1, 2}, []int{0, 1, 2}, 0, 1)
		if _, err := s.Sign(v.Msgs[0]); !errors.Is(err, ErrSecNonce) {
			t.Errorf("Sign: %v, want ErrSecNonce", err)
		}
	})
	t.Run("signer not in keys", func(t *testing.T) {
		if _, err := NewSession(sk, keyAgg([]int{1, 2}), nil); !errors.Is(err, ErrSignerNotInKeys) {
			t.Errorf("NewSession: %v, want ErrSignerNotInKeys", err)
		}
	})
	t.Run("invalid pubnonce", func(t *testing.T) {
		s := sessionWithNonce(t, sk, keyAgg([]int{0, 1, 2}), secNonceFromBytes(t, v.SecNonces[0]), v.PNonces[0])
		_, err := s.RegisterPubNonce(1, (*PubNonce)(v.PNonces[4]))
		checkBlame(t, err, 1, ContribPubNonce, ErrPubNonce)
	})
	for _, c := range v.VerifyFail {
		t.Run("verify fail "+c.Comment, func(t *testing.T) {
			s := start(t, c.KeyIndices, c.NonceIndices, 0, 0)
			if _, err := s.Sign(v.Msgs[c.MsgIndex]); err != nil {
				t.Fatal(err)
			}
			_, err := s.RegisterPartialSig(1, (*PartialSig)(c.Sig))
			cause := ErrPartialSigVerify
			if _, perr := ParsePartialSig(c.Sig); perr != nil {
				cause = ErrPartialSig
			}
			checkBlame(t, err, 1, ContribPartialSig, cause)
		})
	}
}

// checkBlame checks that err is an InvalidContributionError blaming signer
// for contrib with the given cause.
func checkBlame(t *testing.T, err error, signer int, contrib string, cause error) {
	t.Helper()
	var ice *InvalidContributionError
	if !errors.As(err, &ice) || ice.Signer != signer || ice.Contrib != contrib || !errors.Is(err, cause) {
		t.Errorf("error %v, want signer %d blamed for %s (%v)", err, signer, contrib, cause)
	}
}

// TestSessionMisuse checks every misuse error, and that each leaves the
// session able to finish.
func TestSessionMisuse(t *testing.T) {
	r := testref.Rand(t)
	setup := newSessionSetup(t, r, 3, 4)
	msg := []byte("misuse")
	sessions := setup.start(t, func(int) *SessionOptions { return &SessionOptions{Msg: msg} })
	s, o1, o2 := sessions[0], sessions[1], sessions[2]
	want := func(what string, err, target error) {
		t.Helper()
		if !errors.Is(err, target) {
			t.Errorf("%s: %v, want %v", what, err, target)
		}
	}

	// Round one.
	want("AggNonce early", errOf(s.AggNonce()), ErrPubNoncesMissing)
	want("Sign early", errOf(s.Sign(msg)), ErrPubNoncesMissing)
	want("RegisterPartialSig early", errOf(s.RegisterPartialSig(o1.Index(), new(PartialSig))), ErrSessionNotSigned)
	want("FinalSig early", errOf(s.FinalSig()), ErrPartialSigsMissing)
	want("own index", errOf(s.RegisterPubNonce(s.Index(), o1.PublicNonce())), ErrPubNonceRegistered)
	want("own nonce as another's", errOf(s.RegisterPubNonce(o1.Index(), s.PublicNonce())), ErrOwnPubNonce)
	for _, i := range []int{-1, 3, math.MaxInt} {
		want(fmt.Sprint("nonce index ", i), errOf(s.RegisterPubNonce(i, o1.PublicNonce())), ErrSignerIndex)
	}
	var bad PubNonce
	checkBlame(t, errOf(s.RegisterPubNonce(o1.Index(), &bad)), o1.Index(), ContribPubNonce, ErrPubNonce)
	checkBlame(t, errOf(s.RegisterPubNonce(o1.Index(), nil)), o1.Index(), ContribPubNonce, ErrPubNonce)
	if haveAll, err := s.RegisterPubNonce(o1.Index(), o1.PublicNonce()); haveAll || err != nil {
		t.Fatalf("RegisterPubNonce: %v, %v", haveAll, err)
	}
	want("nonce twice", errOf(s.RegisterPubNonce(o1.Index(), o1.PublicNonce())), ErrPubNonceRegistered)
	want("another nonce for a registered signer", errOf(s.RegisterPubNonce(o1.Index(), o2.PublicNonce())), ErrPubNonceRegistered)
	want("Sign with a nonce missing", errOf(s.Sign(msg)), ErrPubNoncesMissing)
	if haveAll, err := s.RegisterPubNonce(o2.Index(), o2.PublicNonce()); !haveAll || err != nil {
		t.Fatalf("the last RegisterPubNonce: %v, %v", haveAll, err)
	}
	for i := range 3 {
		want(fmt.Sprint("nonce after all, signer ", i), errOf(s.RegisterPubNonce(i, o1.PublicNonce())), ErrPubNonceRegistered)
	}
	for _, o := range []*Session{o1, o2} {
		for _, p := range sessions {
			if p != o {
				_, _ = o.RegisterPubNonce(p.Index(), p.PublicNonce())
			}
		}
	}

	// Round two.
	want("Sign another message", errOf(s.Sign([]byte("other"))), ErrSessionMessage)
	want("Sign no message", errOf(s.Sign(nil)), ErrSessionMessage)
	if s.st.secnonce.check() != nil || s.st.sk == nil {
		t.Fatal("a refused Sign consumed the nonce or the key")
	}
	psig, err := s.Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	if s.st.sk != nil {
		t.Error("the session keeps its secret key after signing")
	}
	want("second Sign", errOf(s.Sign(msg)), ErrSecNonceUsed)
	p1, err := o1.Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := o2.Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	want("own psig", errOf(s.RegisterPartialSig(s.Index(), psig)), ErrPartialSigRegistered)
	for _, i := range []int{-1, 3} {
		want(fmt.Sprint("psig index ", i), errOf(s.RegisterPartialSig(i, p1)), ErrSignerIndex)
	}
	// The wrong signer's partial signature, our own given as another's, a
	// value ≥ n, and nil are blamed and not registered.
	checkBlame(t, errOf(s.RegisterPartialSig(o1.Index(), p2)), o1.Index(), ContribPartialSig, ErrPartialSigVerify)
	checkBlame(t, errOf(s.RegisterPartialSig(o1.Index(), psig)), o1.Index(), ContribPartialSig, ErrPartialSigVerify)
	high := PartialSig(new(secp256k1.Scalar).Negate(new(secp256k1.Scalar).SetUint64(1)).Bytes())
	high[31]++ // n
	checkBlame(t, errOf(s.RegisterPartialSig(o1.Index(), &high)), o1.Index(), ContribPartialSig, ErrPartialSig)
	checkBlame(t, errOf(s.RegisterPartialSig(o1.Index(), nil)), o1.Index(), ContribPartialSig, ErrPartialSig)
	if haveAll, err := s.RegisterPartialSig(o1.Index(), p1); haveAll || err != nil {
		t.Fatalf("RegisterPartialSig: %v, %v", haveAll, err)
	}
	want("psig twice", errOf(s.RegisterPartialSig(o1.Index(), p1)), ErrPartialSigRegistered)
	want("FinalSig with a psig missing", errOf(s.FinalSig()), ErrPartialSigsMissing)
	if haveAll, err := s.RegisterPartialSig(o2.Index(), p2); !haveAll || err != nil {
		t.Fatalf("the last RegisterPartialSig: %v, %v", haveAll, err)
	}
	want("psig after all", errOf(s.RegisterPartialSig(o2.Index(), p2)), ErrPartialSigRegistered)
	sig, err := s.FinalSig()
	if err != nil || !schnorr.Verify(setup.ka.PublicKey(), msg, sig) {
		t.Fatalf("FinalSig: %v", err)
	}
	sig[0] ^= 1
	if again, _ := s.FinalSig(); again[0] == sig[0] {
		t.Error("FinalSig returns the session's own slice")
	}
	s.Erase() // after Sign: nothing to do
}

// TestNewSessionErrors checks NewSession's argument errors.
func TestNewSessionErrors(t *testing.T) {
	r := testref.Rand(t)
	setup := newSessionSetup(t, r, 2, 0)
	var zero secp256k1.PrivateKey
	sk := setup.keys[0]
	testkey.CheckUninitialized(t, map[string]error{
		"nil key":      errOf(NewSession(nil, setup.ka, nil)),
		"zero key":     errOf(NewSession(&zero, setup.ka, nil)),
		"nil context":  errOf(NewSession(sk, nil, nil)),
		"zero context": errOf(NewSession(sk, new(KeyAggContext), nil)),
		"zero counter": errOf(NewSession(sk, setup.ka, &SessionOptions{Counter: new(NonceCounter)})),
	})
	if _, err := NewSession(testkey.Random(t, r), setup.ka, nil); !errors.Is(err, ErrSignerNotInKeys) {
		t.Errorf("a key not in the context: %v", err)
	}
	if _, err := NewSession(sk, setup.ka, &SessionOptions{Counter: NewNonceCounter(math.MaxUint64, nil)}); !errors.Is(err, ErrNonceCounterExhausted) {
		t.Errorf("an exhausted counter: %v", err)
	}
}

// TestSessionDuplicateKey checks a session whose key occurs twice: it is
// the signer at the first index, and the other index is another signer.
func TestSessionDuplicateKey(t *testing.T) {
	r := testref.Rand(t)
	a, b := testkey.Random(t, r), testkey.Random(t, r)
	pa, pb := a.PublicKey().BytesCompressed(), b.PublicKey().BytesCompressed()
	ka, err := KeyAgg([][]byte{pb, pa, pa})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(a, ka, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Index() != 1 {
		t.Fatalf("Index = %d, want 1", s.Index())
	}
	// The other signers: b, and a second holder of a's key using the
	// functions.
	sb, err := NewSession(b, ka, nil)
	if err != nil {
		t.Fatal(err)
	}
	sec2, pub2, err := NonceGen(pa, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, reg := range []struct {
		s *Session
		i int
		n *PubNonce
	}{{s, 0, sb.PublicNonce()}, {s, 2, pub2}, {sb, 1, s.PublicNonce()}, {sb, 2, pub2}} {
		if _, err := reg.s.RegisterPubNonce(reg.i, reg.n); err != nil {
			t.Fatal(err)
		}
	}
	msg := []byte("duplicate")
	if _, err := s.Sign(msg); err != nil {
		t.Fatal(err)
	}
	psB, err := sb.Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	agg, _ := s.AggNonce()
	ctx, err := ka.NewSessionContext(agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	ps2, err := Sign(sec2, a, ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, reg := range []struct {
		i int
		p *PartialSig
	}{{0, psB}, {2, ps2}} {
		if _, err := s.RegisterPartialSig(reg.i, reg.p); err != nil {
			t.Fatal(err)
		}
	}
	sig, err := s.FinalSig()
	if err != nil || !schnorr.Verify(ka.PublicKey(), msg, sig) {
		t.Fatalf("FinalSig: %v", err)
	}
}

// TestSessionErase checks that Erase consumes the nonce and the key, that
// Sign then fails, and that Erase is idempotent.
func TestSessionErase(t *testing.T) {
	r := testref.Rand(t)
	setup := newSessionSetup(t, r, 2, 0)
	sessions := setup.start(t, func(int) *SessionOptions { return nil })
	exchangeNonces(t, sessions)
	s := sessions[0]
	key := s.st.sk
	s.Erase()
	if s.st.sk != nil || key.Validate() == nil || !s.st.secnonce.st.Used() || s.st.secnonce.st.K1.IsZero() != 1 {
		t.Fatal("Erase left the key or the nonce")
	}
	if setup.keys[0].Validate() != nil {
		t.Fatal("Erase zeroed the caller's key")
	}
	if _, err := s.Sign([]byte("m")); !errors.Is(err, ErrSecNonceUsed) {
		t.Errorf("Sign after Erase: %v, want ErrSecNonceUsed", err)
	}
	s.Erase()
	if _, err := s.AggNonce(); err != nil {
		t.Errorf("AggNonce after Erase: %v", err)
	}
}

// TestZeroSession checks the zero-value rule for Session.
func TestZeroSession(t *testing.T) {
	for name, s := range map[string]*Session{"zero": new(Session), "nil": nil} {
		testkey.CheckUninitialized(t, map[string]error{
			name + " RegisterPubNonce":   errOf(s.RegisterPubNonce(0, new(PubNonce))),
			name + " AggNonce":           errOf(s.AggNonce()),
			name + " Sign":               errOf(s.Sign(nil)),
			name + " RegisterPartialSig": errOf(s.RegisterPartialSig(0, new(PartialSig))),
			name + " FinalSig":           errOf(s.FinalSig()),
		})
		testref.ExpectPanic(t, name+" Index", "uninitialized Session", func() { s.Index() })
		testref.ExpectPanic(t, name+" PublicNonce", "uninitialized Session", func() { s.PublicNonce() })
		testref.ExpectPanic(t, name+" Erase", "uninitialized Session", s.Erase)
	}
}

// TestSessionFormat checks that no fmt verb, on a Session or a struct
// holding one, prints the secret key or the secret nonce, and that
// encoding/json refuses them.
func TestSessionFormat(t *testing.T) {
	r := testref.Rand(t)
	setup := newSessionSetup(t, r, 2, 5)
	s, err := NewSession(setup.keys[0], setup.ka, &SessionOptions{Msg: []byte("m")})
	if err != nil {
		t.Fatal(err)
	}
	secrets := slices.Concat(testref.SecretTexts(setup.keys[0].Bytes()),
		testref.SecretTexts(scalarBytes(&s.st.secnonce.st.K1)), testref.SecretTexts(scalarBytes(&s.st.secnonce.st.K2)))
	type holder struct {
		Ptr   *Session
		Value Session
		Opts  *SessionOptions
	}
	h := &holder{Ptr: s, Opts: &SessionOptions{Counter: NewNonceCounter(1, nil)}}
	h.Value.st = s.st
	testref.CheckRedacted(t, secrets, s, h, []*Session{s}, map[string]*Session{"s": s})
	testkey.CheckJSONRefused(t, s, h)
	if fmt.Sprint(s) != "musig2.Session(REDACTED)" || fmt.Sprintf("%#v", s) != "musig2.Session{REDACTED}" {
		t.Errorf("fmt prints %v and %#v", s, s)
	}
}

// TestSessionConcurrent checks that concurrent calls on one Session are
// safe (run it with -race): registrations from several goroutines, and of
// concurrent Signs exactly one signs.
func TestSessionConcurrent(t *testing.T) {
	r := testref.Rand(t)
	const u = 5
	setup := newSessionSetup(t, r, u, 0)
	sessions := setup.start(t, func(int) *SessionOptions { return nil })
	s := sessions[0]
	var wg sync.WaitGroup
	var haveAll atomic.Int32
	for _, o := range sessions[1:] {
		for range 2 { // each nonce twice: one registration wins
			wg.Go(func() {
				ok, err := s.RegisterPubNonce(o.Index(), o.PublicNonce())
				if err != nil && !errors.Is(err, ErrPubNonceRegistered) {
					t.Error(err)
				}
				if ok {
					haveAll.Add(1)
				}
			})
		}
	}
	wg.Wait()
	if haveAll.Load() != 1 {
		t.Fatalf("%d registrations reported haveAll", haveAll.Load())
	}
	for _, o := range sessions[1:] {
		for _, p := range sessions {
			if p != o {
				if _, err := o.RegisterPubNonce(p.Index(), p.PublicNonce()); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	msg := []byte("concurrent")
	var signed atomic.Int32
	for range 8 {
		wg.Go(func() {
			_, err := s.Sign(msg)
			switch {
			case err == nil:
				signed.Add(1)
			case !errors.Is(err, ErrSecNonceUsed):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if signed.Load() != 1 {
		t.Fatalf("%d concurrent Signs signed", signed.Load())
	}
	haveAll.Store(0)
	for _, o := range sessions[1:] {
		psig, err := o.Sign(msg)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			ok, err := s.RegisterPartialSig(o.Index(), psig)
			if err != nil {
				t.Error(err)
			}
			if ok {
				haveAll.Add(1)
			}
			_, _ = s.FinalSig()
		})
	}
	wg.Wait()
	if haveAll.Load() != 1 {
		t.Fatalf("%d registrations reported haveAll", haveAll.Load())
	}
	if sig, err := s.FinalSig(); err != nil || !schnorr.Verify(setup.ka.PublicKey(), msg, sig) {
		t.Fatalf("FinalSig: %v", err)
	}
}
