package ecdsa

import "crypto/sha256"

// rfc6979 is the HMAC-SHA256 deterministic random bit generator of RFC 6979
// §3.2, exactly as libsecp256k1's secp256k1_rfc6979_hmac_sha256 (the first
// output is V after initialisation; each later output first updates K and V
// with a 0x00 byte, step 3.2.h). It does not allocate: HMAC is computed with
// sha256.Sum256 over stack buffers.
type rfc6979 struct {
	k, v  [32]byte
	retry bool
}

// hmacSHA256 returns HMAC-SHA256(key, m1 ‖ m2 ‖ m3) for a 32-byte key and
// messages whose total length is at most 1 + 32 + 112 bytes.
func hmacSHA256(key *[32]byte, m1, m2, m3 []byte) [32]byte {
	var inner [64 + 32 + 1 + 112]byte
	for i := range 32 {
		inner[i] = key[i] ^ 0x36
	}
	for i := 32; i < 64; i++ {
		inner[i] = 0x36
	}
	n := 64
	n += copy(inner[n:], m1)
	n += copy(inner[n:], m2)
	n += copy(inner[n:], m3)
	h := sha256.Sum256(inner[:n])
	var outer [64 + 32]byte
	for i := range 32 {
		outer[i] = key[i] ^ 0x5c
	}
	for i := 32; i < 64; i++ {
		outer[i] = 0x5c
	}
	copy(outer[64:], h[:])
	clear(inner[:])
	return sha256.Sum256(outer[:])
}

// init is RFC 6979 §3.2 steps b–g with the seed key ‖ data (at most 112 bytes).
func (g *rfc6979) init(seed []byte) {
	for i := range g.v {
		g.v[i] = 0x01
		g.k[i] = 0
	}
	g.k = hmacSHA256(&g.k, g.v[:], []byte{0x00}, seed)
	g.v = hmacSHA256(&g.k, g.v[:], nil, nil)
	g.k = hmacSHA256(&g.k, g.v[:], []byte{0x01}, seed)
	g.v = hmacSHA256(&g.k, g.v[:], nil, nil)
	g.retry = false
}

// generate writes the next 32 bytes of output into out.
func (g *rfc6979) generate(out *[32]byte) {
	if g.retry {
		g.k = hmacSHA256(&g.k, g.v[:], []byte{0x00}, nil)
		g.v = hmacSHA256(&g.k, g.v[:], nil, nil)
	}
	g.v = hmacSHA256(&g.k, g.v[:], nil, nil)
	*out = g.v
	g.retry = true
}

// clear erases the generator state.
func (g *rfc6979) clear() {
	*g = rfc6979{}
}
