package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// halfaggLines returns the input lines of the draft's vectors (tests.rs's
// test_verify_vectors_gen: keys [1; 32] and [4; 32], messages [2; 32] and
// [5; 32], aux [3; 32] and [6; 32]), signed by the CLI, and their
// aggregate, the draft's vector for two signatures.
func halfaggLines(t *testing.T) (string, string) {
	t.Helper()
	var lines []string
	for _, v := range [][3]string{{"01", "02", "03"}, {"04", "05", "06"}} {
		sk, msg, aux := strings.Repeat(v[0], 32), strings.Repeat(v[1], 32), strings.Repeat(v[2], 32)
		pk, _, code := cli(t, "", "pubkey", "-xonly", sk)
		sig, _, code2 := cli(t, "", "schnorr-sign", sk, msg, aux)
		if code != 0 || code2 != 0 {
			t.Fatalf("pubkey/schnorr-sign exit %d, %d", code, code2)
		}
		lines = append(lines, pk+" "+msg+" "+sig)
	}
	const vector2 = "b070aafcea439a4f6f1bbfc2eb66d29d24b0cab74d6b745c3cfb009cc8fe4aa8a3afbdb45a6a34bf7c8c00f1b6d7e7d375b54540f13716c87b62e51e2f4f22ffbf8913ec53226a34892d60252a7052614ca79ae939986828d81d2311957371ad"
	return strings.Join(lines, "\n") + "\n", vector2
}

func TestHalfaggAggregateVerify(t *testing.T) {
	input, want := halfaggLines(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "sigs.txt")
	// Comments, blank lines, CRLF and 0x prefixes are fine.
	if err := os.WriteFile(file, []byte("# two signatures\n\n"+strings.ReplaceAll(strings.ReplaceAll(input, "\n", "\r\n"), "b070", "0xb070")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"halfagg", "aggregate"}, {"halfagg", "aggregate", "-"}, {"halfagg", "aggregate", file}} {
		out, errOut, code := cli(t, input, args...)
		if code != 0 || out != want || errOut != "" {
			t.Fatalf("%q: %q, exit %d, stderr %q; want the draft's vector %s", args, out, code, errOut, want)
		}
	}
	out, _, code := cli(t, input, "halfagg", "aggregate", "-json")
	var res struct {
		Aggregate  string
		Signatures int
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Aggregate != want || res.Signatures != 2 {
		t.Fatalf("aggregate -json: %q (%v), exit %d", out, err, code)
	}

	aggFile := filepath.Join(dir, "agg.txt")
	os.WriteFile(aggFile, []byte(want+"\n"), 0o644)
	pairsOnly := strings.Join([]string{input[:129], input[len(input)/2 : len(input)/2+129]}, "\n")
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{input, []string{"halfagg", "verify", want}},
		{input, []string{"halfagg", "verify", "0x" + want, "-"}},
		{"", []string{"halfagg", "verify", want, file}},
		{pairsOnly, []string{"halfagg", "verify", "@" + aggFile}},
	} {
		if out, errOut, code := cli(t, c.stdin, c.args...); code != 0 || out != "true" || errOut != "" {
			t.Errorf("%q: %q, exit %d, stderr %q", c.args, out, code, errOut)
		}
	}
	if out, _, code := cli(t, input, "halfagg", "verify", "-json", want); code != 0 || out != `{"signatures":2,"valid":true}` {
		t.Errorf("verify -json: %q, exit %d", out, code)
	}

	// Invalid: another message, the pairs swapped, s changed, r not on the
	// curve: false, exit 1, the reason on standard error in one line.
	other := strings.Replace(input, strings.Repeat("05", 32), strings.Repeat("07", 32), 1)
	lines := strings.SplitAfter(input, "\n")
	swapped := lines[1] + lines[0]
	for _, c := range []struct{ stdin, agg, reason string }{
		{other, want, "invalid aggregate signature"},
		{swapped, want, "invalid aggregate signature"},
		{input, want[:len(want)-1] + "e", "invalid aggregate signature"},
		{input, strings.Repeat("ff", 32) + want[64:], "r of signature 0 is not the x coordinate of a point"},
		{input, want[:128] + strings.Repeat("ff", 32), "s is not less than the group order"},
	} {
		out, errOut, code := cli(t, c.stdin, "halfagg", "verify", c.agg)
		if code != 1 || out != "false" || !strings.HasPrefix(errOut, "secp256k1 halfagg verify: ") || !strings.Contains(errOut, c.reason) || strings.Contains(errOut, "\n") {
			t.Errorf("verify %s: %q, exit %d, stderr %q; want false, exit 1, %q", c.agg, out, code, errOut, c.reason)
		}
		if out, _, code := cli(t, c.stdin, "halfagg", "verify", "-json", c.agg); code != 1 || out != `{"signatures":2,"valid":false}` {
			t.Errorf("verify -json %s: %q, exit %d", c.agg, out, code)
		}
	}

	// No signature: 32 zero bytes.
	zero := strings.Repeat("00", 32)
	if out, _, code := cli(t, "# nothing\n", "halfagg", "aggregate"); code != 0 || out != zero {
		t.Errorf("aggregate of nothing: %q, exit %d", out, code)
	}
	if out, _, code := cli(t, "", "halfagg", "verify", zero); code != 0 || out != "true" {
		t.Errorf("verify of nothing: %q, exit %d", out, code)
	}
}

