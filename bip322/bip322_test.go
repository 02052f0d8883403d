package bip322

import (
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

var short = testref.Short{Div: 8, Min: 1}

// signer is one way to sign and verify.
type signer struct {
	name   string
	sign   func(*secp256k1.PrivateKey, *btcaddr.Address, []byte) (string, error)
	verify func(*btcaddr.Address, []byte, string) error
	format Format // what Verify reports, or 0 for VerifyLegacy
}

func verifyBIP322(a *btcaddr.Address, msg []byte, sig string) error {
	_, err := Verify(a, msg, sig)
	return err
}

var (
	bySign       = signer{"Sign", Sign, verifyBIP322, 0}
	bySignFull   = signer{"SignFull", SignFull, verifyBIP322, Full}
	bySignLegacy = signer{"SignLegacy", SignLegacy, VerifyLegacy, 0}
)

// addressCase is an address type with the ways to sign for it.
type addressCase struct {
	name    string
	address func(*secp256k1.PrivateKey) (*btcaddr.Address, error)
	signers []signer
	sign    Format // the format Sign picks
}

var addressCases = []addressCase{
	{"p2pkh", func(k *secp256k1.PrivateKey) (*btcaddr.Address, error) {
		return btcaddr.NewP2PKH(k.PublicKey(), true, btcaddr.Mainnet)
	}, []signer{bySign, bySignFull, bySignLegacy}, Legacy},
	{"p2pkh-uncompressed", func(k *secp256k1.PrivateKey) (*btcaddr.Address, error) {
		return btcaddr.NewP2PKH(k.PublicKey(), false, btcaddr.Testnet)
	}, []signer{bySign, bySignFull, bySignLegacy}, Legacy},
	{"p2wpkh", func(k *secp256k1.PrivateKey) (*btcaddr.Address, error) {
		return btcaddr.NewP2WPKH(k.PublicKey(), btcaddr.Mainnet)
	}, []signer{bySign, bySignFull, bySignLegacy}, Simple},
	{"p2sh-p2wpkh", func(k *secp256k1.PrivateKey) (*btcaddr.Address, error) {
		return btcaddr.NewP2SHP2WPKH(k.PublicKey(), btcaddr.Regtest)
	}, []signer{bySign, bySignFull, bySignLegacy}, Full},
	{"p2tr-bip86", func(k *secp256k1.PrivateKey) (*btcaddr.Address, error) {
		return btcaddr.NewP2TRBIP86(k.PublicKey(), btcaddr.Signet)
	}, []signer{bySign, bySignFull}, Simple},
	{"p2tr-untweaked", func(k *secp256k1.PrivateKey) (*btcaddr.Address, error) {
		return btcaddr.NewP2TR(k.PublicKey(), btcaddr.Mainnet)
	}, []signer{bySign, bySignFull}, Simple},
}

func randomMessage(r *rand.Rand) []byte { return testref.RandomBytes(r, r.IntN(40)) }

// TestSignVerify signs random messages with random keys for every address
// type and every way to sign for it, checks that the signature verifies,
// and that flipping any bit of the message, of the signature's bytes or of
// the address's program makes it fail. Under -short the bits are sampled.
func TestSignVerify(t *testing.T) {
	r := testref.PCG(t)
	for _, ac := range addressCases {
		for _, s := range ac.signers {
			t.Run(ac.name+"/"+s.name, func(t *testing.T) {
				for range short.Count(t, 2) {
					k := testkey.Random(t, r)
					addr, err := ac.address(k)
					if err != nil {
						t.Fatal(err)
					}
					msg := randomMessage(r)
					sig, err := s.sign(k, addr, msg)
					if err != nil {
						t.Fatal(err)
					}
					if err := s.verify(addr, msg, sig); err != nil {
						t.Fatalf("%s for %s of %q: %s does not verify: %v", s.name, addr, msg, sig, err)
					}
					if s.name != "SignLegacy" {
						res, _ := Verify(addr, msg, sig)
						want := s.format
						if want == 0 {
							want = ac.sign
						}
						if res.Format != want || res.LockTime != 0 || res.Sequence != 0 {
							t.Errorf("Verify = %+v, want format %v", res, want)
						}
					}
					flipMessage(t, r, s, addr, msg, sig)
					flipSignature(t, r, s, addr, msg, sig)
					flipAddress(t, r, s, addr, msg, sig)
				}
			})
		}
	}
}

// bits returns the bit positions of n bytes to flip: all of them, or under
// -short a sample of 64.
func bits(r *rand.Rand, n int) []int {
	if !testing.Short() || 8*n <= 64 {
		all := make([]int, 8*n)
		for i := range all {
			all[i] = i
		}
		return all
	}
	sample := make([]int, 64)
	for i := range sample {
		sample[i] = r.IntN(8 * n)
	}
	return sample
}

func flipMessage(t *testing.T, r *rand.Rand, s signer, addr *btcaddr.Address, msg []byte, sig string) {
	t.Helper()
	for _, bit := range bits(r, len(msg)) {
		m := append([]byte(nil), msg...)
		m[bit/8] ^= 1 << (bit % 8)
		if err := s.verify(addr, m, sig); err == nil {
			t.Fatalf("%s verifies with message bit %d flipped", sig, bit)
		} else if !errors.Is(err, ErrInvalid) {
			t.Fatalf("message bit %d flipped: %v, want ErrInvalid", bit, err)
		}
	}
	// One byte more and one less.
	if err := s.verify(addr, append(append([]byte(nil), msg...), 0), sig); err == nil {
		t.Fatal("verifies with a byte appended to the message")
	}
	if len(msg) > 0 {
		if err := s.verify(addr, msg[:len(msg)-1], sig); err == nil {
			t.Fatal("verifies with the message's last byte removed")
		}
	}
}

func flipSignature(t *testing.T, r *rand.Rand, s signer, addr *btcaddr.Address, msg []byte, sig string) {
	t.Helper()
	prefix, text := splitPrefix(sig)
	raw, err := base64.StdEncoding.DecodeString(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, bit := range bits(r, len(raw)) {
		b := append([]byte(nil), raw...)
		b[bit/8] ^= 1 << (bit % 8)
		flipped := prefix + base64.StdEncoding.EncodeToString(b)
		err := s.verify(addr, msg, flipped)
		if err == nil && !(len(raw) == legacyLen && bit < 8 && sameLegacyKey(addr.Kind(), raw[0], b[0])) {
			t.Fatalf("%s verifies with signature bit %d flipped: %s", sig, bit, flipped)
		}
		if errors.Is(err, secp256k1.ErrUninitialized) || err != nil && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrUnsupported) {
			t.Fatalf("signature bit %d flipped: %v, not a named error", bit, err)
		}
	}
}

// sameLegacyKey reports whether the legacy headers h and g name the same
// recovery id and both are accepted for an address of kind: the header is
// not signed, and for P2WPKH and P2SH-P2WPKH VerifyLegacy takes BIP-137's
// header and Electrum's (31–34).
func sameLegacyKey(kind btcaddr.Kind, h, g byte) bool {
	accepted := func(x byte) bool {
		switch kind {
		case btcaddr.P2WPKH:
			return 31 <= x && x <= 34 || 39 <= x && x <= 42
		case btcaddr.P2SH:
			return 31 <= x && x <= 38
		}
		return false
	}
	return accepted(h) && accepted(g) && (h-27)&3 == (g-27)&3
}

func flipAddress(t *testing.T, r *rand.Rand, s signer, addr *btcaddr.Address, msg []byte, sig string) {
	t.Helper()
	spk := addr.ScriptPubKey()
	start := len(spk) - len(addr.Program())
	if addr.Kind() == btcaddr.P2PKH {
		start = 3
	} else if addr.Kind() == btcaddr.P2SH {
		start = 2
	}
	for _, bit := range bits(r, len(addr.Program())) {
		b := append([]byte(nil), spk...)
		b[start+bit/8] ^= 1 << (bit % 8)
		other, err := btcaddr.FromScriptPubKey(b, btcaddr.Mainnet)
		if err != nil || other.Kind() != addr.Kind() {
			t.Fatalf("flipping bit %d of %x: %v, %v", bit, spk, other, err)
		}
		if err := s.verify(other, msg, sig); err == nil {
			t.Fatalf("%s verifies for %s, the address with program bit %d flipped", sig, other, bit)
		} else if !errors.Is(err, ErrInvalid) {
			t.Fatalf("program bit %d flipped: %v, want ErrInvalid", bit, err)
		}
	}
}

// TestSignFormats checks the formats Sign picks and that the legacy
// signatures carry the header of their address type.
func TestSignFormats(t *testing.T) {
	k := testKey(t, 7)
	msg := []byte("Hello World")
	for _, ac := range addressCases {
		addr, _ := ac.address(k)
		sig, err := Sign(k, addr, msg)
		if err != nil {
			t.Fatal(err)
		}
		prefix, _ := splitPrefix(sig)
		want := map[Format]string{Legacy: "", Simple: "smp", Full: "ful"}[ac.sign]
		if prefix != want {
			t.Errorf("%s: Sign gave prefix %q, want %q", ac.name, prefix, want)
		}
		if ac.signers[len(ac.signers)-1].name != "SignLegacy" {
			continue
		}
		leg, _ := SignLegacy(k, addr, msg)
		raw, _ := base64.StdEncoding.DecodeString(leg)
		lo := map[string]byte{"p2pkh": 31, "p2pkh-uncompressed": 27, "p2wpkh": 39, "p2sh-p2wpkh": 35}[ac.name]
		if raw[0] < lo || raw[0] > lo+3 {
			t.Errorf("%s: legacy header %d, want %d–%d", ac.name, raw[0], lo, lo+3)
		}
		// Legacy is deterministic.
		if again, _ := SignLegacy(k, addr, msg); again != leg {
			t.Errorf("%s: SignLegacy is not deterministic", ac.name)
		}
	}
}

// testKey returns the private key with value v.
func testKey(t testing.TB, v byte) *secp256k1.PrivateKey {
	b := make([]byte, 32)
	b[31] = v
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestLegacyHeaders checks what VerifyLegacy and Verify make of each
// header for each address of a key: Bitcoin Core's P2PKH headers, BIP-137's
// segwit ones, and Electrum's compressed-key header for segwit addresses.
func TestLegacyHeaders(t *testing.T) {
	k := testKey(t, 3)
	pub := k.PublicKey()
	msg := []byte("headers")
	p2pkhC, _ := btcaddr.NewP2PKH(pub, true, btcaddr.Mainnet)
	p2pkhU, _ := btcaddr.NewP2PKH(pub, false, btcaddr.Mainnet)
	p2wpkh, _ := btcaddr.NewP2WPKH(pub, btcaddr.Mainnet)
	nested, _ := btcaddr.NewP2SHP2WPKH(pub, btcaddr.Mainnet)
	sig, _ := SignLegacy(k, p2pkhC, msg)
	raw, _ := base64.StdEncoding.DecodeString(sig)
	recid := raw[0] - 31
	for _, c := range []struct {
		base                byte // header without the recovery id
		addr                *btcaddr.Address
		legacy, bip322Valid bool
	}{
		{27, p2pkhU, true, true}, {31, p2pkhC, true, true},
		{27, p2pkhC, false, false}, {31, p2pkhU, false, false},
		{35, nested, true, false}, {31, nested, true, false}, {39, nested, false, false}, {27, nested, false, false},
		{39, p2wpkh, true, false}, {31, p2wpkh, true, false}, {35, p2wpkh, false, false}, {27, p2wpkh, false, false},
		{35, p2pkhC, false, false}, {39, p2pkhC, false, false},
	} {
		b := append([]byte(nil), raw...)
		b[0] = c.base + recid
		s := base64.StdEncoding.EncodeToString(b)
		if err := VerifyLegacy(c.addr, msg, s); (err == nil) != c.legacy || err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("VerifyLegacy(%v, header %d) = %v, want valid %t", c.addr.Kind(), b[0], err, c.legacy)
		}
		if _, err := Verify(c.addr, msg, s); (err == nil) != c.bip322Valid || err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("Verify(%v, header %d) = %v, want valid %t", c.addr.Kind(), b[0], err, c.bip322Valid)
		}
	}
}

