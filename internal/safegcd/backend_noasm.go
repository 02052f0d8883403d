//go:build !amd64 || purego

package safegcd

// The portable backend: every architecture but amd64 (and amd64 with the
// purego tag) runs the generic Go code, and these forwarding calls inline.

func divsteps59(zeta int64, f0, g0 uint64) (int64, trans) { return divsteps59Generic(zeta, f0, g0) }

func (m *Modulus) updateDE(d, e *signed62, t *trans) { m.updateDEGeneric(d, e, t) }

func updateFG(f, g *signed62, t *trans) { updateFGGeneric(f, g, t) }

func updateFGVar(n int, f, g *signed62, t *trans) { updateFGVarGeneric(n, f, g, t) }

func divstepsUpdate(n int, f, g *signed62, eta int64, t *trans) int64 {
	return divstepsUpdateGeneric(n, f, g, eta, t)
}

func posdivstepsUpdate(n int, f, g *signed62, eta int64, jac uint64) (int64, uint64) {
	return posdivstepsUpdateGeneric(n, f, g, eta, jac)
}

func posdivstepsUpdate2(a, b *jacobiChain) { posdivstepsUpdate2Generic(a, b) }

// backends returns the names of the backends this build can run.
func backends() []string { return []string{"generic"} }

// setBackend forces the backend name; only "generic" exists here.
func setBackend(name string) (restore func()) {
	if name != "generic" {
		panic("safegcd: unknown backend " + name)
	}
	return func() {}
}
