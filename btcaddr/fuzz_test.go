package btcaddr

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse parses arbitrary strings: no panic, every error is ErrAddress
// or ErrNetwork, and an address that parses round-trips through String
// (the input itself, up to the case of a segwit address), ScriptPubKey
// and FromScriptPubKey.
func FuzzParse(f *testing.F) {
	for _, v := range bip350Valid {
		f.Add(v.addr)
	}
	for _, v := range bip350Invalid {
		f.Add(v.addr)
	}
	for _, s := range []string{
		"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN",
		"mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", "2NAUYAHhujozruyzpsFRP63mbrdaU5wnEpN",
		"bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080", "", "1", "bc1", strings.Repeat("z", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrAddress) && !errors.Is(err, ErrNetwork) {
				t.Fatalf("Parse(%q): %v matches neither ErrAddress nor ErrNetwork", s, err)
			}
			return
		}
		enc := a.String()
		if a.WitnessVersion() < 0 && enc != s || a.WitnessVersion() >= 0 && enc != strings.ToLower(s) {
			t.Fatalf("Parse(%q).String() = %q", s, enc)
		}
		b, err := Parse(enc)
		if err != nil || *b != *a {
			t.Fatalf("Parse(String()) = %v, %v; want %v", b, err, a)
		}
		spk := a.ScriptPubKey()
		c, err := FromScriptPubKey(spk, a.Network())
		if err != nil || *c != *a {
			t.Fatalf("FromScriptPubKey(%x) = %v, %v; want %v", spk, c, err, a)
		}
	})
}

// FuzzParseWIF parses arbitrary strings: no panic, every error is ErrWIF,
// and a key that parses encodes back to the input.
func FuzzParseWIF(f *testing.F) {
	for _, v := range wifVectors {
		f.Add(v.wif)
	}
	for _, s := range []string{
		"", "1", "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73Nd2Mcv1", "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sfZr2ym",
		"2SaK6n3GY7WKrHRSyvhrn1k6zdzeAMmNBXH5PtXqoENrdhfi68hfwW", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", strings.Repeat("z", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, compressed, net, err := ParseWIF(s)
		if err != nil {
			if !errors.Is(err, ErrWIF) || k != nil {
				t.Fatalf("ParseWIF(%q) = %v, %v; want nil and ErrWIF", s, k, err)
			}
			return
		}
		enc, err := EncodeWIF(k, compressed, net)
		if err != nil || enc != s {
			t.Fatalf("EncodeWIF(ParseWIF(%q)) = %q, %v", s, enc, err)
		}
	})
}
