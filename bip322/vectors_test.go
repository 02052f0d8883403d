package bip322

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The BIP-322 vectors (testdata/bip-0322/README.md): every message-hash and
// transaction-id vector passes; every signature vector of a supported
// script type verifies, and its key signs a signature that verifies; the
// others are skipped with the reason, after checking that Verify calls them
// inconclusive (ErrUnsupported) and not invalid; every error vector is
// rejected, with the error its error_substr names.

type signedVector struct {
	Message     string   `json:"message"`
	PrivateKeys []string `json:"private_keys"`
	Address     string   `json:"address"`
	Type        string   `json:"type"`
	Signatures  []string `json:"bip322_signatures"`
	TxVersion   uint32   `json:"tx_version"`
	LockTime    uint32   `json:"lock_time"`
	Sequence    uint32   `json:"sequence"`
	SigScript   string   `json:"sig_script"`
}

type errorVector struct {
	Description string `json:"description"`
	Message     string `json:"message"`
	Address     string `json:"address"`
	Signature   string `json:"signature"`
	ErrorSubstr string `json:"error_substr"`
}

type vectorFile struct {
	TxHashes []struct {
		Message       string `json:"message"`
		Address       string `json:"address"`
		MessageHash   string `json:"message_hash"`
		ToSpendTxHash string `json:"to_spend_tx_hash"`
		ToSignTxHash  string `json:"to_sign_tx_hash"`
	} `json:"tx_hashes"`
	Simple       []signedVector `json:"simple"`
	Full         []signedVector `json:"full"`
	ProofOfFunds []signedVector `json:"proof_of_funds"`
	Error        []errorVector  `json:"error"`
}

func loadVectors(t *testing.T, name string) *vectorFile {
	t.Helper()
	f := new(vectorFile)
	testref.JSON(t, "../testdata/bip-0322/"+name, f)
	return f
}

// supported names the vector types this package verifies, and skipReason
// says why each other type is skipped.
var (
	supported  = []string{"p2pkh", "p2wpkh", "p2sh-p2wpkh", "p2tr"}
	skipReason = map[string]string{
		"p2wsh-multisig-2of2":      "p2wsh multisig: needs a script interpreter",
		"p2wsh-multisig-3of3":      "p2wsh multisig: needs a script interpreter",
		"p2wsh-time-lock":          "p2wsh time lock: needs a script interpreter",
		"p2sh-p2wsh-multisig-2of2": "p2sh-p2wsh multisig: needs a script interpreter",
		"p2sh-multisig-2of2":       "p2sh multisig: needs a script interpreter",
		"p2tr-time-lock":           "p2tr script path (time lock): needs a tapscript interpreter",
	}
)

// tally counts the outcomes over both files, logged by TestVectorTally.
var tally struct {
	txHashes, passed, signedOwn, skipped, rejected, inconclusive int
	skips                                                        map[string]int
}

func TestVectors(t *testing.T) {
	tally = struct {
		txHashes, passed, signedOwn, skipped, rejected, inconclusive int
		skips                                                        map[string]int
	}{skips: map[string]int{}}
	for _, name := range []string{"basic-test-vectors.json", "generated-test-vectors.json"} {
		f := loadVectors(t, name)
		t.Run(name, func(t *testing.T) {
			for i, v := range f.TxHashes {
				checkTxHashes(t, i, v.Message, v.Address, v.MessageHash, v.ToSpendTxHash, v.ToSignTxHash)
			}
			for _, group := range []struct {
				name    string
				vectors []signedVector
				format  Format
			}{{"simple", f.Simple, Simple}, {"full", f.Full, Full}, {"proof_of_funds", f.ProofOfFunds, 0}} {
				for i, v := range group.vectors {
					for j, sig := range v.Signatures {
						t.Run(group.name+"/"+v.Type+"/"+itoa(i)+"."+itoa(j), func(t *testing.T) {
							checkSigned(t, &v, sig, group.format)
						})
					}
				}
			}
			for i, v := range f.Error {
				t.Run("error/"+itoa(i), func(t *testing.T) { checkError(t, &v) })
			}
		})
	}
	t.Logf("tx_hashes: %d passed; signatures: %d passed (and %d signed and verified with the vector's key), %d skipped %v; errors: %d rejected as invalid or malformed, %d as inconclusive (ErrUnsupported)",
		tally.txHashes, tally.passed, tally.signedOwn, tally.skipped, tally.skips, tally.rejected, tally.inconclusive)
	if got := tally.txHashes + tally.passed + tally.skipped + tally.rejected + tally.inconclusive; got != 3+6+4+10+3+8+28 {
		t.Errorf("%d vectors counted, want 62", got)
	}
}

