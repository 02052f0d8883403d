package zkp

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct/whitelist"
)

// wlBench is a whitelist of n random key pairs and signer 0's signature.
func wlBench(tb testing.TB, n int) (*wlCase, *whitelist.Signature, []byte) {
	c := newWLCase(rand.New(rand.NewPCG(uint64(n), 7)), n)
	sig, err := whitelist.Sign(c.online, c.offline, c.sub, c.onlineSK, c.summedSK, c.index)
	if err != nil {
		tb.Fatal(err)
	}
	return c, sig, sig.Bytes()
}

// BenchmarkWhitelistVerify is zkp's whitelist_N for N = 1, 5, 10, 30.
func BenchmarkWhitelistVerify(b *testing.B) {
	for _, n := range []int{1, 5, 10, 30} {
		c, sig, enc := wlBench(b, n)
		b.Run(fmt.Sprintf("n=%d/impl=kestrel", n), func(b *testing.B) {
			for b.Loop() {
				if !whitelist.Verify(sig, c.online, c.offline, c.sub) {
					b.Fatal("invalid")
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/impl=zkp", n), func(b *testing.B) {
			for b.Loop() {
				if ok, _ := WhitelistVerify(enc, c.onlineB, c.offlineB, c.subB, 1); !ok {
					b.Fatal("invalid")
				}
			}
		})
	}
}

// TestWhitelistCPURatios prints the Kestrel/zkp ratios of whitelist_N in
// CPU time (KZKP_CPU_ROUNDS rounds, medians).
func TestWhitelistCPURatios(t *testing.T) {
	if os.Getenv("KZKP_CPU_ROUNDS") == "" {
		t.Skip("set KZKP_CPU_ROUNDS to compare CPU times")
	}
	for _, n := range []int{1, 5, 10, 30} {
		c, sig, enc := wlBench(t, n)
		// Ten verifications a call, so that zkp's parsing of the keys
		// (in the binding, once a call) weighs little.
		tk, tz, ratio := cpuRatio(t, 20/n+1, func() {
			for range 10 {
				if !whitelist.Verify(sig, c.online, c.offline, c.sub) {
					t.Fatal("invalid")
				}
			}
		}, func() {
			if ok, _ := WhitelistVerify(enc, c.onlineB, c.offlineB, c.subB, 10); !ok {
				t.Fatal("invalid")
			}
		})
		tk, tz = tk/10, tz/10
		t.Logf("whitelist_%-3d kestrel %8.1f µs  zkp %8.1f µs  %.2fx", n, float64(tk.Nanoseconds())/1e3, float64(tz.Nanoseconds())/1e3, ratio)
	}
}
