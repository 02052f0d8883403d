package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// allLibs returns every library; libsecp256k1 must be there: the build of
// test/libsecp/oracle.sh (LIBSECP_SO) or the system's (apt-get install
// libsecp256k1-dev), as in CI.
func allLibs(t *testing.T) []*Lib {
	t.Helper()
	libs, err := selectLibs(defaultLibs(), "")
	if err != nil {
		t.Fatal(err)
	}
	return libs
}

// TestCrossCheck is the program's -check on a small sample: every library
// agrees with every other on every operation.
func TestCrossCheck(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	const seed = 20261202
	var out bytes.Buffer
	comparisons, mismatches := crossCheck(allLibs(t), newDataset(seed, n), seed, &out)
	t.Logf("%d comparisons on %d cases", comparisons, n)
	if mismatches > 0 || comparisons == 0 {
		t.Fatalf("%d of %d comparisons disagree:\n%s", mismatches, comparisons, out.String())
	}
	comparisons, mismatches = crossCheck(allLibs(t), newDataset(timingSeed, timingCases), timingSeed, &out)
	if mismatches > 0 || comparisons == 0 {
		t.Fatalf("the timing data set: %d of %d comparisons disagree:\n%s", mismatches, comparisons, out.String())
	}
}

// f2 returns s with its last character changed.
func f2(s string) string {
	return s[:len(s)-1] + string(s[len(s)-1]^1)
}

func flipped(b []byte) []byte {
	if b == nil {
		return nil
	}
	c := bytes.Clone(b)
	c[len(c)-1] ^= 1
	return c
}

// TestCrossCheckCatchesDisagreement breaks one operation of one library at
// a time and requires the cross-check to name that operation.
func TestCrossCheckCatchesDisagreement(t *testing.T) {
	breaks := []struct {
		op     string
		lib    string
		mutate func(l *Lib)
	}{
		{"ec_keygen", "geth", func(l *Lib) {
			f := l.Keygen
			l.Keygen = func(sk []byte) []byte { return f(flipped(sk)) }
		}},
		{"ecdsa_sign", "decred", func(l *Lib) {
			f := l.ECDSASign
			l.ECDSASign = func(k int, msg []byte) []byte { return f(k, flipped(msg)) }
		}},
		{"ecdsa_verify", "btcec", func(l *Lib) {
			l.ECDSAVerify = func(_, _, _, _ []byte) bool { return true }
		}},
		{"ecdsa_recover", "libsecp", func(l *Lib) {
			f := l.ECDSARecover
			l.ECDSARecover = func(rsv, msg []byte) []byte { return f(rsv, flipped(msg)) }
		}},
		{"ecdh", "kestrel", func(l *Lib) {
			f := l.ECDH
			l.ECDH = func(k int, pub []byte) []byte { return flipped(f(k, pub)) }
		}},
		{"schnorrsig_sign", "btcec", func(l *Lib) {
			f := l.SchnorrSign
			l.SchnorrSign = func(k int, msg, aux []byte) []byte { return f(k, msg, flipped(aux)) }
		}},
		{"schnorrsig_verify", "libsecp", func(l *Lib) {
			l.SchnorrVerify = func(_, _, _ []byte) bool { return false }
		}},
		{"ellswift_encode", "btcec", func(l *Lib) {
			f := l.EllEncode
			l.EllEncode = func(k int, rnd []byte) []byte { return flipped(f(k, rnd)) }
		}},
		{"ellswift_decode", "kestrel", func(l *Lib) {
			f := l.EllDecode
			l.EllDecode = func(enc []byte) []byte { return f(flipped(enc)) }
		}},
		{"ellswift_keygen", "kestrel", func(l *Lib) {
			f := l.EllCreate
			l.EllCreate = func(k int, aux []byte) []byte { return f((k+1)%4, aux) }
		}},
		{"ellswift_ecdh", "btcec", func(l *Lib) {
			f := l.EllXDH
			l.EllXDH = func(k int, a, b []byte, initiating bool) []byte { return f(k, a, b, !initiating) }
		}},
		{"hd_account", "btcec", func(l *Lib) {
			f := l.HDAccount
			l.HDAccount = func(k int) (string, string) { x, p := f(k); return x, f2(p) }
		}},
		{"hd_derive", "kestrel", func(l *Lib) {
			f := l.HDDerivePriv
			l.HDDerivePriv = func(k int, i uint32) []byte { return f(k, i+1) }
		}},
		{"hd_derive", "btcec", func(l *Lib) {
			f := l.HDDerivePub
			l.HDDerivePub = func(k int, i uint32) []byte { return flipped(f(k, i)) }
		}},
		{"musig2_session", "kestrel", func(l *Lib) {
			f := l.MuSig2
			l.MuSig2 = func(k0, k1 int, msg []byte) ([]byte, []byte) {
				agg, sig := f(k0, k1, msg)
				return agg, flipped(sig)
			}
		}},
	}
	const seed = 7
	d := newDataset(seed, 4)
	for _, br := range breaks {
		t.Run(br.op+"/"+br.lib, func(t *testing.T) {
			libs := allLibs(t)
			for _, l := range libs {
				if l.Name == br.lib {
					br.mutate(l)
				}
			}
			var out bytes.Buffer
			_, mismatches := crossCheck(libs, d, seed, &out)
			if mismatches == 0 || !strings.Contains(out.String(), "MISMATCH "+br.op) {
				t.Fatalf("a broken %s in %s went unnoticed:\n%s", br.op, br.lib, out.String())
			}
		})
	}
}

