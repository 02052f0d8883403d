package schnorr

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// short scales the random tests' counts under -short: a tenth, at least 3.
var short = testref.Short{Div: 10, Min: 3}

// evenKey returns k or −k, whichever has a public key with even y: the
// secret key of lift_x(x(k·G)).
func evenKey(k *secp256k1.PrivateKey) *secp256k1.PrivateKey {
	if k.PublicKey().BytesCompressed()[0] == 3 {
		return k.Negate()
	}
	return k
}

func parityOf(p *secp256k1.PublicKey) int { return int(p.BytesCompressed()[0] & 1) }

// TestXOnlyTweakAdd follows libsecp256k1's extrakeys tests: tweak, then check
// the result with XOnlyTweakAddCheck, with the private-key computation and
// with a key pair that signs for the tweaked key.
func TestXOnlyTweakAdd(t *testing.T) {
	r, count := testref.Rand(t), short.Count(t, 40)
	for range count {
		k := testkey.Random(t, r)
		P := k.PublicKey()
		tweak := make([]byte, 32)
		r.Read(tweak)
		tweak[0] &= 0x7f // < n
		Q, err := XOnlyTweakAdd(P, tweak)
		if err != nil {
			t.Fatal(err)
		}
		qx, qp := SerializePublicKey(Q), parityOf(Q)

		// The private-key side: (d + t)·G with d the even-y secret.
		kt, err := evenKey(k).TweakAdd(tweak)
		if err != nil {
			t.Fatal(err)
		}
		if !kt.PublicKey().Equal(Q) {
			t.Fatal("XOnlyTweakAdd(d·G, t) ≠ (d + t)·G")
		}
		// Only x(P) matters: −P and the x-only parse give the same Q.
		Pn := P.Negate()
		Px, _ := ParsePublicKey(SerializePublicKey(P))
		for _, in := range []*secp256k1.PublicKey{Pn, Px} {
			if Q2, err := XOnlyTweakAdd(in, tweak); err != nil || !Q2.Equal(Q) {
				t.Fatalf("XOnlyTweakAdd depends on the parity of the internal key: %v", err)
			}
		}

		if !XOnlyTweakAddCheck(qx, qp, P, tweak) || !XOnlyTweakAddCheck(qx, qp, Pn, tweak) {
			t.Fatal("XOnlyTweakAddCheck rejects the tweaked key")
		}
		bad := bytes.Clone(qx)
		bad[r.Intn(32)] ^= 1 << r.Intn(8)
		otherTweak := bytes.Clone(tweak)
		otherTweak[31] ^= 1
		for name, ok := range map[string]bool{
			"wrong parity":  XOnlyTweakAddCheck(qx, 1-qp, P, tweak),
			"parity 2":      XOnlyTweakAddCheck(qx, 2, P, tweak),
			"parity -1":     XOnlyTweakAddCheck(qx, -1, P, tweak),
			"mutated x":     XOnlyTweakAddCheck(bad, qp, P, tweak),
			"31-byte x":     XOnlyTweakAddCheck(qx[1:], qp, P, tweak),
			"other tweak":   XOnlyTweakAddCheck(qx, qp, P, otherTweak),
			"other key":     XOnlyTweakAddCheck(qx, qp, testkey.Random(t, r).PublicKey(), tweak),
			"31-byte tweak": XOnlyTweakAddCheck(qx, qp, P, tweak[1:]),
		} {
			if ok {
				t.Fatalf("XOnlyTweakAddCheck accepts a %s", name)
			}
		}

		// The key pair tweak signs for x(Q), and kp is unchanged.
		kp := NewKeypair(k)
		kq, err := kp.TweakAdd(tweak)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(kq.XOnlyPublicKey(), qx) || kq.Parity() != qp || !kq.PublicKey().Equal(Q) {
			t.Fatal("Keypair.TweakAdd: public key differs from XOnlyTweakAdd")
		}
		if !bytes.Equal(kp.XOnlyPublicKey(), SerializePublicKey(P)) || !kp.PublicKey().Equal(P) {
			t.Fatal("Keypair.TweakAdd changed its receiver")
		}
		msg := []byte("taproot")
		aux := make([]byte, 32)
		sig, err := kq.Sign(msg, aux)
		if err != nil {
			t.Fatal(err)
		}
		xq, _ := ParsePublicKey(qx)
		if !Verify(Q, msg, sig) || !Verify(xq, msg, sig) || Verify(P, msg, sig) {
			t.Fatal("tweaked key pair's signature does not verify with exactly the tweaked key")
		}
		if sig2, _ := Sign(kt, msg, aux); !bytes.Equal(sig, sig2) {
			t.Fatal("Keypair.TweakAdd and PrivateKey.TweakAdd sign differently")
		}
	}
}

