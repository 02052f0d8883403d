package bip322

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Hand-made signatures that break one rule each, and bad arguments: every
// case gets its named error, and nothing panics.

var badMsg = []byte("bad inputs")

// fixture is a key with its addresses and the unsigned to_sign of badMsg
// for each.
type fixture struct {
	k                                        *secp256k1.PrivateKey
	pub                                      *secp256k1.PublicKey
	p2pkh, p2pkhU, p2wpkh, nested, p2tr, raw *btcaddr.Address
}

func newFixture(t testing.TB) *fixture {
	k := testKey(t, 11)
	f := &fixture{k: k, pub: k.PublicKey()}
	f.p2pkh, _ = btcaddr.NewP2PKH(f.pub, true, btcaddr.Mainnet)
	f.p2pkhU, _ = btcaddr.NewP2PKH(f.pub, false, btcaddr.Mainnet)
	f.p2wpkh, _ = btcaddr.NewP2WPKH(f.pub, btcaddr.Mainnet)
	f.nested, _ = btcaddr.NewP2SHP2WPKH(f.pub, btcaddr.Mainnet)
	f.p2tr, _ = btcaddr.NewP2TRBIP86(f.pub, btcaddr.Mainnet)
	f.raw, _ = btcaddr.NewP2TR(f.pub, btcaddr.Mainnet)
	return f
}

// toSignFor returns to_spend and the unsigned to_sign for addr.
func toSignFor(addr *btcaddr.Address) (spend, sign *tx) {
	spend = toSpend(badMsg, addr.ScriptPubKey())
	return spend, toSign(spend)
}

func full(t *tx) string { return "ful" + base64.StdEncoding.EncodeToString(t.serialize(true)) }
func simple(stack ...[]byte) string {
	return "smp" + base64.StdEncoding.EncodeToString(appendWitness(nil, stack))
}

// p2wpkhSig returns the witness signature of t's input for a P2WPKH key
// hash, with hash type ht, as DER with S negated if high is set.
func p2wpkhSig(t *testing.T, k *secp256k1.PrivateKey, tx *tx, keyHash []byte, ht byte, high bool) []byte {
	h := witnessV0Sighash(tx, 0, p2pkhScript(keyHash), 0)
	return ecdsaSig(t, k, h, ht, high)
}

func ecdsaSig(t *testing.T, k *secp256k1.PrivateKey, h [32]byte, ht byte, high bool) []byte {
	sig, err := ecdsa.Sign(k, h[:])
	if err != nil {
		t.Fatal(err)
	}
	if high {
		sig = ecdsa.NewSignature(sig.R(), new(secp256k1.Scalar).Negate(sig.S()))
	}
	return append(sig.DER(), ht)
}

