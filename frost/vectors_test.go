package frost

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The BIP-445 test vectors of testdata/bip-0445 (see its README). Each
// file is one test, each group a subtest; every error case checks the exact
// error: the blamed signer index (Coordinator for null) and contribution of
// an InvalidContributionError, or the named error a ValueError message maps
// to, with the index the message names where it names one.

// hexBytes is a JSON hex string of a vector; null decodes to nil.
type hexBytes = testref.HexBytes

// vectorError is a case's "error" object. Signer is nil for the
// coordinator.
type vectorError struct {
	Type    string `json:"type"`
	Signer  *int   `json:"signer_index"`
	Contrib string `json:"contrib"`
	Message string `json:"message"`
}

func loadVectors(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("../testdata/bip-0445/" + name)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// valueError is what a ValueError message maps to: the error (compared
// exactly with ==, or with errors.Is if is), and for a SignerInputError the
// index.
type valueError struct {
	err   error
	is    bool
	index int // −1: not a SignerInputError
}

// valueErrors maps the vectors' ValueError messages to this package's
// errors.
var valueErrors = map[string]valueError{
	"The number of signers must be between t and n.":                      {ErrSignerCount, false, -1},
	"The participant identifier at index 0 is out of range.":              {ErrIdentifier, false, 0},
	"The participant identifier list contains duplicate elements.":        {ErrDuplicateIdentifier, false, -2}, // −2: any index
	"Invalid pubshare at index 0.":                                        {ErrPubShare, false, 0},
	"Invalid pubshare at index 1.":                                        {ErrPubShare, false, 1},
	"The threshold pubkey must not be the point at infinity.":             {ErrThreshPubKeyInfinity, false, -1},
	"The provided key material is incorrect.":                             {ErrKeyMaterial, false, -1},
	"The signer's pubshare must be included in the list of pubshares.":    {ErrSignerNotInPubShares, false, -1},
	"The signer's id must be present in the participant identifier list.": {ErrSignerNotInIDs, false, -1},
	"The signer's secret share value is out of range.":                    {ErrSecretShare, false, -1},
	"first secnonce value is out of range.":                               {errSecNonceFirst, false, -1},
	"second secnonce value is out of range.":                              {errSecNonceSecond, false, -1},
	"The tweak value is out of range.":                                    {ErrTweak, false, -1},
	"The tweak must be a 32-byte array.":                                  {ErrTweakLength, false, -1},
	"The result of tweaking cannot be infinity.":                          {ErrTweakInfinity, false, -1},
	"The tweaks and is_xonly arrays must have the same length.":           {ErrTweakModes, false, -1},
	"The psigs and ids arrays must have the same length.":                 {ErrPartialSigCount, false, -1},
}

// checkError checks err against the vector's expected error.
func checkError(t *testing.T, err error, want *vectorError) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %+v", *want)
	}
	switch want.Type {
	case "InvalidContributionError":
		var ice *InvalidContributionError
		if !errors.As(err, &ice) {
			t.Fatalf("error %v is not an InvalidContributionError", err)
		}
		signer := Coordinator
		if want.Signer != nil {
			signer = *want.Signer
		}
		if ice.Signer != signer || ice.Contrib != want.Contrib {
			t.Fatalf("blames (%d, %q), want (%d, %q)", ice.Signer, ice.Contrib, signer, want.Contrib)
		}
		if !errors.Is(err, ErrInvalidContribution) {
			t.Fatalf("errors.Is(%v, ErrInvalidContribution) is false", err)
		}
	case "ValueError":
		v, ok := valueErrors[want.Message]
		if !ok {
			t.Fatalf("unknown ValueError %q", want.Message)
		}
		if errors.Is(err, ErrInvalidContribution) {
			t.Fatalf("value error %v blames someone", err)
		}
		var sie *SignerInputError
		switch {
		case v.index == -1:
			if err != v.err {
				t.Fatalf("error %v, want exactly %v", err, v.err)
			}
		case errors.As(err, &sie):
			if sie.Err != v.err || (v.index >= 0 && sie.Index != v.index) {
				t.Fatalf("error %v, want %v at index %d", err, v.err, v.index)
			}
		default:
			t.Fatalf("error %v is not a SignerInputError (want %v)", err, v.err)
		}
	default:
		t.Fatalf("unknown error type %q", want.Type)
	}
}

