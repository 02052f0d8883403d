package field

// The portable backend. The amd64 assembly backend (issue 3) will replace
// these wrappers behind a build tag; until then every architecture uses the
// generic Go arithmetic, and the compiler inlines these forwarding calls.

func feAdd(v, a, b *Element)             { feAddGeneric(v, a, b) }
func feSub(v, a, b *Element)             { feSubGeneric(v, a, b) }
func feHalf(v, a *Element)               { feHalfGeneric(v, a) }
func feMul(v, a, b *Element)             { feMulGeneric(v, a, b) }
func feSquare(v, a *Element)             { feSquareGeneric(v, a) }
func feMulSmall(v, a *Element, k uint64) { feMulSmallGeneric(v, a, k) }