// TestXOnlyTweakRecursive chains tweaks as libsecp256k1's
// test_xonly_pubkey_tweak_recursive does: each step's output is the next
// step's internal key, on the public and the key-pair side.
func TestXOnlyTweakRecursive(t *testing.T) {
	r := testref.Rand(t)
	kp := NewKeypair(testkey.Random(t, r))
	pub := kp.PublicKey()
	for i := range 16 {
		tweak := sha256.Sum256([]byte{byte(i)})
		next, err := XOnlyTweakAdd(pub, tweak[:])
		if err != nil {
			t.Fatal(err)
		}
		if !XOnlyTweakAddCheck(SerializePublicKey(next), parityOf(next), pub, tweak[:]) {
			t.Fatalf("step %d: check failed", i)
		}
		if kp, err = kp.TweakAdd(tweak[:]); err != nil {
			t.Fatal(err)
		}
		if !kp.PublicKey().Equal(next) {
			t.Fatalf("step %d: key pair and public key diverge", i)
		}
		pub = next
	}
}

func TestXOnlyTweakErrors(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	P := k.PublicKey()
	kp := NewKeypair(k)
	n := testref.N.FillBytes(make([]byte, 32))
	// t = n − d, with d the even-y secret: the tweaked key is the identity.
	dNeg := evenKey(k).Negate().Bytes()
	for name, tw := range map[string][]byte{
		"nil":      nil,
		"31 bytes": make([]byte, 31),
		"33 bytes": make([]byte, 33),
		"n":        n,
		"2^256-1":  bytes.Repeat([]byte{0xff}, 32),
		"n - d":    dNeg,
	} {
		if Q, err := XOnlyTweakAdd(P, tw); !errors.Is(err, ErrTweak) || Q != nil {
			t.Errorf("XOnlyTweakAdd(%s) = %v, %v", name, Q, err)
		}
		if k2, err := kp.TweakAdd(tw); !errors.Is(err, ErrTweak) || k2 != nil {
			t.Errorf("Keypair.TweakAdd(%s) = %v, %v", name, k2, err)
		}
		for parity := range 2 {
			if XOnlyTweakAddCheck(SerializePublicKey(P), parity, P, tw) {
				t.Errorf("XOnlyTweakAddCheck(%s) = true", name)
			}
		}
	}
	// −P has the same x, so n − d is also the identity tweak for it, while
	// the plain (non-x-only) tweak of P by n − d is the identity only if P
	// has even y.
	if _, err := XOnlyTweakAdd(P.Negate(), dNeg); !errors.Is(err, ErrTweak) {
		t.Errorf("XOnlyTweakAdd(−P, n − d) = %v", err)
	}
	// A zero tweak gives lift_x(x(P)).
	Q, err := XOnlyTweakAdd(P, make([]byte, 32))
	if err != nil || !Q.Equal(evenKey(k).PublicKey()) {
		t.Errorf("XOnlyTweakAdd(P, 0) = %v, %v", Q, err)
	}
}

