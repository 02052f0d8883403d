package bip32

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha512"
	"errors"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomSeed returns a seed of a random valid length.
func randomSeed(r *rand.Rand) []byte {
	seed := make([]byte, MinSeedBytes+r.Intn(MaxSeedBytes-MinSeedBytes+1))
	r.Read(seed)
	return seed
}

// randomMaster returns the master key of a random seed, on a random one of
// the networks.
func randomMaster(t testing.TB, r *rand.Rand) *ExtendedKey {
	t.Helper()
	nets := []Network{Mainnet, Testnet, {Private: 0x04B2430C, Public: 0x04B24746}}
	m, err := NewMaster(randomSeed(r), nets[r.Intn(len(nets))])
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomIndex returns a normal or hardened index, small or large.
func randomIndex(r *rand.Rand, hardened bool) uint32 {
	i := uint32(r.Intn(10))
	if r.Intn(2) == 0 {
		i = uint32(r.Int63n(HardenedKeyStart))
	}
	if hardened {
		i += HardenedKeyStart
	}
	return i
}

func TestHMACSHA512(t *testing.T) {
	r := testref.Rand(t)
	for _, key := range [][]byte{[]byte("Bitcoin seed"), make([]byte, 32), bytes.Repeat([]byte{0xff}, 128), nil} {
		for _, n := range []int{0, 1, 16, 37, 63, 64} {
			msg := make([]byte, n)
			r.Read(msg)
			var got [64]byte
			hmacSHA512(&got, key, msg)
			h := hmac.New(sha512.New, key)
			h.Write(msg)
			if !bytes.Equal(got[:], h.Sum(nil)) {
				t.Fatalf("hmacSHA512(%x, %x) differs from crypto/hmac", key, msg)
			}
		}
	}
}

// refCKD is BIP-32's CKDpriv and CKDpub with math/big and the test
// reference's curve arithmetic, for the key k (private, or nil) or K.
func refCKD(t *testing.T, k *big.Int, K []byte, c []byte, i uint32) (ck *big.Int, cK []byte, cc []byte) {
	t.Helper()
	h := hmac.New(sha512.New, c)
	if i >= HardenedKeyStart {
		h.Write(append([]byte{0}, k.FillBytes(make([]byte, 32))...))
	} else {
		h.Write(K)
	}
	h.Write([]byte{byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)})
	I := h.Sum(nil)
	il := new(big.Int).SetBytes(I[:32])
	if k != nil {
		ck = new(big.Int).Add(il, k)
		ck.Mod(ck, testref.N)
		return ck, testref.Compressed(testref.ScalarMult(ck, testref.G)), I[32:]
	}
	P, ok := testref.Lift(new(big.Int).SetBytes(K[1:]), uint(K[0]&1))
	if !ok {
		t.Fatal("not a compressed point")
	}
	return nil, testref.Compressed(testref.Add(testref.ScalarMult(il, testref.G), P)), I[32:]
}

// TestDeriveAgainstReference checks random derivations, private and public,
// against refCKD.
func TestDeriveAgainstReference(t *testing.T) {
	r := testref.Rand(t)
	for range (testref.Short{Div: 10, Min: 4}).Count(t, 40) {
		m := randomMaster(t, r)
		k := m
		for range 1 + r.Intn(4) {
			i := randomIndex(r, r.Intn(2) == 0)
			priv, _ := k.PrivateKey()
			kb := new(big.Int).SetBytes(priv.Bytes())
			ck, cK, cc := refCKD(t, kb, k.PublicKey().BytesCompressed(), k.ChainCode(), i)
			child, err := k.Derive(i)
			if err != nil {
				t.Fatal(err)
			}
			cpriv, _ := child.PrivateKey()
			if new(big.Int).SetBytes(cpriv.Bytes()).Cmp(ck) != 0 || !bytes.Equal(child.PublicKey().BytesCompressed(), cK) || !bytes.Equal(child.ChainCode(), cc) {
				t.Fatalf("CKDpriv(%s, %d) differs from the reference", k.Base58(), i)
			}
			if i < HardenedKeyStart {
				pub, _ := k.Neuter()
				pchild, err := pub.Derive(i)
				if err != nil {
					t.Fatal(err)
				}
				_, pK, pc := refCKD(t, nil, k.PublicKey().BytesCompressed(), k.ChainCode(), i)
				if !bytes.Equal(pchild.PublicKey().BytesCompressed(), pK) || !bytes.Equal(pchild.ChainCode(), pc) {
					t.Fatalf("CKDpub(%s, %d) differs from the reference", pub.Base58(), i)
				}
			}
			k = child
		}
	}
}

