package musig2

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestNonceGenCounterLibsecpVectors checks NonceGenCounter against the
// outputs of libsecp256k1's secp256k1_musig_nonce_gen_counter in
// testdata/libsecp256k1/musig_nonce_gen_counter.json (see its README), and
// KeyAgg and ApplyTweak against the aggregate keys of its keyagg_cache.
func TestNonceGenCounterLibsecpVectors(t *testing.T) {
	var cases []struct {
		Counter  uint64     `json:"counter,string"`
		SK       hexBytes   `json:"sk"`
		PK       hexBytes   `json:"pk"`
		Pubkeys  []hexBytes `json:"keyagg_pubkeys"`
		Tweak    hexBytes   `json:"tweak"`
		XOnly    bool       `json:"tweak_is_xonly"`
		AggPK    hexBytes   `json:"aggpk"`
		Msg      hexBytes   `json:"msg"`
		ExtraIn  hexBytes   `json:"extra_in"`
		SecNonce hexBytes   `json:"expected_secnonce"`
		PubNonce hexBytes   `json:"expected_pubnonce"`
	}
	b, err := os.ReadFile("../testdata/libsecp256k1/musig_nonce_gen_counter.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != 24 {
		t.Fatalf("%d cases, want 24", len(cases))
	}
	var counters []uint64
	for i, c := range cases {
		sk := privateKey(t, c.SK)
		hexEqual(t, "pk", sk.PublicKey().BytesCompressed(), c.PK)
		if len(c.Pubkeys) > 0 {
			pubkeys := make([][]byte, len(c.Pubkeys))
			for j := range c.Pubkeys {
				pubkeys[j] = c.Pubkeys[j]
			}
			ka, err := KeyAgg(pubkeys)
			if err != nil {
				t.Fatal(err)
			}
			if c.Tweak != nil {
				if ka, err = ka.ApplyTweak(c.Tweak, c.XOnly); err != nil {
					t.Fatal(err)
				}
			}
			hexEqual(t, "aggpk", ka.XOnlyPublicKey(), c.AggPK)
		} else if c.AggPK != nil {
			t.Fatalf("case %d: aggpk without keys", i)
		}
		sec, pub, err := NonceGenCounter(sk, c.Counter, &NonceGenOptions{AggPublicKey: c.AggPK, Msg: c.Msg, ExtraIn: c.ExtraIn})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		hexEqual(t, "secnonce", secNonceBytes(sec), c.SecNonce)
		hexEqual(t, "pubnonce", pub.Bytes(), c.PubNonce)
		counters = append(counters, c.Counter)
	}
	for _, want := range []uint64{0, 1, 1 << 63, math.MaxUint64} {
		if !slices.Contains(counters, want) {
			t.Errorf("no case with the counter %d", want)
		}
	}
	// The first eight cases share a key and differ only in the counter.
	seen := make(map[string]bool)
	for _, c := range cases[:8] {
		if !bytes.Equal(c.SK, cases[0].SK) || c.AggPK != nil || c.Msg != nil || c.ExtraIn != nil {
			t.Fatal("the first eight cases are not the same key with no options")
		}
		if seen[string(c.PubNonce)] {
			t.Errorf("counter %d repeats a nonce", c.Counter)
		}
		seen[string(c.PubNonce)] = true
	}
}

// counterRand returns rand' = bytes(8, c) ‖ bytes(24, 0), the 32 bytes
// that NonceGenCounter substitutes for NonceGen's random bytes.
func counterRand(c uint64) *bytes.Reader {
	var b [32]byte
	binary.BigEndian.PutUint64(b[:], c)
	return bytes.NewReader(b[:])
}