func TestTapTweak(t *testing.T) {
	r, count := testref.Rand(t), short.Count(t, 20)
	for range count {
		k := testkey.Random(t, r)
		P := k.PublicKey()
		root := make([]byte, 32)
		r.Read(root)
		for _, mr := range [][]byte{nil, {}, root} {
			Q, err := TapTweak(P, mr)
			if err != nil {
				t.Fatal(err)
			}
			th, err := TapTweakHash(P, mr)
			if err != nil {
				t.Fatal(err)
			}
			if want := TaggedHash("TapTweak", SerializePublicKey(P), mr); th != want {
				t.Fatal("TapTweakHash differs from TaggedHash(\"TapTweak\", x(P) ‖ root)")
			}
			if !XOnlyTweakAddCheck(SerializePublicKey(Q), parityOf(Q), P, th[:]) {
				t.Fatal("TapTweak is not the x-only tweak by TapTweakHash")
			}
			if Qn, err := TapTweak(P.Negate(), mr); err != nil || !Qn.Equal(Q) {
				t.Fatal("TapTweak depends on the parity of the internal key")
			}
			kq, err := NewKeypair(k).TapTweak(mr)
			if err != nil {
				t.Fatal(err)
			}
			if !kq.PublicKey().Equal(Q) {
				t.Fatal("Keypair.TapTweak differs from TapTweak")
			}
			sig, err := kq.Sign([]byte("sighash"), nil)
			if err != nil || !Verify(Q, []byte("sighash"), sig) {
				t.Fatalf("key-path signature does not verify: %v", err)
			}
		}
		Q1, _ := TapTweak(P, nil)
		Q2, _ := TapTweak(P, root)
		if Q1.Equal(Q2) {
			t.Fatal("TapTweak ignores the merkle root")
		}
	}
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{1}, 32))
	for _, l := range []int{1, 31, 33, 64} {
		mr := make([]byte, l)
		if Q, err := TapTweak(k.PublicKey(), mr); !errors.Is(err, ErrMerkleRoot) || Q != nil {
			t.Errorf("TapTweak with a %d-byte root = %v, %v", l, Q, err)
		}
		if _, err := TapTweakHash(k.PublicKey(), mr); !errors.Is(err, ErrMerkleRoot) {
			t.Errorf("TapTweakHash with a %d-byte root: %v", l, err)
		}
		if kq, err := NewKeypair(k).TapTweak(mr); !errors.Is(err, ErrMerkleRoot) || kq != nil {
			t.Errorf("Keypair.TapTweak with a %d-byte root = %v, %v", l, kq, err)
		}
	}
}

func TestTapLeafHashCompactSize(t *testing.T) {
	// The CompactSize prefix at each boundary, written out.
	for _, c := range []struct {
		n      int
		prefix string
	}{
		{0, "00"}, {1, "01"}, {0xfc, "fc"}, {0xfd, "fdfd00"}, {0xfe, "fdfe00"},
		{0xffff, "fdffff"}, {0x10000, "fe00000100"}, {0x10001, "fe01000100"},
	} {
		script := make([]byte, c.n)
		for i := range script {
			script[i] = byte(i)
		}
		prefix, _ := hex.DecodeString(c.prefix)
		want := TaggedHash("TapLeaf", []byte{0xc0}, prefix, script)
		if got := TapLeafHash(TapscriptLeafVersion, script); got != want {
			t.Errorf("TapLeafHash of a %d-byte script: wrong CompactSize prefix", c.n)
		}
	}
}

func TestTapBranchHash(t *testing.T) {
	a := sha256.Sum256([]byte("a"))
	b := sha256.Sum256([]byte("b"))
	lo, hi := a, b
	if bytes.Compare(a[:], b[:]) > 0 {
		lo, hi = b, a
	}
	want := TaggedHash("TapBranch", lo[:], hi[:])
	if TapBranchHash(a, b) != want || TapBranchHash(b, a) != want {
		t.Fatal("TapBranchHash does not sort its children")
	}
	if TapBranchHash(a, a) != TaggedHash("TapBranch", a[:], a[:]) {
		t.Fatal("TapBranchHash(a, a)")
	}
	// Only the first differing byte decides.
	c := a
	c[31] ^= 1
	if bytes.Compare(a[:], c[:]) < 0 {
		a, c = c, a
	}
	if TapBranchHash(a, c) != TaggedHash("TapBranch", c[:], a[:]) {
		t.Fatal("TapBranchHash orders by a later byte")
	}
}

