package chilldkg

import (
	"bytes"
	"errors"
	"math/big"
	randv2 "math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/frost"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// session is a complete honest ChillDKG run.
type session struct {
	hosts   []*HostSecretKey
	params  *SessionParams
	pmsgs1  [][]byte
	cmsg1   []byte
	pmsgs2  [][]byte
	cmsg2   []byte
	outs    []*DKGOutput // per participant
	cout    *DKGOutput   // the coordinator's
	rd      []byte
	randoms [][]byte
}

func randBytes(r *randv2.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// runDKG runs a (t, n) session with host keys and randomness from r.
func runDKG(tb testing.TB, r *randv2.Rand, t, n int) *session {
	tb.Helper()
	s := &session{params: &SessionParams{T: t}}
	for range n {
		h, err := NewHostSecretKey(randBytes(r, 32))
		if err != nil {
			tb.Fatal(err)
		}
		pk, _ := h.PublicKey()
		s.hosts = append(s.hosts, h)
		s.params.HostPubkeys = append(s.params.HostPubkeys, pk)
	}
	st1 := make([]*ParticipantState1, n)
	for i, h := range s.hosts {
		rnd := randBytes(r, 32)
		st, m, err := ParticipantStep1(h, s.params, rnd)
		if err != nil {
			tb.Fatal(err)
		}
		st1[i] = st
		s.pmsgs1 = append(s.pmsgs1, m)
		s.randoms = append(s.randoms, rnd)
	}
	cst, cmsg1, err := CoordinatorStep1(s.pmsgs1, s.params)
	if err != nil {
		tb.Fatal(err)
	}
	s.cmsg1 = cmsg1
	st2 := make([]*ParticipantState2, n)
	for i, h := range s.hosts {
		st, m, err := ParticipantStep2(h, st1[i], cmsg1, randBytes(r, 32))
		if err != nil {
			tb.Fatal(err)
		}
		st2[i] = st
		s.pmsgs2 = append(s.pmsgs2, m)
	}
	cmsg2, cout, rd, err := CoordinatorFinalize(cst, s.pmsgs2)
	if err != nil {
		tb.Fatal(err)
	}
	s.cmsg2, s.cout, s.rd = cmsg2, cout, rd
	for i := range s.hosts {
		out, prd, err := ParticipantFinalize(st2[i], cmsg2)
		if err != nil {
			tb.Fatal(err)
		}
		if !bytes.Equal(prd, rd) {
			tb.Fatalf("participant %d: recovery data differs", i)
		}
		s.outs = append(s.outs, out)
	}
	return s
}

// replay repeats participant i's first step of s (same key, parameters and
// randomness) and runs its second step on cmsg1.
func replay(tb testing.TB, s *session, i int, cmsg1 []byte) (*ParticipantState2, []byte, error) {
	tb.Helper()
	st, _, err := ParticipantStep1(s.hosts[i], s.params, s.randoms[i])
	if err != nil {
		tb.Fatal(err)
	}
	return ParticipantStep2(s.hosts[i], st, cmsg1, make([]byte, 32))
}

// interpolate returns Σ λ_i·share_i at 0 over the identifiers ids (x = id+1)
// in math/big: the secret if len(ids) ≥ t.
func interpolate(ids []int, shares [][]byte) *big.Int {
	sum := new(big.Int)
	for i, id := range ids {
		num, den := big.NewInt(1), big.NewInt(1)
		xi := big.NewInt(int64(id + 1))
		for j, jd := range ids {
			if j == i {
				continue
			}
			xj := big.NewInt(int64(jd + 1))
			num.Mul(num, xj)
			den.Mul(den, new(big.Int).Sub(xj, xi))
		}
		den.Mod(den, testref.N)
		l := num.Mul(num, den.ModInverse(den, testref.N))
		l.Mul(l, new(big.Int).SetBytes(shares[i]))
		sum.Add(sum, l)
	}
	return sum.Mod(sum, testref.N)
}

// TestEndToEnd runs random (t, n) sessions with n ≤ 7: every party gets the
// same public output, recovery reproduces it, the public shares are the
// shares' points, any t shares interpolate (in math/big) to the key of the
// threshold public key and t − 1 do not, and t signers produce a BIP-340
// signature through package frost.
func TestEndToEnd(t *testing.T) {
	r := testref.PCG(t)
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	for range rounds {
		n := 1 + r.IntN(7)
		th := 1 + r.IntN(n)
		s := runDKG(t, r, th, n)
		for i, out := range s.outs {
			if !bytes.Equal(out.ThreshPubkey, s.cout.ThreshPubkey) {
				t.Fatalf("(%d,%d) participant %d: threshold key differs", th, n, i)
			}
			for j := range out.PubShares {
				if !bytes.Equal(out.PubShares[j], s.cout.PubShares[j]) {
					t.Fatalf("(%d,%d): public share %d differs", th, n, j)
				}
			}
			if !bytes.Equal(out.SecShare.PubShare(), out.PubShares[i]) {
				t.Fatalf("(%d,%d) participant %d: secret share does not match its public share", th, n, i)
			}
			rec, p, err := ParticipantRecover(s.hosts[i], s.rd)
			if err != nil || !bytes.Equal(rec.SecShare.Bytes(), out.SecShare.Bytes()) || p.T != th {
				t.Fatalf("(%d,%d) participant %d: recovery %v", th, n, i, err)
			}
		}
		crec, _, err := CoordinatorRecover(s.rd)
		if err != nil || !bytes.Equal(crec.ThreshPubkey, s.cout.ThreshPubkey) || crec.SecShare != nil {
			t.Fatalf("(%d,%d): coordinator recovery %v", th, n, err)
		}

		// A random signer set of size t, and one of size t − 1.
		perm := r.Perm(n)
		ids := append([]int(nil), perm[:th]...)
		shares := make([][]byte, len(ids))
		pubs := make([][]byte, len(ids))
		for i, id := range ids {
			shares[i] = s.outs[id].SecShare.Bytes()
			pubs[i] = s.outs[id].PubShares[id]
		}
		want := s.cout.ThreshPubkey
		got := testref.Compressed(testref.ScalarMult(interpolate(ids, shares), testref.G))
		if !bytes.Equal(got, want) {
			t.Fatalf("(%d,%d): %d shares interpolate to %x, want %x", th, n, th, got, want)
		}
		if th > 1 {
			sub := interpolate(ids[:th-1], shares[:th-1])
			if bytes.Equal(testref.Compressed(testref.ScalarMult(sub, testref.G)), want) {
				t.Fatalf("(%d,%d): %d shares give the key", th, n, th-1)
			}
			if _, err := frost.NewSignersContext(n, th, ids[:th-1], pubs[:th-1], want); !errors.Is(err, frost.ErrSignerCount) {
				t.Fatalf("(%d,%d): t−1 signers: %v", th, n, err)
			}
		}
		msg := randBytes(r, 32)
		sig := frostSign(t, s, ids, msg)
		pk, err := secp256k1.ParsePublicKey(want)
		if err != nil || !schnorr.Verify(pk, msg, sig) {
			t.Fatalf("(%d,%d): signature by %v rejected (%v)", th, n, ids, err)
		}
	}
}

// frostSign runs a BIP-445 signing session of the signers ids on msg, with
// the DKG's threshold public key used as is (it is already Taproot-tweaked).
func frostSign(tb testing.TB, s *session, ids []int, msg []byte) []byte {
	tb.Helper()
	n := len(s.hosts)
	pubs := make([][]byte, len(ids))
	for i, id := range ids {
		pubs[i] = s.cout.PubShares[id]
	}
	signers, err := frost.NewSignersContext(n, s.params.T, ids, pubs, s.cout.ThreshPubkey)
	if err != nil {
		tb.Fatal(err)
	}
	tc := signers.TweakContext()
	secnonces := make([]*frost.SecNonce, len(ids))
	pubnonces := make([]frost.PubNonce, len(ids))
	for i, id := range ids {
		share := s.outs[id].SecShare
		sec, pub, err := frost.NonceGen(&frost.NonceGenOptions{SecretShare: share, PubShare: share.PubShare(), ThreshPublicKey: tc.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			tb.Fatal(err)
		}
		secnonces[i], pubnonces[i] = sec, *pub
	}
	agg, err := frost.NonceAgg(pubnonces)
	if err != nil {
		tb.Fatal(err)
	}
	sess, err := tc.NewSessionContext(signers, agg, msg)
	if err != nil {
		tb.Fatal(err)
	}
	psigs := make([]frost.PartialSig, len(ids))
	for i, id := range ids {
		p, err := frost.Sign(secnonces[i], s.outs[id].SecShare, id, sess)
		if err != nil {
			tb.Fatal(err)
		}
		if err := sess.PartialSigVerify(p, &pubnonces[i], i); err != nil {
			tb.Fatal(err)
		}
		psigs[i] = *p
	}
	sig, err := frost.PartialSigAgg(psigs, sess)
	if err != nil {
		tb.Fatal(err)
	}
	return sig
}
