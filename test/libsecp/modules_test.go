package libsecp

import (
	"os"
	"testing"
)

// TestOracle logs which modules the linked libsecp256k1 has (oracle.sh
// chooses the library) and fails if one of the current release line's is
// missing while LIBSECP_REQUIRE_MODULES=1, which oracle.sh sets: then its
// build flags did not reach the link, and the module tests would only skip.
func TestOracle(t *testing.T) {
	have := map[string]bool{"musig": HaveMusig(), "ellswift": HaveEllswift(), "silentpayments": HaveSilentPayments()}
	t.Logf("libsecp256k1 modules: musig %v, ellswift %v, silentpayments %v", have["musig"], have["ellswift"], have["silentpayments"])
	for _, name := range []string{"musig", "ellswift", "silentpayments"} {
		if !have[name] && os.Getenv("LIBSECP_REQUIRE_MODULES") == "1" {
			t.Errorf("libsecp256k1 has no %s module, and LIBSECP_REQUIRE_MODULES=1", name)
		}
	}
}

// needModule skips the test if the linked libsecp256k1 lacks the module
// (Debian's 0.2.0 lacks musig, ellswift and silentpayments), or fails it if
// LIBSECP_REQUIRE_MODULES=1.
func needModule(t *testing.T, name string, have bool) {
	t.Helper()
	if have {
		return
	}
	if os.Getenv("LIBSECP_REQUIRE_MODULES") == "1" {
		t.Fatalf("libsecp256k1 has no %s module, and LIBSECP_REQUIRE_MODULES=1", name)
	}
	t.Skipf("the linked libsecp256k1 has no %s module (the system's 0.2.0?): eval \"$(bash oracle.sh)\" links the current release line", name)
}
