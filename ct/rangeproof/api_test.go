package rangeproof

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// fixture is a commitment to 1234 under H with its blinding factor and a
// nonce.
func fixture(t testing.TB) (blind, nonce []byte, c *ct.Commitment) {
	blind = bytes.Repeat([]byte{7}, 32)
	nonce = bytes.Repeat([]byte{9}, 32)
	c, err := ct.Commit(blind, 1234, ct.GeneratorH())
	if err != nil {
		t.Fatal(err)
	}
	return blind, nonce, c
}

func TestSignErrors(t *testing.T) {
	blind, nonce, c := fixture(t)
	H := ct.GeneratorH()
	over := bytes.Repeat([]byte{0xff}, 32)
	for _, tc := range []struct {
		name       string
		value, min uint64
		exp, bits  int
		nonce, msg []byte
		commit     *ct.Commitment
		blind      []byte
		gen        *ct.Generator
		want       error
	}{
		{"exp -2", 1234, 0, -2, 0, nonce, nil, c, blind, H, ErrParameters},
		{"exp 19", 1234, 0, 19, 0, nonce, nil, c, blind, H, ErrParameters},
		{"bits -1", 1234, 0, 0, -1, nonce, nil, c, blind, H, ErrParameters},
		{"bits 65", 1234, 0, 0, 65, nonce, nil, c, blind, H, ErrParameters},
		{"min above value", 1234, 1235, 0, 0, nonce, nil, c, blind, H, ErrParameters},
		{"both large", 1 << 63, 1, 0, 0, nonce, nil, c, blind, H, ErrParameters},
		{"message", 1234, 0, 0, 0, nonce, make([]byte, 128*5+1), c, blind, H, ErrMessageLength},
		{"exact with message", 1234, 0, -1, 0, nonce, []byte{1}, c, blind, H, ErrMessageLength},
		{"short nonce", 1234, 0, 0, 0, nonce[:31], nil, c, blind, H, ErrNonceLength},
		{"short blind", 1234, 0, 0, 0, nonce, nil, c, blind[:31], H, ErrBlind},
		{"blind over n", 1234, 0, 0, 0, nonce, nil, c, over, H, ErrBlind},
		{"nil commitment", 1234, 0, 0, 0, nonce, nil, nil, blind, H, ErrUninitialized},
		{"zero commitment", 1234, 0, 0, 0, nonce, nil, new(ct.Commitment), blind, H, ErrUninitialized},
		{"nil generator", 1234, 0, 0, 0, nonce, nil, c, blind, nil, ErrUninitialized},
		{"zero generator", 1234, 0, 0, 0, nonce, nil, c, blind, new(ct.Generator), ErrUninitialized},
	} {
		p, err := Sign(tc.value, tc.min, tc.exp, tc.bits, tc.nonce, tc.msg, nil, tc.commit, tc.blind, tc.gen)
		if !errors.Is(err, tc.want) || p != nil {
			t.Errorf("%s: Sign = %x, %v; want %v", tc.name, p, err, tc.want)
		}
	}
}

func TestVerifyErrors(t *testing.T) {
	blind, nonce, c := fixture(t)
	H := ct.GeneratorH()
	p, err := Sign(1234, 0, 0, 0, nonce, []byte("hi"), nil, c, blind, H)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := ct.Commit(blind, 1235, H)
	for _, tc := range []struct {
		name   string
		proof  []byte
		commit *ct.Commitment
		gen    *ct.Generator
		want   error
	}{
		{"nil", nil, c, H, ErrEncoding},
		{"short", p[:64], c, H, ErrEncoding},
		{"long", append(bytes.Clone(p), 0), c, H, ErrEncoding},
		{"reserved bit", append([]byte{p[0] | 128}, p[1:]...), c, H, ErrEncoding},
		{"other commitment", p, other, H, ErrProof},
		{"nil commitment", p, nil, H, ErrUninitialized},
		{"zero generator", p, c, new(ct.Generator), ErrUninitialized},
	} {
		if _, _, err := Verify(tc.proof, tc.commit, nil, tc.gen); !errors.Is(err, tc.want) {
			t.Errorf("%s: Verify: %v; want %v", tc.name, err, tc.want)
		}
		if _, err := Rewind(tc.proof, nonce, tc.commit, nil, tc.gen); !errors.Is(err, tc.want) {
			t.Errorf("%s: Rewind: %v; want %v", tc.name, err, tc.want)
		}
	}
	if _, err := Rewind(p, nonce[:1], c, nil, H); !errors.Is(err, ErrNonceLength) {
		t.Errorf("Rewind with a short nonce: %v", err)
	}
	wrong := bytes.Clone(nonce)
	wrong[3]++
	if r, err := Rewind(p, wrong, c, nil, H); !errors.Is(err, ErrRewind) || r != nil {
		t.Errorf("Rewind with another nonce: %v, %v", r, err)
	}
	if _, err := Info(p[:10]); !errors.Is(err, ErrEncoding) {
		t.Errorf("Info of 10 bytes: %v", err)
	}
}

