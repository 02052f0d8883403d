package keyfmt

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// privateFormats are the private key formats, each as a Marshal and a
// Parse function.
var privateFormats = []struct {
	name    string
	marshal func(*secp256k1.PrivateKey) ([]byte, error)
	parse   func([]byte) (*secp256k1.PrivateKey, error)
}{
	{"SEC 1 DER", MarshalECPrivateKey, ParseECPrivateKey},
	{"PKCS #8 DER", MarshalPKCS8PrivateKey, ParsePKCS8PrivateKey},
	{"SEC 1 PEM", MarshalECPrivateKeyPEM, ParsePrivateKeyPEM},
	{"PKCS #8 PEM", MarshalPKCS8PrivateKeyPEM, ParsePrivateKeyPEM},
	{"JWK", MarshalPrivateJWK, ParsePrivateJWK},
}

// publicFormats are the public key formats.
var publicFormats = []struct {
	name    string
	marshal func(*secp256k1.PublicKey) ([]byte, error)
	parse   func([]byte) (*secp256k1.PublicKey, error)
}{
	{"SPKI DER", MarshalPKIXPublicKey, ParsePKIXPublicKey},
	{"SPKI DER compressed", MarshalPKIXPublicKeyCompressed, ParsePKIXPublicKey},
	{"SPKI PEM", MarshalPublicKeyPEM, ParsePublicKeyPEM},
	{"JWK", MarshalPublicJWK, ParsePublicJWK},
}

// edgeKeys returns private keys at the edges of [1, n−1] and with leading
// zero bytes, beside the random ones.
func edgeKeys(t testing.TB) []*secp256k1.PrivateKey {
	var keys []*secp256k1.PrivateKey
	for _, v := range []*big.Int{
		big.NewInt(1),
		big.NewInt(0xff),
		new(big.Int).Lsh(big.NewInt(1), 128),
		new(big.Int).Sub(testref.N, big.NewInt(1)),
		new(big.Int).Rsh(testref.N, 1),
	} {
		k, err := secp256k1.NewPrivateKey(pad32(v))
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	return keys
}

// TestRoundTrip marshals random and edge keys in every format and parses
// them back to the same key.
func TestRoundTrip(t *testing.T) {
	r := testref.Rand(t)
	keys := edgeKeys(t)
	n := testref.Short{Div: 10, Min: 5}.Count(t, 100)
	for range n {
		keys = append(keys, testkey.Random(t, r))
	}
	for _, k := range keys {
		for _, f := range privateFormats {
			enc, err := f.marshal(k)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			got, err := f.parse(enc)
			if err != nil {
				t.Fatalf("%s: %v\n%s", f.name, err, enc)
			}
			if !got.Equal(k) {
				t.Fatalf("%s: parsed %x, marshalled %x", f.name, got.Bytes(), k.Bytes())
			}
		}
		p := k.PublicKey()
		for _, f := range publicFormats {
			enc, err := f.marshal(p)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			got, err := f.parse(enc)
			if err != nil {
				t.Fatalf("%s: %v\n%s", f.name, err, enc)
			}
			if !got.Equal(p) {
				t.Fatalf("%s: parsed %x, marshalled %x", f.name, got.BytesCompressed(), p.BytesCompressed())
			}
		}
	}
}

// TestForms checks the accepted variants of SEC 1 and PKCS #8: each form
// that the internal marshal functions can write parses to the same key and
// reports the same form, which is what lets the fuzz targets check that a
// parsed input is the one encoding of its key in its form.
func TestForms(t *testing.T) {
	for _, k := range edgeKeys(t) {
		// The shortest privateKey for k: its value without leading zeros.
		minLen := len(new(big.Int).SetBytes(k.Bytes()).Bytes())
		for _, scalarLen := range []int{minLen, 31, 32, 33, 40} {
			if scalarLen < minLen {
				continue
			}
			for _, params := range []bool{false, true} {
				for _, point := range []int{0, formCompressed, formUncompressed} {
					form := sec1Form{scalarLen, params, point}
					der, err := marshalECPrivateKey(k, form)
					if err != nil {
						t.Fatal(err)
					}
					got, gotForm, err := parseECPrivateKey(der, true)
					if err != nil || !got.Equal(k) || gotForm != form {
						t.Errorf("SEC 1 form %+v: parsed the form %+v, %v", form, gotForm, err)
					}
					if _, err := ParseECPrivateKey(der); (err == nil) != params {
						t.Errorf("SEC 1 form %+v: ParseECPrivateKey: %v (parameters are required)", form, err)
					}
					for _, version := range []int{pkcs8V1, pkcs8V2} {
						for _, outer := range []int{0, formCompressed, formUncompressed} {
							if version == pkcs8V1 && outer != 0 {
								continue
							}
							pform := pkcs8Form{version: version, point: outer, inner: form}
							der, err := marshalPKCS8PrivateKey(k, pform)
							if err != nil {
								t.Fatal(err)
							}
							got, gotForm, err := parsePKCS8PrivateKey(der)
							if err != nil || !got.Equal(k) || !equalPKCS8Form(gotForm, pform) {
								t.Errorf("PKCS #8 form %+v: parsed the form %+v, %v", pform, gotForm, err)
							}
						}
					}
				}
			}
		}
	}
}

func equalPKCS8Form(a, b pkcs8Form) bool {
	return a.version == b.version && a.point == b.point && a.inner == b.inner && bytes.Equal(a.attributes, b.attributes)
}