// bip341Vectors is the layout of testdata/bip-0341/wallet-test-vectors.json.
type bip341Vectors struct {
	Version      int
	ScriptPubKey []struct {
		Given struct {
			InternalPubkey string
			ScriptTree     json.RawMessage
		}
		Intermediary struct {
			LeafHashes    []string
			MerkleRoot    *string
			Tweak         string
			TweakedPubkey string
		}
		Expected struct {
			ScriptPubKey            string
			Bip350Address           string
			ScriptPathControlBlocks []string
		}
	}
	KeyPathSpending []struct {
		Given struct {
			UtxosSpent []struct {
				ScriptPubKey string
			}
		}
		InputSpending []struct {
			Given struct {
				TxinIndex       int
				InternalPrivkey string
				MerkleRoot      *string
				HashType        int
			}
			Intermediary struct {
				InternalPubkey string
				Tweak          string
				TweakedPrivkey string
				SigHash        string
			}
			Expected struct {
				Witness []string
			}
		}
	}
}

// tapLeafPath is a leaf of a script tree and its merkle path (the sibling
// hashes from the leaf up).
type tapLeafPath struct {
	id          int
	leafVersion byte
	leafHash    [32]byte
	path        []byte
}

// tapTree walks a script tree in the vectors' JSON form (a leaf object
// {id, script, leafVersion} or a two-element array of subtrees) as BIP-341's
// taproot_tree_helper does, and returns its leaves with their paths and its
// root hash.
func tapTree(t *testing.T, raw json.RawMessage) ([]tapLeafPath, [32]byte) {
	t.Helper()
	if s := strings.TrimSpace(string(raw)); strings.HasPrefix(s, "{") {
		var leaf struct {
			ID          int
			Script      string
			LeafVersion int
		}
		if err := json.Unmarshal(raw, &leaf); err != nil {
			t.Fatal(err)
		}
		h := TapLeafHash(byte(leaf.LeafVersion), testref.Hex(t, leaf.Script))
		return []tapLeafPath{{id: leaf.ID, leafVersion: byte(leaf.LeafVersion), leafHash: h}}, h
	}
	var branch []json.RawMessage
	if err := json.Unmarshal(raw, &branch); err != nil || len(branch) != 2 {
		t.Fatalf("malformed script tree %s: %v", raw, err)
	}
	left, lh := tapTree(t, branch[0])
	right, rh := tapTree(t, branch[1])
	var out []tapLeafPath
	for _, l := range left {
		l.path = append(l.path, rh[:]...)
		out = append(out, l)
	}
	for _, l := range right {
		l.path = append(l.path, lh[:]...)
		out = append(out, l)
	}
	return out, TapBranchHash(lh, rh)
}

// bech32m returns the BIP-350 bech32m encoding of a segwit output: hrp, the
// witness version and the program. A minimal encoder, for the vectors only.
func bech32m(hrp string, version byte, program []byte) string {
	const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	data := []byte{version}
	var acc uint32
	bits := 0
	for _, b := range program { // 8-bit groups to 5-bit groups, zero-padded
		acc = acc<<8 | uint32(b)
		bits += 8
		for bits >= 5 {
			bits -= 5
			data = append(data, byte(acc>>bits)&31)
		}
	}
	if bits > 0 {
		data = append(data, byte(acc<<(5-bits))&31)
	}
	polymod := func(values []byte) uint32 {
		gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
		chk := uint32(1)
		for _, v := range values {
			top := chk >> 25
			chk = (chk&0x1ffffff)<<5 ^ uint32(v)
			for i := range 5 {
				if (top>>i)&1 == 1 {
					chk ^= gen[i]
				}
			}
		}
		return chk
	}
	var values []byte
	for _, c := range []byte(hrp) {
		values = append(values, c>>5)
	}
	values = append(values, 0)
	for _, c := range []byte(hrp) {
		values = append(values, c&31)
	}
	values = append(values, data...)
	values = append(values, 0, 0, 0, 0, 0, 0)
	mod := polymod(values) ^ 0x2bc830a3 // the bech32m constant
	for i := range 6 {
		data = append(data, byte(mod>>(5*(5-i)))&31)
	}
	out := []byte(hrp + "1")
	for _, d := range data {
		out = append(out, charset[d])
	}
	return string(out)
}

