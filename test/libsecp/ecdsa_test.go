package libsecp

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Differential tests of Kestrel's ecdsa package and key encodings against
// libsecp256k1. See diff_test.go for DIFF_N, DIFF_SEED and DIFF_CASE.

func TestMain(m *testing.M) {
	code := m.Run()
	if n := IllegalCalls(); n != 0 {
		fmt.Fprintf(os.Stderr, "libsecp256k1 reported %d illegal arguments: a bug in the binding\n", n)
		code = 1
	}
	os.Exit(code)
}

// edgeKeys are valid private keys at the ends of [1, n−1] and around n/2.
var edgeKeys = [][]byte{
	addSmall(make([]byte, 32), 1),
	addSmall(make([]byte, 32), 2),
	addSmall(make([]byte, 32), 3),
	addSmall(nBytes, -1),
	addSmall(nBytes, -2),
	halfNBytes,
	addSmall(halfNBytes, 1),
	testref.MustHex("8000000000000000000000000000000000000000000000000000000000000000"),
	testref.MustHex("00000000000000000000000000000001ffffffffffffffffffffffffffffffff"),
	testref.MustHex("fffffffffffffffffffffffffffffffe00000000000000000000000000000000"),
}

// edgeHashes are 32-byte hashes around 0, n and p (a hash ≥ n is reduced
// mod n, and RFC 6979 seeds with the reduced value).
var edgeHashes = [][]byte{
	make([]byte, 32),
	addSmall(make([]byte, 32), 1),
	addSmall(nBytes, -1),
	nBytes,
	addSmall(nBytes, 1),
	halfNBytes,
	pBytes,
	bytes.Repeat([]byte{0xff}, 32),
}

// genKey returns a valid private key: uniform, or one of edgeKeys.
func genKey(rng *rand.Rand) []byte {
	if rng.IntN(32) == 0 {
		return slices.Clone(edgeKeys[rng.IntN(len(edgeKeys))])
	}
	for {
		k := testref.RandomBytes(rng, 32)
		if SeckeyVerify(k) {
			return k
		}
	}
}

// genHash returns a hash: mostly 32 random bytes, sometimes an edge value or
// a random length in [0, 80].
func genHash(rng *rand.Rand) []byte {
	switch rng.IntN(16) {
	case 0:
		return slices.Clone(edgeHashes[rng.IntN(len(edgeHashes))])
	case 1, 2:
		return testref.RandomBytes(rng, rng.IntN(81))
	}
	return testref.RandomBytes(rng, 32)
}

// flipBit returns a copy of b with one random bit flipped.
func flipBit(rng *rand.Rand, b []byte) []byte {
	out := slices.Clone(b)
	out[rng.IntN(len(out))] ^= 1 << rng.IntN(8)
	return out
}

// negateS returns r ‖ n − s, the other-S twin of a compact signature.
func negateS(sig64 []byte) []byte {
	s, err := new(secp256k1.Scalar).SetCanonicalBytes(sig64[32:])
	if err != nil {
		panic(err)
	}
	return slices.Concat(sig64[:32], new(secp256k1.Scalar).Negate(s).Bytes())
}

// derOf returns the DER encoding of a compact signature whose r and s may be
// any 32-byte values (even ≥ n).
func derOf(sig64 []byte) []byte {
	return encodeDER(derInteger(sig64[:32]), derInteger(sig64[32:]))
}

// pubEncodings returns the compressed, uncompressed and hybrid encodings of
// a public key.
func pubEncodings(k *secp256k1.PrivateKey) (compressed, uncompressed, hybrid []byte) {
	pub := k.PublicKey()
	compressed, uncompressed = pub.BytesCompressed(), pub.BytesUncompressed()
	hybrid = slices.Clone(uncompressed)
	hybrid[0] = 6 | uncompressed[64]&1
	return compressed, uncompressed, hybrid
}

