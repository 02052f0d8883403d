package main

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// musigRows are MuSig2 rows of the main group for a 2-of-2 key:
// musig_nonce_gen, musig_partial_sign (NonceGen and a partial signature by
// a schnorr.Keypair signer without the optional fault check, as
// libsecp256k1's secp256k1_musig_partial_sign: a secret nonce signs once,
// so each iteration makes one; subtract musig_nonce_gen for the signature
// alone), musig_partial_sign_check (the same with the check, musig2.Sign's
// default),
// musig_partial_verify (the aggregator's check of one partial signature)
// and musig_session_2of2 (key aggregation, two nonces, nonce aggregation,
// the session, two partial signatures as musig_partial_sign, their two
// checks and the aggregation: one process playing every part).
func musigRows() []benchRow {
	var keys [2]*secp256k1.PrivateKey
	var kps [2]*schnorr.Keypair
	pubkeys := make([][]byte, 2)
	for i := range keys {
		h := sha256.Sum256([]byte{'m', 'u', 's', 'i', 'g', byte(i)})
		k, err := secp256k1.NewPrivateKey(h[:])
		if err != nil {
			panic(err)
		}
		keys[i], kps[i], pubkeys[i] = k, schnorr.NewKeypair(k), k.PublicKey().BytesCompressed()
	}
	msg := sha256.Sum256([]byte("bench musig"))
	skip := &musig2.SignOptions{SkipSelfVerify: true}
	session := func() (*musig2.SessionContext, [2]*musig2.SecNonce, []musig2.PubNonce) {
		ka, err := musig2.KeyAgg(pubkeys)
		if err != nil {
			panic(err)
		}
		var secs [2]*musig2.SecNonce
		pubs := make([]musig2.PubNonce, 2)
		for i := range secs {
			sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{SecretKey: keys[i], AggPublicKey: ka.XOnlyPublicKey(), Msg: msg[:]})
			if err != nil {
				panic(err)
			}
			secs[i], pubs[i] = sec, *pub
		}
		agg, err := musig2.NonceAgg(pubs)
		if err != nil {
			panic(err)
		}
		s, err := ka.NewSessionContext(agg, msg[:])
		if err != nil {
			panic(err)
		}
		return s, secs, pubs
	}
	s0, _, _ := session()
	ka0 := s0.KeyAggContext()
	return []benchRow{
		{name: "musig_nonce_gen", iters: 20000, run: func(n int) {
			opts := &musig2.NonceGenOptions{SecretKey: keys[0], AggPublicKey: ka0.XOnlyPublicKey(), Msg: msg[:]}
			for range n {
				if _, _, err := musig2.NonceGen(pubkeys[0], opts); err != nil {
					panic(err)
				}
			}
		}},
		{name: "musig_partial_sign", iters: 20000, run: func(n int) {
			benchMusigSign(n, pubkeys[0], keys[0], ka0, msg[:], func(sec *musig2.SecNonce) (*musig2.PartialSig, error) {
				return musig2.SignKeypair(sec, kps[0], s0, skip)
			})
		}},
		{name: "musig_partial_sign_check", iters: 20000, run: func(n int) {
			benchMusigSign(n, pubkeys[0], keys[0], ka0, msg[:], func(sec *musig2.SecNonce) (*musig2.PartialSig, error) {
				return musig2.SignKeypair(sec, kps[0], s0, nil)
			})
		}},
		{name: "musig_partial_verify", iters: 20000, run: func(n int) {
			s, secs, pubs := session()
			p, err := musig2.SignKeypair(secs[1], kps[1], s, skip)
			if err != nil {
				panic(err)
			}
			for range n {
				if err := s.PartialSigVerify(p, &pubs[1], 1); err != nil {
					panic(err)
				}
			}
		}},
		{name: "musig_session_2of2", iters: 2000, run: func(n int) {
			for range n {
				s, secs, pubs := session()
				psigs := make([]musig2.PartialSig, 2)
				for i := range secs {
					p, err := musig2.SignKeypair(secs[i], kps[i], s, skip)
					if err != nil {
						panic(err)
					}
					if err := s.PartialSigVerify(p, &pubs[i], i); err != nil {
						panic(err)
					}
					psigs[i] = *p
				}
				if _, err := musig2.PartialSigAgg(psigs, s); err != nil {
					panic(err)
				}
			}
		}},
	}
}

// benchMusigSign makes n secret nonces and signs with each: the signature
// is valid for its own nonce (which Sign's check verifies), not for the
// session's aggregate nonce, which does not change the work.
func benchMusigSign(n int, pk []byte, sk *secp256k1.PrivateKey, ka *musig2.KeyAggContext, msg []byte, sign func(*musig2.SecNonce) (*musig2.PartialSig, error)) {
	opts := &musig2.NonceGenOptions{SecretKey: sk, AggPublicKey: ka.XOnlyPublicKey(), Msg: msg}
	for range n {
		sec, _, err := musig2.NonceGen(pk, opts)
		if err != nil {
			panic(err)
		}
		if _, err := sign(sec); err != nil {
			panic(err)
		}
	}
}