func loadBIP341(t testing.TB) *bip341Vectors {
	var v bip341Vectors
	testref.JSON(t, "../testdata/bip-0341/wallet-test-vectors.json", &v)
	if v.Version != 1 || len(v.ScriptPubKey) != 7 || len(v.KeyPathSpending) != 1 || len(v.KeyPathSpending[0].InputSpending) != 7 {
		t.Fatalf("unexpected vector file layout: version %d, %d scriptPubKey cases, %d keyPathSpending",
			v.Version, len(v.ScriptPubKey), len(v.KeyPathSpending))
	}
	return &v
}

// TestBIP341ScriptPubKeyVectors reproduces the "scriptPubKey" section: leaf
// hashes, merkle root, tweak, output key, scriptPubKey, bech32m address, and
// the control blocks of the script-path spends (which carry the output key's
// parity).
func TestBIP341ScriptPubKeyVectors(t *testing.T) {
	for i, c := range loadBIP341(t).ScriptPubKey {
		P, err := ParsePublicKey(testref.Hex(t, c.Given.InternalPubkey))
		if err != nil {
			t.Fatalf("case %d: internal key: %v", i, err)
		}
		var root []byte
		var leaves []tapLeafPath
		if string(c.Given.ScriptTree) != "null" {
			var h [32]byte
			leaves, h = tapTree(t, c.Given.ScriptTree)
			root = h[:]
		}
		if len(leaves) != len(c.Intermediary.LeafHashes) {
			t.Fatalf("case %d: %d leaves, want %d", i, len(leaves), len(c.Intermediary.LeafHashes))
		}
		for _, l := range leaves {
			if got, want := hex.EncodeToString(l.leafHash[:]), c.Intermediary.LeafHashes[l.id]; got != want {
				t.Errorf("case %d: leaf %d hash %s, want %s", i, l.id, got, want)
			}
		}
		if c.Intermediary.MerkleRoot == nil {
			if root != nil {
				t.Errorf("case %d: merkle root %x, want none", i, root)
			}
		} else if got := hex.EncodeToString(root); got != *c.Intermediary.MerkleRoot {
			t.Errorf("case %d: merkle root %s, want %s", i, got, *c.Intermediary.MerkleRoot)
		}
		th, err := TapTweakHash(P, root)
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(th[:]); got != c.Intermediary.Tweak {
			t.Errorf("case %d: tweak %s, want %s", i, got, c.Intermediary.Tweak)
		}
		Q, err := TapTweak(P, root)
		if err != nil {
			t.Fatalf("case %d: TapTweak: %v", i, err)
		}
		qx := SerializePublicKey(Q)
		if got := hex.EncodeToString(qx); got != c.Intermediary.TweakedPubkey {
			t.Errorf("case %d: tweaked key %s, want %s", i, got, c.Intermediary.TweakedPubkey)
		}
		spk := append([]byte{0x51, 0x20}, qx...) // OP_1 PUSH32 x(Q)
		if got := hex.EncodeToString(spk); got != c.Expected.ScriptPubKey {
			t.Errorf("case %d: scriptPubKey %s, want %s", i, got, c.Expected.ScriptPubKey)
		}
		if got := bech32m("bc", 1, qx); got != c.Expected.Bip350Address {
			t.Errorf("case %d: address %s, want %s", i, got, c.Expected.Bip350Address)
		}
		if !XOnlyTweakAddCheck(qx, parityOf(Q), P, th[:]) {
			t.Errorf("case %d: XOnlyTweakAddCheck rejects the output key", i)
		}
		if len(leaves) != len(c.Expected.ScriptPathControlBlocks) {
			t.Fatalf("case %d: %d leaves, %d control blocks", i, len(leaves), len(c.Expected.ScriptPathControlBlocks))
		}
		for _, l := range leaves {
			cb := append([]byte{l.leafVersion | byte(parityOf(Q))}, SerializePublicKey(P)...)
			cb = append(cb, l.path...)
			if got, want := hex.EncodeToString(cb), c.Expected.ScriptPathControlBlocks[l.id]; got != want {
				t.Errorf("case %d: leaf %d control block %s, want %s", i, l.id, got, want)
			}
		}
	}
}

