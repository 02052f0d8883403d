package safegcd

import (
	"flag"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/backendtest"
)

// The safegcd tests run once per backend this build can execute (the
// assembly and the generic Go code on amd64; generic alone elsewhere and
// with -tags purego), so the inversion and Jacobi tests, which compare with
// math/big, cover both. Benchmarks and fuzzing run once, with the backend
// named by -safegcd.backend (default: the assembly where it is built):
//
//	go test -run '^$' -bench . -count 10 -safegcd.backend=generic > old.txt
//	go test -run '^$' -bench . -count 10 -safegcd.backend=asm > new.txt
//	benchstat old.txt new.txt
var backendFlag = flag.String("safegcd.backend", "", "run tests and benchmarks only with this backend (asm or generic)")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(backendtest.Run(m, "safegcd", *backendFlag, backends(), setBackend))
}
