// Command zerocalls writes zero_calls_test.go into the module root: a table
// of calls, one for every exported package-level function and every
// exported method of an exported type of the module's public packages whose
// last result is an error, each with the zero value of every parameter,
// for TestZeroCalls (zero_check_test.go, hand-written), which runs them all
// and fails for each one that panics.
//
// The module's rule (doc.go, docs/testing.md): bad input, nil pointers,
// nil slices and zero values included, gets an error and never a panic from
// anything that has an error result. Methods are called twice: on a nil
// pointer receiver (when the method is declared on the pointer) and on a
// pointer to the zero value of the type.
//
// A function that rejects its first zero argument never reaches a later
// nil one, so the file has a second table, oneZeroCalls, and its test
// TestOneZeroCalls (onezero.go): each of those functions and methods with
// parameters is called once per parameter, with that parameter zero and
// every other one, and a method's receiver, a valid value from the
// fixtures table (onezero.go), whose builders are the hand-written
// zero_fixtures_test.go. A call that needs a type without a fixture is
// left out and listed in the file as "no fixture".
//
// Run it from the module root, as go generate does (doc.go):
//
//	go run ./internal/_tools/zerocalls
//
// The directory's leading underscore keeps it out of ./... so that go vet
// and go test of the module do not see it. It uses only the standard
// library: the packages are type-checked from source by go/importer.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/importer"
	"go/token"
	"go/types"
	"io/fs"
	"log"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

const outFile = "zero_calls_test.go"

// skipDirs are the module-relative top-level directories whose packages are
// not part of the public API checked here.
var skipDirs = []string{"internal", "cmd", "bench", "test", "testdata", "docs"}

func main() {
	log.SetFlags(0)
	log.SetPrefix("zerocalls: ")
	root, modPath, err := findModule()
	if err != nil {
		log.Fatal(err)
	}
	dirs, err := publicDirs(root)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.Chdir(root); err != nil {
		log.Fatal(err)
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	g := newGen(modPath, root, fset)
	for _, dir := range dirs {
		p := modPath
		if dir != "." {
			p += "/" + dir
		}
		pkg, err := imp.Import(p)
		if err != nil {
			log.Fatalf("%s: %v", p, err)
		}
		g.pkg(pkg)
	}
	src, err := g.file()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, outFile), src, 0o644); err != nil {
		log.Fatal(err)
	}
	for _, s := range g.skipped {
		log.Printf("skipped %s", s)
	}
	log.Printf("wrote %s: %d calls; %d one-zero-argument calls, %d left out for want of a fixture",
		outFile, len(g.calls), len(g.oneZero), g.noFixtureCount())
	for _, k := range g.unusedFixtures() {
		log.Printf("fixture %q serves no call", k)
	}
}

// findModule returns the directory of the go.mod at or above the working
// directory, and its module path.
func findModule() (dir, modPath string, err error) {
	dir, err = os.Getwd()
	if err != nil {
		return "", "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
					return dir, strings.Trim(f[1], `"`), nil
				}
			}
			return "", "", fmt.Errorf("%s: no module line", filepath.Join(dir, "go.mod"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", errors.New("no go.mod at or above the working directory")
		}
		dir = parent
	}
}

// publicDirs returns the module-relative directories, sorted, that hold a
// non-test Go file and are neither below a skipped directory, nor named
// with a leading "_" or ".", nor in a nested module.
func publicDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			name := d.Name()
			if strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || name == "testdata" {
				return filepath.SkipDir
			}
			if !strings.Contains(rel, "/") && slices.Contains(skipDirs, rel) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // a nested module
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			dir := path.Dir(rel)
			if len(dirs) == 0 || dirs[len(dirs)-1] != dir {
				dirs = append(dirs, dir)
			}
		}
		return nil
	})
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	return dirs, err
}

// exempt are the calls left out of the table, each with its reason: a
// documented panic of the public API.
var exempt = map[string]string{
	"secp256k1.NewPublicKey":         "a nil or zero Point as an input panics, as documented in doc.go (a programmer error)",
	"(*secp256k1.Point)(nil).BytesX": "a nil or zero Point as an input panics, as documented in doc.go",
	"new(secp256k1.Point).BytesX":    "a nil or zero Point as an input panics, as documented in doc.go",
	// oneZeroCalls
	"secp256k1.NewPublicKey: zero p": "a nil or zero Point as an input panics, as documented in doc.go (a programmer error)",
}

