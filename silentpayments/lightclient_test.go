package silentpayments

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestVectorsLightClient runs every BIP-352 receiving vector through the
// light-client path: the 65-byte summary and the 33-byte tweak data
// round-trip through their parsers; the k = 0 candidates contain every
// found output with k = 0 (with its label); and scanning with the labels in
// a LabelLookup, from a Receiver that has only the change label
// registered, finds exactly what Receiver.Scan with the labels registered
// finds, from the summary and from the tweak alike.
func TestVectorsLightClient(t *testing.T) {
	cases, withK0 := 0, 0
	for ci, c := range loadVectors(t) {
		for ri, r := range c.Receiving {
			t.Run(fmt.Sprintf("%02d/%d/%s", ci, ri, c.Comment), func(t *testing.T) {
				scan, _ := secp256k1.NewPrivateKey(testref.Hex(t, r.Given.KeyMaterial.ScanPrivKey))
				spend, _ := secp256k1.NewPrivateKey(testref.Hex(t, r.Given.KeyMaterial.SpendPrivKey))
				full, err := NewReceiver(scan, spend.PublicKey())
				if err != nil {
					t.Fatal(err)
				}
				light, _ := NewReceiver(scan, spend.PublicKey())
				table := map[[33]byte]uint32{}
				for _, m := range r.Given.Labels {
					if _, err := full.AddLabel(m); err != nil {
						t.Fatal(err)
					}
					L, err := LabelPublicKey(scan, m)
					if err != nil {
						t.Fatal(err)
					}
					table[L] = m
				}
				lookup := func(L *[33]byte) (uint32, bool) {
					m, ok := table[*L]
					return m, ok
				}
				summary, err := SummarizeTransaction(vectorInputs(t, r.Given.Vin))
				if err != nil {
					return // skipped transactions: TestVectorsReceiving checks them
				}
				cases++
				outputs := parseOutputs(t, r.Given.Outputs)

				enc := summary.Bytes()
				parsed, err := ParsePrevoutsSummary(enc)
				if err != nil || !bytes.Equal(parsed.Bytes(), enc) || !bytes.Equal(enc[:33], summary.PublicKeySum().BytesCompressed()) {
					t.Fatalf("summary round trip: %v", err)
				}
				tw := summary.PublicTweak().BytesCompressed()
				if hex.EncodeToString(tw) != *r.Expected.Tweak {
					t.Fatalf("tweak %x, want %s", tw, *r.Expected.Tweak)
				}
				tweak, err := ParsePublicTweak(tw)
				if err != nil || !tweak.Equal(parsed.PublicTweak()) {
					t.Fatalf("tweak data: %v", err)
				}

				want, err := full.Scan(summary, outputs)
				if err != nil {
					t.Fatal(err)
				}
				cands, err := full.CandidateOutputs(tweak)
				if err != nil {
					t.Fatal(err)
				}
				if len(cands) != 1+full.NumLabels() {
					t.Errorf("%d candidates for %d labels", len(cands), full.NumLabels())
				}
				for _, f := range want {
					if f.K != 0 {
						continue
					}
					withK0++
					i := slices.IndexFunc(cands, func(c Candidate) bool { return c.PublicKey == f.PublicKey })
					if i < 0 {
						t.Fatalf("found output %x (k = 0) is not a candidate", f.PublicKey)
					}
					if cands[i].Labeled != f.Labeled || cands[i].Label != f.Label {
						t.Errorf("candidate %+v for found output %+v", cands[i], f)
					}
				}
				for name, scanFn := range map[string]func() ([]FoundOutput, error){
					"summary, parsed":         func() ([]FoundOutput, error) { return full.Scan(parsed, outputs) },
					"labels by lookup":        func() ([]FoundOutput, error) { return light.ScanWithLabels(summary, outputs, lookup) },
					"tweak, labels by lookup": func() ([]FoundOutput, error) { return light.ScanWithTweakAndLabels(tweak, outputs, lookup) },
					"both":                    func() ([]FoundOutput, error) { return full.ScanWithLabels(parsed, outputs, lookup) },
				} {
					got, err := scanFn()
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s: found %+v, Scan found %+v", name, got, want)
					}
				}
			})
		}
	}
	t.Logf("%d receiving cases through the light-client path; %d found outputs with k = 0 among the candidates", cases, withK0)
	if cases == 0 || withK0 == 0 {
		t.Error("no vector exercised the light-client path")
	}
}

