package ct

import (
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// SurjectionMaxInputs is the largest number of inputs a surjection proof
// can be over (zkp's SECP256K1_SURJECTIONPROOF_MAX_N_INPUTS); every input
// may be used.
const SurjectionMaxInputs = 256

// SurjectionProof is an asset surjection proof, zkp's
// secp256k1_surjectionproof: a proof that an output's blinded asset
// generator is one of a chosen subset of the inputs' blinded generators,
// without saying which (a Borromean ring signature over the differences;
// docs/ct.md). Its encoding is the number of inputs n (2 bytes, little
// endian), a bitmap of the used inputs ((n+7)/8 bytes), e₀ and one 32-byte
// s value per used input.
//
// InitializeSurjectionProof chooses the used inputs; Generate signs;
// ParseSurjectionProof and Bytes convert; Verify checks. The zero value is
// a proof over no input, which never verifies.
type SurjectionProof struct {
	n    int        // total inputs, 0 … SurjectionMaxInputs
	used [32]byte   // bitmap of the used inputs, bit i%8 of byte i/8
	e0   [32]byte   // the ring's challenge
	s    [][32]byte // one s value per used input, in input order
}

// surjectionBitmapLen returns the length of the bitmap of n inputs.
func surjectionBitmapLen(n int) int { return (n + 7) / 8 }

// NTotalInputs returns the number of inputs p is over
// (secp256k1_surjectionproof_n_total_inputs).
func (p *SurjectionProof) NTotalInputs() int {
	if p == nil {
		return 0
	}
	return p.n
}

// NUsedInputs returns the number of inputs p uses
// (secp256k1_surjectionproof_n_used_inputs).
func (p *SurjectionProof) NUsedInputs() int {
	if p == nil {
		return 0
	}
	c := 0
	for _, b := range p.used[:surjectionBitmapLen(p.n)] {
		c += bits.OnesCount8(b)
	}
	return c
}

// SerializedSize returns the length of p's encoding
// (secp256k1_surjectionproof_serialized_size): 2 + (n+7)/8 + 32·(1 +
// used inputs).
func (p *SurjectionProof) SerializedSize() int {
	return 2 + surjectionBitmapLen(p.NTotalInputs()) + 32*(1+p.NUsedInputs())
}

// isUsed reports whether input i is used.
func (p *SurjectionProof) isUsed(i int) bool { return p.used[i/8]>>(i%8)&1 == 1 }

// Bytes returns the encoding of p (secp256k1_surjectionproof_serialize).
// A nil proof encodes as the zero value: a proof over no input.
func (p *SurjectionProof) Bytes() []byte {
	var q SurjectionProof
	if p != nil {
		q = *p
	}
	bl := surjectionBitmapLen(q.n)
	out := make([]byte, 0, q.SerializedSize())
	out = binary.LittleEndian.AppendUint16(out, uint16(q.n))
	out = append(out, q.used[:bl]...)
	out = append(out, q.e0[:]...)
	for i := range q.NUsedInputs() {
		if i < len(q.s) {
			out = append(out, q.s[i][:]...)
		} else {
			out = append(out, make([]byte, 32)...)
		}
	}
	return out
}

// ParseSurjectionProof decodes a surjection proof
// (secp256k1_surjectionproof_parse): at most SurjectionMaxInputs inputs, a
// bitmap without bits beyond the last input, and exactly one s value per
// used input. It returns ErrSurjectionEncoding otherwise. The values of e₀
// and s are checked by Verify, as zkp does.
func ParseSurjectionProof(b []byte) (*SurjectionProof, error) {
	if len(b) < 2 {
		return nil, fmt.Errorf("%w: %d bytes", ErrSurjectionEncoding, len(b))
	}
	n := int(binary.LittleEndian.Uint16(b))
	if n > SurjectionMaxInputs {
		return nil, fmt.Errorf("%w: %d inputs", ErrSurjectionEncoding, n)
	}
	bl := surjectionBitmapLen(n)
	if len(b) < 2+bl {
		return nil, fmt.Errorf("%w: no room for the bitmap", ErrSurjectionEncoding)
	}
	p := &SurjectionProof{n: n}
	copy(p.used[:], b[2:2+bl])
	if n%8 != 0 && p.used[bl-1]>>(n%8) != 0 {
		return nil, fmt.Errorf("%w: bitmap bit beyond input %d", ErrSurjectionEncoding, n)
	}
	nUsed := p.NUsedInputs()
	if len(b) != 2+bl+32*(1+nUsed) {
		return nil, fmt.Errorf("%w: %d bytes for %d used inputs", ErrSurjectionEncoding, len(b), nUsed)
	}
	rest := b[2+bl:]
	copy(p.e0[:], rest)
	p.s = make([][32]byte, nUsed)
	for i := range p.s {
		copy(p.s[i][:], rest[32+32*i:])
	}
	return p, nil
}

// surjectionRand is zkp's input sampler (secp256k1_surjectionproof_csprng):
// a 32-byte state read a byte (two bytes when more than 256 values are
// drawn from) at a time, replaced by its SHA-256 when the next read would
// reach its last byte.
type surjectionRand struct {
	state [32]byte
	i     int
}

// next returns a uniform value below max (zkp's csprng_next): rejection
// sampling below the largest multiple of max that the read width holds.
func (r *surjectionRand) next(max int) int {
	inc, span := 1, 0x100
	if max > 256 {
		inc, span = 2, 0x10000
	}
	limit := (span / max) * max
	for {
		if r.i+inc >= 32 {
			r.state = sum256(r.state[:])
			r.i = 0
		}
		v := int(r.state[r.i])
		if inc > 1 {
			v = v<<8 | int(r.state[r.i+1])
		}
		r.i += inc
		if v < limit {
			return v % max
		}
	}
}

// InitializeSurjectionProof chooses the inputs of a surjection proof, as
// zkp's secp256k1_surjectionproof_initialize: from the 32-byte seed, it
// draws nInputsToUse distinct inputs among len(fixedInputTags) with zkp's
// sampler, and retries (at most maxIterations times in all) until they
// include an input whose 32-byte fixed asset tag equals fixedOutputTag. It
// returns the unsigned proof and inputIndex, the input to sign with (the
// last matching input drawn, as in zkp), or ErrSurjectionSelection when no
// draw matched. The same arguments give zkp's selection exactly. Tags are
// compared in constant time; the number of draws depends on the seed.
func InitializeSurjectionProof(fixedInputTags [][]byte, nInputsToUse int, fixedOutputTag []byte, maxIterations int, seed []byte) (proof *SurjectionProof, inputIndex int, err error) {
	n := len(fixedInputTags)
	if n > SurjectionMaxInputs || nInputsToUse < 0 || nInputsToUse > n {
		return nil, 0, fmt.Errorf("%w: %d of %d inputs (at most %d)", ErrCount, nInputsToUse, n, SurjectionMaxInputs)
	}
	if len(fixedOutputTag) != 32 {
		return nil, 0, fmt.Errorf("%w: output tag of %d bytes", ErrAssetTagLength, len(fixedOutputTag))
	}
	for i, t := range fixedInputTags {
		if len(t) != 32 {
			return nil, 0, fmt.Errorf("%w: input tag %d of %d bytes", ErrAssetTagLength, i, len(t))
		}
	}
	if len(seed) != 32 {
		return nil, 0, ErrSeedLength
	}
	r := surjectionRand{state: [32]byte(seed)}
	p := &SurjectionProof{n: n}
	index := 0
	for iter := 1; ; iter++ {
		found := 0
		p.used = [32]byte{}
		for range nInputsToUse {
			for {
				j := r.next(n)
				match := subtle.ConstantTimeCompare(fixedInputTags[j], fixedOutputTag)
				index = subtle.ConstantTimeSelect(match, j, index)
				found |= match
				if !p.isUsed(j) {
					p.used[j/8] |= 1 << (j % 8)
					break
				}
			}
		}
		if found == 1 {
			break
		}
		if iter >= maxIterations {
			return nil, 0, ErrSurjectionSelection
		}
	}
	p.s = make([][32]byte, p.NUsedInputs())
	return p, index, nil
}

// surjectionKeys sets keys[j] to outputTag − inputTags[i] for the j-th
// used input i, affine, and returns false if one of them is the identity
// (an input generator equal to the output's). Variable time: the
// generators are public.
func surjectionKeys(keys []group.Affine, p *SurjectionProof, inputTags []*Generator, outputTag *Generator) bool {
	var jac [SurjectionMaxInputs]group.Jacobian
	if !surjectionRing(jac[:len(keys)], p, inputTags, outputTag) {
		return false
	}
	var scratch [SurjectionMaxInputs]field.Element
	return group.VarTimeBatchSetJacobian(keys, jac[:len(keys)], scratch[:len(keys)])
}

// surjectionRing is surjectionKeys with the keys in Jacobian form.
func surjectionRing(keys []group.Jacobian, p *SurjectionProof, inputTags []*Generator, outputTag *Generator) bool {
	var out group.Jacobian
	out.SetAffine(&outputTag.p)
	j := 0
	for i, g := range inputTags {
		if !p.isUsed(i) {
			continue
		}
		var neg group.Affine
		neg.Negate(&g.p)
		keys[j].VarTimeAddAffine(&out, &neg)
		if keys[j].IsIdentity() == 1 {
			return false
		}
		j++
	}
	return true
}

// surjectionMessage returns SHA-256 of the compressed SEC 1 encodings of
// the input generators and the output generator, zkp's
// secp256k1_surjection_genmessage.
func surjectionMessage(inputTags []*Generator, outputTag *Generator) [32]byte {
	h := sha256.New()
	var enc [33]byte
	for _, g := range inputTags {
		g.p.PutCompressed(&enc)
		h.Write(enc[:])
	}
	outputTag.p.PutCompressed(&enc)
	h.Write(enc[:])
	var m [32]byte
	h.Sum(&m)
	return m
}

// validGenerators reports whether every generator is set.
func validGenerators(inputTags []*Generator, outputTag *Generator) bool {
	if outputTag == nil || !outputTag.ok {
		return false
	}
	for _, g := range inputTags {
		if g == nil || !g.ok {
			return false
		}
	}
	return true
}

// Generate signs p, zkp's secp256k1_surjectionproof_generate: p's used
// inputs (from InitializeSurjectionProof) over inputTags, the blinded
// generators of all len(inputTags) = p.NTotalInputs() inputs, and
// outputTag, the output's. inputIndex is the input whose asset the output
// has, with generator blind inputBlind; outputBlind is the output
// generator's blind, so that outputTag − inputTags[inputIndex] =
// (outputBlind − inputBlind)·G. The proof is deterministic: the same
// arguments give zkp's bytes. It returns ErrSurjectionTagReuse if an input
// generator equals the output generator (zkp fails too: Liquid's consensus
// forbids it), and ErrSurjectionInputIndex if inputIndex is not a used
// input (zkp then signs with the wrong key, and its proof does not
// verify). On error p is unchanged.
//
// It is constant time in the blinds and in inputIndex's position in the
// ring (internal/borromean.Sign); the used inputs and the generators are
// public.
func (p *SurjectionProof) Generate(inputTags []*Generator, outputTag *Generator, inputIndex int, inputBlind, outputBlind []byte) error {
	if p == nil || p.NUsedInputs() == 0 {
		return ErrSurjectionNoInputs
	}
	if !validGenerators(inputTags, outputTag) {
		return ErrZeroGenerator
	}
	var rIn, key scalar.Scalar
	if err := setBlind(&rIn, inputBlind); err != nil {
		return fmt.Errorf("input blind: %w", err)
	}
	if err := setBlind(&key, outputBlind); err != nil {
		return fmt.Errorf("output blind: %w", err)
	}
	for _, g := range inputTags {
		if g.p.Equal(&outputTag.p) == 1 {
			return ErrSurjectionTagReuse
		}
	}
	key.Subtract(&key, &rIn)
	nUsed := p.NUsedInputs()
	if len(inputTags) != p.n {
		return fmt.Errorf("%w: %d input generators for a proof over %d inputs", ErrCount, len(inputTags), p.n)
	}
	if inputIndex < 0 || inputIndex >= p.n || !p.isUsed(inputIndex) {
		return ErrSurjectionInputIndex
	}
	// The ring position of inputIndex, in constant time in inputIndex.
	ringIndex, j := 0, 0
	for i := range p.n {
		used := int(p.used[i/8] >> (i % 8) & 1)
		ringIndex = subtle.ConstantTimeSelect(used&subtle.ConstantTimeEq(int32(i), int32(inputIndex)), j, ringIndex)
		j += used
	}

	keys := make([]group.Affine, nUsed)
	if !surjectionKeys(keys, p, inputTags, outputTag) {
		return ErrSurjectionTagReuse // unreachable: the tags differ
	}
	m := surjectionMessage(inputTags, outputTag)

	// zkp's secp256k1_surjection_genrand: a 36-byte buffer le32(i) ‖ key,
	// hashed in place (the hash overwrites its first 32 bytes), so s₀ =
	// SHA-256(le32(0) ‖ key) and each later s_i hashes le32(i), bytes 4…31
	// of the previous hash and the last 4 bytes of the key.
	s := make([]scalar.Scalar, nUsed)
	var in [36]byte
	key.PutBytes((*[32]byte)(in[4:]))
	ok := 1
	for i := range s {
		binary.LittleEndian.PutUint32(in[:4], uint32(i))
		h := sum256(in[:])
		copy(in[:32], h[:])
		if _, err := s[i].SetCanonicalBytes(&h); err != nil {
			ok = 0 // probability 2⁻¹²⁸; zkp fails too
		}
	}
	if ok == 0 {
		return ErrSurjectionGenerate
	}
	// The s value at the real position is the nonce (zkp's choice), and
	// Sign replaces it.
	var k [1]scalar.Scalar
	for i := range s {
		k[0].Select(&s[i], &k[0], subtle.ConstantTimeEq(int32(i), int32(ringIndex)))
	}
	var e0 [32]byte
	x := [1]scalar.Scalar{key}
	if !borromean.Sign(&e0, s, keys, k[:], x[:], []int{nUsed}, []int{ringIndex}, m[:]) {
		return ErrSurjectionGenerate
	}
	p.e0 = e0
	p.s = make([][32]byte, nUsed)
	for i := range s {
		s[i].PutBytes(&p.s[i])
	}
	return nil
}

// Verify reports whether p proves that outputTag is one of p's used
// inputs among inputTags (len(inputTags) = p.NTotalInputs()), zkp's
// secp256k1_surjectionproof_verify. It is false for a nil proof, a proof
// that uses no input, a nil or zero generator, an input generator equal
// to the output's among the used ones, or an s value not below n. Variable
// time: everything is public.
func (p *SurjectionProof) Verify(inputTags []*Generator, outputTag *Generator) bool {
	nUsed, ok := p.verifyShape(inputTags, outputTag)
	if !ok {
		return false
	}
	var sBuf [SurjectionMaxInputs]scalar.Scalar
	var keyBuf [SurjectionMaxInputs]group.Jacobian
	s, keys := sBuf[:nUsed], keyBuf[:nUsed]
	if !p.sValues(s) || !surjectionRing(keys, p, inputTags, outputTag) {
		return false
	}
	m := surjectionMessage(inputTags, outputTag)
	// One ring: its keys go to the multiplications as they are, without
	// an inversion to make them affine.
	return borromean.VarTimeVerifyRing(&p.e0, s, keys, m[:])
}

// verifyShape returns p's number of used inputs, and false if Verify
// fails for the shape of its arguments alone.
func (p *SurjectionProof) verifyShape(inputTags []*Generator, outputTag *Generator) (int, bool) {
	if p == nil || len(inputTags) != p.n || !validGenerators(inputTags, outputTag) {
		return 0, false
	}
	nUsed := p.NUsedInputs()
	return nUsed, nUsed != 0 && len(p.s) == nUsed
}

// verifyInputs sets s to p's s values, keys to its ring's keys and m to
// its message, for len(s) = len(keys) = p.NUsedInputs(), and returns
// false if an s value is not below n or a key is the identity.
func (p *SurjectionProof) verifyInputs(s []scalar.Scalar, keys []group.Affine, m *[32]byte, inputTags []*Generator, outputTag *Generator) bool {
	if !p.sValues(s) || !surjectionKeys(keys, p, inputTags, outputTag) {
		return false
	}
	*m = surjectionMessage(inputTags, outputTag)
	return true
}

// sValues sets s to p's s values, for len(s) = len(p.s), and returns false
// if one is not below n.
func (p *SurjectionProof) sValues(s []scalar.Scalar) bool {
	for i := range s {
		if _, err := s[i].SetCanonicalBytes(&p.s[i]); err != nil {
			return false
		}
	}
	return true
}

// sum256 returns the SHA-256 of b.
func sum256(b []byte) [32]byte {
	d := sha256.New()
	d.Write(b)
	var out [32]byte
	d.Sum(&out)
	return out
}
