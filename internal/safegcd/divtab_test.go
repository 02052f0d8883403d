package safegcd

import (
	"math/rand/v2"
	"testing"
)

// divstepsRef is divstepsOneByOne without the count of swaps.
func divstepsRef(eta int64, f, g uint64, steps int, scale int64) (int64, trans) {
	eta, t, _ := divstepsOneByOne(eta, f, g, steps, scale)
	return eta, t
}

// TestDivTab checks every entry of divTab against 4 divsteps run one by one,
// for every odd η its row stands for in [−41, 41] (the edge rows stand for
// all η beyond them), and that the next row it names is η's.
func TestDivTab(t *testing.T) {
	for eta := int64(-41); eta <= 41; eta += 2 {
		row := tabRowOffset(eta)
		for fb := range 8 {
			for gb := range 16 {
				f, g := uint64(fb<<1|1), uint64(gb)
				e := divTab[(row+fb*256+gb*16)/8]
				wantEta, want := divstepsRef(eta, f, g, tabSteps, 1)
				got := trans{int64(e.a), int64(e.b), int64(e.c), int64(e.d)}
				if got != want {
					t.Fatalf("η %d, f %d, g %d: matrix %+v, want %+v", eta, f, g, got, want)
				}
				if gotEta := eta ^ int64(e.m) + int64(e.cm); gotEta != wantEta {
					t.Fatalf("η %d, f %d, g %d: η' = %d, want %d", eta, f, g, gotEta, wantEta)
				}
				if e.delta&tabEscape != 0 {
					if -tabEtaMax < eta && eta < tabEtaMax && -tabEtaMax <= wantEta && wantEta <= tabEtaMax {
						t.Fatalf("η %d, f %d, g %d: escape to η' = %d, inside the rows", eta, f, g, wantEta)
					}
					continue
				}
				if eta <= -tabEtaMax || eta >= tabEtaMax {
					t.Fatalf("η %d, f %d, g %d: an edge row names a next row", eta, f, g)
				}
				if next := row + int(e.delta); next != tabRowOffset(wantEta) {
					t.Fatalf("η %d, f %d, g %d: next row at %d, want %d", eta, f, g, next, tabRowOffset(wantEta))
				}
			}
		}
	}
}

// divTabInputs returns test inputs for a batch: random values, values with
// long runs of zeros or ones at the bottom, and odd η (as in every batch of
// an inversion) from the whole range a batch can start from, including
// beyond the table's rows.
func divTabInputs(rng *rand.Rand, n int) (etas []int64, fs, gs []uint64) {
	for i := range n {
		f, g := rng.Uint64()|1, rng.Uint64()
		switch i % 4 {
		case 1:
			g <<= rng.IntN(64)
		case 2:
			f |= 1<<rng.IntN(64) - 1
			g |= 1<<rng.IntN(64) - 1
		}
		var eta int64
		switch i % 3 {
		case 0:
			eta = int64(rng.IntN(13)) - 6
		case 1:
			eta = int64(rng.IntN(41)) - 20
		default:
			eta = int64(rng.IntN(1201)) - 600
		}
		eta |= 1
		etas, fs, gs = append(etas, eta), append(fs, f), append(gs, g)
	}
	return etas, fs, gs
}

func TestDivsteps60Tab(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 60))
	etas, fs, gs := divTabInputs(rng, 100000)
	for i := range etas {
		we, wt := divstepsRef(etas[i], fs[i], gs[i], 60, 4)
		ge, gt := divsteps60Tab(etas[i], fs[i], gs[i])
		if ge != we || gt != wt {
			t.Fatalf("η %d, f %#x, g %#x: divsteps60Tab = %d %+v, want %d %+v", etas[i], fs[i], gs[i], ge, gt, we, wt)
		}
	}
}

// TestDivTabEscapes counts, along the inversions of random values mod p and
// n, the lookups whose entry escapes (the next η outside the rows, about
// 1%): each costs a mispredicted branch, so the table's height must keep
// them rare.
func TestDivTabEscapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 60))
	lookups, escapes := 0, 0
	for _, tm := range testModuli {
		for range 1000 {
			var x [4]uint64
			for i := range x {
				x[i] = rng.Uint64()
			}
			x[3] >>= 2
			f, g := tm.m.f, fromWords(&x)
			eta := int64(-1)
			for g != (signed62{}) {
				// Replay the batch's lookups as divsteps60Tab makes them.
				e, ff, gg := eta, low64(&f), low64(&g)
				for range tabGroups {
					ent := divTab[(tabRowOffset(e)+int(gg&15)<<4+int(ff&14)<<7)/8]
					lookups++
					if ent.delta&tabEscape != 0 {
						escapes++
					}
					var st trans
					e, st = divstepsRef(e, ff, gg, tabSteps, 1)
					ff, gg = uint64(int64(ff)*st.u+int64(gg)*st.v)>>tabSteps, uint64(int64(ff)*st.q+int64(gg)*st.r)>>tabSteps
				}
				var tr trans
				eta, tr = divsteps60Tab(eta, low64(&f), low64(&g))
				if e != eta {
					t.Fatalf("replayed lookups end at η = %d, divsteps60Tab at %d", e, eta)
				}
				updateFGVarGeneric(5, &f, &g, &tr)
			}
		}
	}
	rate := float64(escapes) / float64(lookups)
	t.Logf("%d lookups, %d escapes (%.2f%%)", lookups, escapes, 100*rate)
	if rate > 0.02 {
		t.Errorf("%.2f%% of the lookups escape, more than 2%%", 100*rate)
	}
}
