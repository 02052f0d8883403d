package testref

import (
	"crypto/sha256"
	"math/big"
)

// The reference of RFC 9380 (hashing to elliptic curves) for the suites
// secp256k1_XMD:SHA-256_SSWU_RO_ and _NU_: the RFC's pseudocode of §5.2
// (hash_to_field), §5.3.1 (expand_message_xmd), §5.3.3 (long DSTs), §6.6.2
// (the simplified SWU map, not the straight-line form), §6.6.3 and the
// rational maps of Appendix E.1, transcribed in math/big with the
// constants as the RFC prints them.

var (
	// H2CA and H2CB are A′ and B′ of E′: y′² = x′³ + A′·x′ + B′ (§8.7).
	H2CA = BigHex("3f8731abdd661adca08a5558f0f5d272e953d363cb6f0e5d405447c01a444533")
	H2CB = big.NewInt(1771)
	// H2CZ is the simplified SWU constant Z = −11 mod p.
	H2CZ = new(big.Int).Sub(P, big.NewInt(11))

	// H2CIso holds the constants k_(i,j) of the 3-isogeny, H2CIso[i-1][j].
	H2CIso = [4][]*big.Int{
		{
			BigHex("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa8c7"),
			BigHex("7d3d4c80bc321d5b9f315cea7fd44c5d595d2fc0bf63b92dfff1044f17c6581"),
			BigHex("534c328d23f234e6e2a413deca25caece4506144037c40314ecbd0b53d9dd262"),
			BigHex("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa88c"),
		},
		{
			BigHex("d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b"),
			BigHex("edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14"),
		},
		{
			BigHex("4bda12f684bda12f684bda12f684bda12f684bda12f684bda12f684b8e38e23c"),
			BigHex("c75e0c32d5cb7c0fa9d0a54b12a0a6d5647ab046d686da6fdffc90fc201d71a3"),
			BigHex("29a6194691f91a73715209ef6512e576722830a201be2018a765e85a9ecee931"),
			BigHex("2f684bda12f684bda12f684bda12f684bda12f684bda12f684bda12f38e38d84"),
		},
		{
			BigHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffff93b"),
			BigHex("7a06534bb8bdb49fd5e9e6632722c2989467c1bfc8e8d978dfb425d2685c2573"),
			BigHex("6484aa716545ca2cf3a70c3fa8fe337e0a3d21162f0d6299a7bf8192bfd2a76f"),
		},
	}
)

// ExpandMessageXMD is expand_message_xmd with SHA-256 (§5.3.1), a DST
// longer than 255 bytes first hashed as §5.3.3 says. It returns nil where
// the RFC aborts (len_in_bytes > 65535 or more than 255 blocks).
func ExpandMessageXMD(msg, dst []byte, lenInBytes int) []byte {
	if len(dst) > 255 {
		h := sha256.Sum256(append([]byte("H2C-OVERSIZE-DST-"), dst...))
		dst = h[:]
	}
	ell := (lenInBytes + 31) / 32
	if lenInBytes < 0 || ell > 255 || lenInBytes > 65535 {
		return nil
	}
	dstPrime := append(append([]byte{}, dst...), byte(len(dst)))
	var msgPrime []byte
	msgPrime = append(msgPrime, make([]byte, 64)...) // Z_pad
	msgPrime = append(msgPrime, msg...)
	msgPrime = append(msgPrime, byte(lenInBytes>>8), byte(lenInBytes), 0)
	msgPrime = append(msgPrime, dstPrime...)
	b0 := sha256.Sum256(msgPrime)
	var out []byte
	prev := make([]byte, 32)
	for i := 1; i <= ell; i++ {
		in := make([]byte, 32)
		for j := range in {
			in[j] = b0[j] ^ prev[j] // b_0 ⊕ b_(i−1), with b_0 ⊕ 0 = b_0 for b_1
		}
		in = append(in, byte(i))
		in = append(in, dstPrime...)
		bi := sha256.Sum256(in)
		prev = bi[:]
		out = append(out, bi[:]...)
	}
	return append([]byte{}, out[:lenInBytes]...)
}

// HashToField is hash_to_field(msg, count) (§5.2) into the integers modulo
// m, with expand_message_xmd and L = 48.
func HashToField(msg, dst []byte, count int, m *big.Int) []*big.Int {
	const L = 48
	b := ExpandMessageXMD(msg, dst, count*L)
	if b == nil {
		return nil
	}
	u := make([]*big.Int, count)
	for i := range u {
		u[i] = new(big.Int).SetBytes(b[i*L : (i+1)*L])
		u[i].Mod(u[i], m)
	}
	return u
}

func fmod(x *big.Int) *big.Int { return x.Mod(x, P) }