// TestLabelLookupChecked checks that a lookup that answers wrongly (every
// point is label 1) finds no output that the receiver does not own, and
// that a lookup is consulted for the labels that the Receiver lacks.
func TestLabelLookupChecked(t *testing.T) {
	rng := testref.PCG(t)
	scan, spend := testkey.Random(t, rng), testkey.Random(t, rng)
	r, _ := NewReceiver(scan, spend.PublicKey())
	k := testkey.Random(t, rng)
	outpoints := []Outpoint{{Vout: 1}}
	addr, _ := LabeledSpendKey(scan, spend.PublicKey(), 7)
	out, err := CreateOutputs([]*Address{{HRP: MainnetHRP, Scan: scan.PublicKey(), Spend: addr}}, outpoints, []InputKey{{PrivateKey: k}})
	if err != nil {
		t.Fatal(err)
	}
	summary, _ := NewPrevoutsSummary(outpoints, []*secp256k1.PublicKey{k.PublicKey()})
	calls := 0
	liar := func(*[33]byte) (uint32, bool) { calls++; return 1, true }
	if found, err := r.ScanWithLabels(summary, out, liar); err != nil || len(found) != 0 || calls == 0 {
		t.Errorf("lying lookup: found %v, %v, %d calls", found, err, calls)
	}
	L7, _ := LabelPublicKey(scan, 7)
	honest := func(L *[33]byte) (uint32, bool) { return 7, *L == L7 }
	found, err := r.ScanWithLabels(summary, out, honest)
	if err != nil || len(found) != 1 || !found[0].Labeled || found[0].Label != 7 {
		t.Fatalf("honest lookup: %+v, %v", found, err)
	}
	// The found output's key is spendable: d·G has the output's x.
	d, err := found[0].PrivateKey(spend)
	if err != nil || !bytes.Equal(d.PublicKey().BytesCompressed()[1:], out[0][:]) {
		t.Errorf("private key of the found output: %v", err)
	}
	if r.NumLabels() != 1 {
		t.Error("the lookup registered a label")
	}
}

// TestLightClientErrors checks the named errors of the parsers and of the
// light-client functions.
func TestLightClientErrors(t *testing.T) {
	rng := testref.PCG(t)
	scan, spend := testkey.Random(t, rng), testkey.Random(t, rng)
	r, _ := NewReceiver(scan, spend.PublicKey())
	pub := testkey.Random(t, rng).PublicKey()
	check := func(name string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s: got %v, want %v", name, err, want)
		}
	}
	for _, b := range [][]byte{nil, {0}, make([]byte, 33), pub.BytesUncompressed(), pub.BytesCompressed()[:32],
		append([]byte{4}, pub.BytesCompressed()[1:]...), append([]byte{2}, bytes.Repeat([]byte{0xff}, 32)...)} {
		_, err := ParsePublicTweak(b)
		check(fmt.Sprintf("tweak %x", b), err, ErrTweakData)
	}
	summary, _ := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{pub})
	good := summary.Bytes()
	bad := [][]byte{nil, good[:64], append(bytes.Clone(good), 0), append([]byte{0}, good[1:]...)}
	for _, h := range [][]byte{make([]byte, 32), testref.Bytes32(testref.N), bytes.Repeat([]byte{0xff}, 32)} {
		bad = append(bad, append(bytes.Clone(good[:33]), h...))
	}
	offCurve := bytes.Clone(good)
	copy(offCurve[1:33], bytes.Repeat([]byte{0xff}, 32))
	bad = append(bad, offCurve)
	for _, b := range bad {
		_, err := ParsePrevoutsSummary(b)
		check(fmt.Sprintf("summary %x", b), err, ErrSummaryEncoding)
		var s PrevoutsSummary
		if s.UnmarshalBinary(b) == nil || s.sum != nil {
			t.Errorf("UnmarshalBinary(%x) accepted or changed its receiver", b)
		}
	}
	_, err := new(PrevoutsSummary).MarshalBinary()
	check("zero summary", err, secp256k1.ErrUninitialized)
	_, err = r.CandidateOutputs(new(secp256k1.PublicKey))
	check("zero tweak", err, secp256k1.ErrUninitialized)
	_, err = new(Receiver).CandidateOutputs(pub)
	check("zero receiver", err, secp256k1.ErrUninitialized)
	_, err = r.ScanWithLabels(summary, [][32]byte{{}}, nil)
	check("nil lookup", err, secp256k1.ErrUninitialized)
	_, err = r.ScanWithTweakAndLabels(pub, [][32]byte{{}}, nil)
	check("nil lookup (tweak)", err, secp256k1.ErrUninitialized)
	_, err = LabelPublicKey(new(secp256k1.PrivateKey), 1)
	check("zero scan key", err, secp256k1.ErrUninitialized)
}
