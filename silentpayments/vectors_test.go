package silentpayments

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// BIP-352's send_and_receive_test_vectors.json (testdata/bip-0352/README.md).

type vectorVin struct {
	TxID        string `json:"txid"`
	Vout        uint32 `json:"vout"`
	ScriptSig   string `json:"scriptSig"`
	TxInWitness string `json:"txinwitness"`
	Prevout     struct {
		ScriptPubKey struct {
			Hex string `json:"hex"`
		} `json:"scriptPubKey"`
	} `json:"prevout"`
	PrivateKey string `json:"private_key"`
}

type vectorCase struct {
	Comment   string            `json:"comment"`
	Sending   []vectorSending   `json:"sending"`
	Receiving []vectorReceiving `json:"receiving"`
}

type vectorSending struct {
	Given struct {
		Vin        []vectorVin `json:"vin"`
		Recipients []struct {
			Address     string `json:"address"`
			ScanPubKey  string `json:"scan_pub_key"`
			SpendPubKey string `json:"spend_pub_key"`
			Count       int    `json:"count"`
		} `json:"recipients"`
	} `json:"given"`
	Expected struct {
		Outputs            [][]string `json:"outputs"`
		SharedSecrets      []*string  `json:"shared_secrets"`
		InputPrivateKeySum *string    `json:"input_private_key_sum"`
		InputPubKeys       []string   `json:"input_pub_keys"`
	} `json:"expected"`
}

type vectorReceiving struct {
	Given struct {
		Vin         []vectorVin `json:"vin"`
		Outputs     []string    `json:"outputs"`
		KeyMaterial struct {
			ScanPrivKey  string `json:"scan_priv_key"`
			SpendPrivKey string `json:"spend_priv_key"`
		} `json:"key_material"`
		Labels []uint32 `json:"labels"`
	} `json:"given"`
	Expected struct {
		Addresses []string `json:"addresses"`
		Outputs   []struct {
			PrivKeyTweak string `json:"priv_key_tweak"`
			PubKey       string `json:"pub_key"`
			Signature    string `json:"signature"`
		} `json:"outputs"`
		NOutputs       *int    `json:"n_outputs"`
		Tweak          *string `json:"tweak"`
		SharedSecret   *string `json:"shared_secret"`
		InputPubKeySum *string `json:"input_pub_key_sum"`
	} `json:"expected"`
}

func loadVectors(t testing.TB) []vectorCase {
	t.Helper()
	var cases []vectorCase
	testref.JSON(t, "../testdata/bip-0352/send_and_receive_test_vectors.json", &cases)
	return cases
}

// parseWitness decodes a serialized witness stack: a CompactSize count,
// then each item as a CompactSize length and its bytes.
func parseWitness(b []byte) ([][]byte, error) {
	if len(b) == 0 {
		return nil, nil
	}
	readSize := func() (int, error) {
		if len(b) == 0 {
			return 0, fmt.Errorf("truncated witness")
		}
		n := int(b[0])
		b = b[1:]
		var w int
		switch n {
		case 0xfd:
			w = 2
		case 0xfe:
			w = 4
		case 0xff:
			w = 8
		default:
			return n, nil
		}
		if len(b) < w {
			return 0, fmt.Errorf("truncated witness")
		}
		var v uint64
		for i := w - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
		b = b[w:]
		if v > 1<<24 {
			return 0, fmt.Errorf("witness size too large")
		}
		return int(v), nil
	}
	count, err := readSize()
	if err != nil {
		return nil, err
	}
	if count > len(b) {
		return nil, fmt.Errorf("truncated witness") // each item takes ≥ 1 byte
	}
	stack := make([][]byte, 0, count)
	for range count {
		n, err := readSize()
		if err != nil || n > len(b) {
			return nil, fmt.Errorf("truncated witness")
		}
		stack = append(stack, b[:n])
		b = b[n:]
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("trailing witness bytes")
	}
	return stack, nil
}

