package testref

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJSON(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.json"), filepath.Join(dir, "bad.json")
	if err := os.WriteFile(good, []byte(`{"a": [1, 2]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(`{"a": `), 0o600); err != nil {
		t.Fatal(err)
	}
	var v struct{ A []int }
	JSON(t, good, &v)
	if len(v.A) != 2 || v.A[0] != 1 || v.A[1] != 2 {
		t.Fatalf("JSON decoded %+v", v)
	}
	for _, path := range []string{bad, filepath.Join(dir, "missing.json")} {
		rec := &recorder{TB: t}
		JSON(rec, path, &v)
		// The recorder's Fatalf returns, so a missing file fails twice.
		if len(rec.fatals) == 0 || !strings.Contains(rec.fatals[0], path) {
			t.Errorf("JSON(%s) failed the test with %q, want a message naming the file", path, rec.fatals)
		}
	}
}
