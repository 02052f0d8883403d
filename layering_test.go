package secp256k1_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLayering checks the import graph of the module's packages, as
// `go list -deps -json ./...` reports it for this GOOS/GOARCH without build
// tags. Package paths in the rules below are relative to the module ("."
// is the root package) and are matched as patterns: "x" is package x only,
// "x/..." is x and every package below it, "..." is every package of the
// module.
func TestLayering(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("GOOS=%s cannot start processes: no go list", runtime.GOOS)
	}
	pkgs := goListDeps(t)
	if pkgs["."] == nil {
		t.Fatalf("go list reported no root package %s", modulePath)
	}

	// a. The packages in internal directories are below the root package:
	// none depends on it, directly or not, outside tests.
	t.Run("a_internal_not_root", func(t *testing.T) {
		// Test-support packages, imported only by _test.go files, which
		// drive the public API and so need the root package.
		exempt := []string{
			"internal/testkit/testref/...",
			"internal/testkit/dudect/...",
			// The one door between the root's public values and the
			// engines' internal forms: it is above the root by design,
			// and rule e keeps it the only such package.
			"internal/door",
		}
		for _, rel := range sortedKeys(pkgs) {
			if !isInternal(rel) || matchAny(rel, exempt) {
				continue
			}
			if p := pkgs[rel]; slices.Contains(p.deps, ".") {
				t.Errorf("%s depends on the root package %s (through %s)",
					p.ImportPath, modulePath, strings.Join(p.through(pkgs, "."), ", "))
			}
		}
	})

	// b. No hook package: the protocols once reached the root's unexported
	// engines through function variables in a package named hook, set by
	// the root's init. Nothing may import a package of that name again,
	// tests included.
	t.Run("b_no_hook_package", func(t *testing.T) {
		for _, rel := range sortedKeys(pkgs) {
			p := pkgs[rel]
			for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
				if path.Base(imp) == "hook" {
					t.Errorf("%s imports %s", p.ImportPath, imp)
				}
			}
		}
	})

	// c. Each protocol package reaches the engines itself: it imports
	// internal/ecmult or the root package directly.
	t.Run("c_protocols_import_engines", func(t *testing.T) {
		for _, rel := range []string{"ecdsa", "schnorr", "ecdh", "dleq", "ellswift", "musig2", "frost", "frost/rfc9591", "frost/chilldkg", "silentpayments", "bip32", "adaptor", "s2c", "halfagg", "ct", "ct/rangeproof", "ct/whitelist"} {
			p := pkgs[rel]
			if p == nil {
				t.Errorf("%s: no such package", importPath(rel))
				continue
			}
			if !slices.Contains(p.imports, "internal/ecmult") && !slices.Contains(p.imports, ".") {
				t.Errorf("%s imports neither %s nor %s", p.ImportPath, importPath("internal/ecmult"), modulePath)
			}
		}
	})

	// d. The layers point one way. Each row forbids pkg to depend, directly
	// or not, on a package that matches forbidden unless it matches allowed.
	// A row whose pkg does not exist (yet) is skipped.
	protocols := []string{"ecdsa/...", "schnorr/...", "ecdh/...", "dleq/...", "ellswift/...", "musig2/...", "frost/...", "silentpayments/...", "bip32/...", "btcaddr/...", "bip322/...", "hash2curve/...", "adaptor/...", "s2c/...", "halfagg/...", "ct/..."}
	layers := []struct {
		pkg       string
		forbidden []string
		allowed   []string
	}{
		// The bottom layer. internal/safegcd (the inversion, below field:
		// it imports no package of the module) is allowed too.
		{"internal/field", []string{"..."}, []string{"internal/debug", "internal/safegcd"}},
		{"internal/scalar", []string{"internal/group/...", "internal/ecmult/..."}, nil},
		{"internal/group", []string{"internal/ecmult/...", "internal/scalar/..."}, nil},
		// The lane packages sit beside the one-point ones, not above them:
		// internal/field8 imports no package of the module, internal/group8
		// only field8. They take and give plain limbs, and internal/ecmult,
		// which holds both forms, converts; so ecmult's chain down is
		// group → field, not group8 → field8 → field (TestLongestChain).
		// Their tests may check them against field and group.
		{"internal/field8", []string{"..."}, nil},
		{"internal/group8", []string{"..."}, []string{"internal/field8"}},
		{"internal/ecmult", append([]string{"."}, protocols...), nil},
	}
	t.Run("d_layers", func(t *testing.T) {
		for _, l := range layers {
			p := pkgs[l.pkg]
			if p == nil {
				t.Logf("%s does not exist: skipped", importPath(l.pkg))
				continue
			}
			for _, dep := range p.deps {
				if matchAny(dep, l.forbidden) && !matchAny(dep, l.allowed) {
					t.Errorf("%s depends on %s (through %s)",
						p.ImportPath, importPath(dep), strings.Join(p.through(pkgs, dep), ", "))
				}
			}
		}
	})

	// e. The doors: internal/door converts between the root's values and the
	// engines' forms by pointer conversions, and internal/ctdoor does the
	// same for package ct's Generator and Commitment (for ct's
	// subpackages), so they are the library packages that import unsafe
	// (cgo bindings live in their own modules), with one exception, named
	// to the file: internal/ecmult's lanes.go hands its tables of
	// group.Affine to internal/group8's lookups as group8.Affine64, the same
	// memory (a test there checks the layouts). internal/door imports no
	// protocol package, internal/ctdoor none but ct: protocols import them.
	t.Run("e_one_door", func(t *testing.T) {
		doors := map[string][]string{"internal/door": nil, "internal/ctdoor": {"ct"}}
		unsafeFiles := map[string][]string{"internal/ecmult": {"lanes.go"}}
		for _, rel := range sortedKeys(pkgs) {
			p := pkgs[rel]
			if _, ok := doors[rel]; !slices.Contains(p.Imports, "unsafe") || ok {
				continue
			}
			allowed, ok := unsafeFiles[rel]
			if !ok {
				t.Errorf("%s imports unsafe; only %s and %s may", p.ImportPath, importPath("internal/door"), importPath("internal/ctdoor"))
				continue
			}
			for _, f := range p.GoFiles {
				if !slices.Contains(allowed, f) && fileImports(t, filepath.Join(p.Dir, f), "unsafe") {
					t.Errorf("%s imports unsafe; in %s only %s may", filepath.Join(p.Dir, f), p.ImportPath, strings.Join(allowed, ", "))
				}
			}
		}
		for rel, allowed := range doors {
			d := pkgs[rel]
			if d == nil {
				continue
			}
			for _, dep := range d.deps {
				if matchAny(dep, protocols) && !slices.Contains(allowed, dep) {
					t.Errorf("%s depends on the protocol package %s", d.ImportPath, importPath(dep))
				}
			}
		}
	})
}

