package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// binary is the secp256k1 command built once for the tests that run it as a
// user would.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "secp256k1-cli")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "secp256k1")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// cli runs the binary with args and stdin, returning stdout, stderr and the
// exit status.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out.String()), strings.TrimSpace(errb.String()), code
}

func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func TestSignVerifyRoundTrip(t *testing.T) {
	out, _, code := cli(t, "", "keygen", "-json")
	if code != 0 {
		t.Fatalf("keygen exit %d", code)
	}
	var kg map[string]string
	if err := json.Unmarshal([]byte(out), &kg); err != nil || len(kg["seckey"]) != 64 || len(kg["pubkey"]) != 66 {
		t.Fatalf("keygen -json = %q", out)
	}
	sk, pub := kg["seckey"], kg["pubkey"]
	if got, _, _ := cli(t, "", "pubkey", sk); got != pub {
		t.Fatalf("pubkey = %s, want %s", got, pub)
	}
	hash := sha256Hex("hello")
	sig, _, code := cli(t, "", "sign", sk, hash)
	if code != 0 {
		t.Fatalf("sign exit %d", code)
	}
	if out, _, code := cli(t, "", "verify", pub, hash, sig); code != 0 || out != "true" {
		t.Fatalf("verify = %q, exit %d", out, code)
	}
	// Arguments from standard input.
	if _, _, code := cli(t, pub+"\n"+sig+"\n", "verify", "-", hash, "-"); code != 0 {
		t.Fatalf("verify from stdin exit %d", code)
	}
	// Another hash: invalid, exit 1.
	if out, _, code := cli(t, "", "verify", pub, sha256Hex("other"), sig); code != 1 || out != "false" {
		t.Fatalf("verify of another hash = %q, exit %d", out, code)
	}
	// Recoverable signature and recovery.
	rec, _, _ := cli(t, "", "sign", "-recoverable", sk, hash)
	if got, _, code := cli(t, "", "recover", hash, rec); code != 0 || got != pub {
		t.Fatalf("recover = %q, exit %d", got, code)
	}
	// Schnorr.
	msg := hex.EncodeToString([]byte("any length"))
	out, _, code = cli(t, "", "schnorr-sign", "-json", sk, msg)
	var ss map[string]string
	if err := json.Unmarshal([]byte(out), &ss); err != nil || code != 0 {
		t.Fatalf("schnorr-sign = %q", out)
	}
	if _, _, code := cli(t, "", "schnorr-verify", ss["xonly"], msg, ss["signature"]); code != 0 {
		t.Fatalf("schnorr-verify exit %d", code)
	}
	// ECDH is symmetric.
	other, _, _ := cli(t, "", "keygen")
	lines := strings.Fields(other)
	s1, _, _ := cli(t, "", "ecdh", sk, lines[1])
	s2, _, _ := cli(t, "", "ecdh", lines[0], pub)
	if s1 == "" || s1 != s2 {
		t.Fatalf("ecdh %q vs %q", s1, s2)
	}
}

func TestBadInputExitsTwo(t *testing.T) {
	sk := strings.Repeat("11", 32)
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"pubkey"},
		{"pubkey", "zz"},
		{"pubkey", "1122"},
		{"pubkey", strings.Repeat("00", 32)},
		{"pubkey", strings.Repeat("ff", 32)},
		{"sign", sk},
		{"sign", "-format", "pem", sk, "00"},
		{"verify", "02" + strings.Repeat("00", 32), "00", "3006020101020101"},
		{"verify", "03" + strings.Repeat("11", 32), "00", "300602"},
		{"ecdh", sk, "04"},
		{"schnorr-verify", strings.Repeat("11", 31), "", strings.Repeat("00", 64)},
		{"pubkey", sk, "extra"},
		{"pubkey", "-"},
	} {
		out, errOut, code := cli(t, "", args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stdout %q)", args, code, out)
		}
		if strings.Count(errOut, "\n") > 0 && len(args) > 0 && args[0] != "frobnicate" || strings.Contains(errOut, "goroutine") {
			t.Errorf("%v: error is not one line: %q", args, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	if out, _, code := cli(t, "", "help"); code != 0 || !strings.Contains(out, "schnorr-verify") {
		t.Fatalf("help exit %d: %q", code, out)
	}
	if _, errOut, code := cli(t, "", "sign", "-h"); code != 0 || !strings.Contains(errOut, "-format") {
		t.Fatalf("sign -h exit %d: %q", code, errOut)
	}
}

func TestBenchFormat(t *testing.T) {
	cmd := exec.Command(binary, "bench")
	cmd.Env = append(os.Environ(), "SECP256K1_BENCH_ITERS=20")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if !strings.HasPrefix(lines[0], "Benchmark                     ,    Min(us)    ,    Avg(us)    ,    Max(us)    ") {
		t.Fatalf("header %q", lines[0])
	}
	rows := map[string]bool{}
	for _, l := range lines[2:] {
		f := strings.Split(l, ",")
		if len(f) != 4 {
			t.Fatalf("row %q", l)
		}
		rows[strings.TrimSpace(f[0])] = true
	}
	for _, want := range []string{"ecdsa_verify", "ecdsa_sign", "ec_keygen", "ecdh", "ecdsa_recover", "schnorrsig_sign", "schnorrsig_verify", "ellswift_encode", "ellswift_decode", "ellswift_keygen", "ellswift_ecdh"} {
		if !rows[want] {
			t.Errorf("bench has no row %s", want)
		}
	}
}

func TestBenchstatFormat(t *testing.T) {
	cmd := exec.Command(binary, "bench", "-format", "benchstat")
	cmd.Env = append(os.Environ(), "SECP256K1_BENCH_ITERS=20")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 10 || !strings.HasPrefix(lines[0], "BenchmarkEcdsaVerify 20 ") || !strings.HasSuffix(lines[0], " ns/op") {
		t.Fatalf("benchstat output starts %q", lines[0])
	}
	if !strings.Contains(errb.String(), "field arithmetic:") {
		t.Fatalf("no backend line on stderr: %q", errb.String())
	}
}
