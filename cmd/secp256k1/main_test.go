package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/field"
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
	// The command is built as this test is: same GOARCH and tags, so that
	// its backend is the test's (TestVersion).
	build := exec.Command("go", "build", "-tags", buildTags, "-o", binary, ".")
	build.Env = append(os.Environ(), "GOARCH="+runtime.GOARCH)
	if out, err := build.CombinedOutput(); err != nil {
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
	return capture(t, cmd)
}

// capture runs cmd, returning its standard output and error, without the
// white space around them, and its exit status.
func capture(t *testing.T, cmd *exec.Cmd) (string, string, int) {
	t.Helper()
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

func TestEllSwift(t *testing.T) {
	keys := make([][2]string, 2) // seckey, pubkey
	for i := range keys {
		out, _, code := cli(t, "", "keygen")
		f := strings.Fields(out)
		if code != 0 || len(f) != 2 {
			t.Fatalf("keygen = %q, exit %d", out, code)
		}
		keys[i] = [2]string{f[0], f[1]}
	}
	ell := make([]string, 2)
	for i, k := range keys {
		enc, errOut, code := cli(t, "", "ellswift-create", k[0])
		if code != 0 || len(enc) != 128 {
			t.Fatalf("ellswift-create = %q, exit %d, stderr %q", enc, code, errOut)
		}
		if pub, _, code := cli(t, "", "ellswift-decode", enc); code != 0 || pub != k[1] {
			t.Fatalf("ellswift-decode(ellswift-create(k)) = %q, exit %d; pubkey is %s", pub, code, k[1])
		}
		ell[i] = enc
	}
	// Fresh randomness by default; with aux, deterministic.
	if again, _, _ := cli(t, "", "ellswift-create", keys[0][0]); again == ell[0] {
		t.Errorf("two ellswift-create without aux gave the same encoding")
	}
	aux := strings.Repeat("5a", 32)
	e1, _, _ := cli(t, "", "ellswift-create", keys[0][0], aux)
	e2, _, _ := cli(t, "", "ellswift-create", "-json", keys[0][0], aux)
	var js map[string]string
	if err := json.Unmarshal([]byte(e2), &js); err != nil || js["ellswift"] != e1 || len(e1) != 128 {
		t.Fatalf("ellswift-create with aux: %q, then -json %q", e1, e2)
	}
	// ellswift-encode of the public key, decoded from standard input.
	enc, _, code := cli(t, "", "ellswift-encode", keys[1][1])
	if pub, _, code2 := cli(t, enc+"\n", "ellswift-decode", "-"); code != 0 || code2 != 0 || pub != keys[1][1] {
		t.Fatalf("ellswift-decode(ellswift-encode(pub)) = %q, exit %d, %d", pub, code, code2)
	}

	// Both sides of the BIP-324 exchange get the same secret, and another
	// key pair another one.
	si, errOut, code := cli(t, "", "ellswift-xdh", keys[0][0], ell[0], ell[1], "initiator")
	if code != 0 || len(si) != 64 {
		t.Fatalf("ellswift-xdh initiator = %q, exit %d, stderr %q", si, code, errOut)
	}
	sr, _, code := cli(t, keys[1][0]+" responder\n", "ellswift-xdh", "-json", "-", ell[1], ell[0], "-")
	if err := json.Unmarshal([]byte(sr), &js); err != nil || code != 0 || js["secret"] != si {
		t.Fatalf("ellswift-xdh responder = %q, exit %d; initiator got %s", sr, code, si)
	}
	// The roles matter: with both sides claiming to initiate, the secrets differ.
	if s2, _, _ := cli(t, "", "ellswift-xdh", keys[1][0], ell[1], ell[0], "initiator"); s2 == si {
		t.Errorf("ellswift-xdh with the wrong role gave the same secret")
	}
	// The same keys with a fresh encoding give another secret (the
	// encodings are hashed in).
	if s3, _, _ := cli(t, "", "ellswift-xdh", keys[0][0], e1, ell[1], "initiator"); s3 == si || len(s3) != 64 {
		t.Errorf("ellswift-xdh with another encoding = %q (was %q)", s3, si)
	}
}

// BIP-324's first ellswift_decode vector: 64 zero bytes decode to this x; y
// is even, as t = 0 is.
func TestEllSwiftDecodeZero(t *testing.T) {
	pub, _, code := cli(t, "", "ellswift-decode", strings.Repeat("00", 64))
	if code != 0 || pub != "02edd1fd3e327ce90cc7a3542614289aee9682003e9cf7dcc9cf2ca9743be5aa0c" {
		t.Fatalf("ellswift-decode 00…00 = %q, exit %d", pub, code)
	}
}

func TestBadInputExitsTwo(t *testing.T) {
	sk := strings.Repeat("11", 32)
	sk2 := strings.Repeat("22", 32)
	ell, _, _ := cli(t, "", "ellswift-create", sk)
	ell2, _, _ := cli(t, "", "ellswift-create", sk2)
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"pubkey"},
		{"pubkey", "zz"},
		{"pubkey", "1122"},
		{"pubkey", strings.Repeat("00", 32)},
		{"pubkey", strings.Repeat("ff", 32)},
		{"pubkey", "-nosuchflag", sk},
		{"pubkey", sk, "-json"},
		{"sign", sk},
		{"sign", "-format", "pem", sk, "00"},
		{"sign", "-format"},
		{"verify", "02" + strings.Repeat("00", 32), "00", "3006020101020101"},
		{"verify", "03" + strings.Repeat("11", 32), "00", "300602"},
		{"ecdh", sk, "04"},
		{"schnorr-verify", strings.Repeat("11", 31), "", strings.Repeat("00", 64)},
		{"pubkey", sk, "extra"},
		{"pubkey", "-"},
		{"help", "frobnicate"},
		{"ellswift-create"},
		{"ellswift-create", "zz"},
		{"ellswift-create", strings.Repeat("00", 32)},
		{"ellswift-create", strings.Repeat("ff", 32)},
		{"ellswift-create", sk, "00"},
		{"ellswift-create", sk, ""},
		{"ellswift-encode", "04"},
		{"ellswift-encode", "02" + strings.Repeat("00", 32)},
		{"ellswift-encode", "02" + strings.Repeat("11", 32), "0011"},
		{"ellswift-decode", ""},
		{"ellswift-decode", "0x"},
		{"ellswift-decode", "abc"},
		{"ellswift-decode", strings.Repeat("00", 63)},
		{"ellswift-decode", strings.Repeat("00", 65)},
		{"ellswift-decode", ell, ell},
		{"ellswift-xdh", sk, ell, ell2},
		{"ellswift-xdh", sk, ell, ell2, "both"},
		{"ellswift-xdh", sk, ell, ell2, "Initiator"},
		{"ellswift-xdh", sk, ell[2:], ell2, "initiator"},
		{"ellswift-xdh", sk, ell, ell2 + "00", "initiator"},
		{"ellswift-xdh", sk, ell, "zz", "initiator"},
		{"ellswift-xdh", sk, ell2, ell, "initiator"}, // swapped
		{"ellswift-xdh", strings.Repeat("00", 32), ell, ell2, "responder"},
		{"ellswift-xdh", sk, ell, ell2, "-"}, // nothing on standard input
		{"bench", "frobnicate"},
		{"bench", "-format", "csv"},
		{"bench", "-format"},
		{"bench", "-run"},
		{"bench", "-run", "("},
		{"bench", "all", "-run", "^nosuchrow$"},
	} {
		out, errOut, code := cli(t, "", args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stdout %q)", args, code, out)
		}
		if len(args) > 0 && (errOut == "" || strings.Contains(errOut, "\n")) {
			t.Errorf("%v: error is not one line: %q", args, errOut)
		}
		if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
			t.Errorf("%v: stack trace: %q", args, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	if out, _, code := cli(t, "", "help"); code != 0 || !strings.Contains(out, "schnorr-verify") || !strings.Contains(out, "ellswift-xdh") {
		t.Fatalf("help exit %d: %q", code, out)
	}
	if out, _, code := cli(t, "", "sign", "-h"); code != 0 || !strings.Contains(out, "-format") {
		t.Fatalf("sign -h exit %d: %q", code, out)
	}
	names := []string{"bench"}
	for _, c := range commands {
		names = append(names, c.name)
	}
	for _, name := range names {
		for _, args := range [][]string{{name, "-h"}, {name, "--help"}, {name, "-help"}, {"help", name}} {
			out, errOut, code := cli(t, "", args...)
			if code != 0 || !strings.HasPrefix(out, "usage: secp256k1 "+name+" ") || errOut != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
			}
		}
	}
	// -h after the arguments, too.
	if out, _, code := cli(t, "", "pubkey", strings.Repeat("11", 32), "-h"); code != 0 || !strings.HasPrefix(out, "usage: secp256k1 pubkey ") {
		t.Errorf("pubkey <key> -h: exit %d, %q", code, out)
	}
}

