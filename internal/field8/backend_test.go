package field8

import (
	"flag"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/backendtest"
)

// The tests run once per backend this machine can execute (the IFMA
// assembly and the generic twins where the CPU has AVX-512 IFMA; generic
// alone elsewhere and with -tags purego). Benchmarks run once, with the
// backend named by -field8.backend; BenchmarkMul8 runs both.
var backendFlag = flag.String("field8.backend", "", "run tests and benchmarks only with this backend (ifma or generic)")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(backendtest.Run(m, "field8", *backendFlag, Backends(), SetBackend))
}
