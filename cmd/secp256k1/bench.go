package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// benchRow is one row of the table: run performs iters operations.
type benchRow struct {
	name  string
	iters int // default iterations, as libsecp256k1's bench tools choose them
	run   func(iters int)
}

// runBench runs the rows of the selected groups and prints the table.
func runBench(args []string, stdout, stderr io.Writer) int {
	groups := map[string]bool{"main": true}
	format := "table"
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "-format", "--format":
			if i+1 == len(args) || (args[i+1] != "table" && args[i+1] != "benchstat") {
				fmt.Fprintf(stderr, "secp256k1 bench: -format wants table or benchstat\n")
				return 2
			}
			format = args[i+1]
			i++
		case "internal":
			groups = map[string]bool{"internal": true}
		case "all":
			groups = map[string]bool{"main": true, "internal": true}
		default:
			fmt.Fprintf(stderr, "secp256k1 bench: unknown argument %q (want internal, all, -format table|benchstat)\n", a)
			return 2
		}
	}
	scale := 1.0
	if s := os.Getenv("SECP256K1_BENCH_ITERS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			fmt.Fprintf(stderr, "secp256k1 bench: bad SECP256K1_BENCH_ITERS %q\n", s)
			return 2
		}
		scale = float64(n) / 20000
	}

	// The backend goes to standard error, so that standard output parses
	// exactly as libsecp256k1's bench output does.
	fmt.Fprintf(stderr, "secp256k1 bench: field arithmetic: %s; GOMAXPROCS %d\n", field.Backend(), runtime.GOMAXPROCS(0))
	if format == "table" {
		fmt.Fprintf(stdout, "%-30s,%-15s,%-15s,%-15s\n\n", "Benchmark", "    Min(us)    ", "    Avg(us)    ", "    Max(us)    ")
	}
	var rows []benchRow
	if groups["main"] {
		rows = append(rows, mainRows()...)
	}
	if groups["internal"] {
		rows = append(rows, internalRows()...)
	}
	for _, r := range rows {
		iters := max(1, int(float64(r.iters)*scale))
		runRow(stdout, r, iters, format)
	}
	return 0
}