// TestDeriveProperties checks, on random keys and indices: private
// derivation then Neuter equals Neuter then public derivation for normal
// indices (so the derived private key's public key is the publicly derived
// one); the metadata of children; and parse(serialize(x)) == x for every key.
func TestDeriveProperties(t *testing.T) {
	r := testref.Rand(t)
	for range (testref.Short{Div: 10, Min: 5}).Count(t, 50) {
		k := randomMaster(t, r)
		for depth := 1; depth <= 1+r.Intn(5); depth++ {
			hardened := r.Intn(3) == 0
			i := randomIndex(r, hardened)
			child, err := k.Derive(i)
			if err != nil {
				t.Fatal(err)
			}
			if int(child.Depth()) != depth || child.ChildIndex() != i || child.ParentFingerprint() != k.Fingerprint() ||
				child.Network() != k.Network() || !child.IsPrivate() {
				t.Fatalf("child metadata: depth %d, index %d, parent %08x, network %v", child.Depth(), child.ChildIndex(), child.ParentFingerprint(), child.Network())
			}
			neutered, _ := child.Neuter()
			kpub, _ := k.Neuter()
			if hardened {
				if _, err := kpub.Derive(i); !errors.Is(err, ErrHardenedFromPublic) {
					t.Fatalf("hardened child of an xpub: %v", err)
				}
			} else {
				pchild, err := kpub.Derive(i)
				if err != nil {
					t.Fatal(err)
				}
				if !pchild.Equal(neutered) || pchild.Base58() != neutered.Base58() {
					t.Fatalf("Neuter(CKDpriv(k, %d)) = %s, CKDpub(Neuter(k), %d) = %s", i, neutered.Base58(), i, pchild.Base58())
				}
				if !pchild.PublicKey().Equal(child.PublicKey()) {
					t.Fatal("the derived private key's public key is not the publicly derived key")
				}
			}
			priv, _ := child.PrivateKey()
			if !priv.PublicKey().Equal(child.PublicKey()) {
				t.Fatal("PublicKey is not the private key's")
			}
			for _, x := range []*ExtendedKey{child, neutered} {
				y, err := ParseExtendedKey(x.Base58(), x.Network())
				if err != nil || !y.Equal(x) || y.Fingerprint() != x.Fingerprint() {
					t.Fatalf("parse(serialize(%s)) = %v, %v", x.Base58(), y, err)
				}
			}
			k = child
		}
	}
}

func TestNewMaster(t *testing.T) {
	for _, n := range []int{0, 1, 15, 65, 128} {
		if _, err := NewMaster(make([]byte, n), Mainnet); !errors.Is(err, ErrSeedLength) {
			t.Errorf("NewMaster(%d bytes): %v, want ErrSeedLength", n, err)
		}
	}
	for _, n := range []int{16, 32, 64} {
		m, err := NewMaster(make([]byte, n), Testnet)
		if err != nil {
			t.Fatalf("NewMaster(%d bytes): %v", n, err)
		}
		if !m.IsPrivate() || m.Depth() != 0 || m.ParentFingerprint() != 0 || m.ChildIndex() != 0 || m.Version() != Testnet.Private {
			t.Errorf("NewMaster(%d bytes): not a testnet master key", n)
		}
		if s := m.Base58(); !strings.HasPrefix(s, "tprv") {
			t.Errorf("testnet master = %s", s)
		}
	}
	for _, net := range []Network{{}, {Private: 7, Public: 7}} {
		if _, err := NewMaster(make([]byte, 32), net); !errors.Is(err, ErrNetwork) {
			t.Errorf("NewMaster with %v: %v, want ErrNetwork", net, err)
		}
	}
}