type call struct {
	name string // the table key, unique
	pos  string // module-relative file of the declaration
	body string // the closure's body: one call expression
}

type gen struct {
	modPath string
	root    string
	fset    *token.FileSet

	calls    []call
	skipped  []string
	exempted []string // name: reason, for the generated file's comment

	// The second table, oneZeroCalls: one zero argument among fixtures.
	oneZero         []call
	oneZeroExempted []string
	noFixture       map[string][]string // type key -> the calls left out for want of it
	usedFixtures    map[string]types.Type

	// imports maps an import path to its name in the generated file;
	// only the used ones are written.
	imports map[string]string
	names   map[string]string // name -> path
	used    map[string]bool   // path -> used
}

func newGen(modPath, root string, fset *token.FileSet) *gen {
	g := &gen{
		modPath: modPath,
		root:    root,
		fset:    fset,
		imports: map[string]string{},
		names:   map[string]string{},
		used:    map[string]bool{},

		noFixture:    map[string][]string{},
		usedFixtures: map[string]types.Type{},
	}
	return g
}

// importName returns the name under which the file imports path p, adding
// the import when needed.
func (g *gen) importName(p, name string) string {
	if n, ok := g.imports[p]; ok {
		return n
	}
	n := name
	for i := 2; ; i++ {
		if _, taken := g.names[n]; !taken {
			break
		}
		n = name + strconv.Itoa(i)
	}
	g.imports[p] = n
	g.names[n] = p
	return n
}

// nameable reports whether the generated file can name every type in t.
func nameable(t types.Type) bool {
	ok := true
	var walk func(types.Type)
	seen := map[types.Type]bool{}
	walk = func(t types.Type) {
		if !ok || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			obj := t.Obj()
			if obj.Pkg() != nil && (!obj.Exported() || isInternal(obj.Pkg().Path())) {
				ok = false
				return
			}
			if targs := t.TypeArgs(); targs != nil {
				for i := range targs.Len() {
					walk(targs.At(i))
				}
			}
		case *types.Alias:
			walk(types.Unalias(t))
		case *types.TypeParam:
			ok = false
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Signature:
			for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
				for v := range tup.Variables() {
					walk(v.Type())
				}
			}
		case *types.Struct:
			for f := range t.Fields() {
				if !f.Exported() {
					ok = false
					return
				}
				walk(f.Type())
			}
		case *types.Interface:
			for m := range t.Methods() {
				if !m.Exported() {
					ok = false
					return
				}
				walk(m.Type())
			}
			for e := range t.EmbeddedTypes() {
				walk(e)
			}
		}
	}
	walk(t)
	return ok
}

func isInternal(p string) bool {
	return strings.HasSuffix(p, "/internal") || strings.Contains(p, "/internal/") ||
		strings.HasPrefix(p, "internal/") || p == "internal"
}

func (g *gen) qualifier(p *types.Package) string {
	g.used[p.Path()] = true
	return g.importName(p.Path(), p.Name())
}

func (g *gen) typeString(t types.Type) string {
	return types.TypeString(t, g.qualifier)
}

// zero returns an expression of the zero value of t, and false when the
// generated file cannot write one (an unexported or internal type).
func (g *gen) zero(t types.Type) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
		return "", false
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		if !nameable(t) {
			return "", false
		}
		return g.typeString(t) + "{}", true
	}
	return "", false
}

func (g *gen) relPos(pos token.Pos) string {
	p := g.fset.Position(pos)
	if !p.IsValid() {
		return "?"
	}
	rel, err := filepath.Rel(g.root, p.Filename)
	if err != nil {
		rel = p.Filename
	}
	// The file only: a line number would make every edit above a
	// declaration stale the generated file, which .ci/run checks.
	return filepath.ToSlash(rel)
}

