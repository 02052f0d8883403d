package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/hash2curve"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

const benchUsage = `usage: secp256k1 bench [main|internal|ecmult|all] [-format table|benchstat] [-run regexp]

Times the library and prints libsecp256k1's benchmark table on standard
output: "Benchmark , Min(us) , Avg(us) , Max(us)", with libsecp256k1's row
names. Each row is 10 runs (after a warm-up); the times are per operation,
and per point for ecmult_1p_g and the ecmult_multi rows, as libsecp256k1
reports them.

groups (default main; several may be given, and run in this order):
  main       the rows of libsecp256k1's bench: ecdsa_verify, ecdsa_sign,
             ec_keygen, ecdh, ecdsa_recover, schnorrsig_*, ellswift_*;
             then hash_to_curve_ro and _nu (RFC 9380), ecdsa_verify_many
             and schnorrsig_verify_many (per signature), musig_* (MuSig2,
             2-of-2), frost_*
             (BIP-445 signing, t = 3), frost_chilldkg_* (ChillDKG, one
             participant's or the coordinator's work per session, for
             (t, n) = (2, 3) and (11, 15)), adaptor_* (BIP-340 and ECDSA
             adaptor signatures), ecdsa_s2c_sign and
             ecdsa_anti_exfil_host_verify (secp256k1-zkp's sign-to-contract
             and anti-exfil), schnorrsig_halfagg_aggregate_N and
             schnorrsig_halfagg_verify_N (half-aggregation of N = 2, 16,
             256, 4096 signatures: per aggregate, not per signature),
             generator_generate, generator_generate_blinded,
             pedersen_commit, surjectionproof_generate_N,
             surjectionproof_verify_N and surjectionproof_verify_many_N
             (N inputs, all used; N = 3, 10; the many row per proof, 64
             proofs on one goroutine)
             (secp256k1-zkp's generator and surjection modules),
             dleq_prove and dleq_verify (BIP-374),
             silentpayments_scan_many (per transaction) and
             silentpayments_light_tweak (the k = 0 candidates of one
             tweak, over 10000 tweaks: µs per tweak), and libsecp256k1's
             silentpayments_scan_nomatch_N (N outputs, none ours) and
             silentpayments_scan_worstcase_K (K outputs, all ours) per scan;
             rangeproof_verify_bit (secp256k1-zkp's row: a 32-bit proof,
             per bit), rangeproof_sign_64, rangeproof_verify_64,
             rangeproof_verify_many_64 (per proof, on one goroutine) and
             rangeproof_rewind (a 64-bit mantissa); whitelist_N
             (secp256k1-zkp's bench_whitelist: a signature over N key
             pairs, for N = 1, 5, 10 and 30)
  internal   the rows of bench_internal: scalar_*, field_*, group_*,
             hash_*; and field_mul_ifma, group_double_ifma and
             group_add_affine_ifma: eight lanes at once, per product or
             point (AVX-512 IFMA where the CPU has it, else the generic
             twins)
  ecmult     the rows of bench_ecmult: ecmult_gen, ecmult_const, ecmult_1p,
             ecmult_0p_g, ecmult_1p_g, and ecmult_multi_<N>p_g (N points and
             G in one multi-scalar multiplication) for N from 1 to 32768
  all        main, internal and ecmult

flags:
  -format table|benchstat
             benchstat prints each run as a Go benchmark line
             (BenchmarkEcdsaVerify <n> <t> ns/op) for the benchstat tool
  -run regexp
             only the rows of the selected groups whose names match
             (for example: bench all -run 'ecdh|ecmult_multi_(1|2)p')

environment:
  SECP256K1_BENCH_ITERS=n
             iterations per run: n for the main rows (default 20000), and the
             other rows scaled alike; a small n gives a quick check

The field backend and GOMAXPROCS are printed on standard error, and, when
standard error is a terminal, a progress line.
`

