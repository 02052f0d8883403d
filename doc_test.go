package secp256k1_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocFilesHoldNoCode checks that every doc.go of the module holds only
// its package's comment: the declarations live in files named for them.
func TestDocFilesHoldNoCode(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "doc.go" {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if f.Doc == nil {
			t.Errorf("%s: no package comment", path)
		}
		if len(f.Decls) != 0 {
			t.Errorf("%s holds %d declarations; move them to a file named for them", path, len(f.Decls))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPackageDocListsSubpackages checks that the root package comment has
// a line for every public subpackage (apiPackages).
func TestPackageDocListsSubpackages(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range apiPackages {
		if p.dir == "." {
			continue
		}
		if !strings.Contains(string(src), "\n//   - "+p.dir+": ") {
			t.Errorf("doc.go lists no %s (a line \"//   - %s: …\")", p.dir, p.dir)
		}
	}
}
