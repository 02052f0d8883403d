package frost

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Fuzz targets for every parser: the three wire values, the secret share
// and the Signers Context. No panic, a differential check against an
// independent decoding with the root package's ParsePublicKey or math/big,
// and a round trip where one exists.

func fuzzSeeds(f *testing.F, extra ...string) {
	for _, s := range append([]string{
		// Valid nonces and their corruptions from the BIP-445 vectors.
		"020151C80F435648DF67A22B749CD798CE54E0321D034B92B709B567D60A42E66603BA47FBC1834437B3212E89A84D8425E7BF12E0245D98262268EBDCB385D50641",
		"04FF406FFD8ADB9CD29877E4985014F66A59F6CD01C0E88CAA8E5F3166B1F676A60248C264CDD57D3C24D79990B0F865674EB62A0F9018277A95011B41BFC193B833",
		"03FF406FFD8ADB9CD29877E4985014F66A59F6CD01C0E88CAA8E5F3166B1F676A602FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
		"035FE1873B4F2967F52FEA4A06AD5A8ECCBE9D0FD73068012C894E2E87CCB5804B000000000000000000000000000000000000000000000000000000000000000000",
		"000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140",
		"53442FA9BD72EEA0A42DF6F2D2D76A2C0D3A3DFA2BE2F820F41ADE976B8259FB",
		"0000000000000000000000000000000000000000000000000000000000000000",
		"",
		"00",
	}, extra...) {
		f.Add(testref.Hex(f, s))
	}
}

// refPoint decodes a 33-byte half independently: 33 zero bytes are infinity
// if ext, anything else must be a 0x02/0x03 compressed point.
func refPoint(b []byte, ext bool) bool {
	if ext && bytes.Equal(b, make([]byte, 33)) {
		return true
	}
	if b[0] != 2 && b[0] != 3 {
		return false
	}
	_, err := secp256k1.ParsePublicKey(b)
	return err == nil
}

func FuzzParsePubNonce(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := ParsePubNonce(b)
		want := len(b) == PubNonceSize && refPoint(b[:33], false) && refPoint(b[33:], false)
		if (err == nil) != want {
			t.Fatalf("ParsePubNonce(%x) error %v, reference valid %v", b, err, want)
		}
		var viaText PubNonce
		textErr := viaText.UnmarshalText([]byte(hexString(b)))
		if (textErr == nil) != want {
			t.Fatalf("UnmarshalText disagrees with ParsePubNonce: %v, %v", textErr, err)
		}
		if err != nil {
			if !errors.Is(err, ErrPubNonce) || !errors.Is(textErr, ErrPubNonce) {
				t.Fatalf("error %v / %v is not ErrPubNonce", err, textErr)
			}
			return
		}
		if !bytes.Equal(n.Bytes(), b) || viaText != *n {
			t.Fatalf("Bytes() = %x, want %x", n.Bytes(), b)
		}
		// Round trip through the points: the aggregate of one nonce is the
		// nonce itself, re-encoded from its decoded points.
		agg, err := NonceAgg([]PubNonce{*n})
		if err != nil || !bytes.Equal(agg.Bytes(), b) {
			t.Fatalf("NonceAgg of one nonce = %x, %v; want %x", agg, err, b)
		}
	})
}

func FuzzParseAggNonce(f *testing.F) {
	fuzzSeeds(f)
	g := secp256k1.NewGeneratorPoint().BytesCompressed()
	signers, err := NewSignersContext(1, 1, []int{0}, [][]byte{g}, g)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := ParseAggNonce(b)
		want := len(b) == AggNonceSize && refPoint(b[:33], true) && refPoint(b[33:], true)
		if (err == nil) != want {
			t.Fatalf("ParseAggNonce(%x) error %v, reference valid %v", b, err, want)
		}
		if err != nil {
			if !errors.Is(err, ErrAggNonce) {
				t.Fatalf("error %v is not ErrAggNonce", err)
			}
			if len(b) == AggNonceSize {
				// The session blames the coordinator for it.
				_, err := NewSessionContext(signers, (*AggNonce)(b), nil, nil, b)
				var ice *InvalidContributionError
				if !errors.As(err, &ice) || ice.Signer != Coordinator || ice.Contrib != ContribAggNonce {
					t.Fatalf("NewSessionContext with an invalid aggnonce: %v", err)
				}
			}
			return
		}
		if !bytes.Equal(n.Bytes(), b) {
			t.Fatalf("Bytes() = %x, want %x", n.Bytes(), b)
		}
		var d mpsig.Nonce
		if !d.DecodeAggNonce((*[66]byte)(n)) {
			t.Fatal("decode fails on a parsed nonce")
		}
		var enc AggNonce
		mpsig.PutCBytesExt((*[33]byte)(enc[:33]), &d.R1)
		mpsig.PutCBytesExt((*[33]byte)(enc[33:]), &d.R2)
		if enc != *n {
			t.Fatalf("re-encoded %x, want %x", enc, b)
		}
		// Any valid aggregate nonce makes a session (the final nonce is
		// never infinity).
		if _, err := NewSessionContext(signers, n, nil, nil, b); err != nil {
			t.Fatalf("NewSessionContext: %v", err)
		}
	})
}