// inv0 is 1/x mod p, and 0 for 0.
func inv0(x *big.Int) *big.Int {
	if new(big.Int).Mod(x, P).Sign() == 0 {
		return new(big.Int)
	}
	return new(big.Int).ModInverse(x, P)
}

// gPrime is g′(x) = x³ + A′·x + B′ mod p.
func gPrime(x *big.Int) *big.Int {
	g := new(big.Int).Mul(x, x)
	g.Mul(g, x)
	g.Add(g, new(big.Int).Mul(H2CA, x))
	g.Add(g, H2CB)
	return fmod(g)
}

// SimpleSWU is map_to_curve_simple_swu(u) onto E′ (§6.6.2), u reduced mod
// p; gx1Square tells which candidate it took (x1 if g′(x1) is a square).
func SimpleSWU(u *big.Int) (x, y *big.Int, gx1Square bool) {
	u = fmod(new(big.Int).Set(u))
	u2 := fmod(new(big.Int).Mul(u, u))
	zu2 := fmod(new(big.Int).Mul(H2CZ, u2))
	// 1. tv1 = inv0(Z²·u⁴ + Z·u²)
	tv1 := inv0(fmod(new(big.Int).Add(new(big.Int).Mul(zu2, zu2), zu2)))
	// 2. x1 = (−B / A) · (1 + tv1)
	mbOverA := fmod(new(big.Int).Mul(new(big.Int).Neg(H2CB), inv0(H2CA)))
	x1 := fmod(new(big.Int).Mul(mbOverA, new(big.Int).Add(big.NewInt(1), tv1)))
	// 3. If tv1 == 0, set x1 = B / (Z·A)
	if tv1.Sign() == 0 {
		x1 = fmod(new(big.Int).Mul(H2CB, inv0(fmod(new(big.Int).Mul(H2CZ, H2CA)))))
	}
	gx1 := gPrime(x1)                                  // 4.
	x2 := fmod(new(big.Int).Mul(zu2, x1))              // 5. x2 = Z·u²·x1
	gx2 := gPrime(x2)                                  // 6.
	if y1 := new(big.Int).ModSqrt(gx1, P); y1 != nil { // 7.
		x, y, gx1Square = x1, y1, true
	} else { // 8.
		x, y = x2, new(big.Int).ModSqrt(gx2, P)
		if y == nil {
			panic("testref: neither g′(x1) nor g′(x2) is a square")
		}
	}
	if u.Bit(0) != y.Bit(0) { // 9. sgn0(u) ≠ sgn0(y)
		y = fmod(new(big.Int).Neg(y))
	}
	return x, y, gx1Square
}

// poly evaluates Σ k[i]·x^i mod p, plus x^len(k) when monic is set.
func poly(k []*big.Int, x *big.Int, monic bool) *big.Int {
	r := new(big.Int)
	xi := big.NewInt(1)
	for _, c := range k {
		r.Add(r, new(big.Int).Mul(c, xi))
		xi = fmod(new(big.Int).Mul(xi, x))
	}
	if monic {
		r.Add(r, xi)
	}
	return fmod(r)
}

// IsoMap is the 3-isogeny E′ → E of Appendix E.1, with the identity for an
// exceptional case (a zero denominator).
func IsoMap(x, y *big.Int) Point {
	xNum := poly(H2CIso[0], x, false)
	xDen := poly(H2CIso[1], x, true)
	yNum := poly(H2CIso[2], x, false)
	yDen := poly(H2CIso[3], x, true)
	if xDen.Sign() == 0 || yDen.Sign() == 0 {
		return Identity()
	}
	X := fmod(new(big.Int).Mul(xNum, inv0(xDen)))
	Y := fmod(new(big.Int).Mul(new(big.Int).Mul(y, yNum), inv0(yDen)))
	return Point{X: X, Y: Y}
}

// MapToCurve is map_to_curve(u) of the secp256k1 suites: SimpleSWU onto E′
// then IsoMap (§6.6.3).
func MapToCurve(u *big.Int) Point {
	x, y, _ := SimpleSWU(u)
	return IsoMap(x, y)
}

// HashToCurve is hash_to_curve (§3) of secp256k1_XMD:SHA-256_SSWU_RO_
// (clear_cofactor is the identity map, h = 1). ok is false where
// expand_message_xmd aborts.
func HashToCurve(msg, dst []byte) (p Point, ok bool) {
	u := HashToField(msg, dst, 2, P)
	if u == nil {
		return Point{}, false
	}
	return Add(MapToCurve(u[0]), MapToCurve(u[1])), true
}

// EncodeToCurve is encode_to_curve (§3) of secp256k1_XMD:SHA-256_SSWU_NU_.
func EncodeToCurve(msg, dst []byte) (p Point, ok bool) {
	u := HashToField(msg, dst, 1, P)
	if u == nil {
		return Point{}, false
	}
	return MapToCurve(u[0]), true
}