// TestMeasureAndOutputs times one operation briefly and checks that the
// table, the CSV and the SVG are written and well-formed.
func TestMeasureAndOutputs(t *testing.T) {
	libs := allLibs(t)
	d := newDataset(timingSeed, 8)
	for _, l := range libs {
		l.Load(d)
	}
	tm := timing{rounds: 2, batch: time.Millisecond}
	var results []Result
	for _, op := range ops {
		if op.Name == "ecdsa_sign" || op.Name == "ellswift_decode" {
			results = append(results, measure(op, libs, d, tm, nil)...)
		}
	}
	// ellswift_decode: Kestrel and btcec, and libsecp256k1 from 0.4 on
	// (the oracle's build), which is then the reference.
	ellLibs, ellRef, ellRow := 2, "kestrel", []string{"| ellswift_decode ¹ |", "relative to Kestrel"}
	if slices.ContainsFunc(libs, func(l *Lib) bool { return l.Name == "libsecp" && l.EllDecode != nil }) {
		ellLibs, ellRef, ellRow = 3, "libsecp", []string{"| ellswift_decode |"}
	}
	if len(results) != 5+ellLibs {
		t.Fatalf("got %d results, want %d", len(results), 5+ellLibs)
	}
	for _, r := range results {
		if r.Min <= 0 || r.Median < r.Min || r.Iters < 1 || r.Rounds != 2 || r.Ratio <= 0 {
			t.Errorf("implausible result %+v", r)
		}
		if want := map[string]string{"ecdsa_sign": "libsecp", "ellswift_decode": ellRef}[r.Op]; r.Ref != want {
			t.Errorf("%s: reference %s, want %s", r.Op, r.Ref, want)
		}
	}
	env := newEnv(tm)

	var table bytes.Buffer
	writeTable(&table, env, libs, results)
	for _, s := range append([]string{"| ecdsa_sign |"}, ellRow...) {
		if !strings.Contains(table.String(), s) {
			t.Errorf("the table lacks %q:\n%s", s, table.String())
		}
	}

	var buf bytes.Buffer
	if err := writeCSV(&buf, env, libs, results); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(records) != 1+len(results) {
		t.Fatalf("CSV: %d records, %v", len(records), err)
	}

	buf.Reset()
	if err := writeChart(&buf, env, libs, results); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&buf)
	bars := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			bars++
		}
	}
	if want := 1 + len(libs) + len(results); bars != want {
		t.Errorf("the SVG has %d rects, want %d (background, legend, bars)", bars, want)
	}
}
