package main

// A small cgo binding to libsecp256k1, in the manner of
// test/libsecp/libsecp.go, and to the same library: the build of
// test/libsecp/oracle.sh (the current release line, commit 687155df, from
// the project's shared/oracles tarball), whose shared library oracle.sh
// exports as LIBSECP_SO, and otherwise the system's (Debian's 0.2.0 from
// libsecp256k1-dev). The -libsecp flag names another. The headers come from
// the same place: oracle.sh's CGO_CFLAGS, or the system's.
//
// The library is loaded with dlopen(RTLD_DEEPBIND) and called through
// function pointers, not linked with -lsecp256k1: go-ethereum's
// crypto/secp256k1 compiles its own copy of libsecp256k1 (0.6) into this
// binary with the same global symbol names, and a linked -lsecp256k1 would
// silently resolve secp256k1_ecdsa_sign and friends to that copy. loadLibsecp
// checks with dladdr that every function pointer lies in the loaded file.
//
// Every wrapper is one cgo call that does what libsecp256k1's own bench row
// does, from serialized bytes to serialized bytes. The ElligatorSwift
// functions exist from libsecp256k1 0.4 on; they are looked up optionally, so
// a newer library given with -libsecp gets those rows too.

/*
#cgo LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_recovery.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

// The ElligatorSwift API of libsecp256k1 ≥ 0.4 (include/secp256k1_ellswift.h),
// which Debian's 0.2.0 headers do not have.
typedef int (*ls_ellswift_xdh_hash)(unsigned char *out32, const unsigned char *x32,
	const unsigned char *ell_a64, const unsigned char *ell_b64, void *data);

static struct {
	void *handle;
	__typeof__(&secp256k1_context_create) context_create;
	__typeof__(&secp256k1_context_randomize) context_randomize;
	__typeof__(&secp256k1_context_set_illegal_callback) context_set_illegal_callback;
	__typeof__(&secp256k1_ec_pubkey_create) ec_pubkey_create;
	__typeof__(&secp256k1_ec_pubkey_parse) ec_pubkey_parse;
	__typeof__(&secp256k1_ec_pubkey_serialize) ec_pubkey_serialize;
	__typeof__(&secp256k1_ecdsa_sign) ecdsa_sign;
	__typeof__(&secp256k1_ecdsa_signature_serialize_der) ecdsa_signature_serialize_der;
	__typeof__(&secp256k1_ecdsa_signature_parse_der) ecdsa_signature_parse_der;
	__typeof__(&secp256k1_ecdsa_verify) ecdsa_verify;
	__typeof__(&secp256k1_ecdsa_recoverable_signature_parse_compact) ecdsa_recoverable_signature_parse_compact;
	__typeof__(&secp256k1_ecdsa_recover) ecdsa_recover;
	__typeof__(&secp256k1_ecdh) ecdh;
	__typeof__(&secp256k1_keypair_create) keypair_create;
	__typeof__(&secp256k1_xonly_pubkey_parse) xonly_pubkey_parse;
	__typeof__(&secp256k1_schnorrsig_sign32) schnorrsig_sign32;
	__typeof__(&secp256k1_schnorrsig_verify) schnorrsig_verify;
	int (*ellswift_encode)(const secp256k1_context *ctx, unsigned char *ell64,
		const secp256k1_pubkey *pubkey, const unsigned char *rnd32);
	int (*ellswift_decode)(const secp256k1_context *ctx, secp256k1_pubkey *pubkey,
		const unsigned char *ell64);
	int (*ellswift_create)(const secp256k1_context *ctx, unsigned char *ell64,
		const unsigned char *seckey32, const unsigned char *auxrnd32);
	int (*ellswift_xdh)(const secp256k1_context *ctx, unsigned char *output,
		const unsigned char *ell_a64, const unsigned char *ell_b64,
		const unsigned char *seckey32, int party, ls_ellswift_xdh_hash hashfp, void *data);
	const ls_ellswift_xdh_hash *ellswift_xdh_hash_bip324;
	secp256k1_context *ctx;
} ls;

static unsigned long ls_illegal;

static void ls_count_illegal(const char *msg, void *data) {
	(void)msg;
	(void)data;
	__atomic_fetch_add(&ls_illegal, 1, __ATOMIC_RELAXED);
}

static unsigned long ls_illegal_calls(void) {
	return __atomic_load_n(&ls_illegal, __ATOMIC_RELAXED);
}

// ls_in_file reports whether the function pointer p lies in the file that
// ls.handle loaded (fname), as dladdr sees it.
static int ls_in_file(void *p, const char *fname) {
	Dl_info info;
	if (p == NULL || !dladdr(p, &info) || info.dli_fname == NULL) return 0;
	return strcmp(info.dli_fname, fname) == 0;
}

// ls_open loads the library at path and resolves every function. It returns
// NULL on success or a static error message; *loaded gets the file name of
// the library as the dynamic linker reports it.
static const char *ls_open(const char *path, const unsigned char *seed32, const char **loaded) {
	Dl_info info;
	ls.handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (ls.handle == NULL) return dlerror();
#define LS_SYM(field, name) \
	do { \
		*(void **)(&ls.field) = dlsym(ls.handle, name); \
		if (ls.field == NULL) return "missing symbol " name; \
	} while (0)
	LS_SYM(context_create, "secp256k1_context_create");
	LS_SYM(context_randomize, "secp256k1_context_randomize");
	LS_SYM(context_set_illegal_callback, "secp256k1_context_set_illegal_callback");
	LS_SYM(ec_pubkey_create, "secp256k1_ec_pubkey_create");
	LS_SYM(ec_pubkey_parse, "secp256k1_ec_pubkey_parse");
	LS_SYM(ec_pubkey_serialize, "secp256k1_ec_pubkey_serialize");
	LS_SYM(ecdsa_sign, "secp256k1_ecdsa_sign");
	LS_SYM(ecdsa_signature_serialize_der, "secp256k1_ecdsa_signature_serialize_der");
	LS_SYM(ecdsa_signature_parse_der, "secp256k1_ecdsa_signature_parse_der");
	LS_SYM(ecdsa_verify, "secp256k1_ecdsa_verify");
	LS_SYM(ecdsa_recoverable_signature_parse_compact, "secp256k1_ecdsa_recoverable_signature_parse_compact");
	LS_SYM(ecdsa_recover, "secp256k1_ecdsa_recover");
	LS_SYM(ecdh, "secp256k1_ecdh");
	LS_SYM(keypair_create, "secp256k1_keypair_create");
	LS_SYM(xonly_pubkey_parse, "secp256k1_xonly_pubkey_parse");
	LS_SYM(schnorrsig_sign32, "secp256k1_schnorrsig_sign32");
	LS_SYM(schnorrsig_verify, "secp256k1_schnorrsig_verify");
#undef LS_SYM
	*(void **)(&ls.ellswift_encode) = dlsym(ls.handle, "secp256k1_ellswift_encode");
	*(void **)(&ls.ellswift_decode) = dlsym(ls.handle, "secp256k1_ellswift_decode");
	*(void **)(&ls.ellswift_create) = dlsym(ls.handle, "secp256k1_ellswift_create");
	*(void **)(&ls.ellswift_xdh) = dlsym(ls.handle, "secp256k1_ellswift_xdh");
	ls.ellswift_xdh_hash_bip324 = dlsym(ls.handle, "secp256k1_ellswift_xdh_hash_function_bip324");
	if (!dladdr(*(void **)(&ls.ecdsa_sign), &info) || info.dli_fname == NULL) return "dladdr failed";
	*loaded = info.dli_fname;
	if (!ls_in_file(*(void **)(&ls.context_create), info.dli_fname) ||
	    !ls_in_file(*(void **)(&ls.ecdsa_verify), info.dli_fname) ||
	    !ls_in_file(*(void **)(&ls.schnorrsig_sign32), info.dli_fname) ||
	    !ls_in_file(*(void **)(&ls.ecdh), info.dli_fname)) {
		return "libsecp256k1 functions resolve to different files";
	}
	ls.ctx = ls.context_create(SECP256K1_CONTEXT_NONE);
	if (ls.ctx == NULL) return "secp256k1_context_create failed";
	ls.context_set_illegal_callback(ls.ctx, ls_count_illegal, NULL);
	if (!ls.context_randomize(ls.ctx, seed32)) return "secp256k1_context_randomize failed";
	return NULL;
}

static int ls_has_ellswift(void) {
	return ls.ellswift_encode != NULL && ls.ellswift_decode != NULL && ls.ellswift_create != NULL &&
		ls.ellswift_xdh != NULL && ls.ellswift_xdh_hash_bip324 != NULL;
}

// ec_keygen: the compressed public key of seckey32.
static int ls_keygen(unsigned char *out33, const unsigned char *seckey32) {
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!ls.ec_pubkey_create(ls.ctx, &pk, seckey32)) return 0;
	return ls.ec_pubkey_serialize(ls.ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED);
}

static int ls_pubkey_create(secp256k1_pubkey *pk, const unsigned char *seckey32) {
	return ls.ec_pubkey_create(ls.ctx, pk, seckey32);
}

// ecdsa_sign: the RFC 6979 signature (NULL nonce function: the default),
// serialized as DER into out72.
static int ls_sign_der(unsigned char *out72, size_t *outlen, const unsigned char *msg32,
                       const unsigned char *seckey32) {
	secp256k1_ecdsa_signature s;
	*outlen = 72;
	if (!ls.ecdsa_sign(ls.ctx, &s, msg32, seckey32, NULL, NULL)) return 0;
	return ls.ecdsa_signature_serialize_der(ls.ctx, out72, outlen, &s);
}

// ecdsa_verify: parse the public key and the DER signature, verify.
static int ls_verify_der(const unsigned char *msg32, const unsigned char *der, size_t derlen,
                         const unsigned char *pub, size_t publen) {
	secp256k1_pubkey pk;
	secp256k1_ecdsa_signature s;
	if (!ls.ec_pubkey_parse(ls.ctx, &pk, pub, publen)) return 0;
	if (!ls.ecdsa_signature_parse_der(ls.ctx, &s, der, derlen)) return 0;
	return ls.ecdsa_verify(ls.ctx, &s, msg32, &pk);
}

// ecdsa_recover: parse r ‖ s with recid, recover, serialize compressed.
static int ls_recover(unsigned char *out33, const unsigned char *msg32, const unsigned char *sig64, int recid) {
	secp256k1_ecdsa_recoverable_signature s;
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!ls.ecdsa_recoverable_signature_parse_compact(ls.ctx, &s, sig64, recid)) return 0;
	if (!ls.ecdsa_recover(ls.ctx, &pk, &s, msg32)) return 0;
	return ls.ec_pubkey_serialize(ls.ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED);
}

// ecdh: parse the peer's key, then secp256k1_ecdh with the default hash
// (SHA-256 of the compressed shared point).
static int ls_ecdh(unsigned char *out32, const unsigned char *pub, size_t publen, const unsigned char *seckey32) {
	secp256k1_pubkey pk;
	if (!ls.ec_pubkey_parse(ls.ctx, &pk, pub, publen)) return 0;
	return ls.ecdh(ls.ctx, out32, &pk, seckey32, NULL, NULL);
}

static int ls_keypair(secp256k1_keypair *kp, const unsigned char *seckey32) {
	return ls.keypair_create(ls.ctx, kp, seckey32);
}

// schnorrsig_sign: BIP-340 with a key pair made beforehand.
static int ls_schnorr_sign(unsigned char *out64, const unsigned char *msg32, const secp256k1_keypair *kp,
                           const unsigned char *aux32) {
	return ls.schnorrsig_sign32(ls.ctx, out64, msg32, kp, aux32);
}

// schnorrsig_verify: parse the x-only key, verify a 32-byte message.
static int ls_schnorr_verify(const unsigned char *sig64, const unsigned char *msg32, const unsigned char *xonly32) {
	secp256k1_xonly_pubkey xk;
	if (!ls.xonly_pubkey_parse(ls.ctx, &xk, xonly32)) return 0;
	return ls.schnorrsig_verify(ls.ctx, sig64, msg32, 32, &xk);
}

static int ls_ell_encode(unsigned char *out64, const secp256k1_pubkey *pk, const unsigned char *rnd32) {
	return ls.ellswift_encode(ls.ctx, out64, pk, rnd32);
}

// ellswift_decode, then the compressed serialization (for the comparison).
static int ls_ell_decode(unsigned char *out33, const unsigned char *ell64) {
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!ls.ellswift_decode(ls.ctx, &pk, ell64)) return 0;
	return ls.ec_pubkey_serialize(ls.ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED);
}

static int ls_ell_create(unsigned char *out64, const unsigned char *seckey32, const unsigned char *aux32) {
	return ls.ellswift_create(ls.ctx, out64, seckey32, aux32);
}

// ellswift_ecdh: the BIP-324 shared secret; party 0 is the initiator (A).
static int ls_ell_xdh(unsigned char *out32, const unsigned char *ell_a64, const unsigned char *ell_b64,
                      const unsigned char *seckey32, int party) {
	return ls.ellswift_xdh(ls.ctx, out32, ell_a64, ell_b64, seckey32, party, *ls.ellswift_xdh_hash_bip324, NULL);
}
*/
import "C"

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"unsafe"
)

