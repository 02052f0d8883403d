package keyfmt

import (
	"bytes"
	"crypto/sha256"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
)

// TestOpenSSLVectors reads the keys that OpenSSL made in testdata (see its
// README.md) and checks them against the values openssl printed, and that
// the Marshal functions write the same bytes as OpenSSL.
func TestOpenSSLVectors(t *testing.T) {
	key1 := parseOpenSSLText(t, readTestdata(t, "key1.txt"))

	t.Run("private PEM", func(t *testing.T) {
		for _, name := range []string{
			"key1_ecparam.pem",         // EC PARAMETERS, then EC PRIVATE KEY
			"key1_sec1.pem",            // openssl ec
			"key1_sec1_compressed.pem", // publicKey compressed
			"key1_sec1_nopublic.pem",   // no publicKey
			"key1_pkcs8.pem",           // openssl pkey
		} {
			k, err := ParsePrivateKeyPEM(readTestdata(t, name))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			key1.checkPrivate(t, name, k)
		}
		key2 := parseOpenSSLText(t, readTestdata(t, "key2.txt"))
		key3 := parseOpenSSLText(t, readTestdata(t, "key3.txt"))
		for name, want := range map[string]opensslKey{"key2_genpkey.pem": key2, "key3_ecparam_noout.pem": key3} {
			k, err := ParsePrivateKeyPEM(readTestdata(t, name))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			want.checkPrivate(t, name, k)
		}
	})

	t.Run("private DER", func(t *testing.T) {
		k, err := ParseECPrivateKey(readTestdata(t, "key1_sec1.der"))
		if err != nil {
			t.Fatal(err)
		}
		key1.checkPrivate(t, "key1_sec1.der", k)
		k, err = ParsePKCS8PrivateKey(readTestdata(t, "key1_pkcs8.der"))
		if err != nil {
			t.Fatal(err)
		}
		key1.checkPrivate(t, "key1_pkcs8.der", k)
	})

	t.Run("public", func(t *testing.T) {
		p, err := ParsePublicKeyPEM(readTestdata(t, "key1_spki.pem"))
		if err != nil {
			t.Fatal(err)
		}
		key1.checkPublic(t, "key1_spki.pem", p)
		for _, name := range []string{"key1_spki.der", "key1_spki_compressed.der"} {
			p, err := ParsePKIXPublicKey(readTestdata(t, name))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			key1.checkPublic(t, name, p)
		}
	})

	// What OpenSSL wrote is what the Marshal functions write.
	t.Run("same bytes as OpenSSL", func(t *testing.T) {
		k, err := NewPrivateKeyFromOpenSSL(key1)
		if err != nil {
			t.Fatal(err)
		}
		p := k.PublicKey()
		for _, c := range []struct {
			file    string
			marshal func() ([]byte, error)
		}{
			{"key1_sec1.pem", func() ([]byte, error) { return MarshalECPrivateKeyPEM(k) }},
			{"key1_sec1.der", func() ([]byte, error) { return MarshalECPrivateKey(k) }},
			{"key1_pkcs8.pem", func() ([]byte, error) { return MarshalPKCS8PrivateKeyPEM(k) }},
			{"key1_pkcs8.der", func() ([]byte, error) { return MarshalPKCS8PrivateKey(k) }},
			{"key1_spki.pem", func() ([]byte, error) { return MarshalPublicKeyPEM(p) }},
			{"key1_spki.der", func() ([]byte, error) { return MarshalPKIXPublicKey(p) }},
			{"key1_spki_compressed.der", func() ([]byte, error) { return MarshalPKIXPublicKeyCompressed(p) }},
		} {
			got, err := c.marshal()
			if err != nil {
				t.Errorf("%s: %v", c.file, err)
				continue
			}
			if want := readTestdata(t, c.file); !bytes.Equal(got, want) {
				t.Errorf("%s: marshalled\n%x\nOpenSSL wrote\n%x", c.file, got, want)
			}
		}
		// The key blocks of the other files, re-encoded in the form they
		// chose (compressed or no publicKey), are byte-identical too.
		for file, form := range map[string]sec1Form{
			"key1_sec1_compressed.pem": {32, true, formCompressed},
			"key1_sec1_nopublic.pem":   {32, true, 0},
		} {
			block, _ := pem.Decode(readTestdata(t, file))
			got, err := marshalECPrivateKey(k, form)
			if err != nil || !bytes.Equal(got, block.Bytes) {
				t.Errorf("%s: marshalled %x, %v; OpenSSL wrote %x", file, got, err, block.Bytes)
			}
		}
		for _, file := range []string{"key2_genpkey.pem", "key3_ecparam_noout.pem"} {
			data := readTestdata(t, file)
			k, err := ParsePrivateKeyPEM(data)
			if err != nil {
				t.Fatal(err)
			}
			marshal := MarshalECPrivateKeyPEM
			if strings.Contains(string(data), "BEGIN PRIVATE KEY") {
				marshal = MarshalPKCS8PrivateKeyPEM
			}
			if got, err := marshal(k); err != nil || !bytes.Equal(got, data) {
				t.Errorf("%s: marshalled\n%s%v\nOpenSSL wrote\n%s", file, got, err, data)
			}
		}
	})

	t.Run("rejected", func(t *testing.T) {
		for _, c := range []struct {
			file   string
			parse  func([]byte) error
			want   error
			detail string
		}{
			{"key1_sec1_explicit.pem", parsePrivatePEM, ErrCurve, "explicit parameters are not supported"},
			{"key1_spki_explicit.pem", parsePublicPEM, ErrCurve, "explicit parameters are not supported"},
			{"key1_spki_hybrid.pem", parsePublicPEM, ErrPublicKey, "hybrid"},
			{"key1_sec1_encrypted.pem", parsePrivatePEM, ErrEncrypted, ""},
			{"key1_pkcs8_encrypted.pem", parsePrivatePEM, ErrEncrypted, ""},
			{"p256_sec1.pem", parsePrivatePEM, ErrCurve, "P-256"},
			{"p256_pkcs8.pem", parsePrivatePEM, ErrCurve, "P-256"},
			{"p256_spki.pem", parsePublicPEM, ErrCurve, "P-256"},
			{"key1_spki.pem", parsePrivatePEM, ErrPEM, "PUBLIC KEY"},
			{"key1_sec1.pem", parsePublicPEM, ErrPEM, "EC PRIVATE KEY"},
		} {
			err := c.parse(readTestdata(t, c.file))
			checkErr(t, c.file, err, c.want)
			if err != nil && !strings.Contains(err.Error(), c.detail) {
				t.Errorf("%s: error %q does not say %q", c.file, err, c.detail)
			}
		}
		// The wrong DER parser says which one to use.
		_, err := ParseECPrivateKey(readTestdata(t, "key1_pkcs8.der"))
		checkErr(t, "PKCS #8 to ParseECPrivateKey", err, ErrASN1)
		if err != nil && !strings.Contains(err.Error(), "use ParsePKCS8PrivateKey") {
			t.Errorf("PKCS #8 to ParseECPrivateKey: %v gives no hint", err)
		}
		_, err = ParsePKCS8PrivateKey(readTestdata(t, "key1_sec1.der"))
		checkErr(t, "SEC 1 to ParsePKCS8PrivateKey", err, ErrASN1)
		if err != nil && !strings.Contains(err.Error(), "use ParseECPrivateKey") {
			t.Errorf("SEC 1 to ParsePKCS8PrivateKey: %v gives no hint", err)
		}
	})

	// The signature that openssl dgst -sha256 -sign made verifies with the
	// parsed public key. OpenSSL does not normalize s to the low half, and
	// ecdsa.Verify rejects a high s (as libsecp256k1 does), so the test
	// normalizes it first: (r, n − s) is the same signature.
	t.Run("OpenSSL signature", func(t *testing.T) {
		p, err := ParsePublicKeyPEM(readTestdata(t, "key1_spki.pem"))
		if err != nil {
			t.Fatal(err)
		}
		msg := readTestdata(t, "key1_msg.txt")
		sig, err := ecdsa.ParseDERSignature(readTestdata(t, "key1_msg.sig"))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(msg)
		if !ecdsa.Verify(p, h[:], sig.Normalize()) {
			t.Error("OpenSSL's signature does not verify")
		}
		h = sha256.Sum256(append(msg, '!'))
		if ecdsa.Verify(p, h[:], sig.Normalize()) {
			t.Error("OpenSSL's signature verifies for another message")
		}
	})
}

func parsePrivatePEM(b []byte) error { _, err := ParsePrivateKeyPEM(b); return err }
func parsePublicPEM(b []byte) error  { _, err := ParsePublicKeyPEM(b); return err }

// NewPrivateKeyFromOpenSSL returns the private key openssl printed.
func NewPrivateKeyFromOpenSSL(k opensslKey) (*secp256k1.PrivateKey, error) {
	return secp256k1.NewPrivateKey(k.priv)
}
