package libsecp

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/musig2"
)

// TestMuSig2AggregateVerifiesInLibsecp runs random MuSig2 sessions (2 to 5
// signers, half of them with a BIP-86 tweak) with Kestrel and checks the
// aggregate signature with libsecp256k1's secp256k1_schnorrsig_verify.
func TestMuSig2AggregateVerifiesInLibsecp(t *testing.T) {
	n := diffN(t) / 50
	seed := diffSeed(t)
	t.Logf("DIFF_SEED=%d, %d sessions", seed, n)
	for i := range n {
		rng := caseRand(seed, i)
		u := 2 + rng.IntN(4)
		keys := make([]*secp256k1.PrivateKey, u)
		pubkeys := make([][]byte, u)
		for j := range keys {
			for keys[j] == nil {
				keys[j], _ = secp256k1.NewPrivateKey(testref.RandomBytes(rng, 32))
			}
			pubkeys[j] = keys[j].PublicKey().BytesCompressed()
		}
		ka, err := musig2.KeyAgg(pubkeys)
		if err != nil {
			t.Fatal(err)
		}
		if rng.IntN(2) == 0 {
			if ka, err = ka.ApplyBIP86Tweak(); err != nil {
				t.Fatal(err)
			}
		}
		msg := testref.RandomBytes(rng, 32)
		secs := make([]*musig2.SecNonce, u)
		pubnonces := make([]musig2.PubNonce, u)
		for j := range keys {
			sec, pub, err := musig2.NonceGen(pubkeys[j], &musig2.NonceGenOptions{SecretKey: keys[j], Msg: msg})
			if err != nil {
				t.Fatal(err)
			}
			secs[j], pubnonces[j] = sec, *pub
		}
		agg, err := musig2.NonceAgg(pubnonces)
		if err != nil {
			t.Fatal(err)
		}
		session, err := ka.NewSessionContext(agg, msg)
		if err != nil {
			t.Fatal(err)
		}
		psigs := make([]musig2.PartialSig, u)
		for j := range keys {
			p, err := musig2.Sign(secs[j], keys[j], session)
			if err != nil {
				t.Fatal(err)
			}
			psigs[j] = *p
		}
		sig, err := musig2.PartialSigAgg(psigs, session)
		if err != nil {
			t.Fatal(err)
		}
		if !SchnorrsigVerify(sig, msg, ka.XOnlyPublicKey()) {
			t.Fatalf("session %d (DIFF_SEED=%d): libsecp256k1 rejects the MuSig2 signature", i, seed)
		}
	}
}

