package ellswift

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// loadCSV returns the rows of a BIP-324 vector file, without the header,
// checking the header's first column and the row count.
func loadCSV(t testing.TB, name, first string, want int) [][]string {
	t.Helper()
	rows := testref.CSV(t, "../testdata/bip-0324/"+name)
	if rows[0][0] != first {
		t.Fatalf("%s: header %q", name, rows[0])
	}
	if len(rows)-1 != want {
		t.Fatalf("%s: %d rows, want %d", name, len(rows)-1, want)
	}
	return rows[1:]
}

func fe(t testing.TB, s string) field.Element {
	t.Helper()
	b := testref.Hex(t, s)
	if len(b) != 32 {
		t.Fatalf("%q is not 32 bytes", s)
	}
	var e field.Element
	e.SetBytes((*[32]byte)(b))
	return e
}

func feHex(e *field.Element) string {
	var b [32]byte
	e.PutBytes(&b)
	return hex.EncodeToString(b[:])
}

// TestDecodeVectors checks every row of ellswift_decode_test_vectors.csv:
// Decode gives the listed x, and a y with the parity of t mod p.
func TestDecodeVectors(t *testing.T) {
	rows := loadCSV(t, "ellswift_decode_test_vectors.csv", "ellswift", 76)
	for i, r := range rows {
		enc, wantX := testref.Hex(t, r[0]), r[1]
		pub, err := Decode(enc)
		if err != nil {
			t.Fatalf("row %d (%s): %v", i, r[2], err)
		}
		c := pub.BytesCompressed()
		if got := hex.EncodeToString(c[1:]); got != wantX {
			t.Errorf("row %d (%s): x = %s, want %s", i, r[2], got, wantX)
		}
		var tt field.Element
		tt.SetBytes((*[32]byte)(enc[32:64]))
		if int(c[0]&1) != tt.IsOdd() {
			t.Errorf("row %d (%s): parity of y is not the parity of t", i, r[2])
		}
		// And the internal map on its own.
		var u, x field.Element
		u.SetBytes((*[32]byte)(enc[0:32]))
		varTimeXSwiftEC(&x, &u, &tt)
		if got := feHex(&x); got != wantX {
			t.Errorf("row %d: XSwiftEC = %s", i, got)
		}
	}
	t.Logf("%d decode vectors", len(rows))
}

// TestXSwiftECInvVectors checks all 8 cases of every row of
// xswiftec_inv_test_vectors.csv, including those without a solution, and
// that every t found decodes back to x.
func TestXSwiftECInvVectors(t *testing.T) {
	rows := loadCSV(t, "xswiftec_inv_test_vectors.csv", "u", 32)
	var found, none int
	for i, r := range rows {
		u, x := fe(t, r[0]), fe(t, r[1])
		for c := range 8 {
			want := r[2+c]
			var tt field.Element
			ok := varTimeXSwiftECInv(&tt, &x, &u, c)
			switch {
			case want == "" && ok:
				t.Errorf("row %d case %d: got t = %s, want none (%s)", i, c, feHex(&tt), r[10])
			case want == "":
				none++
			case !ok:
				t.Errorf("row %d case %d: no solution, want %s (%s)", i, c, want, r[10])
			case feHex(&tt) != want:
				t.Errorf("row %d case %d: t = %s, want %s", i, c, feHex(&tt), want)
			default:
				found++
				var back field.Element
				varTimeXSwiftEC(&back, &u, &tt)
				if back.Equal(&x) != 1 {
					t.Errorf("row %d case %d: XSwiftEC(u, t) = %s, want x", i, c, feHex(&back))
				}
			}
		}
	}
	if found+none != 32*8 {
		t.Fatalf("checked %d cases", found+none)
	}
	t.Logf("%d rows: %d cases with a t (all decode back to x), %d without", len(rows), found, none)
}

// TestPacketEncodingVectors checks the ElligatorSwift columns of every row of
// packet_encoding_test_vectors.csv: mid_x_ours, mid_x_theirs, mid_x_shared
// and mid_shared_secret.
func TestPacketEncodingVectors(t *testing.T) {
	rows := loadCSV(t, "packet_encoding_test_vectors.csv", "in_idx", 7)
	for _, r := range rows {
		idx := r[0]
		k, err := secp256k1.NewPrivateKey(testref.Hex(t, r[1]))
		if err != nil {
			t.Fatalf("row %s: %v", idx, err)
		}
		ours, theirs := testref.Hex(t, r[2]), testref.Hex(t, r[3])
		initiating := r[4] == "1"
		xOurs, xTheirs := testref.Hex(t, r[9]), testref.Hex(t, r[10])
		xShared, secret := testref.Hex(t, r[11]), testref.Hex(t, r[12])

		if got := k.PublicKey().BytesCompressed()[1:]; !bytes.Equal(got, xOurs) {
			t.Errorf("row %s: x(priv·G) = %x, want mid_x_ours %x", idx, got, xOurs)
		}
		if pub, _ := Decode(ours); !bytes.Equal(pub.BytesCompressed()[1:], xOurs) {
			t.Errorf("row %s: Decode(in_ellswift_ours) is not mid_x_ours", idx)
		}
		if pub, _ := Decode(theirs); !bytes.Equal(pub.BytesCompressed()[1:], xTheirs) {
			t.Errorf("row %s: Decode(in_ellswift_theirs) is not mid_x_theirs", idx)
		}

		ellA, ellB := theirs, ours
		if initiating {
			ellA, ellB = ours, theirs
		}
		gotX, err := XDHWithHash(ellA, ellB, k, initiating, func(x, a, b []byte) []byte {
			if !bytes.Equal(a, ellA) || !bytes.Equal(b, ellB) {
				t.Errorf("row %s: hash got the encodings in the wrong order", idx)
			}
			return bytes.Clone(x)
		})
		if err != nil || !bytes.Equal(gotX, xShared) {
			t.Errorf("row %s: shared x = %x (%v), want %x", idx, gotX, err, xShared)
		}
		got, err := XDH(ellA, ellB, k, initiating)
		if err != nil || !bytes.Equal(got, secret) {
			t.Errorf("row %s: XDH = %x (%v), want mid_shared_secret %x", idx, got, err, secret)
		}
		if got, _ := XDHWithHash(ellA, ellB, k, initiating, BIP324Hash); !bytes.Equal(got, secret) {
			t.Errorf("row %s: XDHWithHash(BIP324Hash) = %x", idx, got)
		}
	}
	t.Logf("%d packet rows", len(rows))
}