// benchRow is one row of the table: run performs iters iterations.
type benchRow struct {
	name  string
	iters int // default iterations, as libsecp256k1's bench tools choose them
	run   func(iters int)
	per   int // operations per iteration, the times' unit: points for some ecmult rows; 0 means 1
}

// benchGroups are the groups of rows, in the order they run.
var benchGroups = []struct {
	name string
	rows func() []benchRow
}{
	{"main", func() []benchRow {
		return slices.Concat(mainRows(), manyRows(), musigRows(), frostRows(), chilldkgRows(), adaptorRows(), s2cRows(), halfaggRows(), ctRows(), spRows(), rangeproofRows(), whitelistRows())
	}},
	{"internal", internalRows},
	{"ecmult", ecmultRows},
}

// runBench runs the rows of the selected groups and prints the table.
func runBench(args []string, stdout, stderr io.Writer) int {
	selected := map[string]bool{}
	format := "table"
	var filter *regexp.Regexp
	for i := 0; i < len(args); i++ {
		a := args[i]
		var name, value string
		hasValue := false
		if strings.HasPrefix(a, "-") {
			name, value, hasValue = strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		}
		switch {
		case isHelp(a):
			io.WriteString(stdout, benchUsage)
			return exitOK
		case name == "format" || name == "run":
			if !hasValue {
				if i+1 == len(args) {
					fprintf(stderr, "secp256k1 bench: -%s wants a value (see secp256k1 bench -h)\n", name)
					return exitUsage
				}
				value = args[i+1]
				i++
			}
			if name == "run" {
				re, err := regexp.Compile(value)
				if err != nil {
					fprintf(stderr, "secp256k1 bench: bad -run: %v\n", err)
					return exitUsage
				}
				filter = re
				break
			}
			if value != "table" && value != "benchstat" {
				fprintf(stderr, "secp256k1 bench: -format wants table or benchstat, not %q\n", value)
				return exitUsage
			}
			format = value
		case a == "main" || a == "internal" || a == "ecmult":
			selected[a] = true
		case a == "all":
			for _, g := range benchGroups {
				selected[g.name] = true
			}
		default:
			fprintf(stderr, "secp256k1 bench: unknown argument %q (want main, internal, ecmult, all, -format table|benchstat, -run regexp; see secp256k1 bench -h)\n", a)
			return exitUsage
		}
	}
	if len(selected) == 0 {
		selected["main"] = true
	}
	scale := 1.0
	if s := os.Getenv("SECP256K1_BENCH_ITERS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			fprintf(stderr, "secp256k1 bench: bad SECP256K1_BENCH_ITERS %q (want a positive integer)\n", s)
			return exitUsage
		}
		scale = float64(n) / 20000
	}

	var rows []benchRow
	for _, g := range benchGroups {
		if !selected[g.name] {
			continue
		}
		for _, r := range g.rows() {
			if filter == nil || filter.MatchString(r.name) {
				rows = append(rows, r)
			}
		}
	}
	if len(rows) == 0 {
		fprintf(stderr, "secp256k1 bench: no row matches -run %q\n", filter)
		return exitUsage
	}

	// The backend goes to standard error, so that standard output parses
	// exactly as libsecp256k1's bench output does.
	fprintf(stderr, "secp256k1 bench: field arithmetic: %s; GOMAXPROCS %d\n", field.Backend(), runtime.GOMAXPROCS(0))
	if format == "table" {
		fprintf(stdout, "%-30s,%-15s,%-15s,%-15s\n\n", "Benchmark", "    Min(us)    ", "    Avg(us)    ", "    Max(us)    ")
	}
	// A progress line on a terminal only: standard error may be captured
	// with standard output, and then it must stay clean.
	tty := false
	if f, ok := stderr.(*os.File); ok {
		tty = isTerminal(f.Fd()) && os.Getenv("TERM") != "dumb"
	}
	for i, r := range rows {
		iters := max(1, int(float64(r.iters)*scale))
		progress := func(run int) {}
		if tty {
			progress = func(run int) {
				fprintf(stderr, "\r[%d/%d] %s ...", i+1, len(rows), r.name)
				if run > 0 {
					fprintf(stderr, " %d/%d", run, benchRuns)
				}
			}
		}
		times := measure(r, iters, progress)
		if tty {
			io.WriteString(stderr, "\r\033[K")
		}
		printRow(stdout, r, iters, times, format)
	}
	return exitOK
}

