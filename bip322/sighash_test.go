package bip322

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/compactsize"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// BIP-341's key-path spending vector: a transaction of 9 inputs and 2
// outputs. The inputs signed with SIGHASH_DEFAULT and SIGHASH_ALL, the two
// hash types BIP-322 allows and taprootSigMsg computes, must give the
// vector's sigMsg and sigHash, and its witness signature must verify; the
// fully signed transaction must round-trip through parseTx.
func TestBIP341Sighash(t *testing.T) {
	var f struct {
		KeyPathSpending []struct {
			Given struct {
				RawUnsignedTx string `json:"rawUnsignedTx"`
				UtxosSpent    []struct {
					ScriptPubKey string `json:"scriptPubKey"`
					AmountSats   uint64 `json:"amountSats"`
				} `json:"utxosSpent"`
			} `json:"given"`
			InputSpending []struct {
				Given struct {
					TxinIndex int  `json:"txinIndex"`
					HashType  byte `json:"hashType"`
				} `json:"given"`
				Intermediary struct {
					SigMsg  string `json:"sigMsg"`
					SigHash string `json:"sigHash"`
				} `json:"intermediary"`
				Expected struct {
					Witness []string `json:"witness"`
				} `json:"expected"`
			} `json:"inputSpending"`
			Auxiliary struct {
				FullySignedTx string `json:"fullySignedTx"`
			} `json:"auxiliary"`
		} `json:"keyPathSpending"`
	}
	testref.JSON(t, "../testdata/bip-0341/wallet-test-vectors.json", &f)
	v := f.KeyPathSpending[0]
	unsigned, err := parseTx(testref.Hex(t, v.Given.RawUnsignedTx))
	if err != nil {
		t.Fatal(err)
	}
	if len(unsigned.inputs) != 9 || len(unsigned.outputs) != 2 || len(v.Given.UtxosSpent) != 9 {
		t.Fatalf("%d inputs, %d outputs", len(unsigned.inputs), len(unsigned.outputs))
	}
	prevouts := make([]txOut, len(v.Given.UtxosSpent))
	for i, u := range v.Given.UtxosSpent {
		prevouts[i] = txOut{value: u.AmountSats, scriptPubKey: testref.Hex(t, u.ScriptPubKey)}
	}
	checked := 0
	for _, in := range v.InputSpending {
		if in.Given.HashType != sighashDefault && in.Given.HashType != sighashAll {
			continue // SINGLE, NONE and ANYONECANPAY: not BIP-322's
		}
		i := in.Given.TxinIndex
		msg := taprootSigMsg(unsigned, i, prevouts, in.Given.HashType, nil)
		if got := hex.EncodeToString(msg); got != in.Intermediary.SigMsg {
			t.Errorf("input %d: sigMsg\n%s, want\n%s", i, got, in.Intermediary.SigMsg)
		}
		h := taprootSighash(unsigned, i, prevouts, in.Given.HashType, nil)
		if got := hex.EncodeToString(h[:]); got != in.Intermediary.SigHash {
			t.Errorf("input %d: sigHash %s, want %s", i, got, in.Intermediary.SigHash)
		}
		pub, err := schnorr.ParsePublicKey(prevouts[i].scriptPubKey[2:])
		sig := testref.Hex(t, in.Expected.Witness[0])
		if err != nil || !schnorr.Verify(pub, h[:], sig[:64]) {
			t.Errorf("input %d: the witness signature does not verify", i)
		}
		checked++
	}
	if checked != 2 {
		t.Errorf("%d inputs with SIGHASH_DEFAULT or SIGHASH_ALL, want 2", checked)
	}

	signed := testref.Hex(t, v.Auxiliary.FullySignedTx)
	st, err := parseTx(signed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(st.serialize(true), signed) {
		t.Error("the signed transaction does not round-trip")
	}
	// Without its scriptSigs (one input is P2PKH) and witnesses, it is the
	// unsigned one.
	for i := range st.inputs {
		st.inputs[i].scriptSig, st.inputs[i].witness = nil, nil
	}
	if !bytes.Equal(st.serialize(true), testref.Hex(t, v.Given.RawUnsignedTx)) {
		t.Error("the signed transaction without signatures is not the unsigned one")
	}
}

func TestParseTxErrors(t *testing.T) {
	// A one-input, one-output segwit transaction to corrupt: version 2,
	// marker and flag, one input with an empty scriptSig, one output
	// paying 0 to OP_RETURN, a witness of one item 0xaa, lock time 0.
	good := "02000000" + "0001" + "01" + strings.Repeat("11", 32) + "00000000" + "00" + "00000000" +
		"01" + "0000000000000000" + "016a" + "0101aa" + "00000000"
	if _, err := parseTx(testref.Hex(t, good)); err != nil {
		t.Fatalf("the good transaction: %v", err)
	}
	for _, c := range []struct{ name, hex string }{
		{"empty", ""},
		{"version only", "02000000"},
		{"trailing byte", good + "00"},
		{"truncated", good[:len(good)-2]},
		{"unknown flag", strings.Replace(good, "0001", "0003", 1)},
		{"superfluous witness record", strings.Replace(good, "0101aa", "00", 1)},
		{"non-canonical count", strings.Replace(good, "000101"+strings.Repeat("11", 4), "0001fd0100"+strings.Repeat("11", 4), 1)},
		{"input count beyond the data", "02000000" + "fe00000001"},
		{"huge CompactSize", "02000000" + "ffffffffffffffff7f"},
		{"script longer than the rest", strings.Replace(good, "016a01", "fd000101", 1)},
	} {
		if tx, err := parseTx(testref.Hex(t, c.hex)); !errors.Is(err, errEncoding) {
			t.Errorf("%s: %v, %v; want errEncoding", c.name, tx, err)
		}
	}
	// No inputs and a zero flag: Bitcoin Core reads an empty transaction.
	if tx, err := parseTx(testref.Hex(t, "02000000"+"00"+"00"+"00000000")); err != nil || len(tx.inputs)+len(tx.outputs) != 0 {
		t.Errorf("the empty transaction: %v, %v", tx, err)
	}
	// A transaction without witnesses serializes the same either way.
	legacy := "01000000" + "01" + strings.Repeat("22", 32) + "ffffffff" + "00" + "fdffffff" + "01" + "0100000000000000" + "00" + "00000000"
	tx, err := parseTx(testref.Hex(t, legacy))
	if err != nil || hex.EncodeToString(tx.serialize(true)) != legacy || hex.EncodeToString(tx.serialize(false)) != legacy {
		t.Errorf("legacy transaction: %v, %v", tx, err)
	}
}

func TestParseWitness(t *testing.T) {
	for _, c := range []struct {
		hex  string
		want int // items, or −1 for an error
	}{
		{"00", 0},
		{"0100", 1},
		{"020101" + "02aabb", 2},
		{"", -1},
		{"01", -1},
		{"0102aa", -1},
		{"0100" + "00", -1},   // trailing byte
		{"fd0100" + "00", -1}, // non-canonical
		{"ff" + strings.Repeat("ff", 8), -1},
	} {
		stack, err := parseWitness(testref.Hex(t, c.hex))
		if c.want < 0 && !errors.Is(err, errEncoding) || c.want >= 0 && (err != nil || len(stack) != c.want) {
			t.Errorf("parseWitness(%s) = %d items, %v", c.hex, len(stack), err)
		}
		if err == nil && hex.EncodeToString(appendWitness(nil, stack)) != c.hex {
			t.Errorf("parseWitness(%s) does not round-trip", c.hex)
		}
	}
}

func TestCompactSize(t *testing.T) {
	for _, n := range []uint64{0, 1, 0xfc, 0xfd, 0xffff, 0x10000, maxSize, 0xffffffff, 0x100000000} {
		b := compactsize.Append(nil, n)
		r := &reader{b: b}
		got := r.compactSize()
		if n > maxSize {
			if r.err == nil {
				t.Errorf("CompactSize %d read without error", n)
			}
			continue
		}
		if r.err != nil || got != n || len(r.b) != 0 {
			t.Errorf("CompactSize %d: read %d, %v", n, got, r.err)
		}
	}
}
