package secp256k1_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The exported API of the module's public packages, held in testdata/api as
// golden text: every exported constant, variable, type (with its exported
// fields and methods), function and method, with its full signature and its
// doc comment, as go/doc sees them in the files that a normal build of this
// GOOS/GOARCH compiles (go/build's default context: no build tags, so
// comb_86k.go for the root package). The package comment is left out, so
// doc.go can grow; so are unexported declarations and _test.go files.
//
// A change to the API, a rename or a doc comment edit alike, fails
// TestAPI with a diff. When the change is intended, rewrite the goldens
// with
//
//	go test -run '^TestAPI$' -update-api .
//
// and commit them with it.

var updateAPI = flag.Bool("update-api", false, "rewrite testdata/api/*.txt from the current exported API")

const modulePath = "github.com/kestrel-crypto/secp256k1"

// apiPackages lists the public packages by module-relative directory ("."
// for the root), each with the name of its golden in testdata/api.
var apiPackages = []struct{ dir, golden string }{
	{".", "secp256k1.txt"},
	{"ecdsa", "ecdsa.txt"},
	{"schnorr", "schnorr.txt"},
	{"ecdh", "ecdh.txt"},
	{"dleq", "dleq.txt"},
	{"ct", "ct.txt"},
	{"ct/rangeproof", "rangeproof.txt"},
	{"ct/whitelist", "whitelist.txt"},
	{"ellswift", "ellswift.txt"},
	{"musig2", "musig2.txt"},
	{"frost", "frost.txt"},
	{"frost/rfc9591", "rfc9591.txt"},
	{"frost/chilldkg", "chilldkg.txt"},
	{"silentpayments", "silentpayments.txt"},
	{"stdecdsa", "stdecdsa.txt"},
	{"bip32", "bip32.txt"},
	{"btcaddr", "btcaddr.txt"},
	{"bip322", "bip322.txt"},
	{"keyfmt", "keyfmt.txt"},
	{"hash2curve", "hash2curve.txt"},
	{"adaptor", "adaptor.txt"},
	{"s2c", "s2c.txt"},
	{"halfagg", "halfagg.txt"},
}

const apiGoldenDir = "testdata/api"

func TestAPI(t *testing.T) {
	for _, p := range apiPackages {
		t.Run(p.golden, func(t *testing.T) {
			got, err := apiDump(p.dir)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(apiGoldenDir, p.golden)
			if *updateAPI {
				if err := os.MkdirAll(apiGoldenDir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v\nwrite the golden with: go test -run '^TestAPI$' -update-api .", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the exported API of %s differs from %s (--- golden, +++ current):\n%s\n"+
					"if the change is intended, regenerate the goldens with: go test -run '^TestAPI$' -update-api .",
					importPath(p.dir), path, lineDiff(path, "current", string(want), string(got)))
			}
		})
	}

	// No golden for a package that is no longer listed.
	t.Run("no stale goldens", func(t *testing.T) {
		entries, err := os.ReadDir(apiGoldenDir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !slices.ContainsFunc(apiPackages, func(p struct{ dir, golden string }) bool { return p.golden == e.Name() }) {
				t.Errorf("%s: no package in apiPackages has this golden", filepath.Join(apiGoldenDir, e.Name()))
			}
		}
	})
}