func TestHalfaggBadInput(t *testing.T) {
	input, agg := halfaggLines(t)
	line := strings.Fields(strings.SplitN(input, "\n", 2)[0])
	pk, msg, sig := line[0], line[1], line[2]
	offCurve := "eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34"
	for _, c := range []struct {
		stdin   string
		args    []string
		errPart string
	}{
		{"", []string{"halfagg"}, "want aggregate or verify"},
		{"", []string{"halfagg", "split"}, `unknown command "split"`},
		{"", []string{"halfagg", "aggregate", "a", "b"}, "want arguments [file], got 2"},
		{"", []string{"halfagg", "verify"}, "want arguments <aggregate|@file> [file], got 0"},
		{"", []string{"halfagg", "verify", agg, "f", "-json"}, "flags go before the arguments"},
		{"", []string{"halfagg", "aggregate", "-xonly"}, "-xonly is not a flag of halfagg aggregate, which takes -json"},
		{"", []string{"halfagg", "aggregate", "-nosuchflag"}, "flag provided but not defined: -nosuchflag"},
		{"", []string{"halfagg", "aggregate", "/nonexistent/sigs"}, "no such file"},
		{"", []string{"halfagg", "verify", "@/nonexistent/agg", "-"}, "aggregate: open /nonexistent/agg"},
		{"", []string{"halfagg", "verify", "zz"}, "aggregate: not hex"},
		{input, []string{"halfagg", "verify", agg[1:]}, "aggregate: odd number of hex digits"},
		{input, []string{"halfagg", "verify", agg[64:]}, "aggregate: want 32·(n+1) = 96 bytes for n = 2 signatures, got 64 bytes"},
		{pk + " " + msg + "\n", []string{"halfagg", "aggregate"}, "line 1: want 3 hex fields (<pubkey> <message> <signature>), got 2"},
		{"\n" + pk + "\n", []string{"halfagg", "verify", agg}, "line 2: want 2 hex fields (<pubkey> <message>), got 1"},
		{pk + " " + msg + " " + sig + " extra\n", []string{"halfagg", "aggregate"}, "line 1: want 3 hex fields"},
		{pk + " " + msg + " " + sig[1:] + "\n", []string{"halfagg", "aggregate"}, "line 1: signature: odd number of hex digits"},
		{pk + " " + msg + " " + sig[2:] + "\n", []string{"halfagg", "aggregate"}, "line 1: signature: want 64 bytes (128 hex digits), got 63 bytes"},
		{pk + " " + msg + "00 " + sig + "\n", []string{"halfagg", "aggregate"}, "line 1: message: want 32 bytes (64 hex digits), got 33 bytes"},
		{"02" + pk + " " + msg + " " + sig + "\n", []string{"halfagg", "aggregate"}, "line 1: pubkey: want 32 bytes (64 hex digits), got 33 bytes"},
		{"xx" + pk[2:] + " " + msg + " " + sig + "\n", []string{"halfagg", "aggregate"}, `line 1: pubkey: not hex: 'x' at position 1`},
		{offCurve + " " + msg + " " + sig + "\n", []string{"halfagg", "aggregate"}, "line 1: pubkey: not on the curve"},
		{input + strings.Repeat("ff", 32) + " " + msg + "\n", []string{"halfagg", "verify", agg + strings.Repeat("00", 32)}, "line 3: pubkey: not less than the field prime p"},
		{"", []string{"help", "halfagg", "split"}, `unknown command "split"`},
	} {
		out, errOut, code := cli(t, c.stdin, c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.errPart) || strings.Contains(errOut, "\n") {
			t.Errorf("%q: stdout %q, exit %d, stderr %q; want exit 2 and %q", c.args, out, code, errOut, c.errPart)
		}
		if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
			t.Errorf("%q: stack trace: %q", c.args, errOut)
		}
	}
	// -json prints the error as JSON too.
	out, _, code := cli(t, "", "halfagg", "verify", "-json", "zz")
	var res struct{ Error string }
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 2 || !strings.Contains(res.Error, "aggregate: not hex") {
		t.Errorf("verify -json zz: %q, exit %d", out, code)
	}
}

func TestHalfaggHelp(t *testing.T) {
	for _, args := range [][]string{{"halfagg", "-h"}, {"halfagg", "help"}, {"help", "halfagg"}} {
		out, errOut, code := cli(t, "", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: secp256k1 halfagg aggregate [flags] [file]") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	for _, hc := range halfaggCommands {
		for _, args := range [][]string{{"halfagg", hc.name, "-h"}, {"help", "halfagg", hc.name}, {"halfagg", hc.name, "x", "--help"}} {
			out, errOut, code := cli(t, "", args...)
			if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: secp256k1 halfagg "+hc.name+" [flags] "+hc.args) || !strings.Contains(out, "-json") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
			}
		}
	}
	if out, _, _ := cli(t, "", "help"); !strings.Contains(out, "halfagg aggregate [file]") || !strings.Contains(out, "halfagg verify <aggregate|@file> [file]") {
		t.Errorf("help does not list the halfagg commands: %q", out)
	}
}
