// Command compare measures Kestrel side by side with other secp256k1
// libraries, in one process: libsecp256k1 (cgo, loaded with dlopen: the
// current release line that test/libsecp/oracle.sh builds, or else the
// system's 0.2.0; see libsecp.go), go-ethereum's crypto/secp256k1 (cgo, its
// bundled libsecp256k1), decred's dcrec/secp256k1 and btcec (pure Go). It is
// a separate module so that the library itself never depends on them; btcec
// v2.5.1 needs Go 1.26.10, hence GOTOOLCHAIN:
//
//	cd bench/compare
//	eval "$(bash ../../test/libsecp/oracle.sh)"   # libsecp256k1's current release line
//	GOTOOLCHAIN=go1.26.10 go run . -check          # the cross-check alone (CI)
//	GOTOOLCHAIN=go1.26.10 go run . -quick          # a fast look
//	GOTOOLCHAIN=go1.26.10 go build -o /tmp/compare . && taskset -c 1 /tmp/compare -md ../../docs/compare.md
//
// Each row is one of libsecp256k1's bench rows (ecdsa_verify, ecdsa_sign,
// ec_keygen, ecdh, ecdsa_recover, schnorrsig_sign, schnorrsig_verify,
// ellswift_encode/decode/keygen/ecdh) plus a MuSig2 session and BIP-32
// derivation (hd_derive_priv, hd_derive_pub: Kestrel's bip32 and btcd's
// btcutil/hdkeychain), from bytes to bytes as ops.go describes, for every
// library that offers it. Before
// anything is timed, every library's results are compared with every
// other's on random inputs (check.go); any disagreement is printed and the
// program exits with status 1.
//
// Timing interleaves the libraries: for each operation, rounds of one batch
// per library, the order rotating, each batch timed with the process's CPU
// time (CLOCK_PROCESS_CPUTIME_ID). The table gives the median and minimum
// per operation; the ratios are to libsecp256k1, or to Kestrel where
// libsecp256k1 lacks the operation. The table goes to standard output, and
// compare.csv and compare.svg (a bar chart) to the -o directory. With -md
// the program writes the whole page docs/compare.md (page.md.in's text, the
// run's host, CPU, date and commit, and the tables), the CSV and the chart
// beside it; -from takes the results from a compare.csv instead of
// measuring, to write the page again after an edit of page.md.in.
//
// The go test benchmarks of this module (field, scalar and point operations
// against decred, MSM against gnark-crypto, MuSig2 against btcec, BIP-32
// against hdkeychain in hd_test.go, RFC 9380 hashing against gnark-crypto in
// h2c_test.go) name each library in a lib=<name> sub-benchmark:
//
//	GOTOOLCHAIN=go1.26.10 go test -run '^$' -bench . -count 10 > out.txt
//	benchstat -col /lib out.txt
package main

