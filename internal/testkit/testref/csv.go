package testref

import (
	"encoding/csv"
	"os"
	"testing"
)

// CSV returns the rows of the CSV file at path, the header included,
// failing the test if it cannot be read or parsed.
func CSV(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}
