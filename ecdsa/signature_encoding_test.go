package ecdsa

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

var (
	_ encoding.BinaryMarshaler   = Signature{}
	_ encoding.BinaryAppender    = Signature{}
	_ encoding.TextMarshaler     = Signature{}
	_ encoding.TextAppender      = Signature{}
	_ encoding.BinaryUnmarshaler = (*Signature)(nil)
	_ encoding.TextUnmarshaler   = (*Signature)(nil)
)

func TestSignatureEncodings(t *testing.T) {
	r := testref.Rand(t)
	type message struct {
		Sig    Signature
		SigPtr *Signature
	}
	for i := range 20 {
		k := testkey.Random(t, r)
		hash := make([]byte, 32)
		r.Read(hash)
		sig, err := Sign(k, hash)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			sig = new(Signature) // the zero value (0, 0) is a signature value too
		}
		b, err := sig.MarshalBinary()
		if err != nil || !bytes.Equal(b, sig.Compact()) {
			t.Fatalf("MarshalBinary = %x, %v", b, err)
		}
		txt, err := sig.MarshalText()
		if err != nil || string(txt) != hex.EncodeToString(sig.Compact()) || sig.String() != string(txt) {
			t.Fatalf("MarshalText = %s, %v", txt, err)
		}
		for _, v := range []any{message{*sig, sig}, &message{*sig, sig}} {
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if want := `{"Sig":"` + string(txt) + `","SigPtr":"` + string(txt) + `"}`; string(data) != want {
				t.Fatalf("json.Marshal = %s, want %s", data, want)
			}
			var back message
			if err := json.Unmarshal(data, &back); err != nil || !back.Sig.Equal(sig) || !back.SigPtr.Equal(sig) {
				t.Fatalf("json round trip of %s: %v", data, err)
			}
		}
		var up Signature
		if err := up.UnmarshalText([]byte(strings.ToUpper(string(txt)))); err != nil || !up.Equal(sig) {
			t.Fatalf("UnmarshalText(upper case): %v", err)
		}
	}

	k := testkey.Random(t, r)
	good, _ := Sign(k, make([]byte, 32))
	txt, _ := good.MarshalText()
	n := hex.EncodeToString(testref.N.FillBytes(make([]byte, 32)))
	for _, bad := range []string{"", string(txt[:126]), string(txt) + "00", "zz" + string(txt[2:]), n + n[:64], string(txt[:64]) + n} {
		sig := *good
		if err := sig.UnmarshalText([]byte(bad)); !errors.Is(err, ErrCompact) || !sig.Equal(good) {
			t.Errorf("UnmarshalText(%q) = %v, want ErrCompact and the receiver unchanged", bad, err)
		}
		if b, err := hex.DecodeString(bad); err == nil {
			if err := sig.UnmarshalBinary(b); !errors.Is(err, ErrCompact) || !sig.Equal(good) {
				t.Errorf("UnmarshalBinary(%x) = %v, want ErrCompact and the receiver unchanged", b, err)
			}
		}
	}
}
