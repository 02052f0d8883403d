package keyfmt

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// readTestdata returns the content of testdata/name.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// opensslKey is a key as `openssl ec -text -noout` or `openssl pkey -text
// -noout` prints it: the 32-byte private value (nil for a public key) and
// the public key as printed (65 bytes uncompressed, or 33 compressed).
type opensslKey struct {
	priv, pub []byte
}

// parseOpenSSLText reads the "priv:" and "pub:" sections of openssl's
// -text output, whose hex bytes are separated by colons and spread over
// indented lines, and checks that its "ASN1 OID:" line names secp256k1.
func parseOpenSSLText(t testing.TB, text []byte) opensslKey {
	t.Helper()
	sections := map[string]*strings.Builder{}
	var cur *strings.Builder
	var curve string
	for _, line := range strings.Split(string(text), "\n") {
		switch {
		case line == "priv:" || line == "pub:":
			cur = new(strings.Builder)
			sections[strings.TrimSuffix(line, ":")] = cur
		case strings.HasPrefix(line, "    ") && cur != nil:
			cur.WriteString(strings.ReplaceAll(strings.TrimSpace(line), ":", ""))
		default:
			cur = nil
		}
		if name, ok := strings.CutPrefix(line, "ASN1 OID: "); ok {
			curve = name
		}
	}
	if curve != "secp256k1" {
		t.Fatalf("openssl printed the curve %q, not secp256k1:\n%s", curve, text)
	}
	var k opensslKey
	if s, ok := sections["priv"]; ok {
		b := testref.Hex(t, s.String())
		// Older versions print a 00 before a value with the top bit set,
		// and may print fewer than 32 bytes for a small value.
		b = bytes.TrimLeft(b, "\x00")
		if len(b) > 32 {
			t.Fatalf("openssl priv is %d bytes", len(b))
		}
		k.priv = append(make([]byte, 32-len(b)), b...)
	}
	s, ok := sections["pub"]
	if !ok {
		t.Fatalf("no pub: in openssl's output:\n%s", text)
	}
	k.pub = testref.Hex(t, s.String())
	return k
}

// checkPrivate checks that k is the key openssl printed.
func (want opensslKey) checkPrivate(t testing.TB, name string, k *secp256k1.PrivateKey) {
	t.Helper()
	if !bytes.Equal(k.Bytes(), want.priv) {
		t.Errorf("%s: private key %x, openssl says %x", name, k.Bytes(), want.priv)
	}
	want.checkPublic(t, name, k.PublicKey())
}

// checkPublic checks that p is the public key openssl printed, in the form
// openssl printed it.
func (want opensslKey) checkPublic(t testing.TB, name string, p *secp256k1.PublicKey) {
	t.Helper()
	got := p.BytesUncompressed()
	if len(want.pub) == 33 {
		got = p.BytesCompressed()
	}
	if !bytes.Equal(got, want.pub) {
		t.Errorf("%s: public key %x, openssl says %x", name, got, want.pub)
	}
}

// checkErr checks that err matches every one of wants with errors.Is, and
// that its message starts with "keyfmt: " or "secp256k1: ".
func checkErr(t testing.TB, name string, err error, wants ...error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %v", name, wants)
		return
	}
	for _, want := range wants {
		if !errors.Is(err, want) {
			t.Errorf("%s: error %q does not match %q", name, err, want)
		}
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "keyfmt: ") && !strings.HasPrefix(msg, "secp256k1: ") {
		t.Errorf("%s: error message %q has no package prefix", name, msg)
	}
}

// sentinels are every error of the package, for checks that an error is a
// named one.
var sentinels = []error{
	ErrASN1, ErrTrailingData, ErrVersion, ErrAlgorithm, ErrCurve, ErrPrivateKey,
	ErrPublicKey, ErrKeyMismatch, ErrEncrypted, ErrPEM, ErrJWK,
}

// isNamed reports whether err matches one of the package's errors.
func isNamed(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
