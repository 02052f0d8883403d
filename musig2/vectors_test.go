package musig2

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// The BIP-327 test vectors of testdata/bip-0327 (see its README). Each
// group is one test; every error case checks the exact error, and the
// culprit (signer index and contribution) where the vector names one.

// hexBytes is a JSON hex string of a vector; null decodes to nil.
type hexBytes = testref.HexBytes

// vectorError is a vector's "error" object. Signer is nil for the BIP's null
// signer (the nonce aggregator).
type vectorError struct {
	Type    string `json:"type"`
	Signer  *int   `json:"signer"`
	Contrib string `json:"contrib"`
	Message string `json:"message"`
}

func loadVectors(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("../testdata/bip-0327/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// valueErrors maps the messages of the vectors' "value" errors to this
// package's errors.
var valueErrors = map[string]error{
	"The tweak must be less than n.":                               ErrTweak,
	"The result of tweaking cannot be infinity.":                   ErrTweakInfinity,
	"The signer's pubkey must be included in the list of pubkeys.": ErrSignerNotInKeys,
	"first secnonce value is out of range.":                        ErrSecNonce,
}

// checkError checks err against the vector's expected error: for an
// invalid_contribution, an *InvalidContributionError with the same signer
// (Aggregator for null) and contribution; for a value error, the mapped
// error value.
func checkError(t *testing.T, err error, want vectorError) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %+v", want)
	}
	switch want.Type {
	case "invalid_contribution":
		var ice *InvalidContributionError
		if !errors.As(err, &ice) {
			t.Fatalf("error %v is not an InvalidContributionError", err)
		}
		signer := Aggregator
		if want.Signer != nil {
			signer = *want.Signer
		}
		if ice.Signer != signer || ice.Contrib != want.Contrib {
			t.Fatalf("blames (%d, %q), want (%d, %q)", ice.Signer, ice.Contrib, signer, want.Contrib)
		}
		if !errors.Is(err, ErrInvalidContribution) {
			t.Fatalf("errors.Is(%v, ErrInvalidContribution) is false", err)
		}
	case "value":
		target, ok := valueErrors[want.Message]
		if !ok {
			t.Fatalf("unknown value error %q", want.Message)
		}
		if !errors.Is(err, target) {
			t.Fatalf("error %v, want %v", err, target)
		}
		if errors.Is(err, ErrInvalidContribution) {
			t.Fatalf("value error %v blames someone", err)
		}
	default:
		t.Fatalf("unknown error type %q", want.Type)
	}
}

func pick(all []hexBytes, idx []int) [][]byte {
	out := make([][]byte, len(idx))
	for i, j := range idx {
		out[i] = all[j]
	}
	return out
}

func pickNonces(t *testing.T, all []hexBytes, idx []int) []PubNonce {
	t.Helper()
	out := make([]PubNonce, len(idx))
	for i, j := range idx {
		if len(all[j]) != PubNonceSize {
			t.Fatalf("pnonce %d has %d bytes", j, len(all[j]))
		}
		out[i] = PubNonce(all[j])
	}
	return out
}

func pickPartialSigs(t *testing.T, all []hexBytes, idx []int) []PartialSig {
	t.Helper()
	out := make([]PartialSig, len(idx))
	for i, j := range idx {
		out[i] = PartialSig(all[j])
	}
	return out
}

func aggNonceOf(t *testing.T, b []byte) *AggNonce {
	t.Helper()
	if len(b) != AggNonceSize {
		t.Fatalf("aggnonce has %d bytes", len(b))
	}
	n := AggNonce(b)
	return &n
}

func privateKey(t *testing.T, b []byte) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// secNonceFromBytes returns the SecNonce with BIP-327's 97-byte test
// serialization k₁ ‖ k₂ ‖ pk. Zero values of k₁ and k₂ are kept (Sign
// rejects them); values ≥ n fail the test.
func secNonceFromBytes(t *testing.T, b []byte) *SecNonce {
	t.Helper()
	if len(b) != 97 {
		t.Fatalf("secnonce has %d bytes", len(b))
	}
	var k1, k2 scalar.Scalar
	if _, err := k1.SetCanonicalBytes((*[32]byte)(b[:32])); err != nil {
		t.Fatal(err)
	}
	if _, err := k2.SetCanonicalBytes((*[32]byte)(b[32:64])); err != nil {
		t.Fatal(err)
	}
	st := newSecNonceState()
	st.K1, st.K2 = k1, k2
	copy(st.pk[:], b[64:])
	if !st.Finish(new([66]byte)) {
		st.K1, st.K2 = k1, k2 // a zero scalar: kept for Sign to refuse
	}
	return &SecNonce{st: st}
}

