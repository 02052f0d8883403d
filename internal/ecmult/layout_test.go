package ecmult

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
)

// fileOrder is doc.go's map of the package: every non-test file, each
// allowed to use the declarations of the files before it and its own.
var fileOrder = []string{
	"doc.go",
	"common.go",
	"gen_86k.go",
	"gen_22k.go",
	"gen_2k.go",
	"gen.go",
	"const.go",
	"gtables.go",
	"table.go",
	"strauss.go",
	"xequals.go",
	"lanes.go",
	"gen8.go",
	"gen16.go",
	"const8.go",
	"const16.go",
	"strauss8.go",
	"strauss16.go",
	"liftx16.go",
	"pippenger_digits.go",
	"pippenger_buckets.go",
	"pippenger_lanes_amd64.go",
	"pippenger_lanes_stubs_amd64.go",
	"pippenger_lanes_noasm.go",
	"pippenger_lanes.go",
	"pippenger_affine.go",
	"pippenger.go",
	"msm.go",
}

// layoutTags are the build configurations whose files together are every
// file of the package: the default one, the one without assembly, and the
// two smaller comb tables, all for layoutArch.
var layoutTags = [][]string{nil, {"purego"}, {"kestrel_comb22k"}, {"kestrel_comb2k"}}

// layoutArch is the GOARCH of the check, whatever machine runs it: amd64
// is the one architecture with files of its own.
const layoutArch = "amd64"

// TestFileOrder checks that references between the files of the package
// point one way, up fileOrder: a file may use a declaration (constant,
// variable, type, function, method or struct field) of its own or of a
// file before it, never of one after it. It type-checks the files of each
// build configuration of layoutTags, with the dependencies' export data
// from go list, for layoutArch.
func TestFileOrder(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("GOOS=%s cannot start processes: no go list", runtime.GOOS)
	}
	rank := make(map[string]int)
	for i, f := range fileOrder {
		rank[f] = i
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			files = append(files, n)
		}
	}
	for _, f := range files {
		if _, ok := rank[f]; !ok {
			t.Errorf("%s is not in fileOrder (layout_test.go) and doc.go's map", f)
		}
	}
	for _, f := range fileOrder {
		if !slices.Contains(files, f) {
			t.Errorf("fileOrder lists %s, which is not a file of the package", f)
		}
	}

	exports := exportData(t)
	checked := make(map[string]bool)
	reported := make(map[fileUse]bool)
	for _, tags := range layoutTags {
		ctx := build.Default
		ctx.GOARCH = layoutArch
		ctx.BuildTags = tags
		bp, err := ctx.ImportDir(".", 0)
		if err != nil {
			t.Fatalf("tags %q: %v", tags, err)
		}
		for _, u := range fileUses(t, exports, ctx.GOARCH, bp.ImportPath, bp.GoFiles) {
			if rank[u.decl] > rank[u.user] && !reported[u] {
				reported[u] = true
				t.Errorf("%s uses %s of %s, which comes after it in fileOrder", u.user, u.name, u.decl)
			}
		}
		for _, f := range bp.GoFiles {
			checked[f] = true
		}
	}
	for _, f := range files {
		if !checked[f] {
			t.Errorf("no configuration of layoutTags compiles %s: its uses are unchecked", f)
		}
	}
}

// fileUse is a use, in file user, of the declaration name in file decl.
type fileUse struct{ user, name, decl string }

// fileUses type-checks the files of package path and returns the uses
// across files of its package-level declarations, methods and fields,
// each (user, name, decl) once.
func fileUses(t *testing.T, exports map[string]string, goarch, path string, names []string) []fileUse {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("go list reported no export data for %s", path)
		}
		return os.Open(file)
	})
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object)}
	conf := types.Config{Importer: imp, Sizes: types.SizesFor("gc", goarch)}
	pkg, err := conf.Check(path, fset, files, info)
	if err != nil {
		t.Fatalf("type-checking %s: %v", names, err)
	}
	seen := make(map[fileUse]bool)
	var uses []fileUse
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !declaration(pkg, obj) {
			continue
		}
		u := fileUse{
			user: filepath.Base(fset.Position(id.Pos()).Filename),
			name: obj.Name(),
			decl: filepath.Base(fset.Position(obj.Pos()).Filename),
		}
		if u.user != u.decl && !seen[u] {
			seen[u] = true
			uses = append(uses, u)
		}
	}
	sort.Slice(uses, func(i, j int) bool {
		return fmt.Sprint(uses[i]) < fmt.Sprint(uses[j])
	})
	return uses
}

// declaration reports whether obj, an object of pkg, is declared at
// package level, or is a method or a struct field: not a local name.
func declaration(pkg *types.Package, obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Parent() == pkg.Scope() || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.Parent() == pkg.Scope() || obj.IsField()
	}
	return obj.Parent() == pkg.Scope()
}

// exportData runs go list -export -deps on the package for layoutArch and
// returns the export data file of each package it depends on, by import
// path.
func exportData(t *testing.T) map[string]string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		// As in the root package's TestLayering: the toolchain that built
		// this test, if go is not on PATH.
		//lint:ignore SA1019 only a fallback after PATH, and this test binary runs where it was built
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goBin, "list", "-export", "-deps", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}", ".")
	cmd.Env = append(os.Environ(), "GOARCH="+layoutArch)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s list -export -deps: %v\n%s", goBin, err, stderr.Bytes())
	}
	exports := make(map[string]string)
	for line := range strings.Lines(stdout.String()) {
		if path, file, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			exports[path] = file
		}
	}
	return exports
}