// TestNonceGenCounterIsNonceGen checks NonceGenCounter against NonceGen
// (which the BIP-327 vectors check) with the secret key given and the
// counter's rand', on the inputs of the BIP's NonceGen vectors (a random key
// where the vector has none) and on edge counters.
func TestNonceGenCounterIsNonceGen(t *testing.T) {
	var v struct {
		Cases []struct {
			SK      hexBytes `json:"sk"`
			AggPK   hexBytes `json:"aggpk"`
			Msg     hexBytes `json:"msg"`
			ExtraIn hexBytes `json:"extra_in"`
		} `json:"test_cases"`
	}
	loadVectors(t, "nonce_gen_vectors.json", &v)
	r := testref.Rand(t)
	for i, c := range v.Cases {
		sk := testkey.Random(t, r)
		if c.SK != nil {
			sk = privateKey(t, c.SK)
		}
		for _, counter := range []uint64{0, 1, 2, 1 << 63, math.MaxUint64, r.Uint64()} {
			opts := &NonceGenOptions{AggPublicKey: c.AggPK, Msg: c.Msg, ExtraIn: c.ExtraIn}
			sec, pub, err := NonceGenCounter(sk, counter, opts)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			if opts.SecretKey != nil {
				t.Fatal("NonceGenCounter changed the caller's options")
			}
			opts.SecretKey, opts.Rand = sk, counterRand(counter)
			wantSec, wantPub, err := NonceGen(sk.PublicKey().BytesCompressed(), opts)
			if err != nil {
				t.Fatal(err)
			}
			hexEqual(t, "secnonce", secNonceBytes(sec), secNonceBytes(wantSec))
			hexEqual(t, "pubnonce", pub.Bytes(), wantPub.Bytes())
		}
	}
}