// defaultLibsecp names the shared libraries tried in turn when -libsecp is
// empty and LIBSECP_SO is unset: the development symlink, then the sonames
// of 0.3+ and of 0.2.
var defaultLibsecp = []string{"libsecp256k1.so", "libsecp256k1.so.2", "libsecp256k1.so.1"}

// libsecpLoaded is the file that loadLibsecp opened ("" before).
var libsecpLoaded string

// loadLibsecp dlopens libsecp256k1 (path, or else $LIBSECP_SO, or else the
// defaults) once.
func loadLibsecp(path string) error {
	if libsecpLoaded != "" {
		return nil
	}
	candidates := defaultLibsecp
	if path == "" {
		path = os.Getenv("LIBSECP_SO")
	}
	if path != "" {
		candidates = []string{path}
	}
	var errs []error
	for _, p := range candidates {
		var seed [32]byte
		rand.Read(seed[:])
		cp := C.CString(p)
		var loaded *C.char
		msg := C.ls_open(cp, u8(seed[:]), &loaded)
		C.free(unsafe.Pointer(cp))
		if msg == nil {
			libsecpLoaded = C.GoString(loaded)
			return nil
		}
		errs = append(errs, fmt.Errorf("%s: %s", p, C.GoString(msg)))
	}
	return fmt.Errorf("cannot load libsecp256k1 (apt-get install libsecp256k1-dev, or -libsecp PATH, or leave it out with -libs): %w", errors.Join(errs...))
}