// vgroup is the shared part of a test group.
type vgroup struct {
	TgID      string     `json:"tg_id"`
	T         int        `json:"t"`
	N         int        `json:"n"`
	ThreshPK  hexBytes   `json:"thresh_pk"`
	PubShares []hexBytes `json:"pubshares"`
	PubNonces []hexBytes `json:"pubnonces"`
	SecShares []hexBytes `json:"secshares"`
	SecNonces []hexBytes `json:"secnonces"`
	Tweaks    []hexBytes `json:"tweaks"`
}

// signers returns the Signers Context of a case, or the error of
// NewSignersContext.
func (g *vgroup) signers(ids, pubshareIndices []int) (*SignersContext, error) {
	return NewSignersContext(g.N, g.T, ids, pick(g.PubShares, pubshareIndices), g.ThreshPK)
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
			t.Fatalf("pubnonce %d: %d bytes", j, len(all[j]))
		}
		out[i] = PubNonce(all[j])
	}
	return out
}

func aggNonceOf(t *testing.T, b []byte) *AggNonce {
	t.Helper()
	if len(b) != AggNonceSize {
		t.Fatalf("aggnonce: %d bytes", len(b))
	}
	n := AggNonce(b)
	return &n
}

// secNonceFromBytes returns the SecNonce k₁ ‖ k₂ of a vector (either may be
// zero).
func secNonceFromBytes(t *testing.T, b []byte) *SecNonce {
	t.Helper()
	var k1, k2 scalar.Scalar
	if _, err := k1.SetCanonicalBytes((*[32]byte)(b[:32])); err != nil {
		t.Fatal(err)
	}
	if _, err := k2.SetCanonicalBytes((*[32]byte)(b[32:64])); err != nil {
		t.Fatal(err)
	}
	st := mpsig.NewSecNonce()
	st.K1, st.K2 = k1, k2
	if !st.Finish(new([66]byte)) {
		st.K1, st.K2 = k1, k2 // a zero scalar: kept for Sign to refuse
	}
	return &SecNonce{st: st}
}

func hexEqual(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: got %X, want %X", what, got, want)
	}
}

// tally counts the cases of a file by kind, to compare with the README.
type tally map[string]int

func (c tally) check(t *testing.T, want tally) {
	t.Helper()
	for k, v := range want {
		if c[k] != v {
			t.Errorf("%s: %d cases, want %d", k, c[k], v)
		}
	}
}

func TestNonceGenVectors(t *testing.T) {
	var f struct {
		ValidTests []struct {
			TcID          int        `json:"tc_id"`
			Comment       string     `json:"comment"`
			Rand          hexBytes   `json:"rand"`
			SecShare      hexBytes   `json:"secshare"`
			PubShare      hexBytes   `json:"pubshare"`
			ThreshPKXOnly hexBytes   `json:"thresh_pk_xonly"`
			Msg           hexBytes   `json:"msg"`
			ExtraIn       hexBytes   `json:"extra_in"`
			Expected      []hexBytes `json:"expected"`
		} `json:"valid_tests"`
	}
	loadVectors(t, "nonce_gen_vectors.json", &f)
	for _, tc := range f.ValidTests {
		opts := &NonceGenOptions{
			PubShare: tc.PubShare, ThreshPublicKey: tc.ThreshPKXOnly,
			Msg: tc.Msg, ExtraIn: tc.ExtraIn, Rand: bytes.NewReader(tc.Rand),
		}
		if tc.SecShare != nil {
			s, err := ParseSecretShare(tc.SecShare)
			if err != nil {
				t.Fatalf("case %d: %v", tc.TcID, err)
			}
			opts.SecretShare = s
		}
		sec, pub, err := NonceGen(opts)
		if err != nil {
			t.Fatalf("case %d: %v", tc.TcID, err)
		}
		hexEqual(t, "secnonce", append(scalarBytes(&sec.st.K1), scalarBytes(&sec.st.K2)...), tc.Expected[0])
		hexEqual(t, "pubnonce", pub[:], tc.Expected[1])
	}
	tally{"valid": len(f.ValidTests)}.check(t, tally{"valid": 5})
}

