package chilldkg

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The tagged hashes of the draft, all "BIP DKG/" + name.
var (
	tagEncpedpopSeed  = ksha256.NewTag("BIP DKG/encpedpop seed")
	tagVSSCoeffs      = ksha256.NewTag("BIP DKG/vss coeffs")
	tagPopAux         = ksha256.NewTag("BIP DKG/simplpedpop aux")
	tagSecnonce       = ksha256.NewTag("BIP DKG/encpedpop secnonce")
	tagSelfPad        = ksha256.NewTag("BIP DKG/encaps_multi self_pad")
	tagECDHPad        = ksha256.NewTag("BIP DKG/encpedpop ecdh")
	tagTapTweak       = ksha256.NewTag("TapTweak")
	popTags           = bip340.NewTags("BIP DKG/pop message")
	certeqMessageHead = [33]byte([]byte("BIP DKG/certeq message\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
)

func u32(i int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(i)) }

// reduced sets s to the 32-byte hash h reduced mod n.
func reduced(s *scalar.Scalar, h [32]byte) *scalar.Scalar {
	s.SetReducedBytes(&h)
	clear(h[:])
	return s
}

// putPoint appends the 33-byte encoding of p: compressed, or 33 zero bytes
// for the identity (the draft's serialization "with infinity").
func putPoint(b []byte, p *group.Jacobian) []byte {
	var c [33]byte
	p.VarTimePutCompressed(&c) // leaves c zero for the identity
	return append(b, c[:]...)
}

// parsePoint decodes putPoint's encoding of b (33 bytes): false if it is
// neither a compressed point nor 33 zero bytes.
func parsePoint(p *group.Jacobian, b []byte) bool {
	c := [33]byte(b)
	if c == [33]byte{} {
		p.Identity()
		return true
	}
	return p.SetCompressed(&c)
}

// parseScalar decodes a 32-byte big-endian scalar less than n.
func parseScalar(s *scalar.Scalar, b []byte) bool {
	_, err := s.SetCanonicalBytes((*[32]byte)(b))
	return err == nil
}

func putScalar(b []byte, s *scalar.Scalar) []byte {
	var x [32]byte
	s.PutBytes(&x)
	return append(b, x[:]...)
}

// verifyPop reports whether pop is participant j's proof of possession of
// the secret committed to by c (not the identity): a BIP-340 signature
// under the tags "BIP DKG/pop message/…" of bytes(4, j) by c. Variable
// time: every input is public.
func verifyPop(c *group.Jacobian, j int, pop *[64]byte) bool {
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(c); ok == 0 {
		return false
	}
	var pk bip340.PublicKey
	pk.Set(&a)
	var sig bip340.Signature
	return sig.Parse(pop) == nil && popTags.VarTimeVerify(&pk, u32(j), &sig)
}

// selfPad is the pad of the share that participant idx encrypts to itself:
// H_self_pad(hostseckey ‖ pubnonce ‖ idx ‖ enc_context) mod n.
func selfPad(s *scalar.Scalar, h *HostSecretKey, pubnonce []byte, idx int, ctx []byte) {
	reduced(s, tagSelfPad.Sum(h.b[:], pubnonce, u32(idx), ctx))
}

// ecdhPad is the pad between a sender with public nonce pubnonce and the
// recipient with host public key recipientPK at position recipient:
// H_ecdh(SHA-256(cbytes(k·P)) ‖ pubnonce ‖ recipientPK ‖ recipient ‖
// enc_context) mod n, where k·P is the ECDH of the sender's secret nonce
// with recipientPK or of the recipient's host secret key with pubnonce.
func ecdhPad(s *scalar.Scalar, k *secp256k1.PrivateKey, P *secp256k1.PublicKey, pubnonce, recipientPK []byte, recipient int, ctx []byte) {
	ss := ecdh.SharedSecret(k, P)
	reduced(s, tagECDHPad.Sum(ss, pubnonce, recipientPK, u32(recipient), ctx))
	clear(ss)
}

// certeqMessage is the message that participant id signs in CertEq: BIP-340's
// domain separation by a 33-byte zero-padded tag, then id and eq_input.
func certeqMessage(id int, eqInput []byte) []byte {
	m := make([]byte, 0, 37+len(eqInput))
	m = append(m, certeqMessageHead[:]...)
	m = append(m, u32(id)...)
	return append(m, eqInput...)
}

// keyOutputs computes the public DKG outputs from the joint commitment
// sumComs (t points): the BIP-341 tweak that makes the script path
// unspendable, t = H_TapTweak(x(sumComs[0])), the threshold public key
// sumComs[0] + t·G and every participant's public share of the tweaked
// commitment. ok is false if sumComs[0] or the tweaked key is the identity.
func keyOutputs(sumComs []group.Jacobian, n int) (tweak scalar.Scalar, threshPK []byte, pubshares [][]byte, ok bool) {
	var c [33]byte
	if !sumComs[0].VarTimePutCompressed(&c) {
		return tweak, nil, nil, false
	}
	reduced(&tweak, tagTapTweak.Sum(c[1:]))
	tweaked := append([]group.Jacobian(nil), sumComs...)
	var tG group.Jacobian
	ecmult.ScalarBaseMult(&tG, &tweak)
	tweaked[0].VarTimeAdd(&tweaked[0], &tG)
	if !tweaked[0].VarTimePutCompressed(&c) {
		return tweak, nil, nil, false
	}
	threshPK = c[:]
	pubshares = make([][]byte, n)
	var x scalar.Scalar
	var ps group.Jacobian
	for j := range n {
		x.SetUint64(uint64(j) + 1)
		if !frostcore.VarTimeEvaluateCommitment(&ps, tweaked, &x) {
			return tweak, nil, nil, false
		}
		pubshares[j] = putPoint(nil, &ps)
	}
	return tweak, threshPK, pubshares, true
}
