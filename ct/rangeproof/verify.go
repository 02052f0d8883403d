package rangeproof

import (
	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// parsed is a proof read for the Borromean check (zkp's
// secp256k1_rangeproof_verify_impl up to secp256k1_borromean_verify): the
// keys of every ring, the s values, e₀ and the message hash m.
type parsed struct {
	h    header
	sh   shape
	pubs [maxPubs]group.Affine
	s    [maxPubs]scalar.Scalar
	e0   [32]byte
	m    [32]byte
}

// putQuad writes zkp's secp256k1_rangeproof_serialize_point of a: a byte 1
// if y is not a square (0 if it is), then x. Variable time: a is public.
func putQuad(out *[33]byte, a *group.Affine) {
	out[0] = byte(a.Y.VarTimeIsSquare() ^ 1)
	a.X.PutBytes((*[32]byte)(out[1:]))
}

// startHash returns the hash of the commitment, the generator and the
// proof's header, with which both signing and verifying begin m.
func startHash(commit, gen *group.Affine, hdr []byte) sha256.Digest {
	var enc [33]byte
	d := sha256.New()
	putQuad(&enc, commit)
	d.Write(enc[:])
	putQuad(&enc, gen)
	d.Write(enc[:])
	d.Write(hdr)
	return d
}

// expand sets pubs[j] for the keys after each ring's first: key j of ring i
// is pubs[first of ring i] − j·4ⁱ·10^exp·gen (zkp's
// secp256k1_rangeproof_pub_expand). Variable time.
func expand(pubs []group.Jacobian, sh *shape, exp int, gen *group.Affine) {
	var base, t group.Jacobian
	base.SetAffine(gen)
	base.Negate(&base)
	for range max(exp, 0) {
		t.VarTimeDouble(&base) // 2b
		base.VarTimeDouble(&t)
		base.VarTimeDouble(&base) // 8b
		base.VarTimeAdd(&base, &t)
	}
	n := 0
	for i := range sh.rings {
		for j := 1; j < sh.sizes[i]; j++ {
			pubs[n+j].VarTimeAdd(&pubs[n+j-1], &base)
		}
		if i < sh.rings-1 {
			base.VarTimeDouble(&base)
			base.VarTimeDouble(&base)
		}
		n += sh.sizes[i]
	}
}

// parse reads proof for commit, gen and extra into p, and returns false
// if it is not a well-formed proof.
func (p *parsed) parse(proof []byte, commit, gen *group.Affine, extra []byte) bool {
	if !parseHeader(&p.h, proof) {
		return false
	}
	p.sh.setMantissa(p.h.Mantissa)
	rings, off := p.sh.rings, p.h.offset
	if len(proof)-off != p.sh.bodyLen() {
		return false
	}
	d := startHash(commit, gen, proof[:off])
	signs := proof[off : off+(rings+6)>>3]
	off += len(signs)
	if (rings-1)&7 != 0 && signs[len(signs)-1]>>((rings-1)&7) != 0 {
		return false
	}
	var pubs [maxPubs]group.Jacobian
	var acc group.Jacobian
	if p.h.MinValue != 0 {
		var mv, zero scalar.Scalar
		var g group.Jacobian
		mv.SetUint64(p.h.MinValue)
		g.SetAffine(gen)
		acc, _ = ecmult.VarTimeMult1G(&mv, &g, &zero)
	}
	n := 0
	for i := range rings - 1 {
		var x, y field.Element
		xb := (*[32]byte)(proof[off : off+32])
		if _, err := x.SetCanonicalBytes(xb); err != nil {
			return false
		}
		group.CurveRHS(&y, &x)
		if _, ok := y.Sqrt(&y); ok == 0 {
			return false
		}
		sign := signs[i>>3] >> (i & 7) & 1
		y.CondNegate(&y, int(sign))
		d.Write([]byte{sign})
		d.Write(xb[:])
		c := &pubs[n]
		c.X, c.Y = x, y
		c.Z.One()
		acc.VarTimeAdd(&acc, c)
		off += 32
		n += p.sh.sizes[i]
	}
	// The last digit's commitment is what the others leave of commit.
	acc.Negate(&acc)
	var cj group.Jacobian
	cj.SetAffine(commit)
	pubs[n].VarTimeAdd(&acc, &cj)
	if pubs[n].IsIdentity() == 1 {
		return false
	}
	expand(pubs[:], &p.sh, p.h.Exp, gen)
	npub := p.sh.npub
	var scratch [maxPubs]field.Element
	if !group.VarTimeBatchSetJacobian(p.pubs[:npub], pubs[:npub], scratch[:npub]) {
		return false
	}
	copy(p.e0[:], proof[off:])
	off += 32
	for i := range npub {
		if _, err := p.s[i].SetCanonicalBytes((*[32]byte)(proof[off : off+32])); err != nil {
			return false
		}
		off += 32
	}
	d.Write(extra)
	d.Sum(&p.m)
	return true
}

// verify runs the Borromean check of a parsed proof; ev, if not nil,
// receives the challenges.
func (p *parsed) verify(ev []scalar.Scalar) bool {
	n := p.sh.npub
	return borromean.VarTimeVerify(&p.e0, p.s[:n], p.pubs[:n], p.sh.sizes[:p.sh.rings], p.m[:], ev)
}

// verifyPoints is Verify on internal points.
func verifyPoints(p *parsed, proof []byte, commit, gen *group.Affine, extra []byte) error {
	if !p.parse(proof, commit, gen, extra) {
		return ErrEncoding
	}
	if !p.verify(nil) {
		return ErrProof
	}
	return nil
}
