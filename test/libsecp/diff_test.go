package libsecp

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The differential tests draw DIFF_N random cases (default 10,000; 500 with
// -short) from a seed that is logged (set DIFF_SEED to repeat a run). Each
// case has its own generator, keyed by the seed and the case number, so a
// failing case is reproduced alone with DIFF_SEED=<seed> DIFF_CASE=<i>,
// however many workers ran. Cases are made and checked one at a time, so any
// count fits in memory: the long mode DIFF_N=1000000 takes about an hour
// and a half on two cores against the current release line with its module
// tests (200,000 cases: 19 minutes); run it with -timeout 0.

// maxReported caps the mismatches printed per test; all are counted.
const maxReported = 20

func diffN(t testing.TB) int { return testref.DiffN(t, 500) }

func diffSeed(t testing.TB) uint64 { return testref.DiffSeed(t) }

// caseRand returns the generator of case i of the run with seed.
func caseRand(seed uint64, i int) *rand.Rand {
	var key [32]byte
	copy(key[:], "kestrel/libsecp diff")
	binary.LittleEndian.PutUint64(key[16:], seed)
	binary.LittleEndian.PutUint64(key[24:], uint64(i))
	return rand.New(rand.NewChaCha8(key))
}

// checker collects the checks and mismatches of one case.
type checker struct {
	t      *testing.T
	seed   uint64
	i      int
	rng    *rand.Rand
	counts map[string]int // checks run, per kind
	failed *atomic.Int64
}

// check counts one comparison of kind.
func (c *checker) check(kind string) { c.counts[kind]++ }

// fail records a mismatch of kind between Kestrel and libsecp256k1.
func (c *checker) fail(kind, format string, args ...any) {
	c.counts["MISMATCH "+kind]++
	if c.failed.Add(1) <= maxReported {
		c.t.Errorf("case %d (DIFF_SEED=%d DIFF_CASE=%d) %s: %s", c.i, c.seed, c.i, kind, fmt.Sprintf(format, args...))
	}
}

// expect records a mismatch of kind if err is not nil.
func (c *checker) expect(kind string, err error) {
	c.check(kind)
	if err != nil {
		c.fail(kind, "%v", err)
	}
}

// runCases runs body on DIFF_N cases (or only DIFF_CASE) on all CPUs and
// logs the number of checks of each kind.
func runCases(t *testing.T, body func(c *checker)) {
	runCasesN(t, diffN(t), body)
}

// runCasesN is runCases for n cases instead of DIFF_N, for a test whose
// case is many operations (a MuSig2 session, a transaction).
func runCasesN(t *testing.T, n int, body func(c *checker)) {
	seed := diffSeed(t)
	first := 0
	if s := os.Getenv("DIFF_CASE"); s != "" {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 {
			t.Fatalf("DIFF_CASE=%q is not a case number", s)
		}
		first, n = i, i+1
	}
	t.Logf("DIFF_SEED=%d, cases %d to %d", seed, first, n-1)
	var (
		next   atomic.Int64
		failed atomic.Int64
		mu     sync.Mutex
		totals = map[string]int{}
		wg     sync.WaitGroup
	)
	next.Store(int64(first))
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			counts := map[string]int{}
			for {
				i := int(next.Add(1) - 1)
				if i >= n || t.Failed() && failed.Load() > 10*maxReported {
					break
				}
				body(&checker{t: t, seed: seed, i: i, rng: caseRand(seed, i), counts: counts, failed: &failed})
			}
			mu.Lock()
			for k, v := range counts {
				totals[k] += v
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	var lines []string
	for k, v := range totals {
		lines = append(lines, fmt.Sprintf("%s=%d", k, v))
	}
	slices.Sort(lines)
	t.Logf("checks: %s", strings.Join(lines, " "))
	if f := failed.Load(); f > 0 {
		t.Errorf("%d mismatches (first %d shown); repeat with DIFF_SEED=%d", f, min(f, maxReported), seed)
	}
}

// Constants, big-endian.
var (
	nBytes     = testref.MustHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	pBytes     = testref.MustHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	halfNBytes = testref.MustHex("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0") // (n−1)/2
)

// addSmall returns the 32-byte big-endian x + d (mod 2²⁵⁶), d may be negative.
func addSmall(x []byte, d int64) []byte {
	out := slices.Clone(x)
	v := d
	for i := 31; i >= 0 && v != 0; i-- {
		t := int64(out[i]) + v
		out[i] = byte(t)
		v = t >> 8 // arithmetic shift: a borrow propagates as −1
	}
	return out
}

// msg32 returns the 32 bytes that Kestrel's API derives from a hash of any
// length (API.md, SEC 1 §4.1.3): its leftmost 256 bits, or the hash
// left-padded with zeros. That is what libsecp256k1 is given.
func msg32(hash []byte) []byte {
	out := make([]byte, 32)
	if len(hash) >= 32 {
		copy(out, hash[:32])
	} else {
		copy(out[32-len(hash):], hash)
	}
	return out
}

// kestrelVerify is Kestrel's verification from bytes: ParsePublicKey,
// ParseDERSignature or ParseCompactSignature, Verify.
func kestrelVerify(pub, hash, sig []byte, der bool) bool {
	pk, err := secp256k1.ParsePublicKey(pub)
	if err != nil {
		return false
	}
	var s *ecdsa.Signature
	if der {
		s, err = ecdsa.ParseDERSignature(sig)
	} else {
		s, err = ecdsa.ParseCompactSignature(sig)
	}
	if err != nil {
		return false
	}
	return ecdsa.Verify(pk, hash, s)
}

// libVerify is libsecp256k1's verification from the same bytes.
func libVerify(pub, hash, sig []byte, der bool) bool {
	if der {
		return EcdsaVerifyDER(msg32(hash), sig, pub)
	}
	return EcdsaVerify(msg32(hash), sig, pub)
}

// diffVerify returns an error if the two libraries disagree on whether sig
// verifies.
func diffVerify(pub, hash, sig []byte, der bool) (bool, error) {
	k, l := kestrelVerify(pub, hash, sig, der), libVerify(pub, hash, sig, der)
	if k != l {
		return false, fmt.Errorf("verify (der=%v): kestrel %v, libsecp %v\n pub  %x\n hash %x\n sig  %x", der, k, l, pub, hash, sig)
	}
	return k, nil
}

// errAllowed marks the one allowed difference of DER parsing.
var errAllowed = errors.New("allowed difference")

// diffParseDER compares the strict DER parsers. They must agree, with one
// documented exception: where r or s is negative or not less than n,
// libsecp256k1's secp256k1_ecdsa_signature_parse_der succeeds and sets that
// value to 0 (also for long-form lengths, which only such oversized integers
// can need), while Kestrel's ParseDERSignature rejects the encoding (BIP-66
// forbids negative values, and a value ≥ n is no signature). Both then end
// in "does not verify": libsecp256k1's verify rejects r = 0 and s = 0. The
// exception is reported as errAllowed, after checking that libsecp's result
// does have r = 0 or s = 0. Where both accept, the signatures must be equal
// and the encoding must be the canonical one that both serializers produce.
func diffParseDER(der []byte) error {
	ks, kerr := ecdsa.ParseDERSignature(der)
	lc, lok := EcdsaSignatureParseDER(der)
	switch {
	case kerr == nil && !lok:
		return fmt.Errorf("kestrel accepts DER that libsecp rejects: %x", der)
	case kerr != nil && !lok:
		return nil
	case kerr != nil && lok:
		zero := make([]byte, 32)
		if !bytes.Equal(lc[:32], zero) && !bytes.Equal(lc[32:], zero) {
			return fmt.Errorf("kestrel rejects (%v) DER that libsecp parses with r, s ≠ 0: %x -> %x", kerr, der, lc)
		}
		return errAllowed
	}
	if kc := ks.Compact(); !bytes.Equal(kc, lc) {
		return fmt.Errorf("DER %x parses to kestrel %x, libsecp %x", der, kc, lc)
	}
	if kd := ks.DER(); !bytes.Equal(kd, der) {
		return fmt.Errorf("strict DER %x re-encodes to %x in kestrel", der, kd)
	}
	if ld, _ := EcdsaSerializeDER(lc); !bytes.Equal(ld, der) {
		return fmt.Errorf("strict DER %x re-encodes to %x in libsecp", der, ld)
	}
	return nil
}

// diffParsePubkey compares ParsePublicKey with secp256k1_ec_pubkey_parse:
// same verdict and, for a valid key, the same point.
func diffParsePubkey(b []byte) error {
	kp, kerr := secp256k1.ParsePublicKey(b)
	lc, lu, lok := PubkeyParse(b)
	if (kerr == nil) != lok {
		return fmt.Errorf("ParsePublicKey(%x): kestrel err %v, libsecp ok %v", b, kerr, lok)
	}
	if lok && (!bytes.Equal(kp.BytesCompressed(), lc) || !bytes.Equal(kp.BytesUncompressed(), lu)) {
		return fmt.Errorf("ParsePublicKey(%x): kestrel %x, libsecp %x", b, kp.BytesUncompressed(), lu)
	}
	return nil
}

// diffParseCompact compares the compact parsers and, for a parsed
// signature, DER serialization, normalization and the low-S test.
func diffParseCompact(b []byte) error {
	ks, kerr := ecdsa.ParseCompactSignature(b)
	lc, lok := EcdsaSignatureParseCompact(b)
	if (kerr == nil) != lok {
		return fmt.Errorf("ParseCompactSignature(%x): kestrel err %v, libsecp ok %v", b, kerr, lok)
	}
	if !lok {
		return nil
	}
	if kc := ks.Compact(); !bytes.Equal(kc, lc) || !bytes.Equal(kc, b) {
		return fmt.Errorf("compact %x: kestrel %x, libsecp %x", b, kc, lc)
	}
	ld, _ := EcdsaSerializeDER(b)
	if kd := ks.DER(); !bytes.Equal(kd, ld) {
		return fmt.Errorf("DER of %x: kestrel %x, libsecp %x", b, kd, ld)
	}
	ln, high, _ := EcdsaSignatureNormalize(b)
	if kn := ks.Normalize().Compact(); !bytes.Equal(kn, ln) {
		return fmt.Errorf("Normalize(%x): kestrel %x, libsecp %x", b, kn, ln)
	}
	if ks.IsLowS() == high {
		return fmt.Errorf("IsLowS(%x) = %v, libsecp normalize says high = %v", b, ks.IsLowS(), high)
	}
	return nil
}

// encodeDER returns 0x30 len 0x02 len(r) r 0x02 len(s) s from the integers'
// content bytes, taken as they are.
func encodeDER(r, s []byte) []byte {
	out := []byte{0x30, byte(4 + len(r) + len(s)), 0x02, byte(len(r))}
	out = append(out, r...)
	out = append(out, 0x02, byte(len(s)))
	return append(out, s...)
}

// derInteger returns the minimal DER content bytes of the 32-byte value x.
func derInteger(x []byte) []byte {
	i := 0
	for i < 31 && x[i] == 0 {
		i++
	}
	v := x[i:]
	if v[0]&0x80 != 0 {
		return append([]byte{0}, v...)
	}
	return slices.Clone(v)
}
