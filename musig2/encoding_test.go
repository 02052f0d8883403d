package musig2

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestWireValuesJSON checks that the wire values of a real session
// round-trip through encoding/json as hex strings, by value and by pointer,
// and that malformed text is refused with the Parse functions' errors.
func TestWireValuesJSON(t *testing.T) {
	r, signers, ka := docSetup(t, 2)
	msg := []byte("json")
	_, pubnonces, psigs, _ := runSession(t, r, signers, ka, msg)
	agg, err := NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	type message struct {
		Nonce    PubNonce
		NoncePtr *PubNonce
		Agg      AggNonce
		Psig     PartialSig
		Psigs    []PartialSig
	}
	in := message{pubnonces[0], &pubnonces[1], *agg, psigs[0], psigs}
	for _, v := range []any{in, &in} {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		q := func(b []byte) string { return `"` + hex.EncodeToString(b) + `"` }
		want := `{"Nonce":` + q(pubnonces[0][:]) + `,"NoncePtr":` + q(pubnonces[1][:]) + `,"Agg":` + q(agg[:]) +
			`,"Psig":` + q(psigs[0][:]) + `,"Psigs":[` + q(psigs[0][:]) + `,` + q(psigs[1][:]) + `]}`
		if string(data) != want {
			t.Fatalf("json.Marshal = %s\nwant %s", data, want)
		}
		var back message
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if back.Nonce != in.Nonce || *back.NoncePtr != *in.NoncePtr || back.Agg != in.Agg || back.Psig != in.Psig ||
			len(back.Psigs) != 2 || back.Psigs[1] != psigs[1] {
			t.Fatalf("round trip of %s differs", data)
		}
	}

	n := hex.EncodeToString(testref.N.FillBytes(make([]byte, 32)))
	good := hex.EncodeToString(pubnonces[0][:])
	for _, tc := range []struct {
		name string
		f    func([]byte) error
		text string
		want error
	}{
		{"PubNonce short", new(PubNonce).UnmarshalText, good[:130], ErrPubNonce},
		{"PubNonce not hex", new(PubNonce).UnmarshalText, "zz" + good[2:], ErrPubNonce},
		{"PubNonce zero", new(PubNonce).UnmarshalText, strings.Repeat("0", 132), ErrPubNonce},
		{"AggNonce bad prefix", new(AggNonce).UnmarshalText, "05" + good[2:], ErrAggNonce},
		{"PartialSig n", new(PartialSig).UnmarshalText, n, ErrPartialSig},
		{"PartialSig long", new(PartialSig).UnmarshalText, n + "00", ErrPartialSig},
	} {
		if err := tc.f([]byte(tc.text)); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// The receiver is unchanged on error.
	keep := pubnonces[0]
	if err := keep.UnmarshalText([]byte(strings.Repeat("0", 132))); err == nil || keep != pubnonces[0] {
		t.Error("a failed UnmarshalText changed the receiver")
	}
	// The zero AggNonce (two points at infinity) is valid and round-trips.
	var zero AggNonce
	if b, _ := zero.MarshalText(); zero.UnmarshalText(b) != nil || !bytes.Equal(b, []byte(strings.Repeat("0", 132))) {
		t.Error("zero AggNonce round trip")
	}
}
