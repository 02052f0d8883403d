package secp256k1_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestOneDoor checks that no library package converts a value by encoding
// it and parsing the bytes again: internal/door converts the root's values
// to the engines' forms and back. In each function of each non-test file
// of a library package it marks what an encoder returns (Bytes,
// BytesCompressed, …) or writes (PutBytes, PutCompressed, copy from an
// encoder) and fails if a decoder (SetBytes, SetCanonicalBytes,
// ParsePublicKey, …) reads it. The root package, which owns the encodings,
// internal/door and the programs (cmd, the separate modules) are left out.
// Reducing an encoding mod n (SetReducedBytes: x(R) mod n in ECDSA) is a
// conversion between two fields, not a round trip, and is allowed; so is a
// decoder call on a line whose comment says "not a round trip", and
// stdecdsa, whose encodings are its interface to math/big.
func TestOneDoor(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("GOOS=%s: no source tree to walk", runtime.GOOS)
	}
	encoders := []string{"Bytes", "BytesCompressed", "BytesUncompressed", "BytesX", "VarTimeBytesCompressed", "MarshalBinary", "AppendBinary"}
	writers := []string{"PutBytes", "PutCompressed"} // write their encoding into the first argument
	decoders := []string{"SetBytes", "SetCanonicalBytes", "SetUniformBytes", "SetXOnlyBytes", "SetCompressed", "ParsePublicKey", "NewPrivateKey", "UnmarshalBinary", "LiftX"}
	skip := func(dir string) bool {
		for _, p := range []string{"cmd", "bench", "test", "internal/_asm", "internal/_tools", "internal/door", "internal/testkit", "testdata", "stdecdsa"} {
			if dir == p || strings.HasPrefix(dir, p+"/") {
				return true
			}
		}
		return dir == "."
	}
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && skip(filepath.ToSlash(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if skip(dir) || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files++
		allowed := map[int]bool{}
		for _, cg := range f.Comments {
			if strings.Contains(cg.Text(), "not a round trip") {
				allowed[fset.Position(cg.Pos()).Line] = true
			}
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			for _, bad := range roundTrips(fn.Body, encoders, writers, decoders) {
				if allowed[fset.Position(bad.pos).Line] {
					continue
				}
				t.Errorf("%s: %s decodes %s, which %s encoded: convert through internal/door", fset.Position(bad.pos), bad.decoder, bad.name, fn.Name.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("read only %d files", files)
	}
}

type roundTrip struct {
	pos     token.Pos
	decoder string
	name    string
}

// calledName returns the name of the function or method that c calls.
func calledName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// rootIdent returns the variable at the root of an expression such as
// b[1:33], (*[32]byte)(b[1:]) or &b, or nil.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.SliceExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.CallExpr: // a conversion such as (*[32]byte)(b)
			if len(x.Args) != 1 {
				return nil
			}
			e = x.Args[0]
		default:
			return nil
		}
	}
}

// roundTrips returns the decoder calls in body that read an encoding made in
// body, in source order (a mark made later in a loop is not seen earlier:
// enough for straight-line conversion code).
func roundTrips(body *ast.BlockStmt, encoders, writers, decoders []string) []roundTrip {
	encoded := map[string]bool{}
	isEncoding := func(e ast.Expr) (string, bool) {
		found, name := false, ""
		ast.Inspect(e, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if slices.Contains(encoders, calledName(x)) {
					found, name = true, calledName(x)+"()"
					return false
				}
				// Into a conversion such as [32]byte(b) or (*[32]byte)(b),
				// but not into other calls: what a hash of an encoding
				// returns is not that encoding.
				switch x.Fun.(type) {
				case *ast.ArrayType, *ast.ParenExpr:
					return true
				}
				return false
			case *ast.Ident:
				if encoded[x.Name] {
					found, name = true, x.Name
				}
			}
			return !found
		})
		return name, found
	}
	var out []roundTrip
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, rhs := range x.Rhs {
				if _, ok := isEncoding(rhs); ok && i < len(x.Lhs) {
					if id := rootIdent(x.Lhs[i]); id != nil {
						encoded[id.Name] = true
					}
				}
			}
		case *ast.CallExpr:
			name := calledName(x)
			switch {
			case name == "copy" && len(x.Args) == 2:
				if _, ok := isEncoding(x.Args[1]); ok {
					if id := rootIdent(x.Args[0]); id != nil {
						encoded[id.Name] = true
					}
				}
			case slices.Contains(writers, name) && len(x.Args) > 0:
				if id := rootIdent(x.Args[0]); id != nil {
					encoded[id.Name] = true
				}
			case slices.Contains(decoders, name):
				for _, a := range x.Args {
					if what, ok := isEncoding(a); ok {
						out = append(out, roundTrip{x.Pos(), name, what})
					}
				}
			}
		}
		return true
	})
	return out
}
