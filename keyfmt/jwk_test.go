package keyfmt

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// jwkJSON returns the JSON object of members with encoding/json, which
// sorts the names and writes no white space: RFC 7638's form.
func jwkJSON(t testing.TB, members map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(members)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestJWKMarshal checks the Marshal functions against JWKs built with
// encoding/json from the key's bytes: RFC 7638's member order and form
// (so that the public JWK is its thumbprint input), and base64url without
// padding.
func TestJWKMarshal(t *testing.T) {
	for _, k := range append(edgeKeys(t), testKey(t, 6)) {
		u := k.PublicKey().BytesUncompressed()
		pub := map[string]any{"kty": "EC", "crv": "secp256k1", "x": b64(u[1:33]), "y": b64(u[33:])}
		got, err := MarshalPublicJWK(k.PublicKey())
		if want := jwkJSON(t, pub); err != nil || !bytes.Equal(got, want) {
			t.Errorf("MarshalPublicJWK = %s, %v; want %s", got, err, want)
		}
		pub["d"] = b64(k.Bytes())
		got, err = MarshalPrivateJWK(k)
		if want := jwkJSON(t, pub); err != nil || !bytes.Equal(got, want) {
			t.Errorf("MarshalPrivateJWK = %s, %v; want %s", got, err, want)
		}
		// The output buffer was allocated at its final size (marshalJWK),
		// so append never copied d into a buffer left behind.
		if cap(got) != len(got) {
			t.Errorf("MarshalPrivateJWK: capacity %d for %d bytes", cap(got), len(got))
		}
	}
}

// TestJWKFromOpenSSL builds JWKs from the values that openssl printed for
// testdata's key 1, with encoding/json, and parses them.
func TestJWKFromOpenSSL(t *testing.T) {
	key1 := parseOpenSSLText(t, readTestdata(t, "key1.txt"))
	m := map[string]any{"kty": "EC", "crv": "secp256k1", "x": b64(key1.pub[1:33]), "y": b64(key1.pub[33:65]),
		"alg": "ES256K", "use": "sig", "kid": "key1", "key_ops": []string{"verify"}}
	p, err := ParsePublicJWK(jwkJSON(t, m))
	if err != nil {
		t.Fatal(err)
	}
	key1.checkPublic(t, "public JWK", p)
	m["d"] = b64(key1.priv)
	m["key_ops"] = []string{"sign"}
	k, err := ParsePrivateJWK(jwkJSON(t, m))
	if err != nil {
		t.Fatal(err)
	}
	key1.checkPrivate(t, "private JWK", k)
}

// jwkCase is a JWK and the errors it must give (none: it parses to the
// key of its table).
type jwkCase struct {
	name string
	in   string
	want []error
}

// jwkCases returns a key and the tables of public and private JWKs around
// it, written by hand.
func jwkCases(t testing.TB) (k *secp256k1.PrivateKey, public, private []jwkCase) {
	k = testKey(t, 7)
	u := k.PublicKey().BytesUncompressed()
	x, y, d := b64(u[1:33]), b64(u[33:]), b64(k.Bytes())
	other := testKey(t, 8).PublicKey().BytesUncompressed()
	n := pad32(testref.N)
	looseX := x[:42] + nonCanonicalLast(t, x[42])
	offCurveY := b64(pad32(big.NewInt(1)))
	pubJWK := func(extra string) string {
		return `{"kty":"EC","crv":"secp256k1","x":"` + x + `","y":"` + y + `"` + extra + `}`
	}
	privJWK := func(extra string) string {
		return `{"kty":"EC","crv":"secp256k1","x":"` + x + `","y":"` + y + `","d":"` + d + `"` + extra + `}`
	}

	public = []jwkCase{
		{"minimal", pubJWK(""), nil},
		{"alg ES256K", pubJWK(`,"alg":"ES256K"`), nil},
		{"use, kid, key_ops, x5t and unknown members", pubJWK(`,"use":"sig","kid":"k","key_ops":["verify"],"x5t":"abc","ext":true,"other":{"a":[1,2]}`), nil},
		{"white space", " \n\t" + strings.ReplaceAll(pubJWK(""), ",", " ,\n ") + "\r\n ", nil},
		{"members in another order", `{"y":"` + y + `","x":"` + x + `","crv":"secp256k1","kty":"EC"}`, nil},
		{"an escaped member name", `{"kty":"EC","crv":"secp256k1","\u0078":"` + x + `","y":"` + y + `"}`, nil},

		{"empty", "", []error{ErrJWK}},
		{"not JSON", "kty=EC", []error{ErrJWK}},
		{"null", "null", []error{ErrJWK}},
		{"an array", "[" + pubJWK("") + "]", []error{ErrJWK}},
		{"a JWK Set", `{"keys":[` + pubJWK("") + `]}`, []error{ErrJWK}},
		{"a string", `"` + x + `"`, []error{ErrJWK}},
		{"unterminated", strings.TrimSuffix(pubJWK(""), "}"), []error{ErrJWK}},
		{"malformed member", pubJWK(`,"use":sig`), []error{ErrJWK}},
		{"trailing comma", pubJWK(`,`), []error{ErrJWK}},
		{"a byte-order mark", "\ufeff" + pubJWK(""), []error{ErrJWK}},
		{"trailing garbage", pubJWK("") + "x", []error{ErrTrailingData}},
		{"two objects", pubJWK("") + pubJWK(""), []error{ErrTrailingData}},
		{"trailing null", pubJWK("") + " null", []error{ErrTrailingData}},
		{"duplicate x", pubJWK(`,"x":"` + b64(other[1:33]) + `"`), []error{ErrJWK}},
		{"duplicate x, the same value", pubJWK(`,"x":"` + x + `"`), []error{ErrJWK}},
		{"duplicate x through an escape", pubJWK(`,"\u0078":"` + x + `"`), []error{ErrJWK}},
		{"duplicate kty", pubJWK(`,"kty":"EC"`), []error{ErrJWK}},
		{"X instead of x (names are case-sensitive)", `{"kty":"EC","crv":"secp256k1","X":"` + x + `","y":"` + y + `"}`, []error{ErrJWK}},
		{"no kty", `{"crv":"secp256k1","x":"` + x + `","y":"` + y + `"}`, []error{ErrJWK}},
		{"kty RSA", strings.Replace(pubJWK(""), `"EC"`, `"RSA"`, 1), []error{ErrJWK}},
		{"kty OKP", strings.Replace(pubJWK(""), `"EC"`, `"OKP"`, 1), []error{ErrJWK}},
		{"kty ec", strings.Replace(pubJWK(""), `"EC"`, `"ec"`, 1), []error{ErrJWK}},
		{"kty a number", strings.Replace(pubJWK(""), `"EC"`, `1`, 1), []error{ErrJWK}},
		{"kty null", strings.Replace(pubJWK(""), `"EC"`, `null`, 1), []error{ErrJWK}},
		{"no crv", `{"kty":"EC","x":"` + x + `","y":"` + y + `"}`, []error{ErrJWK}},
		{"crv P-256", strings.Replace(pubJWK(""), `"secp256k1"`, `"P-256"`, 1), []error{ErrCurve}},
		{"crv P-256K (the pre-RFC 8812 name)", strings.Replace(pubJWK(""), `"secp256k1"`, `"P-256K"`, 1), []error{ErrCurve}},
		{"crv SECP256K1", strings.Replace(pubJWK(""), `"secp256k1"`, `"SECP256K1"`, 1), []error{ErrCurve}},
		{"crv an array", strings.Replace(pubJWK(""), `"secp256k1"`, `["secp256k1"]`, 1), []error{ErrJWK}},
		{"alg ES256", pubJWK(`,"alg":"ES256"`), []error{ErrJWK}},
		{"alg ECDH-ES", pubJWK(`,"alg":"ECDH-ES"`), []error{ErrJWK}},
		{"alg empty", pubJWK(`,"alg":""`), []error{ErrJWK}},
		{"alg null", pubJWK(`,"alg":null`), []error{ErrJWK}},
		{"no x", `{"kty":"EC","crv":"secp256k1","y":"` + y + `"}`, []error{ErrJWK}},
		{"no y (a compressed JWK does not exist)", `{"kty":"EC","crv":"secp256k1","x":"` + x + `"}`, []error{ErrJWK}},
		{"x padded", strings.Replace(pubJWK(""), x, x+"=", 1), []error{ErrJWK}},
		{"x with + (standard base64)", strings.Replace(pubJWK(""), x, "+"+x[1:], 1), []error{ErrJWK}},
		{"x with / (standard base64)", strings.Replace(pubJWK(""), x, x[:10]+"/"+x[11:], 1), []error{ErrJWK}},
		{"x with a line break escape", strings.Replace(pubJWK(""), x, x[:20]+`\n`+x[20:], 1), []error{ErrJWK}},
		{"x with a \\u escape", strings.Replace(pubJWK(""), x, `\u00`+hex2(x[0])+x[1:], 1), []error{ErrJWK}},
		{"x with a space", strings.Replace(pubJWK(""), x, x[:20]+" "+x[21:], 1), []error{ErrJWK}},
		{"x 31 bytes", strings.Replace(pubJWK(""), x, b64(u[2:33]), 1), []error{ErrJWK}},
		{"x 33 bytes", strings.Replace(pubJWK(""), x, b64(u[0:33]), 1), []error{ErrJWK}},
		{"x empty", strings.Replace(pubJWK(""), x, "", 1), []error{ErrJWK}},
		{"x with nonzero unused bits", strings.Replace(pubJWK(""), x, looseX, 1), []error{ErrJWK}},
		{"x a number", strings.Replace(pubJWK(""), `"`+x+`"`, "12", 1), []error{ErrJWK}},
		{"x an array of bytes", strings.Replace(pubJWK(""), `"`+x+`"`, "[1,2]", 1), []error{ErrJWK}},
		{"x = p", strings.Replace(pubJWK(""), x, b64(pad32(testref.P)), 1), []error{ErrPublicKey, secp256k1.ErrPointEncoding}},
		{"not on the curve", strings.Replace(pubJWK(""), y, offCurveY, 1), []error{ErrPublicKey, secp256k1.ErrPointNotOnCurve}},
		{"x and y zero", strings.Replace(strings.Replace(pubJWK(""), x, b64(make([]byte, 32)), 1), y, b64(make([]byte, 32)), 1), []error{ErrPublicKey, secp256k1.ErrPointNotOnCurve}},
		{"a private key", privJWK(""), []error{ErrJWK}},
		{"d null", pubJWK(`,"d":null`), []error{ErrJWK}},
	}
	private = []jwkCase{
		{"minimal", privJWK(""), nil},
		{"alg, use, kid, key_ops", privJWK(`,"alg":"ES256K","use":"sig","kid":"k","key_ops":["sign"]`), nil},
		{"d first", `{"d":"` + d + `","kty":"EC","crv":"secp256k1","x":"` + x + `","y":"` + y + `"}`, nil},

		{"no d", pubJWK(""), []error{ErrJWK}},
		{"no x", `{"kty":"EC","crv":"secp256k1","y":"` + y + `","d":"` + d + `"}`, []error{ErrJWK}},
		{"no y", `{"kty":"EC","crv":"secp256k1","x":"` + x + `","d":"` + d + `"}`, []error{ErrJWK}},
		{"only d", `{"kty":"EC","crv":"secp256k1","d":"` + d + `"}`, []error{ErrJWK}},
		{"duplicate d", privJWK(`,"d":"` + d + `"`), []error{ErrJWK}},
		{"d of another key", strings.Replace(privJWK(""), d, b64(testKey(t, 8).Bytes()), 1), []error{ErrKeyMismatch}},
		{"x and y of another key", strings.Replace(strings.Replace(privJWK(""), x, b64(other[1:33]), 1), y, b64(other[33:]), 1), []error{ErrKeyMismatch}},
		{"the negated public key", strings.Replace(privJWK(""), y, b64(pad32(new(big.Int).Sub(testref.P, new(big.Int).SetBytes(u[33:])))), 1), []error{ErrKeyMismatch}},
		{"d = 0", strings.Replace(privJWK(""), d, b64(make([]byte, 32)), 1), []error{ErrPrivateKey, secp256k1.ErrPrivateKey}},
		{"d = n", strings.Replace(privJWK(""), d, b64(n), 1), []error{ErrPrivateKey, secp256k1.ErrPrivateKey}},
		{"d = 2²⁵⁶ − 1", strings.Replace(privJWK(""), d, b64(bytes.Repeat([]byte{0xff}, 32)), 1), []error{ErrPrivateKey, secp256k1.ErrPrivateKey}},
		{"d 31 bytes", strings.Replace(privJWK(""), d, b64(k.Bytes()[1:]), 1), []error{ErrJWK}},
		{"d 33 bytes", strings.Replace(privJWK(""), d, b64(append([]byte{0}, k.Bytes()...)), 1), []error{ErrJWK}},
		{"d padded", strings.Replace(privJWK(""), d, d+"=", 1), []error{ErrJWK}},
		{"d with nonzero unused bits", strings.Replace(privJWK(""), d, d[:42]+nonCanonicalLast(t, d[42]), 1), []error{ErrJWK}},
		{"d a number", strings.Replace(privJWK(""), `"`+d+`"`, "1", 1), []error{ErrJWK}},
		{"crv P-256", strings.Replace(privJWK(""), `"secp256k1"`, `"P-256"`, 1), []error{ErrCurve}},
		{"kty RSA", strings.Replace(privJWK(""), `"EC"`, `"RSA"`, 1), []error{ErrJWK}},
		{"alg ES256", privJWK(`,"alg":"ES256"`), []error{ErrJWK}},
		{"x not on the curve", strings.Replace(privJWK(""), y, offCurveY, 1), []error{ErrPublicKey}},
		{"trailing data", privJWK("") + "}", []error{ErrTrailingData}},
	}
	return k, public, private
}

// TestJWKParse checks the rules of ParsePublicJWK and ParsePrivateJWK, on
// JWKs written by hand.
func TestJWKParse(t *testing.T) {
	k, public, private := jwkCases(t)
	u := k.PublicKey().BytesUncompressed()
	x, y := b64(u[1:33]), b64(u[33:])
	pubJWK := `{"kty":"EC","crv":"secp256k1","x":"` + x + `","y":"` + y + `"}`
	for _, c := range public {
		got, err := ParsePublicJWK([]byte(c.in))
		switch {
		case c.want == nil:
			if err != nil {
				t.Errorf("ParsePublicJWK: %s: %v", c.name, err)
			} else if !got.Equal(k.PublicKey()) {
				t.Errorf("ParsePublicJWK: %s: another key", c.name)
			}
		default:
			checkErr(t, "ParsePublicJWK: "+c.name, err, c.want...)
		}
	}
	// The other y of x (the negated point) is a valid, different key.
	neg := strings.Replace(pubJWK, y, b64(pad32(new(big.Int).Sub(testref.P, new(big.Int).SetBytes(u[33:])))), 1)
	if got, err := ParsePublicJWK([]byte(neg)); err != nil || got.Equal(k.PublicKey()) {
		t.Errorf("the negated point: %v, or the same key", err)
	}

	for _, c := range private {
		got, err := ParsePrivateJWK([]byte(c.in))
		if c.want == nil {
			if err != nil {
				t.Errorf("ParsePrivateJWK: %s: %v", c.name, err)
			} else if !got.Equal(k) {
				t.Errorf("ParsePrivateJWK: %s: another key", c.name)
			}
			continue
		}
		checkErr(t, "ParsePrivateJWK: "+c.name, err, c.want...)
	}

	// Deep nesting in an ignored member is an error or ignored, never a
	// panic or a stack overflow.
	deep := strings.TrimSuffix(pubJWK, "}") + `,"z":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "}"
	if _, err := ParsePublicJWK([]byte(deep)); err != nil && !isNamed(err) {
		t.Errorf("deep nesting: %v", err)
	}
}

// nonCanonicalLast returns a base64url character that decodes to the same
// top 4 bits as c, with nonzero low 2 bits: the last character of a
// 43-character (32-byte) string carries 4 bits of data and 2 unused.
func nonCanonicalLast(t testing.TB, c byte) string {
	t.Helper()
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	i := strings.IndexByte(alphabet, c)
	if i < 0 || i&3 != 0 {
		t.Fatalf("%q is not a canonical last character", c)
	}
	return alphabet[i|1 : i|1+1]
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
