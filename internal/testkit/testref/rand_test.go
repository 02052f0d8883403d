package testref

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
)

// recorder is a testing.TB that records Logf and Fatalf instead of acting on
// them.
type recorder struct {
	testing.TB
	logs, fatals []string
}

func (r *recorder) Helper() {}

func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}

// loggedSeed returns the seed that a generator constructor logged.
func loggedSeed[S int64 | uint64](t *testing.T, rec *recorder) S {
	t.Helper()
	var seed S
	if len(rec.logs) != 1 {
		t.Fatalf("logged %q, want one seed line", rec.logs)
	}
	if _, err := fmt.Sscanf(rec.logs[0], "seed %d", &seed); err != nil {
		t.Fatalf("log %q: %v", rec.logs[0], err)
	}
	return seed
}

func TestRandReplaysLoggedSeed(t *testing.T) {
	rec := &recorder{TB: t}
	got := Rand(rec).Int63()
	seed := loggedSeed[int64](t, rec)
	if want := rand.New(rand.NewSource(seed)).Int63(); got != want {
		t.Fatalf("seed %d replays to %d, generator gave %d", seed, want, got)
	}
}

func TestPCGReplaysLoggedSeed(t *testing.T) {
	rec := &recorder{TB: t}
	got := PCG(rec).Uint64()
	seed := loggedSeed[uint64](t, rec)
	if want := randv2.New(randv2.NewPCG(seed, 0)).Uint64(); got != want {
		t.Fatalf("seed %d replays to %d, generator gave %d", seed, want, got)
	}
}

func TestShortCount(t *testing.T) {
	short := flag.Lookup("test.short").Value.String()
	t.Cleanup(func() { flag.Set("test.short", short) })
	for _, tc := range []struct {
		s                    Short
		full, long, shortOut int
	}{
		{Short{Div: 20, Min: 5}, 300, 300, 15},
		{Short{Div: 20, Min: 5}, 50, 50, 5},
		{Short{Div: 10, Min: 2}, 10, 10, 2},
		{Short{Div: 10}, 2000, 2000, 200},
		{Short{Div: 10}, 1, 1, 0},
	} {
		flag.Set("test.short", "false")
		if got := tc.s.Count(t, tc.full); got != tc.long {
			t.Errorf("%+v.Count(%d) = %d, want %d", tc.s, tc.full, got, tc.long)
		}
		flag.Set("test.short", "true")
		if got := tc.s.Count(t, tc.full); got != tc.shortOut {
			t.Errorf("%+v.Count(%d) under -short = %d, want %d", tc.s, tc.full, got, tc.shortOut)
		}
	}
}

// TestRandomBytes checks that FillRandom and RandomBytes take each 8 bytes
// from one Uint64, little-endian, the last one cut, for both math/rand
// generators.
func TestRandomBytes(t *testing.T) {
	for name, mk := range map[string]func() Uint64er{
		"math/rand":    func() Uint64er { return rand.New(rand.NewSource(7)) },
		"math/rand/v2": func() Uint64er { return randv2.New(randv2.NewPCG(7, 7)) },
	} {
		r := mk()
		var want []byte
		for range 3 {
			want = binary.LittleEndian.AppendUint64(want, r.Uint64())
		}
		for _, n := range []int{0, 1, 8, 13, 24} {
			if got := RandomBytes(mk(), n); !bytes.Equal(got, want[:n]) {
				t.Errorf("%s: RandomBytes(%d) = %x, want %x", name, n, got, want[:n])
			}
		}
	}
}
