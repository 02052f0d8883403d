package hash2curve

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The vectors of RFC 9380 (testdata/rfc9380, README there) and those of
// RFC 9591's FROST(secp256k1, SHA-256) that exercise hash_to_field mod n.

// unhex decodes the hex of a vector, which RFC 9380's files write with 0x.
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	return testref.Hex(t, strings.TrimPrefix(s, "0x"))
}

// TestExpandMessageXMDVectors checks every case of both expand_message_xmd
// files: DST_prime and msg_prime against the RFC's construction, and
// uniform_bytes against ExpandMessageXMD.
func TestExpandMessageXMDVectors(t *testing.T) {
	total := 0
	for _, name := range []string{"expand_message_xmd_SHA256_38.json", "expand_message_xmd_SHA256_256.json"} {
		var f struct {
			DST   string
			Hash  string
			Name  string
			K     int
			Tests []struct {
				DSTPrime     string `json:"DST_prime"`
				LenInBytes   string `json:"len_in_bytes"`
				Msg          string
				MsgPrime     string `json:"msg_prime"`
				UniformBytes string `json:"uniform_bytes"`
			}
		}
		testref.JSON(t, filepath.Join("..", "testdata", "rfc9380", name), &f)
		if f.Name != "expand_message_xmd" || f.Hash != "SHA256" || f.K != 128 || len(f.Tests) != 10 {
			t.Fatalf("%s: unexpected header %q %q k=%d, %d tests", name, f.Name, f.Hash, f.K, len(f.Tests))
		}
		dst := []byte(f.DST)
		var d dstPrime
		if err := d.setDST(dst); err != nil {
			t.Fatal(err)
		}
		for _, tc := range f.Tests {
			n, err := strconv.ParseUint(strings.TrimPrefix(tc.LenInBytes, "0x"), 16, 16)
			if err != nil {
				t.Fatal(err)
			}
			msg := []byte(tc.Msg)
			if got := d.bytes(); !bytes.Equal(got, unhex(t, tc.DSTPrime)) {
				t.Errorf("%s: DST_prime = %x, want %s", name, got, tc.DSTPrime)
			}
			// msg_prime = Z_pad ‖ msg ‖ I2OSP(len_in_bytes, 2) ‖ 0 ‖ DST_prime
			mp := slices.Concat(make([]byte, 64), msg, []byte{byte(n >> 8), byte(n), 0}, d.bytes())
			if !bytes.Equal(mp, unhex(t, tc.MsgPrime)) {
				t.Errorf("%s: msg_prime mismatch for msg %q", name, tc.Msg)
			}
			got, err := ExpandMessageXMD(msg, dst, int(n))
			if err != nil {
				t.Fatal(err)
			}
			if want := unhex(t, tc.UniformBytes); !bytes.Equal(got, want) {
				t.Errorf("%s: expand_message_xmd(%q, %d) = %x, want %x", name, tc.Msg, n, got, want)
			}
			if want := testref.ExpandMessageXMD(msg, dst, int(n)); !bytes.Equal(got, want) {
				t.Errorf("%s: the reference disagrees for %q, %d", name, tc.Msg, n)
			}
			total++
		}
	}
	if total != 20 {
		t.Errorf("%d expand_message_xmd cases, want 20", total)
	}
}

type vecPoint struct{ X, Y string }

// point returns the SEC 1 uncompressed encoding of p.
func (p vecPoint) point(t *testing.T) *secp256k1.Point {
	t.Helper()
	var enc [65]byte
	enc[0] = 4
	new(big.Int).SetBytes(unhex(t, p.X)).FillBytes(enc[1:33])
	new(big.Int).SetBytes(unhex(t, p.Y)).FillBytes(enc[33:65])
	v, err := new(secp256k1.Point).SetBytes(enc[:])
	if err != nil {
		t.Fatalf("vector point %v: %v", p, err)
	}
	return v
}

