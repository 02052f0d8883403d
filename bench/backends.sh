#!/usr/bin/env bash
# bench/backends.sh measures the amd64 assembly against the -tags purego
# build in one run, the way docs/design.md ("Backends") quotes it: the field
# multiply and square (one dependent chain, and four independent chains) and
# the point formulas, each a test binary of the default build and one of the
# purego build, run alternately, pinned to one core, then compared by
# benchstat (-col /build: purego is the base, asm the column with the ratio),
# and the ratio of each build's minimum: on the project's shared host the
# medians move with its load (the generic code loses more on a busy host),
# while the minima stand for its quiet state if both builds caught quiet
# moments (docs/design.md, "Backends").
#
#   bench/backends.sh [-n ROUNDS] [-t BENCHTIME] [-o DIR]
#
# ROUNDS (default 10) is benchstat's n; BENCHTIME defaults to 300ms. The raw
# results (ns/op only) stay in DIR (default a fresh temporary directory).
# Run it on an otherwise idle machine, never beside a benchmark or a build.
set -euo pipefail

rounds=10 benchtime=300ms out=
while getopts "n:t:o:" opt; do
	case $opt in
	n) rounds=$OPTARG ;;
	t) benchtime=$OPTARG ;;
	o) out=$OPTARG ;;
	*) sed -n 2,14p "$0" >&2; exit 2 ;;
	esac
done
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out"
cd "$(dirname "$0")/.."

. bench/measure.sh # benchstat, pin

field='^BenchmarkChains$'
group='^BenchmarkBackends$/^op=(Double|VarTimeDouble|VarTimeAddAffine|VarTimeAddZinv|VarTimeAdd|AddAffine)$'
for pkg in field group; do
	go test -c -o "$out/$pkg.asm.test" "./internal/$pkg"
	go test -tags purego -c -o "$out/$pkg.purego.test" "./internal/$pkg"
done
rm -f "$out"/*.txt
touch "$out/asm.txt" "$out/purego.txt"
for i in $(seq "$rounds"); do
	echo "round $i of $rounds" >&2
	for pkg in field group; do
		pat=$field
		[ $pkg = group ] && pat=$group
		for build in asm purego; do
			# The default build runs every backend its CPU has; keep the
			# assembly one. The purego build has only the generic one.
			want=backend=adx
			[ $build = purego ] && want=backend=generic
			"${pin[@]}" "$out/$pkg.$build.test" -test.run '^$' -test.bench "$pat" \
				-test.benchtime "$benchtime" >"$out/last.out"
			awk -v want="$want" -v build="$build" '/^Benchmark/ && index($1, want) {
				sub("/" want, "/build=" build, $1); print $1, $2, $3, $4 }' \
				"$out/last.out" >>"$out/$build.txt"
		done
	done
done
if [ ! -s "$out/asm.txt" ]; then
	echo "this CPU lacks BMI2/ADX: the default build runs the generic code too" >&2
	exit 0
fi
cat "$out/purego.txt" "$out/asm.txt" >"$out/all.txt"
"${benchstat[@]}" -col /build "$out/all.txt"
echo
echo "minima (ns/op): purego, asm, asm/purego"
awk '{ split($1, f, "/build="); k = f[1]; v = $3 + 0
	if (!((k, f[2]) in m) || v < m[k, f[2]]) m[k, f[2]] = v
	if (!(k in seen)) { seen[k] = 1; order[n++] = k } }
END { for (i = 0; i < n; i++) { k = order[i]
	if (!((k, "purego") in m) || !((k, "asm") in m) || m[k, "purego"] == 0) continue
	printf "%-44s %9.2f %9.2f  %.3f\n", k, m[k, "purego"], m[k, "asm"], m[k, "asm"] / m[k, "purego"] } }' \
	"$out/all.txt"
echo "raw results: $out" >&2