// TestSignDiff: Kestrel's signatures are byte-identical to libsecp256k1's:
// Sign, SignRecoverable (recovery ids too), SignWithOptions with
// ExtraEntropy (libsecp256k1's ndata) and with LowR (Bitcoin Core's
// grinding loop on top of libsecp256k1), Signer, DER; and public keys.
func TestSignDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key, hash := genKey(c.rng), genHash(c.rng)
		m := msg32(hash)
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			c.fail("key", "NewPrivateKey(%x): %v, libsecp accepts it", key, err)
			return
		}
		lc, lu, _ := PubkeyCreate(key)
		pub := k.PublicKey()
		c.check("pubkey")
		if !bytes.Equal(pub.BytesCompressed(), lc) || !bytes.Equal(pub.BytesUncompressed(), lu) {
			c.fail("pubkey", "key %x: kestrel %x, libsecp %x", key, pub.BytesUncompressed(), lu)
		}

		sig, _ := ecdsa.Sign(k, hash)
		want, _ := EcdsaSign(m, key, nil)
		c.check("sign")
		if got := sig.Compact(); !bytes.Equal(got, want) {
			c.fail("sign", "key %x hash %x: kestrel %x, libsecp %x", key, hash, got, want)
		}
		wantDER, _ := EcdsaSerializeDER(want)
		c.check("der")
		if got := sig.DER(); !bytes.Equal(got, wantDER) {
			c.fail("der", "key %x hash %x: kestrel %x, libsecp %x", key, hash, got, wantDER)
		}

		rec, _ := ecdsa.SignRecoverable(k, hash)
		lrec, lrecid, _ := EcdsaSignRecoverable(m, key, nil)
		c.check("sign-recoverable")
		if !bytes.Equal(rec[:64], lrec) || int(rec[64]) != lrecid {
			c.fail("sign-recoverable", "key %x hash %x: kestrel %x, libsecp %x recid %d", key, hash, rec, lrec, lrecid)
		}

		ndata := testref.RandomBytes(c.rng, 32)
		if c.rng.IntN(16) == 0 {
			ndata = make([]byte, 32) // zero extra entropy is not no extra entropy
		}
		xsig, err := ecdsa.SignWithOptions(k, hash, &ecdsa.SignOptions{ExtraEntropy: ndata})
		lx, _ := EcdsaSign(m, key, ndata)
		c.check("sign-extra-entropy")
		if err != nil {
			c.fail("sign-extra-entropy", "key %x hash %x ndata %x: kestrel error %v", key, hash, ndata, err)
		} else if got := xsig.Compact(); !bytes.Equal(got, lx) {
			c.fail("sign-extra-entropy", "key %x hash %x ndata %x: kestrel %x, libsecp %x", key, hash, ndata, got, lx)
		}

		if c.i%4 == 0 {
			lsig, _ := ecdsa.SignWithOptions(k, hash, &ecdsa.SignOptions{LowR: true})
			want := grindLowR(m, key)
			c.check("sign-low-r")
			if got := lsig.Compact(); !bytes.Equal(got, want) {
				c.fail("sign-low-r", "key %x hash %x: kestrel %x, libsecp+grind %x", key, hash, got, want)
			}
		}
		if c.i%8 == 0 {
			der, err := ecdsa.NewSigner(k).Sign(nil, hash, nil)
			c.check("signer")
			if err != nil || !bytes.Equal(der, wantDER) {
				c.fail("signer", "key %x hash %x: kestrel %x %v, libsecp %x", key, hash, der, err, wantDER)
			}
		}
	})
}

// grindLowR is Bitcoin Core's CKey::Sign with grind=true on top of
// secp256k1_ecdsa_sign: retry with extra entropy LE32(counter) ‖ 0²⁸ until
// the first byte of r is below 0x80.
func grindLowR(m, key []byte) []byte {
	sig, _ := EcdsaSign(m, key, nil)
	var extra [32]byte
	for counter := uint32(1); sig[0] >= 0x80; counter++ {
		extra[0], extra[1], extra[2], extra[3] = byte(counter), byte(counter>>8), byte(counter>>16), byte(counter>>24)
		sig, _ = EcdsaSign(m, key, extra[:])
	}
	return sig
}