// bench runs the bench command with SECP256K1_BENCH_ITERS=20, returning its
// standard output and error as they are.
func bench(t *testing.T, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"bench"}, args...)...)
	cmd.Env = append(os.Environ(), "SECP256K1_BENCH_ITERS=20")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("bench %v: %v; stderr %q", args, err, errb.String())
	}
	// Not a terminal: no progress line.
	if strings.ContainsAny(errb.String(), "\r\033") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("bench %v: stderr is not the one backend line: %q", args, errb.String())
	}
	if !strings.Contains(errb.String(), "field arithmetic:") {
		t.Errorf("bench %v: no backend line on stderr: %q", args, errb.String())
	}
	return out.String(), errb.String()
}

// tableRows checks the header of a bench table and returns its row names in
// order.
func tableRows(t *testing.T, out string) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || lines[0] != "Benchmark                     ,    Min(us)    ,    Avg(us)    ,    Max(us)    " || lines[1] != "" {
		t.Fatalf("table starts %q", lines[:min(2, len(lines))])
	}
	var rows []string
	for _, l := range lines[2:] {
		f := strings.Split(l, ",")
		if len(f) != 4 {
			t.Fatalf("row %q", l)
		}
		for _, v := range f[1:] {
			if _, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
				t.Fatalf("row %q: %v", l, err)
			}
		}
		rows = append(rows, strings.TrimSpace(f[0]))
	}
	return rows
}

