package bip322

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// The text of a signature: a format prefix ("smp", "ful" or "pof";
// BIP-322 1.0.0 added them) and standard base64 with padding.

// format prefixes.
const (
	prefixSimple = "smp"
	prefixFull   = "ful"
	prefixPoF    = "pof"
)

// legacyLen is the length of a legacy (compact recoverable) signature.
const legacyLen = 65

// decodeBase64 decodes standard base64 with padding, rejecting the line
// breaks that encoding/base64 would skip, so that a signature has one
// text.
func decodeBase64(s string) ([]byte, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, fmt.Errorf("%w: error decoding signature as base64: a line break", ErrMalformed)
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: error decoding signature as base64: %v", ErrMalformed, err)
	}
	return b, nil
}

// splitPrefix returns sig's format prefix ("" for none) and the base64
// after it. A prefix always wins: as the start of base64, "smp", "ful" and
// "pof" would be a witness stack of 178, 126 or 166 items, or a legacy
// header byte of 0xb2, 0x7e or 0xa6, none of which a signature without a
// prefix has.
func splitPrefix(sig string) (prefix, rest string) {
	for _, p := range []string{prefixSimple, prefixFull, prefixPoF} {
		if strings.HasPrefix(sig, p) {
			return p, sig[len(p):]
		}
	}
	return "", sig
}