// TestInvalidKeyDiff: both libraries reject the same private keys.
func TestInvalidKeyDiff(t *testing.T) {
	keys := [][]byte{
		make([]byte, 32), nBytes, addSmall(nBytes, 1), pBytes, bytes.Repeat([]byte{0xff}, 32),
		make([]byte, 31), make([]byte, 33), nil,
		addSmall(nBytes, -1), addSmall(make([]byte, 32), 1), // valid
	}
	for _, key := range keys {
		_, kerr := secp256k1.NewPrivateKey(key)
		_, _, lok := PubkeyCreate(key)
		_, sok := EcdsaSign(make([]byte, 32), key, nil)
		if (kerr == nil) != lok || lok != sok || lok != SeckeyVerify(key) {
			t.Errorf("key %x: kestrel err %v, libsecp pubkey_create %v, sign %v", key, kerr, lok, sok)
		}
	}
}

// TestVerifyDiff: the two verifiers agree, from bytes (public key parse,
// compact or DER parse, verify), on libsecp256k1's valid signatures (both
// must accept them, under compressed, uncompressed and hybrid keys) and on
// mutations: a random bit of r, s, the hash or the public key encoding
// flipped; the high-S twin (both must reject it, and accept it normalized);
// r = 0; s = 0; r or s replaced by itself + n (compact: rejected by both
// parsers; DER: the allowed parse difference of diffParseDER, rejected by
// both verifiers); random signatures.
func TestVerifyDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key, hash := genKey(c.rng), genHash(c.rng)
		m := msg32(hash)
		k, _ := secp256k1.NewPrivateKey(key)
		compressed, uncompressed, hybrid := pubEncodings(k)
		pub := [][]byte{compressed, uncompressed, hybrid}[c.rng.IntN(3)]
		sig, _ := EcdsaSign(m, key, nil)

		try := func(kind string, pub, hash, sig64 []byte, want int) {
			for _, form := range []struct {
				name string
				der  bool
				sig  []byte
			}{{"/compact", false, sig64}, {"/der", true, derOf(sig64)}} {
				kind := "verify " + kind + form.name
				c.check(kind)
				got, err := diffVerify(pub, hash, form.sig, form.der)
				if err != nil {
					c.fail(kind, "%v", err)
				} else if want >= 0 && got != (want == 1) {
					c.fail(kind, "both libraries say %v, want %v\n pub %x\n hash %x\n sig %x", got, want == 1, pub, hash, form.sig)
				}
			}
		}
		const agree = -1 // only agreement is required
		try("valid", pub, hash, sig, 1)
		try("r-bit", pub, hash, slices.Concat(flipBit(c.rng, sig[:32]), sig[32:]), agree)
		try("s-bit", pub, hash, slices.Concat(sig[:32], flipBit(c.rng, sig[32:])), agree)
		if len(hash) == 0 {
			try("hash-bit", pub, []byte{1 << c.rng.IntN(8)}, sig, agree)
		} else {
			try("hash-bit", pub, flipBit(c.rng, hash), sig, agree)
		}
		try("pub-bit", flipBit(c.rng, pub), hash, sig, agree)
		high := negateS(sig)
		try("high-s", pub, hash, high, 0)
		normalized, _, _ := EcdsaSignatureNormalize(high)
		try("high-s-normalized", pub, hash, normalized, 1)
		try("r-zero", pub, hash, slices.Concat(make([]byte, 32), sig[32:]), 0)
		try("s-zero", pub, hash, slices.Concat(sig[:32], make([]byte, 32)), 0)
		if r := addN(sig[:32]); r != nil {
			try("r-plus-n", pub, hash, slices.Concat(r, sig[32:]), 0)
		}
		if s := addN(sig[32:]); s != nil {
			try("s-plus-n", pub, hash, slices.Concat(sig[:32], s), 0)
		}
		try("random", pub, hash, testref.RandomBytes(c.rng, 64), agree)
	})
}

