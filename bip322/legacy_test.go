package bip322

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// Bitcoin Core's test/functional/rpc_signmessagewithprivkey.py: the key,
// its P2PKH address and the signmessagewithprivkey result, which Core's
// RFC 6979 signing makes deterministic.
func TestLegacyCore(t *testing.T) {
	k, compressed := decodeWIF(t, "cUeKHd5orzT3mz8P9pxyREHfsWtVfgsfDjiZZBcjUBAaGk1BTj7N")
	addr, err := btcaddr.NewP2PKH(k.PublicKey(), compressed, btcaddr.Testnet)
	if err != nil || addr.String() != "mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB" {
		t.Fatalf("address %v, %v", addr, err)
	}
	const msg = "This is just a test message"
	const want = "INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0="
	sig, err := SignLegacy(k, addr, []byte(msg))
	if err != nil || sig != want {
		t.Errorf("SignLegacy = %s, %v; want %s", sig, err, want)
	}
	if err := VerifyLegacy(addr, []byte(msg), want); err != nil {
		t.Errorf("VerifyLegacy: %v", err)
	}
}