func checkTxHashes(t *testing.T, i int, msg, address, msgHash, toSpendID, toSignID string) {
	a, err := btcaddr.Parse(address)
	if err != nil {
		t.Fatal(err)
	}
	h := MessageHash([]byte(msg))
	spend := toSpend([]byte(msg), a.ScriptPubKey())
	sign := toSign(spend)
	if got := hex.EncodeToString(h[:]); got != msgHash {
		t.Errorf("tx_hashes %d: message hash %s, want %s", i, got, msgHash)
	}
	if got := displayTxid(spend); got != toSpendID {
		t.Errorf("tx_hashes %d: to_spend txid %s, want %s", i, got, toSpendID)
	}
	if got := displayTxid(sign); got != toSignID {
		t.Errorf("tx_hashes %d: to_sign txid %s, want %s", i, got, toSignID)
	}
	tally.txHashes++
}

// displayTxid is the txid in the byte order that explorers and the vectors
// show.
func displayTxid(t *tx) string {
	id := t.txid()
	slices.Reverse(id[:])
	return hex.EncodeToString(id[:])
}

func checkSigned(t *testing.T, v *signedVector, sig string, format Format) {
	addr, err := btcaddr.Parse(v.Address)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Verify(addr, []byte(v.Message), sig)
	if format == 0 {
		if !errors.Is(err, ErrUnsupported) {
			t.Fatalf("proof of funds: %v, %v; want ErrUnsupported", res, err)
		}
		tally.skipped++
		tally.skips["pof"]++
		t.Skipf("proof of funds (%s): needs a PSBT (BIP-174) decoder and the UTXOs of the additional inputs: %v", v.Type, err)
	}
	if !slices.Contains(supported, v.Type) {
		reason, ok := skipReason[v.Type]
		if !ok {
			t.Fatalf("type %s has no stated skip reason", v.Type)
		}
		if !errors.Is(err, ErrUnsupported) {
			t.Fatalf("%s: %v, %v; want ErrUnsupported", v.Type, res, err)
		}
		tally.skipped++
		tally.skips[v.Type]++
		t.Skipf("%s (Verify: %v)", reason, err)
	}
	if err != nil {
		t.Fatalf("Verify(%s, %q, %s): %v", v.Address, v.Message, sig, err)
	}
	want := Result{Format: format}
	switch {
	case format == Simple && !strings.HasPrefix(sig, "smp"):
		// The no-prefix fallback.
	case format == Full:
		want.LockTime, want.Sequence = v.LockTime, v.Sequence
	}
	if *res != want {
		t.Errorf("Verify = %+v, want %+v", *res, want)
	}
	if format == Full {
		raw, _ := base64.StdEncoding.DecodeString(sig[3:])
		ts, err := parseTx(raw)
		if err != nil || !bytes.Equal(ts.serialize(true), raw) {
			t.Fatalf("to_sign does not round-trip: %v", err)
		}
		// sig_script is the redeem script that the scriptSig pushes.
		redeem, _ := hex.DecodeString(v.SigScript)
		if ts.version != v.TxVersion || len(redeem) > 0 && !bytes.Equal(ts.inputs[0].scriptSig, appendPush(nil, redeem)) {
			t.Errorf("to_sign: version %d, scriptSig %x", ts.version, ts.inputs[0].scriptSig)
		}
	}
	tally.passed++

	// The vector's key is the address's, and it signs for it.
	if len(v.PrivateKeys) != 1 {
		t.Fatalf("%d keys for a single-key type", len(v.PrivateKeys))
	}
	k, compressed := decodeWIF(t, v.PrivateKeys[0])
	mine, err := addressOf(k, compressed, v.Type)
	if err != nil || mine.String() != v.Address {
		t.Fatalf("the key's %s address is %v (%v), want %s", v.Type, mine, err, v.Address)
	}
	sign := Sign
	if format == Full {
		sign = SignFull
	}
	own, err := sign(k, addr, []byte(v.Message))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := Verify(addr, []byte(v.Message), own); err != nil {
		t.Fatalf("Verify(own signature %s): %v", own, err)
	} else if res.Format != format {
		t.Errorf("own signature: format %v", res.Format)
	}
	tally.signedOwn++
}