// TestBIP341KeyPathVectors reproduces the "keyPathSpending" section per
// input: internal key, tweak, tweaked private key and the key-path signature
// over the given sigHash (aux_rand is 32 zero bytes, per BIP-341; the
// transaction sighash computation is out of scope).
func TestBIP341KeyPathVectors(t *testing.T) {
	v := loadBIP341(t).KeyPathSpending[0]
	for _, in := range v.InputSpending {
		i := in.Given.TxinIndex
		k, err := secp256k1.NewPrivateKey(testref.Hex(t, in.Given.InternalPrivkey))
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		var root []byte
		if in.Given.MerkleRoot != nil {
			root = testref.Hex(t, *in.Given.MerkleRoot)
		}
		kp := NewKeypair(k)
		if got := hex.EncodeToString(kp.XOnlyPublicKey()); got != in.Intermediary.InternalPubkey {
			t.Errorf("input %d: internal key %s, want %s", i, got, in.Intermediary.InternalPubkey)
		}
		th, err := TapTweakHash(k.PublicKey(), root)
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(th[:]); got != in.Intermediary.Tweak {
			t.Errorf("input %d: tweak %s, want %s", i, got, in.Intermediary.Tweak)
		}

		// taproot_tweak_seckey with the root package's tweak.
		tweaked, err := evenKey(k).TweakAdd(th[:])
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(tweaked.Bytes()); got != in.Intermediary.TweakedPrivkey {
			t.Errorf("input %d: tweaked private key %s, want %s", i, got, in.Intermediary.TweakedPrivkey)
		}
		// The key pair holds the same key, negated for an odd output key.
		kq, err := kp.TapTweak(root)
		if err != nil {
			t.Fatal(err)
		}
		d := kq.key.D
		d.CondNegate(kq.Parity())
		var db [32]byte
		d.PutBytes(&db)
		if got := hex.EncodeToString(db[:]); got != in.Intermediary.TweakedPrivkey {
			t.Errorf("input %d: key pair's tweaked private key %s, want %s", i, got, in.Intermediary.TweakedPrivkey)
		}

		// The output key is the one in the spent output's scriptPubKey.
		Q, err := TapTweak(k.PublicKey(), root)
		if err != nil {
			t.Fatal(err)
		}
		if !kq.PublicKey().Equal(Q) || !tweaked.PublicKey().Equal(Q) {
			t.Errorf("input %d: the tweaked key pair, private key and output key differ", i)
		}
		spk := "5120" + hex.EncodeToString(SerializePublicKey(Q))
		if want := v.Given.UtxosSpent[i].ScriptPubKey; spk != want {
			t.Errorf("input %d: scriptPubKey %s, spent output has %s", i, spk, want)
		}

		// The witness is the signature, plus the hash type unless it is
		// SIGHASH_DEFAULT (0).
		sigHash := testref.Hex(t, in.Intermediary.SigHash)
		sig, err := kq.Sign(sigHash, make([]byte, 32))
		if err != nil {
			t.Fatal(err)
		}
		if len(in.Expected.Witness) != 1 {
			t.Fatalf("input %d: %d witness elements, want 1", i, len(in.Expected.Witness))
		}
		witness := testref.Hex(t, in.Expected.Witness[0])
		wantSig := witness
		if in.Given.HashType != 0 {
			if len(witness) != 65 || witness[64] != byte(in.Given.HashType) {
				t.Fatalf("input %d: witness %x does not end in hash type %d", i, witness, in.Given.HashType)
			}
			wantSig = witness[:64]
		}
		if !bytes.Equal(sig, wantSig) {
			t.Errorf("input %d: signature %x, want %x", i, sig, wantSig)
		}
		if sig2, _ := Sign(tweaked, sigHash, make([]byte, 32)); !bytes.Equal(sig2, wantSig) {
			t.Errorf("input %d: Sign with the tweaked private key gives %x", i, sig2)
		}
		if !Verify(Q, sigHash, sig) {
			t.Errorf("input %d: signature does not verify with the output key", i)
		}
	}
}