// mapped returns map_to_curve(u) as a Point.
func mapped(u *field.Element) *secp256k1.Point {
	var q group.Jacobian
	q.MapToCurve(u)
	return newPoint(&q)
}

// TestSuiteVectors checks every field of the two suite files: the header
// against the suite's parameters, u (hash_to_field), Q0 and Q1 or Q
// (map_to_curve) and P (HashToCurve, EncodeToCurve), and the math/big
// reference against all of them.
func TestSuiteVectors(t *testing.T) {
	total := 0
	for _, suite := range []struct {
		file, id string
		ro       bool
		fn       func(msg, dst []byte) (*secp256k1.Point, error)
		ref      func(msg, dst []byte) (testref.Point, bool)
	}{
		{"secp256k1_XMD_SHA-256_SSWU_RO_.json", SuiteRO, true, HashToCurve, testref.HashToCurve},
		{"secp256k1_XMD_SHA-256_SSWU_NU_.json", SuiteNU, false, EncodeToCurve, testref.EncodeToCurve},
	} {
		var f struct {
			L, Z, Ciphersuite, Curve, DST, Expand, Hash, K string
			Field                                          struct{ M, P string }
			Map                                            struct{ Name string }
			RandomOracle                                   bool
			Vectors                                        []struct {
				Msg    string
				U      []string
				P, Q   vecPoint
				Q0, Q1 vecPoint
			}
		}
		testref.JSON(t, filepath.Join("..", "testdata", "rfc9380", suite.file), &f)
		z := new(big.Int).Sub(testref.P, big.NewInt(11))
		if f.Ciphersuite != suite.id || f.Curve != "secp256k1" || f.Expand != "XMD" || f.Hash != "sha256" ||
			f.K != "0x80" || f.L != "0x30" || f.Map.Name != "SSWU" || f.RandomOracle != suite.ro ||
			new(big.Int).SetBytes(unhex(t, f.Z)).Cmp(z) != 0 || f.Field.M != "0x1" ||
			new(big.Int).SetBytes(unhex(t, f.Field.P)).Cmp(testref.P) != 0 {
			t.Fatalf("%s: unexpected header", suite.file)
		}
		if len(f.Vectors) != 5 {
			t.Fatalf("%s: %d vectors, want 5", suite.file, len(f.Vectors))
		}
		dst := []byte(f.DST)
		for _, v := range f.Vectors {
			msg := []byte(v.Msg)
			name := suite.id + " " + v.Msg[:min(len(v.Msg), 16)]
			count := 1
			qs := []vecPoint{v.Q}
			if suite.ro {
				count, qs = 2, []vecPoint{v.Q0, v.Q1}
			}
			if len(v.U) != count {
				t.Fatalf("%s: %d u, want %d", name, len(v.U), count)
			}
			u := make([]field.Element, count)
			if err := hashToField(u, msg, dst); err != nil {
				t.Fatal(err)
			}
			refU := testref.HashToField(msg, dst, count, testref.P)
			for i := range u {
				want := unhex(t, v.U[i])
				if got := u[i].Bytes(); !bytes.Equal(got, want) {
					t.Errorf("%s: u[%d] = %x, want %x", name, i, got, want)
				}
				if got := refU[i].FillBytes(make([]byte, 32)); !bytes.Equal(got, want) {
					t.Errorf("%s: reference u[%d] = %x, want %x", name, i, got, want)
				}
				if got, want := mapped(&u[i]), qs[i].point(t); got.Equal(want) != 1 {
					t.Errorf("%s: Q%d = %x, want %x", name, i, got.Bytes(), want.Bytes())
				}
			}
			want := v.P.point(t)
			got, err := suite.fn(msg, dst)
			if err != nil {
				t.Fatal(err)
			}
			if got.Equal(want) != 1 {
				t.Errorf("%s: P = %x, want %x", name, got.Bytes(), want.Bytes())
			}
			if rp, ok := suite.ref(msg, dst); !ok || !bytes.Equal(testref.Uncompressed(rp), want.Bytes()) {
				t.Errorf("%s: the reference gives %x", name, testref.Uncompressed(rp))
			}
			total++
		}
	}
	if total != 10 {
		t.Errorf("%d suite vectors, want 10", total)
	}
}