var (
	mainRowNames = []string{"ecdsa_verify", "ecdsa_sign", "ec_keygen", "ecdh", "ecdsa_recover", "schnorrsig_sign", "ellswift_encode", "ellswift_decode", "ellswift_keygen", "ellswift_ecdh", "schnorrsig_verify", "hash_to_curve_ro", "hash_to_curve_nu", "ecdsa_verify_many", "schnorrsig_verify_many",
		"musig_nonce_gen", "musig_partial_sign", "musig_partial_sign_check", "musig_partial_verify", "musig_session_2of2",
		"frost_nonce_gen", "frost_sign", "frost_sign_noverify", "frost_partial_verify", "frost_partial_verify_reused", "frost_partial_agg",
		"frost_chilldkg_participant_2_of_3", "frost_chilldkg_coordinator_2_of_3", "frost_chilldkg_participant_11_of_15", "frost_chilldkg_coordinator_11_of_15",
		"adaptor_schnorr_presign", "adaptor_schnorr_preverify", "adaptor_schnorr_adapt", "adaptor_schnorr_extract",
		"adaptor_ecdsa_encrypt", "adaptor_ecdsa_verify", "adaptor_ecdsa_decrypt", "adaptor_ecdsa_recover",
		"ecdsa_s2c_sign", "ecdsa_anti_exfil_host_verify",
		"schnorrsig_halfagg_aggregate_2", "schnorrsig_halfagg_verify_2", "schnorrsig_halfagg_aggregate_16", "schnorrsig_halfagg_verify_16",
		"schnorrsig_halfagg_aggregate_256", "schnorrsig_halfagg_verify_256", "schnorrsig_halfagg_aggregate_4096", "schnorrsig_halfagg_verify_4096",
		"generator_generate", "generator_generate_blinded", "pedersen_commit",
		"surjectionproof_generate_3", "surjectionproof_verify_3", "surjectionproof_verify_many_3",
		"surjectionproof_generate_10", "surjectionproof_verify_10", "surjectionproof_verify_many_10",
		"dleq_prove", "dleq_verify", "silentpayments_scan_many", "silentpayments_light_tweak",
		"silentpayments_scan_nomatch_2", "silentpayments_scan_nomatch_5", "silentpayments_scan_nomatch_10", "silentpayments_scan_nomatch_100", "silentpayments_scan_nomatch_1000",
		"silentpayments_scan_worstcase_1", "silentpayments_scan_worstcase_10", "silentpayments_scan_worstcase_100", "silentpayments_scan_worstcase_2323",
		"rangeproof_verify_bit", "rangeproof_sign_64", "rangeproof_verify_64", "rangeproof_verify_many_64", "rangeproof_rewind",
		"whitelist_1", "whitelist_5", "whitelist_10", "whitelist_30"}
	// bench_internal's names (libsecp256k1's bench_internal.c), in its order.
	internalRowNames = []string{"scalar_add", "scalar_negate", "scalar_mul", "scalar_split", "scalar_inverse", "scalar_inverse_var",
		"field_half", "field_normalize", "field_sqr", "field_mul", "field_inverse", "field_inverse_var", "field_is_square_var", "field_sqrt",
		"group_double_var", "group_add_var", "group_add_affine", "group_add_affine_var",
		"field_mul_ifma", "group_double_ifma", "group_add_affine_ifma", "group_add_zinv_var", "group_to_affine_var",
		"ecmult_wnaf", "hash_sha256", "hash_hmac_sha256", "hash_rfc6979_hmac_sha256"}
	// bench_ecmult's names (libsecp256k1's bench_ecmult.c).
	ecmultRowNames = []string{"ecmult_gen", "ecmult_const", "ecmult_const_xonly", "ecmult_1p", "ecmult_0p_g", "ecmult_1p_g",
		"ecmult_multi_1p_g", "ecmult_multi_2p_g", "ecmult_multi_3p_g", "ecmult_multi_4p_g", "ecmult_multi_8p_g",
		"ecmult_multi_16p_g", "ecmult_multi_32p_g", "ecmult_multi_64p_g", "ecmult_multi_128p_g", "ecmult_multi_256p_g",
		"ecmult_multi_1024p_g", "ecmult_multi_4096p_g", "ecmult_multi_16384p_g", "ecmult_multi_32768p_g"}
)