// TestAPIPackageList checks that apiPackages names every importable package
// of the module outside internal directories (commands and the nested
// modules aside), so that a new public package cannot go unguarded.
func TestAPIPackageList(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != "." {
			if name == "testdata" || name == "internal" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a nested module
			}
		}
		pkg, err := build.Default.ImportDir(path, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return err
		}
		if pkg.Name == "main" {
			return nil
		}
		dir := filepath.ToSlash(path)
		if !slices.ContainsFunc(apiPackages, func(p struct{ dir, golden string }) bool { return p.dir == dir }) {
			t.Errorf("public package %s is not in apiPackages: add it and run go test -run '^TestAPI$' -update-api .", importPath(dir))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func importPath(dir string) string {
	if dir == "." {
		return modulePath
	}
	return modulePath + "/" + dir
}

// apiDump renders the exported API of the package in dir (relative to the
// module root) as text. go/doc sorts every list by name, so the dump does
// not depend on which file a declaration is in.
func apiDump(dir string) ([]byte, error) {
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range slices.Concat(bp.GoFiles, bp.CgoFiles) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	// Mode 0: exported declarations only; go/doc also strips the unexported
	// fields and interface methods, which go/printer then marks with a
	// "contains filtered or unexported fields" comment.
	pkg, err := doc.NewFromFiles(fset, files, importPath(dir))
	if err != nil {
		return nil, err
	}

	d := &apiPrinter{fset: fset}
	fmt.Fprintf(&d.buf, "package %s // import %q\n", pkg.Name, pkg.ImportPath)
	if len(pkg.Consts) > 0 {
		d.section("CONSTANTS")
		d.values(pkg.Consts)
	}
	if len(pkg.Vars) > 0 {
		d.section("VARIABLES")
		d.values(pkg.Vars)
	}
	if len(pkg.Funcs) > 0 {
		d.section("FUNCTIONS")
		d.funcs(pkg.Funcs)
	}
	if len(pkg.Types) > 0 {
		d.section("TYPES")
		for _, typ := range pkg.Types {
			d.decl(typ.Decl, typ.Doc)
			d.values(typ.Consts)
			d.values(typ.Vars)
			d.funcs(typ.Funcs)
			d.funcs(typ.Methods)
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	return d.buf.Bytes(), nil
}

type apiPrinter struct {
	fset *token.FileSet
	buf  bytes.Buffer
	err  error
}

func (d *apiPrinter) section(title string) {
	fmt.Fprintf(&d.buf, "\n%s\n", title)
}

func (d *apiPrinter) values(list []*doc.Value) {
	for _, v := range list {
		d.decl(v.Decl, v.Doc)
	}
}

func (d *apiPrinter) funcs(list []*doc.Func) {
	for _, f := range list {
		decl := *f.Decl // the signature only
		decl.Doc, decl.Body = nil, nil
		d.decl(&decl, f.Doc)
	}
}

// decl prints node as gofmt would, then its doc comment indented by four
// spaces, as go doc does. go/doc has detached the doc comment of a top-level
// declaration from the AST; those of the specs in a group and of struct
// fields stay attached, and go/printer prints them with the node.
func (d *apiPrinter) decl(node ast.Node, docText string) {
	d.buf.WriteByte('\n')
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&d.buf, d.fset, node); err != nil && d.err == nil {
		d.err = err
	}
	d.buf.WriteByte('\n')
	for line := range strings.Lines(docText) {
		line = strings.TrimRight(line, " \t\n")
		if line != "" {
			d.buf.WriteString("    ")
			d.buf.WriteString(line)
		}
		d.buf.WriteByte('\n')
	}
}

// lineDiff returns a unified diff (three lines of context) from a to b, a
// plain LCS on the lines between the common prefix and suffix. That is
// quadratic, so past a few million cells it reports the middle as replaced
// wholesale rather than align it.
func lineDiff(nameA, nameB, a, b string) string {
	x, y := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	if x[len(x)-1] == "" {
		x = x[:len(x)-1]
	}
	if y[len(y)-1] == "" {
		y = y[:len(y)-1]
	}
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]

	// ops: ' ' common, '-' only in a, '+' only in b, over the whole files.
	type op struct {
		kind byte
		line string
	}
	var ops []op
	for _, l := range x[:pre] {
		ops = append(ops, op{' ', l})
	}
	if n, m := len(mx), len(my); (n+1)*(m+1) <= 1<<22 {
		lcs := make([][]int32, n+1) // lcs[i][j]: LCS length of mx[i:], my[j:]
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && mx[i] == my[j]:
				ops = append(ops, op{' ', mx[i]})
				i, j = i+1, j+1
			case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
				ops = append(ops, op{'-', mx[i]})
				i++
			default:
				ops = append(ops, op{'+', my[j]})
				j++
			}
		}
	} else {
		for _, l := range mx {
			ops = append(ops, op{'-', l})
		}
		for _, l := range my {
			ops = append(ops, op{'+', l})
		}
	}
	for _, l := range x[len(x)-suf:] {
		ops = append(ops, op{' ', l})
	}

	const context = 3
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	// lineA[k], lineB[k]: the 1-based lines of a and b at ops[k].
	lineA, lineB := make([]int, len(ops)+1), make([]int, len(ops)+1)
	la, lb := 1, 1
	for k, o := range ops {
		lineA[k], lineB[k] = la, lb
		if o.kind != '+' {
			la++
		}
		if o.kind != '-' {
			lb++
		}
	}
	lineA[len(ops)], lineB[len(ops)] = la, lb
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		// A hunk: from context lines before the change to context lines
		// after the last change that is within 2*context of the next.
		start := max(0, k-context)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		countA, countB := lineA[end]-lineA[start], lineB[end]-lineB[start]
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", lineA[start], countA, lineB[start], countB)
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.line)
			if !strings.HasSuffix(o.line, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		k = end
	}
	return out.String()
}
