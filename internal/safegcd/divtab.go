package safegcd

// Table-driven variable-time divsteps (doc §6): a batch of 60 divsteps as 15
// lookups of 4 divsteps each.
//
// The next 4 divsteps depend only on η (through the signs it takes, which
// are those of η clamped to [−3, 3]), on bits 1–3 of f and on bits 0–3 of g.
// The table holds, for each of those, the 4 steps' matrix scaled by 2⁴ and
// the new η as (η ^ m) + cm, with m = 0 or −1 (η' = ±η + c). A lookup does
// about what one turn of the trailing-zero loop does (posdivsteps62Var's
// kind, 3.5 steps on average) with a load and two products: the chain from
// one g to the next is shorter, and it has no branch that mispredicts.
//
// The rows are indexed by η itself, odd in [−tabEtaMax, tabEtaMax] (η starts
// at −1 and 4 divsteps keep its parity, so it is odd between lookups and
// between batches), so that each entry can name the row of the next lookup:
// the next index is one addition from the products, with no clamp on the
// chain. η is still tracked exactly beside it; an entry whose next η leaves
// the rows, and every entry of the two edge rows (which stand for all η
// beyond them), says "escape", and the row is then recomputed from η. With
// tabEtaMax = 15 that is about 1% of the lookups of real inversions
// (TestDivTabEscapes).
//
// Layout (what the assembly needs): entries of 8 bytes; rows in pairs of
// 2048 bytes, the byte offset of an entry being
// 2048·(row/2) + 8·(row mod 2) + 256·(bits 1–3 of f) + 16·(bits 0–3 of g).
// With the unshifted products P_f = a·f + b·g and P_g = c·f + d·g (f' =
// P_f/16, g' = P_g/16), the next entry's offset within its row pair is then
// 8·(P_f & 0xE0) + (P_g & 0xF0): two masks, no shift.
//
// A batch of 60 starts from the matrix 4·I, so that its matrix is scaled by
// 2⁶² like the other batches', and the same updates apply: T·(f, g) =
// 2⁶²·(f', g') with T = 4·T₆₀ and T₆₀·(f, g) = 2⁶⁰·(f', g'). The entries
// keep |u| + |v| ≤ 4·2⁶⁰ = 2⁶², the bound of doc §2.

const (
	tabSteps   = 4  // divsteps per lookup
	tabGroups  = 15 // lookups per batch
	tabEtaMax  = 15 // rows for the odd η in [−tabEtaMax, tabEtaMax]
	tabRows    = tabEtaMax + 1
	tabEscape  = 1                      // a delta with this bit set: recompute the row from η
	tabEntries = tabRows / 2 * 2048 / 8 // row pairs of 2048 bytes
)

// tabEntry is one table entry: a, b, c, d is the matrix of 4 divsteps scaled
// by 2⁴, η' = (η ^ m) + cm, and delta is the byte offset of the next row
// from this one's, or odd to escape.
type tabEntry struct {
	a, b, c, d int8
	cm, m      int8
	delta      int16
}

// divTab is the table of divsteps60Tab and its assembly twin (16 KiB).
var divTab = makeDivTab()

// tabRowOffset returns the byte offset in divTab of the row of the odd η,
// clamped to the table's rows.
func tabRowOffset(eta int64) int {
	row := (int(min(max(eta, -tabEtaMax), tabEtaMax)) + tabEtaMax) >> 1
	return row>>1*2048 + row&1*8
}

// makeDivTab runs the 4 divsteps of every entry, one by one.
func makeDivTab() *[tabEntries]tabEntry {
	t := new([tabEntries]tabEntry)
	for row := range tabRows {
		eta0 := int64(2*row - tabEtaMax)
		for fb := range 8 {
			for gb := range 16 {
				eta, m, swaps := divstepsOneByOne(eta0, uint64(fb<<1|1), uint64(gb), tabSteps, 1)
				e := &t[(tabRowOffset(eta0)+fb*256+gb*16)/8]
				e.a, e.b, e.c, e.d = int8(m.u), int8(m.v), int8(m.q), int8(m.r)
				// Each swap negates η, each step subtracts 1: η' = ±η₀ + c,
				// whatever η₀ in the row's range, so (η₀ ^ m) + cm with m = −1
				// for an odd number of swaps (η₀ ^ −1 = −η₀ − 1).
				e.m = int8(-(swaps & 1))
				e.cm = int8(eta - (eta0 ^ int64(e.m)))
				e.delta = tabEscape
				if eta0 != -tabEtaMax && eta0 != tabEtaMax && -tabEtaMax <= eta && eta <= tabEtaMax {
					e.delta = int16(tabRowOffset(eta) - tabRowOffset(eta0))
				}
			}
		}
	}
	return t
}

// divstepsOneByOne runs steps divsteps one at a time from the matrix
// scale·I, in divsteps60Tab's η = −δ form with the row of f doubled instead
// of g halved, and returns the new η, the matrix and the number of swaps.
// It builds the table, and is the tests' reference for the batches.
func divstepsOneByOne(eta int64, f, g uint64, steps int, scale int64) (int64, trans, int) {
	u, v, q, r := scale, int64(0), int64(0), scale
	swaps := 0
	for range steps {
		if g&1 != 0 {
			if eta < 0 {
				eta = -eta
				f, g = g, -f
				u, q = q, -u
				v, r = r, -v
				swaps++
			}
			g += f
			q += u
			r += v
		}
		g >>= 1
		u <<= 1
		v <<= 1
		eta--
	}
	return eta, trans{u, v, q, r}, swaps
}

// divsteps60Tab runs 60 divsteps in variable time on the low 64 bits f0 and
// g0 of f and g, by 15 table lookups, and returns the new η = −δ and the
// transition matrix scaled by 2⁶² (4 times that of the 60 steps).
//
// f0 must be odd, and η too (see tabRowOffset). The steps are plain
// divsteps in the η = −δ form (doc §6).
func divsteps60Tab(eta int64, f0, g0 uint64) (int64, trans) {
	if debugEnabled {
		assert(f0&1 == 1, "safegcd: divsteps60Tab: f is even")
		assert(eta&1 == 1, "safegcd: divsteps60Tab: η is even")
	}
	// f and g wrap mod 2⁶⁴; each lookup shifts out 4 bits, so the low 64 −
	// 4·i bits are exact after i lookups, more than the 4 the next needs.
	f, g := int64(f0), int64(g0)
	u, v, q, r := int64(4), int64(0), int64(0), int64(4)
	row := tabRowOffset(eta)
	off := row + int(g&15)<<4 + int(f&14)<<7
	for range tabGroups {
		e := &divTab[uint(off)>>3%tabEntries]
		a, b, c, d := int64(e.a), int64(e.b), int64(e.c), int64(e.d)
		pf, pg := a*f+b*g, c*f+d*g
		eta = eta ^ int64(e.m) + int64(e.cm)
		if e.delta&tabEscape != 0 {
			row = tabRowOffset(eta)
		} else {
			row += int(e.delta)
		}
		off = row + int(pg&0xF0) + int(pf&0xE0)<<3
		f, g = pf>>tabSteps, pg>>tabSteps
		u, v, q, r = a*u+b*q, a*v+b*r, c*u+d*q, c*v+d*r
	}
	if debugEnabled {
		checkTrans(&trans{u, v, q, r}, f0, g0, pow2(64), false, "safegcd: divsteps60Tab")
	}
	return eta, trans{u, v, q, r}
}