// benchRuns is the number of timed runs per row, libsecp256k1's count.
const benchRuns = 10

// measure times benchRuns runs of iters iterations after a warm-up, like
// libsecp256k1's run_benchmark, calling progress before each run.
func measure(r benchRow, iters int, progress func(run int)) []time.Duration {
	progress(0)
	r.run(max(1, iters/10)) // warm up
	times := make([]time.Duration, benchRuns)
	for i := range times {
		progress(i + 1)
		start := time.Now()
		r.run(iters)
		times[i] = time.Since(start)
	}
	return times
}

// printRow prints the per-operation minimum, average and maximum of the
// runs; with format "benchstat" it prints each run as a Go benchmark line
// instead (BenchmarkEcdsaVerify <n> <t> ns/op), which benchstat reads.
func printRow(w io.Writer, r benchRow, iters int, times []time.Duration, format string) {
	ops := float64(iters * max(1, r.per))
	if format == "benchstat" {
		for _, d := range times {
			fprintf(w, "Benchmark%s %d %.1f ns/op\n", benchstatName(r.name), iters*max(1, r.per), float64(d.Nanoseconds())/ops)
		}
		return
	}
	lo, hi, sum := times[0], times[0], time.Duration(0)
	for _, d := range times {
		lo, hi, sum = min(lo, d), max(hi, d), sum+d
	}
	us := func(d time.Duration) string {
		return formatMicros(float64(d.Nanoseconds()) / 1e3 / ops)
	}
	fprintf(w, "%-30s, %s   , %s   , %s\n", r.name, us(lo), us(sum/time.Duration(len(times))), us(hi))
}

// benchstatName turns a libsecp256k1 row name into a Go benchmark name:
// ecdsa_verify → EcdsaVerify.
func benchstatName(row string) string {
	out := make([]byte, 0, len(row))
	upper := true
	for i := range len(row) {
		c := row[i]
		if c == '_' {
			upper = true
			continue
		}
		if upper && 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		upper = false
		out = append(out, c)
	}
	return string(out)
}

// formatMicros prints like libsecp256k1's print_number: the integer part
// right-aligned in 5 columns, then the fraction left-aligned in 6.
func formatMicros(x float64) string {
	s := strconv.FormatFloat(x, 'f', fractionDigits(x), 64)
	intPart, frac := s, ""
	for i := range len(s) {
		if s[i] == '.' {
			intPart, frac = s[:i], s[i:]
			break
		}
	}
	return fmt.Sprintf("%5s%-6s", intPart, frac)
}

// fractionDigits keeps about six significant digits, as libsecp256k1 does.
func fractionDigits(x float64) int {
	switch {
	case x >= 10000:
		return 0
	case x >= 1000:
		return 1
	case x >= 100:
		return 2
	default:
		return 3
	}
}

