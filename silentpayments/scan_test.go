package silentpayments

import (
	"crypto/sha256"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// referenceScan is BIP-352's scanning loop written as literally as the
// text: for each k, walk the remaining outputs in order; compare P_k, then
// look up output − P_k and −output − P_k (compressed) in the label table.
// It uses only the root package's Point API and is slow.
func referenceScan(t testing.TB, r *Receiver, shared *secp256k1.Point, outputs [][32]byte) []FoundOutput {
	ser := [33]byte(shared.BytesCompressed())
	labels := make(map[[33]byte]int)
	for j := range r.labels {
		var L secp256k1.Point
		L.ScalarBaseMult(&r.labels[j].tweak)
		labels[[33]byte(L.BytesCompressed())] = j
	}
	remaining := make([]int, len(outputs))
	for i := range remaining {
		remaining[i] = i
	}
	var found []FoundOutput
	for k := uint32(0); k < KMax; k++ {
		h := hashSharedSecret(&ser, k)
		var tk secp256k1.Scalar
		if _, err := tk.SetCanonicalBytes(h[:]); err != nil {
			t.Fatal(err)
		}
		var P secp256k1.Point
		P.ScalarBaseMult(&tk)
		P.Add(&P, r.spend.Point())
		px, err := P.BytesX()
		if err != nil {
			break
		}
		match := -1
		var f FoundOutput
		for idx, i := range remaining {
			O := outputs[i]
			f = FoundOutput{Index: i, PublicKey: O, K: k}
			if [32]byte(px) == O {
				match = idx
				f.Tweak = [32]byte(tk.Bytes())
				break
			}
			var Op secp256k1.Point
			if _, err := Op.SetXOnlyBytes(O[:]); err != nil {
				continue
			}
			var D secp256k1.Point
			D.Subtract(&Op, &P)
			j, ok := labels[[33]byte(D.BytesCompressed())]
			if !ok {
				D.Negate(&Op)
				D.Subtract(&D, &P)
				j, ok = labels[[33]byte(D.BytesCompressed())]
			}
			if ok {
				match = idx
				var s secp256k1.Scalar
				s.Add(&tk, &r.labels[j].tweak)
				f.Tweak = [32]byte(s.Bytes())
				f.Labeled, f.Label = true, r.labels[j].m
				break
			}
		}
		if match < 0 {
			break
		}
		found = append(found, f)
		remaining = slices.Delete(remaining, match, match+1)
	}
	return found
}

// scanAll runs the scan with each method and the reference, and checks that
// they agree. It returns the result.
func scanAll(t testing.TB, r *Receiver, summary *PrevoutsSummary, outputs [][32]byte) []FoundOutput {
	t.Helper()
	var s secp256k1.Scalar
	s.Multiply(&summary.inputHash, &r.scan)
	var shared secp256k1.Point
	shared.ScalarMult(&s, summary.sum.Point())
	want := referenceScan(t, r, &shared, outputs)
	defer func(old int) { r.method = old }(r.method)
	for _, m := range []int{methodAuto, methodAddition, methodSubtraction, methodProjective} {
		r.method = m
		got, err := r.Scan(summary, outputs)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("method %d: found %+v, reference %+v", m, got, want)
		}
	}
	return want
}

func xOnly(p *secp256k1.Point) [32]byte {
	b, err := p.BytesX()
	if err != nil {
		panic(err)
	}
	return [32]byte(b)
}

