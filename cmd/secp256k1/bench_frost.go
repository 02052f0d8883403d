package main

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1/frost"
)

// frostRows are the frost_* rows of the main group: BIP-445 signing for a
// 3-of-5 key with three signers (t = 3), for comparison with the
// schnorrsig_* rows. frost_sign is a signer's whole work per signature,
// NonceGen and Sign (whose self-verification included): a secret nonce
// signs once, so each iteration makes one; frost_nonce_gen alone is the
// row before it. frost_sign_noverify is frost_sign without the
// self-verification (SignOptions.SkipSelfVerify). frost_partial_verify is the coordinator's check of one
// partial signature in the first session of its Signers Context,
// frost_partial_verify_reused the same in a later session (with the
// signer's precomputed table), frost_partial_agg the aggregation of three.
func frostRows() []benchRow {
	h := sha256.Sum256([]byte("bench frost dealer"))
	keys, err := frost.TrustedDealerKeygen(5, 3, &repeatReader{seed: h})
	if err != nil {
		panic(err)
	}
	ids := []int{4, 1, 2}
	pubshares := make([][]byte, len(ids))
	for i, id := range ids {
		pubshares[i] = keys.PubShares[id]
	}
	signers, err := frost.NewSignersContext(5, 3, ids, pubshares, keys.ThreshPublicKey)
	if err != nil {
		panic(err)
	}
	msg := sha256.Sum256([]byte("bench message"))
	secs := make([]*frost.SecNonce, len(ids))
	pubs := make([]frost.PubNonce, len(ids))
	for i := range ids {
		sec, pub, err := frost.NonceGen(nil)
		if err != nil {
			panic(err)
		}
		secs[i], pubs[i] = sec, *pub
	}
	session, err := frost.NewSessionContextWithNonces(signers, pubs, nil, nil, msg[:])
	if err != nil {
		panic(err)
	}
	psigs := make([]frost.PartialSig, len(ids))
	for i, id := range ids {
		p, err := frost.Sign(secs[i], keys.SecretShares[id], id, session)
		if err != nil {
			panic(err)
		}
		psigs[i] = *p
	}
	// reused is a session of a second Signers Context of the same signers
	// that checked signer 1 in an earlier session, as a coordinator that
	// keeps the context has it: its checks use the signer's table.
	var reused *frost.SessionContext
	signers2, err := frost.NewSignersContext(5, 3, ids, pubshares, keys.ThreshPublicKey)
	if err != nil {
		panic(err)
	}
	for range 2 {
		if reused, err = frost.NewSessionContextWithNonces(signers2, pubs, nil, nil, msg[:]); err != nil {
			panic(err)
		}
		if err := reused.PartialSigVerify(&psigs[1], &pubs[1], 1); err != nil {
			panic(err)
		}
	}
	share := keys.SecretShares[ids[0]]
	opts := &frost.NonceGenOptions{SecretShare: share, PubShare: share.PubShare(), Msg: msg[:]}
	skip := &frost.SignOptions{SkipSelfVerify: true}
	return []benchRow{
		{name: "frost_nonce_gen", iters: 20000, run: func(n int) {
			for range n {
				if _, _, err := frost.NonceGen(opts); err != nil {
					panic(err)
				}
			}
		}},
		{name: "frost_sign", iters: 20000, run: func(n int) {
			for range n {
				sec, _, err := frost.NonceGen(opts)
				if err != nil {
					panic(err)
				}
				if _, err := frost.Sign(sec, share, ids[0], session); err != nil {
					panic(err)
				}
			}
		}},
		{name: "frost_sign_noverify", iters: 20000, run: func(n int) {
			for range n {
				sec, _, err := frost.NonceGen(opts)
				if err != nil {
					panic(err)
				}
				if _, err := frost.SignWithOptions(sec, share, ids[0], session, skip); err != nil {
					panic(err)
				}
			}
		}},
		{name: "frost_partial_verify", iters: 20000, run: func(n int) {
			for range n {
				if err := session.PartialSigVerify(&psigs[1], &pubs[1], 1); err != nil {
					panic(err)
				}
			}
		}},
		{name: "frost_partial_verify_reused", iters: 20000, run: func(n int) {
			for range n {
				if err := reused.PartialSigVerify(&psigs[1], &pubs[1], 1); err != nil {
					panic(err)
				}
			}
		}},
		{name: "frost_partial_agg", iters: 200000, run: func(n int) {
			for range n {
				if _, err := frost.PartialSigAgg(psigs, session); err != nil {
					panic(err)
				}
			}
		}},
	}
}

// repeatReader is a deterministic byte source for the bench key: SHA-256
// in counter mode over seed.
type repeatReader struct {
	seed [32]byte
	ctr  byte
	buf  []byte
}

func (r *repeatReader) Read(b []byte) (int, error) {
	for i := range b {
		if len(r.buf) == 0 {
			h := sha256.Sum256(append(r.seed[:], r.ctr))
			r.ctr++
			r.buf = h[:]
		}
		b[i], r.buf = r.buf[0], r.buf[1:]
	}
	return len(b), nil
}