// mainRows are the rows of libsecp256k1's bench program, each doing what its
// C counterpart does per iteration (bench.c, bench_ecdh.h, bench_recover.h,
// bench_schnorrsig.h).
func mainRows() []benchRow {
	key := sha256.Sum256([]byte("bench key"))
	msg := sha256.Sum256([]byte("bench message"))
	k, _ := secp256k1.NewPrivateKey(key[:])
	pubBytes := k.PublicKey().BytesCompressed()
	sig, _ := ecdsa.Sign(k, msg[:])
	der := sig.DER()
	rec, _ := ecdsa.SignRecoverable(k, msg[:])
	kp := schnorr.NewKeypair(k)
	ssig, _ := kp.Sign(msg[:], make([]byte, 32))
	xonly := kp.XOnlyPublicKey()
	peer, _ := secp256k1.ParsePublicKey(pubBytes)
	return []benchRow{
		{name: "ecdsa_verify", iters: 20000, run: func(n int) {
			// Parse the key and the DER signature, verify; as in bench.c
			// the signature's last bytes are flipped by i, so only i = 0
			// is valid.
			for i := range n {
				der[len(der)-1] ^= byte(i)
				der[len(der)-2] ^= byte(i >> 8)
				pub, err := secp256k1.ParsePublicKey(pubBytes)
				if err != nil {
					panic(err)
				}
				if s, err := ecdsa.ParseDERSignature(der); err == nil {
					if ecdsa.Verify(pub, msg[:], s) != (i == 0) {
						panic("ecdsa_verify: wrong result")
					}
				}
				der[len(der)-1] ^= byte(i)
				der[len(der)-2] ^= byte(i >> 8)
			}
		}},
		{name: "ecdsa_sign", iters: 20000, run: func(n int) {
			m := msg
			for range n {
				s, _ := ecdsa.Sign(k, m[:])
				copy(m[:], s.Compact()[:32])
			}
		}},
		{name: "ec_keygen", iters: 20000, run: func(n int) {
			kk := key
			for range n {
				k2, err := secp256k1.NewPrivateKey(kk[:])
				if err != nil {
					panic(err)
				}
				copy(kk[:], k2.PublicKey().BytesCompressed()[1:])
				kk[0] &= 0x7f // stay below n
			}
		}},
		{name: "ecdh", iters: 20000, run: func(n int) {
			for range n {
				runtime.KeepAlive(ecdh.SharedSecret(k, peer))
			}
		}},
		{name: "ecdsa_recover", iters: 20000, run: func(n int) {
			m := msg
			for range n {
				pub, err := ecdsa.RecoverPublicKey(m[:], rec)
				if err != nil {
					panic(err)
				}
				copy(m[:], pub.BytesCompressed()[1:])
			}
		}},
		{name: "schnorrsig_sign", iters: 20000, run: func(n int) {
			m := msg
			aux := make([]byte, 32)
			for range n {
				s, _ := kp.Sign(m[:], aux)
				copy(m[:], s[:32])
			}
		}},
		{name: "ellswift_encode", iters: 20000, run: func(n int) {
			rnd := msg
			for range n {
				enc, err := ellswift.Encode(peer, rnd[:])
				if err != nil {
					panic(err)
				}
				copy(rnd[:], enc[32:])
			}
		}},
		{name: "ellswift_decode", iters: 20000, run: func(n int) {
			var enc [64]byte
			copy(enc[:], key[:])
			for range n {
				pub, err := ellswift.Decode(enc[:])
				if err != nil {
					panic(err)
				}
				copy(enc[:], pub.BytesCompressed()[1:])
			}
		}},
		{name: "ellswift_keygen", iters: 20000, run: func(n int) {
			aux := msg
			for range n {
				enc, err := ellswift.Create(k, aux[:])
				if err != nil {
					panic(err)
				}
				copy(aux[:], enc[:32])
			}
		}},
		{name: "ellswift_ecdh", iters: 20000, run: func(n int) {
			ours, _ := ellswift.Create(k, msg[:])
			theirs, _ := ellswift.Encode(peer, key[:])
			for i := range n {
				if _, err := ellswift.XDH(ours, theirs, k, i&1 == 0); err != nil {
					panic(err)
				}
			}
		}},
		{name: "schnorrsig_verify", iters: 20000, run: func(n int) {
			for range n {
				pub, err := schnorr.ParsePublicKey(xonly)
				if err != nil || !schnorr.Verify(pub, msg[:], ssig) {
					panic("schnorrsig_verify failed")
				}
			}
		}},
		// RFC 9380's two suites on a 32-byte message, chained through the
		// compressed result (libsecp256k1 has no such rows).
		{name: "hash_to_curve_ro", iters: 20000, run: func(n int) {
			benchHashToCurve(n, msg, hash2curve.HashToCurve)
		}},
		{name: "hash_to_curve_nu", iters: 20000, run: func(n int) {
			benchHashToCurve(n, msg, hash2curve.EncodeToCurve)
		}},
	}
}