// TestNonceGenCounterDistinct checks that different counters, and different
// keys with one counter, give different nonces.
func TestNonceGenCounterDistinct(t *testing.T) {
	r := testref.Rand(t)
	sk, sk2 := testkey.Random(t, r), testkey.Random(t, r)
	seen := make(map[PubNonce]bool)
	add := func(k *secp256k1.PrivateKey, c uint64) {
		_, pub, err := NonceGenCounter(k, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if seen[*pub] {
			t.Fatalf("counter %d repeats a nonce", c)
		}
		seen[*pub] = true
	}
	for _, c := range []uint64{0, 1, 2, 1 << 32, 1 << 63, math.MaxUint64 - 1, math.MaxUint64} {
		add(sk, c)
		add(sk2, c)
	}
	for range short.Count(t, 100) {
		add(sk, r.Uint64())
	}
}

// TestNonceGenCounterInputs checks NonceGenCounter's argument errors.
func TestNonceGenCounterInputs(t *testing.T) {
	r := testref.Rand(t)
	sk, other := testkey.Random(t, r), testkey.Random(t, r)
	var zero secp256k1.PrivateKey
	testkey.CheckUninitialized(t, map[string]error{
		"nil sk":            errOf2(NonceGenCounter(nil, 1, nil)),
		"zero sk":           errOf2(NonceGenCounter(&zero, 1, nil)),
		"zero opts key":     errOf2(NonceGenCounter(sk, 1, &NonceGenOptions{SecretKey: &zero})),
		"zero counter":      errOf2(new(NonceCounter).NonceGen(sk, nil)),
		"nil counter":       errOf2((*NonceCounter)(nil).NonceGen(sk, nil)),
		"zero counter Next": errOf(new(NonceCounter).Next()),
	})
	for name, opts := range map[string]*NonceGenOptions{
		"other key":  {SecretKey: other},
		"rand":       {Rand: counterRand(1)},
		"short agg":  {AggPublicKey: make([]byte, 31)},
		"long agg":   {AggPublicKey: make([]byte, 33)},
		"key, rand":  {SecretKey: sk, Rand: counterRand(1)},
		"other, agg": {SecretKey: other, AggPublicKey: make([]byte, 32)},
	} {
		if err := errOf2(NonceGenCounter(sk, 1, opts)); !errors.Is(err, ErrNonceGenInput) {
			t.Errorf("%s: %v, want ErrNonceGenInput", name, err)
		}
	}
	// The same key in the options is allowed, and changes nothing.
	_, a, err := NonceGenCounter(sk, 7, &NonceGenOptions{SecretKey: sk})
	if err != nil {
		t.Fatal(err)
	}
	_, b, err := NonceGenCounter(sk, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	if *a != *b {
		t.Error("the secret key in the options changes the nonce")
	}
}

// errOf2 returns the error of a three-result call.
func errOf2[T, U any](_ T, _ U, err error) error { return err }

// TestNonceCounter checks the values that Next hands out, the save calls,
// and exhaustion.
func TestNonceCounter(t *testing.T) {
	var saved []uint64
	c := NewNonceCounter(5, func(next uint64) error {
		saved = append(saved, next)
		return nil
	})
	for want := uint64(5); want < 8; want++ {
		if v, err := c.Next(); v != want || err != nil {
			t.Fatalf("Next = %d, %v; want %d", v, err, want)
		}
	}
	if !slices.Equal(saved, []uint64{6, 7, 8}) {
		t.Errorf("saved %v, want [6 7 8]", saved)
	}

	// A failing save hands out nothing; the value comes out after.
	errDisk := errors.New("disk full")
	fail := true
	c = NewNonceCounter(10, func(uint64) error {
		if fail {
			return errDisk
		}
		return nil
	})
	if v, err := c.Next(); !errors.Is(err, errDisk) || v != 0 {
		t.Fatalf("Next with a failing save = %d, %v", v, err)
	}
	fail = false
	if v, err := c.Next(); v != 10 || err != nil {
		t.Fatalf("Next after the failure = %d, %v; want 10", v, err)
	}

	// The last values, then exhaustion for good; 2⁶⁴ − 1 is never handed
	// out, and is the last value saved.
	saved = nil
	c = NewNonceCounter(math.MaxUint64-2, func(next uint64) error {
		saved = append(saved, next)
		return nil
	})
	for _, want := range []uint64{math.MaxUint64 - 2, math.MaxUint64 - 1} {
		if v, err := c.Next(); v != want || err != nil {
			t.Fatalf("Next = %d, %v; want %d", v, err, want)
		}
	}
	for range 3 {
		if v, err := c.Next(); !errors.Is(err, ErrNonceCounterExhausted) || v != 0 {
			t.Fatalf("Next after the last value = %d, %v", v, err)
		}
	}
	if !slices.Equal(saved, []uint64{math.MaxUint64 - 1, math.MaxUint64}) {
		t.Errorf("saved %v", saved)
	}
	r := testref.Rand(t)
	sk := testkey.Random(t, r)
	if _, _, err := c.NonceGen(sk, nil); !errors.Is(err, ErrNonceCounterExhausted) {
		t.Errorf("NonceGen on an exhausted counter: %v", err)
	}
	// A counter restarted from the last saved value is exhausted.
	if _, err := NewNonceCounter(math.MaxUint64, nil).Next(); !errors.Is(err, ErrNonceCounterExhausted) {
		t.Errorf("NewNonceCounter(2⁶⁴ − 1).Next: %v", err)
	}
}

// TestNonceCounterNonceGen checks that NonceCounter.NonceGen uses the next
// value, and takes none when its arguments are wrong.
func TestNonceCounterNonceGen(t *testing.T) {
	r := testref.Rand(t)
	sk := testkey.Random(t, r)
	c := NewNonceCounter(1<<63, nil)
	opts := &NonceGenOptions{Msg: []byte("m")}
	sec, pub, err := c.NonceGen(sk, opts)
	if err != nil {
		t.Fatal(err)
	}
	wantSec, wantPub, err := NonceGenCounter(sk, 1<<63, opts)
	if err != nil {
		t.Fatal(err)
	}
	hexEqual(t, "secnonce", secNonceBytes(sec), secNonceBytes(wantSec))
	hexEqual(t, "pubnonce", pub.Bytes(), wantPub.Bytes())
	if _, _, err := c.NonceGen(sk, &NonceGenOptions{Rand: counterRand(0)}); !errors.Is(err, ErrNonceGenInput) {
		t.Fatalf("NonceGen with a Rand: %v", err)
	}
	if _, _, err := c.NonceGen(nil, nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Fatalf("NonceGen with a nil key: %v", err)
	}
	if v, err := c.Next(); v != 1<<63+1 || err != nil {
		t.Errorf("Next after the failed calls = %d, %v; want 2⁶³ + 1", v, err)
	}
}

// TestNonceCounterConcurrent checks that concurrent calls to Next hand out
// every value exactly once, and that save sees increasing values. Run it
// with -race.
func TestNonceCounterConcurrent(t *testing.T) {
	const workers = 8
	per := short.Count(t, 2000)
	var last uint64
	inOrder := true
	c := NewNonceCounter(100, func(next uint64) error {
		if next <= last {
			inOrder = false
		}
		last = next
		return nil
	})
	results := make([][]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range per {
				v, err := c.Next()
				if err != nil {
					t.Error(err)
					return
				}
				results[w] = append(results[w], v)
			}
		})
	}
	wg.Wait()
	var all []uint64
	for _, res := range results {
		if !slices.IsSorted(res) {
			t.Error("one goroutine's values do not increase")
		}
		all = append(all, res...)
	}
	slices.Sort(all)
	for i, v := range all {
		if v != uint64(100+i) {
			t.Fatalf("values %d… handed out; value %d is %d", all[:min(len(all), 5)], i, v)
		}
	}
	if !inOrder || last != uint64(100+len(all)) {
		t.Errorf("save saw values out of order (in order %v, last %d)", inOrder, last)
	}
}
