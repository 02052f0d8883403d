//go:build !purego

package ecmult

import "github.com/kestrel-crypto/secp256k1/internal/field8"

//go:generate sh -c "cd ../_asm && go run ./msm8 -out ../ecmult/pippenger_lanes_amd64.s -stubs ../ecmult/pippenger_lanes_stubs_amd64.go -pkg ecmult"

// lanesAsm reports whether the lane passes run as assembly: when field8
// runs its IFMA assembly (the CPU has it and no test chose the generic
// backend).
func lanesAsm() bool { return field8.IFMA() }