// TestInvalidChild checks BIP-32's invalid children, which no HMAC output
// can be searched for: childFromI, the part of derive after the HMAC, is
// given I_L ≥ n, and I_L = n − k (a private child of 0) or the public twin
// K = −I_L·G (a public child at infinity). Each gives ErrInvalidChild.
func TestInvalidChild(t *testing.T) {
	r := testref.Rand(t)
	m := randomMaster(t, r)
	xpub, _ := m.Neuter()
	priv, _ := m.PrivateKey()
	kb := new(big.Int).SetBytes(priv.Bytes())
	var I [64]byte
	r.Read(I[32:])
	for name, il := range map[string]*big.Int{
		"I_L = n":       testref.N,
		"I_L = n + 1":   new(big.Int).Add(testref.N, big.NewInt(1)),
		"I_L = 2²⁵⁶−1":  new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
		"k + I_L = 0":   new(big.Int).Sub(testref.N, kb),
		"K + I_L·G = ∞": new(big.Int).Sub(testref.N, kb),
	} {
		il.FillBytes(I[:32])
		for _, k := range []*ExtendedKey{m, xpub} {
			if _, err := k.cache().childFromI(&I, 0); !errors.Is(err, ErrInvalidChild) {
				t.Errorf("%s, private %v: %v, want ErrInvalidChild", name, k.IsPrivate(), err)
			}
		}
	}
	// Next to them, I_L = n − 1 gives a valid child.
	new(big.Int).Sub(testref.N, big.NewInt(1)).FillBytes(I[:32])
	if _, err := m.cache().childFromI(&I, 0); err != nil {
		t.Errorf("I_L = n − 1: %v", err)
	}
}

func TestMaxDepth(t *testing.T) {
	m := randomMaster(t, testref.Rand(t))
	k := m
	for range 255 {
		var err error
		if k, err = k.Derive(0); err != nil {
			t.Fatal(err)
		}
	}
	if k.Depth() != 255 {
		t.Fatalf("depth %d", k.Depth())
	}
	pub, _ := k.Neuter()
	for _, x := range []*ExtendedKey{k, pub} {
		if _, err := x.Derive(0); !errors.Is(err, ErrMaxDepth) {
			t.Errorf("Derive at depth 255: %v", err)
		}
		if _, err := x.DerivePath("0"); !errors.Is(err, ErrMaxDepth) {
			t.Errorf("DerivePath at depth 255: %v", err)
		}
		y, err := ParseExtendedKey(x.Base58(), x.Network())
		if err != nil || !y.Equal(x) {
			t.Errorf("a key of depth 255 does not round-trip: %v", err)
		}
	}
	long := strings.Repeat("0/", 254) + "0"
	if k, err := m.DerivePath("m/" + long); err != nil || k.Depth() != 255 {
		t.Errorf("a path of 255 levels: %v", err)
	}
	if _, err := m.DerivePath("m/" + long + "/0"); !errors.Is(err, ErrPath) {
		t.Errorf("a path of 256 levels: %v", err)
	}
	mid, _ := m.DerivePath("m/0")
	if _, err := mid.DerivePath(long); !errors.Is(err, ErrMaxDepth) {
		t.Errorf("255 levels from depth 1: %v", err)
	}
}

func TestDerivePath(t *testing.T) {
	m := randomMaster(t, testref.Rand(t))
	want := m
	for _, i := range []uint32{84 + HardenedKeyStart, HardenedKeyStart, HardenedKeyStart, 0, 5} {
		want, _ = want.Derive(i)
	}
	for _, p := range []string{"m/84'/0'/0'/0/5", "m/84h/0h/0H/0/5", "84'/0'/0'/0/5"} {
		k, err := m.DerivePath(p)
		if err != nil || !k.Equal(want) {
			t.Errorf("DerivePath(%q): %v", p, err)
		}
	}
	// Relative from the account key; m only from depth 0.
	account, _ := m.DerivePath("m/84'/0'/0'")
	if k, err := account.DerivePath("0/5"); err != nil || !k.Equal(want) {
		t.Errorf("DerivePath(0/5) from the account: %v", err)
	}
	for _, p := range []string{"m/0/5", "m"} {
		if _, err := account.DerivePath(p); !errors.Is(err, ErrPath) || !strings.Contains(err.Error(), "depth 3") {
			t.Errorf("DerivePath(%q) from depth 3: %v", p, err)
		}
	}
	// m is a copy of the master key.
	if k, err := m.DerivePath("m"); err != nil || k == m || !k.Equal(m) {
		t.Errorf("DerivePath(m) = %p, %v; m is %p", k, err, m)
	}
	// A public key: hardened levels are refused before deriving.
	xpub, _ := account.Neuter()
	if k, err := xpub.DerivePath("0/5"); err != nil || k.Base58() != func() string { n, _ := want.Neuter(); return n.Base58() }() {
		t.Errorf("public DerivePath: %v", err)
	}
	if _, err := xpub.DerivePath("0/5'"); !errors.Is(err, ErrHardenedFromPublic) {
		t.Errorf("hardened public DerivePath: %v", err)
	}
	if _, err := m.DerivePath("m/x"); !errors.Is(err, ErrPath) {
		t.Errorf("DerivePath(m/x): %v", err)
	}
}

