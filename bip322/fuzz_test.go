package bip322

import (
	"bytes"
	"encoding/base64"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// fuzzAddresses are the addresses the fuzz targets verify against: each
// supported type of one key, and P2WSH, a taproot script-path output and
// segwit v2 for the inconclusive paths.
func fuzzAddresses(t testing.TB) []*btcaddr.Address {
	f := newFixture(t)
	wsh, _ := btcaddr.Parse("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")
	v2, _ := btcaddr.Parse("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs")
	return []*btcaddr.Address{f.p2pkh, f.p2pkhU, f.p2wpkh, f.nested, f.p2tr, f.raw, wsh, v2}
}

// fuzzSeeds are valid signatures of badMsg for the fuzz addresses.
func fuzzSeeds(t testing.TB) []string {
	f := newFixture(t)
	var seeds []string
	for _, a := range []*btcaddr.Address{f.p2pkh, f.p2pkhU, f.p2wpkh, f.nested, f.p2tr, f.raw} {
		for _, sign := range []func() (string, error){
			func() (string, error) { return Sign(f.k, a, badMsg) },
			func() (string, error) { return SignFull(f.k, a, badMsg) },
		} {
			s, err := sign()
			if err != nil {
				t.Fatal(err)
			}
			seeds = append(seeds, s)
		}
	}
	return seeds
}

// checkVerifyResult fails unless Verify's result is a valid Result or an
// error of its documented kinds.
func checkVerifyResult(t *testing.T, res *Result, err error) {
	t.Helper()
	if err == nil {
		if res == nil || res.Format < Legacy || res.Format > Full {
			t.Fatalf("valid with result %+v", res)
		}
		return
	}
	if res != nil || !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrUnsupported) {
		t.Fatalf("%+v, %v: not a named error", res, err)
	}
}

// FuzzVerifySignature verifies arbitrary bytes, base64-encoded behind each
// prefix (or none), as a signature for each fuzz address: the witness-stack
// and transaction decoders and the templates see every shape of input. It
// checks that nothing panics and every error is a named one.
func FuzzVerifySignature(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		p, text := splitPrefix(s)
		raw, _ := base64.StdEncoding.DecodeString(text)
		f.Add(byte(i), map[string]byte{"": 0, "smp": 1, "ful": 2}[p], raw, badMsg)
	}
	f.Add(byte(0), byte(3), []byte{0x70, 0x73, 0x62, 0x74, 0xff}, []byte(nil))
	addrs := fuzzAddresses(f)
	prefixes := []string{"", "smp", "ful", "pof"}
	f.Fuzz(func(t *testing.T, which, prefix byte, raw, msg []byte) {
		addr := addrs[int(which)%len(addrs)]
		sig := prefixes[int(prefix)%len(prefixes)] + base64.StdEncoding.EncodeToString(raw)
		res, err := Verify(addr, msg, sig)
		checkVerifyResult(t, res, err)
	})
}

// FuzzDecodeSignature verifies arbitrary text as a signature (prefixes,
// base64, line breaks, padding): no panic, named errors only.
func FuzzDecodeSignature(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{"", "smp", "ful", "pof", "smpAA==", "fooAA==", "not-valid-base64!!!", "AA==\n", "smpAA"} {
		f.Add(s)
	}
	addrs := fuzzAddresses(f)
	f.Fuzz(func(t *testing.T, sig string) {
		for _, addr := range addrs {
			res, err := Verify(addr, badMsg, sig)
			checkVerifyResult(t, res, err)
		}
	})
}

// FuzzVerifyLegacy verifies arbitrary text as a legacy signature for each
// fuzz address: no panic, named errors only, and a signature that verifies
// for a P2PKH address verifies with Verify too.
func FuzzVerifyLegacy(f *testing.F) {
	fx := newFixture(f)
	for _, a := range []*btcaddr.Address{fx.p2pkh, fx.p2pkhU, fx.p2wpkh, fx.nested} {
		s, err := SignLegacy(fx.k, a, badMsg)
		if err != nil {
			f.Fatal(err)
		}
		raw, _ := base64.StdEncoding.DecodeString(s)
		f.Add(byte(0), raw, badMsg)
	}
	addrs := fuzzAddresses(f)
	f.Fuzz(func(t *testing.T, which byte, raw, msg []byte) {
		addr := addrs[int(which)%len(addrs)]
		sig := base64.StdEncoding.EncodeToString(raw)
		err := VerifyLegacy(addr, msg, sig)
		if err != nil && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrUnsupported) {
			t.Fatalf("VerifyLegacy: %v: not a named error", err)
		}
		if err == nil && addr.Kind() == btcaddr.P2PKH {
			if _, err := Verify(addr, msg, sig); err != nil {
				t.Fatalf("VerifyLegacy accepts a P2PKH signature that Verify rejects: %v", err)
			}
		}
	})
}

// FuzzParseTx parses arbitrary bytes as a transaction: no panic, and a
// transaction that parses serializes back to the same bytes (the parser
// accepts canonical encodings only).
func FuzzParseTx(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		if p, text := splitPrefix(s); p == "ful" {
			raw, _ := base64.StdEncoding.DecodeString(text)
			f.Add(raw)
		}
	}
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		tx, err := parseTx(b)
		if err != nil {
			if !errors.Is(err, errEncoding) {
				t.Fatalf("parseTx: %v", err)
			}
			return
		}
		if got := tx.serialize(true); !bytes.Equal(got, b) {
			t.Fatalf("parseTx(%x) serializes to %x", b, got)
		}
	})
}

// FuzzParseWitness parses arbitrary bytes as a witness stack: no panic,
// and a stack that parses serializes back to the same bytes.
func FuzzParseWitness(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		if p, text := splitPrefix(s); p == "smp" {
			raw, _ := base64.StdEncoding.DecodeString(text)
			f.Add(raw)
		}
	}
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		stack, err := parseWitness(b)
		if err != nil {
			if !errors.Is(err, errEncoding) {
				t.Fatalf("parseWitness: %v", err)
			}
			return
		}
		if got := appendWitness(nil, stack); !bytes.Equal(got, b) {
			t.Fatalf("parseWitness(%x) serializes to %x", b, got)
		}
	})
}