// TestVerifyAllocs checks that Verify allocates nothing.
func TestVerifyAllocs(t *testing.T) {
	race.SkipAllocs(t)
	blind, nonce, c := fixture(t)
	H := ct.GeneratorH()
	p, err := Sign(1234, 0, 0, 64, nonce, nil, []byte("x"), c, blind, H)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(5, func() {
		if _, _, err := Verify(p, c, []byte("x"), H); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Verify allocates %v times", n)
	}
}

// TestRangeCovers checks what a proof shows for each exponent and a
// minimum: the range contains the value, starts at a multiple of 10^exp
// below it, and Rewind gives back value, blinding factor and message.
func TestRangeCovers(t *testing.T) {
	blind, nonce, _ := fixture(t)
	H := ct.GeneratorH()
	for exp := -1; exp <= 18; exp++ {
		for _, v := range []uint64{0, 1, 99, 123456789, 1<<63 - 1, 1 << 63, ^uint64(0)} {
			c, _ := ct.Commit(blind, v, H)
			minV := v / 3
			msg := []byte("note")
			if exp == -1 {
				msg = nil
			}
			p, err := Sign(v, minV, exp, 0, nonce, msg, nil, c, blind, H)
			if errors.Is(err, ErrParameters) || errors.Is(err, ErrMessageLength) {
				continue
			}
			if err != nil {
				t.Fatalf("Sign(%d, exp %d): %v", v, exp, err)
			}
			mn, mx, err := Verify(p, c, nil, H)
			if err != nil || mn > v || mx < v || mn < minV {
				t.Fatalf("Verify(%d, exp %d) = [%d, %d], %v", v, exp, mn, mx, err)
			}
			info, _ := Info(p)
			if exp == -1 && (info.Exp != -1 || mn != v || mx != v) {
				t.Fatalf("exact proof of %d: %+v", v, info)
			}
			r, err := Rewind(p, nonce, c, nil, H)
			if err != nil || r.Value != v || !bytes.Equal(r.Blind, blind) || !bytes.HasPrefix(r.Message, msg) {
				t.Fatalf("Rewind(%d, exp %d): %+v, %v", v, exp, r, err)
			}
		}
	}
}

// manyItems returns count items of every size, exponents −1 to 2, one in
// five changed, one in five cut short and one in five without a
// commitment.
func manyItems(t *testing.T, count int) []VerifyItem {
	blind, nonce, _ := fixture(t)
	H := ct.GeneratorH()
	var items []VerifyItem
	for i := range count {
		v := uint64(i * 977)
		c, _ := ct.Commit(blind, v, H)
		p, err := Sign(v, 0, i%4-1, i*3%65, nonce, nil, nil, c, blind, H) // exp −1 … 2
		if err != nil {
			t.Fatal(err)
		}
		switch i % 5 {
		case 1:
			p[len(p)-3] ^= 1
		case 2:
			p = p[:len(p)-1]
		case 3:
			c = nil
		}
		items = append(items, VerifyItem{Proof: p, Commitment: c, Generator: H})
	}
	return items
}

// TestVerifyMany compares VerifyMany with Verify on proofs of every size,
// some changed, some malformed, for several worker counts.
func TestVerifyMany(t *testing.T) {
	items := manyItems(t, 21)
	for _, w := range []int{1, 2, 5} {
		res := VerifyMany(items, w)
		valid := 0
		for i, it := range items {
			mn, mx, err := Verify(it.Proof, it.Commitment, it.ExtraCommit, it.Generator)
			if res[i] != (VerifyResult{mn, mx, err}) {
				t.Errorf("workers %d, item %d: VerifyMany %+v, Verify %d %d %v", w, i, res[i], mn, mx, err)
			}
			if err == nil {
				valid++
			}
		}
		if valid < 8 || valid == len(items) {
			t.Errorf("%d of %d valid: the mix is wrong", valid, len(items))
		}
	}
	if len(VerifyMany(nil, 1)) != 0 {
		t.Error("VerifyMany(nil) is not empty")
	}
}

// TestVerifyManyAllocs checks that VerifyMany on one worker allocates
// only its result, for 64 proofs of which some are invalid.
func TestVerifyManyAllocs(t *testing.T) {
	race.SkipAllocs(t)
	items := manyItems(t, 64)
	if n := testing.AllocsPerRun(5, func() { VerifyMany(items, 1) }); n != 1 {
		t.Errorf("VerifyMany of %d items allocates %v times, want 1 (the results)", len(items), n)
	}
}

// TestUnusedSignBits checks that a proof with a sign bit set past its last
// sent digit commitment is rejected (zkp's check against mutation).
func TestUnusedSignBits(t *testing.T) {
	blind, nonce, c := fixture(t)
	H := ct.GeneratorH()
	for _, bits := range []int{5, 20, 64} { // 3, 10 and 32 rings
		p, err := Sign(1234, 0, 0, bits, nonce, nil, nil, c, blind, H)
		if err != nil {
			t.Fatal(err)
		}
		info, _ := Info(p)
		rings := (info.Mantissa + 1) / 2
		signs := 2 // the header: flags and mantissa
		last := signs + (rings+6)>>3 - 1
		bad := bytes.Clone(p)
		bad[last] |= 0x80
		if _, _, err := Verify(bad, c, nil, H); !errors.Is(err, ErrEncoding) {
			t.Errorf("%d bits: an unused sign bit set: %v", bits, err)
		}
	}
}
