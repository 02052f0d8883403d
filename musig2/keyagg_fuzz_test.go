package musig2

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/big"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Fuzz targets for key aggregation with tweaks and for nonce generation,
// checked against BIP-327 and BIP-341 written out independently: the tagged
// hashes with crypto/sha256, the scalars with math/big, and the points with
// the root package's public Scalar and Point API (itself tested against
// internal/testkit/testref). Nothing here calls the package's own hashing.

// refHashToScalar returns int(hash_tag(msg…)) mod n.
func refHashToScalar(tag string, msg ...[]byte) *big.Int {
	h := testref.TaggedHash(tag, msg...)
	k := new(big.Int).SetBytes(h[:])
	return k.Mod(k, testref.N)
}

// scalarOf returns k (0 ≤ k < n) as a root package Scalar.
func scalarOf(t *testing.T, k *big.Int) *secp256k1.Scalar {
	t.Helper()
	s, err := new(secp256k1.Scalar).SetCanonicalBytes(testref.Bytes32(k))
	if err != nil {
		t.Fatalf("reference scalar %x: %v", k, err)
	}
	return s
}

// refCBytesG returns cbytes(k·G) for 0 < k < n.
func refCBytesG(t *testing.T, k *big.Int) []byte {
	t.Helper()
	if k.Sign() == 0 {
		t.Fatal("reference nonce is zero") // probability 2⁻²⁵⁶
	}
	return new(secp256k1.Point).ScalarBaseMult(scalarOf(t, k)).BytesCompressed()
}

// refValidKey reports whether b is a valid BIP-327 individual public key
// (cpoint): 33 bytes, 0x02 or 0x03, and the x of a point.
func refValidKey(b []byte) bool {
	return len(b) == 33 && refPoint(b, false)
}

// refKeyAggCoeffs returns BIP-327's KeyAggCoeff(pk₁..u, pk_i) for each key:
// 1 for the keys equal to the first key that differs from pk₁, and
// int(hash_KeyAgg coefficient(hash_KeyAgg list(pk₁ ‖ … ‖ pk_u) ‖ pk_i)) mod n
// for the others.
func refKeyAggCoeffs(pubkeys [][]byte) []*big.Int {
	L := testref.TaggedHash("KeyAgg list", pubkeys...)
	var pk2 []byte
	for _, pk := range pubkeys {
		if !bytes.Equal(pk, pubkeys[0]) {
			pk2 = pk
			break
		}
	}
	a := make([]*big.Int, len(pubkeys))
	for i, pk := range pubkeys {
		if pk2 != nil && bytes.Equal(pk, pk2) {
			a[i] = big.NewInt(1)
		} else {
			a[i] = refHashToScalar("KeyAgg coefficient", L[:], pk)
		}
	}
	return a
}

// refKeyAgg returns BIP-327's Q = a₁·P₁ + … + a_u·P_u of valid keys, by
// constant-time scalar multiplications and additions (KeyAgg uses a
// variable-time multi-scalar multiplication).
func refKeyAgg(t *testing.T, pubkeys [][]byte) *secp256k1.Point {
	t.Helper()
	Q := secp256k1.NewIdentityPoint()
	for i, a := range refKeyAggCoeffs(pubkeys) {
		pub, err := secp256k1.ParsePublicKey(pubkeys[i])
		if err != nil {
			t.Fatalf("reference key %x: %v", pubkeys[i], err)
		}
		var T secp256k1.Point
		Q.Add(Q, T.ScalarMult(scalarOf(t, a), pub.Point()))
	}
	return Q
}

// splitKeys cuts blob into at most 8 keys of 33 bytes; a shorter tail
// becomes one more (invalid) key when there is room for it.
func splitKeys(blob []byte) [][]byte {
	var keys [][]byte
	for len(blob) > 0 && len(keys) < 8 {
		n := min(len(blob), PublicKeySize)
		keys = append(keys, blob[:n:n])
		blob = blob[n:]
	}
	return keys
}

