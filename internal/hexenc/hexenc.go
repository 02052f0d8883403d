// Package hexenc decodes the hex text of the UnmarshalText methods (the root
// package's keys, points and scalars, ecdsa, musig2, frost), so that each
// error is one of the caller's named errors.
package hexenc

import (
	"encoding/hex"
	"fmt"
)

// AppendDecode appends the bytes of the hex text to dst, which has room for
// max bytes. An error wraps errKind: text that is not hex, or that holds
// more than max bytes (the decoder after it reports the exact length).
func AppendDecode(dst, text []byte, max int, errKind error) ([]byte, error) {
	if len(text) > 2*max {
		return nil, fmt.Errorf("%w: %d hex characters, more than the %d of the longest encoding", errKind, len(text), 2*max)
	}
	b, err := hex.AppendDecode(dst, text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errKind, err)
	}
	return b, nil
}

// DecodeInto decodes exactly len(dst) bytes of hex text into dst, or returns
// an error wrapping errKind for text of another length or that is not hex.
func DecodeInto(dst, text []byte, errKind error) error {
	if len(text) != 2*len(dst) {
		return fmt.Errorf("%w: %d hex characters, want %d", errKind, len(text), 2*len(dst))
	}
	_, err := AppendDecode(dst[:0], text, len(dst), errKind)
	return err
}