func TestWithNetworkAndNeuter(t *testing.T) {
	m, err := NewMaster(randomSeed(testref.Rand(t)), Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	zNet := Network{Private: 0x04B2430C, Public: 0x04B24746}
	z, err := m.WithNetwork(zNet)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(z.Base58(), "zprv") || !z.IsPrivate() || z.Equal(m) {
		t.Errorf("WithNetwork(zprv/zpub) = %s", z.Base58())
	}
	zpub, _ := z.Neuter()
	if !strings.HasPrefix(zpub.Base58(), "zpub") || zpub.Version() != zNet.Public || zpub.IsPrivate() {
		t.Errorf("Neuter of a zprv = %s", zpub.Base58())
	}
	if zpub.s.sec.priv.Validate() == nil {
		t.Error("Neuter copied the private key into the public key")
	}
	if x, _ := zpub.WithNetwork(Mainnet); x.IsPrivate() || !strings.HasPrefix(x.Base58(), "xpub") {
		t.Errorf("WithNetwork of a zpub = %s", x.Base58())
	}
	if _, err := ParseExtendedKey(zpub.Base58()); !errors.Is(err, ErrVersion) {
		t.Errorf("a zpub with the default networks: %v", err)
	}
	if x, err := ParseExtendedKey(zpub.Base58(), zNet); err != nil || !x.Equal(zpub) {
		t.Errorf("a zpub with its network: %v", err)
	}
	if _, err := m.WithNetwork(Network{}); !errors.Is(err, ErrNetwork) {
		t.Errorf("WithNetwork(zero): %v", err)
	}
	if _, err := ParseExtendedKey(m.Base58(), Network{}); !errors.Is(err, ErrNetwork) {
		t.Errorf("ParseExtendedKey with the zero Network: %v", err)
	}
	// Neuter of a public key is a copy.
	n2, _ := zpub.Neuter()
	if n2 == zpub || !n2.Equal(zpub) {
		t.Error("Neuter of a public key is not a copy")
	}
	if _, err := zpub.PrivateKey(); !errors.Is(err, ErrNotPrivate) {
		t.Errorf("PrivateKey of a public key: %v", err)
	}
}

// TestConcurrentDerive derives children of one parent from several
// goroutines: the parent's public key is computed once (go test -race
// checks the cache).
func TestConcurrentDerive(t *testing.T) {
	m := randomMaster(t, testref.Rand(t))
	want, _ := m.Derive(1)
	done := make(chan *ExtendedKey)
	for range 4 {
		go func() {
			k, _ := m.Derive(1)
			m.Fingerprint()
			done <- k
		}()
	}
	for range 4 {
		if k := <-done; !k.Equal(want) {
			t.Error("concurrent derivations differ")
		}
	}
}

// TestAllocations checks the cost model of the package documentation: at
// most two allocations per derivation (the child, and its parent's public
// key the first time), one when the parent's public key is cached.
func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	m := randomMaster(t, testref.Rand(t))
	account, _ := m.DerivePath("m/84'/0'/0'/0")
	account.Fingerprint()
	xpub, _ := account.Neuter()
	xpub.Fingerprint()
	var hmacOut [64]byte
	for name, c := range map[string]struct {
		f    func()
		want float64
	}{
		"hmacSHA512":                      {func() { hmacSHA512(&hmacOut, m.s.sec.chainCode[:], make([]byte, 37)) }, 0},
		"private child, parent cached":    {func() { account.Derive(5) }, 1},
		"hardened child, parent cached":   {func() { account.Derive(HardenedKeyStart + 5) }, 1},
		"public child, parent cached":     {func() { xpub.Derive(5) }, 2},
		"private grandchild (a chain)":    {func() { c, _ := account.Derive(5); c.Derive(6) }, 3},
		"public grandchild (a chain)":     {func() { c, _ := xpub.Derive(5); c.Derive(6) }, 4},
		"private child and its PublicKey": {func() { c, _ := account.Derive(5); c.PublicKey() }, 3},
	} {
		if n := testing.AllocsPerRun(20, c.f); n > c.want {
			t.Errorf("%s: %v allocations, want at most %v", name, n, c.want)
		}
	}
}