// addN returns x + n if that fits in 32 bytes, else nil.
func addN(x []byte) []byte {
	out := make([]byte, 32)
	var carry uint16
	for i := 31; i >= 0; i-- {
		t := uint16(x[i]) + uint16(nBytes[i]) + carry
		out[i], carry = byte(t), t>>8
	}
	if carry != 0 {
		return nil
	}
	return out
}

// TestParseDERDiff: ParseDERSignature and secp256k1_ecdsa_signature_parse_der
// agree on valid signatures and on mutated encodings, except for the
// difference documented at diffParseDER; verification of the mutated
// encodings agrees too.
func TestParseDERDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key, hash := genKey(c.rng), genHash(c.rng)
		sig, _ := EcdsaSign(msg32(hash), key, nil)
		k, _ := secp256k1.NewPrivateKey(key)
		pub, _, _ := pubEncodings(k)
		der := derOf(sig)
		c.check("der-parse valid")
		if err := diffParseDER(der); err != nil {
			c.fail("der-parse valid", "%v", err)
		}
		for range 8 {
			kind, mut := mutateDER(c.rng, sig)
			err := diffParseDER(mut)
			switch {
			case errors.Is(err, errAllowed):
				c.check("der-parse allowed-difference (r or s negative or ≥ n)")
			case err != nil:
				c.check("der-parse " + kind)
				c.fail("der-parse "+kind, "%v", err)
			default:
				c.check("der-parse " + kind)
			}
			c.check("der-verify " + kind)
			if _, err := diffVerify(pub, hash, mut, true); err != nil {
				c.fail("der-verify "+kind, "%v", err)
			}
		}
	})
}

// mutateDER returns a mutation of the DER encoding of the compact signature
// sig64 and its kind: byte-level damage, or a well-formed structure with one
// BIP-66 rule broken or an out-of-range value.
func mutateDER(rng *rand.Rand, sig64 []byte) (string, []byte) {
	r, s := derInteger(sig64[:32]), derInteger(sig64[32:])
	der := encodeDER(r, s)
	// integer returns a replacement for an integer's content bytes.
	integer := func(v []byte) (string, []byte) {
		switch rng.IntN(12) {
		case 0:
			return "pad-00", append([]byte{0}, v...)
		case 1:
			if v[0] == 0 {
				return "strip-00", slices.Clone(v[1:])
			}
			return "pad-00-00", append([]byte{0, 0}, v...)
		case 2:
			w := slices.Clone(v)
			w[0] |= 0x80
			return "negative", w
		case 3:
			return "pad-ff", append([]byte{0xff}, v...)
		case 4:
			return "empty", nil
		case 5:
			return "zero", []byte{0}
		case 6:
			return "n", derInteger(nBytes)
		case 7:
			return "n+k", derInteger(addSmall(nBytes, int64(rng.IntN(1<<16))))
		case 8:
			return "2^256-1", derInteger(bytes.Repeat([]byte{0xff}, 32))
		case 9:
			return "33-bytes", append([]byte{byte(1 + rng.IntN(0x7f))}, testref.RandomBytes(rng, 32)...)
		case 10:
			return "long", append([]byte{byte(1 + rng.IntN(0x7f))}, testref.RandomBytes(rng, 32+rng.IntN(40))...)
		}
		return "one-byte", []byte{byte(rng.IntN(0x80))}
	}
	switch rng.IntN(14) {
	case 0:
		return "bit-flip", flipBit(rng, der)
	case 1:
		out := slices.Clone(der)
		out[rng.IntN(len(out))] = byte(rng.Uint32())
		return "byte", out
	case 2:
		return "truncate", der[:rng.IntN(len(der))]
	case 3:
		return "append", append(slices.Clone(der), testref.RandomBytes(rng, 1+rng.IntN(3))...)
	case 4:
		out := encodeDER(r, s)
		extra := testref.RandomBytes(rng, 1+rng.IntN(3))
		out[1] += byte(len(extra))
		return "trailing-in-sequence", append(out, extra...)
	case 5:
		i := rng.IntN(len(der) + 1)
		return "insert", slices.Insert(slices.Clone(der), i, byte(rng.Uint32()))
	case 6:
		i := rng.IntN(len(der))
		return "delete", slices.Delete(slices.Clone(der), i, i+1)
	case 7:
		out := slices.Clone(der)
		i := []int{1, 3, 5 + len(r)}[rng.IntN(3)]
		out[i] += byte([]int{-1, 1, 0x80, 0x7f}[rng.IntN(4)])
		return "length", out
	case 8, 9:
		kind, v := integer(r)
		return "r-" + kind, encodeDER(v, s)
	case 10, 11:
		kind, v := integer(s)
		return "s-" + kind, encodeDER(r, v)
	case 12:
		// A long-form length where the short form fits (libsecp256k1's
		// der_read_len and BIP-66 both reject it), on the sequence or r.
		if rng.IntN(2) == 0 {
			return "long-form-length", slices.Concat([]byte{0x30, 0x81}, der[1:])
		}
		out := slices.Concat([]byte{0x30, der[1] + 1, 0x02, 0x81}, der[3:])
		return "long-form-length", out
	}
	// A tag changed.
	out := slices.Clone(der)
	i := []int{0, 2, 4 + len(r)}[rng.IntN(3)]
	out[i] = []byte{0x30, 0x31, 0x02, 0x03, 0x10, 0x00, 0xa0}[rng.IntN(7)]
	return "tag", out
}

