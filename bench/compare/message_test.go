package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"testing"

	btcec "github.com/btcsuite/btcd/btcec/v2"
	becdsa "github.com/btcsuite/btcd/btcec/v2/ecdsa"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/btcsuite/btcd/btcutil"
	"github.com/btcsuite/btcd/chaincfg"
	"github.com/btcsuite/btcd/chaincfg/chainhash"
	"github.com/btcsuite/btcd/txscript"
	"github.com/btcsuite/btcd/wire"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip322"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// Cross-checks of package btcaddr against btcd's btcutil address encoding,
// and of package bip322 against btcd's script interpreter (txscript): the
// to_spend and to_sign transactions are rebuilt here with btcd's wire types
// and BIP-322's signatures must satisfy txscript with its standard
// verification flags (BIP-322's required rules are among them: DERSIG,
// LOW_S, STRICTENC, NULLFAIL, MINIMALDATA, CLEANSTACK, MINIMALIF).

// crossKey returns the i-th test key.
func crossKey(t *testing.T, i int) *secp256k1.PrivateKey {
	h := sha256.Sum256([]byte(fmt.Sprintf("message cross-check %d", i)))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

var crossNets = []struct {
	net    btcaddr.Network
	params *chaincfg.Params
}{
	{btcaddr.Mainnet, &chaincfg.MainNetParams},
	{btcaddr.Testnet, &chaincfg.TestNet3Params},
	{btcaddr.Signet, &chaincfg.SigNetParams},
	{btcaddr.Regtest, &chaincfg.RegressionNetParams},
}

func TestAddressesAgreeWithBtcutil(t *testing.T) {
	for i := range 16 {
		k := crossKey(t, i)
		pub := k.PublicKey()
		bpub, err := btcec.ParsePubKey(pub.BytesCompressed())
		if err != nil {
			t.Fatal(err)
		}
		redeem := append([]byte{0, 20}, btcutil.Hash160(pub.BytesCompressed())...)
		tap := txscript.ComputeTaprootKeyNoScript(bpub)
		for _, n := range crossNets {
			type pair struct {
				ours   func() (*btcaddr.Address, error)
				theirs func() (btcutil.Address, error)
			}
			for name, p := range map[string]pair{
				"p2pkh": {func() (*btcaddr.Address, error) { return btcaddr.NewP2PKH(pub, true, n.net) },
					func() (btcutil.Address, error) {
						return btcutil.NewAddressPubKeyHash(btcutil.Hash160(pub.BytesCompressed()), n.params)
					}},
				"p2pkh-uncompressed": {func() (*btcaddr.Address, error) { return btcaddr.NewP2PKH(pub, false, n.net) },
					func() (btcutil.Address, error) {
						return btcutil.NewAddressPubKeyHash(btcutil.Hash160(pub.BytesUncompressed()), n.params)
					}},
				"p2wpkh": {func() (*btcaddr.Address, error) { return btcaddr.NewP2WPKH(pub, n.net) },
					func() (btcutil.Address, error) {
						return btcutil.NewAddressWitnessPubKeyHash(btcutil.Hash160(pub.BytesCompressed()), n.params)
					}},
				"p2sh-p2wpkh": {func() (*btcaddr.Address, error) { return btcaddr.NewP2SHP2WPKH(pub, n.net) },
					func() (btcutil.Address, error) { return btcutil.NewAddressScriptHash(redeem, n.params) }},
				"p2tr-bip86": {func() (*btcaddr.Address, error) { return btcaddr.NewP2TRBIP86(pub, n.net) },
					func() (btcutil.Address, error) {
						return btcutil.NewAddressTaproot(bschnorr.SerializePubKey(tap), n.params)
					}},
			} {
				ours, err := p.ours()
				if err != nil {
					t.Fatal(err)
				}
				theirs, err := p.theirs()
				if err != nil {
					t.Fatal(err)
				}
				if ours.String() != theirs.EncodeAddress() {
					t.Errorf("%s on %s: %s, btcutil %s", name, n.params.Name, ours, theirs.EncodeAddress())
				}
				decoded, err := btcutil.DecodeAddress(ours.String(), n.params)
				if err != nil || !decoded.IsForNet(n.params) {
					t.Fatalf("btcutil.DecodeAddress(%s): %v", ours, err)
				}
				spk, err := txscript.PayToAddrScript(decoded)
				if err != nil || !bytes.Equal(spk, ours.ScriptPubKey()) {
					t.Errorf("%s: scriptPubKey %x, btcd %x (%v)", ours, ours.ScriptPubKey(), spk, err)
				}
				parsed, err := btcaddr.Parse(theirs.EncodeAddress())
				if err != nil || !bytes.Equal(parsed.ScriptPubKey(), spk) || !parsed.IsForNetwork(n.net) {
					t.Errorf("btcaddr.Parse(%s) = %v, %v", theirs.EncodeAddress(), parsed, err)
				}
			}
		}
	}
}

// btcdToSpend builds BIP-322's to_spend with btcd's types and tagged hash.
func btcdToSpend(msg, spk []byte) *wire.MsgTx {
	h := chainhash.TaggedHash([]byte("BIP0322-signed-message"), msg)
	tx := wire.NewMsgTx(0)
	in := wire.NewTxIn(wire.NewOutPoint(&chainhash.Hash{}, 0xffffffff), append([]byte{0x00, 0x20}, h[:]...), nil)
	in.Sequence = 0
	tx.AddTxIn(in)
	tx.AddTxOut(wire.NewTxOut(0, spk))
	return tx
}

// btcdToSign rebuilds the to_sign transaction of a BIP-322 signature: the
// transaction of a full one, or the default to_sign with the witness stack
// of a simple one.
func btcdToSign(t *testing.T, spend *wire.MsgTx, sig string) *wire.MsgTx {
	raw, err := base64.StdEncoding.DecodeString(sig[3:])
	if err != nil {
		t.Fatal(err)
	}
	switch sig[:3] {
	case "ful":
		tx := new(wire.MsgTx)
		if err := tx.Deserialize(bytes.NewReader(raw)); err != nil {
			t.Fatal(err)
		}
		return tx
	case "smp":
		// A witness stack as it is serialized in a transaction.
		tx := new(wire.MsgTx)
		pre := []byte{0, 0, 0, 0, 0, 1, 1}
		pre = append(pre, make([]byte, 36+1+4)...)
		pre = append(pre, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0x6a)
		full := append(append(pre, raw...), 0, 0, 0, 0)
		if err := tx.Deserialize(bytes.NewReader(full)); err != nil {
			t.Fatal(err)
		}
		h := spend.TxHash()
		tx.TxIn[0].PreviousOutPoint = *wire.NewOutPoint(&h, 0)
		return tx
	}
	t.Fatalf("not a simple or full signature: %s", sig)
	return nil
}

// txscriptVerifies runs btcd's script interpreter on to_sign's input.
func txscriptVerifies(spend, sign *wire.MsgTx) error {
	spk := spend.TxOut[0].PkScript
	fetcher := txscript.NewCannedPrevOutputFetcher(spk, 0)
	vm, err := txscript.NewEngine(spk, sign, 0, txscript.StandardVerifyFlags, nil, txscript.NewTxSigHashes(sign, fetcher), 0, fetcher)
	if err != nil {
		return err
	}
	return vm.Execute()
}

func TestBIP322AgreesWithTxscript(t *testing.T) {
	for i := range 8 {
		k := crossKey(t, 100+i)
		pub := k.PublicKey()
		msg := []byte(fmt.Sprintf("message %d for txscript", i))
		p2pkh, _ := btcaddr.NewP2PKH(pub, true, btcaddr.Mainnet)
		p2pkhU, _ := btcaddr.NewP2PKH(pub, false, btcaddr.Mainnet)
		p2wpkh, _ := btcaddr.NewP2WPKH(pub, btcaddr.Mainnet)
		nested, _ := btcaddr.NewP2SHP2WPKH(pub, btcaddr.Mainnet)
		p2tr, _ := btcaddr.NewP2TRBIP86(pub, btcaddr.Mainnet)
		raw, _ := btcaddr.NewP2TR(pub, btcaddr.Mainnet)
		for _, c := range []struct {
			addr *btcaddr.Address
			sign func(*secp256k1.PrivateKey, *btcaddr.Address, []byte) (string, error)
		}{
			{p2pkh, bip322.SignFull}, {p2pkhU, bip322.SignFull},
			{p2wpkh, bip322.Sign}, {p2wpkh, bip322.SignFull},
			{nested, bip322.Sign},
			{p2tr, bip322.Sign}, {p2tr, bip322.SignFull},
			{raw, bip322.Sign}, {raw, bip322.SignFull},
		} {
			sig, err := c.sign(k, c.addr, msg)
			if err != nil {
				t.Fatal(err)
			}
			spend := btcdToSpend(msg, c.addr.ScriptPubKey())
			sign := btcdToSign(t, spend, sig)
			if h := spend.TxHash(); sign.TxIn[0].PreviousOutPoint.Hash != h || len(sign.TxIn) != 1 || len(sign.TxOut) != 1 {
				t.Fatalf("%v %s: to_sign does not spend btcd's to_spend %s", c.addr.Kind(), sig[:3], h)
			}
			if err := txscriptVerifies(spend, sign); err != nil {
				t.Errorf("%v %s for %s: txscript: %v", c.addr.Kind(), sig[:3], c.addr, err)
			}
			// The same signature against another message's to_spend.
			other := btcdToSpend(append(msg, '.'), c.addr.ScriptPubKey())
			h := other.TxHash()
			sign.TxIn[0].PreviousOutPoint.Hash = h
			if err := txscriptVerifies(other, sign); err == nil {
				t.Errorf("%v %s: txscript accepts the signature for another message", c.addr.Kind(), sig[:3])
			}
		}
	}
}

// The legacy format: btcec's RecoverCompact of the hash computed here with
// btcd's wire encoding recovers the key and its compression.
func TestLegacyAgreesWithBtcec(t *testing.T) {
	for i := range 8 {
		k := crossKey(t, 200+i)
		msg := []byte(fmt.Sprintf("legacy %d", i))
		var b bytes.Buffer
		wire.WriteVarString(&b, 0, "Bitcoin Signed Message:\n")
		wire.WriteVarString(&b, 0, string(msg))
		hash := chainhash.DoubleHashB(b.Bytes())
		for _, compressed := range []bool{true, false} {
			addr, _ := btcaddr.NewP2PKH(k.PublicKey(), compressed, btcaddr.Mainnet)
			sig, err := bip322.SignLegacy(k, addr, msg)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := base64.StdEncoding.DecodeString(sig)
			pub, comp, err := becdsa.RecoverCompact(raw, hash)
			if err != nil || comp != compressed || !bytes.Equal(pub.SerializeCompressed(), k.PublicKey().BytesCompressed()) {
				t.Errorf("btcec RecoverCompact(%s): %v, compressed %t", sig, err, comp)
			}
		}
	}
}
