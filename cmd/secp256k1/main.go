// Command secp256k1 is Kestrel's command-line tool. This stage has one
// subcommand, bench, which times the library in libsecp256k1's benchmark
// table format.
//
//	secp256k1 bench [internal|ecmult|all]
//
// SECP256K1_BENCH_ITERS sets the iterations per measurement, as in
// libsecp256k1's bench tools.
package main

import (
	"fmt"
	"os"
)

const usage = `usage: secp256k1 <command> [arguments]

commands:
  bench [internal|all]   time the library; prints libsecp256k1's bench table format
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	switch os.Args[1] {
	case "bench":
		os.Exit(runBench(os.Args[2:], os.Stdout, os.Stderr))
	case "help", "-h", "-help", "--help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "secp256k1: unknown command %q\n%s", os.Args[1], usage)
		os.Exit(2)
	}
}