import (
	crand "crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// libNames are the libraries in the order of the table.
var libNames = []string{"kestrel", "base", "libsecp", "geth", "decred", "btcec"}

// newBase, when set, makes the library "base": Kestrel at another revision,
// under another module path, for an old/new comparison in one process.
// bench/basecompare.sh writes the file that sets it (lib_base.go, from
// lib_kestrel.go) into a temporary copy of this module; the committed
// module has no base.
var newBase func() *Lib

// defaultLibs is the -libs default: every library this build has.
func defaultLibs() string {
	var names []string
	for _, n := range libNames {
		if n != "base" || newBase != nil {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// timingSeed is the seed of the data set that is timed (32 cases).
const timingSeed, timingCases = 1, 32

func main() {
	var (
		check   = flag.Bool("check", false, "only cross-check the libraries, then exit")
		mdPath  = flag.String("md", "", "write the whole page (docs/compare.md) to this file, and compare.csv and compare.svg beside it instead of in -o")
		from    = flag.String("from", "", "measure nothing: take the results from this compare.csv and write the outputs again")
		quick   = flag.Bool("quick", false, "few rounds of short batches: a fast, rough run")
		cases   = flag.Int("n", 32, "random cases for the cross-check")
		seed    = flag.Uint64("seed", 0, "seed of the cross-check's random cases (0: a random seed)")
		rounds  = flag.Int("rounds", 150, "timing rounds per operation")
		batch   = flag.Duration("batch", 20*time.Millisecond, "CPU time of one library's batch in a round")
		libsArg = flag.String("libs", defaultLibs(), "comma-separated libraries to compare")
		opsArg  = flag.String("ops", "", "regular expression selecting operations (default all)")
		outDir  = flag.String("o", ".", "directory for compare.csv and compare.svg (empty: none)")
		libsecp = flag.String("libsecp", "", "libsecp256k1 shared library to dlopen (default: $LIBSECP_SO, else the system's)")
	)
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: compare [flags]\n\nMeasures secp256k1 libraries side by side; see the package comment.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *mdPath != "" {
		*outDir = filepath.Dir(*mdPath)
	}
	if *from != "" {
		env, libs, results, err := readCSVFile(*from)
		if err != nil {
			fatalf("-from: %v", err)
		}
		writeTable(os.Stdout, env, libs, results)
		writeOutputs(*outDir, *mdPath, env, libs, results)
		return
	}
	if *quick {
		*rounds, *batch = 5, 2*time.Millisecond
	}
	t := timing{rounds: *rounds, batch: *batch}
	if t.rounds < 1 || t.batch <= 0 || *cases < 2 {
		fatalf("-rounds, -batch and -n must be positive (-n at least 2)")
	}
	var opFilter *regexp.Regexp
	if *opsArg != "" {
		var err error
		if opFilter, err = regexp.Compile(*opsArg); err != nil {
			fatalf("-ops: %v", err)
		}
	}
	libs, err := selectLibs(*libsArg, *libsecp)
	if err != nil {
		fatalf("%v", err)
	}

	env := newEnv(t)
	fmt.Printf("# secp256k1 libraries compared (bench/compare)\n\n%s\n\n", env)
	for _, l := range libs {
		fmt.Printf("- %s: %s\n", l.Label, l.About)
	}
	fmt.Println()

	if *seed == 0 {
		var b [8]byte
		crand.Read(b[:])
		*seed = binary.LittleEndian.Uint64(b[:]) | 1
	}
	if !runCheck(os.Stdout, libs, *seed, *cases) {
		os.Exit(1)
	}
	if *check {
		return
	}

	d := newDataset(timingSeed, timingCases)
	for _, l := range libs {
		l.Load(d)
	}
	var results []Result
	start := time.Now()
	oldNew := slices.ContainsFunc(libs, func(l *Lib) bool { return l.Name == "base" })
	for _, op := range ops {
		if opFilter != nil && !opFilter.MatchString(op.Name) || op.OldNew && !oldNew {
			continue
		}
		results = append(results, measure(op, libs, d, t, os.Stderr)...)
	}
	fmt.Fprintf(os.Stderr, "timing took %v\n", time.Since(start).Round(time.Second))
	if len(results) == 0 {
		fatalf("no operation selected")
	}
	writeTable(os.Stdout, env, libs, results)
	writeOutputs(*outDir, *mdPath, env, libs, results)
}

// writeOutputs writes compare.csv and compare.svg to outDir (none if it is
// empty), and the page to mdPath (none if it is empty).
func writeOutputs(outDir, mdPath string, env Env, libs []*Lib, results []Result) {
	if outDir == "" {
		return
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		fatalf("%v", err)
	}
	csvPath, svgPath := filepath.Join(outDir, "compare.csv"), filepath.Join(outDir, "compare.svg")
	if err := writeFile(csvPath, func(w io.Writer) error { return writeCSV(w, env, libs, results) }); err != nil {
		fatalf("%v", err)
	}
	if err := writeFile(svgPath, func(w io.Writer) error { return writeChart(w, env, libs, results) }); err != nil {
		fatalf("%v", err)
	}
	fmt.Fprintf(os.Stderr, "wrote %s and %s\n", csvPath, svgPath)
	if mdPath != "" {
		if err := writeFile(mdPath, func(w io.Writer) error { return writePage(w, env, libs, results) }); err != nil {
			fatalf("%v", err)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", mdPath)
	}
}

// readCSVFile reads a compare.csv.
func readCSVFile(path string) (Env, []*Lib, []Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Env{}, nil, nil, err
	}
	defer f.Close()
	env, libs, results, err := readCSV(f)
	if err != nil {
		return Env{}, nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return env, libs, results, nil
}

// selectLibs returns the libraries named in list, in the table's order.
func selectLibs(list, libsecpPath string) ([]*Lib, error) {
	want := map[string]bool{}
	for name := range strings.SplitSeq(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !slices.Contains(libNames, name) {
			return nil, fmt.Errorf("-libs: unknown library %q (known: %s)", name, strings.Join(libNames, ", "))
		}
		want[name] = true
	}
	var libs []*Lib
	for _, name := range libNames {
		if !want[name] {
			continue
		}
		switch name {
		case "kestrel":
			libs = append(libs, newKestrel())
		case "base":
			if newBase == nil {
				return nil, fmt.Errorf("-libs: base is only in the build bench/basecompare.sh makes")
			}
			libs = append(libs, newBase())
		case "libsecp":
			l, err := newLibsecp(libsecpPath)
			if err != nil {
				return nil, err
			}
			libs = append(libs, l)
		case "geth":
			libs = append(libs, newGeth())
		case "decred":
			libs = append(libs, newDecred())
		case "btcec":
			libs = append(libs, newBtcec())
		}
	}
	if len(libs) == 0 {
		return nil, fmt.Errorf("-libs: no library selected")
	}
	return libs, nil
}

// runCheck cross-checks the libraries on cases random cases and on the
// timing data set, and reports whether they all agree.
func runCheck(w io.Writer, libs []*Lib, seed uint64, cases int) bool {
	start := time.Now()
	c1, m1 := crossCheck(libs, newDataset(seed, cases), seed, os.Stderr)
	c2, m2 := crossCheck(libs, newDataset(timingSeed, timingCases), timingSeed, os.Stderr)
	if m1+m2 > 0 {
		fmt.Fprintf(os.Stderr, "\n*** CROSS-CHECK FAILED: %d of %d comparisons disagree (-seed %d -n %d); nothing was timed ***\n",
			m1+m2, c1+c2, seed, cases)
		return false
	}
	fmt.Fprintf(w, "Cross-check: %d comparisons on %d random cases (-seed %d) and the %d timed cases, all libraries agree (%v).\n\n",
		c1+c2, cases, seed, timingCases, time.Since(start).Round(time.Millisecond))
	return true
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "compare: "+format+"\n", args...)
	os.Exit(2)
}
