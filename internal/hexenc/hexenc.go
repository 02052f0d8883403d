// Package hexenc decodes the fixed-length hex text of the wire values'
// UnmarshalText methods (ecdsa, musig2, frost), so that each error is one
// of the caller's named errors.
package hexenc

import (
	"encoding/hex"
	"fmt"
)

// DecodeInto decodes exactly len(dst) bytes of hex text into dst, or returns
// an error wrapping errKind for text of another length or that is not hex.
func DecodeInto(dst, text []byte, errKind error) error {
	if len(text) != 2*len(dst) {
		return fmt.Errorf("%w: %d hex characters, want %d", errKind, len(text), 2*len(dst))
	}
	if _, err := hex.Decode(dst, text); err != nil {
		return fmt.Errorf("%w: %v", errKind, err)
	}
	return nil
}
