// Command wiregen writes musig2/wire_gen.go and frost/wire_gen.go from one
// template (wire.go.tmpl): what the two packages declare alike in their
// public API (the wire types and their encodings, InvalidContributionError,
// the taproot tweaks), each with its own BIP and documentation; the
// computations behind them are internal/mpsig's. Run it from the module
// root (go generate . does):
//
//	go run ./internal/_tools/wiregen [-check]
//
// -check writes nothing and fails if a file differs (TestWireGenerated).
package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"text/template"
)

//go:embed wire.go.tmpl
var tmplText string

// pkg is what differs between the packages; the template branches on
// Frost where their documentation says different things.
type pkg struct {
	Pkg   string // package name and directory
	BIP   string // the BIP that specifies it
	Ctx   string // the tweak context type
	Frost bool
}

var pkgs = []pkg{
	{Pkg: "musig2", BIP: "BIP-327", Ctx: "KeyAggContext"},
	{Pkg: "frost", BIP: "BIP-445", Ctx: "TweakContext", Frost: true},
}

func main() {
	check := flag.Bool("check", false, "fail if a file differs from what it would write; write nothing")
	flag.Parse()
	tmpl := template.Must(template.New("wire").Parse(tmplText))
	failed := false
	for _, p := range pkgs {
		var buf bytes.Buffer
		if err := tmpl.Execute(&buf, p); err != nil {
			fatal(err)
		}
		src, err := format.Source(buf.Bytes())
		if err != nil {
			fatal(fmt.Errorf("%s: %v", p.Pkg, err))
		}
		name := filepath.Join(p.Pkg, "wire_gen.go")
		if *check {
			if old, err := os.ReadFile(name); err != nil || !bytes.Equal(old, src) {
				fmt.Fprintf(os.Stderr, "%s is not up to date: run go run ./internal/_tools/wiregen\n", name)
				failed = true
			}
			continue
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			fatal(err)
		}
	}
	if failed {
		os.Exit(1)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "wiregen:", err)
	os.Exit(1)
}
