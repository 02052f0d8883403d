package silentpayments

import (
	"bytes"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ripemd160"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// TestInputPublicKey covers the input rules beyond the vectors: each
// script type's accepted and rejected forms.
func TestInputPublicKey(t *testing.T) {
	// A key from the vectors, its hash, and a valid x-only key.
	pub := testref.Hex(t, "025a1e61f898173040e20616d43e9f496fba90338a39faa1ed98fcbaeee4dd9be5")
	h := ripemd160.Hash160(pub)
	uncompressed := testref.Hex(t, "04782eeb913431ca6e9b8c2fd80a5f72ed2024ef72a3c6fb10263c3799373233387c5343bf58e23269e903335b958a12182f9849297321e8d710e49a8727129cab")
	uh := ripemd160.Hash160(uncompressed)
	hybrid := cat([]byte{0x06}, uncompressed[1:])
	xonly := pub[1:]
	sig := bytes.Repeat([]byte{0x30}, 71)

	p2pkh := func(hash []byte) []byte { return cat([]byte{0x76, 0xa9, 0x14}, hash, []byte{0x88, 0xac}) }
	p2wpkh := cat([]byte{0x00, 0x14}, h[:])
	p2sh := cat([]byte{0xa9, 0x14}, make([]byte, 20), []byte{0x87})
	p2tr := cat([]byte{0x51, 0x20}, xonly)
	notOnCurve := cat([]byte{0x51, 0x20}, make([]byte, 31), []byte{5})
	push := func(b []byte) []byte { return cat([]byte{byte(len(b))}, b) }
	cbH := cat([]byte{0xc0}, numsH[:])
	cbOther := cat([]byte{0xc0}, xonly)

	for _, tc := range []struct {
		name           string
		spk, scriptSig []byte
		witness        [][]byte
		want           error // nil: the key is pub (or lift_x(xonly))
	}{
		{"p2pkh", p2pkh(h[:]), cat(push(sig), push(pub)), nil, nil},
		{"p2pkh malleated prefix", p2pkh(h[:]), cat([]byte{0x00, 0x75}, push(sig), push(pub)), nil, nil},
		{"p2pkh key not last", p2pkh(h[:]), cat(push(sig), push(pub), []byte{0x51, 0x75}), nil, nil},
		{"p2pkh wrong key", p2pkh(make([]byte, 20)), cat(push(sig), push(pub)), nil, ErrInputNotEligible},
		{"p2pkh uncompressed", p2pkh(uh[:]), cat(push(sig), push(uncompressed)), nil, ErrInputNotEligible},
		{"p2pkh empty scriptSig", p2pkh(h[:]), nil, nil, ErrInputNotEligible},
		{"p2wpkh", p2wpkh, nil, [][]byte{sig, pub}, nil},
		{"p2wpkh uncompressed", p2wpkh, nil, [][]byte{sig, uncompressed}, ErrInputNotEligible},
		{"p2wpkh hybrid", p2wpkh, nil, [][]byte{sig, hybrid}, ErrInputNotEligible},
		{"p2wpkh no witness", p2wpkh, nil, nil, ErrInputNotEligible},
		{"p2wpkh bad key", p2wpkh, nil, [][]byte{sig, cat([]byte{2}, make([]byte, 32))}, ErrInputNotEligible},
		{"p2sh-p2wpkh", p2sh, push(p2wpkh), [][]byte{sig, pub}, nil},
		{"p2sh-p2wpkh non-minimal push", p2sh, cat([]byte{0x4c, 22}, p2wpkh), [][]byte{sig, pub}, ErrInputNotEligible},
		{"p2sh multisig", p2sh, cat([]byte{0x00}, push(sig), push(cat([]byte{0x51}, push(pub), []byte{0x51, 0xae}))), nil, ErrInputNotEligible},
		{"p2sh-p2wpkh no witness", p2sh, push(p2wpkh), nil, ErrInputNotEligible},
		{"p2tr key path", p2tr, nil, [][]byte{sig[:64]}, nil},
		{"p2tr key path with annex", p2tr, nil, [][]byte{sig[:64], {0x50, 1}}, nil},
		{"p2tr script path", p2tr, nil, [][]byte{sig[:64], {0x51}, cbOther}, nil},
		{"p2tr script path H", p2tr, nil, [][]byte{sig[:64], {0x51}, cbH}, ErrInputNotEligible},
		{"p2tr script path H with annex", p2tr, nil, [][]byte{{0x51}, cbH, {0x50}}, ErrInputNotEligible},
		{"p2tr short control block", p2tr, nil, [][]byte{{0x51}, {0xc0, 1, 2}}, nil},
		{"p2tr empty last item", p2tr, nil, [][]byte{sig[:64], {}}, nil},
		{"p2tr no witness", p2tr, nil, nil, ErrInputNotEligible},
		{"p2tr key not on curve", notOnCurve, nil, [][]byte{sig[:64]}, ErrInputNotEligible},
		{"p2wsh", cat([]byte{0x00, 0x20}, make([]byte, 32)), nil, [][]byte{{1}}, ErrInputNotEligible},
		{"p2a (v1, 2 bytes)", []byte{0x51, 0x02, 0x4e, 0x73}, nil, nil, ErrInputNotEligible},
		{"segwit v2", cat([]byte{0x52, 0x20}, make([]byte, 32)), nil, [][]byte{sig[:64]}, ErrUnknownWitnessVersion},
		{"segwit v16, 2 bytes", []byte{0x60, 0x02, 1, 2}, nil, nil, ErrUnknownWitnessVersion},
		{"not a witness program", []byte{0x52, 0x01, 1}, nil, nil, ErrInputNotEligible},
		{"op_return", []byte{0x6a, 0x01, 1}, nil, nil, ErrInputNotEligible},
		{"empty", nil, nil, nil, ErrInputNotEligible},
	} {
		got, err := InputPublicKey(tc.spk, tc.scriptSig, tc.witness)
		if err != tc.want {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
			continue
		}
		if err == nil && !bytes.Equal(got.BytesCompressed(), pub) {
			t.Errorf("%s: key %x, want %x", tc.name, got.BytesCompressed(), pub)
		}
	}
}
