package zkp

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// Side by side, on the same inputs: s2c signing (the bench row
// ecdsa_s2c_sign) and the anti-exfil host's check (ecdsa_anti_exfil_host_verify).
// zkp's calls run in a C loop on inputs parsed beforehand, so that neither
// cgo nor parsing is timed; Kestrel's take the parsed signature and
// opening.

func BenchmarkECDSAS2CSign(b *testing.B) {
	k, kb, hash, data := s2cInputs(rand.New(rand.NewPCG(1, 2)))
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := s2c.Sign(k, hash, data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		if !S2CSignN(hash, kb, data, b.N) {
			b.Fatal("zkp s2c_sign failed")
		}
	})
}

func BenchmarkECDSAAntiExfilHostVerify(b *testing.B) {
	k, kb, hash, rho := s2cInputs(rand.New(rand.NewPCG(3, 4)))
	pub := k.PublicKey()
	hc := AntiExfilHostCommit(rho)
	zop, ok1 := AntiExfilSignerCommit(hash, kb, hc)
	zsig, ok2 := AntiExfilSign(hash, kb, rho)
	if !ok1 || !ok2 {
		b.Fatal("zkp anti-exfil failed")
	}
	sig, err := ecdsa.ParseCompactSignature(zsig)
	if err != nil {
		b.Fatal(err)
	}
	op, err := s2c.ParseOpening(zop)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := s2c.HostVerify(sig, pub, hash, rho, op); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		in := NewHostVerifyInput(zsig, hash, pub.BytesCompressed(), rho, zop)
		if in == nil {
			b.Fatal("zkp cannot parse the inputs")
		}
		b.ResetTimer()
		if !in.VerifyN(b.N) {
			b.Fatal("zkp host_verify rejected")
		}
	})
}
