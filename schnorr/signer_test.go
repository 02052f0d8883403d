package schnorr

import (
	"bytes"
	"crypto"
	"errors"
	"math/big"
	"testing"
	"testing/iotest"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

var _ crypto.Signer = (*Signer)(nil)

// TestKeypairPrivateKey checks PrivateKey against its definition: the
// secret key of PublicKey(), which for a key pair made by NewKeypair is the
// key itself and for a tweaked pair (d_even + t) computed with math/big.
func TestKeypairPrivateKey(t *testing.T) {
	keys, kps := keypairsOfBothParities(t)
	// Not testref.Rand: on a coarse clock (js/wasm) it repeats the seed of
	// keypairsOfBothParities, whose first key as the tweak makes
	// d_even + t = 0 for an odd-y key.
	r := testref.PCG(t)
	for parity, kp := range kps {
		if !kp.PrivateKey().Equal(keys[parity]) {
			t.Errorf("parity %d: PrivateKey is not the key the pair was made from", parity)
		}
		tweak := make([]byte, 32)
		for i := range tweak {
			tweak[i] = byte(r.Uint32())
		}
		tk, err := kp.TweakAdd(tweak)
		if err != nil {
			t.Fatal(err)
		}
		d := new(big.Int).SetBytes(keys[parity].Bytes())
		if parity == 1 {
			d.Sub(testref.N, d)
		}
		d.Add(d, new(big.Int).SetBytes(tweak)).Mod(d, testref.N)
		sk := tk.PrivateKey()
		if !bytes.Equal(sk.Bytes(), testref.Bytes32(d)) {
			t.Errorf("parity %d: tweaked PrivateKey = %x, want d_even + t = %x", parity, sk.Bytes(), testref.Bytes32(d))
		}
		if !sk.PublicKey().Equal(tk.PublicKey()) {
			t.Errorf("parity %d: the tweaked PrivateKey's public key is not the pair's", parity)
		}
		// A pair made from the returned key is the same pair.
		if again := NewKeypair(sk); again.Parity() != tk.Parity() || !bytes.Equal(again.XOnlyPublicKey(), tk.XOnlyPublicKey()) {
			t.Errorf("parity %d: NewKeypair(PrivateKey()) differs", parity)
		}
		// The result is a copy.
		sk.Zero()
		if tk.Validate() != nil {
			t.Error("zeroing PrivateKey's result wiped the key pair")
		}
	}
}

func TestSigner(t *testing.T) {
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	kp := NewKeypair(k)
	s := NewSigner(kp)
	pub, ok := s.Public().(*secp256k1.PublicKey)
	if !ok || !pub.Equal(k.PublicKey()) {
		t.Fatalf("Public() = %v", s.Public())
	}
	msg := []byte("a message of any length, signed as is")
	aux := make([]byte, 32)
	r.Read(aux)
	want, err := kp.Sign(msg, aux)
	if err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string]crypto.SignerOpts{
		"nil": nil, "crypto.Hash(0)": crypto.Hash(0), "empty SignOptions": &SignOptions{},
		"SelfCheck": &SignOptions{SelfCheck: true}, "nil *SignOptions": (*SignOptions)(nil),
	} {
		// The auxiliary randomness comes from rand.
		got, err := s.Sign(bytes.NewReader(aux), msg, opts)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: Sign = %x, %v; want %x", name, got, err, want)
		}
	}
	// AuxRand of the options wins over rand.
	other := bytes.Repeat([]byte{7}, 32)
	got, err := s.Sign(bytes.NewReader(aux), msg, &SignOptions{AuxRand: other})
	if w, _ := kp.Sign(msg, other); err != nil || !bytes.Equal(got, w) {
		t.Errorf("Sign with AuxRand = %x, %v; want %x", got, err, w)
	}
	// With rand nil, crypto/rand: a valid signature.
	if got, err := s.Sign(nil, msg, nil); err != nil || !Verify(pub, msg, got) {
		t.Errorf("Sign(nil rand) = %x, %v", got, err)
	}
	if got, err := s.Sign(nil, msg, crypto.SHA256); !errors.Is(err, ErrSignerOpts) || got != nil {
		t.Errorf("Sign(SHA256) = %x, %v; want ErrSignerOpts", got, err)
	}
	if got, err := s.Sign(iotest.ErrReader(errors.New("no entropy")), msg, nil); err == nil || got != nil {
		t.Errorf("Sign with a failing rand = %x, %v", got, err)
	}
	if _, err := s.Sign(nil, msg, &SignOptions{AuxRand: make([]byte, 31)}); !errors.Is(err, ErrAuxRand) {
		t.Errorf("Sign with 31 bytes of AuxRand: %v", err)
	}

	// Not signers.
	wiped := NewKeypair(k)
	ws := NewSigner(wiped)
	wiped.Zero()
	for name, s := range map[string]*Signer{"zero Signer": {}, "nil *Signer": nil, "wiped Keypair": ws} {
		if got, err := s.Sign(nil, msg, nil); !errors.Is(err, secp256k1.ErrUninitialized) || got != nil {
			t.Errorf("%s: Sign = %x, %v; want ErrUninitialized", name, got, err)
		}
		testref.ExpectPanic(t, name+": Public", "uninitialized Signer", func() { s.Public() })
	}
	testref.ExpectPanic(t, "NewSigner(nil)", "uninitialized Keypair", func() { NewSigner(nil) })
	testref.ExpectPanic(t, "NewSigner(zero)", "uninitialized Keypair", func() { NewSigner(new(Keypair)) })
}