func TestNonceAggVectors(t *testing.T) {
	var f struct {
		PubNonces  []hexBytes `json:"pubnonces"`
		ValidTests []struct {
			TcID     int      `json:"tc_id"`
			Comment  string   `json:"comment"`
			Indices  []int    `json:"pubnonce_indices"`
			Expected hexBytes `json:"expected"`
		} `json:"valid_tests"`
		ErrorTests []struct {
			TcID    int         `json:"tc_id"`
			Comment string      `json:"comment"`
			Indices []int       `json:"pubnonce_indices"`
			Error   vectorError `json:"error"`
		} `json:"error_tests"`
	}
	loadVectors(t, "nonce_agg_vectors.json", &f)
	for _, tc := range f.ValidTests {
		agg, err := NonceAgg(pickNonces(t, f.PubNonces, tc.Indices))
		if err != nil {
			t.Fatalf("case %d: %v", tc.TcID, err)
		}
		hexEqual(t, "aggnonce", agg[:], tc.Expected)
		if _, err := ParseAggNonce(agg[:]); err != nil {
			t.Fatalf("case %d: ParseAggNonce: %v", tc.TcID, err)
		}
	}
	for _, tc := range f.ErrorTests {
		_, err := NonceAgg(pickNonces(t, f.PubNonces, tc.Indices))
		checkError(t, err, &tc.Error)
		if !errors.Is(err, ErrPubNonce) {
			t.Fatalf("case %d: %v is not ErrPubNonce", tc.TcID, err)
		}
	}
	tally{"valid": len(f.ValidTests), "error": len(f.ErrorTests)}.check(t, tally{"valid": 2, "error": 3})
}

// signCase is a case that signs (sign_verify, tweak).
type signCase struct {
	TcID            int          `json:"tc_id"`
	Comment         string       `json:"comment"`
	MyID            int          `json:"my_id"`
	IDs             []int        `json:"ids"`
	PubShareIndices []int        `json:"pubshare_indices"`
	PubNonceIndices []int        `json:"pubnonce_indices"`
	SecShareIndex   int          `json:"secshare_index"`
	SecNonceIndex   int          `json:"secnonce_index"`
	AggNonce        hexBytes     `json:"aggnonce"`
	Msg             hexBytes     `json:"msg"`
	TweakIndices    []int        `json:"tweak_indices"`
	IsXOnly         []bool       `json:"is_xonly"`
	Expected        hexBytes     `json:"expected"`
	Error           *vectorError `json:"error"`
}

// run signs as the case says and returns the partial signature or the
// first error of the chain ParseSecretShare, NewSignersContext,
// NewSessionContext, Sign. It also checks that the secret nonce is used
// after a signature and unused after an argument error.
func (tc *signCase) run(t *testing.T, g *vgroup) (*PartialSig, error) {
	t.Helper()
	share, err := ParseSecretShare(g.SecShares[tc.SecShareIndex])
	if err != nil {
		return nil, err
	}
	signers, err := g.signers(tc.IDs, tc.PubShareIndices)
	if err != nil {
		return nil, err
	}
	session, err := NewSessionContext(signers, aggNonceOf(t, tc.AggNonce), pick(g.Tweaks, tc.TweakIndices), tc.IsXOnly, tc.Msg)
	if err != nil {
		return nil, err
	}
	sec := secNonceFromBytes(t, g.SecNonces[tc.SecNonceIndex])
	psig, err := Sign(sec, share, tc.MyID, session)
	used := sec.st.Used()
	if err == nil || errors.Is(err, ErrSecNonce) {
		if !used {
			t.Fatalf("case %d: the secret nonce is unused after Sign (%v)", tc.TcID, err)
		}
	} else if used {
		t.Fatalf("case %d: the secret nonce is used after the argument error %v", tc.TcID, err)
	}
	if err == nil {
		if _, err2 := Sign(sec, share, tc.MyID, session); err2 != ErrSecNonceUsed {
			t.Fatalf("case %d: second Sign: %v, want ErrSecNonceUsed", tc.TcID, err2)
		}
	}
	return psig, err
}