// secNonceBytes returns the 97-byte serialization of an unused nonce.
func secNonceBytes(n *SecNonce) []byte {
	return append(append(scalarBytes(&n.st.K1), scalarBytes(&n.st.K2)...), n.st.pk[:]...)
}

// counted checks the number of cases of each kind against the counts that
// testdata/bip-0327/README.md lists, so that a truncated file fails, and logs
// them.
func counted(t *testing.T, got, want []int) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("case counts %v, want %v", got, want)
	}
	t.Logf("case counts %v checked", got)
}

func hexEqual(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Errorf("%s = %X, want %X", what, got, want)
	}
}

func TestKeySortVectors(t *testing.T) {
	var v struct {
		Pubkeys       []hexBytes `json:"pubkeys"`
		SortedPubkeys []hexBytes `json:"sorted_pubkeys"`
	}
	loadVectors(t, "key_sort_vectors.json", &v)
	in := pick(v.Pubkeys, []int{0, 1, 2, 3, 4, 5})
	got := KeySort(in)
	if len(got) != len(v.SortedPubkeys) {
		t.Fatalf("%d keys, want %d", len(got), len(v.SortedPubkeys))
	}
	for i := range got {
		hexEqual(t, "sorted key", got[i], v.SortedPubkeys[i])
	}
	hexEqual(t, "input unchanged", in[0], v.Pubkeys[0])
	counted(t, []int{1}, []int{1})
}

func TestKeyAggVectors(t *testing.T) {
	var v struct {
		Pubkeys []hexBytes `json:"pubkeys"`
		Tweaks  []hexBytes `json:"tweaks"`
		Valid   []struct {
			KeyIndices []int    `json:"key_indices"`
			Expected   hexBytes `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			KeyIndices   []int       `json:"key_indices"`
			TweakIndices []int       `json:"tweak_indices"`
			IsXOnly      []bool      `json:"is_xonly"`
			Error        vectorError `json:"error"`
			Comment      string      `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "key_agg_vectors.json", &v)
	for _, c := range v.Valid {
		ka, err := KeyAgg(pick(v.Pubkeys, c.KeyIndices))
		if err != nil {
			t.Fatalf("%v: %v", c.KeyIndices, err)
		}
		hexEqual(t, "aggregate key", ka.XOnlyPublicKey(), c.Expected)
		hexEqual(t, "plain key x", ka.PlainPublicKey()[1:], c.Expected)
	}
	for _, c := range v.Errors {
		t.Run(c.Comment, func(t *testing.T) {
			ka, err := KeyAgg(pick(v.Pubkeys, c.KeyIndices))
			for i := 0; err == nil && i < len(c.TweakIndices); i++ {
				ka, err = ka.ApplyTweak(v.Tweaks[c.TweakIndices[i]], c.IsXOnly[i])
			}
			checkError(t, err, c.Error)
			// The same through the session's key aggregation.
			_, err = keyAggAndTweak(pick(v.Pubkeys, c.KeyIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly)
			checkError(t, err, c.Error)
		})
	}
	counted(t, []int{len(v.Valid), len(v.Errors)}, []int{4, 5})
}

func TestNonceGenVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Rand     hexBytes `json:"rand_"`
			SK       hexBytes `json:"sk"`
			PK       hexBytes `json:"pk"`
			AggPK    hexBytes `json:"aggpk"`
			Msg      hexBytes `json:"msg"`
			ExtraIn  hexBytes `json:"extra_in"`
			SecNonce hexBytes `json:"expected_secnonce"`
			PubNonce hexBytes `json:"expected_pubnonce"`
		} `json:"test_cases"`
	}
	loadVectors(t, "nonce_gen_vectors.json", &v)
	for i, c := range v.Cases {
		opts := &NonceGenOptions{
			AggPublicKey: c.AggPK,
			Msg:          c.Msg, // nil for null, non-nil for ""
			ExtraIn:      c.ExtraIn,
			Rand:         bytes.NewReader(c.Rand),
		}
		if c.SK != nil {
			opts.SecretKey = privateKey(t, c.SK)
		}
		sec, pub, err := NonceGen(c.PK, opts)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		hexEqual(t, "secnonce", secNonceBytes(sec), c.SecNonce)
		hexEqual(t, "pubnonce", pub.Bytes(), c.PubNonce)
	}
	counted(t, []int{len(v.Cases)}, []int{4})
}