// benchHashToCurve runs hash n times, each on the x coordinate of the
// previous point.
func benchHashToCurve(n int, msg [32]byte, hash func(msg, dst []byte) (*secp256k1.Point, error)) {
	dst := []byte("KESTREL-BENCH-V01-with-secp256k1_XMD:SHA-256_SSWU")
	for range n {
		p, err := hash(msg[:], dst)
		if err != nil {
			panic(err)
		}
		copy(msg[:], p.BytesCompressed()[1:])
	}
}

// internalRows are the rows of libsecp256k1's bench_internal that have a
// counterpart here, with its names, order and iteration counts, each doing
// per iteration what its C function does (bench_internal.c). Its
// scalar_split, field_normalize_weak, wnaf_const, ecmult_wnaf,
// hash_hmac_sha256, hash_rfc6979_hmac_sha256 and context_create have no
// counterpart reachable from this command (unexported or not a concept
// here). The point multiplications are in ecmultRows, as in libsecp256k1.
func internalRows() []benchRow {
	seed0 := sha256.Sum256([]byte("bench_internal 0"))
	seed1 := sha256.Sum256([]byte("bench_internal 1"))
	var s0, s1 secp256k1.Scalar
	s0.SetReducedBytes(seed0[:])
	s1.SetReducedBytes(seed1[:])
	var x, y field.Element // fe[0], fe[1]
	x.SetBytes(&seed0)
	y.SetBytes(&seed1)

	// Two points with Z ≠ 1 (8·G and 3·G) and an affine one (3·G), as
	// bench_internal's gej[0], gej[1] and ge[1].
	var p0, p1 group.Jacobian
	p0.SetAffine(&group.Generator)
	p0.Double(&p0).Double(&p0).Double(&p0)
	p1.SetAffine(&group.Generator)
	p1.Double(&p1).VarTimeAddAffine(&p1, &group.Generator)
	var a group.Affine
	a.SetJacobian(&p1)
	data := seed0 // hash_sha256's buffer

	return []benchRow{
		{name: "scalar_add", iters: 2000000, run: func(n int) {
			for range n {
				s0.Add(&s0, &s1)
			}
		}},
		{name: "scalar_negate", iters: 2000000, run: func(n int) {
			for range n {
				s0.Negate(&s0)
			}
		}},
		{name: "scalar_mul", iters: 200000, run: func(n int) {
			for range n {
				s0.Multiply(&s0, &s1)
			}
		}},
		{name: "scalar_split", iters: 20000, run: func(n int) {
			k := toInternalScalar(&s0)
			for range n {
				k1, k2 := scalar.SplitGLV(&k)
				k.Add(&k1, &k2)
			}
		}},
		{name: "scalar_inverse", iters: 20000, run: func(n int) {
			for range n {
				s0.Invert(&s0)
				s0.Add(&s0, &s1)
			}
		}},
		{name: "scalar_inverse_var", iters: 20000, run: func(n int) {
			for range n {
				s0.VarTimeInvert(&s0)
				s0.Add(&s0, &s1)
			}
		}},
		{name: "field_half", iters: 2000000, run: func(n int) {
			for range n {
				x.Half(&x)
			}
		}},
		{name: "field_normalize", iters: 2000000, run: func(n int) {
			for range n {
				x.Normalize(&x)
			}
		}},
		{name: "field_sqr", iters: 200000, run: func(n int) {
			for range n {
				x.Square(&x)
			}
		}},
		{name: "field_mul", iters: 200000, run: func(n int) {
			for range n {
				x.Multiply(&x, &y)
			}
		}},
		{name: "field_inverse", iters: 20000, run: func(n int) {
			for range n {
				x.Invert(&x)
				x.Add(&x, &y)
			}
		}},
		{name: "field_inverse_var", iters: 20000, run: func(n int) {
			for range n {
				x.VarTimeInvert(&x)
				x.Add(&x, &y)
			}
		}},
		{name: "field_is_square_var", iters: 20000, run: func(n int) {
			squares := 0
			for range n {
				squares += x.VarTimeIsSquare()
				x.Add(&x, &y)
			}
			runtime.KeepAlive(squares)
		}},
		{name: "field_sqrt", iters: 20000, run: func(n int) {
			for range n {
				t := x
				x.Sqrt(&t)
				x.Add(&x, &y)
			}
		}},
		{name: "group_double_var", iters: 200000, run: func(n int) {
			for range n {
				p0.VarTimeDouble(&p0) // as secp256k1_gej_double_var
			}
		}},
		{name: "group_add_var", iters: 200000, run: func(n int) {
			for range n {
				p0.VarTimeAdd(&p0, &p1)
			}
		}},
		{name: "group_add_affine", iters: 200000, run: func(n int) {
			for range n {
				p0.AddAffine(&p0, &a)
			}
		}},
		{name: "group_add_affine_var", iters: 200000, run: func(n int) {
			for range n {
				p0.VarTimeAddAffine(&p0, &a)
			}
		}},
		// The eight-lane rows (internal/field8, internal/group8), per field
		// product or per point: the AVX-512 IFMA assembly where the CPU has
		// it, the generic twins elsewhere.
		{name: "field_mul_ifma", iters: 200000 / field8.Lanes, per: field8.Lanes, run: func(n int) {
			x8, y8 := lanes8(&x), lanes8(&y)
			for range n {
				x8.Mul(x8, y8)
			}
		}},
		{name: "group_double_ifma", iters: 200000 / field8.Lanes, per: field8.Lanes, run: func(n int) {
			j := group8.Jacobian8{X: *lanes8(&p0.X), Y: *lanes8(&p0.Y), Z: *lanes8(&p0.Z)}
			for range n {
				j.Double(&j)
			}
		}},
		{name: "group_add_affine_ifma", iters: 200000 / field8.Lanes, per: field8.Lanes, run: func(n int) {
			j := group8.Jacobian8{X: *lanes8(&p0.X), Y: *lanes8(&p0.Y), Z: *lanes8(&p0.Z)}
			a8 := group8.Affine8{X: *lanes8(&a.X), Y: *lanes8(&a.Y)}
			for range n {
				j.AddAffine(&j, &a8)
			}
		}},
		{name: "group_add_zinv_var", iters: 200000, run: func(n int) {
			for range n {
				zinv := p0.Y // as bench_internal: any nonzero value
				p0.VarTimeAddZinv(&p0, &a, &zinv)
			}
		}},
		{name: "group_to_affine_var", iters: 20000, run: func(n int) {
			var b group.Affine
			for range n {
				b.VarTimeSetJacobian(&p0)
				// As bench_internal: vary the input with the output, which
				// leaves the curve; the conversion does not care.
				p0.X.Add(&p0.X, &b.Y)
				p0.Y.Add(&p0.Y, &y)
				p0.Z.Add(&p0.Z, &b.X)
			}
			// Back on the curve for the rows that run after this one.
			p0.SetAffine(&a)
			p0.Double(&p0)
		}},
		{name: "ecmult_wnaf", iters: 20000, run: func(n int) {
			k := toInternalScalar(&s0)
			var naf [257]int32
			for range n {
				scalar.VarTimeWNAF(&naf, &k, 5)
				k.Add(&k, &k)
			}
		}},
		{name: "hash_sha256", iters: 20000, run: func(n int) {
			for range n {
				h := ksha256.New()
				h.Write(data[:])
				h.Sum(&data)
			}
		}},
		// HMAC-SHA256 of 32 bytes with a 32-byte key, and one RFC 6979
		// initialisation on a 64-byte seed with one 32-byte output, as
		// bench_internal's rows: ECDSA's nonce derivation.
		{name: "hash_hmac_sha256", iters: 20000, run: func(n int) {
			for range n {
				data = ksha256.HMAC32(&data, data[:], nil, nil)
			}
		}},
		{name: "hash_rfc6979_hmac_sha256", iters: 20000, run: func(n int) {
			var seed [64]byte
			var g ksha256.RFC6979
			for range n {
				copy(seed[:], data[:])
				g.Init(seed[:])
				g.Generate(&data)
			}
		}},
	}
}

