// Package race tells tests whether they run under the race detector
// (go test -race), so that the few tests whose subject the detector changes
// skip under it, each kind with its reason stated in one place here:
//
//   - Statistical timing tests (internal/testkit/dudect): the detector
//     instruments every memory access, with a cost that depends on the
//     detector's own state, so the timings measure the instrumentation more
//     than the code (a constant-time comparison measures as leaking).
//   - Allocation counts (testing.AllocsPerRun): the race runtime allocates,
//     the instrumentation changes escape analysis, and sync.Pool drops items
//     at random on purpose, so the counts are not those of a normal build.
//
// Everything else runs under the detector. It is imported only by _test.go
// files and by the test-support packages.
//
// Timing tests also skip where KESTREL_EMULATED is set: .ci/cross.sh sets
// it for its runs under qemu-user and node (js/wasm), whose timings measure
// the emulator's translation or node's clock (the leak self-checks missed
// their leaks there).
package race

import (
	"os"
	"testing"
)

// SkipTiming skips the rest of a statistical timing test under the race
// detector, or under an emulator that says so (KESTREL_EMULATED).
func SkipTiming(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("timing test: the race detector's instrumentation changes the timings")
	}
	if e := os.Getenv("KESTREL_EMULATED"); e != "" {
		t.Skipf("timing test: KESTREL_EMULATED=%s, the timings would measure the emulator", e)
	}
}

// SkipAllocs skips the rest of an allocation-count test under the race
// detector; the checks before it have run. The counts are not loosened.
func SkipAllocs(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("allocation count: under the race detector the runtime allocates, escape analysis differs and sync.Pool drops items")
	}
}
