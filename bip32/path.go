package bip32

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Path is a derivation path: the child numbers from a key down, hardened
// ones at HardenedKeyStart or more.
type Path []uint32

// ParsePath parses a derivation path as BIP-32 writes it: "m/84'/0'/0'/0/5"
// from the master key, or a relative path "0/5"; "m" alone is the empty
// path. Each level is a decimal index below 2³¹, without sign, spaces or
// leading zeros, followed by ', h or H for a hardened child (i' is index
// i + 2³¹). The m is accepted and dropped: what it means, a path from the
// master key, is checked by ExtendedKey.DerivePath.
//
// It returns an error that matches ErrPath, and says where the path is
// wrong, for an empty string, an empty level (as in "m/", "m//0" or "0/"),
// a level that is not a decimal index, an index of 2³¹ or more before the
// hardened marker, and a path of more than 255 levels, which no key can
// derive.
func ParsePath(s string) (Path, error) {
	switch {
	case s == "":
		return nil, fmt.Errorf("%w: empty (the master key itself is m)", ErrPath)
	case s == "m":
		return Path{}, nil
	}
	rest := strings.TrimPrefix(s, "m/")
	p := make(Path, 0, min(strings.Count(rest, "/")+1, maxDepth))
	for level := 1; ; level++ {
		seg, tail, more := strings.Cut(rest, "/")
		if level > maxDepth {
			return nil, fmt.Errorf("%w: more than %d levels", ErrPath, maxDepth)
		}
		i, err := parseIndex(seg)
		if err != nil {
			return nil, fmt.Errorf("%w: level %d: %v", ErrPath, level, err)
		}
		p = append(p, i)
		if !more {
			return p, nil
		}
		rest = tail
	}
}

// parseIndex parses one level of a path: a decimal index below 2³¹ and an
// optional hardened marker.
func parseIndex(seg string) (uint32, error) {
	if seg == "" {
		return 0, errors.New("empty (two slashes, or a slash at an end)")
	}
	digits, hardened := seg, false
	if c := seg[len(seg)-1]; c == '\'' || c == 'h' || c == 'H' {
		digits, hardened = seg[:len(seg)-1], true
	}
	if digits == "" {
		return 0, fmt.Errorf("%s: no index before the hardened marker", quote(seg))
	}
	if strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, fmt.Errorf("%s is not an index (decimal digits, then ', h or H for a hardened one)", quote(seg))
	}
	if len(digits) > 1 && digits[0] == '0' {
		return 0, fmt.Errorf("%s: leading zero", quote(seg))
	}
	var v uint64
	for i := 0; i < len(digits); i++ {
		if v = 10*v + uint64(digits[i]-'0'); v >= HardenedKeyStart {
			return 0, fmt.Errorf("%s: the index is not less than 2³¹ (hardened indices are written with ', as in 0')", quote(seg))
		}
	}
	if hardened {
		v += HardenedKeyStart
	}
	return uint32(v), nil
}

// quote quotes a level of a path for an error message, cut to 20 bytes.
func quote(s string) string {
	if len(s) > 20 {
		return strconv.Quote(s[:20]) + "…"
	}
	return strconv.Quote(s)
}

// String returns p as BIP-32 writes a path from the master key:
// "m/84'/0'/0'/0/5", with ' for a hardened index; "m" for the empty path.
// ParsePath parses it back.
func (p Path) String() string {
	b := make([]byte, 0, 1+len(p)*12)
	b = append(b, 'm')
	for _, i := range p {
		b = formatIndex(append(b, '/'), i)
	}
	return string(b)
}

// formatIndex appends the index i as a level of a path to b: the decimal
// number, and ' if it is hardened.
func formatIndex(b []byte, i uint32) []byte {
	b = strconv.AppendUint(b, uint64(i&^HardenedKeyStart), 10)
	if i >= HardenedKeyStart {
		b = append(b, '\'')
	}
	return b
}