// A legacy signature with a high S verifies, as in Bitcoin Core.
func TestLegacyHighS(t *testing.T) {
	k := testKey(t, 5)
	addr, _ := btcaddr.NewP2PKH(k.PublicKey(), true, btcaddr.Mainnet)
	sig, _ := SignLegacy(k, addr, []byte("s"))
	raw, _ := base64.StdEncoding.DecodeString(sig)
	var s secp256k1.Scalar
	s.SetCanonicalBytes(raw[33:])
	s.Negate(&s)
	copy(raw[33:], s.Bytes())
	raw[0] = 31 + ((raw[0] - 31) ^ 1) // (r, −s) is a signature by the same key with −R: the other y parity
	if err := VerifyLegacy(addr, []byte("s"), base64.StdEncoding.EncodeToString(raw)); err != nil {
		t.Errorf("high-S legacy signature: %v", err)
	}
}

func TestFormatString(t *testing.T) {
	for f, s := range map[Format]string{Legacy: "legacy", Simple: "simple", Full: "full", 0: "Format(0)"} {
		if f.String() != s {
			t.Errorf("%d: %q", int(f), f.String())
		}
	}
	if !strings.HasPrefix(ErrInvalid.Error(), "bip322: ") || !strings.Contains(ErrInvalid.Error(), "invalid signature") {
		t.Error(ErrInvalid)
	}
}