// TestOversizedDERDiff: a DER integer too large for any scalar, with
// long-form lengths, which libsecp256k1 parses as 0 and Kestrel rejects.
func TestOversizedDERDiff(t *testing.T) {
	big := append([]byte{0x01}, bytes.Repeat([]byte{0x55}, 129)...)
	one := []byte{0x02, 0x01, 0x01}
	content := slices.Concat([]byte{0x02, 0x81, byte(len(big))}, big, one)
	der := slices.Concat([]byte{0x30, 0x81, byte(len(content))}, content)
	if err := diffParseDER(der); !errors.Is(err, errAllowed) {
		t.Errorf("oversized r with long-form lengths %x: %v, want the allowed difference", der, err)
	}
}

// TestRecoverDiff: RecoverPublicKey agrees with secp256k1_ecdsa_recover for
// every recovery id, on valid signatures (the right id gives the signer's
// key), high-S twins, flipped bits, a changed hash, r = 0 or s = 0, and an r
// below p − n for which recovery ids 2 and 3 (x = r + n) are meaningful.
func TestRecoverDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key, hash := genKey(c.rng), genHash(c.rng)
		k, _ := secp256k1.NewPrivateKey(key)
		rec, _ := ecdsa.SignRecoverable(k, hash)
		sig, recid := rec[:64], int(rec[64])

		try := func(kind string, hash, sig64 []byte, v int) {
			c.check("recover " + kind)
			kp, kerr := ecdsa.RecoverPublicKey(hash, slices.Concat(sig64, []byte{byte(v)}))
			lp, lok := EcdsaRecover(msg32(hash), sig64, v)
			switch {
			case (kerr == nil) != lok:
				c.fail("recover "+kind, "hash %x sig %x v %d: kestrel err %v, libsecp ok %v", hash, sig64, v, kerr, lok)
			case lok && !bytes.Equal(kp.BytesCompressed(), lp):
				c.fail("recover "+kind, "hash %x sig %x v %d: kestrel %x, libsecp %x", hash, sig64, v, kp.BytesCompressed(), lp)
			}
		}
		for v := range 4 {
			try("valid", hash, sig, v)
		}
		c.check("recover signer")
		if kp, err := ecdsa.RecoverPublicKey(hash, rec); err != nil || !kp.Equal(k.PublicKey()) {
			c.fail("recover signer", "key %x hash %x: %v", key, hash, err)
		}
		high := negateS(sig)
		try("high-s", hash, high, recid)
		try("high-s", hash, high, recid^1)
		try("r-bit", hash, slices.Concat(flipBit(c.rng, sig[:32]), sig[32:]), recid)
		try("s-bit", hash, slices.Concat(sig[:32], flipBit(c.rng, sig[32:])), recid)
		try("other-hash", genHash(c.rng), sig, recid)
		try("r-zero", hash, slices.Concat(make([]byte, 32), sig[32:]), recid)
		try("s-zero", hash, slices.Concat(sig[:32], make([]byte, 32)), recid)
		// p − n ≈ 2¹²⁸·⁴: a 16-byte r plus n is a valid x half of the time.
		small := slices.Concat(make([]byte, 16), testref.RandomBytes(c.rng, 16))
		try("r<p-n", hash, slices.Concat(small, sig[32:]), 2+c.rng.IntN(2))
		try("r≥p-n", hash, slices.Concat(testref.RandomBytes(c.rng, 32), sig[32:]), 2+c.rng.IntN(2))
		c.check("recover v=4")
		if _, err := ecdsa.RecoverPublicKey(hash, slices.Concat(sig, []byte{4})); err == nil {
			c.fail("recover v=4", "kestrel accepts recovery id 4")
		}
	})
}