// lanes8 returns x in every lane of an Element8.
func lanes8(x *field.Element) *field8.Element8 {
	v := new(field8.Element8)
	w := x.Limbs()
	for l := range field8.Lanes {
		v.SetLane(l, &w)
	}
	return v
}

// toInternalScalar returns s as an internal/scalar value.
func toInternalScalar(s *secp256k1.Scalar) scalar.Scalar {
	var k scalar.Scalar
	k.SetReducedBytes((*[32]byte)(s.Bytes()))
	return k
}

// ecmultXOnlyInputs returns the x coordinates of points and the scalars as
// internal values, for the ecmult_const_xonly row, once.
var ecmultXOnlyInputs = func() func([]secp256k1.Scalar, []secp256k1.Point) ([]field.Element, []scalar.Scalar) {
	var xs []field.Element
	var ks []scalar.Scalar
	return func(scalars []secp256k1.Scalar, points []secp256k1.Point) ([]field.Element, []scalar.Scalar) {
		if xs == nil {
			xs = make([]field.Element, len(points))
			ks = make([]scalar.Scalar, len(scalars))
			for i := range points {
				xs[i].SetBytes((*[32]byte)(points[i].VarTimeBytesCompressed()[1:]))
				ks[i] = toInternalScalar(&scalars[i])
				if ks[i].IsZero() == 1 {
					ks[i].SetUint64(1)
				}
			}
		}
		return xs, ks
	}
}()

