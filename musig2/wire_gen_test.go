package musig2

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// TestWireGenerated checks that musig2's and frost's wire_gen.go are what
// internal/_tools/wiregen writes from its template.
func TestWireGenerated(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("GOOS=%s cannot start processes", runtime.GOOS)
	}
	cmd := exec.Command("go", "run", "./internal/_tools/wiregen", "-check")
	cmd.Dir = ".."
	// The generator runs on the host: under qemu-user the test's own
	// GOOS/GOARCH (from .ci/cross.sh) would build a binary the host cannot
	// execute.
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/_tools/wiregen -check: %v\n%s", err, out)
	}
}
