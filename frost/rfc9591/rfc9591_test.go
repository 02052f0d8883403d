package rfc9591

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
)

// run signs msg with the signers at the given 0-based indices of out and
// returns the commitment list, the shares and the signature.
func run(t *testing.T, out *DealerOutput, signers []int, msg []byte) ([]Commitment, []SignatureShare, []byte) {
	t.Helper()
	var cs []Commitment
	var ns []*SecretNonces
	for _, i := range signers {
		n, c, err := Commit(out.KeyPackages[i], nil)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, *c)
		ns = append(ns, n)
	}
	var zs []SignatureShare
	for k, i := range signers {
		z, err := Sign(ns[k], out.KeyPackages[i], msg, cs)
		if err != nil {
			t.Fatalf("Sign: %v", err)
		}
		if err := VerifySignatureShare(out.KeyPackages[i].Identifier(), out.PublicShares[i], z, cs, out.GroupPublicKey, msg); err != nil {
			t.Fatalf("VerifySignatureShare: %v", err)
		}
		zs = append(zs, *z)
	}
	sig, err := Aggregate(cs, msg, out.GroupPublicKey, zs)
	if err != nil {
		t.Fatal(err)
	}
	return cs, zs, sig
}

// TestThreshold: for t ≤ n ≤ 7, any t signers (a random subset, sorted)
// produce a signature that Verify accepts; t − 1 cannot (Sign refuses, and
// bypassing that check the signature does not verify).
func TestThreshold(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	maxN := 7
	if testing.Short() {
		maxN = 4
	}
	for n := 1; n <= maxN; n++ {
		for th := 1; th <= n; th++ {
			out, err := TrustedDealerKeygen(n, th, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, kp := range out.KeyPackages {
				if err := VerifyVSS(kp, out.VSSCommitment); err != nil {
					t.Fatalf("VerifyVSS(%d): %v", i, err)
				}
			}
			perm := r.Perm(n)
			u := th + r.IntN(n-th+1)
			signers := sortInts(perm[:u])
			msg := fmt.Appendf(nil, "message %d-of-%d", th, n)
			_, _, sig := run(t, out, signers, msg)
			if !Verify(out.GroupPublicKey, msg, sig) {
				t.Fatalf("%d-of-%d with %v: signature rejected", th, n, signers)
			}
			if Verify(out.GroupPublicKey, append(msg, 0), sig) {
				t.Fatal("signature accepted for another message")
			}
			if th == 1 {
				continue
			}
			// t − 1 signers.
			few := sortInts(perm[:th-1])
			var cs []Commitment
			var ns []*SecretNonces
			for _, i := range few {
				nn, c, _ := Commit(out.KeyPackages[i], nil)
				cs = append(cs, *c)
				ns = append(ns, nn)
			}
			if _, err := Sign(ns[0], out.KeyPackages[few[0]], msg, cs); !errors.Is(err, ErrSignerCount) {
				t.Fatalf("Sign with t − 1 signers: %v, want ErrSignerCount", err)
			}
			var zs []SignatureShare
			for k, i := range few {
				kp := *out.KeyPackages[i]
				kp.t = 1 // bypass the count check
				z, err := Sign(ns[k], &kp, msg, cs)
				if err != nil {
					t.Fatal(err)
				}
				zs = append(zs, *z)
			}
			sig, err = Aggregate(cs, msg, out.GroupPublicKey, zs)
			if err != nil {
				t.Fatal(err)
			}
			if Verify(out.GroupPublicKey, msg, sig) {
				t.Fatalf("%d-of-%d: t − 1 signers produced a valid signature", th, n)
			}
		}
	}
}

func sortInts(s []int) []int {
	out := append([]int(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestBadInputs checks the named errors of every validation.
func TestBadInputs(t *testing.T) {
	out, err := TrustedDealerKeygen(3, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("msg")
	kp1, kp2, kp3 := out.KeyPackages[0], out.KeyPackages[1], out.KeyPackages[2]
	n1, c1, _ := Commit(kp1, nil)
	n2, c2, _ := Commit(kp2, nil)
	_, c3, _ := Commit(kp3, nil)
	good := []Commitment{*c1, *c2}

	zeroID := *c1
	clear(zeroID[:ScalarSize])
	bigID := *c1
	for i := range ScalarSize {
		bigID[i] = 0xff
	}
	badPoint := *c1
	badPoint[ScalarSize] = 4
	identity := *c1
	clear(identity[ScalarSize+ElementSize:])

	listCases := []struct {
		name string
		cs   []Commitment
		want error
	}{
		{"empty", nil, ErrNoCommitments},
		{"zero identifier", []Commitment{zeroID, *c2}, ErrIdentifier},
		{"identifier ≥ n", []Commitment{bigID, *c2}, ErrIdentifier},
		{"bad hiding point", []Commitment{badPoint, *c2}, ErrCommitment},
		{"identity binding", []Commitment{identity, *c2}, ErrCommitment},
		{"duplicate", []Commitment{*c1, *c1}, ErrDuplicateIdentifier},
		{"unsorted", []Commitment{*c2, *c1}, ErrUnsorted},
		{"too few", []Commitment{*c1}, ErrSignerCount},
		{"own commitment missing", []Commitment{*c2, *c3}, ErrOwnCommitment},
		{"own commitment altered", []Commitment{*c3, *c2}, ErrOwnCommitment},
	}
	// c3 at position 0 with c2 does not sort; the altered case puts c2's
	// encoding under identifier 1.
	altered := *c2
	copy(altered[:ScalarSize], c1[:ScalarSize])
	listCases[len(listCases)-1].cs = []Commitment{altered, *c2}
	for _, tc := range listCases {
		t.Run("Sign/"+tc.name, func(t *testing.T) {
			_, err := Sign(n1, kp1, msg, tc.cs)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
		if tc.want == ErrSignerCount || tc.want == ErrOwnCommitment {
			continue
		}
		t.Run("Aggregate/"+tc.name, func(t *testing.T) {
			_, err := Aggregate(tc.cs, msg, out.GroupPublicKey, make([]SignatureShare, len(tc.cs)))
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	// The failures above left n1 unused.
	z1, err := Sign(n1, kp1, msg, good)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Sign(n1, kp1, msg, good); !errors.Is(err, ErrNonceUsed) {
		t.Fatalf("second Sign: %v", err)
	}
	if _, err := Sign(n2, kp1, msg, good); !errors.Is(err, ErrOwnCommitment) {
		t.Fatalf("Sign with another signer's nonces: %v", err)
	}
	n2.Erase()
	if _, err := Sign(n2, kp2, msg, good); !errors.Is(err, ErrNonceUsed) {
		t.Fatalf("Sign after Erase: %v", err)
	}

	// Zero values.
	if _, err := Sign(new(SecretNonces), kp1, msg, good); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Fatal(err)
	}
	if _, err := Sign(nil, nil, msg, good); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Fatal(err)
	}
	if _, _, err := Commit(new(KeyPackage), nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Fatal(err)
	}
	if err := VerifyVSS(nil, out.VSSCommitment); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Fatal(err)
	}

	// Aggregate and VerifySignatureShare.
	high := SignatureShare(bytes.Repeat([]byte{0xff}, 32))
	if _, err := Aggregate(good, msg, out.GroupPublicKey, []SignatureShare{*z1}); !errors.Is(err, ErrSignerCount) {
		t.Fatal(err)
	}
	if _, err := Aggregate(good, msg, out.GroupPublicKey, []SignatureShare{*z1, high}); !errors.Is(err, ErrSignatureShare) {
		t.Fatal(err)
	}
	if _, err := Aggregate(good, msg, out.GroupPublicKey[:32], []SignatureShare{*z1, *z1}); !errors.Is(err, ErrElement) {
		t.Fatal(err)
	}
	id1, id3 := kp1.Identifier(), kp3.Identifier()
	vcases := []struct {
		name string
		err  error
		want error
	}{
		{"valid", VerifySignatureShare(id1, kp1.PublicShare(), z1, good, out.GroupPublicKey, msg), nil},
		{"wrong message", VerifySignatureShare(id1, kp1.PublicShare(), z1, good, out.GroupPublicKey, []byte("other")), ErrShareVerify},
		{"wrong public share", VerifySignatureShare(id1, kp2.PublicShare(), z1, good, out.GroupPublicKey, msg), ErrShareVerify},
		{"not in list", VerifySignatureShare(id3, kp3.PublicShare(), z1, good, out.GroupPublicKey, msg), ErrSignerNotFound},
		{"zero identifier", VerifySignatureShare(Identifier{}, kp1.PublicShare(), z1, good, out.GroupPublicKey, msg), ErrIdentifier},
		{"high share", VerifySignatureShare(id1, kp1.PublicShare(), &high, good, out.GroupPublicKey, msg), ErrSignatureShare},
		{"nil share", VerifySignatureShare(id1, kp1.PublicShare(), nil, good, out.GroupPublicKey, msg), ErrSignatureShare},
		{"bad public share", VerifySignatureShare(id1, []byte{2}, z1, good, out.GroupPublicKey, msg), ErrElement},
		{"unsorted", VerifySignatureShare(id1, kp1.PublicShare(), z1, []Commitment{*c2, *c1}, out.GroupPublicKey, msg), ErrUnsorted},
	}
	for _, tc := range vcases {
		if !errors.Is(tc.err, tc.want) || (tc.want == nil) != (tc.err == nil) {
			t.Errorf("VerifySignatureShare %s: %v, want %v", tc.name, tc.err, tc.want)
		}
	}

	// Constructors.
	if _, err := NewIdentifier(0); !errors.Is(err, ErrIdentifier) {
		t.Fatal(err)
	}
	if _, err := ParseIdentifier(make([]byte, 32)); !errors.Is(err, ErrIdentifier) {
		t.Fatal(err)
	}
	if _, err := TrustedDealerKeygen(2, 3, nil); !errors.Is(err, ErrThreshold) {
		t.Fatal(err)
	}
	if _, err := TrustedDealerKeygen(3, 0, nil); !errors.Is(err, ErrThreshold) {
		t.Fatal(err)
	}
	if _, err := TrustedDealerKeygen(3, 2, bytes.NewReader(nil)); !errors.Is(err, ErrRand) {
		t.Fatal(err)
	}
	if _, _, err := Commit(kp1, bytes.NewReader(make([]byte, 40))); !errors.Is(err, ErrRand) {
		t.Fatal(err)
	}
	if _, err := NewKeyPackage(id1, make([]byte, 32), out.GroupPublicKey, 2); !errors.Is(err, ErrSecretShare) {
		t.Fatal(err)
	}
	if _, err := NewKeyPackage(Identifier{}, kp1.SecretShare(), out.GroupPublicKey, 2); !errors.Is(err, ErrIdentifier) {
		t.Fatal(err)
	}
	if _, err := NewKeyPackage(id1, kp1.SecretShare(), make([]byte, 33), 2); !errors.Is(err, ErrElement) {
		t.Fatal(err)
	}
	if _, err := NewKeyPackage(id1, kp1.SecretShare(), out.GroupPublicKey, 0); !errors.Is(err, ErrThreshold) {
		t.Fatal(err)
	}
	if _, err := ParseCommitment(c1[:97]); !errors.Is(err, ErrCommitment) {
		t.Fatal(err)
	}
	if _, err := ParseSignatureShare(high[:]); !errors.Is(err, ErrSignatureShare) {
		t.Fatal(err)
	}

	// VSS: another participant's share, a commitment of another length.
	other := *kp2
	other.id = kp1.id
	if err := VerifyVSS(&other, out.VSSCommitment); !errors.Is(err, ErrShareCommitment) {
		t.Fatal(err)
	}
	if err := VerifyVSS(kp1, out.VSSCommitment[:1]); !errors.Is(err, ErrShareCommitment) {
		t.Fatal(err)
	}
	if err := VerifyVSS(kp1, [][]byte{{2}, out.VSSCommitment[1]}); !errors.Is(err, ErrShareCommitment) {
		t.Fatal(err)
	}
}

// TestConcurrentSign: of concurrent Sign calls on one SecretNonces,
// exactly one signs.
func TestConcurrentSign(t *testing.T) {
	out, _ := TrustedDealerKeygen(2, 2, nil)
	n1, c1, _ := Commit(out.KeyPackages[0], nil)
	_, c2, _ := Commit(out.KeyPackages[1], nil)
	cs := []Commitment{*c1, *c2}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for range 8 {
		wg.Go(func() {
			if _, err := Sign(n1, out.KeyPackages[0], []byte("m"), cs); err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if ok != 1 {
		t.Fatalf("%d Sign calls succeeded", ok)
	}
}

// TestSecretHygiene: fmt and encoding/json never show the secrets.
func TestSecretHygiene(t *testing.T) {
	out, _ := TrustedDealerKeygen(2, 2, nil)
	kp := out.KeyPackages[0]
	n, _, _ := Commit(kp, nil)
	secret := fmt.Sprintf("%x", kp.SecretShare())
	for _, v := range []any{kp, *kp, n, out, struct{ N *SecretNonces }{n}} {
		for _, f := range []string{"%v", "%+v", "%#v", "%s", "%x", "%d"} {
			s := fmt.Sprintf(f, v)
			if bytes.Contains([]byte(s), []byte(secret)) || !bytes.Contains([]byte(s), []byte("REDACTED")) {
				t.Errorf("%s of %T: %q", f, v, s)
			}
		}
	}
	for _, v := range []any{kp, n, out} {
		if _, err := json.Marshal(v); !errors.Is(err, secp256k1.ErrSecretMarshal) {
			t.Errorf("json.Marshal(%T): %v", v, err)
		}
	}
	kp.Zero()
	if _, _, err := Commit(kp, nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Fatal(err)
	}
}

// TestSortCommitments: the coordinator's sort gives a list Sign accepts.
func TestSortCommitments(t *testing.T) {
	out, _ := TrustedDealerKeygen(5, 3, nil)
	var cs []Commitment
	var ns []*SecretNonces
	for _, i := range []int{4, 0, 2} {
		n, c, _ := Commit(out.KeyPackages[i], nil)
		cs = append(cs, *c)
		ns = append(ns, n)
	}
	SortCommitments(cs)
	if _, err := Sign(ns[1], out.KeyPackages[0], []byte("m"), cs); err != nil {
		t.Fatal(err)
	}
}
