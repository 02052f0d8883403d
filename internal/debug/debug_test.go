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
		if r != "kestrel_debug: broken" {
			t.Fatalf("Assert(false) panicked with %v, want %q", r, "kestrel_debug: broken")
		}
	}()
	Assert(false, "broken")
	if Enabled {
		t.Fatal("Assert(false) did not panic in a debug build")
	}
}