// TestPublicKeyDiff: ParsePublicKey agrees with secp256k1_ec_pubkey_parse on
// valid compressed, uncompressed and hybrid encodings, on hybrid encodings
// with the wrong parity, on flipped bits, on random x (half of which are on
// the curve), x ≥ p, wrong prefixes and wrong lengths.
func TestPublicKeyDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		k, _ := secp256k1.NewPrivateKey(genKey(c.rng))
		compressed, uncompressed, hybrid := pubEncodings(k)
		wrongHybrid := slices.Clone(hybrid)
		wrongHybrid[0] ^= 1
		otherParity := slices.Clone(compressed)
		otherParity[0] ^= 1
		randX := slices.Concat([]byte{2 + byte(c.rng.IntN(2))}, testref.RandomBytes(c.rng, 32))
		bigX := slices.Concat([]byte{2 + byte(c.rng.IntN(2))}, addSmall(pBytes, int64(c.rng.IntN(1<<20)))) // < 2²⁵⁶
		bigXY := slices.Concat([]byte{4}, pBytes, uncompressed[33:])
		bigY := slices.Concat(uncompressed[:33], pBytes)
		randY := slices.Concat(uncompressed[:33], testref.RandomBytes(c.rng, 32))
		prefix := func(b []byte) []byte {
			out := slices.Clone(b)
			out[0] = []byte{0, 1, 5, 8, 0xff, 2, 3, 4, 6, 7}[c.rng.IntN(10)]
			return out
		}
		cases := map[string][]byte{
			"compressed":     compressed,
			"uncompressed":   uncompressed,
			"hybrid":         hybrid,
			"hybrid-parity":  wrongHybrid,
			"other-parity":   otherParity,
			"bit-compressed": flipBit(c.rng, compressed),
			"bit-uncompr":    flipBit(c.rng, uncompressed),
			"bit-hybrid":     flipBit(c.rng, hybrid),
			"random-x":       randX,
			"x≥p":            bigX,
			"x≥p-uncompr":    bigXY,
			"y=p":            bigY,
			"random-y":       randY,
			"prefix-33":      prefix(compressed),
			"prefix-65":      prefix(uncompressed),
			"truncated":      uncompressed[:c.rng.IntN(65)],
			"extended":       append(slices.Clone([][]byte{compressed, uncompressed}[c.rng.IntN(2)]), byte(c.rng.Uint32())),
			"identity":       {0},
			"empty":          {},
		}
		for kind, b := range cases {
			c.expect("pubkey-parse "+kind, diffParsePubkey(b))
		}
	})
}

