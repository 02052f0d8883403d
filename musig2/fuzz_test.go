package musig2

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Fuzz targets for the parsers of the three wire values: no panic, a
// differential check against an independent decoding with the root
// package's ParsePublicKey or math/big, and a round trip through the points
// or the scalar.

func fuzzSeeds(f *testing.F, extra ...string) {
	for _, s := range append([]string{
		// Valid nonces and their corruptions from the BIP-327 vectors.
		"020151C80F435648DF67A22B749CD798CE54E0321D034B92B709B567D60A42E66603BA47FBC1834437B3212E89A84D8425E7BF12E0245D98262268EBDCB385D50641",
		"04FF406FFD8ADB9CD29877E4985014F66A59F6CD01C0E88CAA8E5F3166B1F676A60248C264CDD57D3C24D79990B0F865674EB62A0F9018277A95011B41BFC193B833",
		"03FF406FFD8ADB9CD29877E4985014F66A59F6CD01C0E88CAA8E5F3166B1F676A602FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
		"035FE1873B4F2967F52FEA4A06AD5A8ECCBE9D0FD73068012C894E2E87CCB5804B000000000000000000000000000000000000000000000000000000000000000000",
		"000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140",
		"012ABBCB52B3016AC03AD82395A1A415C48B93DEF78718E62A7A90052FE224FB",
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
		if err != nil {
			if !errors.Is(err, ErrPubNonce) {
				t.Fatalf("error %v is not ErrPubNonce", err)
			}
			return
		}
		if !bytes.Equal(n.Bytes(), b) {
			t.Fatalf("Bytes() = %x, want %x", n.Bytes(), b)
		}
		// Round trip through the points: the aggregate of one nonce is
		// the nonce itself, re-encoded from its decoded points.
		agg, err := NonceAgg([]PubNonce{*n})
		if err != nil || !bytes.Equal(agg.Bytes(), b) {
			t.Fatalf("NonceAgg of one nonce = %x, %v; want %x", agg, err, b)
		}
		if _, err := ParseAggNonce(b); err != nil {
			t.Fatalf("a valid public nonce is not a valid aggregate nonce: %v", err)
		}
	})
}

func FuzzParseAggNonce(f *testing.F) {
	fuzzSeeds(f)
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
		if _, err := NewSessionContext(n, [][]byte{secp256k1.NewGeneratorPoint().BytesCompressed()}, nil, nil, b); err != nil {
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
		var s secp256k1.Scalar
		if _, err := s.SetCanonicalBytes(p[:]); err != nil || !bytes.Equal(s.Bytes(), b) {
			t.Fatalf("scalar round trip of %x failed: %v", b, err)
		}
	})
}

// FuzzSessionInputs feeds arbitrary public keys, nonces and partial
// signatures through the culprit-naming algorithms: no panic, and every
// failure is either a value error or blames an index in range.
func FuzzSessionInputs(f *testing.F) {
	f.Add([]byte{}, uint8(1), []byte("msg"))
	g := secp256k1.NewGeneratorPoint().BytesCompressed()
	f.Add(append(append(g, g...), make([]byte, 66+66+32)...), uint8(2), []byte{})
	f.Fuzz(func(t *testing.T, data []byte, u uint8, msg []byte) {
		n := int(u%4) + 1
		// Each signer takes 33 + 66 + 32 bytes of data: key, nonce, psig.
		const per = 33 + 66 + 32
		data = append(data, make([]byte, max(0, n*per-len(data)))...)
		pubkeys := make([][]byte, n)
		pubnonces := make([]PubNonce, n)
		psigs := make([]PartialSig, n)
		for i := range n {
			d := data[i*per:]
			pubkeys[i] = d[:33]
			pubnonces[i] = PubNonce(d[33:99])
			psigs[i] = PartialSig(d[99:131])
		}
		check := func(err error) {
			var ice *InvalidContributionError
			if errors.As(err, &ice) && ice.Signer != Aggregator && (ice.Signer < 0 || ice.Signer >= n) {
				t.Fatalf("blames signer %d of %d", ice.Signer, n)
			}
		}
		for i := range n {
			check(PartialSigVerify(&psigs[i], pubnonces, pubkeys, nil, nil, msg, i))
		}
		agg, err := NonceAgg(pubnonces)
		check(err)
		if err != nil {
			return
		}
		session, err := NewSessionContext(agg, pubkeys, nil, nil, msg)
		check(err)
		if err != nil {
			return
		}
		_, err = PartialSigAgg(psigs, session)
		check(err)
	})
}
