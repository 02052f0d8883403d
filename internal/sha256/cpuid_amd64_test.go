//go:build !purego

package sha256

import (
	"os"
	"strings"
	"testing"
)

// TestHasSHANI checks the CPUID probe against the kernel's view of the CPU
// (the sha_ni flag of /proc/cpuinfo), where that file exists.
func TestHasSHANI(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo")
	}
	want := false
	for _, line := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(line, "flags") {
			want = strings.Contains(" "+line+" ", " sha_ni ")
			break
		}
	}
	if got := hasSHANI(); got != want {
		t.Fatalf("hasSHANI() = %v, /proc/cpuinfo says %v", got, want)
	}
}
