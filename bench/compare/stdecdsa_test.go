//lint:file-ignore SA1019 the bridge's subject is crypto/elliptic's deprecated API for custom curves, here compared with go-ethereum's and decred's

package main

import (
	"bytes"
	cryptoecdsa "crypto/ecdsa"
	"crypto/rand"
	"math/big"
	"testing"

	decred "github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/crypto/ecies"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/stdecdsa"
)

// The stdecdsa bridge against go-ethereum's crypto package itself (in this
// module's cgo build, crypto.S256() is its crypto/secp256k1.BitCurve over
// the bundled libsecp256k1): keys, signatures, addresses and the curve.

func bridgeCases() int {
	if testing.Short() {
		return 4
	}
	return 16
}

// TestBridgeFromGeth converts keys made by go-ethereum to Kestrel.
func TestBridgeFromGeth(t *testing.T) {
	for range bridgeCases() {
		gk, err := crypto.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		k, err := stdecdsa.FromECDSA(gk)
		if err != nil {
			t.Fatalf("FromECDSA of crypto.GenerateKey's key: %v", err)
		}
		if !bytes.Equal(k.Bytes(), crypto.FromECDSA(gk)) {
			t.Fatalf("key %x, want crypto.FromECDSA's %x", k.Bytes(), crypto.FromECDSA(gk))
		}
		pub, err := stdecdsa.FromECDSAPublicKey(&gk.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pub.BytesUncompressed(), crypto.FromECDSAPub(&gk.PublicKey)) ||
			!pub.Equal(k.PublicKey()) {
			t.Fatal("the public key differs from crypto.FromECDSAPub's")
		}

		// A signature by go-ethereum's key, checked by Kestrel.
		hash := crypto.Keccak256([]byte("from geth"), k.Bytes())
		sig, err := crypto.Sign(hash, gk)
		if err != nil {
			t.Fatal(err)
		}
		mine, err := ecdsa.SignEthereum(k, hash)
		if err != nil || !bytes.Equal(mine, sig) {
			t.Fatalf("SignEthereum = %x, %v; crypto.Sign = %x", mine, err, sig)
		}
		rec, err := ecdsa.RecoverEthereum(hash, sig)
		if err != nil || !rec.Equal(pub) {
			t.Fatalf("RecoverEthereum of crypto.Sign's signature: %v", err)
		}

		// crypto.UnmarshalPubkey's key converts too.
		up, err := crypto.UnmarshalPubkey(pub.BytesUncompressed())
		if err != nil {
			t.Fatal(err)
		}
		if p, err := stdecdsa.FromECDSAPublicKey(up); err != nil || !p.Equal(pub) {
			t.Fatalf("FromECDSAPublicKey(crypto.UnmarshalPubkey(…)): %v", err)
		}
		// So does crypto.ToECDSA's.
		tk, err := crypto.ToECDSA(k.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if k2, err := stdecdsa.FromECDSA(tk); err != nil || !k2.Equal(k) {
			t.Fatalf("FromECDSA(crypto.ToECDSA(…)): %v", err)
		}
	}
}

// TestBridgeToGeth gives Kestrel keys, through ToECDSA, to go-ethereum's
// functions.
func TestBridgeToGeth(t *testing.T) {
	for range bridgeCases() {
		k, err := secp256k1.GeneratePrivateKey()
		if err != nil {
			t.Fatal(err)
		}
		e, err := stdecdsa.ToECDSA(k)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(crypto.FromECDSA(e), k.Bytes()) {
			t.Fatal("crypto.FromECDSA differs from Bytes")
		}
		if !bytes.Equal(crypto.FromECDSAPub(&e.PublicKey), k.PublicKey().BytesUncompressed()) {
			t.Fatal("crypto.FromECDSAPub differs from BytesUncompressed")
		}
		if !bytes.Equal(crypto.CompressPubkey(&e.PublicKey), k.PublicKey().BytesCompressed()) {
			t.Fatal("crypto.CompressPubkey differs from BytesCompressed")
		}
		// The address of the converted key is that of go-ethereum's own key.
		gk, err := crypto.ToECDSA(k.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if crypto.PubkeyToAddress(e.PublicKey) != crypto.PubkeyToAddress(gk.PublicKey) {
			t.Fatal("crypto.PubkeyToAddress differs between the converted key and crypto.ToECDSA's")
		}
		want := crypto.Keccak256(k.PublicKey().BytesUncompressed()[1:])[12:]
		if addr := crypto.PubkeyToAddress(e.PublicKey); !bytes.Equal(addr[:], want) {
			t.Fatalf("address %x, want Keccak-256(x ‖ y)[12:] = %x", addr, want)
		}

		hash := crypto.Keccak256([]byte("to geth"), k.Bytes())
		sig, err := crypto.Sign(hash, e) // the cgo build reads only D
		if err != nil {
			t.Fatalf("crypto.Sign with the converted key: %v", err)
		}
		pub, err := ecdsa.RecoverEthereum(hash, sig)
		if err != nil || !pub.Equal(k.PublicKey()) {
			t.Fatalf("RecoverEthereum of crypto.Sign's signature: %v", err)
		}
		s, err := ecdsa.ParseCompactSignature(sig[:64])
		if err != nil || !ecdsa.Verify(k.PublicKey(), hash, s) {
			t.Fatalf("Kestrel rejects crypto.Sign's signature: %v", err)
		}
		if !crypto.VerifySignature(crypto.FromECDSAPub(&e.PublicKey), hash, sig[:64]) {
			t.Fatal("crypto.VerifySignature rejects its own signature")
		}
		// And crypto/ecdsa's randomized signature with the same key, which
		// go-ethereum's VerifySignature takes once normalized to low S.
		r, ss, err := cryptoecdsa.Sign(rand.Reader, e, hash)
		if err != nil {
			t.Fatal(err)
		}
		if half := new(big.Int).Rsh(secp256k1N, 1); ss.Cmp(half) > 0 {
			ss.Sub(secp256k1N, ss)
		}
		rs := append(r.FillBytes(make([]byte, 32)), ss.FillBytes(make([]byte, 32))...)
		if !crypto.VerifySignature(k.PublicKey().BytesCompressed(), hash, rs) {
			t.Fatal("go-ethereum rejects crypto/ecdsa's signature made with the converted key")
		}
	}
}

var secp256k1N = crypto.S256().Params().N

// TestBridgeCurve compares S256() with go-ethereum's crypto.S256().
func TestBridgeCurve(t *testing.T) {
	ours, theirs := stdecdsa.S256(), crypto.S256()
	op, tp := ours.Params(), theirs.Params()
	if op.P.Cmp(tp.P) != 0 || op.N.Cmp(tp.N) != 0 || op.B.Cmp(tp.B) != 0 ||
		op.Gx.Cmp(tp.Gx) != 0 || op.Gy.Cmp(tp.Gy) != 0 || op.BitSize != tp.BitSize {
		t.Fatalf("the parameters differ: %+v vs %+v", op, tp)
	}
	// Also a crypto.EllipticCurve (Marshal and Unmarshal), as crypto/ecies
	// wants of a key's Curve.
	ec, ok := ours.(crypto.EllipticCurve)
	if !ok {
		t.Fatal("S256() is not a crypto.EllipticCurve")
	}
	for i := range bridgeCases() {
		k := crypto.Keccak256([]byte{byte(i)}) // 32 bytes < n
		ox, oy := ours.ScalarBaseMult(k)
		tx, ty := theirs.ScalarBaseMult(k)
		if ox.Cmp(tx) != 0 || oy.Cmp(ty) != 0 {
			t.Fatalf("ScalarBaseMult(%x) differs", k)
		}
		k2 := crypto.Keccak256(k)
		ox, oy = ours.ScalarMult(tx, ty, k2)
		tx2, ty2 := theirs.ScalarMult(tx, ty, k2)
		if ox.Cmp(tx2) != 0 || oy.Cmp(ty2) != 0 {
			t.Fatal("ScalarMult differs")
		}
		ax, ay := ours.Add(tx, ty, tx2, ty2)
		bx, by := theirs.Add(tx, ty, tx2, ty2)
		if ax.Cmp(bx) != 0 || ay.Cmp(by) != 0 {
			t.Fatal("Add differs")
		}
		ax, ay = ours.Double(tx, ty)
		bx, by = theirs.Double(tx, ty)
		if ax.Cmp(bx) != 0 || ay.Cmp(by) != 0 {
			t.Fatal("Double differs")
		}
		m := ec.Marshal(tx, ty)
		if !bytes.Equal(m, theirs.Marshal(tx, ty)) {
			t.Fatal("Marshal differs")
		}
		ux, uy := ec.Unmarshal(m)
		if ux == nil || ux.Cmp(tx) != 0 || uy.Cmp(ty) != 0 {
			t.Fatal("Unmarshal differs")
		}
		if !ours.IsOnCurve(tx, ty) || !theirs.IsOnCurve(tx, ty) {
			t.Fatal("IsOnCurve differs")
		}
		off := new(big.Int).Add(ty, big.NewInt(1))
		if ours.IsOnCurve(tx, off) || theirs.IsOnCurve(tx, off) {
			t.Fatal("IsOnCurve accepts a point off the curve")
		}
	}

	// The differences that S256's documentation states. go-ethereum's cgo
	// curve computes with a point off the curve; S256() panics.
	gx, gy := op.Gx, new(big.Int).Add(op.Gy, big.NewInt(1))
	func() {
		defer func() {
			if recover() != nil {
				t.Error("crypto.S256().ScalarMult panics for a point off the curve")
			}
		}()
		theirs.ScalarMult(gx, gy, []byte{2})
	}()
	func() {
		defer func() {
			if recover() == nil {
				t.Error("S256().ScalarMult does not panic for a point off the curve")
			}
		}()
		ours.ScalarMult(gx, gy, []byte{2})
	}()
	// For 0 and n, go-ethereum's cgo ScalarMult returns (nil, nil), S256()
	// the point at infinity.
	for _, k := range [][]byte{make([]byte, 32), op.N.Bytes()} {
		if x, y := theirs.ScalarMult(op.Gx, op.Gy, k); x != nil || y != nil {
			t.Errorf("crypto.S256().ScalarMult(G, %x) = (%x, %x), want (nil, nil)", k, x, y)
		}
		if x, y := ours.ScalarMult(op.Gx, op.Gy, k); x.Sign() != 0 || y.Sign() != 0 {
			t.Errorf("S256().ScalarMult(G, %x) = (%x, %x), want (0, 0)", k, x, y)
		}
	}
	// For a scalar longer than 32 bytes go-ethereum's cgo curve panics;
	// S256() reduces it mod n.
	long := append([]byte{0, 0}, crypto.Keccak256([]byte("long"))...)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("crypto.S256().ScalarMult does not panic for 34 bytes")
			}
		}()
		theirs.ScalarMult(op.Gx, op.Gy, long)
	}()
	x1, y1 := ours.ScalarMult(op.Gx, op.Gy, long)
	x2, y2 := theirs.ScalarMult(op.Gx, op.Gy, long[2:])
	if x1.Cmp(x2) != 0 || y1.Cmp(y2) != 0 {
		t.Error("S256().ScalarMult of a 34-byte scalar with leading zeros differs from the 32-byte one")
	}
}

