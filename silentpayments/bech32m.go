package silentpayments

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/bech32"
)

// Silent payment addresses are bech32m (BIP-350) strings without BIP-173's
// 90-character limit: BIP-352 recommends 1023, which keeps bech32's
// error-detection guarantees meaningful for future versions. The
// encoding itself is internal/bech32's.

const maxAddressLength = 1023

var errBech32 = errors.New("silentpayments: invalid bech32m string")

// bech32mEncode returns the bech32m string of hrp (valid, lower case) and the
// 5-bit values data.
func bech32mEncode(hrp string, data []byte) string {
	return bech32.Encode(hrp, data, bech32.Bech32m)
}

// bech32mDecode splits a bech32m string into its human-readable part (lower
// case) and its 5-bit data values, checksum removed. It rejects what
// bech32.Decode rejects, strings longer than maxAddressLength, and bech32
// (rather than bech32m) checksums.
func bech32mDecode(s string) (hrp string, data []byte, err error) {
	hrp, data, v, err := bech32.Decode(s, maxAddressLength)
	if err != nil || v != bech32.Bech32m {
		return "", nil, errBech32
	}
	return hrp, data, nil
}

// convertBits is bech32.ConvertBits: without pad, leftover bits must
// number fewer than from and be zero.
func convertBits(data []byte, from, to uint, pad bool) ([]byte, bool) {
	return bech32.ConvertBits(data, from, to, pad)
}

// validHRP is bech32.ValidHRP.
func validHRP(hrp string) bool { return bech32.ValidHRP(hrp) }