// base58CheckDecode decodes a Base58Check string (for the BIP-86 xprvs).
func base58CheckDecode(t *testing.T, s string) []byte {
	t.Helper()
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	x := new(big.Int)
	for _, c := range s {
		i := strings.IndexRune(alphabet, c)
		if i < 0 {
			t.Fatalf("bad base58 digit %q", c)
		}
		x.Mul(x, big.NewInt(58)).Add(x, big.NewInt(int64(i)))
	}
	b := x.Bytes() // xprvs have no leading zero bytes
	payload, sum := b[:len(b)-4], b[len(b)-4:]
	h := sha256.Sum256(payload)
	h = sha256.Sum256(h[:])
	if !bytes.Equal(h[:4], sum) {
		t.Fatalf("bad Base58Check checksum in %s", s)
	}
	return payload
}

// TestBIP86Vectors checks the key-path-only outputs of BIP-86's test vectors
// (the three addresses of account 0 in /work/shared/specs/bip-0086.mediawiki,
// bitcoin/bips commit 7fe0b034ec967b52a5a28276419117326df93263, BSD-2-Clause):
// from the xprv's private key to the output key, scriptPubKey and address.
func TestBIP86Vectors(t *testing.T) {
	for _, c := range []struct{ xprv, internal, output, address string }{
		{"xprvA449goEeU9okwCzzZaxiy475EQGQzBkc65su82nXEvcwzfSskb2hAt2WymrjyRL6kpbVTGL3cKtp9herYXSjjQ1j4stsXXiRF7kXkCacK3T",
			"cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115",
			"a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c",
			"bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr"},
		{"xprvA449goEeU9okyiF1LmKiDaTgeXvmh87DVyRd35VPbsSop8n8uALpbtrUhUXByPFKK7C2yuqrB1FrhiDkEMC4RGmA5KTwsE1aB5jRu9zHsuQ",
			"83dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145",
			"a82f29944d65b86ae6b5e5cc75e294ead6c59391a1edc5e016e3498c67fc7bbb",
			"bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh"},
		{"xprvA3Ln3Gt3aphvUgzgEDT8vE2cYqb4PjFfpmbiFKphxLg1FjXQpkAk5M1ZKDY15bmCAHA35jTiawbFuwGtbDZogKF1WfjwxML4gK7WfYW5JRP",
			"399f1b2f4393f29a18c937859c5dd8a77350103157eb880f02e8c08214277cef",
			"882d74e5d0572d5a816cef0041a96b6c1de832f6f9676d9605c44d5e9a97d3dc",
			"bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7"},
	} {
		payload := base58CheckDecode(t, c.xprv)
		if len(payload) != 78 || payload[45] != 0 {
			t.Fatalf("%s: not a private extended key", c.xprv)
		}
		k, err := secp256k1.NewPrivateKey(payload[46:])
		if err != nil {
			t.Fatal(err)
		}
		kp := NewKeypair(k)
		if got := hex.EncodeToString(kp.XOnlyPublicKey()); got != c.internal {
			t.Fatalf("internal key %s, want %s", got, c.internal)
		}
		Q, err := TapTweak(k.PublicKey(), nil)
		if err != nil {
			t.Fatal(err)
		}
		qx := SerializePublicKey(Q)
		if got := hex.EncodeToString(qx); got != c.output {
			t.Errorf("output key %s, want %s", got, c.output)
		}
		if got := bech32m("bc", 1, qx); got != c.address {
			t.Errorf("address %s, want %s", got, c.address)
		}
		kq, err := kp.TapTweak(nil)
		if err != nil || !bytes.Equal(kq.XOnlyPublicKey(), qx) {
			t.Errorf("Keypair.TapTweak(nil): %v", err)
		}
	}
}

func BenchmarkTapTweak(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	pub := k.PublicKey()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := TapTweak(pub, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTaprootErrorText pins the text of the errors that internal/bip340
// declares for this package (and for btcaddr, musig2 and frost).
func TestTaprootErrorText(t *testing.T) {
	for err, want := range map[error]string{
		ErrTweak:      "schnorr: invalid tweak",
		ErrMerkleRoot: "schnorr: taproot merkle root must be empty or 32 bytes",
	} {
		if err.Error() != want {
			t.Errorf("error %q, want %q", err, want)
		}
	}
}