func vectorInputs(t testing.TB, vins []vectorVin) []TxInput {
	t.Helper()
	var inputs []TxInput
	for _, v := range vins {
		op, err := ParseOutpoint(v.TxID, v.Vout)
		if err != nil {
			t.Fatal(err)
		}
		w, err := parseWitness(testref.Hex(t, v.TxInWitness))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, TxInput{
			Outpoint:     op,
			ScriptPubKey: testref.Hex(t, v.Prevout.ScriptPubKey.Hex),
			ScriptSig:    testref.Hex(t, v.ScriptSig),
			Witness:      w,
		})
	}
	return inputs
}

func parseOutputs(t testing.TB, hexes []string) [][32]byte {
	out := make([][32]byte, len(hexes))
	for i, h := range hexes {
		out[i] = [32]byte(testref.Hex(t, h))
	}
	return out
}

// The message and aux_rand of the vectors' signatures, from the BIP's
// reference implementation (bip-0352/reference.py): msg = SHA-256("message"),
// aux = SHA-256("random auxiliary data").
var (
	vectorMsg = sha256.Sum256([]byte("message"))
	vectorAux = sha256.Sum256([]byte("random auxiliary data"))
)

func TestVectorsSending(t *testing.T) {
	sharesChecked := 0
	defer func() { t.Logf("%d sending cases also passed through the ECDH-share path", sharesChecked) }()
	for ci, c := range loadVectors(t) {
		for si, s := range c.Sending {
			t.Run(fmt.Sprintf("%02d/%d/%s", ci, si, c.Comment), func(t *testing.T) {
				inputs := vectorInputs(t, s.Given.Vin)
				var outpoints []Outpoint
				var keys []InputKey
				var pubs []string
				for i, in := range inputs {
					outpoints = append(outpoints, in.Outpoint)
					pub, err := InputPublicKey(in.ScriptPubKey, in.ScriptSig, in.Witness)
					if err != nil {
						continue
					}
					pubs = append(pubs, hex.EncodeToString(pub.BytesCompressed()))
					k, err := secp256k1.NewPrivateKey(testref.Hex(t, s.Given.Vin[i].PrivateKey))
					if err != nil {
						t.Fatal(err)
					}
					keys = append(keys, InputKey{PrivateKey: k, Taproot: isP2TR(in.ScriptPubKey)})
				}
				if !slices.Equal(pubs, s.Expected.InputPubKeys) && !(len(pubs) == 0 && len(s.Expected.InputPubKeys) == 0) {
					t.Errorf("input public keys = %v, want %v", pubs, s.Expected.InputPubKeys)
				}
				if want := s.Expected.InputPrivateKeySum; want != nil {
					var a secp256k1.Scalar
					sumInputKeys(&a, keys)
					if got := hex.EncodeToString(a.Bytes()); got != *want {
						t.Errorf("input private key sum = %s, want %s", got, *want)
					}
				}

				var recipients []*Address
				var given []int // index in s.Given.Recipients of each recipient
				for ri, r := range s.Given.Recipients {
					a, err := ParseAddress(r.Address)
					if err != nil {
						t.Fatalf("ParseAddress(%s): %v", r.Address, err)
					}
					if hex.EncodeToString(a.Scan.BytesCompressed()) != r.ScanPubKey ||
						hex.EncodeToString(a.Spend.BytesCompressed()) != r.SpendPubKey {
						t.Errorf("address %s decodes to other keys", r.Address)
					}
					if a.String() != r.Address {
						t.Errorf("address re-encodes to %s, want %s", a.String(), r.Address)
					}
					n := max(r.Count, 1)
					for range n {
						recipients = append(recipients, a)
						given = append(given, ri)
					}
				}

				out, err := CreateOutputs(recipients, outpoints, keys)
				if err != nil {
					// Sending fails: the only acceptable output set is empty.
					if len(s.Expected.Outputs) != 1 || len(s.Expected.Outputs[0]) != 0 {
						t.Fatalf("CreateOutputs: %v, want outputs %v", err, s.Expected.Outputs)
					}
					for _, ss := range s.Expected.SharedSecrets {
						if ss != nil {
							t.Errorf("failed, but a shared secret is expected")
						}
					}
					t.Logf("sending fails as expected: %v", err)
					return
				}
				// The ECDH points, one per recipient, recomputed from a.
				var a, ah secp256k1.Scalar
				sumInputKeys(&a, keys)
				var A, ecdh secp256k1.Point
				A.ScalarBaseMult(&a)
				sumA, _ := secp256k1.NewPublicKey(&A)
				opL, _ := smallestOutpoint(outpoints)
				if err := inputHash(&ah, &opL, sumA); err != nil {
					t.Fatal(err)
				}
				ah.Multiply(&ah, &a)
				for i, r := range recipients {
					ecdh.ScalarMult(&ah, r.Scan.Point())
					if want := s.Expected.SharedSecrets[given[i]]; want == nil || hex.EncodeToString(ecdh.BytesCompressed()) != *want {
						t.Errorf("shared secret %d = %x, want %v", i, ecdh.BytesCompressed(), want)
					}
				}

				sharesChecked += checkSharesPath(t, recipients, inputs, keys, out)

				var got []string
				for _, o := range out {
					got = append(got, hex.EncodeToString(o[:]))
				}
				slices.Sort(got)
				ok := false
				for _, set := range s.Expected.Outputs {
					want := slices.Clone(set)
					slices.Sort(want)
					ok = ok || slices.Equal(got, want)
				}
				if !ok {
					t.Errorf("outputs %v match none of the expected sets %v", got, s.Expected.Outputs)
				}
			})
		}
	}
}

