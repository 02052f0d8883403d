package group8

import (
	"flag"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/backendtest"
)

// The tests run once per backend of internal/field8 this machine can
// execute (IFMA assembly and generic twins, or generic alone), as all of
// this package's arithmetic is field8's.
var backendFlag = flag.String("field8.backend", "", "run tests and benchmarks only with this field8 backend (ifma or generic)")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(backendtest.Run(m, "group8", *backendFlag, field8.Backends(), field8.SetBackend))
}
