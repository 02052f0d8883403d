package rangeproof

import (
	"crypto/subtle"
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// params is what a proof proves about a value (zkp's
// secp256k1_range_proveparams): the header's exponent, mantissa and
// minimum, the digits' shape, and the mantissa value v with its base-4
// digits (secret).
type params struct {
	exp, mantissa int
	minValue      uint64
	scale         uint64
	v             uint64
	sh            shape
	digit         [maxRings]int
}

// proveParams chooses the proof's parameters as zkp does, and returns false
// for a value and minimum zkp refuses (both large). The exponent,
// mantissa and minimum it chooses are written into the proof's header:
// the branches here are on those public results, and on exp, minBits and
// minValue, which the header states as well. The value itself only
// enters arithmetic (divisions by the constant 10 and bits.Len64, which
// compile to multiplications and LZCNT/BSR, without branches).
func (pp *params) proveParams(value, minValue uint64, exp, minBits int) bool {
	*pp = params{scale: 1}
	if minValue == math.MaxUint64 {
		exp = -1 // the range could not be coded
	}
	if exp < 0 {
		// A proof of the exact value.
		pp.minValue = value
		pp.sh.setMantissa(0)
		return true
	}
	// zkp's test is (min ≠ 0 and value > 2⁶³−1) or (value ≠ 0 and
	// min ≥ 2⁶³−1); the second is written min first: min ≤ value, so
	// value ≠ 0 holds whenever it is reached, and nothing branches on the
	// value but a refusal.
	if (minValue != 0 && value > math.MaxInt64) || (minValue >= math.MaxInt64 && value != 0) {
		return false
	}
	maxBits := 64
	if minValue != 0 {
		maxBits = bits.LeadingZeros64(minValue)
	}
	minBits = min(minBits, maxBits)
	if minBits > 61 {
		exp = 0
	}
	exp &= int(value>>63) - 1 // exp = 0 for a value above 2⁶³−1, without a branch
	v := value - minValue
	var v2 uint64
	if minBits > 0 {
		v2 = math.MaxUint64 >> (64 - minBits)
	}
	i := 0
	for ; i < exp && v2 <= math.MaxUint64/10; i++ {
		v /= 10
		v2 *= 10
	}
	exp = i
	v2 = v
	for range exp {
		v2 *= 10
		pp.scale *= 10
	}
	pp.minValue = value - v2
	pp.mantissa = max(bits.Len64(v|1), minBits) // Len64(v) but 1 for v = 0
	pp.exp, pp.v = exp, v
	pp.sh.setMantissa(pp.mantissa)
	for r := range pp.sh.rings {
		pp.digit[r] = int(v >> (2 * r) & 3)
	}
	return true
}

// writeHeader writes the proof's header into out and returns its length.
func (pp *params) writeHeader(out []byte) int {
	n := 1
	out[0] = 0
	if pp.sh.sizes[0] > 1 {
		out[0] = 64 | byte(pp.exp)
		out[1] = byte(pp.mantissa - 1)
		n++
	}
	if pp.minValue != 0 {
		out[0] |= 32
		binary.BigEndian.PutUint64(out[n:], pp.minValue)
		n += 8
	}
	return n
}

// signPoints is Sign on internal points; it returns the proof or an error.
// blind is the commitment's blinding factor, checked by the caller to be 32
// bytes.
func signPoints(value, minValue uint64, exp, minBits int, nonce *[32]byte, message, extra []byte, commit *group.Affine, blind *[32]byte, gen *group.Affine) ([]byte, error) {
	if minValue > value || minBits < 0 || minBits > 64 || exp < -1 || exp > 18 {
		return nil, ErrParameters
	}
	var pp params
	if !pp.proveParams(value, minValue, exp, minBits) {
		return nil, ErrParameters
	}
	sh := &pp.sh
	rings := sh.rings
	if len(message) > 128*(rings-1) {
		return nil, ErrMessageLength
	}
	var hdr [10]byte
	hlen := pp.writeHeader(hdr[:])
	proof := make([]byte, hlen+sh.bodyLen())
	copy(proof, hdr[:hlen])

	// The message in the first rings' blocks, and the value, three times,
	// in one block of the last ring: the last block, or the one before it
	// if the last is the real one. Both candidates are written, selected in
	// constant time.
	var pr prep
	copy(pr[:], message)
	if last := sh.sizes[rings-1]; last > 1 {
		var vb [32]byte
		vb[0] = 128
		for r := 1; r < 4; r++ {
			binary.BigEndian.PutUint64(vb[8*r:], pp.v)
		}
		realLast := subtle.ConstantTimeEq(int32(pp.digit[rings-1]), int32(last-1))
		for c := range 2 {
			want := realLast ^ (c ^ 1) // c = 0: the last block; c = 1: the one before
			b := pr.block((rings-1)*4 + last - 1 - c)
			for t := range b {
				b[t] = byte(subtle.ConstantTimeSelect(want, int(vb[t]), int(b[t])))
			}
		}
		clear(vb[:])
	}
	var (
		sec, k [maxRings]scalar.Scalar
		s      [maxPubs]scalar.Scalar
	)
	ok := genrand(sec[:], s[:], &pr, sh, nonce, commit, gen, hdr[:hlen])
	clear(pr[:])
	// The real s values become the nonces (zkp's k[i] = s[i*4 + secidx[i]]).
	off := 0
	for i := range rings {
		for j := range sh.sizes[i] {
			at := subtle.ConstantTimeEq(int32(pp.digit[i]), int32(j))
			k[i].Select(&s[off+j], &k[i], at)
			var zero scalar.Scalar
			s[off+j].Select(&zero, &s[off+j], at)
		}
		off += sh.sizes[i]
	}
	var bl scalar.Scalar
	if _, err := bl.SetCanonicalBytes(blind); err != nil {
		return nil, ErrBlind
	}
	sec[rings-1].Add(&sec[rings-1], &bl)
	if sec[rings-1].IsZero() == 1 {
		return nil, ErrBlind
	}

	// The digits' commitments sec[i]·G + digit·4ⁱ·10^exp·gen, the digit's
	// multiple chosen in constant time among the four.
	var cs [maxRings]group.Jacobian
	ecmult.ScalarBaseMultMany(cs[:rings], sec[:rings])
	var step, t group.Jacobian
	{
		var sc, zero scalar.Scalar
		var g group.Jacobian
		sc.SetUint64(pp.scale)
		g.SetAffine(gen)
		step, _ = ecmult.VarTimeMult1G(&sc, &g, &zero)
	}
	for i := range rings {
		var mult [4]group.Jacobian // 0, 1, 2, 3 times step
		mult[1] = step
		mult[2].VarTimeDouble(&step)
		mult[3].VarTimeAdd(&mult[2], &step)
		t.Identity()
		for d := 1; d < 4; d++ {
			t.Select(&mult[d], &t, subtle.ConstantTimeEq(int32(pp.digit[i]), int32(d)))
		}
		cs[i].Add(&cs[i], &t)
		step.VarTimeDouble(&step)
		step.VarTimeDouble(&step)
	}
	// The commitments are public from here on: those of all digits but the
	// last are in the proof, and the last is the difference.
	var pubs [maxPubs]group.Jacobian
	var csA [maxRings]group.Affine
	var scratch [maxPubs]field.Element
	for i := range rings {
		if cs[i].IsIdentity() == 1 {
			return nil, ErrSignFailed
		}
	}
	group.VarTimeBatchSetJacobian(csA[:rings], cs[:rings], scratch[:rings])
	d := startHash(commit, gen, hdr[:hlen])
	signs := proof[hlen : hlen+(rings+6)>>3]
	pos := hlen + len(signs)
	off = 0
	for i := range rings {
		pubs[off] = cs[i]
		if i < rings-1 {
			var enc [33]byte
			putQuad(&enc, &csA[i])
			d.Write(enc[:])
			signs[i>>3] |= enc[0] << (i & 7)
			copy(proof[pos:], enc[1:])
			pos += 32
		}
		off += sh.sizes[i]
	}
	expand(pubs[:], sh, pp.exp, gen)
	var pubsA [maxPubs]group.Affine
	npub := sh.npub
	if !group.VarTimeBatchSetJacobian(pubsA[:npub], pubs[:npub], scratch[:npub]) {
		return nil, ErrSignFailed
	}
	d.Write(extra)
	var m [32]byte
	d.Sum(&m)
	e0 := (*[32]byte)(proof[pos : pos+32])
	if !borromean.Sign(e0, s[:npub], pubsA[:npub], k[:rings], sec[:rings], sh.sizes[:rings], pp.digit[:rings], m[:]) {
		ok = 0
	}
	pos += 32
	for i := range npub {
		s[i].PutBytes((*[32]byte)(proof[pos : pos+32]))
		pos += 32
	}
	clear(sec[:])
	clear(k[:])
	clear(pp.digit[:])
	if ok == 0 {
		return nil, ErrSignFailed
	}
	return proof, nil
}
