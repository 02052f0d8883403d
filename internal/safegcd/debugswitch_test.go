package safegcd

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
)

// TestDebugSwitch checks this package's copy of internal/debug: the same
// switch in this build, and the same panics.
func TestDebugSwitch(t *testing.T) {
	if debugEnabled != debug.Enabled {
		t.Fatalf("debugEnabled = %v, internal/debug.Enabled = %v", debugEnabled, debug.Enabled)
	}
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: x", func() { fail("safegcd: x") })
	assert(true, "safegcd: not reached")
	if debugEnabled {
		debugtest.ExpectPanic(t, "kestrel_debug: safegcd: y", func() { assert(false, "safegcd: y") })
	} else {
		assert(false, "safegcd: a normal build checks nothing")
	}
}
