package main

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// sampleRun is a run of two operations by three libraries, one operation
// without libsecp256k1, as writeCSV and writePage get it.
func sampleRun() (Env, []*Lib, []Result) {
	env := Env{
		Date: "2026-01-02", Host: "bench-host", CPU: "Some CPU, model 7", Go: "go1.26.10", Arch: "amd64",
		Affinity: "pinned to CPU 1", Procs: 1, Commit: "abc1234",
		Timing: timing{rounds: 150, batch: 20 * time.Millisecond},
	}
	libs := []*Lib{
		{Name: "kestrel", Label: "Kestrel", About: "Kestrel (this repository)"},
		{Name: "libsecp", Label: "libsecp256k1 0.7.0", About: "libsecp256k1 0.7.0, /usr/lib/libsecp256k1.so, through cgo"},
		{Name: "btcec", Label: "btcec v2.5.1", About: "btcec, pure Go, with \"quotes\", and commas"},
	}
	results := []Result{
		{Op: "ecdsa_sign", Lib: "kestrel", Min: 9040.5, Median: 9260.1, Rounds: 150, Iters: 2100, Ref: "libsecp", Ratio: 0.4412, RatioLo: 0.4636},
		{Op: "ecdsa_sign", Lib: "libsecp", Min: 19500, Median: 21100.3, Rounds: 150, Iters: 950, Ref: "libsecp", Ratio: 1, RatioLo: 1},
		{Op: "ecdsa_sign", Lib: "btcec", Min: 23800, Median: 25200, Rounds: 150, Iters: 800, Ref: "libsecp", Ratio: 1.1943, RatioLo: 1.2205},
		{Op: "ellswift_decode", Lib: "kestrel", Min: 3710, Median: 3800, Rounds: 150, Iters: 5000, Ref: "kestrel", Ratio: 1, RatioLo: 1},
		{Op: "ellswift_decode", Lib: "btcec", Min: 36400, Median: 37400, Rounds: 150, Iters: 500, Ref: "kestrel", Ratio: 9.8421, RatioLo: 9.8113},
	}
	return env, libs, results
}

// TestCSVRoundTrip checks that readCSV gives back what writeCSV wrote: the
// run, the libraries' names, labels and versions, and every result, so that
// -from writes the same page, CSV and chart as the run did.
func TestCSVRoundTrip(t *testing.T) {
	env, libs, results := sampleRun()
	var buf bytes.Buffer
	if err := writeCSV(&buf, env, libs, results); err != nil {
		t.Fatal(err)
	}
	written := buf.String()
	env2, libs2, results2, err := readCSV(strings.NewReader(written))
	if err != nil {
		t.Fatalf("readCSV: %v\n%s", err, written)
	}
	if env2 != env {
		t.Errorf("env: got %+v, want %+v", env2, env)
	}
	if !reflect.DeepEqual(libs2, libs) {
		t.Errorf("libraries: got %+v, want %+v", libs2, libs)
	}
	if !reflect.DeepEqual(results2, results) {
		t.Errorf("results:\ngot  %+v\nwant %+v", results2, results)
	}
	buf.Reset()
	if err := writeCSV(&buf, env2, libs2, results2); err != nil {
		t.Fatal(err)
	}
	if buf.String() != written {
		t.Errorf("the CSV changed on a second round:\n%s\nthen\n%s", written, buf.String())
	}
}

// TestReadCSVRejects feeds readCSV broken files: each must fail.
func TestReadCSVRejects(t *testing.T) {
	env, libs, results := sampleRun()
	var buf bytes.Buffer
	if err := writeCSV(&buf, env, libs, results); err != nil {
		t.Fatal(err)
	}
	good := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	header, first := good[0], good[1]
	cases := map[string]string{
		"no lines":          header,
		"old header":        "operation,library,label,min_ns,median_ns,ratio_median,ratio_min,reference,rounds,ops_per_round,date,go,cpu\n" + first,
		"unknown operation": header + "\n" + strings.Replace(first, "ecdsa_sign", "ecdsa_sing", 1),
		"unknown library":   header + "\n" + strings.Replace(first, "kestrel,Kestrel", "kestrell,Kestrel", 1),
		"bad number":        header + "\n" + strings.Replace(first, "9040.5", "9O40.5", 1),
		"bad batch":         header + "\n" + strings.Replace(first, "20ms", "20", 1),
		"twice":             header + "\n" + first + "\n" + first,
		"short line":        header + "\n" + strings.TrimSuffix(first, ",Kestrel (this repository)"),
		"another run":       header + "\n" + first + "\n" + strings.Replace(good[2], "abc1234", "abc1235", 1),
		"another label":     header + "\n" + first + "\n" + strings.Replace(good[4], "Kestrel,", "Kestrel 2,", 1),
	}
	for name, text := range cases {
		if _, _, _, err := readCSV(strings.NewReader(text + "\n")); err == nil {
			t.Errorf("%s: readCSV accepted\n%s", name, text)
		}
	}
}