// returnsError reports whether sig's last result is the predeclared error.
func returnsError(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() == 0 {
		return false
	}
	return types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// args returns the zero arguments of sig, or the reason the file cannot
// write them. A variadic parameter gets no argument (a nil slice).
func (g *gen) args(sig *types.Signature) (string, error) {
	if sig.TypeParams().Len() > 0 {
		return "", errors.New("generic")
	}
	params := sig.Params()
	n := params.Len()
	if sig.Variadic() {
		n--
	}
	var args []string
	for i := range n {
		v := params.At(i)
		z, ok := g.zero(v.Type())
		if !ok {
			return "", fmt.Errorf("parameter %s of unnameable type %s", v.Name(), v.Type())
		}
		args = append(args, z)
	}
	return strings.Join(args, ", "), nil
}

func (g *gen) pkg(pkg *types.Package) {
	// The package's name in the file, marked used by its first call.
	qual := g.importName(pkg.Path(), pkg.Name())
	defer func(n, m int) {
		if len(g.calls) > n || len(g.oneZero) > m {
			g.used[pkg.Path()] = true
		}
	}(len(g.calls), len(g.oneZero))
	scope := pkg.Scope()
	for _, name := range scope.Names() { // sorted
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			sig := obj.Signature()
			if !returnsError(sig) {
				continue
			}
			id := qual + "." + name
			g.oneZeroCalls(id, nil, qual+"."+name, sig, g.relPos(obj.Pos()))
			args, err := g.args(sig)
			if err != nil {
				g.skipped = append(g.skipped, fmt.Sprintf("%s: %v", id, err))
				continue
			}
			g.calls = append(g.calls, call{
				name: id,
				pos:  g.relPos(obj.Pos()),
				body: fmt.Sprintf("%s.%s(%s)", qual, name, args),
			})
		case *types.TypeName:
			if obj.IsAlias() {
				// Its methods are those of the aliased type, checked in that
				// type's package if public.
				g.skipped = append(g.skipped, fmt.Sprintf("%s.%s: alias", qual, name))
				continue
			}
			g.methods(qual, obj)
		}
	}
}

// methods adds the calls of the exported error-returning methods of the
// named type obj: its method set through a pointer, promoted methods
// included, in name order.
func (g *gen) methods(qual string, obj *types.TypeName) {
	named, ok := obj.Type().(*types.Named)
	if !ok {
		return
	}
	if types.IsInterface(named) {
		return // no receiver to make
	}
	tname := qual + "." + obj.Name()
	if named.TypeParams().Len() > 0 {
		mset := types.NewMethodSet(types.NewPointer(named))
		for sel := range mset.Methods() {
			if sel.Obj().Exported() && returnsError(sel.Type().(*types.Signature)) {
				g.skipped = append(g.skipped, fmt.Sprintf("(*%s).%s: generic type", tname, sel.Obj().Name()))
			}
		}
		return
	}
	mset := types.NewMethodSet(types.NewPointer(named))
	for sel := range mset.Methods() { // sorted by name
		m := sel.Obj().(*types.Func)
		if !m.Exported() {
			continue
		}
		sig := sel.Type().(*types.Signature) // without the receiver
		if !returnsError(sig) {
			continue
		}
		promoted := len(sel.Index()) > 1
		_, ptrRecv := m.Signature().Recv().Type().(*types.Pointer)
		via := ""
		if promoted {
			via = " (promoted from " + g.typeString(m.Signature().Recv().Type()) + ")"
		}
		pos := g.relPos(m.Pos())
		g.oneZeroCalls(fmt.Sprintf("(*%s).%s", tname, m.Name()), types.NewPointer(named),
			m.Name(), sig, pos+via)
		args, err := g.args(sig)
		if err != nil {
			g.skipped = append(g.skipped, fmt.Sprintf("(*%s).%s: %v", tname, m.Name(), err))
			continue
		}
		// A nil receiver: only for a method declared on the pointer; a
		// value method's nil dereference is the language's, not the
		// method's.
		if ptrRecv && !promoted {
			g.calls = append(g.calls, call{
				name: fmt.Sprintf("(*%s)(nil).%s", tname, m.Name()),
				pos:  pos,
				body: fmt.Sprintf("(*%s)(nil).%s(%s)", tname, m.Name(), args),
			})
		}
		g.calls = append(g.calls, call{
			name: fmt.Sprintf("new(%s).%s", tname, m.Name()),
			pos:  pos + via,
			body: fmt.Sprintf("new(%s).%s(%s)", tname, m.Name(), args),
		})
	}
}

// exemptReason returns the reason a call named name is left out, if it is.
func exemptReason(name string) (string, bool) {
	if reason, ok := exempt[name]; ok {
		return reason, true
	}
	if strings.HasSuffix(name, ").Unwrap") || strings.Contains(name, ").Unwrap: ") {
		// Unwrap reports the wrapped error, not a failure, and the
		// errors package never calls it on a nil receiver.
		return "Unwrap of an error type: no failure to report", true
	}
	return "", false
}