// runRow times 10 runs of iters operations, like libsecp256k1's
// run_benchmark, and prints the per-operation minimum, average and maximum;
// with format "benchstat" it prints each run as a Go benchmark line instead
// (BenchmarkEcdsaVerify <iters> <ns> ns/op), which benchstat reads.
func runRow(w io.Writer, r benchRow, iters int, format string) {
	const count = 10
	r.run(max(1, iters/10)) // warm up
	lo, hi, sum := time.Duration(1<<62), time.Duration(0), time.Duration(0)
	for range count {
		start := time.Now()
		r.run(iters)
		d := time.Since(start)
		lo, hi, sum = min(lo, d), max(hi, d), sum+d
		if format == "benchstat" {
			fmt.Fprintf(w, "Benchmark%s %d %.1f ns/op\n", benchstatName(r.name), iters, float64(d.Nanoseconds())/float64(iters))
		}
	}
	if format == "benchstat" {
		return
	}
	us := func(d time.Duration) string {
		return formatMicros(float64(d.Nanoseconds()) / 1e3 / float64(iters))
	}
	fmt.Fprintf(w, "%-30s, %s   , %s   , %s\n", r.name, us(lo), us(sum/count), us(hi))
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

var (
	sinkPoint secp256k1.Point
)

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
		{"ecdsa_verify", 20000, func(n int) {
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
		{"ecdsa_sign", 20000, func(n int) {
			m := msg
			for range n {
				s, _ := ecdsa.Sign(k, m[:])
				copy(m[:], s.Compact()[:32])
			}
		}},
		{"ec_keygen", 20000, func(n int) {
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
		{"ecdh", 20000, func(n int) {
			for range n {
				runtime.KeepAlive(ecdh.SharedSecret(k, peer))
			}
		}},
		{"ecdsa_recover", 20000, func(n int) {
			m := msg
			for range n {
				pub, err := ecdsa.RecoverPublicKey(m[:], rec)
				if err != nil {
					panic(err)
				}
				copy(m[:], pub.BytesCompressed()[1:])
			}
		}},
		{"schnorrsig_sign", 20000, func(n int) {
			m := msg
			aux := make([]byte, 32)
			for range n {
				s, _ := kp.Sign(m[:], aux)
				copy(m[:], s[:32])
			}
		}},
		{"ellswift_encode", 20000, func(n int) {
			rnd := msg
			for range n {
				enc, err := ellswift.Encode(peer, rnd[:])
				if err != nil {
					panic(err)
				}
				copy(rnd[:], enc[32:])
			}
		}},
		{"ellswift_decode", 20000, func(n int) {
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
		{"ellswift_keygen", 20000, func(n int) {
			aux := msg
			for range n {
				enc, err := ellswift.Create(k, aux[:])
				if err != nil {
					panic(err)
				}
				copy(aux[:], enc[:32])
			}
		}},
		{"ellswift_ecdh", 20000, func(n int) {
			ours, _ := ellswift.Create(k, msg[:])
			theirs, _ := ellswift.Encode(peer, key[:])
			for i := range n {
				if _, err := ellswift.XDH(ours, theirs, k, i&1 == 0); err != nil {
					panic(err)
				}
			}
		}},
		{"schnorrsig_verify", 20000, func(n int) {
			for range n {
				pub, err := schnorr.ParsePublicKey(xonly)
				if err != nil || !schnorr.Verify(pub, msg[:], ssig) {
					panic("schnorrsig_verify failed")
				}
			}
		}},
	}
}

func internalRows() []benchRow {
	x := *new(field.Element).SetUint64(0x123456789abcdef)
	x.Invert(&x)
	var s secp256k1.Scalar
	s.SetUint64(0xfedcba987654321)
	s.Invert(&s)
	g := secp256k1.NewGeneratorPoint()
	var pj group.Jacobian
	pj.SetAffine(&group.Generator)
	pj.Double(&pj)
	pj.Double(&pj)
	var a group.Affine
	a.SetJacobian(&pj)
	pj.Double(&pj)
	return []benchRow{
		{"field_mul", 200000, func(n int) {
			for range n {
				x.Multiply(&x, &x)
			}
			runtime.KeepAlive(x)
		}},
		{"field_sqr", 200000, func(n int) {
			for range n {
				x.Square(&x)
			}
			runtime.KeepAlive(x)
		}},
		{"field_inverse", 20000, func(n int) {
			for range n {
				x.Invert(&x)
			}
			runtime.KeepAlive(x)
		}},
		{"field_inverse_var", 20000, func(n int) {
			for range n {
				x.VarTimeInvert(&x)
			}
			runtime.KeepAlive(x)
		}},
		{"field_is_square_var", 20000, func(n int) {
			for range n {
				if x.VarTimeIsSquare() == 1 {
					x.Add(&x, &x)
				}
			}
			runtime.KeepAlive(x)
		}},
		{"field_sqrt", 20000, func(n int) {
			for range n {
				x.Sqrt(&x)
			}
			runtime.KeepAlive(x)
		}},
		{"scalar_mul", 200000, func(n int) {
			for range n {
				s.Multiply(&s, &s)
			}
			runtime.KeepAlive(s)
		}},
		{"scalar_inverse", 20000, func(n int) {
			for range n {
				s.Invert(&s)
			}
			runtime.KeepAlive(s)
		}},
		{"group_double_var", 200000, func(n int) {
			for range n {
				pj.Double(&pj)
			}
			runtime.KeepAlive(pj)
		}},
		{"group_add_var", 200000, func(n int) {
			q := pj
			for range n {
				pj.VarTimeAdd(&pj, &q)
			}
			runtime.KeepAlive(pj)
		}},
		{"group_add_affine", 200000, func(n int) {
			for range n {
				pj.AddAffine(&pj, &a)
			}
			runtime.KeepAlive(pj)
		}},
		{"group_add_affine_var", 200000, func(n int) {
			for range n {
				pj.VarTimeAddAffine(&pj, &a)
			}
			runtime.KeepAlive(pj)
		}},
		{"ecmult_gen", 20000, func(n int) {
			for range n {
				sinkPoint.ScalarBaseMult(&s)
				s.Add(&s, &s)
			}
		}},
		{"ecmult_const", 20000, func(n int) {
			for range n {
				sinkPoint.ScalarMult(&s, g)
				s.Add(&s, &s)
			}
		}},
	}
}
