// Package ctdoor is internal/door for package ct: where the public
// Generator and Commitment of package ct meet the engines' group.Affine,
// for the protocol packages below ct (ct/rangeproof) without encoding a
// point in order to parse it again.
//
// Each of the two types holds a group.Affine and a validity flag, and
// nothing else; view mirrors that layout, so a conversion is a pointer
// conversion between types of the same memory layout (rule 1 of package
// unsafe), checked at compile time for the size and by TestLayout for each
// field's type and offset. The conversions copy.
package ctdoor

import (
	"unsafe"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// view is the layout of ct.Generator and ct.Commitment.
type view struct {
	p  group.Affine
	ok bool
}

// The sizes agree, or this does not compile.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(ct.Generator{})-unsafe.Sizeof(view{})]
	_ = [1]struct{}{}[unsafe.Sizeof(ct.Commitment{})-unsafe.Sizeof(view{})]
)

// Generator returns g's point and true, or false for a nil or zero-value
// Generator.
func Generator(g *ct.Generator) (group.Affine, bool) {
	if g == nil {
		return group.Affine{}, false
	}
	v := (*view)(unsafe.Pointer(g))
	return v.p, v.ok
}

// Commitment returns c's point and true, or false for a nil or zero-value
// Commitment.
func Commitment(c *ct.Commitment) (group.Affine, bool) {
	if c == nil {
		return group.Affine{}, false
	}
	v := (*view)(unsafe.Pointer(c))
	return v.p, v.ok
}
