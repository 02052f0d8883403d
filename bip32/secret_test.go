package bip32

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestFormatRedacted checks that no fmt verb prints the private key or the
// chain code of a private extended key (their hex, bytes or limbs), nor its
// Base58 serialization: on the key, its pointer, a value in an exported or
// unexported field, a slice or a map.
func TestFormatRedacted(t *testing.T) {
	r := testref.Rand(t)
	for range 4 {
		m := randomMaster(t, r)
		k, err := m.DerivePath(fmt.Sprintf("m/%d'/%d", r.Intn(100), r.Intn(100)))
		if err != nil {
			t.Fatal(err)
		}
		priv, _ := k.PrivateKey()
		secrets := append(testref.SecretTexts(priv.Bytes()), testref.SecretTexts(k.ChainCode())...)
		xprv := k.Base58()
		secrets = append(secrets, xprv, xprv[4:20])
		type holder struct {
			Key  ExtendedKey
			Ptr  *ExtendedKey
			List []ExtendedKey
			Map  map[string]*ExtendedKey
			key  ExtendedKey // unexported: fmt prints its fields
			ptr  *ExtendedKey
		}
		h := holder{Key: *k, Ptr: k, List: []ExtendedKey{*k}, Map: map[string]*ExtendedKey{"k": k}, key: *k, ptr: k}
		testref.CheckRedacted(t, secrets, k, *k, h, &h, []*ExtendedKey{k})
		if got := fmt.Sprint(k); got != "bip32.ExtendedKey(private, REDACTED)" {
			t.Errorf("fmt.Sprint = %q", got)
		}
		if got := fmt.Sprintf("%#v", k); got != "bip32.ExtendedKey{private, REDACTED}" {
			t.Errorf("%%#v = %q", got)
		}
		// encoding/json and the text encoders refuse it, also by value and
		// in a field.
		testkey.CheckJSONRefused(t, k, *k, h)
		if _, err := k.MarshalText(); !errors.Is(err, secp256k1.ErrSecretMarshal) {
			t.Errorf("MarshalText of a private key: %v", err)
		}
		mainnet, _ := k.WithNetwork(Mainnet)
		xprv = mainnet.Base58()
		var x ExtendedKey
		if err := x.UnmarshalText([]byte(xprv)); !errors.Is(err, secp256k1.ErrSecretMarshal) || x.s != nil {
			t.Errorf("UnmarshalText of an xprv: %v", err)
		}
		if err := json.Unmarshal([]byte(`"`+xprv+`"`), &x); !errors.Is(err, secp256k1.ErrSecretMarshal) {
			t.Errorf("json.Unmarshal of an xprv: %v", err)
		}
	}
}

// TestPublicEncodings checks that a public extended key is its xpub string
// for fmt, encoding/json and the text encoders, and that they round-trip.
func TestPublicEncodings(t *testing.T) {
	k, err := ParseExtendedKey(vector1Xpub)
	if err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"%v", "%s", "%+v"} {
		if got := fmt.Sprintf(verb, k); got != vector1Xpub {
			t.Errorf("%s = %q", verb, got)
		}
	}
	if got := fmt.Sprintf("%#v", *k); got != "bip32.ExtendedKey{"+vector1Xpub+"}" {
		t.Errorf("%%#v = %q", got)
	}
	type doc struct {
		Key  ExtendedKey  `json:"key"`
		Ptr  *ExtendedKey `json:"ptr"`
		None *ExtendedKey `json:"none"`
	}
	out, err := json.Marshal(doc{Key: *k, Ptr: k})
	want := `{"key":"` + vector1Xpub + `","ptr":"` + vector1Xpub + `","none":null}`
	if err != nil || string(out) != want {
		t.Fatalf("json.Marshal = %s, %v; want %s", out, err, want)
	}
	var back doc
	if err := json.Unmarshal(out, &back); err != nil || !back.Key.Equal(k) || !back.Ptr.Equal(k) || back.None != nil {
		t.Fatalf("json.Unmarshal: %v", err)
	}
	text, err := k.MarshalText()
	if err != nil || string(text) != vector1Xpub {
		t.Errorf("MarshalText = %s, %v", text, err)
	}
	// UnmarshalText leaves the receiver unchanged on error.
	y := *k
	for _, bad := range []string{"", "xpub", vector1Xpub[:len(vector1Xpub)-1] + "9"} {
		if err := y.UnmarshalText([]byte(bad)); err == nil || !y.Equal(k) {
			t.Errorf("UnmarshalText(%q): %v", bad, err)
		}
	}
	// The zero value: no JSON, "<uninitialized>" for fmt.
	var zero ExtendedKey
	if _, err := json.Marshal(doc{}); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("json.Marshal of a zero key: %v", err)
	}
	if got := fmt.Sprint(zero); got != "<uninitialized>" || fmt.Sprintf("%#v", zero) != "bip32.ExtendedKey{}" {
		t.Errorf("fmt of a zero key: %q", got)
	}
	if got := fmt.Sprint((*ExtendedKey)(nil)); !strings.Contains(got, "nil") {
		t.Errorf("fmt of a nil key: %q", got)
	}
}