// tapKeypair returns the key pair that signs for f.p2tr.
func (f *fixture) tapKeypair(t *testing.T) *schnorr.Keypair {
	kp, err := schnorr.NewKeypair(f.k).TapTweak(nil)
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

func TestBadSignatures(t *testing.T) {
	f := newFixture(t)
	keyHash := f.p2wpkh.Program()
	compressed := f.pub.BytesCompressed()

	type verifyCase struct {
		name string
		addr *btcaddr.Address
		sig  string
		want error // nil: valid
	}
	var cases []verifyCase
	add := func(name string, addr *btcaddr.Address, sig string, want error) {
		cases = append(cases, verifyCase{name, addr, sig, want})
	}

	// Encodings.
	add("empty", f.p2wpkh, "", ErrMalformed)
	add("smp only", f.p2wpkh, "smp", ErrMalformed)
	add("ful only", f.p2wpkh, "ful", ErrMalformed)
	add("pof", f.p2wpkh, "pofAAAA", ErrUnsupported)
	add("line break", f.p2wpkh, "smpAA==\n", ErrMalformed)
	add("base64 without padding", f.p2wpkh, "smpAA", ErrMalformed)
	add("base64 url alphabet", f.p2wpkh, "smp-_8=", ErrMalformed)
	add("witness with trailing byte", f.p2wpkh, "smp"+base64.StdEncoding.EncodeToString([]byte{0, 0}), ErrMalformed)
	add("witness count beyond the data", f.p2wpkh, "smp"+base64.StdEncoding.EncodeToString([]byte{0xfd, 0xff, 0xff}), ErrMalformed)
	add("transaction with trailing byte", f.p2wpkh, "ful"+base64.StdEncoding.EncodeToString([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), ErrMalformed)

	// P2WPKH.
	_, sign := toSignFor(f.p2wpkh)
	good := p2wpkhSig(t, f.k, sign, keyHash, sighashAll, false)
	add("p2wpkh valid", f.p2wpkh, simple(good, compressed), nil)
	add("p2wpkh no items", f.p2wpkh, simple(), ErrInvalid)
	add("p2wpkh three items", f.p2wpkh, simple(good, compressed, nil), ErrInvalid)
	add("p2wpkh high S", f.p2wpkh, simple(p2wpkhSig(t, f.k, sign, keyHash, sighashAll, true), compressed), ErrInvalid)
	add("p2wpkh SIGHASH_NONE", f.p2wpkh, simple(p2wpkhSig(t, f.k, sign, keyHash, 0x02, false), compressed), ErrInvalid)
	add("p2wpkh SIGHASH_ALL|ANYONECANPAY", f.p2wpkh, simple(p2wpkhSig(t, f.k, sign, keyHash, 0x81, false), compressed), ErrInvalid)
	add("p2wpkh empty signature", f.p2wpkh, simple(nil, compressed), ErrInvalid)
	add("p2wpkh BER signature", f.p2wpkh, simple(append([]byte{0x30, 0x80}, good[2:]...), compressed), ErrInvalid)
	add("p2wpkh another key", f.p2wpkh, simple(good, testKey(t, 12).PublicKey().BytesCompressed()), ErrInvalid)
	add("p2wpkh with a scriptSig", f.p2wpkh, func() string {
		_, s := toSignFor(f.p2wpkh)
		s.inputs[0].witness = [][]byte{good, compressed}
		s.inputs[0].scriptSig = []byte{0x51}
		return full(s)
	}(), ErrInvalid)
	add("simple for p2pkh", f.p2pkh, simple(good, compressed), ErrInvalid)
	add("simple for p2sh", f.nested, simple(good, compressed), ErrInvalid)
	legacy, _ := SignLegacy(f.k, f.p2wpkh, badMsg)
	add("legacy for p2wpkh in Verify", f.p2wpkh, legacy, ErrInvalid)

	// An uncompressed key in a P2WPKH program (STRICTENC allows it; only
	// policy does not), and a hybrid one (STRICTENC does not).
	for _, c := range []struct {
		name string
		key  []byte
		want error
	}{
		{"uncompressed", f.pub.BytesUncompressed(), nil},
		{"hybrid", append([]byte{6 | f.pub.BytesCompressed()[0]&1}, f.pub.BytesUncompressed()[1:]...), ErrInvalid},
	} {
		addr, _ := btcaddr.FromScriptPubKey(append([]byte{0, 20}, hash160(c.key)...), btcaddr.Mainnet)
		_, s := toSignFor(addr)
		add("p2wpkh "+c.name+" key", addr, simple(p2wpkhSig(t, f.k, s, hash160(c.key), sighashAll, false), c.key), c.want)
	}

	// Full-signature structure.
	withTx := func(name string, want error, edit func(*tx)) {
		spend, s := toSignFor(f.p2wpkh)
		edit(s)
		_ = spend
		s.inputs[0].witness = [][]byte{p2wpkhSig(t, f.k, s, keyHash, sighashAll, false), compressed}
		add(name, f.p2wpkh, full(s), want)
	}
	withTx("full valid", nil, func(*tx) {})
	withTx("full version 2 with lock time", nil, func(s *tx) { s.version, s.lockTime, s.inputs[0].sequence = 2, 500000000, 1 })
	withTx("full version 1", ErrUnsupported, func(s *tx) { s.version = 1 })
	withTx("full version 3", ErrUnsupported, func(s *tx) { s.version = 3 })
	withTx("full two inputs", ErrInvalid, func(s *tx) { s.inputs = append(s.inputs, s.inputs[0]) })
	withTx("full another prevout index", ErrInvalid, func(s *tx) { s.inputs[0].prevIndex = 1 })
	withTx("full two outputs", ErrInvalid, func(s *tx) { s.outputs = append(s.outputs, s.outputs[0]) })
	withTx("full output value", ErrInvalid, func(s *tx) { s.outputs[0].value = 1 })
	withTx("full output script", ErrInvalid, func(s *tx) { s.outputs[0].scriptPubKey = []byte{0x6a, 0x00} })
	withTx("full no outputs", ErrInvalid, func(s *tx) { s.outputs = nil })
	spendV, signV := toSignFor(f.p2wpkh)
	signV.version = 1
	signV.inputs[0].witness = [][]byte{good, compressed} // signed for version 0
	_ = spendV
	add("full version 1 with an invalid signature", f.p2wpkh, full(signV), ErrInvalid)

	// P2SH-P2WPKH.
	redeem := p2wpkhProgram(f.pub)
	nestedTx := func(scriptSig []byte) string {
		_, s := toSignFor(f.nested)
		s.inputs[0].scriptSig = scriptSig
		s.inputs[0].witness = [][]byte{p2wpkhSig(t, f.k, s, keyHash, sighashAll, false), compressed}
		return full(s)
	}
	add("p2sh-p2wpkh valid", f.nested, nestedTx(appendPush(nil, redeem)), nil)
	add("p2sh-p2wpkh no scriptSig", f.nested, nestedTx(nil), ErrInvalid)
	add("p2sh-p2wpkh extra push", f.nested, nestedTx(appendPush([]byte{0x51}, redeem)), ErrInvalid)
	add("p2sh-p2wpkh non-minimal push", f.nested, nestedTx(append([]byte{0x4c, 22}, redeem...)), ErrInvalid)
	add("p2sh-p2wpkh not push-only", f.nested, nestedTx(append(appendPush(nil, redeem), 0x61)), ErrInvalid)
	add("p2sh-p2wpkh truncated push", f.nested, nestedTx([]byte{0x16, 0x00}), ErrInvalid)
	add("p2sh-p2wpkh PUSHDATA4 beyond 520", f.nested, nestedTx([]byte{0x4e, 0xff, 0xff, 0xff, 0xff}), ErrInvalid)

	// P2SH of other scripts: the HASH160 decides what it can.
	multisig := []byte{0x51, 0x21}
	multisig = append(append(multisig, compressed...), 0x51, 0xae) // 1-of-1 CHECKMULTISIG
	p2shMultisig, _ := btcaddr.FromScriptPubKey(append(append([]byte{0xa9, 20}, hash160(multisig)...), 0x87), btcaddr.Mainnet)
	_, ms := toSignFor(p2shMultisig)
	ms.inputs[0].scriptSig = appendPush([]byte{0x00, 0x02, 0xaa, 0xbb}, multisig)
	add("p2sh multisig", p2shMultisig, full(ms), ErrUnsupported)
	add("p2sh multisig, another address", f.nested, full(ms), ErrInvalid)
	ms.inputs[0].witness = [][]byte{{1}}
	add("p2sh multisig with a witness", p2shMultisig, full(ms), ErrInvalid)
	wsh := sha256.Sum256(multisig)
	p2shP2wsh, _ := btcaddr.FromScriptPubKey(append(append([]byte{0xa9, 20}, hash160(append([]byte{0, 32}, wsh[:]...))...), 0x87), btcaddr.Mainnet)
	_, sw := toSignFor(p2shP2wsh)
	sw.inputs[0].scriptSig = appendPush(nil, append([]byte{0, 32}, wsh[:]...))
	sw.inputs[0].witness = [][]byte{nil, multisig}
	add("p2sh-p2wsh", p2shP2wsh, full(sw), ErrUnsupported)
	sw.inputs[0].witness = [][]byte{nil, append(multisig, 0x61)}
	add("p2sh-p2wsh another witness script", p2shP2wsh, full(sw), ErrInvalid)

	// P2WSH.
	p2wsh, _ := btcaddr.FromScriptPubKey(append([]byte{0, 32}, wsh[:]...), btcaddr.Mainnet)
	add("p2wsh", p2wsh, simple(nil, multisig), ErrUnsupported)
	add("p2wsh another script", p2wsh, simple(nil, multisig[1:]), ErrInvalid)
	add("p2wsh empty witness", p2wsh, simple(), ErrInvalid)

	// P2PKH (full).
	p2pkhTx := func(addr *btcaddr.Address, edit func(s *tx, sig []byte)) string {
		spend, s := toSignFor(addr)
		sig := ecdsaSig(t, f.k, legacySighash(s, 0, spend.outputs[0].scriptPubKey), sighashAll, false)
		edit(s, sig)
		return full(s)
	}
	key := func(a *btcaddr.Address) []byte {
		if a == f.p2pkhU {
			return f.pub.BytesUncompressed()
		}
		return compressed
	}
	for _, a := range []*btcaddr.Address{f.p2pkh, f.p2pkhU} {
		add("p2pkh valid", a, p2pkhTx(a, func(s *tx, sig []byte) { s.inputs[0].scriptSig = appendPush(appendPush(nil, sig), key(a)) }), nil)
	}
	add("p2pkh another key encoding", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) {
		s.inputs[0].scriptSig = appendPush(appendPush(nil, sig), f.pub.BytesUncompressed())
	}), ErrInvalid)
	add("p2pkh with a witness", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) {
		s.inputs[0].scriptSig = appendPush(appendPush(nil, sig), compressed)
		s.inputs[0].witness = [][]byte{{1}}
	}), ErrInvalid)
	add("p2pkh one push", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) { s.inputs[0].scriptSig = appendPush(nil, compressed) }), ErrInvalid)
	add("p2pkh three pushes", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) {
		s.inputs[0].scriptSig = appendPush(appendPush([]byte{0x00}, sig), compressed)
	}), ErrInvalid)
	add("p2pkh OP_NOP", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) {
		s.inputs[0].scriptSig = appendPush(appendPush([]byte{0x61}, sig), compressed)
	}), ErrUnsupported)
	add("p2pkh non-minimal push", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) {
		s.inputs[0].scriptSig = append(appendPush(nil, sig), append([]byte{0x4c, 33}, compressed...)...)
	}), ErrInvalid)
	add("p2pkh signed for another sighash", f.p2pkh, p2pkhTx(f.p2pkh, func(s *tx, sig []byte) {
		s.inputs[0].scriptSig = appendPush(appendPush(nil, sig), compressed)
		s.lockTime = 1
	}), ErrInvalid)

	// P2TR key path.
	kp := f.tapKeypair(t)
	spendT, signT := toSignFor(f.p2tr)
	tsig := func(ht byte, annex []byte) []byte {
		h := taprootSighash(signT, 0, spendT.outputs, ht, annex)
		s, err := kp.Sign(h[:], nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	annex := []byte{0x50, 1, 2, 3}
	add("p2tr SIGHASH_DEFAULT", f.p2tr, simple(tsig(sighashDefault, nil)), nil)
	add("p2tr SIGHASH_ALL", f.p2tr, simple(append(tsig(sighashAll, nil), sighashAll)), nil)
	add("p2tr SIGHASH_DEFAULT as a 65th byte", f.p2tr, simple(append(tsig(sighashDefault, nil), sighashDefault)), ErrInvalid)
	add("p2tr SIGHASH_ALL signature without its byte", f.p2tr, simple(tsig(sighashAll, nil)), ErrInvalid)
	add("p2tr SIGHASH_NONE", f.p2tr, simple(append(tsig(sighashAll, nil), 0x02)), ErrInvalid)
	add("p2tr with annex", f.p2tr, simple(tsig(sighashDefault, annex), annex), nil)
	add("p2tr annex not signed", f.p2tr, simple(tsig(sighashDefault, nil), annex), ErrInvalid)
	add("p2tr 63 bytes", f.p2tr, simple(tsig(sighashDefault, nil)[:63]), ErrInvalid)
	add("p2tr empty witness", f.p2tr, simple(), ErrInvalid)
	add("p2tr untweaked key's signature", f.raw, simple(tsig(sighashDefault, nil)), ErrInvalid)
	offCurve, _ := btcaddr.FromScriptPubKey(append([]byte{0x51, 32}, make([]byte, 32)...), btcaddr.Mainnet) // x = 0: no point
	add("p2tr output key off the curve", offCurve, simple(tsig(sighashDefault, nil)), ErrInvalid)

	// P2TR script path: the control block's commitment decides.
	leaf := []byte{0x51} // OP_TRUE
	root := schnorr.TapLeafHash(schnorr.TapscriptLeafVersion, leaf)
	q, _ := schnorr.TapTweak(f.pub, root[:])
	scriptAddr, _ := btcaddr.NewP2TR(q, btcaddr.Mainnet)
	cb := append([]byte{schnorr.TapscriptLeafVersion | q.BytesCompressed()[0]&1}, schnorr.SerializePublicKey(f.pub)...)
	add("p2tr script path", scriptAddr, simple(leaf, cb), ErrUnsupported)
	add("p2tr script path with annex", scriptAddr, simple(leaf, cb, annex), ErrUnsupported)
	add("p2tr script path, wrong parity", scriptAddr, simple(leaf, append([]byte{cb[0] ^ 1}, cb[1:]...)), ErrInvalid)
	add("p2tr script path, another script", scriptAddr, simple([]byte{0x52}, cb), ErrInvalid)
	add("p2tr script path, another address", f.p2tr, simple(leaf, cb), ErrInvalid)
	add("p2tr script path, control block of 34 bytes", scriptAddr, simple(leaf, append(cb, 0)), ErrInvalid)
	add("p2tr script path, internal key off the curve", scriptAddr, simple(leaf, append([]byte{0xc0}, make([]byte, 32)...)), ErrInvalid)

	// Unknown witness versions.
	v2, _ := btcaddr.Parse("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs")
	add("segwit v2", v2, simple([]byte{1}), ErrUnsupported)
	v1short, _ := btcaddr.Parse("bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y")
	add("segwit v1 of 40 bytes", v1short, simple([]byte{1}), ErrUnsupported)

	for _, c := range cases {
		res, err := Verify(c.addr, badMsg, c.sig)
		switch {
		case c.want == nil && err != nil:
			t.Errorf("%s: %v, want valid", c.name, err)
		case c.want != nil && !errors.Is(err, c.want):
			t.Errorf("%s: %+v, %v; want %v", c.name, res, err, c.want)
		case c.want != nil:
			t.Logf("%s: %v", c.name, err)
		}
	}
}

func TestBadArguments(t *testing.T) {
	f := newFixture(t)
	other := testKey(t, 13)
	var zeroKey secp256k1.PrivateKey
	var zeroAddr btcaddr.Address
	p2wsh, _ := btcaddr.Parse("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")
	v2, _ := btcaddr.Parse("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs")
	signers := map[string]func(*secp256k1.PrivateKey, *btcaddr.Address, []byte) (string, error){
		"Sign": Sign, "SignFull": SignFull, "SignLegacy": SignLegacy,
	}
	for name, sign := range signers {
		for _, c := range []struct {
			what string
			k    *secp256k1.PrivateKey
			addr *btcaddr.Address
			want error
		}{
			{"nil key", nil, f.p2wpkh, secp256k1.ErrUninitialized},
			{"zero key", &zeroKey, f.p2wpkh, secp256k1.ErrUninitialized},
			{"nil address", f.k, nil, secp256k1.ErrUninitialized},
			{"zero address", f.k, &zeroAddr, secp256k1.ErrUninitialized},
			{"p2pkh of another key", other, f.p2pkh, ErrKeyMismatch},
			{"p2wpkh of another key", other, f.p2wpkh, ErrKeyMismatch},
			{"p2sh of another key", other, f.nested, ErrKeyMismatch},
			{"p2wsh", f.k, p2wsh, ErrUnsupported},
			{"segwit v2", f.k, v2, ErrUnsupported},
		} {
			if sig, err := sign(c.k, c.addr, badMsg); !errors.Is(err, c.want) {
				t.Errorf("%s with %s = %q, %v; want %v", name, c.what, sig, err, c.want)
			}
		}
		want := ErrKeyMismatch
		if name == "SignLegacy" {
			want = ErrUnsupported
		}
		if sig, err := sign(other, f.p2tr, badMsg); !errors.Is(err, want) {
			t.Errorf("%s for the p2tr of another key = %q, %v; want %v", name, sig, err, want)
		}
	}

	good, _ := Sign(f.k, f.p2wpkh, badMsg)
	for _, addr := range []*btcaddr.Address{nil, &zeroAddr} {
		if res, err := Verify(addr, badMsg, good); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("Verify with a zero address = %v, %v", res, err)
		}
		if err := VerifyLegacy(addr, badMsg, good); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("VerifyLegacy with a zero address = %v", err)
		}
	}

	legacy, _ := SignLegacy(f.k, f.p2pkh, badMsg)
	raw, _ := base64.StdEncoding.DecodeString(legacy)
	enc := func(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
	for _, c := range []struct {
		what string
		addr *btcaddr.Address
		sig  string
		want error
	}{
		{"valid", f.p2pkh, legacy, nil},
		{"not base64", f.p2pkh, "!" + legacy[1:], ErrMalformed},
		{"64 bytes", f.p2pkh, enc(raw[:64]), ErrMalformed},
		{"66 bytes", f.p2pkh, enc(append(raw, 0)), ErrMalformed},
		{"empty", f.p2pkh, "", ErrMalformed},
		{"header 26", f.p2pkh, enc(append([]byte{26}, raw[1:]...)), ErrMalformed},
		{"header 43", f.p2pkh, enc(append([]byte{43}, raw[1:]...)), ErrMalformed},
		{"r = 0", f.p2pkh, enc(append(append([]byte{raw[0]}, make([]byte, 32)...), raw[33:]...)), ErrInvalid},
		{"s = n", f.p2pkh, enc(append(append([]byte{}, raw[:33]...), testref.Bytes32(testref.N)...)), ErrInvalid},
		{"p2tr", f.p2tr, legacy, ErrUnsupported},
		{"p2wsh", p2wsh, legacy, ErrUnsupported},
		{"another message", f.p2pkh, legacy, nil}, // checked below with another message
	} {
		msg := badMsg
		want := c.want
		if c.what == "another message" {
			msg, want = []byte("another"), ErrInvalid
		}
		err := VerifyLegacy(c.addr, msg, c.sig)
		if want == nil && err != nil || want != nil && !errors.Is(err, want) {
			t.Errorf("VerifyLegacy %s: %v, want %v", c.what, err, want)
		}
		// Verify takes legacy signatures for P2PKH only, else simple ones.
		if c.addr.Kind() == btcaddr.P2PKH {
			_, err := Verify(c.addr, msg, c.sig)
			if want == nil && err != nil || want != nil && err == nil {
				t.Errorf("Verify %s: %v, want %v", c.what, err, want)
			}
		}
	}
}