// TestCompactDiff: ParseCompactSignature, Compact, DER, Normalize and
// IsLowS agree with libsecp256k1's compact parse, DER serialization and
// normalize, on signatures and on values around 0, (n−1)/2 and n.
func TestCompactDiff(t *testing.T) {
	values := [][]byte{
		make([]byte, 32), addSmall(make([]byte, 32), 1), addSmall(make([]byte, 32), 0x7f),
		addSmall(make([]byte, 32), 0x80), halfNBytes, addSmall(halfNBytes, 1), addSmall(halfNBytes, -1),
		addSmall(nBytes, -1), nBytes, addSmall(nBytes, 1), bytes.Repeat([]byte{0xff}, 32),
		testref.MustHex("0000000000000000000000000000000080000000000000000000000000000000"),
	}
	runCases(t, func(c *checker) {
		key, hash := genKey(c.rng), genHash(c.rng)
		sig, _ := EcdsaSign(msg32(hash), key, nil)
		v := func() []byte {
			if c.rng.IntN(2) == 0 {
				return values[c.rng.IntN(len(values))]
			}
			return testref.RandomBytes(c.rng, 32)
		}
		c.expect("compact signature", diffParseCompact(sig))
		c.expect("compact high-s", diffParseCompact(negateS(sig)))
		c.expect("compact edge-r", diffParseCompact(slices.Concat(v(), sig[32:])))
		c.expect("compact edge-s", diffParseCompact(slices.Concat(sig[:32], v())))
		c.expect("compact edge-both", diffParseCompact(slices.Concat(v(), v())))
		// Short integers, to exercise minimal DER lengths.
		short := func() []byte {
			b := make([]byte, 32)
			copy(b[31-c.rng.IntN(4):], testref.RandomBytes(c.rng, 4))
			return b
		}
		c.expect("compact short", diffParseCompact(slices.Concat(short(), short())))
	})
}

// FuzzECDSAVerifyDiff feeds both libraries the same public key, hash (any
// length; libsecp256k1 gets the 32 bytes that Kestrel derives) and
// signature bytes, parsed as DER and, when 64 bytes long, as compact, and
// demands the same verdict; the parsers must agree as in the tests above.
func FuzzECDSAVerifyDiff(f *testing.F) {
	rng := caseRand(0, 0)
	for i := range 8 {
		key, hash := genKey(rng), genHash(rng)
		sig, _ := EcdsaSign(msg32(hash), key, nil)
		k, _ := secp256k1.NewPrivateKey(key)
		compressed, uncompressed, hybrid := pubEncodings(k)
		pub := [][]byte{compressed, uncompressed, hybrid}[i%3]
		f.Add(pub, hash, derOf(sig))
		f.Add(pub, hash, sig)
		f.Add(pub, hash, derOf(negateS(sig)))
		_, mut := mutateDER(rng, sig)
		f.Add(pub, hash, mut)
	}
	f.Fuzz(func(t *testing.T, pub, hash, sig []byte) {
		if _, err := diffVerify(pub, hash, sig, true); err != nil {
			t.Fatal(err)
		}
		if err := diffParseDER(sig); err != nil && !errors.Is(err, errAllowed) {
			t.Fatal(err)
		}
		if len(sig) == 64 {
			if _, err := diffVerify(pub, hash, sig, false); err != nil {
				t.Fatal(err)
			}
			if err := diffParseCompact(sig); err != nil {
				t.Fatal(err)
			}
		}
		if err := diffParsePubkey(pub); err != nil {
			t.Fatal(err)
		}
	})
}