func TestNonceAggVectors(t *testing.T) {
	var v struct {
		PNonces []hexBytes `json:"pnonces"`
		Valid   []struct {
			PNonceIndices []int    `json:"pnonce_indices"`
			Expected      hexBytes `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			PNonceIndices []int       `json:"pnonce_indices"`
			Error         vectorError `json:"error"`
			Comment       string      `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "nonce_agg_vectors.json", &v)
	for _, c := range v.Valid {
		agg, err := NonceAgg(pickNonces(t, v.PNonces, c.PNonceIndices))
		if err != nil {
			t.Fatal(err)
		}
		hexEqual(t, "aggnonce", agg.Bytes(), c.Expected)
		if _, err := ParseAggNonce(c.Expected); err != nil {
			t.Errorf("ParseAggNonce(%X): %v", c.Expected, err)
		}
	}
	for _, c := range v.Errors {
		t.Run(c.Comment, func(t *testing.T) {
			_, err := NonceAgg(pickNonces(t, v.PNonces, c.PNonceIndices))
			checkError(t, err, c.Error)
			if !errors.Is(err, ErrPubNonce) {
				t.Errorf("cause of %v is not ErrPubNonce", err)
			}
			culprit := v.PNonces[c.PNonceIndices[*c.Error.Signer]]
			if _, err := ParsePubNonce(culprit); !errors.Is(err, ErrPubNonce) {
				t.Errorf("ParsePubNonce(%X) = %v, want ErrPubNonce", culprit, err)
			}
		})
	}
	counted(t, []int{len(v.Valid), len(v.Errors)}, []int{2, 3})
}

func TestSignVerifyVectors(t *testing.T) {
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
			Comment       string   `json:"comment"`
		} `json:"valid_test_cases"`
		SignErrors []struct {
			KeyIndices    []int       `json:"key_indices"`
			AggNonceIndex int         `json:"aggnonce_index"`
			MsgIndex      int         `json:"msg_index"`
			SecNonceIndex int         `json:"secnonce_index"`
			Error         vectorError `json:"error"`
			Comment       string      `json:"comment"`
		} `json:"sign_error_test_cases"`
		VerifyFail []struct {
			Sig          hexBytes `json:"sig"`
			KeyIndices   []int    `json:"key_indices"`
			NonceIndices []int    `json:"nonce_indices"`
			MsgIndex     int      `json:"msg_index"`
			SignerIndex  int      `json:"signer_index"`
			Comment      string   `json:"comment"`
		} `json:"verify_fail_test_cases"`
		VerifyErrors []struct {
			Sig          hexBytes    `json:"sig"`
			KeyIndices   []int       `json:"key_indices"`
			NonceIndices []int       `json:"nonce_indices"`
			MsgIndex     int         `json:"msg_index"`
			SignerIndex  int         `json:"signer_index"`
			Error        vectorError `json:"error"`
			Comment      string      `json:"comment"`
		} `json:"verify_error_test_cases"`
	}
	loadVectors(t, "sign_verify_vectors.json", &v)
	sk := privateKey(t, v.SK)
	hexEqual(t, "pubkeys[0]", sk.PublicKey().BytesCompressed(), v.Pubkeys[0])

	for i, c := range v.Valid {
		t.Run(fmt.Sprintf("valid %d %s", i, c.Comment), func(t *testing.T) {
			pubkeys := pick(v.Pubkeys, c.KeyIndices)
			pubnonces := pickNonces(t, v.PNonces, c.NonceIndices)
			aggNonce := aggNonceOf(t, v.AggNonces[c.AggNonceIndex])
			agg, err := NonceAgg(pubnonces)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "NonceAgg", agg.Bytes(), aggNonce.Bytes())
			msg := v.Msgs[c.MsgIndex]
			session, err := NewSessionContext(aggNonce, pubkeys, nil, nil, msg)
			if err != nil {
				t.Fatal(err)
			}
			secnonce := secNonceFromBytes(t, v.SecNonces[0])
			psig, err := Sign(secnonce, sk, session)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "psig", psig.Bytes(), c.Expected)
			// The nonce is consumed.
			if _, err := Sign(secnonce, sk, session); !errors.Is(err, ErrSecNonceUsed) {
				t.Errorf("second Sign: %v, want ErrSecNonceUsed", err)
			}
			want := PartialSig(c.Expected)
			if err := PartialSigVerify(&want, pubnonces, pubkeys, nil, nil, msg, c.SignerIndex); err != nil {
				t.Errorf("PartialSigVerify: %v", err)
			}
			if err := session.PartialSigVerify(&want, &pubnonces[c.SignerIndex], c.SignerIndex); err != nil {
				t.Errorf("SessionContext.PartialSigVerify: %v", err)
			}
		})
	}

	for _, c := range v.SignErrors {
		t.Run("sign error "+c.Comment, func(t *testing.T) {
			session, err := NewSessionContext(aggNonceOf(t, v.AggNonces[c.AggNonceIndex]),
				pick(v.Pubkeys, c.KeyIndices), nil, nil, v.Msgs[c.MsgIndex])
			if err == nil {
				_, err = Sign(secNonceFromBytes(t, v.SecNonces[c.SecNonceIndex]), sk, session)
			}
			checkError(t, err, c.Error)
		})
	}

	for _, c := range v.VerifyFail {
		t.Run("verify fail "+c.Comment, func(t *testing.T) {
			psig := PartialSig(c.Sig)
			err := PartialSigVerify(&psig, pickNonces(t, v.PNonces, c.NonceIndices),
				pick(v.Pubkeys, c.KeyIndices), nil, nil, v.Msgs[c.MsgIndex], c.SignerIndex)
			signer := c.SignerIndex
			checkError(t, err, vectorError{Type: "invalid_contribution", Signer: &signer, Contrib: ContribPartialSig})
			wantCause := ErrPartialSigVerify
			if _, perr := ParsePartialSig(c.Sig); perr != nil {
				wantCause = ErrPartialSig // s ≥ n
			}
			if !errors.Is(err, wantCause) {
				t.Errorf("cause of %v is not %v", err, wantCause)
			}
		})
	}

	for _, c := range v.VerifyErrors {
		t.Run("verify error "+c.Comment, func(t *testing.T) {
			psig := PartialSig(c.Sig)
			err := PartialSigVerify(&psig, pickNonces(t, v.PNonces, c.NonceIndices),
				pick(v.Pubkeys, c.KeyIndices), nil, nil, v.Msgs[c.MsgIndex], c.SignerIndex)
			checkError(t, err, c.Error)
		})
	}
	counted(t, []int{len(v.Valid), len(v.SignErrors), len(v.VerifyFail), len(v.VerifyErrors)}, []int{6, 6, 3, 2})
}

