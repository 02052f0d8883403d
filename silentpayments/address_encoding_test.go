package silentpayments

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

func TestAddressJSON(t *testing.T) {
	rng := testref.PCG(t)
	type message struct {
		To    Address
		Also  *Address
		Other []Address
	}
	for _, hrp := range []string{"", MainnetHRP, TestnetHRP} {
		a := Address{HRP: hrp, Scan: testkey.Random(t, rng).PublicKey(), Spend: testkey.Random(t, rng).PublicKey()}
		enc := a.String()
		for _, v := range []any{message{a, &a, []Address{a}}, &message{a, &a, []Address{a}}} {
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			q := `"` + enc + `"`
			if want := `{"To":` + q + `,"Also":` + q + `,"Other":[` + q + `]}`; string(data) != want {
				t.Fatalf("json.Marshal = %s, want %s", data, want)
			}
			var back message
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			for _, b := range []*Address{&back.To, back.Also, &back.Other[0]} {
				if b.String() != enc || !b.Scan.Equal(a.Scan) || !b.Spend.Equal(a.Spend) {
					t.Fatalf("json round trip of %s gave %s", enc, b)
				}
			}
		}
	}

	k := testkey.Random(t, rng).PublicKey()
	for name, a := range map[string]Address{"zero": {}, "nil Spend": {Scan: k}, "zero Scan": {Scan: new(secp256k1.PublicKey), Spend: k}} {
		if b, err := a.MarshalText(); !errors.Is(err, secp256k1.ErrUninitialized) || b != nil {
			t.Errorf("%s: MarshalText = %q, %v; want ErrUninitialized", name, b, err)
		}
		if _, err := json.Marshal(a); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("%s: json.Marshal: %v", name, err)
		}
	}
	if b, err := (Address{HRP: "SP", Scan: k, Spend: k}).MarshalText(); !errors.Is(err, ErrAddress) || b != nil {
		t.Errorf("upper-case HRP: MarshalText = %q, %v; want ErrAddress", b, err)
	}
	good := Address{Scan: k, Spend: k}
	for _, bad := range []string{"", "sp1q", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", good.String() + "q"} {
		a := good
		if err := a.UnmarshalText([]byte(bad)); !errors.Is(err, ErrAddress) || a != good {
			t.Errorf("UnmarshalText(%q) = %v, want ErrAddress and the receiver unchanged", bad, err)
		}
	}
}