// finish removes the exempt calls of calls, recording them in exempted,
// and sorts the rest by name, which must be unique.
func finish(calls []call, exempted *[]string) ([]call, error) {
	calls = slices.DeleteFunc(calls, func(c call) bool {
		reason, ok := exemptReason(c.name)
		if ok {
			*exempted = append(*exempted, c.name+": "+reason)
		}
		return ok
	})
	slices.Sort(*exempted)
	slices.SortStableFunc(calls, func(a, b call) int { return strings.Compare(a.name, b.name) })
	for i := 1; i < len(calls); i++ {
		if calls[i].name == calls[i-1].name {
			return nil, fmt.Errorf("two calls named %s", calls[i].name)
		}
	}
	return calls, nil
}

// fixtureHelpers returns the generated fixture helpers, sorted by name,
// and replaces the fixture keys in the bodies of g.oneZero by calls of
// them.
func (g *gen) fixtureHelpers() ([]fixtureHelper, error) {
	var hs []fixtureHelper
	byKey := map[string]string{}
	for k, t := range g.usedFixtures {
		h := fixtureHelper{name: g.fixtureHelper(k, t), key: k, typ: g.typeString(t), expr: fixtures[k]}
		hs = append(hs, h)
		byKey[k] = h.name
	}
	slices.SortFunc(hs, func(a, b fixtureHelper) int { return strings.Compare(a.name, b.name) })
	for i := 1; i < len(hs); i++ {
		if hs[i].name == hs[i-1].name {
			return nil, fmt.Errorf("fixtures %q and %q get one helper name, %s", hs[i-1].key, hs[i].key, hs[i].name)
		}
	}
	for i, c := range g.oneZero {
		parts := strings.Split(c.body, "\x00")
		for j := 1; j < len(parts); j += 2 {
			parts[j] = byKey[parts[j]] + "()"
		}
		g.oneZero[i].body = strings.Join(parts, "")
	}
	return hs, nil
}

type fixtureHelper struct {
	name, key, typ, expr string
}

func (g *gen) file() ([]byte, error) {
	var err error
	if g.calls, err = finish(g.calls, &g.exempted); err != nil {
		return nil, err
	}
	if g.oneZero, err = finish(g.oneZero, &g.oneZeroExempted); err != nil {
		return nil, err
	}
	for k := range exempt {
		if !slices.ContainsFunc(slices.Concat(g.exempted, g.oneZeroExempted), func(e string) bool {
			return e == k+": "+exempt[k]
		}) {
			return nil, fmt.Errorf("exempt names %s, which is no call", k)
		}
	}
	helpers, err := g.fixtureHelpers()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`// Code generated by go run ./internal/_tools/zerocalls; DO NOT EDIT.

// Regenerate with go generate . (doc.go) or, from the module root:
//
//	go run ./internal/_tools/zerocalls

package secp256k1_test

`)
	b.WriteString("import (\n")
	paths := make([]string, 0, len(g.imports))
	for p := range g.imports {
		if g.used[p] {
			paths = append(paths, p)
		}
	}
	// The standard library first, then the module, as goimports groups.
	std := func(p string) bool { return !strings.Contains(strings.Split(p, "/")[0], ".") }
	slices.SortFunc(paths, func(a, b string) int {
		if std(a) != std(b) {
			if std(a) {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	for i, p := range paths {
		if i > 0 && std(paths[i-1]) != std(p) {
			b.WriteString("\n")
		}
		if n := g.imports[p]; n != path.Base(p) {
			fmt.Fprintf(&b, "\t%s %q\n", n, p)
		} else {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, `// zeroCalls calls every exported function, and every exported method of
// an exported type, of the module's public packages whose last result is an
// error, with the zero value of every parameter: nil pointers, slices,
// maps, functions and interfaces, 0, "", false and zero structs. A method
// is called on a nil pointer receiver when it is declared on the pointer,
// and on a pointer to the zero value of its type. The comment of each call
// is the file of the declaration.
//
// Left out (internal/_tools/zerocalls, exempt), with the reason:
`)
	for _, e := range g.exempted {
		fmt.Fprintf(&b, "//   - %s\n", e)
	}
	b.WriteString("var zeroCalls = []zeroCall{\n")
	for _, c := range g.calls {
		fmt.Fprintf(&b, "\t{%q, func() { %s }}, // %s\n", c.name, c.body, c.pos)
	}
	b.WriteString("}\n")
	g.writeOneZero(&b, helpers)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return b.Bytes(), fmt.Errorf("formatting the generated file: %v", err)
	}
	return src, nil
}