// TestBridgeCurveIdentity checks the advice of ToECDSA's documentation:
// crypto/ecies looks its parameters up by the key's Curve value and does not
// know S256(), and setting the Curve to crypto.S256() makes the key
// go-ethereum's.
func TestBridgeCurveIdentity(t *testing.T) {
	k, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	e, err := stdecdsa.ToECDSA(k)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("ecies")
	if _, err := ecies.Encrypt(rand.Reader, ecies.ImportECDSAPublic(&e.PublicKey), msg, nil, nil); err == nil {
		t.Error("crypto/ecies encrypts to a key on S256(): ToECDSA's documentation is out of date")
	}
	e.Curve = crypto.S256()
	ct, err := ecies.Encrypt(rand.Reader, ecies.ImportECDSAPublic(&e.PublicKey), msg, nil, nil)
	if err != nil {
		t.Fatalf("crypto/ecies with the Curve set to crypto.S256(): %v", err)
	}
	pt, err := ecies.ImportECDSA(e).Decrypt(ct, nil, nil)
	if err != nil || !bytes.Equal(pt, msg) {
		t.Fatalf("crypto/ecies decryption: %q, %v", pt, err)
	}
	// The key, on go-ethereum's curve, still converts back.
	if k2, err := stdecdsa.FromECDSA(e); err != nil || !k2.Equal(k) {
		t.Fatalf("FromECDSA with crypto.S256(): %v", err)
	}
}

// TestBridgeDecredCurve checks that decred's S256(), whose Params carry the
// Name "secp256k1", is recognised too.
func TestBridgeDecredCurve(t *testing.T) {
	k, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	e, err := stdecdsa.ToECDSA(k)
	if err != nil {
		t.Fatal(err)
	}
	e.Curve = decred.S256()
	if k2, err := stdecdsa.FromECDSA(e); err != nil || !k2.Equal(k) {
		t.Fatalf("FromECDSA with decred's S256(): %v", err)
	}
}
