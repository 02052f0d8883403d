package debug

import "testing"

func TestAssert(t *testing.T) {
	Assert(true, "never")
	defer func() {
		r := recover()
		if !Enabled {
			if r != nil {
				t.Fatalf("Assert panicked in a normal build: %v", r)
			}
			return
		}
		if r != "secp256k1debug: broken" {
			t.Fatalf("Assert(false) panicked with %v, want %q", r, "secp256k1debug: broken")
		}
	}()
	Assert(false, "broken")
	if Enabled {
		t.Fatal("Assert(false) did not panic in a debug build")
	}
}