// listedPackage is the part of go list's JSON that the rules read, with
// imports and deps also kept as module-relative paths (packages outside the
// module dropped).
type listedPackage struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	Imports      []string
	TestImports  []string
	XTestImports []string
	Deps         []string

	imports, deps []string
}

// through returns the direct imports of p by which p depends on dep
// (module-relative), for error messages.
func (p *listedPackage) through(pkgs map[string]*listedPackage, dep string) []string {
	var via []string
	for _, imp := range p.imports {
		if imp == dep || (pkgs[imp] != nil && slices.Contains(pkgs[imp].deps, dep)) {
			via = append(via, importPath(imp))
		}
	}
	return via
}

// goListDeps runs go list -deps -json ./... and returns the module's
// packages by module-relative path.
func goListDeps(t *testing.T) map[string]*listedPackage {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		// Not on PATH (go test puts GOROOT/bin first on it, so rarely):
		// the go of the toolchain that built this test. If that is gone too,
		// cmd.Run fails and so does the test.
		//lint:ignore SA1019 only a fallback after PATH, and this test binary runs where it was built
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goBin, "list", "-deps", "-json", "./...")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s list -deps -json ./...: %v\n%s", goBin, err, stderr.Bytes())
	}
	pkgs := make(map[string]*listedPackage)
	dec := json.NewDecoder(&stdout)
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		rel, ok := moduleRel(p.ImportPath)
		if !ok {
			continue
		}
		for _, imp := range p.Imports {
			if r, ok := moduleRel(imp); ok {
				p.imports = append(p.imports, r)
			}
		}
		for _, dep := range p.Deps {
			if r, ok := moduleRel(dep); ok {
				p.deps = append(p.deps, r)
			}
		}
		pkgs[rel] = p
	}
	return pkgs
}

// fileImports reports whether the Go file at path imports the package imp.
func fileImports(t *testing.T, path, imp string) bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range f.Imports {
		if p, err := strconv.Unquote(s.Path.Value); err == nil && p == imp {
			return true
		}
	}
	return false
}

// moduleRel returns the module-relative form of an import path ("." for
// the root), and whether the path is in the module.
func moduleRel(path string) (string, bool) {
	if path == modulePath {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, modulePath+"/")
	return rel, ok
}

// isInternal reports whether the module-relative path rel is in an
// internal directory (internal/... or .../internal/...).
func isInternal(rel string) bool {
	return slices.Contains(strings.Split(rel, "/"), "internal")
}