// FuzzKeyAgg aggregates up to 8 fuzzed keys and tweaks the result. KeySort
// returns a sorted permutation and leaves its input alone. KeyAgg fails
// exactly for an empty list or a key that is not a valid compressed point
// (blaming the first one), and otherwise gives BIP-327's Σ a_i·P_i
// recomputed from the hashes. ApplyTweak fails exactly for a tweak that is
// not 32 bytes or ≥ n, or a result at infinity, and otherwise gives g·Q +
// t·G with g = −1 only for an x-only tweak of an odd-y Q. ApplyTapTweak is
// ApplyTweak by BIP-341's TapTweak hash, and agrees with schnorr.TapTweak.
func FuzzKeyAgg(f *testing.F) {
	var v struct {
		Pubkeys []hexBytes `json:"pubkeys"`
		Tweaks  []hexBytes `json:"tweaks"`
	}
	loadVectors(f, "key_agg_vectors.json", &v)
	pk := func(idx ...int) []byte {
		var b []byte
		for _, i := range idx {
			b = append(b, v.Pubkeys[i]...)
		}
		return b
	}
	root := bytes.Repeat([]byte{0x5a}, 32)
	for _, idx := range [][]int{{0, 1, 2}, {2, 1, 0}, {0, 0, 0}, {0, 0, 1, 1}, {0, 3}, {0, 4}, {5, 0}, {6}, {0, 1, 2, 6, 0, 1, 2, 6, 0}} {
		f.Add(pk(idx...), []byte(v.Tweaks[1]), true, root)
		f.Add(pk(idx...), []byte(v.Tweaks[0]), false, []byte(nil)) // tweak = n
	}
	tweak := v.Tweaks[1]
	for _, tw := range append(testref.ScalarEdges(), tweak[:31], append(bytes.Clone(tweak), 0)) {
		f.Add(pk(0, 1), tw, false, root)
	}
	for _, mr := range [][]byte{{}, root[:31], append(bytes.Clone(root), 0), make([]byte, 64)} {
		f.Add(pk(0, 1), []byte(tweak), true, mr)
	}
	f.Add([]byte{}, []byte(tweak), false, root)
	f.Add(pk(0, 1)[:40], []byte(tweak), false, root) // a 7-byte tail
	f.Add(bytes.Repeat([]byte{0xff}, 66), []byte(tweak), false, root)
	// A single key k·G aggregates to a·k·G: the tweak −a·k (plain, or x-only
	// after negation to even y) takes it to infinity.
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{3}, 32))
	kpk := k.PublicKey().BytesCompressed()
	ak := refKeyAggCoeffs([][]byte{kpk})[0]
	ak.Mul(ak, new(big.Int).SetBytes(k.Bytes())).Mod(ak, testref.N)
	f.Add(kpk, testref.Bytes32(new(big.Int).Sub(testref.N, ak)), false, []byte(nil))
	f.Add(kpk, testref.Bytes32(new(big.Int).Sub(testref.N, ak)), true, []byte(nil))
	f.Add(kpk, testref.Bytes32(ak), true, []byte(nil))

	f.Fuzz(func(t *testing.T, blob, tweak []byte, isXOnly bool, merkleRoot []byte) {
		keys := splitKeys(blob)

		orig := make([][]byte, len(keys))
		for i := range keys {
			orig[i] = bytes.Clone(keys[i])
		}
		sorted := KeySort(keys)
		if !slices.IsSortedFunc(sorted, bytes.Compare) {
			t.Fatal("KeySort's result is not sorted")
		}
		count := map[string]int{}
		for i := range keys {
			count[string(keys[i])]++
		}
		for i := range sorted {
			count[string(sorted[i])]--
		}
		for _, c := range count {
			if c != 0 || len(sorted) != len(keys) {
				t.Fatal("KeySort's result is not a permutation of its input")
			}
		}
		if !slices.EqualFunc(keys, orig, bytes.Equal) {
			t.Fatal("KeySort changed its input")
		}

		ka, err := KeyAgg(keys)
		bad := slices.IndexFunc(keys, func(k []byte) bool { return !refValidKey(k) })
		switch {
		case len(keys) == 0:
			if !errors.Is(err, ErrNoPublicKeys) || ka != nil {
				t.Fatalf("KeyAgg(no keys) error %v, want ErrNoPublicKeys", err)
			}
			return
		case bad >= 0:
			var ice *InvalidContributionError
			if !errors.As(err, &ice) || ice.Signer != bad || ice.Contrib != ContribPubKey || !errors.Is(err, ErrPublicKey) || ka != nil {
				t.Fatalf("KeyAgg with key %d (%x) invalid: error %v", bad, keys[bad], err)
			}
			return
		}
		Q := refKeyAgg(t, keys)
		if Q.IsIdentity() == 1 {
			if !errors.Is(err, ErrAggregateInfinity) {
				t.Fatalf("KeyAgg at infinity: error %v, want ErrAggregateInfinity", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("KeyAgg of valid keys: %v", err)
		}
		qc := Q.BytesCompressed()
		if got := ka.PlainPublicKey(); !bytes.Equal(got, qc) {
			t.Fatalf("KeyAgg = %x, BIP-327 reference %x", got, qc)
		}
		if !bytes.Equal(ka.XOnlyPublicKey(), qc[1:]) || !bytes.Equal(ka.PublicKey().BytesCompressed(), qc) {
			t.Fatal("the accessors disagree with PlainPublicKey")
		}
		if !slices.EqualFunc(ka.PublicKeys(), keys, bytes.Equal) {
			t.Fatal("PublicKeys differs from KeyAgg's input")
		}
		if ts, xs := ka.Tweaks(); len(ts) != 0 || len(xs) != 0 {
			t.Fatal("an untweaked context has tweaks")
		}
		if ka2, err := KeyAgg(keys); err != nil || !bytes.Equal(ka2.PlainPublicKey(), qc) {
			t.Fatalf("KeyAgg is not deterministic: %v", err)
		}

		// ApplyTweak: Q' = g·Q + t·G.
		tk, err := ka.ApplyTweak(tweak, isXOnly)
		cur := ka
		tv := new(big.Int).SetBytes(tweak)
		if len(tweak) != 32 || tv.Cmp(testref.N) >= 0 {
			if !errors.Is(err, ErrTweak) || tk != nil {
				t.Fatalf("ApplyTweak(%x) error %v, want ErrTweak", tweak, err)
			}
		} else {
			gQ := new(secp256k1.Point).Set(Q)
			if isXOnly && qc[0] == 3 {
				gQ.Negate(gQ)
			}
			want := new(secp256k1.Point).ScalarBaseMult(scalarOf(t, tv))
			want.Add(want, gQ)
			if want.IsIdentity() == 1 {
				if !errors.Is(err, ErrTweakInfinity) || tk != nil {
					t.Fatalf("ApplyTweak to infinity: error %v, want ErrTweakInfinity", err)
				}
			} else {
				if err != nil {
					t.Fatalf("ApplyTweak(%x, %v): %v", tweak, isXOnly, err)
				}
				if got, w := tk.PlainPublicKey(), want.BytesCompressed(); !bytes.Equal(got, w) {
					t.Fatalf("ApplyTweak(%x, %v) = %x, want g·Q + t·G = %x", tweak, isXOnly, got, w)
				}
				ts, xs := tk.Tweaks()
				if len(ts) != 1 || !bytes.Equal(ts[0], tweak) || len(xs) != 1 || xs[0] != isXOnly {
					t.Fatal("Tweaks does not list the applied tweak")
				}
				cur = tk
			}
		}
		if !bytes.Equal(ka.PlainPublicKey(), qc) {
			t.Fatal("ApplyTweak changed its receiver")
		}

		// ApplyTapTweak(root) = ApplyTweak(hash_TapTweak(xbytes(Q) ‖ root), true).
		tt, err := cur.ApplyTapTweak(merkleRoot)
		if len(merkleRoot) != 0 && len(merkleRoot) != 32 {
			if !errors.Is(err, schnorr.ErrMerkleRoot) || tt != nil {
				t.Fatalf("%d-byte merkle root: error %v, want schnorr.ErrMerkleRoot", len(merkleRoot), err)
			}
			return
		}
		th := testref.TaggedHash("TapTweak", cur.XOnlyPublicKey(), merkleRoot)
		want, werr := cur.ApplyTweak(th[:], true)
		out, serr := schnorr.TapTweak(cur.PublicKey(), merkleRoot)
		if err != nil || werr != nil || serr != nil {
			t.Fatalf("ApplyTapTweak error %v, ApplyTweak error %v, schnorr.TapTweak error %v", err, werr, serr)
		}
		if !bytes.Equal(tt.PlainPublicKey(), want.PlainPublicKey()) || !bytes.Equal(tt.PlainPublicKey(), out.BytesCompressed()) {
			t.Fatalf("ApplyTapTweak = %x; ApplyTweak by the TapTweak hash %x, schnorr.TapTweak %x",
				tt.PlainPublicKey(), want.PlainPublicKey(), out.BytesCompressed())
		}
		ts, xs := tt.Tweaks()
		if len(ts) == 0 || !bytes.Equal(ts[len(ts)-1], th[:]) || !xs[len(xs)-1] {
			t.Fatal("Tweaks does not list the TapTweak as x-only")
		}
		if len(merkleRoot) == 0 {
			if b86, err := cur.ApplyBIP86Tweak(); err != nil || !bytes.Equal(b86.PlainPublicKey(), tt.PlainPublicKey()) {
				t.Fatalf("ApplyBIP86Tweak differs from ApplyTapTweak(nil): %v", err)
			}
		}
	})
}

// nonceGenRand is the rand′ of FuzzNonceGen, the one of BIP-327's NonceGen
// vectors, so that their seeds reproduce the vectors.
var nonceGenRand = bytes.Repeat([]byte{0x0f}, 32)

// refNonceGen is BIP-327's NonceGen(sk, pk, aggpk, m, extra_in) with rand′ =
// nonceGenRand, as the BIP writes it: sk may be nil, msg nil is an absent
// message. It returns secnonce = bytes(32, k₁) ‖ bytes(32, k₂) ‖ pk and
// pubnonce = cbytes(k₁·G) ‖ cbytes(k₂·G).
func refNonceGen(t *testing.T, sk *secp256k1.PrivateKey, pk, aggpk, msg, extra []byte) (secnonce, pubnonce []byte) {
	t.Helper()
	rnd := bytes.Clone(nonceGenRand)
	if sk != nil { // rand = sk xor hash_MuSig/aux(rand′)
		h := testref.TaggedHash("MuSig/aux", nonceGenRand)
		for i, b := range sk.Bytes() {
			rnd[i] = b ^ h[i]
		}
	}
	mp := []byte{0} // msg_prefixed
	if msg != nil {
		mp = append(binary.BigEndian.AppendUint64([]byte{1}, uint64(len(msg))), msg...)
	}
	for i := range 2 {
		k := refHashToScalar("MuSig/nonce", rnd, []byte{byte(len(pk))}, pk, []byte{byte(len(aggpk))}, aggpk,
			mp, binary.BigEndian.AppendUint32(nil, uint32(len(extra))), extra, []byte{byte(i)})
		secnonce = append(secnonce, testref.Bytes32(k)...)
		pubnonce = append(pubnonce, refCBytesG(t, k)...)
	}
	return append(secnonce, pk...), pubnonce
}

// refDetNonce is the public nonce of BIP-327's DeterministicSign: k_i =
// int(hash_MuSig/deterministic/nonce(sk′ ‖ aggothernonce ‖ aggpk ‖
// bytes(8, len(m)) ‖ m ‖ bytes(1, i))) mod n, where sk′ = sk xor
// hash_MuSig/aux(rand) if rand is given, and sk otherwise.
func refDetNonce(t *testing.T, sk *secp256k1.PrivateKey, aggOther *AggNonce, aggpk, msg, rand []byte) []byte {
	t.Helper()
	skp := sk.Bytes()
	if rand != nil {
		h := testref.TaggedHash("MuSig/aux", rand)
		for i := range skp {
			skp[i] ^= h[i]
		}
	}
	var pubnonce []byte
	for i := range 2 {
		k := refHashToScalar("MuSig/deterministic/nonce", skp, aggOther[:], aggpk,
			binary.BigEndian.AppendUint64(nil, uint64(len(msg))), msg, []byte{byte(i)})
		pubnonce = append(pubnonce, refCBytesG(t, k)...)
	}
	return pubnonce
}

// FuzzNonceGen runs NonceGen on fuzzed inputs (the secret key is used when
// sk is a valid one, the message is absent when noMsg is set): it fails
// exactly for a pk that is not 33 bytes or an aggpk neither empty nor 32
// bytes (pk itself is not checked, as in BIP-327), and otherwise gives
// BIP-327's secret and public nonce recomputed from the hashes; the public
// nonce round-trips through ParsePubNonce, and the secret nonce signs once
// when pk is sk's key. Then the signer with key sk (or, if sk is invalid,
// SHA-256(sk)) runs DeterministicSign next to a fixed signer: its public
// nonce is BIP-327's, its partial signature verifies with PartialSigVerify
// (and not for another message), and the final signature with BIP-340.
// extra is also DeterministicSign's rand, which fails exactly when it is
// neither nil nor 32 bytes.
func FuzzNonceGen(f *testing.F) {
	var v struct {
		Cases []struct {
			SK      hexBytes `json:"sk"`
			PK      hexBytes `json:"pk"`
			AggPK   hexBytes `json:"aggpk"`
			Msg     hexBytes `json:"msg"`
			ExtraIn hexBytes `json:"extra_in"`
		} `json:"test_cases"`
	}
	loadVectors(f, "nonce_gen_vectors.json", &v)
	for _, c := range v.Cases {
		f.Add([]byte(c.PK), []byte(c.SK), []byte(c.AggPK), []byte(c.Msg), []byte(c.ExtraIn), c.Msg == nil)
	}
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{2}, 32))
	pk := k.PublicKey().BytesCompressed()
	sk := k.Bytes()
	aggpk := bytes.Repeat([]byte{7}, 32)
	rnd := bytes.Repeat([]byte{9}, 32)
	for _, p := range [][]byte{nil, pk[:32], append(bytes.Clone(pk), 0), make([]byte, 33), bytes.Repeat([]byte{0xff}, 33)} {
		f.Add(p, sk, aggpk, []byte("msg"), rnd, false)
	}
	for _, a := range [][]byte{nil, aggpk[:31], append(bytes.Clone(aggpk), 0), make([]byte, 64)} {
		f.Add(pk, sk, a, []byte{}, []byte(nil), false)
	}
	for _, s := range append(testref.ScalarEdges(), sk[:31]) {
		f.Add(pk, s, aggpk, []byte{}, []byte{}, true)
	}
	f.Add(pk, sk, []byte{}, bytes.Repeat([]byte{0x26}, 100), rnd[:31], false)

	fixed, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x11}, 32))
	fixedPK := fixed.PublicKey().BytesCompressed()

	f.Fuzz(func(t *testing.T, pk, sk, aggpk, msg, extra []byte, noMsg bool) {
		key, _ := secp256k1.NewPrivateKey(sk) // nil if sk is invalid
		opts := &NonceGenOptions{SecretKey: key, AggPublicKey: aggpk, Msg: msg, ExtraIn: extra, Rand: bytes.NewReader(nonceGenRand)}
		if noMsg {
			opts.Msg = nil
		} else if opts.Msg == nil {
			opts.Msg = []byte{} // present and empty
		}
		sec, pub, err := NonceGen(pk, opts)
		if len(pk) != 33 || (len(aggpk) != 0 && len(aggpk) != 32) {
			if !errors.Is(err, ErrNonceGenInput) || sec != nil || pub != nil {
				t.Fatalf("NonceGen(%d-byte pk, %d-byte aggpk) error %v, want ErrNonceGenInput", len(pk), len(aggpk), err)
			}
		} else {
			if err != nil {
				t.Fatalf("NonceGen: %v", err)
			}
			wantSec, wantPub := refNonceGen(t, key, pk, aggpk, opts.Msg, extra)
			if got := secNonceBytes(sec); !bytes.Equal(got, wantSec) {
				t.Fatalf("secnonce = %x, BIP-327 reference %x", got, wantSec)
			}
			if got := pub.Bytes(); !bytes.Equal(got, wantPub) {
				t.Fatalf("pubnonce = %x, BIP-327 reference %x", got, wantPub)
			}
			if p, err := ParsePubNonce(pub.Bytes()); err != nil || *p != *pub {
				t.Fatalf("ParsePubNonce(pubnonce) = %x, %v", p, err)
			}
			// The secret nonce signs once for its key, as a single signer.
			if key != nil && bytes.Equal(pk, key.PublicKey().BytesCompressed()) {
				agg, err := NonceAgg([]PubNonce{*pub})
				if err != nil {
					t.Fatal(err)
				}
				session, err := NewSessionContext(agg, [][]byte{pk}, nil, nil, opts.Msg)
				if err != nil {
					t.Fatal(err)
				}
				psig, err := Sign(sec, key, session)
				if err != nil {
					t.Fatalf("Sign with the fresh nonce: %v", err)
				}
				if err := session.PartialSigVerify(psig, pub, 0); err != nil {
					t.Fatalf("PartialSigVerify: %v", err)
				}
				if _, err := Sign(sec, key, session); !errors.Is(err, ErrSecNonceUsed) {
					t.Fatalf("second Sign with one nonce: error %v, want ErrSecNonceUsed", err)
				}
			}
		}

		// DeterministicSign by the fuzzed signer, after the fixed one.
		signer := key
		if signer == nil {
			h := sha256.Sum256(sk)
			if signer, err = secp256k1.NewPrivateKey(h[:]); err != nil {
				return // probability 2⁻¹²⁸
			}
		}
		signerPK := signer.PublicKey().BytesCompressed()
		fixedSec, fixedPub, err := NonceGen(fixedPK, &NonceGenOptions{SecretKey: fixed, Msg: opts.Msg, Rand: bytes.NewReader(nonceGenRand)})
		if err != nil {
			t.Fatal(err)
		}
		aggOther, err := NonceAgg([]PubNonce{*fixedPub})
		if err != nil {
			t.Fatal(err)
		}
		pubkeys := KeySort([][]byte{signerPK, fixedPK})
		rand := extra
		if rand != nil && len(rand) != 32 {
			if _, _, err := DeterministicSign(signer, aggOther, pubkeys, nil, nil, opts.Msg, rand); !errors.Is(err, ErrRand) {
				t.Fatalf("DeterministicSign with a %d-byte rand: error %v, want ErrRand", len(rand), err)
			}
			rand = nil
		}
		detPub, detSig, err := DeterministicSign(signer, aggOther, pubkeys, nil, nil, opts.Msg, rand)
		if err != nil {
			t.Fatalf("DeterministicSign: %v", err)
		}
		ka, err := KeyAgg(pubkeys)
		if err != nil {
			t.Fatal(err)
		}
		if want := refDetNonce(t, signer, aggOther, ka.XOnlyPublicKey(), opts.Msg, rand); !bytes.Equal(detPub.Bytes(), want) {
			t.Fatalf("DeterministicSign's pubnonce = %x, BIP-327 reference %x", detPub.Bytes(), want)
		}
		si := slices.IndexFunc(pubkeys, func(k []byte) bool { return bytes.Equal(k, signerPK) })
		fi := 1 - si
		pubnonces := make([]PubNonce, 2)
		pubnonces[si], pubnonces[fi] = *detPub, *fixedPub
		if err := PartialSigVerify(detSig, pubnonces, pubkeys, nil, nil, opts.Msg, si); err != nil {
			t.Fatalf("DeterministicSign's partial signature: %v", err)
		}
		other := append(bytes.Clone(opts.Msg), 0)
		var ice *InvalidContributionError
		if err := PartialSigVerify(detSig, pubnonces, pubkeys, nil, nil, other, si); !errors.As(err, &ice) || ice.Signer != si || !errors.Is(err, ErrPartialSigVerify) {
			t.Fatalf("partial signature for another message: error %v", err)
		}
		agg, err := NonceAgg(pubnonces)
		if err != nil {
			t.Fatal(err)
		}
		session, err := ka.NewSessionContext(agg, opts.Msg)
		if err != nil {
			t.Fatal(err)
		}
		fixedSig, err := Sign(fixedSec, fixed, session)
		if err != nil {
			t.Fatalf("the fixed signer's Sign: %v", err)
		}
		psigs := make([]PartialSig, 2)
		psigs[si], psigs[fi] = *detSig, *fixedSig
		sig, err := PartialSigAgg(psigs, session)
		if err != nil || !schnorr.Verify(ka.PublicKey(), opts.Msg, sig) {
			t.Fatalf("the final signature does not verify: %v", err)
		}
	})
}