// TestFROSTVectors checks HashToScalar as RFC 9591's H1 and H3 of
// FROST(secp256k1, SHA-256) on the values of its test vector (Appendix E.5,
// cfrg/draft-irtf-cfrg-frost poc/frost-secp256k1-sha256.json at commit
// 127452b93acb3094a6f659d059550df5618c2714): the binding factors are
// H1(binding_factor_input), and each nonce is H3(randomness ‖ secret share)
// (nonce_generate, §4.1).
func TestFROSTVectors(t *testing.T) {
	const ctx = "FROST-secp256k1-SHA256-v1"
	type h struct {
		name, dst, input, want string
	}
	shares := map[int]string{
		1: "08f89ffe80ac94dcb920c26f3f46140bfc7f95b493f8310f5fc1ea2b01f4254c",
		3: "00e95d59dd0d46b0e303e500b62b7ccb0e555d49f5b849f5e748c071da8c0dbc",
	}
	cases := []h{
		{"P1 hiding nonce", "nonce", "7ea5ed09af19f6ff21040c07ec2d2adbd35b759da5a401d4c99dd26b82391cb2" + shares[1],
			"841d3a6450d7580b4da83c8e618414d0f024391f2aeb511d7579224420aa81f0"},
		{"P1 binding nonce", "nonce", "47acab018f116020c10cb9b9abdc7ac10aae1b48ca6e36dc15acb6ec9be5cdc5" + shares[1],
			"8d2624f532af631377f33cf44b5ac5f849067cae2eacb88680a31e77c79b5a80"},
		{"P3 hiding nonce", "nonce", "e6cc56ccbd0502b3f6f831d91e2ebd01c4de0479e0191b66895a4ffd9b68d544" + shares[3],
			"2b19b13f193f4ce83a399362a90cdc1e0ddcd83e57089a7af0bdca71d47869b2"},
		{"P3 binding nonce", "nonce", "7203d55eb82a5ca0d7d83674541ab55f6e76f1b85391d2c13706a89a064fd5b9" + shares[3],
			"7a443bde83dc63ef52dda354005225ba0e553243402a4705ce28ffaafe0f5b98"},
		{"P1 binding factor", "rho", "02f37c34b66ced1fb51c34a90bdae006901f10625cc06c4f64663b0eae87d87b4fff9b5210ffbb3c07a73a7c8935be4a8c62cf015f6cf7ade6efac09a6513540fc3f5a816aaebc2114a811a415d7a55db7c5cbc1cf27183e79dd9def941b5d48010000000000000000000000000000000000000000000000000000000000000001",
			"3e08fe561e075c653cbfd46908a10e7637c70c74f0a77d5fd45d1a750c739ec6"},
		{"P3 binding factor", "rho", "02f37c34b66ced1fb51c34a90bdae006901f10625cc06c4f64663b0eae87d87b4fff9b5210ffbb3c07a73a7c8935be4a8c62cf015f6cf7ade6efac09a6513540fc3f5a816aaebc2114a811a415d7a55db7c5cbc1cf27183e79dd9def941b5d48010000000000000000000000000000000000000000000000000000000000000003",
			"93f79041bb3fd266105be251adaeb5fd7f8b104fb554a4ba9a0becea48ddbfd7"},
	}
	for _, c := range cases {
		msg := unhex(t, c.input)
		s, err := HashToScalar(msg, []byte(ctx+c.dst))
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(s.Bytes()); got != c.want {
			t.Errorf("%s: H = %s, want %s", c.name, got, c.want)
		}
		ss, err := HashToScalars(msg, []byte(ctx+c.dst), 1)
		if err != nil || ss[0].Equal(s) != 1 {
			t.Errorf("%s: HashToScalars(…, 1) differs from HashToScalar", c.name)
		}
	}
}