// ecmultPoints is the number of scalars and points the ecmult rows cycle
// through (libsecp256k1's bench_ecmult POINTS), enough for the largest
// multi-scalar multiplication.
const ecmultPoints = 32768

// ecmultMultiSizes are the numbers of points (besides G) of the
// ecmult_multi rows.
var ecmultMultiSizes = []int{1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 1024, 4096, 16384, 32768}

// ecmultMultiPoints is the number of points each run of an ecmult_multi row
// multiplies, at the default SECP256K1_BENCH_ITERS: the iterations of a row
// are this divided by its points, at least 1. libsecp256k1 runs iters
// multiplications of every size instead, which takes hours for the large
// ones; this keeps the default "bench ecmult" at about 20 s on the 2-core
// development machine (37 s with another benchmark on the other core).
const ecmultMultiPoints = 10000

// ecmultRows are the rows of libsecp256k1's bench_ecmult with its names and
// its way of counting, each doing per iteration what its C function does
// (bench_ecmult.c): the scalars are hashes of a counter and the points are
// 2ⁱ·G in affine coordinates, taken in turn from ecmultPoints of each.
func ecmultRows() []benchRow {
	// The inputs are made on the first run of a row, in its warm-up: only
	// if a row runs, and outside the timed runs.
	var (
		scalars []secp256k1.Scalar
		points  []secp256k1.Point
	)
	setup := func() {
		if scalars != nil {
			return
		}
		scalars = make([]secp256k1.Scalar, ecmultPoints)
		points = make([]secp256k1.Point, ecmultPoints)
		p := secp256k1.NewGeneratorPoint()
		for i := range ecmultPoints {
			h := sha256.Sum256(fmt.Appendf(nil, "bench_ecmult scalar %d", i))
			scalars[i].SetReducedBytes(h[:])
			// Through the encoding, so that the point is affine (Z = 1) as
			// bench_ecmult's are.
			if _, err := points[i].SetBytes(p.Bytes()); err != nil {
				panic(err)
			}
			p.Double(p)
		}
		runtime.GC() // the garbage of the setup, not in the first timed run
	}
	zero, identity, g := secp256k1.NewScalar(), secp256k1.NewIdentityPoint(), secp256k1.NewGeneratorPoint()
	// next returns the indices of the next scalar and point, offset from
	// each other as bench_ecmult's offset1 and offset2 are.
	turn := 0
	next := func() (int, int) {
		turn = (turn + 1) % ecmultPoints
		return turn, (turn + ecmultPoints/3) % ecmultPoints
	}
	var out secp256k1.Point
	rows := []benchRow{
		{name: "ecmult_gen", iters: 10000, run: func(n int) {
			setup()
			for range n {
				k, _ := next()
				out.ScalarBaseMult(&scalars[k])
			}
		}},
		{name: "ecmult_const", iters: 10000, run: func(n int) {
			setup()
			for range n {
				k, j := next()
				out.ScalarMult(&scalars[k], &points[j])
			}
		}},
		{name: "ecmult_const_xonly", iters: 10000, run: func(n int) {
			setup()
			xs, ks := ecmultXOnlyInputs(scalars, points)
			var x field.Element
			for range n {
				k, j := next()
				ecmult.XOnlyScalarMult(&x, &xs[j], &ks[k])
			}
		}},
		{name: "ecmult_1p", iters: 10000, run: func(n int) {
			setup()
			for range n {
				k, j := next()
				out.VarTimeDoubleScalarBaseMult(&scalars[k], &points[j], zero)
			}
		}},
		{name: "ecmult_0p_g", iters: 10000, run: func(n int) {
			setup()
			for range n {
				k, _ := next()
				out.VarTimeDoubleScalarBaseMult(zero, identity, &scalars[k])
			}
		}},
		// a·A + b·G, reported per point (two points), as bench_ecmult's
		// ecmult_1p_g is.
		{name: "ecmult_1p_g", iters: 10000, per: 2, run: func(n int) {
			setup()
			for range n {
				k, j := next()
				out.VarTimeDoubleScalarBaseMult(&scalars[k], &points[j], &scalars[(k+1)%ecmultPoints])
			}
		}},
	}
	// ecmult_multi_<N>p_g is Σ kᵢ·Pᵢ + k·G over N points and G, reported
	// per point (N + 1 points), as bench_ecmult's rows of that name are. The
	// public API has no separate G term for many points, so G is one more
	// input point here: unlike libsecp256k1's, it does not use the
	// precomputed tables of G. Every row runs on one goroutine, as
	// libsecp256k1's (VarTimeMultiScalarMult's default).
	for _, np := range ecmultMultiSizes {
		ks := make([]*secp256k1.Scalar, np+1)
		ps := make([]*secp256k1.Point, np+1)
		ps[np] = g
		rows = append(rows, benchRow{
			name:  fmt.Sprintf("ecmult_multi_%dp_g", np),
			iters: max(1, ecmultMultiPoints/(np+1)),
			per:   np + 1,
			run: func(n int) {
				setup()
				for range n {
					k, j := next()
					for t := range np {
						ks[t] = &scalars[(k+t)%ecmultPoints]
						ps[t] = &points[(j+t)%ecmultPoints]
					}
					ks[np] = &scalars[(k+np)%ecmultPoints]
					out.VarTimeMultiScalarMult(ks, ps)
				}
			},
		})
	}
	return rows
}