// TestMuSig2Diff compares Kestrel's musig2 package with libsecp256k1's musig
// module step by step, on DIFF_N/4 random sessions of 1 to 5 signers (a key listed
// twice in some), 0 to 3 tweaks of random modes (sometimes 0 or ≥ n), and
// every combination of NonceGen's optional inputs: byte-equal aggregate
// keys, public nonces from the same rand' (and from the same counter, for
// secp256k1_musig_nonce_gen_counter), aggregate nonces, partial signatures
// and final signatures, and the same verdict of partial signature
// verification on valid and corrupted partial signatures. In some sessions
// the aggregation includes a nonce that cancels R₁, R₂ or both (the
// aggregate nonce then holds infinity), which only a malicious party sends.
func TestMuSig2Diff(t *testing.T) {
	needModule(t, "musig", HaveMusig())
	runCasesN(t, max(diffN(t)/4, 1), func(c *checker) {
		rng := c.rng
		u := 1 + rng.IntN(5)
		sks := make([][]byte, u)
		keys := &MusigKeys{Pubkeys: make([][]byte, u)}
		for i := range sks {
			if i > 0 && rng.IntN(8) == 0 {
				sks[i] = sks[rng.IntN(i)]
			} else {
				sks[i] = genKey(rng)
			}
			keys.Pubkeys[i], _, _ = PubkeyCreate(sks[i])
		}
		for range rng.IntN(4) {
			tw := testref.RandomBytes(rng, 32)
			switch rng.IntN(16) {
			case 0:
				tw = make([]byte, 32)
			case 1:
				tw = slices.Clone(nBytes)
			}
			keys.Tweaks = append(keys.Tweaks, tw)
			keys.XOnly = append(keys.XOnly, rng.IntN(2) == 0)
		}
		msg := testref.RandomBytes(rng, 32)

		// Key aggregation, with the tweaks in order.
		lq, lok := MusigKeyAgg(keys)
		ka, kerr := musig2.KeyAgg(keys.Pubkeys)
		for i := 0; kerr == nil && i < len(keys.Tweaks); i++ {
			ka, kerr = ka.ApplyTweak(keys.Tweaks[i], keys.XOnly[i])
		}
		c.check("keyagg")
		if lok != (kerr == nil) || lok && !bytes.Equal(lq, ka.PlainPublicKey()) {
			c.fail("keyagg", "keys %x tweaks %x %v: libsecp %x (%v), kestrel %v", keys.Pubkeys, keys.Tweaks, keys.XOnly, lq, lok, kerr)
			return
		}
		if !lok {
			return // a tweak ≥ n: both refuse
		}

		// Nonces: each signer's from the same rand' (or counter) and options.
		lsecs := make([]*MusigSecNonce, u)
		ksecs := make([]*musig2.SecNonce, u)
		pubnonces := make([][]byte, u)
		kpubnonces := make([]musig2.PubNonce, u)
		for i := range u {
			k, _ := secp256k1.NewPrivateKey(sks[i])
			args := &MusigNonceArgs{Pubkey: keys.Pubkeys[i]}
			opts := &musig2.NonceGenOptions{}
			if rng.IntN(2) == 0 {
				args.Seckey, opts.SecretKey = sks[i], k
			}
			if rng.IntN(2) == 0 {
				args.Msg32, opts.Msg = msg, msg
			}
			if rng.IntN(2) == 0 {
				args.Keys, opts.AggPublicKey = keys, ka.XOnlyPublicKey()
			}
			if rng.IntN(2) == 0 {
				args.Extra32 = testref.RandomBytes(rng, 32)
				opts.ExtraIn = args.Extra32
			}
			var (
				lpub []byte
				kpub *musig2.PubNonce
				err  error
			)
			kind := "nonce-gen"
			if rng.IntN(4) == 0 {
				kind = "nonce-gen-counter"
				cnt := rng.Uint64()
				args.Seckey, opts.SecretKey = sks[i], nil
				lsecs[i], lpub, lok = MusigNonceGenCounter(cnt, args)
				ksecs[i], kpub, err = musig2.NonceGenCounter(k, cnt, opts)
			} else {
				rnd := testref.RandomBytes(rng, 32)
				lsecs[i], lpub, lok = MusigNonceGen(rnd, args)
				opts.Rand = bytes.NewReader(rnd)
				ksecs[i], kpub, err = musig2.NonceGen(keys.Pubkeys[i], opts)
			}
			c.check(kind)
			if !lok || err != nil || !bytes.Equal(lpub, kpub[:]) {
				c.fail(kind, "signer %d args %+v: libsecp %x (%v), kestrel %x (%v)", i, args, lpub, lok, kpub, err)
				return
			}
			pubnonces[i], kpubnonces[i] = lpub, *kpub
		}

		// Nonce aggregation, sometimes with a nonce that cancels R₁, R₂ or
		// both of the others' sum.
		aggIn, kAggIn := pubnonces, kpubnonces
		if rng.IntN(8) == 0 {
			bad := cancellingNonce(rng, pubnonces)
			aggIn = append(slices.Clone(pubnonces), bad)
			kAggIn = append(slices.Clone(kpubnonces), musig2.PubNonce(bad))
		}
		lagg, lok := MusigNonceAgg(aggIn)
		kagg, err := musig2.NonceAgg(kAggIn)
		c.check("nonce-agg")
		if !lok || err != nil || !bytes.Equal(lagg, kagg[:]) {
			c.fail("nonce-agg", "nonces %x: libsecp %x (%v), kestrel %x (%v)", aggIn, lagg, lok, kagg, err)
			return
		}

		// Partial signatures, their verification, and aggregation.
		session, err := musig2.NewSessionContext(kagg, keys.Pubkeys, keys.Tweaks, keys.XOnly, msg)
		if err != nil {
			c.fail("session", "kestrel: %v", err)
			return
		}
		lpsigs := make([][]byte, u)
		kpsigs := make([]musig2.PartialSig, u)
		for i := range u {
			k, _ := secp256k1.NewPrivateKey(sks[i])
			lpsig, lok := MusigPartialSign(lsecs[i], sks[i], lagg, msg, keys)
			kpsig, err := musig2.Sign(ksecs[i], k, session)
			c.check("partial-sign")
			if !lok || err != nil || !bytes.Equal(lpsig, kpsig[:]) {
				c.fail("partial-sign", "signer %d: libsecp %x (%v), kestrel %x (%v)", i, lpsig, lok, kpsig, err)
				return
			}
			lpsigs[i], kpsigs[i] = lpsig, *kpsig
		}
		for i := range u {
			for v, psig := range [][]byte{lpsigs[i], flipBit(rng, lpsigs[i]), lpsigs[(i+1)%u], slices.Clone(nBytes)} {
				l := MusigPartialSigVerify(psig, pubnonces[i], keys.Pubkeys[i], lagg, msg, keys)
				var kerr error
				if p, err := musig2.ParsePartialSig(psig); err != nil {
					kerr = err
				} else {
					kerr = session.PartialSigVerify(p, &kpubnonces[i], i)
				}
				c.check("partial-sig-verify")
				if l != (kerr == nil) || v == 0 && !l || v == 3 && l {
					c.fail("partial-sig-verify", "signer %d variant %d psig %x: libsecp %v, kestrel %v", i, v, psig, l, kerr)
				}
			}
		}
		lsig, lok := MusigPartialSigAgg(lpsigs, lagg, msg, keys)
		ksig, err := musig2.PartialSigAgg(kpsigs, session)
		c.check("partial-sig-agg")
		if !lok || err != nil || !bytes.Equal(lsig, ksig) {
			c.fail("partial-sig-agg", "libsecp %x (%v), kestrel %x (%v)", lsig, lok, ksig, err)
			return
		}
		c.check("final-sig-verify")
		if honest := len(aggIn) == u; SchnorrsigVerify(lsig, msg, lq[1:]) != honest {
			c.fail("final-sig-verify", "signature %x under %x: verifies %v, want %v", lsig, lq[1:], !honest, honest)
		}
	})
}

// cancellingNonce returns a public nonce whose R₁, R₂ or both are the
// negated sums of the nonces' R₁ or R₂ (a random point for a half it does
// not cancel), so that the aggregate nonce holds infinity there.
func cancellingNonce(rng *rand.Rand, pubnonces [][]byte) []byte {
	which := 1 + rng.IntN(3) // bit 0: cancel R₁, bit 1: cancel R₂
	out := make([]byte, 0, 66)
	for half := range 2 {
		var pt *secp256k1.PublicKey
		if which>>half&1 == 1 {
			var pts []*secp256k1.PublicKey
			for _, n := range pubnonces {
				p, err := secp256k1.ParsePublicKey(n[33*half : 33*half+33])
				if err != nil {
					panic(err)
				}
				pts = append(pts, p)
			}
			sum, err := secp256k1.CombinePublicKeys(pts...)
			if err != nil {
				panic(err)
			}
			pt = sum.Negate()
		} else {
			k, _ := secp256k1.NewPrivateKey(genKey(rng))
			pt = k.PublicKey()
		}
		out = append(out, pt.BytesCompressed()...)
	}
	return out
}
