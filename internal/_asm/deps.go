//go:build tools

// Package asm holds the assembly generators, one command per family (field,
// group); regenerate.sh runs them all. This file only records, for go mod
// tidy, that the generators load the real Go packages (through the replace
// directive in go.mod) to take struct offsets and stub signatures from them.
package asm

import (
	_ "github.com/kestrel-crypto/secp256k1/internal/field"
	_ "github.com/kestrel-crypto/secp256k1/internal/group"
)
