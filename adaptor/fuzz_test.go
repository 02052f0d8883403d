package adaptor_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Fuzz targets for the parsers of the two encodings (the 65-byte Schnorr
// pre-signature, zkp's 64-byte pre_sig with a parity, and the 162-byte
// ECDSA adaptor signature): no panic, the named error, a differential
// check of acceptance against math/big (testref's point decompression and
// n), a round trip, and no panic from the functions that use the parsed
// value.

// belowN reports whether the 32 bytes b encode a value less than n.
func belowN(b []byte) bool { return new(big.Int).SetBytes(b).Cmp(testref.N) < 0 }

// fuzzVectorSigs adds the adaptor signatures of the vector files as seeds.
func fuzzVectorSigs(f *testing.F) {
	var vs []struct {
		AdaptorSig string `json:"adaptor_sig"`
	}
	testref.JSON(f, "../testdata/ecdsa-adaptor/dlcspecs_ecdsa_adaptor.json", &vs)
	for _, v := range vs {
		s, _ := hex.DecodeString(v.AdaptorSig)
		f.Add(s)
	}
}

// fuzzKeys are fixed keys for the functions the targets call.
var (
	fuzzX, _ = secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	fuzzY, _ = secp256k1.NewPrivateKey(bytes.Repeat([]byte{9}, 32))
)

func FuzzParseSchnorrPreSignature(f *testing.F) {
	pre, err := adaptor.SchnorrPreSign(fuzzX, []byte("fuzz"), fuzzY.PublicKey(), make([]byte, 32))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(pre.Bytes())
	f.Add(append(append([]byte{2}, notOnCurveX...), nBytes...))
	f.Add(append(append([]byte{3}, testref.Bytes32(testref.P)...), make([]byte, 32)...))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := adaptor.ParseSchnorrPreSignature(b)
		want := len(b) == 65 && belowN(b[33:])
		if want {
			_, want = testref.Decompress(b[:33])
		}
		if (err == nil) != want {
			t.Fatalf("ParseSchnorrPreSignature(%x): %v, reference valid %v", b, err, want)
		}
		if err != nil {
			if !errors.Is(err, adaptor.ErrPreSignature) {
				t.Fatalf("error %v is not ErrPreSignature", err)
			}
			return
		}
		if !bytes.Equal(p.Bytes(), b) {
			t.Fatalf("round trip %x -> %x", b, p.Bytes())
		}
		q, err := adaptor.NewSchnorrPreSignature(p.Bytes64(), p.NonceParity())
		if err != nil || !q.Equal(p) {
			t.Fatalf("NewSchnorrPreSignature(Bytes64, NonceParity): %v", err)
		}
		// The operations: no panic; an adapted signature extracts back.
		adaptor.SchnorrPreVerify(fuzzX.PublicKey(), []byte("fuzz"), fuzzY.PublicKey(), p)
		sig, err := p.Adapt(fuzzY)
		if err != nil {
			t.Fatal(err)
		}
		if y, err := p.Extract(sig); err != nil || !y.Equal(fuzzY) {
			t.Fatalf("Extract(Adapt(y)): %v", err)
		}
		schnorr.Verify(fuzzX.PublicKey(), []byte("fuzz"), sig)
	})
}

func FuzzNewSchnorrPreSignature(f *testing.F) {
	pre, err := adaptor.SchnorrPreSign(fuzzX, []byte("fuzz"), fuzzY.PublicKey(), make([]byte, 32))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(pre.Bytes64(), pre.NonceParity())
	f.Add(pre.Bytes64(), 2)
	f.Add(pre.Bytes64(), -1)
	f.Add(append(notOnCurveX, nBytes...), 0)
	f.Fuzz(func(t *testing.T, b []byte, parity int) {
		p, err := adaptor.NewSchnorrPreSignature(b, parity)
		want := len(b) == 64 && (parity == 0 || parity == 1) && belowN(b[32:])
		if want {
			_, want = testref.Decompress(append([]byte{2 + byte(parity)}, b[:32]...))
		}
		if (err == nil) != want {
			t.Fatalf("NewSchnorrPreSignature(%x, %d): %v, reference valid %v", b, parity, err, want)
		}
		if err != nil {
			if !errors.Is(err, adaptor.ErrPreSignature) {
				t.Fatalf("error %v is not ErrPreSignature", err)
			}
			return
		}
		if !bytes.Equal(p.Bytes64(), b) || p.NonceParity() != parity {
			t.Fatal("round trip")
		}
		// Extract of arbitrary signatures: an error or a key, no panic.
		p.Extract(append(append([]byte{}, b[:32]...), b[:32]...))
	})
}

func FuzzParseECDSASignature(f *testing.F) {
	fuzzVectorSigs(f)
	f.Add([]byte{})
	f.Add(make([]byte, 162))
	hash := make([]byte, 32)
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := adaptor.ParseECDSASignature(b)
		want := len(b) == 162 && belowN(b[66:98]) && belowN(b[130:])
		var R testref.Point
		if want {
			var ok1, ok2 bool
			R, ok1 = testref.Decompress(b[:33])
			_, ok2 = testref.Decompress(b[33:66])
			sp := new(big.Int).SetBytes(b[66:98])
			want = ok1 && ok2 && sp.Sign() != 0 && new(big.Int).Mod(R.X, testref.N).Sign() != 0
		}
		if (err == nil) != want {
			t.Fatalf("ParseECDSASignature(%x): %v, reference valid %v", b, err, want)
		}
		if err != nil {
			if !errors.Is(err, adaptor.ErrECDSASignature) {
				t.Fatalf("error %v is not ErrECDSASignature", err)
			}
			return
		}
		enc := a.Bytes()
		wantEnc := append([]byte{}, b...)
		copy(wantEnc[98:130], testref.Bytes32(new(big.Int).Mod(new(big.Int).SetBytes(b[98:130]), testref.N)))
		if !bytes.Equal(enc, wantEnc) {
			t.Fatalf("round trip %x -> %x", b, enc)
		}
		// The operations: no panic, and the decrypted signature's r is R.x
		// mod n and its s low, and recovery from it gives y or fails.
		adaptor.ECDSAVerify(fuzzX.PublicKey(), hash, fuzzY.PublicKey(), a)
		sig, err := a.Decrypt(fuzzY)
		if err != nil {
			t.Fatal(err)
		}
		if !sig.IsLowS() || new(big.Int).SetBytes(sig.R().Bytes()).Cmp(new(big.Int).Mod(R.X, testref.N)) != 0 {
			t.Fatal("Decrypt: r is not R.x mod n, or s is high")
		}
		if y, err := a.Recover(sig, fuzzY.PublicKey()); err != nil || !y.Equal(fuzzY) {
			t.Fatalf("Recover(Decrypt(y)): %v", err)
		}
		a.Recover(ecdsa.NewSignature(sig.R(), sig.R()), fuzzY.PublicKey())
	})
}
