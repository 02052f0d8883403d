package silentpayments

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// The zero-value rule (zero.go): nil and zero keys, Receivers,
// PrevoutsSummaries, Addresses and FoundOutputs give an error wrapping
// secp256k1.ErrUninitialized from every function with an error result, and
// a panic naming the type from every other one, before any computation.

// errOf returns the error of a two-result call.
func errOf[T any](_ T, err error) error { return err }

// newTestReceiver returns a Receiver with random keys, and the keys.
func newTestReceiver(t *testing.T, rng *rand.Rand) (r *Receiver, scan, spend *secp256k1.PrivateKey) {
	t.Helper()
	scan, spend = testkey.Random(t, rng), testkey.Random(t, rng)
	r, err := NewReceiver(scan, spend.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	return r, scan, spend
}

// TestZeroKeys checks every function that takes a key with nil and zero
// keys, where they once gave off-curve keys, ErrInputKeySum or a panic.
func TestZeroKeys(t *testing.T) {
	rng := testref.PCG(t)
	r, scan, spend := newTestReceiver(t, rng)
	var zk secp256k1.PrivateKey
	var zp secp256k1.PublicKey
	pub := testkey.Random(t, rng).PublicKey()
	ops := []Outpoint{{}}
	rcpt := []*Address{r.Address(MainnetHRP)}
	in := []InputKey{{PrivateKey: testkey.Random(t, rng)}}
	outputs := [][32]byte{{1}}
	found := FoundOutput{Tweak: [32]byte{31: 1}}
	testkey.CheckUninitialized(t, map[string]error{
		"NewPrevoutsSummary(zero key)": errOf(NewPrevoutsSummary(ops, []*secp256k1.PublicKey{pub, &zp})),
		"NewPrevoutsSummary(nil key)":  errOf(NewPrevoutsSummary(ops, []*secp256k1.PublicKey{nil, pub})),

		"CreateOutputs(zero input key)":       errOf(CreateOutputs(rcpt, ops, append(in, InputKey{PrivateKey: &zk}))),
		"CreateOutputs(zero InputKey)":        errOf(CreateOutputs(rcpt, ops, append(in, InputKey{}))),
		"CreateOutputs(zero Address)":         errOf(CreateOutputs(append(rcpt, &Address{}), ops, in)),
		"CreateOutputs(nil Address)":          errOf(CreateOutputs(append(rcpt, nil), ops, in)),
		"CreateOutputs(Address, zero Scan)":   errOf(CreateOutputs([]*Address{{Scan: &zp, Spend: pub}}, ops, in)),
		"CreateOutputs(Address, zero Spend)":  errOf(CreateOutputs([]*Address{{Scan: pub, Spend: &zp}}, ops, in)),
		"CreateOutputs(zero key, no outputs)": errOf(CreateOutputs(nil, ops, []InputKey{{PrivateKey: &zk}})),

		"LabelTweak(zero)":            errOf(LabelTweak(&zk, 1)),
		"LabelTweak(nil)":             errOf(LabelTweak(nil, 1)),
		"LabeledSpendKey(zero scan)":  errOf(LabeledSpendKey(&zk, pub, 1)),
		"LabeledSpendKey(zero spend)": errOf(LabeledSpendKey(scan, &zp, 1)),
		"LabeledSpendKey(nil spend)":  errOf(LabeledSpendKey(scan, nil, 1)),
		"NewReceiver(zero scan)":      errOf(NewReceiver(&zk, pub)),
		"NewReceiver(nil scan)":       errOf(NewReceiver(nil, pub)),
		"NewReceiver(zero spend)":     errOf(NewReceiver(scan, &zp)),
		"NewReceiver(nil spend)":      errOf(NewReceiver(scan, nil)),

		"ScanWithTweak(zero)":             errOf(r.ScanWithTweak(&zp, outputs)),
		"ScanWithTweak(nil)":              errOf(r.ScanWithTweak(nil, outputs)),
		"ScanWithTweak(zero, no outputs)": errOf(r.ScanWithTweak(&zp, nil)),
		"Scan(zero summary)":              errOf(r.Scan(&PrevoutsSummary{}, outputs)),
		"Scan(nil summary)":               errOf(r.Scan(nil, outputs)),
		"Scan(zero summary, no outputs)":  errOf(r.Scan(&PrevoutsSummary{}, nil)),

		"FoundOutput.PrivateKey(zero)":  errOf(found.PrivateKey(&zk)),
		"FoundOutput.PrivateKey(nil)":   errOf(found.PrivateKey(nil)),
		"zero FoundOutput's PrivateKey": errOf(new(FoundOutput).PrivateKey(spend)),
	})
	if _, err := found.PrivateKey(spend); err != nil {
		t.Errorf("FoundOutput.PrivateKey: %v", err)
	}
}

func TestZeroReceiver(t *testing.T) {
	rng := testref.PCG(t)
	s, err := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{testkey.Random(t, rng).PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	outputs := [][32]byte{{1}}
	for name, r := range map[string]*Receiver{"zero": new(Receiver), "nil": nil} {
		t.Run(name, func(t *testing.T) {
			testkey.CheckUninitialized(t, map[string]error{
				"AddLabel":       errOf(r.AddLabel(1)),
				"LabeledAddress": errOf(r.LabeledAddress(MainnetHRP, 1)),
				"Scan":           errOf(r.Scan(s, outputs)),
				"ScanWithTweak":  errOf(r.ScanWithTweak(s.PublicTweak(), outputs)),
			})
			for method, f := range map[string]func(){
				"NumLabels":     func() { r.NumLabels() },
				"Address":       func() { r.Address(MainnetHRP) },
				"ChangeAddress": func() { r.ChangeAddress(MainnetHRP) },
			} {
				testref.ExpectPanic(t, method, "uninitialized Receiver", f)
			}
		})
	}
}

func TestZeroPrevoutsSummaryAndAddress(t *testing.T) {
	for name, s := range map[string]*PrevoutsSummary{"zero": new(PrevoutsSummary), "nil": nil} {
		for method, f := range map[string]func(){
			"PublicKeySum": func() { s.PublicKeySum() },
			"InputHash":    func() { s.InputHash() },
			"PublicTweak":  func() { s.PublicTweak() },
		} {
			testref.ExpectPanic(t, name+" "+method, "uninitialized PrevoutsSummary", f)
		}
	}
	var zp secp256k1.PublicKey
	pub := testkey.Random(t, testref.PCG(t)).PublicKey()
	for name, a := range map[string]*Address{
		"zero":       {},
		"zero Scan":  {Scan: &zp, Spend: pub},
		"zero Spend": {Scan: pub, Spend: &zp},
		"nil Spend":  {Scan: pub},
	} {
		testref.ExpectPanic(t, name+" Address.String", "uninitialized Address", func() { _ = a.String() })
	}
}

// TestReceiverKeepsCopies checks that a Receiver keeps its own copies of
// its keys and hands out copies: wiping or overwriting the caller's keys,
// or the keys of the addresses and summaries it returned, changes nothing.
func TestReceiverKeepsCopies(t *testing.T) {
	rng := testref.PCG(t)
	scan, spendKey := testkey.Random(t, rng), testkey.Random(t, rng)
	spend := spendKey.PublicKey()
	r, err := NewReceiver(scan, spend)
	if err != nil {
		t.Fatal(err)
	}
	want := r.Address(MainnetHRP).String()
	wantLabeled, err := r.LabeledAddress(MainnetHRP, 7)
	if err != nil {
		t.Fatal(err)
	}
	other := testkey.Random(t, rng).PublicKey()
	scan.Zero()
	*spend = *other
	a := r.Address(MainnetHRP)
	*a.Scan, *a.Spend = *other, *other
	*r.ChangeAddress(MainnetHRP).Spend = *other
	B1, err := r.AddLabel(7)
	if err != nil {
		t.Fatalf("AddLabel after the caller wiped its scan key: %v", err)
	}
	*B1 = *other
	if got := r.Address(MainnetHRP).String(); got != want {
		t.Errorf("Address after changing the keys it handed out: %s, want %s", got, want)
	}
	if got, _ := r.LabeledAddress(MainnetHRP, 7); got.String() != wantLabeled.String() {
		t.Error("LabeledAddress changed with the key AddLabel returned")
	}
	if _, err := r.AddLabel(8); err != nil {
		t.Errorf("AddLabel(8) after the caller wiped its scan key: %v", err)
	}

	s, err := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{other})
	if err != nil {
		t.Fatal(err)
	}
	sum := s.PublicKeySum()
	*sum = *spendKey.PublicKey()
	if !bytes.Equal(s.PublicKeySum().BytesCompressed(), other.BytesCompressed()) {
		t.Error("PrevoutsSummary.PublicKeySum returned the summary's own key")
	}
}

// TestReceiverZero checks that Zero wipes b_scan and the label tweaks and
// leaves the zero Receiver, which the zero-value rule then refuses.
func TestReceiverZero(t *testing.T) {
	r, _, _ := newTestReceiver(t, testref.PCG(t))
	if _, err := r.AddLabel(3); err != nil {
		t.Fatal(err)
	}
	labels := r.labels
	r.Zero()
	if !reflect.DeepEqual(*r, Receiver{}) {
		t.Fatal("Zero did not leave the zero Receiver")
	}
	for i := range labels {
		if labels[i].tweak.IsZero() != 1 {
			t.Errorf("Zero left the tweak of label %d", labels[i].m)
		}
	}
	testkey.CheckUninitialized(t, map[string]error{"AddLabel after Zero": errOf(r.AddLabel(1))})
	testref.ExpectPanic(t, "Address after Zero", "uninitialized Receiver", func() { r.Address(MainnetHRP) })
	r.Zero() // Zero of the zero Receiver is harmless
}

// TestReceiverFormat checks that no fmt verb, on a Receiver, its pointer or
// a struct holding them, prints b_scan or a label tweak, and that
// encoding/json refuses them (and an InputKey, through its PrivateKey).
func TestReceiverFormat(t *testing.T) {
	r, scan, _ := newTestReceiver(t, testref.PCG(t))
	if _, err := r.AddLabel(3); err != nil {
		t.Fatal(err)
	}
	secrets := testref.SecretTexts(scan.Bytes())
	for _, l := range r.labels {
		secrets = append(secrets, testref.SecretTexts(l.tweak.Bytes())...)
	}
	type holder struct {
		Value Receiver
		Ptr   *Receiver
		List  []Receiver
		Map   map[string]*Receiver
		Input InputKey
	}
	h := holder{Value: *r, Ptr: r, List: []Receiver{*r}, Map: map[string]*Receiver{"r": r}, Input: InputKey{PrivateKey: scan}}
	testref.CheckRedacted(t, secrets, r, *r, h, &h)
	testkey.CheckJSONRefused(t, r, *r, h, InputKey{PrivateKey: scan})
}

// TestFoundOutputFormat checks that no fmt verb prints a FoundOutput's
// Tweak, which links the output to the receiver, for a FoundOutput by
// value, by pointer, in a slice and in a struct holding it either way, and
// that %v, %+v, %s and %#v still show the public fields.
func TestFoundOutputFormat(t *testing.T) {
	rng := testref.PCG(t)
	f := FoundOutput{Index: 3, K: 1, Labeled: true, Label: 7}
	for i := range f.Tweak {
		f.Tweak[i] = byte(rng.Uint32())
		f.PublicKey[i] = byte(rng.Uint32())
	}
	secrets := testref.SecretTexts(f.Tweak[:])
	type holder struct {
		Value FoundOutput
		Ptr   *FoundOutput
		List  []FoundOutput
	}
	h := holder{Value: f, Ptr: &f, List: []FoundOutput{f}}
	key := fmt.Sprintf("%x", f.PublicKey)
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x"} {
		t.Run(verb, func(t *testing.T) {
			for _, arg := range []any{f, &f, []FoundOutput{f}, h, &h} {
				out := fmt.Sprintf(verb, arg)
				for _, sec := range secrets {
					if strings.Contains(out, sec) {
						t.Fatalf("fmt.Sprintf(%q, %T) = %q contains the tweak (%q)", verb, arg, out, sec)
					}
				}
				if !strings.Contains(out, "REDACTED") {
					t.Errorf("fmt.Sprintf(%q, %T) = %q, want REDACTED for the tweak", verb, arg, out)
				}
			}
			want := "silentpayments.FoundOutput(index 3, output key " + key + ", k 1, label 7, tweak REDACTED)"
			if verb == "%#v" {
				want = fmt.Sprintf("silentpayments.FoundOutput{Index: 3, PublicKey: %#v, Tweak: REDACTED, K: 1, Labeled: true, Label: 7}", f.PublicKey)
			}
			for _, arg := range []any{f, &f} {
				if got := fmt.Sprintf(verb, arg); got != want {
					t.Errorf("fmt.Sprintf(%q, %T) = %q, want %q", verb, arg, got, want)
				}
			}
		})
	}
	testref.CheckRedacted(t, secrets, f, &f, h, &h) // and the other verbs
	if got, want := fmt.Sprint(FoundOutput{}), "silentpayments.FoundOutput(index 0, output key "+strings.Repeat("00", 32)+", k 0, unlabeled, tweak REDACTED)"; got != want {
		t.Errorf("zero FoundOutput: %q, want %q", got, want)
	}
}

// TestAccessorAllocations checks that PublicKeySum, which returns a copy,
// stays inlinable with its zero-value check, so that a copy that does not
// escape lives on the caller's stack.
func TestAccessorAllocations(t *testing.T) {
	race.SkipAllocs(t)
	s, err := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{testkey.Random(t, testref.PCG(t)).PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(10, func() { _ = s.PublicKeySum().Validate() }); n != 0 {
		t.Errorf("PublicKeySum allocates %v times", n)
	}
}
