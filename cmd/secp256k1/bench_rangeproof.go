package main

import (
	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/ct/rangeproof"
)

// rangeproofRows are the rangeproof_* rows of the main group, secp256k1-zkp's
// Borromean rangeproofs (package ct/rangeproof): rangeproof_verify_bit is
// zkp's bench_rangeproof row (a 32-bit proof of 0 with blinding factor
// 1 … 32, per proven bit); the _64 rows sign and verify a proof of a
// 64-bit mantissa, and rangeproof_rewind recovers its value, blinding
// factor and message with the nonce; rangeproof_verify_many_64 is
// VerifyMany on 64 such proofs on one goroutine, per proof.
func rangeproofRows() []benchRow {
	blind := make([]byte, 32)
	for i := range blind {
		blind[i] = byte(i + 1)
	}
	H := ct.GeneratorH()
	proofFor := func(v uint64, minBits int) (*ct.Commitment, []byte, []byte) {
		c, err := ct.Commit(blind, v, H)
		if err != nil {
			panic(err)
		}
		nonce := c.Bytes()[:32]
		p, err := rangeproof.Sign(v, 0, 0, minBits, nonce, nil, nil, c, blind, H)
		if err != nil {
			panic(err)
		}
		return c, nonce, p
	}
	cBit, _, pBit := proofFor(0, 32)
	const v64 = 0x0123456789abcdef
	c64, nonce64, p64 := proofFor(v64, 64)
	verify := func(p []byte, c *ct.Commitment) func(int) {
		return func(n int) {
			for range n {
				if _, _, err := rangeproof.Verify(p, c, nil, H); err != nil {
					panic(err)
				}
			}
		}
	}
	var many []rangeproof.VerifyItem
	for i := range 64 {
		c, _, p := proofFor(v64+uint64(i)*7919, 64)
		many = append(many, rangeproof.VerifyItem{Proof: p, Commitment: c, Generator: H})
	}
	return []benchRow{
		{name: "rangeproof_verify_bit", iters: 64, per: 32, run: verify(pBit, cBit)},
		{name: "rangeproof_sign_64", iters: 20, run: func(n int) {
			for range n {
				if _, err := rangeproof.Sign(v64, 0, 0, 64, nonce64, nil, nil, c64, blind, H); err != nil {
					panic(err)
				}
			}
		}},
		{name: "rangeproof_verify_64", iters: 40, run: verify(p64, c64)},
		{name: "rangeproof_verify_many_64", iters: 2, per: 64, run: func(n int) {
			for range n {
				for _, r := range rangeproof.VerifyMany(many, 1) {
					if r.Err != nil {
						panic(r.Err)
					}
				}
			}
		}},
		{name: "rangeproof_rewind", iters: 40, run: func(n int) {
			for range n {
				if _, err := rangeproof.Rewind(p64, nonce64, c64, nil, H); err != nil {
					panic(err)
				}
			}
		}},
	}
}