func TestBenchFormat(t *testing.T) {
	out, _ := bench(t)
	if got := tableRows(t, out); !slices.Equal(got, mainRowNames) {
		t.Errorf("bench rows %q, want %q", got, mainRowNames)
	}
}

func TestBenchInternal(t *testing.T) {
	out, _ := bench(t, "internal")
	if got := tableRows(t, out); !slices.Equal(got, internalRowNames) {
		t.Errorf("bench internal rows %q, want %q", got, internalRowNames)
	}
}

func TestBenchEcmult(t *testing.T) {
	args, want := []string{"ecmult"}, ecmultRowNames
	if testing.Short() {
		// Without the multiplications of 1024 points and more, which take
		// seconds even at one iteration without the assembly.
		args = append(args, "-run", `^ecmult_(gen|const|const_xonly|1p|0p_g|1p_g|multi_[0-9]{1,3}p_g)$`)
		want = slices.DeleteFunc(slices.Clone(want), func(name string) bool {
			return strings.HasSuffix(name, "024p_g") || strings.HasSuffix(name, "096p_g") || strings.HasSuffix(name, "384p_g") || strings.HasSuffix(name, "768p_g")
		})
	}
	out, _ := bench(t, args...)
	if got := tableRows(t, out); !slices.Equal(got, want) {
		t.Errorf("bench %v rows %q, want %q", args, got, want)
	}
}

func TestBenchRun(t *testing.T) {
	out, _ := bench(t, "all", "-run", "ecdh$")
	if got := tableRows(t, out); !slices.Equal(got, []string{"ecdh", "ellswift_ecdh"}) {
		t.Errorf("bench all -run ecdh$: rows %q", got)
	}
}

// benchstatLines checks that every line of out is a Go benchmark result
// line that benchstat reads, and returns the benchmark names, once each.
func benchstatLines(t *testing.T, out string) []string {
	t.Helper()
	var names []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		f := strings.Fields(l)
		if len(f) != 4 || !strings.HasPrefix(f[0], "Benchmark") || f[3] != "ns/op" {
			t.Fatalf("not a benchmark line: %q", l)
		}
		if n, err := strconv.Atoi(f[1]); err != nil || n <= 0 {
			t.Fatalf("bad iteration count: %q", l)
		}
		if v, err := strconv.ParseFloat(f[2], 64); err != nil || v <= 0 {
			t.Fatalf("bad ns/op: %q", l)
		}
		if len(names) == 0 || names[len(names)-1] != f[0] {
			names = append(names, f[0])
		}
	}
	return names
}

func TestBenchstatFormat(t *testing.T) {
	out, _ := bench(t, "-format", "benchstat")
	if !strings.HasPrefix(out, "BenchmarkEcdsaVerify 20 ") {
		t.Fatalf("benchstat output starts %q", out[:min(len(out), 40)])
	}
	if names := benchstatLines(t, out); len(names) != len(mainRowNames) || strings.Count(out, "\n") != 10*len(mainRowNames) {
		t.Fatalf("benchstat rows %q", names)
	}
}

func TestBenchstatEcmult(t *testing.T) {
	out, _ := bench(t, "ecmult", "-format=benchstat", "-run=^ecmult_(gen|1p_g|multi_(1|256)p_g)$")
	names := benchstatLines(t, out)
	if want := []string{"BenchmarkEcmultGen", "BenchmarkEcmult1pG", "BenchmarkEcmultMulti1pG", "BenchmarkEcmultMulti256pG"}; !slices.Equal(names, want) {
		t.Fatalf("benchstat rows %q, want %q", names, want)
	}
	// Per point: ecmult_1p_g counts two points per multiplication,
	// ecmult_multi_256p_g 257 (at SECP256K1_BENCH_ITERS=20, one
	// multiplication per run).
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) == 4 && (f[0] == "BenchmarkEcmultMulti256pG" && f[1] != "257" || f[0] == "BenchmarkEcmult1pG" && f[1] != "20") {
			t.Errorf("%s counts %s points", f[0], f[1])
		}
	}
}

func TestIsTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "not-a-terminal")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f.Fd()) {
		t.Errorf("a file is a terminal")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if isTerminal(w.Fd()) {
		t.Errorf("a pipe is a terminal")
	}
	if runtime.GOOS != "linux" {
		return
	}
	// The master side of a new pseudo-terminal has terminal attributes.
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if !isTerminal(ptmx.Fd()) {
		t.Errorf("/dev/ptmx is not a terminal")
	}
}

// Each command takes only its own flags: any other flag, and -format with
// -recoverable, is an error (exit 2) naming the flag and the command.
func TestFlagsRejected(t *testing.T) {
	sk := strings.Repeat("11", 32)
	for _, args := range [][]string{
		{"ecdh", "-uncompressed", sk, "02" + strings.Repeat("11", 32)},
		{"sign", "-uncompressed", sk, "00"},
		{"verify", "-uncompressed", "-", "-", "-"},
		{"schnorr-sign", "-uncompressed", sk, ""},
		{"ellswift-encode", "-uncompressed", "-"},
		{"pubkey", "-format", "compact", sk},
		{"recover", "-recoverable", "-", "-"},
		{"keygen", "-recoverable"},
		{"keygen", "-format=der"},
	} {
		_, errOut, code := cli(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "secp256k1 "+args[0]+":") || !strings.Contains(errOut, strings.Split(args[1], "=")[0]+" is not a flag of "+args[0]) {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	for _, args := range [][]string{
		{"sign", "-format", "compact", "-recoverable", sk, "00"},
		{"sign", "-recoverable", "-format=der", sk, "00"},
	} {
		_, errOut, code := cli(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "secp256k1 sign: -format has no meaning with -recoverable") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	// bench parses its own arguments, and takes none of these flags but
	// -format (table or benchstat) either.
	for _, f := range flagDefs {
		if f.name == "format" {
			continue
		}
		if _, errOut, code := cli(t, "", "bench", "-"+f.name); code != 2 || !strings.Contains(errOut, `secp256k1 bench: unknown argument "-`+f.name+`"`) {
			t.Errorf("bench -%s: exit %d, stderr %q", f.name, code, errOut)
		}
	}
	// Every flag of every command other than its own.
	for _, c := range commands {
		for _, f := range flagDefs {
			if slices.Contains(c.flags, f.name) {
				continue
			}
			arg := "-" + f.name
			if f.name == "format" {
				arg += "=der"
			}
			_, errOut, code := cli(t, "", c.name, arg)
			if code != 2 || !strings.Contains(errOut, "secp256k1 "+c.name+": -"+f.name+" is not a flag of "+c.name) {
				t.Errorf("%s %s: exit %d, stderr %q", c.name, arg, code, errOut)
			}
		}
	}
}

// The flags a command takes still work.
func TestFlagsAccepted(t *testing.T) {
	out, _, code := cli(t, "", "keygen", "-uncompressed")
	f := strings.Fields(out)
	if code != 0 || len(f) != 2 || len(f[1]) != 130 || f[1][:2] != "04" {
		t.Fatalf("keygen -uncompressed = %q, exit %d", out, code)
	}
	sk := f[0]
	if got, _, _ := cli(t, "", "pubkey", "-uncompressed", sk); got != f[1] {
		t.Errorf("pubkey -uncompressed = %q, want %q", got, f[1])
	}
	hash := sha256Hex("flags")
	rec, _, code := cli(t, "", "sign", "-recoverable", sk, hash)
	if code != 0 || len(rec) != 130 {
		t.Fatalf("sign -recoverable = %q, exit %d", rec, code)
	}
	if got, _, code := cli(t, "", "recover", "-uncompressed", "-json", hash, rec); code != 0 || !strings.Contains(got, f[1]) {
		t.Errorf("recover -uncompressed -json = %q, exit %d", got, code)
	}
	compact, _, code := cli(t, "", "sign", "-format", "compact", sk, hash)
	if code != 0 || compact != rec[:128] {
		t.Errorf("sign -format compact = %q, exit %d; the recoverable one is %q", compact, code, rec)
	}
	enc, _, _ := cli(t, "", "ellswift-create", sk)
	if got, _, code := cli(t, "", "ellswift-decode", "-uncompressed", enc); code != 0 || got != f[1] {
		t.Errorf("ellswift-decode -uncompressed = %q, exit %d", got, code)
	}
}

// Every command that takes -json prints one JSON object that encoding/json
// decodes: hex strings for the values, a boolean for a verdict, and the same
// values, in the same order, as the text output.
func TestJSON(t *testing.T) {
	sk := strings.Repeat("11", 32)
	pub, _, _ := cli(t, "", "pubkey", sk)
	hash := sha256Hex("json")
	der, _, _ := cli(t, "", "sign", sk, hash)
	rec, _, _ := cli(t, "", "sign", "-recoverable", sk, hash)
	msg := hex.EncodeToString([]byte("json"))
	aux := strings.Repeat("00", 32)
	ss, _, _ := cli(t, "", "schnorr-sign", "-xonly", sk, msg, aux)
	ssig, xonly := strings.Fields(ss)[0], strings.Fields(ss)[1]
	ell, _, _ := cli(t, "", "ellswift-create", sk, aux)
	args := map[string][][]string{
		"keygen":          {{}},
		"pubkey":          {{sk}, {"-xonly", sk}},
		"sign":            {{sk, hash}},
		"verify":          {{pub, hash, der}, {pub, sha256Hex("other"), der}},
		"recover":         {{hash, rec}},
		"ecdh":            {{sk, pub}},
		"schnorr-sign":    {{"-xonly", sk, msg, aux}},
		"schnorr-verify":  {{xonly, msg, ssig}, {xonly, "00", ssig}},
		"ellswift-create": {{sk, aux}},
		"ellswift-encode": {{pub, aux}},
		"ellswift-decode": {{ell}},
		"ellswift-xdh":    {{sk, ell, ell, "initiator"}},
	}
	for _, c := range commands {
		if !slices.Contains(c.flags, "json") {
			continue
		}
		cases, ok := args[c.name]
		if !ok {
			if c.name != "version" && c.name != "address" { // TestVersion, TestAddress
				t.Errorf("%s takes -json and is not tested here", c.name)
			}
			continue
		}
		for _, a := range cases {
			text, _, code := cli(t, "", append([]string{c.name}, a...)...)
			out, errOut, jcode := cli(t, "", append([]string{c.name, "-json"}, a...)...)
			if jcode != code || errOut != "" || strings.Contains(out, "\n") {
				t.Errorf("%s -json %v: exit %d (text: %d), stdout %q, stderr %q", c.name, a, jcode, code, out, errOut)
				continue
			}
			var res struct {
				Seckey, Pubkey, XOnly, ELLSwift, Signature, Secret string
				Valid                                              *bool
			}
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&res); err != nil {
				t.Errorf("%s -json %v: %q: %v", c.name, a, out, err)
				continue
			}
			var values []string
			for _, v := range []string{res.Seckey, res.Pubkey, res.ELLSwift, res.Signature, res.XOnly, res.Secret} {
				if v == "" {
					continue
				}
				if _, err := hex.DecodeString(v); err != nil {
					t.Errorf("%s -json %v: %q is not hex", c.name, a, v)
				}
				values = append(values, v)
			}
			if res.Valid != nil {
				values = append(values, strconv.FormatBool(*res.Valid))
				if *res.Valid != (code == 0) {
					t.Errorf("%s -json %v: valid %t, exit %d", c.name, a, *res.Valid, code)
				}
			}
			if c.name != "keygen" && strings.Join(values, "\n") != text {
				t.Errorf("%s -json %v = %q; as text %q", c.name, a, out, text)
			}
		}
	}
	// The verdicts are JSON booleans.
	for _, a := range [][]string{{"verify", "-json", pub, hash, der}, {"schnorr-verify", "-json", xonly, msg, ssig}} {
		out, _, _ := cli(t, "", a...)
		var v struct{ Valid bool }
		if err := json.Unmarshal([]byte(out), &v); err != nil || !v.Valid || out != `{"valid":true}` {
			t.Errorf("%v = %q (%v)", a, out, err)
		}
	}
}

// Malformed input exits 2 and says why on standard error, in one line; a
// well-formed signature that is not valid exits 1.
func TestInputErrors(t *testing.T) {
	rep := strings.Repeat
	sk := rep("11", 32)
	pubU, _, _ := cli(t, "", "pubkey", "-uncompressed", sk)
	pub, _, _ := cli(t, "", "pubkey", sk)
	hash := sha256Hex("errors")
	der, _, _ := cli(t, "", "sign", sk, hash)
	ell, _, _ := cli(t, "", "ellswift-create", sk)
	n := "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	p := "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"
	hybridWrongParity := "06" + pubU[2:] // pubU's y is odd: 07 would be right
	if pubU[len(pubU)-1]%2 == 0 {
		hybridWrongParity = "07" + pubU[2:]
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		// Hex.
		{[]string{"pubkey", rep("1", 63)}, 2, "pubkey: private key: odd number of hex digits (63)"},
		{[]string{"pubkey", "11zz"}, 2, `private key: not hex: 'z' at position 3`},
		{[]string{"verify", pub, "0x1", der}, 2, "hash: odd number of hex digits (1)"},
		{[]string{"schnorr-sign", sk, "hello"}, 2, `message: not hex: 'h' at position 1`},
		// Private keys.
		{[]string{"pubkey", rep("11", 31)}, 2, "private key: want 32 bytes (64 hex digits), got 31 bytes"},
		{[]string{"sign", rep("11", 33), hash}, 2, "sign: private key: want 32 bytes (64 hex digits), got 33 bytes"},
		{[]string{"ecdh", rep("00", 32), pub}, 2, "private key: zero"},
		{[]string{"schnorr-sign", n, "00"}, 2, "private key: not less than the group order n"},
		{[]string{"ellswift-create", rep("ff", 32)}, 2, "private key: not less than the group order n"},
		// Public keys.
		{[]string{"ecdh", sk, pub[:64]}, 2, "public key: want 33 bytes (compressed) or 65 bytes (uncompressed), got 32 bytes"},
		{[]string{"ecdh", sk, "05" + pub[2:]}, 2, "public key: a 33-byte key starts with 02 or 03, not 05"},
		{[]string{"verify", "02" + pubU[2:], hash, der}, 2, "public key: a 65-byte key starts with 04 (or 06, 07: hybrid), not 02"},
		{[]string{"verify", "02" + p, hash, der}, 2, "public key: x is not less than the field prime p"},
		{[]string{"ellswift-encode", "04" + pubU[2:66] + p}, 2, "public key: x or y is not less than the field prime p"},
		{[]string{"verify", "02" + rep("00", 32), hash, der}, 2, "public key: not on the curve"},
		{[]string{"verify", pubU[:129] + "0", hash, der}, 2, "public key: not on the curve"},
		{[]string{"verify", hybridWrongParity, hash, der}, 2, "public key: the hybrid prefix " + hybridWrongParity[:2] + " does not match the parity of y"},
		{[]string{"schnorr-verify", rep("11", 33), "", rep("11", 64)}, 2, "x-only public key: want 32 bytes (64 hex digits), got 33 bytes"},
		{[]string{"schnorr-verify", p, "", rep("11", 64)}, 2, "x-only public key: not less than the field prime p"},
		{[]string{"schnorr-verify", rep("00", 32), "", rep("11", 64)}, 2, "x-only public key: not on the curve"},
		// ECDSA signatures.
		{[]string{"verify", pub, hash, "300602"}, 2, "signature: neither 64-byte compact nor strict DER (BIP-66)"},
		{[]string{"verify", pub, hash, rep("11", 65)}, 2, "signature: neither 64-byte compact nor strict DER (BIP-66); a 65-byte r||s||v is for recover"},
		{[]string{"verify", pub, hash, "3006020180020101"}, 2, "signature: neither 64-byte compact nor strict DER (BIP-66)"}, // r negative
		{[]string{"verify", pub, hash, "3026022100" + rep("ff", 32) + "020101"}, 2, "signature r is not less than the group order n"},
		{[]string{"verify", pub, hash, "3026020101022100" + n}, 2, "signature s is not less than the group order n"},
		{[]string{"verify", pub, hash, n + rep("11", 32)}, 2, "signature r is not less than the group order n"},
		{[]string{"verify", pub, hash, rep("11", 32) + n}, 2, "signature s is not less than the group order n"},
		{[]string{"verify", pub, sha256Hex("other"), der}, 1, ""},
		{[]string{"verify", pub, hash, rep("00", 32) + rep("11", 32)}, 1, ""}, // r = 0
		// Recovery.
		{[]string{"recover", hash, rep("11", 64)}, 2, "signature: want 65 bytes (130 hex digits), got 64 bytes"},
		{[]string{"recover", hash, rep("11", 64) + "07"}, 2, "recovery id: want 0–3, got 7"},
		{[]string{"recover", hash, rep("11", 64) + "1b"}, 2, "recovery id: want 0–3, got 27"},
		{[]string{"recover", hash, n + rep("11", 32) + "00"}, 2, "signature r is not less than the group order n"},
		{[]string{"recover", hash, rep("11", 32) + rep("ff", 32) + "01"}, 2, "signature s is not less than the group order n"},
		{[]string{"recover", hash, rep("00", 32) + rep("11", 32) + "00"}, 1, "recover: invalid signature: r is zero"},
		{[]string{"recover", hash, rep("11", 32) + rep("00", 32) + "00"}, 1, "recover: invalid signature: s is zero"},
		{[]string{"recover", hash, rep("11", 64) + "00"}, 1, "recover: invalid signature: no point of the curve has x = r"},
		{[]string{"recover", hash, rep("11", 64) + "02"}, 1, "recover: invalid signature: recovery id 2 takes x = r + n"},
		// Schnorr.
		{[]string{"schnorr-sign", sk, "00", rep("00", 31)}, 2, "aux: want 32 bytes (64 hex digits), got 31 bytes"},
		{[]string{"schnorr-sign", sk, "00", ""}, 2, "aux: want 32 bytes (64 hex digits), got 0 bytes"},
		{[]string{"schnorr-verify", pub[2:], "00", rep("11", 65)}, 2, "signature: want 64 bytes (128 hex digits), got 65 bytes"},
		{[]string{"schnorr-verify", pub[2:], "00", rep("11", 64)}, 1, ""},
		// ElligatorSwift.
		{[]string{"ellswift-create", sk, "00"}, 2, "aux: want 32 bytes (64 hex digits), got 1 byte"},
		{[]string{"ellswift-encode", pub, rep("00", 33)}, 2, "rnd: want 32 bytes (64 hex digits), got 33 bytes"},
		{[]string{"ellswift-decode", ell + "00"}, 2, "ElligatorSwift encoding: want 64 bytes (128 hex digits), got 65 bytes"},
		{[]string{"ellswift-xdh", sk, ell[2:], ell, "initiator"}, 2, "<ours64>: want 64 bytes (128 hex digits), got 63 bytes"},
		{[]string{"ellswift-xdh", sk, ell, "", "initiator"}, 2, "<theirs64>: want 64 bytes (128 hex digits), got 0 bytes"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "\n") {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
		if c.code == 2 && out != "" {
			t.Errorf("%v: stdout %q", c.args, out)
		}
	}
}

// A high-S signature is invalid (exit 1), with a hint on standard error
// that says whether its low-S form verifies, and that form.
func TestHighSHint(t *testing.T) {
	sk := strings.Repeat("11", 32)
	pub, _, _ := cli(t, "", "pubkey", sk)
	hash := sha256Hex("high-S")
	compact, _, _ := cli(t, "", "sign", "-format", "compact", sk, hash)
	der, _, _ := cli(t, "", "sign", sk, hash)
	b, _ := hex.DecodeString(compact)
	low, err := ecdsa.ParseCompactSignature(b)
	if err != nil {
		t.Fatal(err)
	}
	var negS secp256k1.Scalar
	negS.Negate(low.S())
	high := ecdsa.NewSignature(low.R(), &negS)
	for _, c := range []struct{ high, low string }{
		{hex.EncodeToString(high.Compact()), compact},
		{hex.EncodeToString(high.DER()), der},
	} {
		for _, asJSON := range []bool{false, true} {
			args := []string{"verify", pub, hash, c.high}
			want := "false"
			if asJSON {
				args, want = []string{"verify", "-json", pub, hash, c.high}, `{"valid":false}`
			}
			out, errOut, code := cli(t, "", args...)
			if code != 1 || out != want || errOut != "secp256k1 verify: the signature is high-S (s > n/2), which libsecp256k1 rejects; its low-S form (r, n - s) verifies: "+c.low {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
			}
		}
		if out, errOut, code := cli(t, "", "verify", pub, sha256Hex("other"), c.high); code != 1 || out != "false" || !strings.HasSuffix(errOut, "high-S (s > n/2), which libsecp256k1 rejects; its low-S form (r, n - s) does not verify either") {
			t.Errorf("high-S of another hash: exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		// A low-S signature that is not valid gets no hint.
		if _, errOut, code := cli(t, "", "verify", pub, sha256Hex("other"), c.low); code != 1 || errOut != "" {
			t.Errorf("low-S of another hash: exit %d, stderr %q", code, errOut)
		}
	}
}

// version prints the module version, the Go version, the platform and the
// field arithmetic that bench reports, as text or JSON.
func TestVersion(t *testing.T) {
	out, errOut, code := cli(t, "", "version")
	lines := strings.Split(out, "\n")
	if code != 0 || errOut != "" || len(lines) != 2 {
		t.Fatalf("version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	f := strings.Fields(lines[0])
	if len(f) != 4 || f[0] != "secp256k1" || f[2] != runtime.Version() || f[3] != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("version line %q", lines[0])
	}
	if v := f[1]; v != "(devel)" && !strings.HasPrefix(v, "v") {
		t.Errorf("module version %q", v)
	}
	if lines[1] != "field arithmetic: "+field.Backend() {
		t.Errorf("backend line %q, want the field backend %q", lines[1], field.Backend())
	}

	out, _, code = cli(t, "", "version", "-json")
	var v struct{ Version, Go, OS, Arch, Backend string }
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil || code != 0 {
		t.Fatalf("version -json = %q, exit %d: %v", out, code, err)
	}
	if v.Version != f[1] || v.Go != runtime.Version() || v.OS != runtime.GOOS || v.Arch != runtime.GOARCH || v.Backend != field.Backend() {
		t.Errorf("version -json = %+v; text %q", v, out)
	}

	for _, args := range [][]string{{"version", "00"}, {"version", "-uncompressed"}} {
		if _, errOut, code := cli(t, "", args...); code != 2 || !strings.HasPrefix(errOut, "secp256k1 version: ") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