func TestTweakVectors(t *testing.T) {
	var v struct {
		SK       hexBytes   `json:"sk"`
		Pubkeys  []hexBytes `json:"pubkeys"`
		SecNonce hexBytes   `json:"secnonce"`
		PNonces  []hexBytes `json:"pnonces"`
		AggNonce hexBytes   `json:"aggnonce"`
		Tweaks   []hexBytes `json:"tweaks"`
		Msg      hexBytes   `json:"msg"`
		Valid    []struct {
			KeyIndices   []int    `json:"key_indices"`
			NonceIndices []int    `json:"nonce_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXOnly      []bool   `json:"is_xonly"`
			SignerIndex  int      `json:"signer_index"`
			Expected     hexBytes `json:"expected"`
			Comment      string   `json:"comment"`
		} `json:"valid_test_cases"`
		Errors []struct {
			KeyIndices   []int       `json:"key_indices"`
			NonceIndices []int       `json:"nonce_indices"`
			TweakIndices []int       `json:"tweak_indices"`
			IsXOnly      []bool      `json:"is_xonly"`
			SignerIndex  int         `json:"signer_index"`
			Error        vectorError `json:"error"`
			Comment      string      `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "tweak_vectors.json", &v)
	sk := privateKey(t, v.SK)
	aggNonce := aggNonceOf(t, v.AggNonce)

	for _, c := range v.Valid {
		t.Run(c.Comment, func(t *testing.T) {
			pubkeys := pick(v.Pubkeys, c.KeyIndices)
			pubnonces := pickNonces(t, v.PNonces, c.NonceIndices)
			agg, err := NonceAgg(pubnonces)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "NonceAgg", agg.Bytes(), aggNonce.Bytes())
			tweaks := pick(v.Tweaks, c.TweakIndices)
			session, err := NewSessionContext(aggNonce, pubkeys, tweaks, c.IsXOnly, v.Msg)
			if err != nil {
				t.Fatal(err)
			}
			psig, err := Sign(secNonceFromBytes(t, v.SecNonce), sk, session)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "psig", psig.Bytes(), c.Expected)
			if err := PartialSigVerify(psig, pubnonces, pubkeys, tweaks, c.IsXOnly, v.Msg, c.SignerIndex); err != nil {
				t.Errorf("PartialSigVerify: %v", err)
			}
			// The same session from a KeyAggContext tweaked step by step.
			ka, err := KeyAgg(pubkeys)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tweaks {
				if ka, err = ka.ApplyTweak(tweaks[i], c.IsXOnly[i]); err != nil {
					t.Fatal(err)
				}
			}
			gotTweaks, gotModes := ka.Tweaks()
			if len(gotTweaks) != len(tweaks) || len(gotModes) != len(c.IsXOnly) {
				t.Fatalf("Tweaks() lists %d/%d tweaks, want %d", len(gotTweaks), len(gotModes), len(tweaks))
			}
			for i := range tweaks {
				hexEqual(t, "Tweaks()", gotTweaks[i], tweaks[i])
				if gotModes[i] != c.IsXOnly[i] {
					t.Errorf("Tweaks() mode %d = %v", i, gotModes[i])
				}
			}
			s2, err := ka.NewSessionContext(aggNonce, v.Msg)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "session key", s2.KeyAggContext().PlainPublicKey(), session.KeyAggContext().PlainPublicKey())
			if err := s2.PartialSigVerify(psig, &pubnonces[c.SignerIndex], c.SignerIndex); err != nil {
				t.Errorf("SessionContext.PartialSigVerify: %v", err)
			}
		})
	}
	for _, c := range v.Errors {
		t.Run(c.Comment, func(t *testing.T) {
			_, err := NewSessionContext(aggNonce, pick(v.Pubkeys, c.KeyIndices),
				pick(v.Tweaks, c.TweakIndices), c.IsXOnly, v.Msg)
			checkError(t, err, c.Error)
		})
	}
	counted(t, []int{len(v.Valid), len(v.Errors)}, []int{5, 1})
}