// addressOf returns the address of type typ of k: P2PKH of the key as the
// WIF encodes it, P2TR its BIP-86 output.
func addressOf(k *secp256k1.PrivateKey, compressed bool, typ string) (*btcaddr.Address, error) {
	pub := k.PublicKey()
	switch typ {
	case "p2pkh":
		return btcaddr.NewP2PKH(pub, compressed, btcaddr.Mainnet)
	case "p2wpkh":
		return btcaddr.NewP2WPKH(pub, btcaddr.Mainnet)
	case "p2sh-p2wpkh":
		return btcaddr.NewP2SHP2WPKH(pub, btcaddr.Mainnet)
	case "p2tr":
		return btcaddr.NewP2TRBIP86(pub, btcaddr.Mainnet)
	}
	return nil, errors.New("unknown type " + typ)
}

// singleKey lists the descriptions of the error vectors of supported types:
// those must be rejected as invalid, never as inconclusive.
var singleKey = []string{" p2wpkh ", " p2tr simple", " p2tr full", " p2pkh ", " p2sh-p2wpkh ", "p2wpkh signature", "empty witness", "prefix", "base64", "empty signature"}

func checkError(t *testing.T, v *errorVector) {
	addr, err := btcaddr.Parse(v.Address)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Verify(addr, []byte(v.Message), v.Signature)
	if err == nil {
		t.Fatalf("%s: Verify = %+v, want an error (%q)", v.Description, res, v.ErrorSubstr)
	}
	if errors.Is(err, ErrUnsupported) {
		for _, s := range singleKey {
			if strings.Contains(v.Description, s) {
				t.Fatalf("%s: inconclusive (%v) for a supported type", v.Description, err)
			}
		}
		tally.inconclusive++
		t.Logf("%s: rejected as inconclusive: %v", v.Description, err)
		return
	}
	want := ErrInvalid
	if v.ErrorSubstr != "invalid signature" {
		want = ErrMalformed
	}
	if !errors.Is(err, want) || !strings.Contains(err.Error(), v.ErrorSubstr) {
		t.Fatalf("%s: %v; want %v containing %q", v.Description, err, want, v.ErrorSubstr)
	}
	tally.rejected++
	t.Logf("%s: %v", v.Description, err)
}

// decodeWIF decodes a WIF private key (Base58Check of 0x80 or 0xef, the
// key, and 0x01 for a compressed public key). It lives in the tests: WIF
// is a secret in a Go string, which cannot be wiped, and Base58 decoding
// is not constant time.
func decodeWIF(t testing.TB, s string) (*secp256k1.PrivateKey, bool) {
	t.Helper()
	b, err := base58.CheckDecode(s)
	if err != nil || (b[0] != 0x80 && b[0] != 0xef) {
		t.Fatalf("WIF %s: %v", s, err)
	}
	compressed := len(b) == 34 && b[33] == 1
	if len(b) != 33 && !compressed {
		t.Fatalf("WIF %s: %d bytes", s, len(b))
	}
	k, err := secp256k1.NewPrivateKey(b[1:33])
	if err != nil {
		t.Fatal(err)
	}
	return k, compressed
}

func itoa(i int) string {
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}
