// Package zkp is a minimal cgo binding to BlockstreamResearch's
// secp256k1-zkp, the reference for Kestrel's ports of its modules
// (Confidential Transactions, sign-to-contract and anti-exfil,
// half-aggregation). Like test/libsecp it lives in its own module so that
// Kestrel stays free of cgo; nothing outside this module's tests imports it.
//
// It links -lsecp256k1 built from the project's shared/oracles tarball
// (commit 99fab529, every module); there is no system fallback, so CI runs
// this module only when the tarball is there:
//
//	eval "$(bash ../libsecp/oracle.sh -zkp)"   # builds once, exports CGO_CFLAGS, CGO_LDFLAGS, …
//	go test ./...
//
// Each module's binding is its own file (its cgo preamble includes the
// module's header); every function takes and returns serialized bytes so
// that a test feeds both libraries the same input, validates lengths itself
// and never triggers zkp's illegal-argument callback (IllegalCalls counts
// those; the tests require zero).
//
// One context, created with SECP256K1_CONTEXT_NONE and randomized once from
// crypto/rand, is shared by all calls: after randomization zkp only reads
// it, so concurrent calls are safe.
package zkp

/*
#cgo LDFLAGS: -lsecp256k1
#include <stdlib.h>
#include <secp256k1.h>

static unsigned long illegal;

static void count_illegal(const char *msg, void *data) {
	(void)msg;
	(void)data;
	__atomic_fetch_add(&illegal, 1, __ATOMIC_RELAXED);
}

static unsigned long illegal_calls(void) {
	return __atomic_load_n(&illegal, __ATOMIC_RELAXED);
}

static secp256k1_context *new_context(const unsigned char *seed32) {
	secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	if (ctx == NULL) return NULL;
	secp256k1_context_set_illegal_callback(ctx, count_illegal, NULL);
	if (!secp256k1_context_randomize(ctx, seed32)) {
		secp256k1_context_destroy(ctx);
		return NULL;
	}
	return ctx;
}
*/
import "C"

import (
	"crypto/rand"
	"unsafe"
)

// ctx is the shared context; the module files pass it to every call.
var ctx *C.secp256k1_context

func init() {
	var seed [32]byte
	rand.Read(seed[:])
	ctx = C.new_context(u8(seed[:]))
	if ctx == nil {
		panic("zkp: cannot create a secp256k1-zkp context")
	}
}

// IllegalCalls returns how many times zkp reported an illegal argument. It
// is a bug in this binding if that is ever non-zero.
func IllegalCalls() uint64 { return uint64(C.illegal_calls()) }

// u8 returns a C pointer to b's first byte, or NULL for an empty b. The
// memory is Go memory without Go pointers, which cgo allows to be passed.
func u8(b []byte) *C.uchar {
	if len(b) == 0 {
		return nil
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

func ok(r C.int) bool { return r == 1 }
