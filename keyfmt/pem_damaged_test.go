package keyfmt

import (
	"bytes"
	"errors"
	"testing"
)

// TestPEMDamagedEarlierBlock checks that a damaged key block (bad base64,
// or no END line) followed by another key is ErrPEM: pem.Decode alone
// skips such a block as text and would return the second key.
func TestPEMDamagedEarlierBlock(t *testing.T) {
	sec1, _ := MarshalECPrivateKeyPEM(testKey(t, 3))
	other, _ := MarshalECPrivateKeyPEM(testKey(t, 4))
	for _, c := range []struct {
		name  string
		first []byte
	}{
		{"bad base64 in the first block", bytes.Replace(sec1, []byte("MH"), []byte("M*"), 1)},
		{"first block truncated (no END line)", append(bytes.Clone(sec1[:len(sec1)-30]), '\n')},
	} {
		k, err := ParsePrivateKeyPEM(append(bytes.Clone(c.first), other...))
		if err == nil {
			t.Errorf("%s, then another key: ParsePrivateKeyPEM returned the second key with no error", c.name)
			k.Zero()
		} else if !errors.Is(err, ErrPEM) {
			t.Errorf("%s, then another key: %v, want ErrPEM", c.name, err)
		}
	}
}
