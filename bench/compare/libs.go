package main

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// A Lib is one library's implementation of the operations, each from
// serialized bytes to serialized bytes. An operation the library does not
// offer is nil. Failures return nil or false; the cross-check reports them.
//
// Operations with a key index k use the library's own key values (private
// key, key pair, public key object), made once by Load from the data set, as
// an application holds them. For libsecp256k1 and go-ethereum the 32 bytes
// are the private key.
type Lib struct {
	Name  string // the -libs name: kestrel, libsecp, geth, decred, btcec
	Label string // the name in the table and the chart
	About string // version and how it is called

	Load func(d *Dataset)

	Keygen func(seckey []byte) []byte // ec_keygen: 32-byte key → 33-byte compressed key

	// ECDSASign signs the 32-byte msg with key k: DER, or r ‖ s ‖ v (65
	// bytes) where SignRSV is set (go-ethereum's only format).
	ECDSASign func(k int, msg []byte) []byte
	SignRSV   bool

	// ECDSAVerify parses a 33-byte key and the signature (the DER form, or
	// the 64-byte r ‖ s form for a library that only takes that) and verifies.
	ECDSAVerify func(pub, der, compact, msg []byte) bool

	// ECDSARecover returns the key (33 or 65 bytes) that signed msg, from
	// the 65-byte r ‖ s ‖ v.
	ECDSARecover func(rsv, msg []byte) []byte

	// ECDH returns SHA-256 of the compressed shared point of key k and the
	// 33-byte pub (libsecp256k1's secp256k1_ecdh default).
	ECDH func(k int, pub []byte) []byte

	SchnorrSign   func(k int, msg, aux []byte) []byte                    // BIP-340, 32-byte msg and aux
	SchnorrVerify func(xonly, sig, msg []byte) bool                      // 32-byte key, 64-byte sig, 32-byte msg
	EllEncode     func(k int, rnd []byte) []byte                         // ElligatorSwift encoding of key k's public key
	EllDecode     func(enc []byte) []byte                                // 64 bytes → public key (33 bytes compressed)
	EllCreate     func(k int, aux []byte) []byte                         // key k → its 64-byte encoding
	EllXDH        func(k int, ellA, ellB []byte, initiating bool) []byte // BIP-324 shared secret

	// EllRandom is set where EllEncode and EllCreate draw their own
	// randomness; the others derive it from rnd or aux as libsecp256k1
	// does and must agree byte for byte.
	EllRandom bool

	// MuSig2 runs a whole 2-of-2 BIP-327 session for keys k0 and k1 and
	// returns the aggregate x-only key and the signature.
	MuSig2 func(k0, k1 int, msg []byte) (aggXOnly, sig []byte)

	// BIP-32 (bip32, btcutil/hdkeychain). Load makes, for each case k, the
	// account key m/84'/0'/0'/0 of the 32-byte seed Seckeys[k] and its
	// xpub, as a wallet holds them (their public keys computed).
	// HDAccount returns their Base58 strings; HDDerivePriv derives the
	// private child i of the account key, HDDerivePub the public child i
	// of the xpub, and both return the child's 33-byte compressed public
	// key.
	HDAccount    func(k int) (xprv, xpub string)
	HDDerivePriv func(k int, i uint32) []byte
	HDDerivePub  func(k int, i uint32) []byte

	// The rows of old/new runs only (Op.OldNew): Kestrel's many-item and
	// threshold APIs, which no other library here offers, on the data set's
	// cases with keys and signatures parsed in Load. VerifyManyECDSA and
	// VerifyManySchnorr verify every case's signature in one VerifyMany
	// call on one goroutine, ScanMany scans one transaction per case (none
	// pays the receiver) in one call, FROSTSession runs a whole 2-of-3
	// session for message i.
	VerifyManyECDSA   func() bool
	VerifyManySchnorr func() bool
	ScanMany          func() bool
	FROSTSession      func(i int) bool

	// Illegal, if set, counts illegal-argument callbacks (libsecp256k1).
	Illegal func() uint64
}

// A Dataset holds the inputs of the operations, n cases. The derived fields
// are Kestrel's outputs; the cross-check confirms that every library
// produces the same.
type Dataset struct {
	Seckeys [][]byte // 32 bytes, valid
	Msgs    [][]byte // 32 bytes
	Aux     [][]byte // 32 bytes (BIP-340 aux, ellswift randomness)
	Rand64  [][]byte // 64 uniformly random bytes (ellswift decoding)

	Pubs     [][]byte // 33-byte compressed public key of Seckeys[i]
	DERs     [][]byte // ECDSA signature of Msgs[i] by Seckeys[i], DER
	Compacts [][]byte // the same, r ‖ s
	RSVs     [][]byte // the same, r ‖ s ‖ v
	XOnlys   [][]byte // BIP-340 public key
	Schnorrs [][]byte // BIP-340 signature of Msgs[i] with Aux[i]
	Ells     [][]byte // ElligatorSwift encoding of Pubs[i] (ellswift.Create with Aux[i])
}

// Len returns the number of cases.
func (d *Dataset) Len() int { return len(d.Seckeys) }

// newDataset draws n cases from seed.
func newDataset(seed uint64, n int) *Dataset {
	var key [32]byte
	copy(key[:], "kestrel/bench/compare")
	binary.LittleEndian.PutUint64(key[24:], seed)
	rng := rand.New(rand.NewChaCha8(key))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	d := new(Dataset)
	for range n {
		sk := random(32)
		k, err := secp256k1.NewPrivateKey(sk)
		for err != nil { // probability 2⁻¹²⁸
			sk = random(32)
			k, err = secp256k1.NewPrivateKey(sk)
		}
		msg, aux := random(32), random(32)
		sig, err := ecdsa.Sign(k, msg)
		must(err)
		rsv, err := ecdsa.SignRecoverable(k, msg)
		must(err)
		ssig, err := schnorr.Sign(k, msg, aux)
		must(err)
		ell, err := ellswift.Create(k, aux)
		must(err)
		d.Seckeys = append(d.Seckeys, sk)
		d.Msgs = append(d.Msgs, msg)
		d.Aux = append(d.Aux, aux)
		d.Rand64 = append(d.Rand64, random(64))
		d.Pubs = append(d.Pubs, k.PublicKey().BytesCompressed())
		d.DERs = append(d.DERs, sig.DER())
		d.Compacts = append(d.Compacts, sig.Compact())
		d.RSVs = append(d.RSVs, rsv)
		d.XOnlys = append(d.XOnlys, schnorr.SerializePublicKey(k.PublicKey()))
		d.Schnorrs = append(d.Schnorrs, ssig)
		d.Ells = append(d.Ells, ell)
	}
	return d
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