// libsecpVersion names the loaded library: the Debian package version that
// owns the file, the commit of the tarball that the oracle's build.sh built
// it from (its .built-from file, beside the lib directory), or else the
// file name.
func libsecpVersion() string {
	real, err := filepath.EvalSymlinks(libsecpLoaded)
	if err != nil {
		real = libsecpLoaded
	}
	if b, err := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(real)), ".built-from")); err == nil {
		tarball := strings.TrimSpace(string(b)) // libsecp256k1-687155df.tar.gz
		commit := strings.TrimPrefix(strings.TrimSuffix(tarball, ".tar.gz"), "libsecp256k1-")
		return commit + " (built from " + tarball + ")"
	}
	if out, err := exec.Command("dpkg-query", "-S", real).Output(); err == nil {
		pkg, _, _ := strings.Cut(strings.TrimSpace(string(out)), ":")
		if v, err := exec.Command("dpkg-query", "-W", "-f=${Version}", pkg).Output(); err == nil && len(v) > 0 {
			ver, _, _ := strings.Cut(string(v), "-") // 0.2.0-2 → 0.2.0
			return ver + " (Debian " + string(v) + ")"
		}
	}
	return filepath.Base(real)
}

func u8(b []byte) *C.uchar {
	if len(b) == 0 {
		return nil
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

func newLibsecp(path string) (*Lib, error) {
	if err := loadLibsecp(path); err != nil {
		return nil, err
	}
	version := libsecpVersion()
	l := &Lib{
		Name:  "libsecp",
		Label: "libsecp256k1 " + strings.Fields(version)[0],
		About: "libsecp256k1 " + version + ", " + libsecpLoaded + ", through cgo (one call per operation)",
	}
	var (
		seckeys  [][]byte
		keypairs []C.secp256k1_keypair
		pubkeys  []C.secp256k1_pubkey
	)
	l.Load = func(d *Dataset) {
		seckeys = d.Seckeys
		keypairs = make([]C.secp256k1_keypair, len(seckeys))
		pubkeys = make([]C.secp256k1_pubkey, len(seckeys))
		for i, sk := range seckeys {
			if C.ls_keypair(&keypairs[i], u8(sk)) != 1 || C.ls_pubkey_create(&pubkeys[i], u8(sk)) != 1 {
				panic("libsecp: invalid secret key in the data set")
			}
		}
	}
	l.Keygen = func(sk []byte) []byte {
		out := make([]byte, 33)
		if len(sk) != 32 || C.ls_keygen(u8(out), u8(sk)) != 1 {
			return nil
		}
		return out
	}
	l.ECDSASign = func(k int, msg []byte) []byte {
		out := make([]byte, 72)
		var n C.size_t
		if len(msg) != 32 || C.ls_sign_der(u8(out), &n, u8(msg), u8(seckeys[k])) != 1 {
			return nil
		}
		return out[:n]
	}
	l.ECDSAVerify = func(pub, der, _, msg []byte) bool {
		if len(msg) != 32 || len(der) == 0 || len(pub) == 0 {
			return false
		}
		return C.ls_verify_der(u8(msg), u8(der), C.size_t(len(der)), u8(pub), C.size_t(len(pub))) == 1
	}
	l.ECDSARecover = func(rsv, msg []byte) []byte {
		if len(msg) != 32 || len(rsv) != 65 || rsv[64] > 3 {
			return nil
		}
		out := make([]byte, 33)
		if C.ls_recover(u8(out), u8(msg), u8(rsv), C.int(rsv[64])) != 1 {
			return nil
		}
		return out
	}
	l.ECDH = func(k int, pub []byte) []byte {
		out := make([]byte, 32)
		if len(pub) == 0 || C.ls_ecdh(u8(out), u8(pub), C.size_t(len(pub)), u8(seckeys[k])) != 1 {
			return nil
		}
		return out
	}
	l.SchnorrSign = func(k int, msg, aux []byte) []byte {
		out := make([]byte, 64)
		if len(msg) != 32 || len(aux) != 32 || C.ls_schnorr_sign(u8(out), u8(msg), &keypairs[k], u8(aux)) != 1 {
			return nil
		}
		return out
	}
	l.SchnorrVerify = func(xonly, sig, msg []byte) bool {
		if len(xonly) != 32 || len(sig) != 64 || len(msg) != 32 {
			return false
		}
		return C.ls_schnorr_verify(u8(sig), u8(msg), u8(xonly)) == 1
	}
	if C.ls_has_ellswift() == 1 {
		l.EllEncode = func(k int, rnd []byte) []byte {
			out := make([]byte, 64)
			if len(rnd) != 32 || C.ls_ell_encode(u8(out), &pubkeys[k], u8(rnd)) != 1 {
				return nil
			}
			return out
		}
		l.EllDecode = func(enc []byte) []byte {
			out := make([]byte, 33)
			if len(enc) != 64 || C.ls_ell_decode(u8(out), u8(enc)) != 1 {
				return nil
			}
			return out
		}
		l.EllCreate = func(k int, aux []byte) []byte {
			out := make([]byte, 64)
			if len(aux) != 32 || C.ls_ell_create(u8(out), u8(seckeys[k]), u8(aux)) != 1 {
				return nil
			}
			return out
		}
		l.EllXDH = func(k int, ellA, ellB []byte, initiating bool) []byte {
			party := C.int(1)
			if initiating {
				party = 0
			}
			out := make([]byte, 32)
			if len(ellA) != 64 || len(ellB) != 64 || C.ls_ell_xdh(u8(out), u8(ellA), u8(ellB), u8(seckeys[k]), party) != 1 {
				return nil
			}
			return out
		}
	}
	l.Illegal = func() uint64 { return uint64(C.ls_illegal_calls()) }
	return l, nil
}
