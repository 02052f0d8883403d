package hash2curve

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

var (
	// ErrEmptyDST is returned for an empty domain separation tag, which
	// RFC 9380 §3.1 forbids.
	ErrEmptyDST = errors.New("hash2curve: empty domain separation tag")
	// ErrLength is returned for an output length that expand_message_xmd
	// cannot produce (negative, or more than MaxExpandLength bytes), or a
	// count of scalars out of [1, MaxScalars].
	ErrLength = errors.New("hash2curve: requested length out of range")
)

// MaxExpandLength is the longest output of ExpandMessageXMD: 255 SHA-256
// blocks (RFC 9380 §5.3.1, ell ≤ 255).
const MaxExpandLength = 8160

// oversizeDSTPrefix prefixes a DST longer than 255 bytes before it is
// hashed to 32 bytes (§5.3.3).
const oversizeDSTPrefix = "H2C-OVERSIZE-DST-"

// zPad is the SHA-256 state after Z_pad, one block of zeros: every b₀
// starts from it (the precomputation §5.3.1 suggests).
var zPad = func() sha256.Digest {
	d := sha256.New()
	d.Write(make([]byte, sha256.BlockSize))
	return d
}()

// dstPrime is DST′ = DST ‖ I2OSP(len(DST), 1), for a DST of 1 to 255 bytes
// or the 32-byte hash of a longer one.
type dstPrime struct {
	b [256]byte
	n int // len(DST′), 2 to 256
}

// setDST sets d to the DST′ of dst, or returns ErrEmptyDST.
func (d *dstPrime) setDST(dst []byte) error {
	switch {
	case len(dst) == 0:
		return ErrEmptyDST
	case len(dst) > 255:
		h := sha256.New()
		h.WriteString(oversizeDSTPrefix)
		h.Write(dst)
		h.Sum((*[sha256.Size]byte)(d.b[:sha256.Size]))
		d.n = sha256.Size
	default:
		d.n = copy(d.b[:], dst)
	}
	d.b[d.n] = byte(d.n)
	d.n++
	return nil
}

func (d *dstPrime) bytes() []byte { return d.b[:d.n] }

// ExpandMessageXMD returns expand_message_xmd(msg, dst, lenInBytes) with
// SHA-256 (RFC 9380 §5.3.1): lenInBytes uniformly random bytes, a fresh
// slice. A dst longer than 255 bytes is first hashed (§5.3.3); an empty dst
// is ErrEmptyDST, and lenInBytes outside [0, MaxExpandLength] is ErrLength.
// Its time depends only on the lengths of msg and dst and on lenInBytes.
//
// Outside hash-to-field, an application must still give it a DST of its own
// (RFC 9380 §10.6).
func ExpandMessageXMD(msg, dst []byte, lenInBytes int) ([]byte, error) {
	if lenInBytes < 0 || lenInBytes > MaxExpandLength {
		return nil, ErrLength
	}
	var d dstPrime
	if err := d.setDST(dst); err != nil {
		return nil, err
	}
	out := make([]byte, lenInBytes)
	expand(out, msg, d.bytes())
	return out, nil
}

// expand writes expand_message_xmd(msg, DST, len(out)) to out, given
// DST′ = DST ‖ len(DST); 0 ≤ len(out) ≤ MaxExpandLength.
func expand(out, msg, dstPrime []byte) {
	n := len(out)
	// b₀ = H(Z_pad ‖ msg ‖ I2OSP(len_in_bytes, 2) ‖ I2OSP(0, 1) ‖ DST′)
	h := zPad
	h.Write(msg)
	lib := [3]byte{byte(n >> 8), byte(n), 0}
	h.Write(lib[:])
	h.Write(dstPrime)
	var b0, bi [sha256.Size]byte
	h.Sum(&b0)
	// b₁ = H(b₀ ‖ I2OSP(1, 1) ‖ DST′), bᵢ = H((b₀ ⊕ bᵢ₋₁) ‖ I2OSP(i, 1) ‖ DST′);
	// bi starts at zero, so that b₀ ⊕ bi is b₀ for b₁.
	for i, off := 1, 0; off < n; i, off = i+1, off+sha256.Size {
		var in [sha256.Size + 1]byte
		for j := range bi {
			in[j] = b0[j] ^ bi[j]
		}
		in[sha256.Size] = byte(i)
		h = sha256.New()
		h.Write(in[:])
		h.Write(dstPrime)
		h.Sum(&bi)
		copy(out[off:], bi[:])
	}
}
