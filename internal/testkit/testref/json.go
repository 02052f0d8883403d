package testref

import (
	"encoding/json"
	"os"
	"testing"
)

// JSON decodes the JSON file at path into v, failing the test if it cannot
// be read or decoded.
func JSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
