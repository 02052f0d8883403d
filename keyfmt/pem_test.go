package keyfmt

import (
	"bytes"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
)

// pemCase is PEM data and the error it must give (none: it parses to the
// key of its table).
type pemCase struct {
	name string
	in   []byte
	want error
}

// pemCases returns a key and the tables of private and public key PEM data
// around it: which blocks are accepted beside the key, headers, text
// around them, and damaged or trailing data.
func pemCases(t testing.TB) (k *secp256k1.PrivateKey, private, public []pemCase) {
	k = testKey(t, 3)
	sec1, _ := MarshalECPrivateKeyPEM(k)
	pkcs8, _ := MarshalPKCS8PrivateKeyPEM(k)
	pub, _ := MarshalPublicKeyPEM(k.PublicKey())
	other, _ := MarshalECPrivateKeyPEM(testKey(t, 4))
	block := func(typ string, headers map[string]string, b []byte) []byte {
		return pem.EncodeToMemory(&pem.Block{Type: typ, Headers: headers, Bytes: b})
	}
	params := block("EC PARAMETERS", nil, oid(t, oidSecp256k1Ints...))
	p256Params := block("EC PARAMETERS", nil, oid(t, oidP256Ints...))
	explicitParamsBlock := block("EC PARAMETERS", nil, explicitParams(t))
	der, _ := MarshalECPrivateKey(k)
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

	private = []pemCase{
		{"SEC 1", sec1, nil},
		{"PKCS #8", pkcs8, nil},
		{"EC PARAMETERS first", cat(params, sec1), nil},
		{"EC PARAMETERS after", cat(sec1, params), nil},
		{"EC PARAMETERS with PKCS #8", cat(params, pkcs8), nil},
		{"text before and between blocks", cat([]byte("Bag Attributes\n    localKeyID: 01\n"), params, []byte("key:\n"), sec1), nil},
		{"white space after", cat(sec1, []byte("\n\t \r\n")), nil},
		{"CRLF line ends", bytes.ReplaceAll(sec1, []byte("\n"), []byte("\r\n")), nil},

		{"empty", nil, ErrPEM},
		{"no PEM", []byte("hello"), ErrPEM},
		{"DER instead of PEM", der, ErrPEM},
		{"only EC PARAMETERS", params, ErrPEM},
		{"EC PARAMETERS of P-256", cat(p256Params, sec1), ErrCurve},
		{"explicit EC PARAMETERS", cat(explicitParamsBlock, sec1), ErrCurve},
		{"EC PARAMETERS with trailing data", cat(block("EC PARAMETERS", nil, append(oid(t, oidSecp256k1Ints...), 0)), sec1), ErrTrailingData},
		{"two keys", cat(sec1, other), ErrPEM},
		{"the same key twice", cat(sec1, pkcs8), ErrPEM},
		{"a public key", pub, ErrPEM},
		{"a private and a public key", cat(sec1, pub), ErrPEM},
		{"a certificate", block("CERTIFICATE", nil, []byte{0x30, 0}), ErrPEM},
		{"RSA PRIVATE KEY", block("RSA PRIVATE KEY", nil, der), ErrPEM},
		{"garbage after", cat(sec1, []byte("garbage")), ErrTrailingData},
		{"a damaged second block", cat(sec1, other[:len(other)/2]), ErrTrailingData},
		{"a truncated block", sec1[:len(sec1)-10], ErrPEM},
		{"bad base64", bytes.Replace(sec1, []byte("MH"), []byte("M*"), 1), ErrPEM},
		{"ENCRYPTED PRIVATE KEY", block("ENCRYPTED PRIVATE KEY", nil, []byte{0x30, 0}), ErrEncrypted},
		{"Proc-Type 4,ENCRYPTED", block("EC PRIVATE KEY", map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-256-CBC,00"}, der), ErrEncrypted},
		{"DEK-Info alone", block("EC PRIVATE KEY", map[string]string{"DEK-Info": "AES-256-CBC,00"}, der), ErrEncrypted},
		{"another header", block("EC PRIVATE KEY", map[string]string{"Comment": "mine"}, der), ErrPEM},
		{"SEC 1 content in a PRIVATE KEY block", block("PRIVATE KEY", nil, der), ErrASN1},
		{"malformed key", block("EC PRIVATE KEY", nil, der[:len(der)-1]), ErrASN1},
	}
	spki, _ := MarshalPKIXPublicKey(k.PublicKey())
	compressed, _ := MarshalPKIXPublicKeyCompressed(k.PublicKey())
	u := k.PublicKey().BytesUncompressed()
	hybrid := seq(t, seq(t, oid(t, oidECPubInts...), oid(t, oidSecp256k1Ints...)), bits(t, append([]byte{6 | u[64]&1}, u[1:]...), 0))
	public = []pemCase{
		{"PUBLIC KEY", pub, nil},
		{"EC PARAMETERS first", cat(params, pub), nil},
		{"text around", cat([]byte("subject=CN=x\n"), pub, []byte("\n\n")), nil},

		{"empty", nil, ErrPEM},
		{"two keys", cat(pub, pub), ErrPEM},
		{"a private key", sec1, ErrPEM},
		{"a private and a public key", cat(sec1, pub), ErrPEM},
		{"EC PARAMETERS of P-256", cat(p256Params, pub), ErrCurve},
		{"garbage after", cat(pub, []byte("-----END")), ErrTrailingData},
		{"a header", block("PUBLIC KEY", map[string]string{"Comment": "x"}, spki), ErrPEM},
		{"compressed", block("PUBLIC KEY", nil, compressed), nil},
		{"hybrid", block("PUBLIC KEY", nil, hybrid), ErrPublicKey},
	}
	return k, private, public
}

// TestPEM checks ParsePrivateKeyPEM and ParsePublicKeyPEM on the tables of
// pemCases.
func TestPEM(t *testing.T) {
	k, private, public := pemCases(t)
	for _, c := range private {
		got, err := ParsePrivateKeyPEM(c.in)
		if c.want == nil {
			if err != nil {
				t.Errorf("ParsePrivateKeyPEM: %s: %v", c.name, err)
			} else if !got.Equal(k) {
				t.Errorf("ParsePrivateKeyPEM: %s: another key", c.name)
			}
			continue
		}
		checkErr(t, "ParsePrivateKeyPEM: "+c.name, err, c.want)
	}

	for _, c := range public {
		got, err := ParsePublicKeyPEM(c.in)
		if c.want == nil {
			if err != nil {
				t.Errorf("ParsePublicKeyPEM: %s: %v", c.name, err)
			} else if !got.Equal(k.PublicKey()) {
				t.Errorf("ParsePublicKeyPEM: %s: another key", c.name)
			}
			continue
		}
		checkErr(t, "ParsePublicKeyPEM: "+c.name, err, c.want)
	}
}

// TestPEMTypes checks that each Marshal function writes the block type
// that the package doc and OpenSSL use, and nothing else.
func TestPEMTypes(t *testing.T) {
	k := testKey(t, 5)
	for want, marshal := range map[string]func() ([]byte, error){
		"EC PRIVATE KEY": func() ([]byte, error) { return MarshalECPrivateKeyPEM(k) },
		"PRIVATE KEY":    func() ([]byte, error) { return MarshalPKCS8PrivateKeyPEM(k) },
		"PUBLIC KEY":     func() ([]byte, error) { return MarshalPublicKeyPEM(k.PublicKey()) },
	} {
		out, err := marshal()
		if err != nil {
			t.Fatal(err)
		}
		b, rest := pem.Decode(out)
		if b == nil || b.Type != want || len(b.Headers) != 0 || len(rest) != 0 {
			t.Errorf("%s: wrote %q", want, out)
		}
		if !strings.HasPrefix(string(out), "-----BEGIN "+want+"-----\n") {
			t.Errorf("%s: wrote %q", want, out)
		}
	}
}
