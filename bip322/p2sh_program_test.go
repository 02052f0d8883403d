package bip322

import (
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// TestP2SHWrongLengthV0Program checks that a P2SH redeem script
// OP_0 <25 bytes>, a witness program in BIP-141's sense whose version 0
// length fails consensus whatever the witness
// (SCRIPT_ERR_WITNESS_PROGRAM_WRONG_LENGTH), makes the signature invalid
// (ErrInvalid), not inconclusive.
func TestP2SHWrongLengthV0Program(t *testing.T) {
	redeem := append([]byte{0x00, 25}, make([]byte, 25)...)
	spk := append(append([]byte{0xa9, 20}, hash160(redeem)...), 0x87)
	addr, err := btcaddr.FromScriptPubKey(spk, btcaddr.Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	for _, witness := range [][][]byte{nil, {{1}}} {
		_, sign := toSignFor(addr)
		sign.inputs[0].scriptSig = appendPush(nil, redeem)
		sign.inputs[0].witness = witness
		res, err := Verify(addr, badMsg, full(sign))
		if !errors.Is(err, ErrInvalid) || errors.Is(err, ErrUnsupported) {
			t.Errorf("witness %x: Verify = %v, %v; want ErrInvalid (a v0 witness program of 25 bytes fails consensus)", witness, res, err)
		}
	}
}
