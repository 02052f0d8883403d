// Command sha256 generates internal/sha256/block_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./sha256 -out ../sha256/block_amd64.s -stubs ../sha256/block_stubs_amd64.go -pkg sha256
//
// Why assembly: the SHA extensions (SHA-NI) compute two SHA-256 rounds per
// SHA256RNDS2 and the message schedule with SHA256MSG1/SHA256MSG2, several
// times faster than the rounds in Go; Go has no intrinsics for them. The
// code is Intel's reference flow (the state kept as ABEF/CDGH, four rounds
// per step). The measurements below give the gain.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
)

// Measurements behind the choices in this generator; they stay here, out
// of the generated files, whose header says only what the assembly is for.
//
// Why assembly: the SHA extensions compute two SHA-256 rounds per SHA256RNDS2
// and the message schedule with SHA256MSG1/SHA256MSG2; Go has no intrinsics for
// them. Measured on the project's machine (AMD EPYC, shared and noisy;
// benchstat -count 6 of BenchmarkBackends, the generic backend against this
// one): one block 393 -> 46 ns (-88%); the BIP-340 challenge hash (two blocks
// after the tag midstate) 1.19 µs -> 94 ns. schnorr's BenchmarkChallenge:
// 91.2 ns ± 1% against 180.6 ns ± 1% for crypto/sha256.Sum256 over the 160
// bytes (0.50x; a noisier run measured 113 vs 179 ns, 0.63x).

// rationale heads the generated files, after the DO NOT EDIT line: which
// instructions the assembly uses and what they buy, without figures.
var rationale = []string{
	"SHA extensions (SHA-NI): SHA256RNDS2 computes two rounds per instruction and",
	"SHA256MSG1/SHA256MSG2 the message schedule, which Go has no intrinsics for;",
	"Intel's reference flow, with the state kept as ABEF/CDGH.",
}

// k holds the round constants K₀ … K₆₃ (FIPS 180-4, 4.2.2).
var k = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/sha256")
	ConstraintExpr("!purego")

	kTable := GLOBL("shaniK", RODATA|NOPTR)
	for i, v := range k {
		DATA(4*i, U32(v))
	}
	// PSHUFB mask reversing the bytes of each 32-bit word: the message is
	// big-endian.
	flip := GLOBL("shaniFlip", RODATA|NOPTR)
	DATA(0, U64(0x0405060700010203))
	DATA(8, U64(0x0c0d0e0f08090a0b))

	blockSHANI(kTable, flip)
	hasSHANI()

	asmgen.Generate("sha256", rationale)
}

// blockSHANI emits blockGeneric with the SHA extensions.
func blockSHANI(kTable, flip Mem) {
	TEXT("blockSHANI", NOSPLIT, "func(h *[8]uint32, p []byte)")
	Pragma("noescape")
	Doc("blockSHANI hashes the len(p)/64 whole blocks of p into h, as blockGeneric",
		"does, with the SHA extensions; it requires SHA, SSSE3 and SSE4.1.")

	h := Load(Param("h"), GP64())
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	ANDQ(I32(^63), n)
	JZ(LabelRef("done"))
	end := GP64()
	LEAQ(Mem{Base: ptr, Index: n, Scale: 1}, end)

	// Physical registers: SHA256RNDS2 takes its message operand in X0, so
	// all are named (there are enough).
	msg := X0
	state0, state1 := X1, X2
	m := [4]VecPhysical{X3, X4, X5, X6}
	tmp, mask, abefSave, cdghSave := X7, X8, X9, X10

	Comment("h[0..3] = DCBA and h[4..7] = HGFE (low word first); SHA256RNDS2",
		"wants ABEF and CDGH")
	MOVOU(Mem{Base: h}, state0)
	MOVOU(Mem{Base: h, Disp: 16}, state1)
	PSHUFD(U8(0xb1), state0, state0) // CDAB
	PSHUFD(U8(0x1b), state1, state1) // EFGH
	MOVO(state0, tmp)
	PALIGNR(U8(8), state1, state0) // ABEF
	PBLENDW(U8(0xf0), tmp, state1) // CDGH
	MOVOU(flip, mask)

	Label("loop")
	MOVO(state0, abefSave)
	MOVO(state1, cdghSave)
	// Four rounds per step; m[0..3] hold W[t..t+15] in a ring.
	for i := 0; i < 64; i += 4 {
		m0, m1, m3 := m[(i/4)%4], m[(i/4+1)%4], m[(i/4+3)%4]
		Comment(fmt.Sprintf("Rounds %d-%d", i, i+3))
		if i < 16 {
			Comment(fmt.Sprintf("W[%d..%d]: the message words, byte-swapped", i, i+3))
			MOVOU(Mem{Base: ptr, Disp: 4 * i}, m0)
			PSHUFB(mask, m0)
		}
		MOVOU(kTable.Offset(4*i), msg)
		PADDD(m0, msg)
		SHA256RNDS2(X0, state0, state1)
		if i >= 12 && i < 60 {
			Comment(fmt.Sprintf("W[%d..%d] = SHA256MSG2(W[%d..%d] + W[%d..%d])", i+4, i+7, i+4, i+7, i-3, i))
			MOVO(m0, tmp)
			PALIGNR(U8(4), m3, tmp)
			PADDD(tmp, m1)
			SHA256MSG2(m0, m1)
		}
		PSHUFD(U8(0x0e), msg, msg)
		SHA256RNDS2(X0, state1, state0)
		if i >= 4 && i < 52 {
			SHA256MSG1(m0, m3)
		}
	}
	Comment("Add the block's result to the state")
	PADDD(abefSave, state0)
	PADDD(cdghSave, state1)
	ADDQ(U8(64), ptr)
	CMPQ(ptr, end)
	JNE(LabelRef("loop"))

	Comment("Back from ABEF/CDGH to DCBA/HGFE")
	PSHUFD(U8(0x1b), state0, state0) // FEBA
	PSHUFD(U8(0xb1), state1, state1) // DCHG
	MOVO(state0, tmp)
	PBLENDW(U8(0xf0), state1, state0) // DCBA
	PALIGNR(U8(8), tmp, state1)       // HGFE
	MOVOU(state0, Mem{Base: h})
	MOVOU(state1, Mem{Base: h, Disp: 16})

	Label("done")
	RET()
}

// hasSHANI emits the CPUID check for the SHA extensions, which
// golang.org/x/sys/cpu does not report on x86.
func hasSHANI() {
	TEXT("hasSHANI", NOSPLIT, "func() bool")
	Doc("hasSHANI reports whether the CPU has the SHA extensions (CPUID leaf 7,",
		"EBX bit 29).")
	XORL(EAX, EAX)
	XORL(ECX, ECX)
	CPUID()
	CMPL(EAX, U8(7))
	JB(LabelRef("no"))
	MOVL(U32(7), EAX)
	XORL(ECX, ECX)
	CPUID()
	SHRL(U8(29), EBX)
	ANDL(U8(1), EBX)
	Store(BL, ReturnIndex(0))
	RET()
	Label("no")
	ret, err := ReturnIndex(0).Resolve()
	if err != nil {
		panic(err)
	}
	MOVB(U8(0), ret.Addr)
	RET()
}