func TestDetSignVectors(t *testing.T) {
	var v struct {
		SK      hexBytes   `json:"sk"`
		Pubkeys []hexBytes `json:"pubkeys"`
		Msgs    []hexBytes `json:"msgs"`
		Valid   []struct {
			Rand          hexBytes   `json:"rand"`
			AggOtherNonce hexBytes   `json:"aggothernonce"`
			KeyIndices    []int      `json:"key_indices"`
			Tweaks        []hexBytes `json:"tweaks"`
			IsXOnly       []bool     `json:"is_xonly"`
			MsgIndex      int        `json:"msg_index"`
			SignerIndex   int        `json:"signer_index"`
			Expected      []hexBytes `json:"expected"`
			Comment       string     `json:"comment"`
		} `json:"valid_test_cases"`
		Errors []struct {
			Rand          hexBytes    `json:"rand"`
			AggOtherNonce hexBytes    `json:"aggothernonce"`
			KeyIndices    []int       `json:"key_indices"`
			Tweaks        []hexBytes  `json:"tweaks"`
			IsXOnly       []bool      `json:"is_xonly"`
			MsgIndex      int         `json:"msg_index"`
			SignerIndex   int         `json:"signer_index"`
			Error         vectorError `json:"error"`
			Comment       string      `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "det_sign_vectors.json", &v)
	sk := privateKey(t, v.SK)
	tweaksOf := func(ts []hexBytes) [][]byte {
		out := make([][]byte, len(ts))
		for i := range ts {
			out[i] = ts[i]
		}
		return out
	}

	for i, c := range v.Valid {
		name := c.Comment
		if name == "" {
			name = fmt.Sprintf("case %d", i)
		}
		t.Run(name, func(t *testing.T) {
			pubkeys := pick(v.Pubkeys, c.KeyIndices)
			tweaks := tweaksOf(c.Tweaks)
			msg := v.Msgs[c.MsgIndex]
			other := aggNonceOf(t, c.AggOtherNonce)
			pub, psig, err := DeterministicSign(sk, other, pubkeys, tweaks, c.IsXOnly, msg, c.Rand)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "pubnonce", pub.Bytes(), c.Expected[0])
			hexEqual(t, "psig", psig.Bytes(), c.Expected[1])
			// The partial signature verifies in the session whose
			// aggregate nonce is NonceAgg((pubnonce, aggothernonce)).
			agg, err := NonceAgg([]PubNonce{*pub, PubNonce(*other)})
			if err != nil {
				t.Fatal(err)
			}
			session, err := NewSessionContext(agg, pubkeys, tweaks, c.IsXOnly, msg)
			if err != nil {
				t.Fatal(err)
			}
			if err := session.PartialSigVerify(psig, pub, c.SignerIndex); err != nil {
				t.Errorf("PartialSigVerify: %v", err)
			}
		})
	}
	for _, c := range v.Errors {
		t.Run(c.Comment, func(t *testing.T) {
			_, _, err := DeterministicSign(sk, aggNonceOf(t, c.AggOtherNonce), pick(v.Pubkeys, c.KeyIndices),
				tweaksOf(c.Tweaks), c.IsXOnly, v.Msgs[c.MsgIndex], c.Rand)
			checkError(t, err, c.Error)
		})
	}
	counted(t, []int{len(v.Valid), len(v.Errors)}, []int{4, 5})
}

func TestSigAggVectors(t *testing.T) {
	var v struct {
		Pubkeys []hexBytes `json:"pubkeys"`
		PNonces []hexBytes `json:"pnonces"`
		Tweaks  []hexBytes `json:"tweaks"`
		PSigs   []hexBytes `json:"psigs"`
		Msg     hexBytes   `json:"msg"`
		Valid   []struct {
			AggNonce     hexBytes `json:"aggnonce"`
			NonceIndices []int    `json:"nonce_indices"`
			KeyIndices   []int    `json:"key_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXOnly      []bool   `json:"is_xonly"`
			PSigIndices  []int    `json:"psig_indices"`
			Expected     hexBytes `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			AggNonce     hexBytes    `json:"aggnonce"`
			NonceIndices []int       `json:"nonce_indices"`
			KeyIndices   []int       `json:"key_indices"`
			TweakIndices []int       `json:"tweak_indices"`
			IsXOnly      []bool      `json:"is_xonly"`
			PSigIndices  []int       `json:"psig_indices"`
			Error        vectorError `json:"error"`
			Comment      string      `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "sig_agg_vectors.json", &v)
	for i, c := range v.Valid {
		aggNonce := aggNonceOf(t, c.AggNonce)
		pubnonces := pickNonces(t, v.PNonces, c.NonceIndices)
		agg, err := NonceAgg(pubnonces)
		if err != nil {
			t.Fatal(err)
		}
		hexEqual(t, "NonceAgg", agg.Bytes(), aggNonce.Bytes())
		pubkeys := pick(v.Pubkeys, c.KeyIndices)
		tweaks := pick(v.Tweaks, c.TweakIndices)
		session, err := NewSessionContext(aggNonce, pubkeys, tweaks, c.IsXOnly, v.Msg)
		if err != nil {
			t.Fatal(err)
		}
		psigs := pickPartialSigs(t, v.PSigs, c.PSigIndices)
		sig, err := PartialSigAgg(psigs, session)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		hexEqual(t, "sig", sig, c.Expected)
		if !schnorr.Verify(session.KeyAggContext().PublicKey(), v.Msg, sig) {
			t.Errorf("case %d: the aggregate signature does not verify", i)
		}
		xonly, err := schnorr.ParsePublicKey(session.KeyAggContext().XOnlyPublicKey())
		if err != nil || !schnorr.Verify(xonly, v.Msg, sig) {
			t.Errorf("case %d: the aggregate signature does not verify under the x-only key", i)
		}
		for j := range psigs {
			if err := session.PartialSigVerify(&psigs[j], &pubnonces[j], j); err != nil {
				t.Errorf("case %d: partial signature %d: %v", i, j, err)
			}
		}
	}
	for _, c := range v.Errors {
		t.Run(c.Comment, func(t *testing.T) {
			session, err := NewSessionContext(aggNonceOf(t, c.AggNonce), pick(v.Pubkeys, c.KeyIndices),
				pick(v.Tweaks, c.TweakIndices), c.IsXOnly, v.Msg)
			if err != nil {
				t.Fatal(err)
			}
			_, err = PartialSigAgg(pickPartialSigs(t, v.PSigs, c.PSigIndices), session)
			checkError(t, err, c.Error)
			if !errors.Is(err, ErrPartialSig) {
				t.Errorf("cause of %v is not ErrPartialSig", err)
			}
		})
	}
	counted(t, []int{len(v.Valid), len(v.Errors)}, []int{4, 1})
}
