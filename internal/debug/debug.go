// Package debug holds the switch of the kestrel_debug build tag, under
// which the library checks its internal invariants and panics on a
// violation, in the manner of libsecp256k1's VERIFY mode
// (docs/design.md, "Debug build (kestrel_debug)").
//
// Every check is written as
//
//	if debug.Enabled {
//		debug.Assert(cond, "package: what must hold")
//	}
//
// Enabled is a constant, so in a normal build the compiler drops the block,
// its condition included, before it decides what to inline: the checks cost
// nothing there. A debug build is slower and is not constant time (a check
// branches on the values it checks): it is for tests, never for production.
package debug

// Assert panics with "kestrel_debug: " + msg if Enabled is true and cond is
// false. Callers guard it with `if Enabled` so that a normal build does not
// even compute cond; msg should be a constant, so that a passing check does
// not allocate.
func Assert(cond bool, msg string) {
	if Enabled && !cond {
		panic("kestrel_debug: " + msg)
	}
}

// Fail panics with "kestrel_debug: " + msg. It is for checks that build
// their message only once they have failed: if !ok { debug.Fail(op + ...) }.
func Fail(msg string) {
	panic("kestrel_debug: " + msg)
}
