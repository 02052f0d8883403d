//go:build !amd64 || purego

package sha256

// The portable backend: every architecture but amd64 (and amd64 with the
// purego tag) uses the generic Go block function.

func block(h *[8]uint32, p []byte) { blockGeneric(h, p) }

// backends returns the names of the backends this build can run.
func backends() []string { return []string{"generic"} }

// setBackend forces the backend name; only "generic" exists here.
func setBackend(name string) (restore func()) {
	if name != "generic" {
		panic("sha256: unknown backend " + name)
	}
	return func() {}
}
