//go:build purego || !amd64

package field8

// This build has no assembly.
const hasIFMA = false

var useIFMA = false

func mul8(v, a, b *Element8)            { mul8Generic(v, a, b) }
func add8(v, a, b *Element8)            { add8Generic(v, a, b) }
func sub8(v, a, b *Element8)            { sub8Generic(v, a, b) }
func squareN8(v, a *Element8, n int)    { squareN8Generic(v, a, n) }
func squareN2(v, a *[2]Element8, n int) { squareN2Generic(v, a, n) }
