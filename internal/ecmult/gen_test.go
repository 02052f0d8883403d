package ecmult

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestCombTable recomputes every comb table entry (a sample under -short)
// with the math/big reference: entry [b][m] is Σ_t sₜ·2^((b·T+t)·S)·G with
// sₜ = +1 where bit t of m is set or t is the top tooth, −1 otherwise.
func TestCombTable(t *testing.T) {
	table := combTables()
	step := 1
	if testing.Short() {
		step = 7
	}
	for i := 0; i < combBlocks*combPoints; i += step {
		b, m := i/combPoints, i%combPoints
		k := new(big.Int)
		for tt := range combTeeth {
			term := new(big.Int).Lsh(big.NewInt(1), uint((b*combTeeth+tt)*combSpacing))
			if tt == combTeeth-1 || m>>tt&1 == 1 {
				k.Add(k, term)
			} else {
				k.Sub(k, term)
			}
		}
		want := testref.ScalarMult(k, testref.G)
		var p group.Jacobian
		p.SetAffine(&table[b][m])
		checkPoint(t, "comb entry", &p, want)
	}
}

// TestCombStates checks k·G under fresh blinding states, including the
// unblinded first state, against the reference.
func TestCombStates(t *testing.T) {
	r, n := testRand(t, 20)
	states := []*combState{unblindedCombState(), refreshCombState(combCurrent.Load())}
	for range 3 {
		states = append(states, refreshCombState(states[len(states)-1]))
	}
	for i, st := range states {
		for range n {
			k := randomScalar(r)
			var j group.Jacobian
			combMult(&j, scalarFromBig(k), st)
			checkPoint(t, fmt.Sprintf("state %d: comb(%x)", i, k), &j, testref.ScalarMult(k, testref.G))
		}
	}
	// The states differ (fresh randomness), and Q = q·G has a random Z.
	if states[1].q.Z.Equal(&states[2].q.Z) == 1 || states[1].offset.Equal(&states[2].offset) == 1 {
		t.Fatal("refresh did not change the blinding state")
	}
}

// TestScalarBaseMult checks k·G for the edge scalars and random ones
// against the reference.
func TestScalarBaseMult(t *testing.T) {
	r, n := testRand(t, 100)
	ks := append([]*big.Int(nil), edgeScalars...)
	for range n {
		ks = append(ks, randomScalar(r))
	}
	for _, k := range ks {
		checkPoint(t, fmt.Sprintf("ScalarBaseMult(%x)", k), baseMult(scalarFromBig(k)), testref.ScalarMult(k, testref.G))
	}
}

// TestCombRefreshOnCalls drives ScalarBaseMult across a refresh boundary.
func TestCombRefreshOnCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	before := loadCombState(1)
	k := scalarFromBig(big.NewInt(0xC0FFEE))
	want := testref.ScalarMult(big.NewInt(0xC0FFEE), testref.G)
	var v group.Jacobian
	for range combRefreshInterval + 1 {
		ScalarBaseMult(&v, k)
		checkPoint(t, "ScalarBaseMult across refreshes", &v, want)
	}
	if combCurrent.Load() == before {
		t.Fatal("no refresh after combRefreshInterval calls")
	}
}