// TestScanAdversarial builds transactions whose outputs mix genuine outputs
// (direct and labeled, both parities), outputs that match the same k
// several ways at different positions, duplicates, near misses (P_k − L),
// invalid x coordinates and random keys, and checks that both scanning
// methods agree with the literal BIP loop.
func TestScanAdversarial(t *testing.T) {
	rng := testref.PCG(t)
	trials := 150
	if testing.Short() {
		trials = 15
	}
	for trial := range trials {
		scan, spend := testkey.Random(t, rng), testkey.Random(t, rng)
		r, err := NewReceiver(scan, spend.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		for range rng.IntN(5) {
			if _, err := r.AddLabel(uint32(rng.IntN(8))); err != nil {
				t.Fatal(err)
			}
		}
		in := testkey.Random(t, rng)
		op := Outpoint{TxID: sha256.Sum256([]byte{byte(trial)}), Vout: uint32(trial)}
		summary, err := NewPrevoutsSummary([]Outpoint{op}, []*secp256k1.PublicKey{in.PublicKey()})
		if err != nil {
			t.Fatal(err)
		}
		var s secp256k1.Scalar
		s.Multiply(&summary.inputHash, &r.scan)
		var shared secp256k1.Point
		shared.ScalarMult(&s, summary.sum.Point())
		ser := [33]byte(shared.BytesCompressed())

		var outputs [][32]byte
		kmax := 1 + rng.IntN(5)
		for k := range kmax {
			h := hashSharedSecret(&ser, uint32(k))
			var tk secp256k1.Scalar
			tk.SetCanonicalBytes(h[:])
			var P secp256k1.Point
			P.ScalarBaseMult(&tk)
			P.Add(&P, r.spend.Point())
			for range 1 + rng.IntN(3) {
				l := &r.labels[rng.IntN(len(r.labels))]
				var L, Q secp256k1.Point
				L.ScalarBaseMult(&l.tweak)
				switch rng.IntN(5) {
				case 0, 1:
					outputs = append(outputs, xOnly(&P))
				case 2:
					outputs = append(outputs, xOnly(Q.Add(&P, &L)))
				case 3:
					outputs = append(outputs, xOnly(Q.Subtract(&P, &L))) // never matches
				case 4:
					outputs = append(outputs, xOnly(Q.Subtract(&L, &P))) // L − P: no match
				}
			}
		}
		for range rng.IntN(6) {
			switch rng.IntN(4) {
			case 0:
				outputs = append(outputs, xOnly(testkey.Random(t, rng).PublicKey().Point()))
			case 1:
				var x [32]byte
				for i := range x {
					x[i] = 0xff // ≥ p
				}
				outputs = append(outputs, x)
			case 2:
				var x [32]byte // x = 5: 5³ + 7 = 132 is not a square mod p
				x[31] = 5
				outputs = append(outputs, x)
			case 3:
				if len(outputs) > 0 {
					outputs = append(outputs, outputs[rng.IntN(len(outputs))])
				}
			}
		}
		rng.Shuffle(len(outputs), func(i, j int) { outputs[i], outputs[j] = outputs[j], outputs[i] })
		// Exercise the map index too: pad some transactions with random keys.
		if trial%3 == 0 {
			for range linearSearchMax {
				outputs = append(outputs, xOnly(testkey.Random(t, rng).PublicKey().Point()))
			}
		}
		found := scanAll(t, r, summary, outputs)
		checkSpendable(t, spend, found)
	}
}

// TestScanOrder checks the BIP's tie-breaking: an earlier output that
// matches k by a label wins over a later direct match, and the later one
// is then not found (it matches no later k).
func TestScanOrder(t *testing.T) {
	rng := testref.PCG(t)
	scan, spend := testkey.Random(t, rng), testkey.Random(t, rng)
	r, err := NewReceiver(scan, spend.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	in := testkey.Random(t, rng)
	summary, err := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{in.PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	var s secp256k1.Scalar
	s.Multiply(&summary.inputHash, &r.scan)
	var shared secp256k1.Point
	shared.ScalarMult(&s, summary.sum.Point())
	ser := [33]byte(shared.BytesCompressed())
	h := hashSharedSecret(&ser, 0)
	var tk secp256k1.Scalar
	tk.SetCanonicalBytes(h[:])
	var P, L, Q secp256k1.Point
	P.ScalarBaseMult(&tk)
	P.Add(&P, r.spend.Point())
	L.ScalarBaseMult(&r.labels[0].tweak)
	Q.Add(&P, &L)

	found := scanAll(t, r, summary, [][32]byte{xOnly(&Q), xOnly(&P)})
	if len(found) != 1 || found[0].Index != 0 || !found[0].Labeled || found[0].Label != ChangeLabel {
		t.Errorf("found %+v, want only the labeled output 0", found)
	}
	found = scanAll(t, r, summary, [][32]byte{xOnly(&P), xOnly(&Q)})
	if len(found) != 1 || found[0].Index != 0 || found[0].Labeled {
		t.Errorf("found %+v, want only the direct output 0", found)
	}
}

// TestRoundTrip sends to several receivers (labeled and unlabeled
// addresses, repeated recipients, taproot and other inputs) and checks that
// each receiver finds exactly its outputs, with keys that spend them.
func TestRoundTrip(t *testing.T) {
	rng := testref.PCG(t)
	trials := 40
	if testing.Short() {
		trials = 5
	}
	for range trials {
		type wallet struct {
			r     *Receiver
			spend *secp256k1.PrivateKey
		}
		var wallets []wallet
		var recipients []*Address
		var owner []int
		var labelOf []int // −1 for unlabeled
		for w := range 1 + rng.IntN(3) {
			spend := testkey.Random(t, rng)
			r, err := NewReceiver(testkey.Random(t, rng), spend.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			wallets = append(wallets, wallet{r, spend})
			for range 1 + rng.IntN(3) {
				a, m := r.Address(MainnetHRP), -1
				switch rng.IntN(3) {
				case 1:
					m = 1 + rng.IntN(3)
					if a, err = r.LabeledAddress(TestnetHRP, uint32(m)); err != nil {
						t.Fatal(err)
					}
				case 2:
					a, m = r.ChangeAddress(MainnetHRP), 0
				}
				recipients = append(recipients, a)
				owner = append(owner, w)
				labelOf = append(labelOf, m)
			}
		}
		var outpoints []Outpoint
		var keys []InputKey
		var pubs []*secp256k1.PublicKey
		for i := range 1 + rng.IntN(4) {
			op := Outpoint{TxID: sha256.Sum256([]byte{byte(i), byte(rng.Uint32())}), Vout: rng.Uint32N(3)}
			outpoints = append(outpoints, op)
			if rng.IntN(4) == 0 {
				continue // an input that does not count
			}
			k := testkey.Random(t, rng)
			taproot := rng.IntN(2) == 0
			keys = append(keys, InputKey{PrivateKey: k, Taproot: taproot})
			pub := k.PublicKey()
			if taproot {
				// The receiver sees the x-only output key.
				var err error
				if pub, err = schnorr.ParsePublicKey(pub.BytesCompressed()[1:]); err != nil {
					t.Fatal(err)
				}
			}
			pubs = append(pubs, pub)
		}
		out, err := CreateOutputs(recipients, outpoints, keys)
		if len(keys) == 0 {
			if err != ErrNoInputs {
				t.Fatalf("no keys: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		// The transaction: our outputs, shuffled, among unrelated ones.
		outputs := slices.Clone(out)
		for range rng.IntN(4) {
			outputs = append(outputs, xOnly(testkey.Random(t, rng).PublicKey().Point()))
		}
		rng.Shuffle(len(outputs), func(i, j int) { outputs[i], outputs[j] = outputs[j], outputs[i] })
		summary, err := NewPrevoutsSummary(outpoints, pubs)
		if err != nil {
			t.Fatal(err)
		}
		for w, wl := range wallets {
			found := scanAll(t, wl.r, summary, outputs)
			checkSpendable(t, wl.spend, found)
			var want, got []string
			for i := range recipients {
				if owner[i] == w {
					want = append(want, string(out[i][:])+string(rune('a'+labelOf[i]+1)))
				}
			}
			for _, f := range found {
				m := -1
				if f.Labeled {
					m = int(f.Label)
				}
				got = append(got, string(f.PublicKey[:])+string(rune('a'+m+1)))
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("wallet %d found %d outputs (labels %v), want %d", w, len(got), found, len(want))
			}
		}
	}
}

// TestSenderErrors checks the sender's failure cases.
func TestSenderErrors(t *testing.T) {
	rng := testref.PCG(t)
	k := testkey.Random(t, rng)
	r, _ := NewReceiver(testkey.Random(t, rng), testkey.Random(t, rng).PublicKey())
	rcpt := []*Address{r.Address(MainnetHRP)}
	ops := []Outpoint{{}}
	if _, err := CreateOutputs(rcpt, ops, nil); err != ErrNoInputs {
		t.Errorf("no keys: %v", err)
	}
	if _, err := CreateOutputs(rcpt, nil, []InputKey{{PrivateKey: k}}); err != ErrNoOutpoints {
		t.Errorf("no outpoints: %v", err)
	}
	if _, err := CreateOutputs(rcpt, ops, []InputKey{{PrivateKey: k}, {PrivateKey: k.Negate()}}); err != ErrInputKeySum {
		t.Errorf("zero sum: %v", err)
	}
	// A taproot key with odd y and its negation as a plain key: a = −k + (−k)
	// is not zero; the same key twice as taproot keys with odd y: sum −2k.
	// And k (plain) + k' (taproot, k' = −k with odd y) sums to zero only if
	// the negation rule is skipped: (−k)·G has odd y exactly when k·G has
	// even y.
	kk := k
	if k.PublicKey().BytesCompressed()[0] == 3 {
		kk = k.Negate() // kk·G has even y, so −kk·G has odd y
	}
	neg := kk.Negate()
	if _, err := CreateOutputs(rcpt, ops, []InputKey{{PrivateKey: neg, Taproot: true}, {PrivateKey: kk}}); err != nil {
		t.Errorf("taproot negation: %v (the negated taproot key should be used)", err)
	}
	if _, err := CreateOutputs(rcpt, ops, []InputKey{{PrivateKey: neg, Taproot: true}, {PrivateKey: neg}}); err != ErrInputKeySum {
		t.Errorf("taproot negation: %v, want ErrInputKeySum", err)
	}
	many := make([]*Address, KMax+1)
	for i := range many {
		many[i] = rcpt[0]
	}
	if _, err := CreateOutputs(many, ops, []InputKey{{PrivateKey: k}}); err != ErrTooManyRecipients {
		t.Errorf("K_max + 1 recipients: %v", err)
	}
	if out, err := CreateOutputs(many[:KMax], ops, []InputKey{{PrivateKey: k}}); err != nil || len(out) != KMax {
		t.Errorf("K_max recipients: %v", err)
	}
	// Empty recipients: no outputs, no error.
	if out, err := CreateOutputs(nil, ops, []InputKey{{PrivateKey: k}}); err != nil || len(out) != 0 {
		t.Errorf("no recipients: %d outputs, %v", len(out), err)
	}
}

func TestSummaryErrors(t *testing.T) {
	rng := testref.PCG(t)
	k := testkey.Random(t, rng)
	if _, err := NewPrevoutsSummary([]Outpoint{{}}, nil); err != ErrNoInputs {
		t.Errorf("no keys: %v", err)
	}
	if _, err := NewPrevoutsSummary(nil, []*secp256k1.PublicKey{k.PublicKey()}); err != ErrNoOutpoints {
		t.Errorf("no outpoints: %v", err)
	}
	if _, err := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{k.PublicKey(), k.PublicKey().Negate()}); err != ErrInputKeySum {
		t.Errorf("infinity: %v", err)
	}
	// A transaction spending a segwit v2 output is not scanned.
	v2 := append([]byte{0x52, 0x20}, make([]byte, 32)...)
	p2wpkh := append([]byte{0x00, 0x14}, make([]byte, 20)...)
	inputs := []TxInput{
		{ScriptPubKey: p2wpkh, Witness: [][]byte{{1}, k.PublicKey().BytesCompressed()}},
		{ScriptPubKey: v2, Witness: [][]byte{{1}}},
	}
	if _, err := SummarizeTransaction(inputs); err != ErrUnknownWitnessVersion {
		t.Errorf("segwit v2 input: %v", err)
	}
	if _, err := SummarizeTransaction(inputs[:1]); err != nil {
		t.Errorf("P2WPKH input: %v", err)
	}
	// Outpoint order: byte-lexicographic on the serialization, so vout 256
	// (00 01 00 00) sorts before vout 1 (01 00 00 00).
	a, b := Outpoint{Vout: 256}, Outpoint{Vout: 1}
	if min, _ := smallestOutpoint([]Outpoint{b, a}); min != a.Bytes() {
		t.Errorf("smallest outpoint is not vout 256")
	}
	if _, err := ParseOutpoint("00", 0); err == nil {
		t.Errorf("short txid accepted")
	}
}

func TestScanEmpty(t *testing.T) {
	rng := testref.PCG(t)
	r, _ := NewReceiver(testkey.Random(t, rng), testkey.Random(t, rng).PublicKey())
	s, _ := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{testkey.Random(t, rng).PublicKey()})
	if found, err := r.Scan(s, nil); found != nil || err != nil {
		t.Errorf("Scan(no outputs) = %v, %v", found, err)
	}
	if found, err := r.ScanWithTweak(s.PublicTweak(), nil); found != nil || err != nil {
		t.Errorf("ScanWithTweak(no outputs) = %v, %v", found, err)
	}
}

func TestLabels(t *testing.T) {
	rng := testref.PCG(t)
	scan, spend := testkey.Random(t, rng), testkey.Random(t, rng)
	r, err := NewReceiver(scan, spend.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if r.NumLabels() != 1 {
		t.Errorf("a new receiver has %d labels, want the change label", r.NumLabels())
	}
	if _, err := r.LabeledAddress(MainnetHRP, 0); err != ErrChangeAddress {
		t.Errorf("LabeledAddress(0): %v", err)
	}
	a, err := r.LabeledAddress(MainnetHRP, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.AddLabel(7)
	if r.NumLabels() != 2 || !a.Spend.Equal(b) {
		t.Errorf("adding a label twice")
	}
	Bm, err := LabeledSpendKey(scan, spend.PublicKey(), 7)
	if err != nil || !Bm.Equal(b) {
		t.Errorf("LabeledSpendKey disagrees with AddLabel")
	}
	tw, _ := LabelTweak(scan, 7)
	d, _ := spend.TweakAdd(tw[:])
	if !d.PublicKey().Equal(Bm) {
		t.Errorf("B_m ≠ (b_spend + label)·G")
	}
	if !r.ChangeAddress(MainnetHRP).Spend.Equal(mustLabeled(t, scan, spend, 0)) {
		t.Errorf("change address is not label 0")
	}
}

func mustLabeled(t *testing.T, scan, spend *secp256k1.PrivateKey, m uint32) *secp256k1.PublicKey {
	p, err := LabeledSpendKey(scan, spend.PublicKey(), m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPublicTweak(t *testing.T) {
	rng := testref.PCG(t)
	keys := []*secp256k1.PublicKey{testkey.Random(t, rng).PublicKey(), testkey.Random(t, rng).PublicKey()}
	s, err := NewPrevoutsSummary([]Outpoint{{Vout: 1}, {Vout: 2}}, keys)
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := secp256k1.CombinePublicKeys(keys...)
	if !s.PublicKeySum().Equal(sum) {
		t.Errorf("PublicKeySum is not the sum of the keys")
	}
	ih := s.InputHash()
	want, err := sum.TweakMul(ih[:])
	if err != nil {
		t.Fatal(err)
	}
	if !s.PublicTweak().Equal(want) {
		t.Errorf("PublicTweak ≠ input_hash·A")
	}
	var a [33]byte
	copy(a[:], sum.BytesCompressed())
	op := Outpoint{Vout: 1}.Bytes()
	if hashInputs(&op, &a) != ih {
		t.Errorf("InputHash ≠ hash_BIP0352/Inputs(outpoint_L ‖ A)")
	}
}
