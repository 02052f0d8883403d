package musig2

import (
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// The zero-value rule (zero.go): nil and zero PrivateKeys, KeyAggContexts,
// SessionContexts and SecNonces give an error wrapping
// secp256k1.ErrUninitialized from every function with an error result, and
// a panic naming the type from every other one, before any computation.

// errOf returns the error of a two-result call.
func errOf[T any](_ T, err error) error { return err }

// signingSetup is a two-signer session in which signer 0 has not signed
// yet.
type signingSetup struct {
	signers  []*signer
	ka       *KeyAggContext
	session  *SessionContext
	pubnonce []PubNonce
}

func newSigningSetup(t *testing.T) *signingSetup {
	t.Helper()
	r := testref.Rand(t)
	s := &signingSetup{signers: newSigners(t, r, 2, false)}
	var err error
	if s.ka, err = KeyAgg(pubkeysOf(s.signers)); err != nil {
		t.Fatal(err)
	}
	for _, sg := range s.signers {
		if sg.secnonce, sg.pubnonce, err = NonceGen(sg.pk, nil); err != nil {
			t.Fatal(err)
		}
		s.pubnonce = append(s.pubnonce, *sg.pubnonce)
	}
	agg, err := NonceAgg(s.pubnonce)
	if err != nil {
		t.Fatal(err)
	}
	if s.session, err = s.ka.NewSessionContext(agg, []byte("zero values")); err != nil {
		t.Fatal(err)
	}
	return s
}

// signAndVerify checks that signer i can still sign the session with its
// secret nonce, and that the partial signature verifies.
func (s *signingSetup) signAndVerify(t *testing.T, i int) {
	t.Helper()
	psig, err := Sign(s.signers[i].secnonce, s.signers[i].sk, s.session)
	if err != nil {
		t.Fatalf("Sign with the nonce after the failed calls: %v", err)
	}
	if err := s.session.PartialSigVerify(psig, &s.pubnonce[i], i); err != nil {
		t.Fatalf("the partial signature after the failed calls: %v", err)
	}
}

// TestSignZeroKey checks that Sign refuses a nil or zero secret key with
// ErrUninitialized before it consumes the secret nonce, which then still
// signs; and that the other functions taking a secret key refuse it too.
func TestSignZeroKey(t *testing.T) {
	s := newSigningSetup(t)
	sec := s.signers[0].secnonce
	var zero secp256k1.PrivateKey
	testkey.CheckUninitialized(t, map[string]error{
		"Sign(zero key)": errOf(Sign(sec, &zero, s.session)),
		"Sign(nil key)":  errOf(Sign(sec, nil, s.session)),
	})
	if sec.st.Used() || sec.st.K1.IsZero() == 1 {
		t.Fatal("Sign with a zero key consumed the secret nonce")
	}
	s.signAndVerify(t, 0)

	pubkeys := pubkeysOf(s.signers)
	other := AggNonce(s.pubnonce[1])
	_, _, errDet := DeterministicSign(&zero, &other, pubkeys, nil, nil, []byte("m"), nil)
	_, _, errDetNil := DeterministicSign(nil, &other, pubkeys, nil, nil, []byte("m"), nil)
	_, _, errGen := NonceGen(s.signers[0].pk, &NonceGenOptions{SecretKey: &zero})
	testkey.CheckUninitialized(t, map[string]error{
		"DeterministicSign(zero key)": errDet,
		"DeterministicSign(nil key)":  errDetNil,
		"NonceGen(SecretKey: zero)":   errGen,
	})
	// nil is an absent SecretKey, not a zero one.
	if _, _, err := NonceGen(s.signers[0].pk, &NonceGenOptions{SecretKey: nil}); err != nil {
		t.Errorf("NonceGen without a secret key: %v", err)
	}
}

func TestZeroKeyAggContext(t *testing.T) {
	tweak := make([]byte, 32)
	var agg AggNonce
	for name, c := range map[string]*KeyAggContext{"zero": new(KeyAggContext), "nil": nil} {
		t.Run(name, func(t *testing.T) {
			testkey.CheckUninitialized(t, map[string]error{
				"ApplyTweak":        errOf(c.ApplyTweak(tweak, true)),
				"ApplyTapTweak":     errOf(c.ApplyTapTweak(nil)),
				"ApplyBIP86Tweak":   errOf(c.ApplyBIP86Tweak()),
				"NewSessionContext": errOf(c.NewSessionContext(&agg, nil)),
				"Validate":          c.Validate(),
			})
			for method, f := range map[string]func(){
				"XOnlyPublicKey": func() { c.XOnlyPublicKey() },
				"PlainPublicKey": func() { c.PlainPublicKey() },
				"PublicKey":      func() { c.PublicKey() },
				"PublicKeys":     func() { c.PublicKeys() },
				"Tweaks":         func() { c.Tweaks() },
			} {
				testref.ExpectPanic(t, method, "uninitialized KeyAggContext", f)
			}
		})
	}
}

func TestKeyAggContextValidate(t *testing.T) {
	_, _, ka := docSetup(t, 2)
	if err := ka.Validate(); err != nil {
		t.Errorf("Validate of KeyAgg's context: %v", err)
	}
	tk, err := ka.ApplyBIP86Tweak()
	if err != nil {
		t.Fatal(err)
	}
	if err := tk.Validate(); err != nil {
		t.Errorf("Validate of a tweaked context: %v", err)
	}
}

// TestZeroSessionContext checks the zero SessionContext, and that Sign
// refuses it before it consumes the secret nonce.
func TestZeroSessionContext(t *testing.T) {
	s := newSigningSetup(t)
	sec := s.signers[0].secnonce
	psigs := []PartialSig{{1}, {2}}
	for name, z := range map[string]*SessionContext{"zero": new(SessionContext), "nil": nil} {
		t.Run(name, func(t *testing.T) {
			testkey.CheckUninitialized(t, map[string]error{
				"Sign":             errOf(Sign(sec, s.signers[0].sk, z)),
				"PartialSigAgg":    errOf(PartialSigAgg(psigs, z)),
				"PartialSigVerify": z.PartialSigVerify(&psigs[0], &s.pubnonce[0], 0),
			})
			for method, f := range map[string]func(){
				"GetSessionValues": func() { z.GetSessionValues() },
				"R":                func() { z.R() },
				"KeyAggContext":    func() { z.KeyAggContext() },
			} {
				testref.ExpectPanic(t, method, "uninitialized SessionContext", f)
			}
		})
	}
	s.signAndVerify(t, 0)
}

func TestZeroSecNonce(t *testing.T) {
	for name, n := range map[string]*SecNonce{"zero": new(SecNonce), "nil": nil} {
		testref.ExpectPanic(t, name+" Erase", "uninitialized SecNonce", n.Erase)
	}
}

// TestSecNonceFormat checks that no fmt verb, on a SecNonce or a struct
// holding one or NonceGenOptions with a secret key, prints k₁, k₂ or the
// key, and that encoding/json refuses them.
func TestSecNonceFormat(t *testing.T) {
	r := testref.Rand(t)
	sk := testkey.Random(t, r)
	sec, _, err := NonceGen(sk.PublicKey().BytesCompressed(), &NonceGenOptions{SecretKey: sk})
	if err != nil {
		t.Fatal(err)
	}
	secrets := slices.Concat(testref.SecretTexts(scalarBytes(&sec.st.K1)), testref.SecretTexts(scalarBytes(&sec.st.K2)),
		testref.SecretTexts(sk.Bytes()))
	type holder struct {
		Ptr   *SecNonce
		Value SecNonce
		Opts  NonceGenOptions
	}
	h := &holder{Ptr: sec, Opts: NonceGenOptions{SecretKey: sk}}
	h.Value.st = sec.st
	opts := &NonceGenOptions{SecretKey: sk}
	testref.CheckRedacted(t, secrets, sec, h, *opts, opts)
	testkey.CheckJSONRefused(t, sec, h, opts)
}

// TestAccessorAllocations checks that the accessors that return copies stay
// inlinable with their zero-value checks (which sit in the callees), so
// that a copy that does not escape lives on the caller's stack.
func TestAccessorAllocations(t *testing.T) {
	race.SkipAllocs(t)
	s := newSigningSetup(t)
	for name, f := range map[string]func(){
		"XOnlyPublicKey": func() { _ = s.ka.XOnlyPublicKey()[0] },
		"PlainPublicKey": func() { _ = s.ka.PlainPublicKey()[0] },
		"PublicKey":      func() { _ = s.ka.PublicKey().Validate() },
		"R":              func() { _ = s.session.R().IsIdentity() },
	} {
		if n := testing.AllocsPerRun(10, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}