func FuzzParsePartialSig(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParsePartialSig(b)
		want := len(b) == PartialSigSize && new(big.Int).SetBytes(b).Cmp(testref.N) < 0
		if (err == nil) != want {
			t.Fatalf("ParsePartialSig(%x) error %v, reference valid %v", b, err, want)
		}
		if err != nil {
			if !errors.Is(err, ErrPartialSig) {
				t.Fatalf("error %v is not ErrPartialSig", err)
			}
			return
		}
		if !bytes.Equal(p.Bytes(), b) {
			t.Fatalf("Bytes() = %x, want %x", p.Bytes(), b)
		}
	})
}

func FuzzParseSecretShare(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSecretShare(b)
		v := new(big.Int).SetBytes(b)
		want := len(b) == SecretShareSize && v.Sign() > 0 && v.Cmp(testref.N) < 0
		if (err == nil) != want {
			t.Fatalf("ParseSecretShare(%x) error %v, reference valid %v", b, err, want)
		}
		if err != nil {
			if err != ErrSecretShare {
				t.Fatalf("error %v is not ErrSecretShare", err)
			}
			return
		}
		if !bytes.Equal(s.Bytes(), b) {
			t.Fatalf("Bytes() = %x, want %x", s.Bytes(), b)
		}
		k, err := secp256k1.NewPrivateKey(b)
		if err != nil || !bytes.Equal(k.PublicKey().BytesCompressed(), s.PubShare()) {
			t.Fatalf("PubShare differs from the private key's public key (%v)", err)
		}
	})
}

// FuzzSignersContext feeds arbitrary n, t, identifiers, public shares and
// threshold keys to NewSignersContext, and arbitrary nonces and partial
// signatures through the algorithms that blame: no panic, every failure is
// a named error, and every blamed index is in range.
func FuzzSignersContext(f *testing.F) {
	g := secp256k1.NewGeneratorPoint().BytesCompressed()
	f.Add(uint8(1), uint8(1), []byte{0}, g, g, []byte("msg"))
	f.Add(uint8(3), uint8(2), []byte{0, 1}, append(append([]byte{}, g...), g...), g, []byte{})
	f.Add(uint8(3), uint8(2), []byte{1, 1}, bytes.Repeat([]byte{2}, 66+66*2+64), g, []byte{})
	f.Fuzz(func(t *testing.T, n, th uint8, ids, data, threshPK, msg []byte) {
		u := len(ids)
		if u > 8 {
			return
		}
		const per = 33 + 66 + 32 // public share, public nonce, partial signature
		data = append(data, make([]byte, max(0, u*per-len(data)))...)
		idList := make([]int, u)
		pubshares := make([][]byte, u)
		pubnonces := make([]PubNonce, u)
		psigs := make([]PartialSig, u)
		for i := range u {
			idList[i] = int(ids[i]) - 1 // −1 too
			d := data[i*per:]
			pubshares[i] = d[:33]
			pubnonces[i] = PubNonce(d[33:99])
			psigs[i] = PartialSig(d[99:131])
		}
		signers, err := NewSignersContext(int(n), int(th), idList, pubshares, threshPK)
		if err != nil {
			var sie *SignerInputError
			switch {
			case errors.As(err, &sie):
				if sie.Index < 0 || sie.Index >= u {
					t.Fatalf("names index %d of %d", sie.Index, u)
				}
			case err == ErrThreshold, err == ErrSignerCount, err == ErrKeyMaterial, err == ErrThreshPubKeyInfinity:
			default:
				t.Fatalf("unnamed error %v", err)
			}
			return
		}
		check := func(err error) {
			var ice *InvalidContributionError
			if errors.As(err, &ice) && ice.Signer != Coordinator && (ice.Signer < 0 || ice.Signer >= u) {
				t.Fatalf("blames signer %d of %d", ice.Signer, u)
			}
		}
		for i := range u {
			check(PartialSigVerify(&psigs[i], pubnonces, signers, nil, nil, msg, i))
		}
		agg, err := NonceAgg(pubnonces)
		check(err)
		if err != nil {
			return
		}
		session, err := NewSessionContext(signers, agg, nil, nil, msg)
		check(err)
		if err != nil {
			return
		}
		_, err = PartialSigAgg(psigs, session)
		check(err)
	})
}

// hexString returns b in lower-case hex.
func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}
