package sha256

// HMAC-SHA256 with a 32-byte key, and the RFC 6979 deterministic random bit
// generator built on it: what ECDSA's nonce derivation needs, without
// allocation (crypto/hmac allocates its two hash states).

// HMAC32 returns HMAC-SHA256(key, m1 ‖ m2 ‖ m3) for a 32-byte key.
func HMAC32(key *[32]byte, m1, m2, m3 []byte) [Size]byte {
	var pad [BlockSize]byte
	for i := range 32 {
		pad[i] = key[i] ^ 0x36
	}
	for i := 32; i < BlockSize; i++ {
		pad[i] = 0x36
	}
	d := New()
	d.Write(pad[:])
	d.Write(m1)
	d.Write(m2)
	d.Write(m3)
	var h [Size]byte
	d.Sum(&h)
	for i := range pad {
		pad[i] ^= 0x36 ^ 0x5c
	}
	d.Reset()
	d.Write(pad[:])
	d.Write(h[:])
	var out [Size]byte
	d.Sum(&out)
	clear(pad[:])
	clear(h[:])
	return out
}

// RFC6979 is the HMAC-SHA256 deterministic random bit generator of RFC 6979
// §3.2, exactly as libsecp256k1's secp256k1_rfc6979_hmac_sha256: the first
// output is V after initialisation, and each later output first updates K
// and V with a 0x00 byte (step 3.2.h). The zero value must be initialised
// with Init.
type RFC6979 struct {
	k, v  [32]byte
	retry bool
}

// Init is RFC 6979 §3.2 steps b–g with the seed (key ‖ data).
func (g *RFC6979) Init(seed []byte) {
	for i := range g.v {
		g.v[i] = 0x01
		g.k[i] = 0
	}
	g.k = HMAC32(&g.k, g.v[:], []byte{0x00}, seed)
	g.v = HMAC32(&g.k, g.v[:], nil, nil)
	g.k = HMAC32(&g.k, g.v[:], []byte{0x01}, seed)
	g.v = HMAC32(&g.k, g.v[:], nil, nil)
	g.retry = false
}

// Generate writes the next 32 bytes of output into out.
func (g *RFC6979) Generate(out *[32]byte) {
	if g.retry {
		g.k = HMAC32(&g.k, g.v[:], []byte{0x00}, nil)
		g.v = HMAC32(&g.k, g.v[:], nil, nil)
	}
	g.v = HMAC32(&g.k, g.v[:], nil, nil)
	*out = g.v
	g.retry = true
}

// Clear erases the generator's state.
func (g *RFC6979) Clear() {
	*g = RFC6979{}
}
