package rangeproof

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// rewound is what rewinding recovers.
type rewound struct {
	value   uint64
	blind   scalar.Scalar
	message [maxPubs * 32]byte
	msgLen  int
}

// rewindPoints verifies proof and rewinds it with nonce (zkp's
// secp256k1_rangeproof_verify_impl with a nonce, and
// secp256k1_rangeproof_rewind_inner), into out.
//
// Constant time in the nonce and in what it recovers: zkp looks for the
// value in the two last blocks of the last ring and stops at the first
// that holds it, skips the two blocks whose position depends on the value
// when it reads the message, and recovers the blinding factor from the key
// at the value's digit. Here both blocks are read and one selected, every
// block is computed both ways (forged and real) and selected, the key at
// the digit is read by a constant-time lookup, and the last ring's two
// message blocks are gathered by selection. Only the outcome (the nonce
// rewinds the proof or not) shows.
func rewindPoints(out *rewound, p *parsed, proof []byte, nonce *[32]byte, commit, gen *group.Affine, extra []byte) error {
	if !p.parse(proof, commit, gen, extra) {
		return ErrEncoding
	}
	var ev [maxPubs]scalar.Scalar
	if !p.verify(ev[:]) {
		return ErrProof
	}
	sh := &p.sh
	rings, npub := sh.rings, sh.npub
	var (
		pr    prep
		sec   [maxRings]scalar.Scalar
		sOrig [maxPubs]scalar.Scalar
	)
	genrand(sec[:], sOrig[:], &pr, sh, nonce, commit, gen, proof[:p.h.offset])
	defer clear(pr[:])
	*out = rewound{}
	var x scalar.Scalar
	fail := 0
	if npub == 1 {
		// An exact value: the one key's s gives the blinding factor.
		recoverX(&out.blind, &sOrig[0], &ev[0], &p.s[0])
	} else {
		base := (rings - 1) * 4
		last := sh.sizes[rings-1]
		// The value block: the last block of the last ring or, if that is
		// the real one, the block before it.
		var found [2]int
		var blocks [2][32]byte
		for j := range 2 {
			idx := base + last - 1 - j
			p.s[idx-base+npub-last].PutBytes(&blocks[j])
			b := pr.block(idx)
			for t := range blocks[j] {
				blocks[j][t] ^= b[t]
			}
			v := &blocks[j]
			found[j] = int(v[0]>>7) &
				subtle.ConstantTimeCompare(v[16:24], v[24:32]) &
				subtle.ConstantTimeCompare(v[8:16], v[16:24])
		}
		useFirst := found[0]
		fail |= (found[0] | found[1]) ^ 1
		var vb [32]byte
		for t := range vb {
			vb[t] = byte(subtle.ConstantTimeSelect(useFirst, int(blocks[0][t]), int(blocks[1][t])))
		}
		value := binary.BigEndian.Uint64(vb[24:])
		j := 1 - useFirst
		skip1 := last - 1 - j
		skip2 := int(value >> (2 * (rings - 1)) & 3)
		fail |= subtle.ConstantTimeEq(int32(skip1), int32(skip2))
		// Recover the last digit's blinding factor from the real key.
		var so, e, s scalar.Scalar
		for q := range last {
			at := subtle.ConstantTimeEq(int32(q), int32(skip2))
			k := npub - last + q
			so.Select(&sOrig[k], &so, at)
			e.Select(&ev[k], &e, at)
			s.Select(&p.s[k], &s, at)
		}
		recoverX(&x, &so, &e, &s)
		var negSec scalar.Scalar
		negSec.Negate(&sec[rings-1])
		out.blind.Add(&x, &negSec)
		out.value = value
		out.msgLen = extractMessage(&out.message, p, &pr, sec[:], ev[:], value, skip1, skip2)
		clear(vb[:])
		clear(blocks[:])
	}
	// The commitment must be blind·G + (value·10^exp + min)·gen.
	vv := out.value*p.h.scale + p.h.MinValue
	out.value = vv
	var bG, vH, g, c group.Jacobian
	ecmult.ScalarBaseMult(&bG, &out.blind)
	var vs scalar.Scalar
	vs.SetUint64(vv)
	g.SetAffine(gen)
	ecmult.ScalarMult(&vH, &vs, &g)
	bG.Add(&bG, &vH)
	c.SetAffine(commit)
	fail |= bG.Equal(&c) ^ 1
	clear(sec[:])
	clear(sOrig[:])
	if fail != 0 {
		*out = rewound{}
		return ErrRewind
	}
	return nil
}

// recoverX sets x = (k − s)/e: the key of a real signature s = k − e·x.
func recoverX(x, k, e, s *scalar.Scalar) {
	var inv scalar.Scalar
	inv.Invert(e)
	x.Subtract(k, s)
	x.Multiply(x, &inv)
}

// extractMessage writes the message blocks of a proof into msg, every key's
// block but the last ring's two at skip1 and skip2, and returns their
// length. The block of a real key is its nonce k = s + e·x; of a forged
// one, s; XORed with the stream's block. Each block is computed both ways
// and selected, and the last ring's blocks are gathered by selection.
func extractMessage(msg *[maxPubs * 32]byte, p *parsed, pr *prep, sec, ev []scalar.Scalar, value uint64, skip1, skip2 int) int {
	sh := &p.sh
	n, k := 0, 0
	var blk, real [32]byte
	var kv scalar.Scalar
	block := func(i, j int) {
		kv.Multiply(&sec[i], &ev[k])
		kv.Add(&kv, &p.s[k])
		kv.PutBytes(&real)
		p.s[k].PutBytes(&blk)
		at := subtle.ConstantTimeEq(int32(value>>(2*i)&3), int32(j))
		b := pr.block(i*4 + j)
		for t := range blk {
			blk[t] = byte(subtle.ConstantTimeSelect(at, int(real[t]), int(blk[t]))) ^ b[t]
		}
	}
	for i := range sh.rings - 1 {
		for j := range sh.sizes[i] {
			block(i, j)
			copy(msg[n:], blk[:])
			n += 32
			k++
		}
	}
	last := sh.sizes[sh.rings-1]
	if last == 4 {
		var outs [2][32]byte
		c := 0
		for j := range last {
			block(sh.rings-1, j)
			keep := (subtle.ConstantTimeEq(int32(j), int32(skip1)) | subtle.ConstantTimeEq(int32(j), int32(skip2))) ^ 1
			for o := range 2 {
				take := keep & subtle.ConstantTimeEq(int32(c), int32(o))
				for t := range blk {
					outs[o][t] = byte(subtle.ConstantTimeSelect(take, int(blk[t]), int(outs[o][t])))
				}
			}
			c += keep
			k++
		}
		copy(msg[n:], outs[0][:])
		copy(msg[n+32:], outs[1][:])
		n += 64
		clear(outs[:])
	}
	clear(blk[:])
	clear(real[:])
	kv = scalar.Scalar{}
	return n
}
