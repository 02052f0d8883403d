package keyfmt

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
)

// Fuzz targets for every parser. Each checks that the parser does not
// panic, that every error is one of the package's (errors.Is), and that a
// parsed key survives a round trip through the Marshal functions. The DER
// targets also check that a parsed input is the only encoding of its key
// in the form it chose (the forms of sec1Form and pkcs8Form: privateKey
// length, optional fields, point compression, PKCS #8 version and
// attributes, which are all the freedom the parsers allow): re-encoding
// the key in that form gives the input back, byte for byte. PEM and JWK
// are text with free white space, member order and (PEM) surrounding
// text, so only their keys round-trip, and the JWK targets compare the
// coordinates with encoding/json's reading of the same input.

// testdataFiles returns the content of the testdata files whose names end
// in suffix.
func testdataFiles(f *testing.F, suffix string) [][]byte {
	names, err := filepath.Glob(filepath.Join("testdata", "*"+suffix))
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// pemContents returns the decoded blocks of the testdata PEM files.
func pemContents(f *testing.F) [][]byte {
	var out [][]byte
	for _, data := range testdataFiles(f, ".pem") {
		for {
			b, rest := pem.Decode(data)
			if b == nil {
				break
			}
			out, data = append(out, b.Bytes), rest
		}
	}
	return out
}

// derSeeds adds the testdata DER files and PEM contents and the table
// cases to f.
func derSeeds(f *testing.F, cases []malformedCase) {
	for _, b := range testdataFiles(f, ".der") {
		f.Add(b)
	}
	for _, b := range pemContents(f) {
		f.Add(b)
	}
	for _, c := range cases {
		f.Add(c.in)
	}
}

// checkNamed fails the test if err is not one of the package's errors.
func checkNamed(t *testing.T, err error) {
	t.Helper()
	if !isNamed(err) {
		t.Fatalf("%v is not one of the package's errors", err)
	}
}

func FuzzParseECPrivateKey(f *testing.F) {
	derSeeds(f, sec1Cases(f, testKey(f, 1)))
	f.Fuzz(func(t *testing.T, der []byte) {
		k, err := ParseECPrivateKey(der)
		k2, form, err2 := parseECPrivateKey(der, false)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("ParseECPrivateKey: %v; parseECPrivateKey: %v", err, err2)
		}
		if err != nil {
			checkNamed(t, err)
			return
		}
		if !k.Equal(k2) {
			t.Fatal("ParseECPrivateKey and parseECPrivateKey disagree")
		}
		if re, err := marshalECPrivateKey(k, form); err != nil || !bytes.Equal(re, der) {
			t.Fatalf("form %+v re-encodes to\n%x, %v; the input was\n%x", form, re, err, der)
		}
		checkPrivateRoundTrip(t, k)
	})
}

func FuzzParsePKCS8PrivateKey(f *testing.F) {
	derSeeds(f, pkcs8Cases(f, testKey(f, 1)))
	f.Fuzz(func(t *testing.T, der []byte) {
		k, err := ParsePKCS8PrivateKey(der)
		k2, form, err2 := parsePKCS8PrivateKey(der)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("ParsePKCS8PrivateKey: %v; parsePKCS8PrivateKey: %v", err, err2)
		}
		if err != nil {
			checkNamed(t, err)
			return
		}
		if !k.Equal(k2) {
			t.Fatal("ParsePKCS8PrivateKey and parsePKCS8PrivateKey disagree")
		}
		if re, err := marshalPKCS8PrivateKey(k, form); err != nil || !bytes.Equal(re, der) {
			t.Fatalf("form %+v re-encodes to\n%x, %v; the input was\n%x", form, re, err, der)
		}
		checkPrivateRoundTrip(t, k)
	})
}

