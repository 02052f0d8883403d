//go:build !purego

package group8

import "github.com/kestrel-crypto/secp256k1/internal/field8"

//go:generate sh -c "cd ../_asm && go run ./group8 -out ../group8/group8_amd64.s -stubs ../group8/group8_stubs_amd64.go -pkg group8"

// useAsm reports whether the formulas run as single assembly functions:
// when field8 runs its IFMA assembly (the CPU has it and no test chose the
// generic backend).
func useAsm() bool { return field8.IFMA() }
