//go:build !amd64 || purego

package field

// The portable backend: every architecture but amd64 (and amd64 with the
// purego tag) uses the generic Go arithmetic, and the compiler inlines these
// forwarding calls.

func feAdd(v, a, b *Element)                { feAddGeneric(v, a, b) }
func feSub(v, a, b *Element)                { feSubGeneric(v, a, b) }
func feHalf(v, a *Element)                  { feHalfGeneric(v, a) }
func feMul(v, a, b *Element)                { feMulGeneric(v, a, b) }
func feSquare(v, a *Element)                { feSquareGeneric(v, a) }
func feSquareN(v, a *Element, n int)        { feSquareNGeneric(v, a, n) }
func feSquareN2(v, a, w, b *Element, n int) { feSquareN2Generic(v, a, w, b, n) }
func feMulSmall(v, a *Element, k uint64)    { feMulSmallGeneric(v, a, k) }

// Backend names the arithmetic in use, for tools that report it.
func Backend() string { return "generic Go (purego or not amd64)" }

// backends returns the names of the backends this build can run.
func backends() []string { return []string{"generic"} }

// setBackend forces the backend name; only "generic" exists here.
func setBackend(name string) (restore func()) {
	if name != "generic" {
		panic("field: unknown backend " + name)
	}
	return func() {}
}