func TestVectorsReceiving(t *testing.T) {
	methods := []struct {
		name   string
		method int
	}{{"auto", methodAuto}, {"addition", methodAddition}, {"subtraction", methodSubtraction}, {"projective", methodProjective}}
	for ci, c := range loadVectors(t) {
		for ri, r := range c.Receiving {
			for _, m := range methods {
				name := fmt.Sprintf("%02d/%d/%s/%s", ci, ri, m.name, c.Comment)
				t.Run(name, func(t *testing.T) {
					if testing.Short() && (m.method == methodSubtraction || m.method == methodProjective) && len(r.Given.Outputs) > 100 {
						t.Skip("a quadratic method forced on a K_max-sized transaction")
					}
					testReceiving(t, r, m.method)
				})
			}
		}
	}
}

func testReceiving(t *testing.T, r vectorReceiving, method int) {
	rcv, spend := vectorReceiver(t, r)
	rcv.method = method
	var err error

	// Addresses: the unlabeled one and one per label.
	addrs := []string{rcv.Address(MainnetHRP).String()}
	for _, m := range r.Given.Labels {
		var a *Address
		if m == ChangeLabel {
			a = rcv.ChangeAddress(MainnetHRP)
		} else if a, err = rcv.LabeledAddress(MainnetHRP, m); err != nil {
			t.Fatal(err)
		}
		addrs = append(addrs, a.String())
	}
	slices.Sort(addrs)
	wantAddrs := slices.Clone(r.Expected.Addresses)
	slices.Sort(wantAddrs)
	if !slices.Equal(addrs, wantAddrs) {
		t.Errorf("addresses %v, want %v", addrs, wantAddrs)
	}

	outputs := parseOutputs(t, r.Given.Outputs)
	summary, err := SummarizeTransaction(vectorInputs(t, r.Given.Vin))
	if err != nil {
		// No eligible inputs or a zero sum: the transaction is skipped.
		if r.Expected.Tweak != nil || len(r.Expected.Outputs) != 0 {
			t.Fatalf("SummarizeTransaction: %v, but outputs are expected", err)
		}
		t.Logf("transaction skipped as expected: %v", err)
		return
	}
	if r.Expected.Tweak == nil {
		t.Fatalf("summary built, but the transaction should be skipped")
	}
	if got := hex.EncodeToString(summary.PublicKeySum().BytesCompressed()); got != *r.Expected.InputPubKeySum {
		t.Errorf("input public key sum = %s, want %s", got, *r.Expected.InputPubKeySum)
	}
	tweak := summary.PublicTweak()
	if got := hex.EncodeToString(tweak.BytesCompressed()); got != *r.Expected.Tweak {
		t.Errorf("tweak = %s, want %s", got, *r.Expected.Tweak)
	}
	var s secp256k1.Scalar
	s.Multiply(&summary.inputHash, &rcv.scan)
	var shared secp256k1.Point
	shared.ScalarMult(&s, summary.sum.Point())
	if got := hex.EncodeToString(shared.BytesCompressed()); got != *r.Expected.SharedSecret {
		t.Errorf("shared secret = %s, want %s", got, *r.Expected.SharedSecret)
	}

	found, err := rcv.Scan(summary, outputs)
	if err != nil {
		t.Fatal(err)
	}
	light, err := rcv.ScanWithTweak(tweak, outputs)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(found, light) {
		t.Errorf("Scan and ScanWithTweak disagree")
	}

	if r.Expected.NOutputs != nil {
		if len(found) != *r.Expected.NOutputs {
			t.Errorf("found %d outputs, want %d", len(found), *r.Expected.NOutputs)
		}
		for k, f := range found {
			if f.K != uint32(k) {
				t.Fatalf("found[%d].K = %d", k, f.K)
			}
		}
		checkSpendable(t, spend, found)
		return
	}
	if len(found) != len(r.Expected.Outputs) {
		t.Errorf("found %d outputs, want %d", len(found), len(r.Expected.Outputs))
	}
	for _, want := range r.Expected.Outputs {
		i := slices.IndexFunc(found, func(f FoundOutput) bool {
			return hex.EncodeToString(f.PublicKey[:]) == want.PubKey
		})
		if i < 0 {
			t.Errorf("output %s not found", want.PubKey)
			continue
		}
		f := found[i]
		if got := hex.EncodeToString(f.Tweak[:]); got != want.PrivKeyTweak {
			t.Errorf("output %s: tweak %s, want %s", want.PubKey, got, want.PrivKeyTweak)
		}
		if outputs[f.Index] != f.PublicKey {
			t.Errorf("output %s: wrong index %d", want.PubKey, f.Index)
		}
		d, err := f.PrivateKey(spend)
		if err != nil {
			t.Fatal(err)
		}
		pub, err := schnorr.ParsePublicKey(f.PublicKey[:])
		if err != nil {
			t.Fatal(err)
		}
		sig, err := schnorr.Sign(d, vectorMsg[:], vectorAux[:])
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(sig); got != want.Signature {
			t.Errorf("output %s: signature %s, want %s", want.PubKey, got, want.Signature)
		}
		if !schnorr.Verify(pub, vectorMsg[:], testref.Hex(t, want.Signature)) {
			t.Errorf("output %s: the vector's signature does not verify", want.PubKey)
		}
	}
}

// vectorReceiver returns the receiver of a receiving vector's keys, and
// its spend key.
func vectorReceiver(t *testing.T, r vectorReceiving) (*Receiver, *secp256k1.PrivateKey) {
	t.Helper()
	scan, err := secp256k1.NewPrivateKey(testref.Hex(t, r.Given.KeyMaterial.ScanPrivKey))
	if err != nil {
		t.Fatal(err)
	}
	spend, err := secp256k1.NewPrivateKey(testref.Hex(t, r.Given.KeyMaterial.SpendPrivKey))
	if err != nil {
		t.Fatal(err)
	}
	rcv, err := NewReceiver(scan, spend.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	return rcv, spend
}

// checkSpendable checks that every found output's private key gives its
// x-only public key.
func checkSpendable(t *testing.T, spend *secp256k1.PrivateKey, found []FoundOutput) {
	t.Helper()
	for _, f := range found {
		d, err := f.PrivateKey(spend)
		if err != nil {
			t.Fatal(err)
		}
		if [32]byte(d.PublicKey().BytesCompressed()[1:]) != f.PublicKey {
			t.Fatalf("found output %d (k = %d): private key does not match", f.Index, f.K)
		}
	}
}
