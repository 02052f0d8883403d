#!/usr/bin/env bash
# bench/basecompare.sh measures this tree against another revision of
# Kestrel, for "no row regresses". First bench/compare in one process with
# a second Kestrel, "base": REV under the module path …/secp256k1base, its
# Kestrel code a copy of lib_kestrel.go; the two alternate round by round as
# the libraries of every compare run do, and each ratio is this tree's
# median over base's. Every row is measured, and four that only Kestrel
# has: VerifyMany (ECDSA, BIP-340), ScanMany and a FROST session. With -g,
# then the finer Go benchmarks of those packages (BatchVerifier, MuSig2's
# and FROST's steps): each package's test binary of REV and of this tree,
# run alternately, pinned, and benchstat (base is the old column). They
# time wall-clock time, which a shared host disturbs more than bench/compare's
# CPU time.
#
#   bench/basecompare.sh [-g] [-r ROUNDS] [-n COUNT] [-t BENCHTIME] [-o DIR] REV
#
# ROUNDS (default 150) are bench/compare's rounds, COUNT (default 10)
# benchstat's n, BENCHTIME (default 200ms) each Go benchmark's time. Results
# stay in DIR (default a fresh temporary directory). If the public API that
# lib_kestrel.go uses was renamed since REV, BASE_SED holds sed expressions
# that undo the rename in the base copy (BASE_SED='s/bip32\.Mainnet/bip32.MainNet/').
# Run it on an otherwise idle machine, never beside a benchmark or a build.
set -euo pipefail

rounds=150 count=10 benchtime=200ms out= gobench=
while getopts "gr:n:t:o:" opt; do
	case $opt in
	g) gobench=1 ;;
	r) rounds=$OPTARG ;;
	n) count=$OPTARG ;;
	t) benchtime=$OPTARG ;;
	o) out=$OPTARG ;;
	*) sed -n 2,22p "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n 2,22p "$0" >&2; exit 2; }
rev=$1
cd "$(dirname "$0")/.."
root=$PWD
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out"
out=$(cd "$out" && pwd)

. bench/measure.sh # benchstat, pin

# The base tree under its own module path. Its nested modules (bench,
# test) are not needed and would keep the old path.
mod=github.com/kestrel-crypto/secp256k1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/base"
git archive "$rev" | tar -x -C "$work/base"
rm -rf "$work/base/bench" "$work/base/test"
grep -rlE --include='*.go' --include='*.s' --include=go.mod "$mod" "$work/base" |
	xargs sed -i -E "s#${mod}(\$|[/\"\` ])#${mod}base\1#g"

# bench/compare with the base library: lib_base.go is lib_kestrel.go with
# the base's import paths and its own names (kestrelX → baseX, addKestrelX →
# addBaseX, newKestrel → kestrelBase), and sets newBase.
cp -r bench/compare "$work/compare"
sed -E -e "s#\"${mod}(/|\")#\"${mod}base\1#g" \
	-e 's/\bkestrel([A-Z])/base\1/g; s/\b([a-z]+)Kestrel([A-Z])/\1Base\2/g; s/\bnewKestrel\b/kestrelBase/g' \
	-e "s/Name:  \"kestrel\"/Name:  \"base\"/; s/Label: \"Kestrel\"/Label: \"Kestrel $rev\"/" \
	-e "${BASE_SED:-}" \
	bench/compare/lib_kestrel.go >"$work/compare/lib_base.go"
printf '\nfunc init() { newBase = kestrelBase }\n' >>"$work/compare/lib_base.go"
(
	cd "$work/compare"
	go mod edit -replace "$mod=$root" -require "${mod}base@v0.0.0" -replace "${mod}base=$work/base"
	GOTOOLCHAIN=go1.26.10 GOFLAGS=-mod=mod go build -o "$out/compare" .
)
echo "bench/compare: this tree against $rev ($rounds rounds)" >&2
"${pin[@]}" "$out/compare" -libs kestrel,base -rounds "$rounds" -o "$out" | tee "$out/compare.txt"

[ -n "$gobench" ] || { echo "results in $out" >&2; exit 0; }

# The Go benchmarks, package by package.
declare -A benches=(
	[ecdsa]='^BenchmarkVerifyMany$'
	[schnorr]='^Benchmark(VerifyMany|SchnorrsigBatchVerify)$'
	[silentpayments]='^BenchmarkScan(Many|NoMatch)$'
	[musig2]='^BenchmarkMusig(KeyAgg|PartialSign|PartialVerify|Session2of2)$'
	[frost]='^Benchmark(Sign|PartialSigVerify|PartialSigAgg|NewSessionContext)$'
)
for pkg in "${!benches[@]}"; do
	go test -c -o "$out/$pkg.new.test" "./$pkg"
	(cd "$work/base" && go test -c -o "$out/$pkg.base.test" "./$pkg")
done
: >"$out/base.txt"
: >"$out/new.txt"
for i in $(seq "$count"); do
	echo "round $i of $count" >&2
	for pkg in "${!benches[@]}"; do
		for build in base new; do
			"${pin[@]}" "$out/$pkg.$build.test" -test.run '^$' -test.bench "${benches[$pkg]}" \
				-test.benchtime "$benchtime" -test.benchmem |
				awk -v pkg="$pkg" 'BEGIN { print "pkg: " pkg } /^Benchmark/' >>"$out/$build.txt"
		done
	done
done
"${benchstat[@]}" "$out/base.txt" "$out/new.txt" | tee "$out/benchstat.txt"
echo "results in $out" >&2