func TestSignVerifyVectors(t *testing.T) {
	type verifyCase struct {
		TcID            int          `json:"tc_id"`
		Comment         string       `json:"comment"`
		PSig            hexBytes     `json:"psig"`
		IDs             []int        `json:"ids"`
		PubShareIndices []int        `json:"pubshare_indices"`
		PubNonceIndices []int        `json:"pubnonce_indices"`
		SignerIndex     int          `json:"signer_index"`
		Msg             hexBytes     `json:"msg"`
		Error           *vectorError `json:"error"`
	}
	var f struct {
		TestGroups []struct {
			vgroup
			ValidTests       []signCase   `json:"valid_tests"`
			SignErrorTests   []signCase   `json:"sign_error_tests"`
			VerifyFailTests  []verifyCase `json:"verify_fail_tests"`
			VerifyErrorTests []verifyCase `json:"verify_error_tests"`
		} `json:"test_groups"`
	}
	loadVectors(t, "sign_verify_vectors.json", &f)
	n := tally{}
	for _, g := range f.TestGroups {
		t.Run(g.TgID, func(t *testing.T) {
			for _, tc := range g.ValidTests {
				psig, err := tc.run(t, &g.vgroup)
				if err != nil {
					t.Fatalf("case %d: %v", tc.TcID, err)
				}
				hexEqual(t, "psig", psig[:], tc.Expected)
				// The partial signature verifies, with both verifiers, for
				// the signer at the position of my_id.
				signers, _ := g.signers(tc.IDs, tc.PubShareIndices)
				pubnonces := pickNonces(t, g.PubNonces, tc.PubNonceIndices)
				i := signers.idIndex(tc.MyID)
				if err := PartialSigVerify(psig, pubnonces, signers, nil, nil, tc.Msg, i); err != nil {
					t.Fatalf("case %d: PartialSigVerify: %v", tc.TcID, err)
				}
				agg, err := NonceAgg(pubnonces)
				if err != nil {
					t.Fatal(err)
				}
				hexEqual(t, "aggnonce", agg[:], tc.AggNonce)
				n["valid"]++
			}
			for _, tc := range g.SignErrorTests {
				if tc.Error == nil {
					t.Fatalf("case %d: no error", tc.TcID)
				}
				_, err := tc.run(t, &g.vgroup)
				checkError(t, err, tc.Error)
				n["sign_error"]++
			}
			verify := func(tc *verifyCase) error {
				psig := PartialSig(tc.PSig)
				signers, err := g.signers(tc.IDs, tc.PubShareIndices)
				if err != nil {
					return err
				}
				return PartialSigVerify(&psig, pickNonces(t, g.PubNonces, tc.PubNonceIndices), signers, nil, nil, tc.Msg, tc.SignerIndex)
			}
			for _, tc := range g.VerifyFailTests {
				// "Returns False": a blame of the signer's partial signature.
				checkError(t, verify(&tc), &vectorError{Type: "InvalidContributionError", Signer: &tc.SignerIndex, Contrib: ContribPartialSig})
				n["verify_fail"]++
			}
			for _, tc := range g.VerifyErrorTests {
				checkError(t, verify(&tc), tc.Error)
				n["verify_error"]++
			}
		})
	}
	n.check(t, tally{"valid": 25, "sign_error": 52, "verify_fail": 12, "verify_error": 8})
}

func TestTweakVectors(t *testing.T) {
	var f struct {
		TestGroups []struct {
			vgroup
			ValidTests []signCase `json:"valid_tests"`
			ErrorTests []signCase `json:"error_tests"`
		} `json:"test_groups"`
	}
	loadVectors(t, "tweak_vectors.json", &f)
	n := tally{}
	for _, g := range f.TestGroups {
		t.Run(g.TgID, func(t *testing.T) {
			for _, tc := range g.ValidTests {
				psig, err := tc.run(t, &g.vgroup)
				if err != nil {
					t.Fatalf("case %d: %v", tc.TcID, err)
				}
				hexEqual(t, "psig", psig[:], tc.Expected)
				signers, _ := g.signers(tc.IDs, tc.PubShareIndices)
				pubnonces := pickNonces(t, g.PubNonces, tc.PubNonceIndices)
				if err := PartialSigVerify(psig, pubnonces, signers, pick(g.Tweaks, tc.TweakIndices), tc.IsXOnly, tc.Msg, signers.idIndex(tc.MyID)); err != nil {
					t.Fatalf("case %d: PartialSigVerify: %v", tc.TcID, err)
				}
				n["valid"]++
			}
			for _, tc := range g.ErrorTests {
				if tc.Error == nil {
					t.Fatalf("case %d: no error", tc.TcID)
				}
				_, err := tc.run(t, &g.vgroup)
				checkError(t, err, tc.Error)
				n["error"]++
			}
		})
	}
	n.check(t, tally{"valid": 28, "error": 16})
}