// TestPage checks what writePage puts around page.md.in's text: every
// row's definition, the run's date, host, CPU, commit and libraries, the
// chart and both tables, and the mark of a rough run at the top.
func TestPage(t *testing.T) {
	env, libs, results := sampleRun()
	var buf bytes.Buffer
	if err := writePage(&buf, env, libs, results); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	want := []string{
		"# bench/compare", "## Results",
		"- date: 2026-01-02", "- Kestrel: commit abc1234", "- host: bench-host", "- CPU: Some CPU, model 7",
		"go1.26.10 amd64, GOMAXPROCS=1, pinned to CPU 1", "150 rounds per operation",
		"  - libsecp256k1 0.7.0: libsecp256k1 0.7.0, /usr/lib/libsecp256k1.so, through cgo",
		"![time per operation relative to libsecp256k1 0.7.0](compare.svg)",
		"| ecdsa_sign | 9.26 µs (0.44×) | 21.1 µs (1.00×) | 25.2 µs (1.19×) |",
		"| ellswift_decode ¹ | 3.80 µs (1.00×) | — | 37.4 µs (9.84×) |",
		"| ellswift_decode | btcec v2.5.1 | 36.4 µs | 37.4 µs | 9.84× | 9.81× |",
		"[compare.csv](compare.csv)",
	}
	for _, op := range ops {
		want = append(want, "| "+op.Name+" | "+op.What+" |")
	}
	for _, s := range want {
		if !strings.Contains(page, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	if strings.Contains(page, "{{") || strings.Contains(page, "rough run") {
		t.Errorf("a place holder left, or a full run marked rough:\n%s", page)
	}

	env.Timing = timing{rounds: 5, batch: 2 * time.Millisecond}
	buf.Reset()
	if err := writePage(&buf, env, libs, results); err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(buf.String(), "\n")
	if !strings.HasPrefix(rest, "> **A rough run**") {
		t.Errorf("a -quick page does not say so at its top:\n%s", buf.String()[:min(buf.Len(), 400)])
	}
}

// TestDocsPage checks that docs/compare.md and docs/compare.svg are what
// the program writes from docs/compare.csv: the page's figures come from a
// run, and its text from page.md.in, never from an edit of the page.
func TestDocsPage(t *testing.T) {
	const dir = "../../docs/"
	env, libs, results, err := readCSVFile(dir + "compare.csv")
	if err != nil {
		t.Fatal(err)
	}
	const again = "cd bench/compare && GOTOOLCHAIN=go1.26.10 go run . -from ../../docs/compare.csv -md ../../docs/compare.md"
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"compare.md", func(b *bytes.Buffer) error { return writePage(b, env, libs, results) }},
		{"compare.svg", func(b *bytes.Buffer) error { return writeChart(b, env, libs, results) }},
	} {
		var buf bytes.Buffer
		if err := f.write(&buf); err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(dir + f.name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, buf.Bytes()) {
			t.Errorf("docs/%s is not what bench/compare writes from docs/compare.csv: edit page.md.in, not the page, and run\n\t%s",
				f.name, again)
		}
	}
}

// FuzzReadCSV checks that readCSV never panics and that what it accepts
// writes back to a fixed point: writing it, reading that and writing again
// gives the same bytes.
func FuzzReadCSV(f *testing.F) {
	env, libs, results := sampleRun()
	var buf bytes.Buffer
	if err := writeCSV(&buf, env, libs, results); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.String())
	if docs, err := os.ReadFile("../../docs/compare.csv"); err == nil {
		f.Add(string(docs))
	}
	f.Fuzz(func(t *testing.T, text string) {
		env, libs, results, err := readCSV(strings.NewReader(text))
		if err != nil {
			return
		}
		var w1, w2 bytes.Buffer
		if err := writeCSV(&w1, env, libs, results); err != nil {
			t.Fatal(err)
		}
		env, libs, results, err = readCSV(bytes.NewReader(w1.Bytes()))
		if err != nil {
			t.Fatalf("readCSV rejects what writeCSV wrote: %v\n%s", err, w1.String())
		}
		if err := writeCSV(&w2, env, libs, results); err != nil {
			t.Fatal(err)
		}
		if w1.String() != w2.String() {
			t.Fatalf("not a fixed point:\n%s\nthen\n%s", w1.String(), w2.String())
		}
	})
}