func FuzzParsePKIXPublicKey(f *testing.F) {
	derSeeds(f, spkiCases(f, testKey(f, 1)))
	f.Fuzz(func(t *testing.T, der []byte) {
		p, err := ParsePKIXPublicKey(der)
		p2, form, err2 := parsePKIXPublicKey(der)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("ParsePKIXPublicKey: %v; parsePKIXPublicKey: %v", err, err2)
		}
		if err != nil {
			checkNamed(t, err)
			return
		}
		if !p.Equal(p2) {
			t.Fatal("ParsePKIXPublicKey and parsePKIXPublicKey disagree")
		}
		if re, err := marshalPKIXPublicKey(p, form); err != nil || !bytes.Equal(re, der) {
			t.Fatalf("form %d re-encodes to\n%x, %v; the input was\n%x", form, re, err, der)
		}
		checkPublicRoundTrip(t, p)
	})
}

func FuzzParsePrivateKeyPEM(f *testing.F) {
	for _, b := range testdataFiles(f, ".pem") {
		f.Add(b)
	}
	_, private, _ := pemCases(f)
	for _, c := range private {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		k, err := ParsePrivateKeyPEM(data)
		if err != nil {
			checkNamed(t, err)
			return
		}
		checkPrivateRoundTrip(t, k)
	})
}

func FuzzParsePublicKeyPEM(f *testing.F) {
	for _, b := range testdataFiles(f, ".pem") {
		f.Add(b)
	}
	_, _, public := pemCases(f)
	for _, c := range public {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePublicKeyPEM(data)
		if err != nil {
			checkNamed(t, err)
			return
		}
		checkPublicRoundTrip(t, p)
	})
}

func FuzzParsePublicJWK(f *testing.F) {
	_, public, private := jwkCases(f)
	for _, c := range append(public, private...) {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePublicJWK(data)
		if err != nil {
			checkNamed(t, err)
			return
		}
		checkJSONAgrees(t, data, p, nil)
		checkPublicRoundTrip(t, p)
	})
}

func FuzzParsePrivateJWK(f *testing.F) {
	_, public, private := jwkCases(f)
	for _, c := range append(private, public...) {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		k, err := ParsePrivateJWK(data)
		if err != nil {
			checkNamed(t, err)
			return
		}
		checkJSONAgrees(t, data, k.PublicKey(), k)
		checkPrivateRoundTrip(t, k)
	})
}

// checkJSONAgrees checks a JWK that the package accepted against
// encoding/json's reading of it: valid JSON, an object whose "kty", "crv",
// "x", "y" (and "d") members are those of the key. encoding/json takes the
// last of duplicate names and matches no others, so this also holds the
// parser to one value per member.
func checkJSONAgrees(t *testing.T, data []byte, p *secp256k1.PublicKey, k *secp256k1.PrivateKey) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("accepted, but encoding/json says: %v", err)
	}
	u := p.BytesUncompressed()
	want := map[string]string{
		"kty": "EC", "crv": "secp256k1",
		"x": base64.RawURLEncoding.EncodeToString(u[1:33]),
		"y": base64.RawURLEncoding.EncodeToString(u[33:]),
	}
	if k != nil {
		want["d"] = base64.RawURLEncoding.EncodeToString(k.Bytes())
	}
	for name, v := range want {
		if got, _ := m[name].(string); got != v {
			t.Fatalf("member %q: encoding/json reads %q, the key is %q", name, m[name], v)
		}
	}
	if alg, ok := m["alg"]; ok && alg != "ES256K" {
		t.Fatalf("accepted with alg %v", alg)
	}
	if _, ok := m["d"]; ok && k == nil {
		t.Fatal("ParsePublicJWK accepted a JWK with d")
	}
}

// checkPrivateRoundTrip checks that k survives every private format.
func checkPrivateRoundTrip(t *testing.T, k *secp256k1.PrivateKey) {
	t.Helper()
	for _, f := range privateFormats {
		enc, err := f.marshal(k)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		got, err := f.parse(enc)
		if err != nil || !got.Equal(k) {
			t.Fatalf("%s: the round trip gives %v", f.name, err)
		}
	}
	checkPublicRoundTrip(t, k.PublicKey())
}

// checkPublicRoundTrip checks that p survives every public format.
func checkPublicRoundTrip(t *testing.T, p *secp256k1.PublicKey) {
	t.Helper()
	for _, f := range publicFormats {
		enc, err := f.marshal(p)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		got, err := f.parse(enc)
		if err != nil || !got.Equal(p) {
			t.Fatalf("%s: the round trip gives %v", f.name, err)
		}
	}
}