func TestDetSignVectors(t *testing.T) {
	type detCase struct {
		TcID            int          `json:"tc_id"`
		Comment         string       `json:"comment"`
		MyID            int          `json:"my_id"`
		IDs             []int        `json:"ids"`
		PubShareIndices []int        `json:"pubshare_indices"`
		SecShareIndex   int          `json:"secshare_index"`
		AggOtherNonce   hexBytes     `json:"aggothernonce"`
		AuxRand         hexBytes     `json:"aux_rand"`
		Msg             hexBytes     `json:"msg"`
		Tweaks          []hexBytes   `json:"tweaks"`
		IsXOnly         []bool       `json:"is_xonly"`
		Expected        []hexBytes   `json:"expected"`
		Error           *vectorError `json:"error"`
	}
	var f struct {
		TestGroups []struct {
			vgroup
			ValidTests []detCase `json:"valid_tests"`
			ErrorTests []detCase `json:"error_tests"`
		} `json:"test_groups"`
	}
	loadVectors(t, "det_sign_vectors.json", &f)
	run := func(g *vgroup, tc *detCase) (*PubNonce, *PartialSig, error) {
		share, err := ParseSecretShare(g.SecShares[tc.SecShareIndex])
		if err != nil {
			return nil, nil, err
		}
		signers, err := g.signers(tc.IDs, tc.PubShareIndices)
		if err != nil {
			return nil, nil, err
		}
		var other *AggNonce
		if tc.AggOtherNonce != nil {
			other = aggNonceOf(t, tc.AggOtherNonce)
		}
		return DeterministicSign(share, tc.MyID, other, signers, pick(tc.Tweaks, seq(len(tc.Tweaks))), tc.IsXOnly, tc.Msg, tc.AuxRand)
	}
	n := tally{}
	for _, g := range f.TestGroups {
		t.Run(g.TgID, func(t *testing.T) {
			for _, tc := range g.ValidTests {
				pub, psig, err := run(&g.vgroup, &tc)
				if err != nil {
					t.Fatalf("case %d: %v", tc.TcID, err)
				}
				hexEqual(t, "pubnonce", pub[:], tc.Expected[0])
				hexEqual(t, "psig", psig[:], tc.Expected[1])
				n["valid"]++
			}
			for _, tc := range g.ErrorTests {
				if tc.Error == nil {
					t.Fatalf("case %d: no error", tc.TcID)
				}
				_, _, err := run(&g.vgroup, &tc)
				checkError(t, err, tc.Error)
				n["error"]++
			}
		})
	}
	n.check(t, tally{"valid": 33, "error": 48})
}

// seq returns 0, 1, …, k−1.
func seq(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}

func TestSigAggVectors(t *testing.T) {
	type aggCase struct {
		TcID            int          `json:"tc_id"`
		Comment         string       `json:"comment"`
		IDs             []int        `json:"ids"`
		PubShareIndices []int        `json:"pubshare_indices"`
		AggNonce        hexBytes     `json:"aggnonce"`
		TweakIndices    []int        `json:"tweak_indices"`
		IsXOnly         []bool       `json:"is_xonly"`
		PSigs           []hexBytes   `json:"psigs"`
		Msg             hexBytes     `json:"msg"`
		Expected        hexBytes     `json:"expected"`
		Error           *vectorError `json:"error"`
	}
	var f struct {
		TestGroups []struct {
			vgroup
			ValidTests []aggCase `json:"valid_tests"`
			ErrorTests []aggCase `json:"error_tests"`
		} `json:"test_groups"`
	}
	loadVectors(t, "sig_agg_vectors.json", &f)
	run := func(g *vgroup, tc *aggCase) ([]byte, *SessionContext, error) {
		signers, err := g.signers(tc.IDs, tc.PubShareIndices)
		if err != nil {
			return nil, nil, err
		}
		session, err := NewSessionContext(signers, aggNonceOf(t, tc.AggNonce), pick(g.Tweaks, tc.TweakIndices), tc.IsXOnly, tc.Msg)
		if err != nil {
			return nil, nil, err
		}
		psigs := make([]PartialSig, len(tc.PSigs))
		for i := range tc.PSigs {
			psigs[i] = PartialSig(tc.PSigs[i])
		}
		sig, err := PartialSigAgg(psigs, session)
		return sig, session, err
	}
	n := tally{}
	for _, g := range f.TestGroups {
		t.Run(g.TgID, func(t *testing.T) {
			for _, tc := range g.ValidTests {
				sig, session, err := run(&g.vgroup, &tc)
				if err != nil {
					t.Fatalf("case %d: %v", tc.TcID, err)
				}
				hexEqual(t, "sig", sig, tc.Expected)
				if !verifyBIP340(session.TweakContext().PublicKey(), tc.Msg, sig) {
					t.Fatalf("case %d: the signature does not verify", tc.TcID)
				}
				n["valid"]++
			}
			for _, tc := range g.ErrorTests {
				if tc.Error == nil {
					t.Fatalf("case %d: no error", tc.TcID)
				}
				_, _, err := run(&g.vgroup, &tc)
				checkError(t, err, tc.Error)
				n["error"]++
			}
		})
	}
	n.check(t, tally{"valid": 14, "error": 8})
}
