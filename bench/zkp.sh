#!/usr/bin/env bash
# bench/zkp.sh measures Kestrel's ports of secp256k1-zkp's modules beside
# zkp itself: test/zkp's Benchmark<Row> functions each run the same
# operation on the same inputs as sub-benchmarks impl=kestrel and impl=zkp
# (one binary, cgo calls into zkp at 99fab529 built by
# test/libsecp/oracle.sh -zkp). The
# binary runs ROUNDS times with -test.count 1, so the two sides alternate,
# pinned to one core; benchstat then compares them (-col /impl: zkp is the
# base, kestrel the column with the ratio). With -c it also prints, once,
# zkp's own benchmark programs' tables (bench_generator, bench_rangeproof,
# bench_whitelist), for their row names and units; then bench/zkp-modules.c
# (zkp's s2c and halfagg rows in C, linked to the same build's static
# library) and the rows of the same names of `secp256k1 bench main`, both in
# libsecp256k1's bench format, and the two minima side by side with their
# ratio (kestrel/zkp).
#
#   bench/zkp.sh [-n ROUNDS] [-t BENCHTIME] [-r REGEXP] [-o DIR] [-c]
#
# ROUNDS defaults to 10 (0 skips test/zkp: with -c, only the tables),
# BENCHTIME to 300ms, REGEXP (which test/zkp rows) to '.'.
# Raw results stay in DIR (default a fresh temporary directory). Run it on an
# otherwise idle machine, never beside a benchmark or a build.
set -euo pipefail

rounds=10 benchtime=300ms run=. out= own=
while getopts "n:t:r:o:c" opt; do
	case $opt in
	n) rounds=$OPTARG ;;
	t) benchtime=$OPTARG ;;
	r) run=$OPTARG ;;
	o) out=$OPTARG ;;
	c) own=1 ;;
	*) sed -n 2,22p "$0" >&2; exit 2 ;;
	esac
done
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out"
cd "$(dirname "$0")/.."

. bench/measure.sh # benchstat, pin

[ -n "$(bash test/libsecp/oracle.sh -zkp -t)" ] || { echo "bench/zkp.sh: no secp256k1-zkp tarball (test/libsecp/oracle.sh -zkp)" >&2; exit 1; }
eval "$(bash test/libsecp/oracle.sh -zkp)"
if [ "$rounds" -gt 0 ]; then
	(cd test/zkp && go test -c -o "$out/zkp.test" .)
	for i in $(seq "$rounds"); do
		echo "round $i of $rounds" >&2
		"${pin[@]}" "$out/zkp.test" -test.run '^$' -test.bench "$run" -test.benchtime "$benchtime" \
			-test.count 1 | grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >>"$out/raw.txt"
	done
	# Sub-benchmark kestrel or zkp → the key impl, which benchstat compares;
	# time only (zkp's allocations are invisible to Go).
	sed -E -e 's#/(kestrel|zkp)(-[0-9]+)?([[:space:]])#/impl=\1\2\3#' -e 's#(ns/op).*#\1#' "$out/raw.txt" >"$out/results.txt"
	"${benchstat[@]}" -col "/impl@(zkp kestrel)" "$out/results.txt"
	echo "raw results: $out" >&2
fi

if [ -n "$own" ]; then
	for b in generator rangeproof whitelist; do
		echo "== $ZKP_DIR/bin/bench_$b"
		"${pin[@]}" "$ZKP_DIR/bin/bench_$b"
	done
	# The build's lib holds libsecp256k1.a (oracle.sh's CGO_LDFLAGS link it
	# too): a static link, no library path at run time.
	gcc -O2 -I "$ZKP_DIR/include" -o "$out/zkp-modules" bench/zkp-modules.c "$ZKP_DIR/lib/libsecp256k1.a"
	go build -o "$out/secp256k1" ./cmd/secp256k1
	echo "== bench/zkp-modules.c"
	"${pin[@]}" "$out/zkp-modules" | tee "$out/zkp-modules.txt"
	# The Go rows of the names the C program printed.
	rows=$(awk -F, '$2 + 0 > 0 { n = $1; gsub(/ /, "", n); printf "%s%s", sep, n; sep = "|" }' "$out/zkp-modules.txt")
	echo "== secp256k1 bench main -run '^($rows)\$'"
	"${pin[@]}" "$out/secp256k1" bench main -run "^($rows)\$" | tee "$out/kestrel-modules.txt"
	echo "== minima (us): zkp, kestrel, kestrel/zkp"
	awk -F, '{ n = $1; gsub(/ /, "", n) } $2 + 0 <= 0 { next }
		FNR == NR { z[n] = $2 + 0; next }
		n in z { printf "%-34s %12.3f %12.3f %6.2f\n", n, z[n], $2, $2 / z[n] }' \
		"$out/zkp-modules.txt" "$out/kestrel-modules.txt"
fi
