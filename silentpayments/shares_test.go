package silentpayments

import (
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/dleq"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// checkSharesPath computes the outputs of a sending case again from ECDH
// shares, once from per-input shares and once from global shares, and
// requires exactly the outputs of CreateOutputs (want, in recipient order).
// Every share's proof must verify against its input's public key (from
// InputPublicKey) or the sum of them, and not against another input's. It
// returns 1, for the caller's count.
func checkSharesPath(t *testing.T, recipients []*Address, inputs []TxInput, keys []InputKey, want [][32]byte) int {
	t.Helper()
	var outpoints []Outpoint
	var pubs []*secp256k1.PublicKey
	for _, in := range inputs {
		outpoints = append(outpoints, in.Outpoint)
		if pub, err := InputPublicKey(in.ScriptPubKey, in.ScriptSig, in.Witness); err == nil {
			pubs = append(pubs, pub)
		}
	}
	if len(pubs) != len(keys) {
		t.Fatalf("%d eligible public keys for %d private keys", len(pubs), len(keys))
	}
	summary, err := NewPrevoutsSummary(outpoints, pubs)
	if err != nil {
		t.Fatal(err)
	}
	scans := map[[33]byte]*secp256k1.PublicKey{}
	for _, r := range recipients {
		scans[[33]byte(r.Scan.BytesCompressed())] = r.Scan
	}
	var perInput, global []*ECDHShare
	for _, scan := range scans {
		for i, k := range keys {
			s, err := NewECDHShare(k, scan, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Verify(pubs[i]); err != nil {
				t.Fatalf("input %d share: %v", i, err)
			}
			if j := (i + 1) % len(pubs); !pubs[j].Equal(pubs[i]) {
				if err := s.Verify(pubs[j]); !errors.Is(err, ErrShareProof) {
					t.Fatalf("input %d share against input %d's key: %v", i, j, err)
				}
			}
			perInput = append(perInput, s)
		}
		g, err := NewGlobalECDHShare(keys, scan, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Verify(summary.PublicKeySum()); err != nil {
			t.Fatalf("global share: %v", err)
		}
		global = append(global, g)
	}
	for name, shares := range map[string][]*ECDHShare{"per-input": perInput, "global": global} {
		got, err := CreateOutputsFromShares(recipients, summary, shares)
		if err != nil {
			t.Fatalf("%s shares: %v", name, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s shares: %d outputs, want %d", name, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s shares: output %d = %x, want %x (CreateOutputs)", name, i, got[i], want[i])
			}
		}
	}
	return 1
}

// TestSharesRandom runs checkSharesPath on random transactions: 1–4 inputs
// (taproot or not, so that odd-y taproot keys are negated), 1–5 recipients
// among two scan keys.
func TestSharesRandom(t *testing.T) {
	rng := testref.PCG(t)
	n := testref.Short{Div: 4, Min: 3}.Count(t, 12)
	for range n {
		var inputs []TxInput
		var keys []InputKey
		for i := range 1 + rng.IntN(4) {
			k := testkey.Random(t, rng)
			taproot := rng.IntN(2) == 0
			in := TxInput{Outpoint: Outpoint{Vout: uint32(i)}}
			in.Outpoint.TxID[0] = byte(rng.Uint32())
			if taproot {
				in.ScriptPubKey = append([]byte{0x51, 0x20}, k.PublicKey().BytesCompressed()[1:]...)
				in.Witness = [][]byte{make([]byte, 64)}
			} else {
				in.ScriptPubKey = append([]byte{0x00, 0x14}, make([]byte, 20)...)
				in.Witness = [][]byte{make([]byte, 71), k.PublicKey().BytesCompressed()}
			}
			inputs = append(inputs, in)
			keys = append(keys, InputKey{PrivateKey: k, Taproot: taproot})
		}
		scan := []*secp256k1.PublicKey{testkey.Random(t, rng).PublicKey(), testkey.Random(t, rng).PublicKey()}
		var recipients []*Address
		for range 1 + rng.IntN(5) {
			recipients = append(recipients, &Address{HRP: MainnetHRP, Scan: scan[rng.IntN(2)], Spend: testkey.Random(t, rng).PublicKey()})
		}
		var outpoints []Outpoint
		for _, in := range inputs {
			outpoints = append(outpoints, in.Outpoint)
		}
		want, err := CreateOutputs(recipients, outpoints, keys)
		if err != nil {
			t.Fatal(err)
		}
		checkSharesPath(t, recipients, inputs, keys, want)
	}
}

// TestSharesErrors checks the named errors of the share functions.
func TestSharesErrors(t *testing.T) {
	rng := testref.PCG(t)
	k := testkey.Random(t, rng)
	scan := testkey.Random(t, rng).PublicKey()
	other := testkey.Random(t, rng).PublicKey()
	check := func(name string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s: got %v, want %v", name, err, want)
		}
	}
	_, err := NewECDHShare(InputKey{}, scan, nil)
	check("zero input key", err, secp256k1.ErrUninitialized)
	_, err = NewECDHShare(InputKey{PrivateKey: k}, new(secp256k1.PublicKey), nil)
	check("zero scan key", err, secp256k1.ErrUninitialized)
	_, err = NewECDHShare(InputKey{PrivateKey: k}, scan, make([]byte, 5))
	check("aux 5 bytes", err, dleq.ErrAuxRand)
	_, err = NewGlobalECDHShare(nil, scan, nil)
	check("no inputs", err, ErrNoInputs)
	neg, _ := secp256k1.NewPrivateKeyFromScalar(new(secp256k1.Scalar).Negate(k.Scalar()))
	_, err = NewGlobalECDHShare([]InputKey{{PrivateKey: k}, {PrivateKey: neg}}, scan, nil)
	check("keys summing to zero", err, ErrInputKeySum)

	s, err := NewECDHShare(InputKey{PrivateKey: k}, scan, nil)
	if err != nil {
		t.Fatal(err)
	}
	check("nil share", (*ECDHShare)(nil).Verify(k.PublicKey()), secp256k1.ErrUninitialized)
	check("zero share", new(ECDHShare).Verify(k.PublicKey()), secp256k1.ErrUninitialized)
	check("zero input public key", s.Verify(new(secp256k1.PublicKey)), secp256k1.ErrUninitialized)
	check("wrong key", s.Verify(other), ErrShareProof)
	// A share with a proof for another share.
	s2, _ := NewECDHShare(InputKey{PrivateKey: testkey.Random(t, rng)}, scan, nil)
	check("swapped proof", (&ECDHShare{Scan: scan, Share: s.Share, Proof: s2.Proof}).Verify(k.PublicKey()), ErrShareProof)
	check("share for another scan key", (&ECDHShare{Scan: other, Share: s.Share, Proof: s.Proof}).Verify(k.PublicKey()), ErrShareProof)

	summary, err := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{k.PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	rcpt := []*Address{{HRP: MainnetHRP, Scan: scan, Spend: other}}
	_, err = CreateOutputsFromShares(rcpt, summary, nil)
	check("no share", err, ErrMissingShare)
	_, err = CreateOutputsFromShares(rcpt, summary, []*ECDHShare{{Scan: other, Share: s.Share, Proof: s.Proof}})
	check("share for another scan key", err, ErrMissingShare)
	_, err = CreateOutputsFromShares(rcpt, summary, []*ECDHShare{{}})
	check("zero share", err, secp256k1.ErrUninitialized)
	_, err = CreateOutputsFromShares(rcpt, nil, []*ECDHShare{s})
	check("nil summary", err, secp256k1.ErrUninitialized)
	_, err = CreateOutputsFromShares([]*Address{{}}, summary, []*ECDHShare{s})
	check("zero recipient", err, secp256k1.ErrUninitialized)
	negShare := &ECDHShare{Scan: scan, Share: s.Share.Negate(), Proof: s.Proof}
	_, err = CreateOutputsFromShares(rcpt, summary, []*ECDHShare{s, negShare})
	check("shares summing to infinity", err, ErrInputKeySum)
	if out, err := CreateOutputsFromShares(rcpt, summary, []*ECDHShare{s}); err != nil || len(out) != 1 {
		t.Errorf("valid share: %v", err)
	}
}