// matchAny reports whether the module-relative path rel matches one of the
// patterns: "..." (any), "x/..." (x or below) or "x" (exactly).
func matchAny(rel string, patterns []string) bool {
	for _, pat := range patterns {
		if pat == "..." || pat == rel {
			return true
		}
		if base, ok := strings.CutSuffix(pat, "/..."); ok && (rel == base || strings.HasPrefix(rel, base+"/")) {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]*listedPackage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestProtocolImports states the protocol-to-protocol imports (outside
// tests): a protocol package (a package of the module that is neither the
// root, nor internal, nor under cmd or bench) imports another only along
// an edge listed here. A user of bip32 does not compile musig2, and an
// add-on (adaptor) is imported by nothing it extends.
func TestProtocolImports(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("GOOS=%s cannot start processes: no go list", runtime.GOOS)
	}
	allowed := map[string][]string{
		"adaptor":        {"ecdsa"},
		"bip322":         {"btcaddr", "ecdsa", "schnorr"},
		"ct/rangeproof":  {"ct"},
		"frost/chilldkg": {"ecdh", "frost", "schnorr"},
		"frost/rfc9591":  {"hash2curve"},
		"musig2":         {"bip32", "schnorr"},
		"s2c":            {"ecdsa"},
		"silentpayments": {"dleq"},
	}
	// Edges that must not come back, also indirectly.
	never := []struct{ pkg, dep string }{
		{"bip32", "musig2"},
		{"musig2", "adaptor"},
	}
	pkgs := goListDeps(t)
	protocol := func(rel string) bool {
		return rel != "." && !isInternal(rel) && !matchAny(rel, []string{"cmd/...", "bench/..."})
	}
	for _, rel := range sortedKeys(pkgs) {
		if !protocol(rel) {
			continue
		}
		for _, imp := range pkgs[rel].imports {
			if protocol(imp) && !slices.Contains(allowed[rel], imp) {
				t.Errorf("%s imports %s, an edge that TestProtocolImports does not list", importPath(rel), importPath(imp))
			}
		}
	}
	for _, n := range never {
		if p := pkgs[n.pkg]; p != nil && slices.Contains(p.deps, n.dep) {
			t.Errorf("%s depends on %s (through %s)", p.ImportPath, importPath(n.dep), strings.Join(p.through(pkgs, n.dep), ", "))
		}
	}
}

// maxLibChain and maxChain bound the longest import chain of the module's
// packages outside tests, without cmd and bench (the library a user
// compiles) and with them: packages counted, the importing one and the
// imported one both. Each package on a chain waits for the one below it
// to compile, and a reader follows a chain down to understand the top.
// Issue 39's target is 8.
//
// The library's chain is 8: a protocol that imports another in its public
// API (adaptor → ecdsa, musig2 → schnorr, …), the one door to the root's
// values (ecdsa → internal/door → root), then root → ecmult → group →
// field → debug or safegcd. The lane packages are not on it: they import
// no one-point package (TestLayering, d), so group8 → field8 is two
// below ecmult, beside group → field.
//
// cmd/secp256k1 is one more, 9: it imports such a protocol (cmd → adaptor
// → ecdsa → door → root), and those five packages are fixed by the public
// API (adaptor's functions take ecdsa's types; a protocol reaches the
// root's values through door, which must import the root). The command is
// a leaf that nothing imports, so its depth costs only its own build.
const (
	maxLibChain = 8
	maxChain    = 9
)

// TestLongestChain computes the longest chain of imports between the
// module's packages, as go list reports them for this GOOS/GOARCH, with
// cmd and bench and without them, and fails if one has more than
// maxChain or maxLibChain packages, printing it.
func TestLongestChain(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("GOOS=%s cannot start processes: no go list", runtime.GOOS)
	}
	pkgs := goListDeps(t)
	chain := longestChain(pkgs)
	t.Logf("longest chain, %d packages: %s", len(chain), strings.Join(chain, " → "))
	lib := make(map[string]*listedPackage)
	for rel, p := range pkgs {
		if !matchAny(rel, []string{"cmd/...", "bench/..."}) {
			lib[rel] = p
		}
	}
	libChain := longestChain(lib)
	t.Logf("without cmd and bench, %d packages: %s", len(libChain), strings.Join(libChain, " → "))
	if len(chain) > maxChain {
		t.Errorf("the longest import chain has %d packages, more than %d: %s", len(chain), maxChain, strings.Join(chain, " → "))
	}
	if len(libChain) > maxLibChain {
		t.Errorf("the longest import chain without cmd and bench has %d packages, more than %d: %s", len(libChain), maxLibChain, strings.Join(libChain, " → "))
	}
}

// longestChain returns a longest chain of imports between the packages,
// from the importing package down to a package that imports none of them
// (module-relative paths). Of chains of equal length it returns the first
// in path order, so the result does not depend on map order.
func longestChain(pkgs map[string]*listedPackage) []string {
	memo := make(map[string][]string)
	var below func(rel string) []string
	below = func(rel string) []string {
		if c, ok := memo[rel]; ok {
			return c
		}
		var best []string
		imps := slices.Clone(pkgs[rel].imports)
		slices.Sort(imps)
		for _, imp := range imps {
			if pkgs[imp] == nil {
				continue
			}
			if c := below(imp); len(c) > len(best) {
				best = c
			}
		}
		c := append([]string{rel}, best...)
		memo[rel] = c
		return c
	}
	var longest []string
	for _, rel := range sortedKeys(pkgs) {
		if c := below(rel); len(c) > len(longest) {
			longest = c
		}
	}
	return longest
}
