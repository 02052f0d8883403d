#!/usr/bin/env bash
# bench/libsecp-internal.sh times the inversion rows of libsecp256k1's
# bench_internal beside the rows of the same names of `secp256k1 bench
# internal`, alternating, pinned to one core, and compares them by benchstat
# (libsecp256k1 is the base; each Kestrel build a column with its ratio).
#
#   bench/libsecp-internal.sh [-n ROUNDS] [-o DIR] [-r ROWS] [-m] [GITREV...]
#
# -m compares libsecp256k1's `bench` (the operation rows: ecdsa_*,
# schnorrsig_*, ellswift_*, …) and bench/libsecp-musig.c (musig_partial_sign
# and musig_session_2of2, which its `bench` lacks) with `secp256k1 bench main`
# instead; give ROWS with it (e.g. -m -r '^ellswift_').
#
# libsecp256k1 is the build of test/libsecp/oracle.sh, which the differential
# tests and bench/compare use too: the current release line (commit
# 687155df, from the project's shared/oracles tarball, built once by its
# build.sh with CMake's Release settings); its own bench and bench_internal,
# and bench/libsecp-musig.c linked to its static library. Without the
# tarball it falls back to the C sources that go-ethereum's Go module vendors
# (v0.6.1-dev; crypto/secp256k1/libsecp256k1, fetched through the Go module
# proxy, never copied into this repository), built with gcc -O2 and the
# definitions of its CMake build. The output names the libsecp256k1 it ran.
# Kestrel is built from the working tree ("head") and from
# each GITREV given (a git worktree in DIR). Each round runs every binary once
# (10 timed runs of each row, as both tools do); the value kept per round is
# the row's minimum, so benchstat's n is ROUNDS (default 10). ROWS is a
# regexp of row names (default: the inversion rows). Run it under
# `flock /tmp/bench.lock` on an otherwise idle machine.
set -euo pipefail

geth=github.com/ethereum/go-ethereum@v1.17.10 # vendors libsecp256k1 v0.6.1-dev
rounds=10 out= rows='^(scalar_inverse|scalar_inverse_var|field_inverse|field_inverse_var|field_is_square_var|group_to_affine_var)$'
main=
while getopts "n:o:r:m" opt; do
	case $opt in
	m) main=1 ;;
	n) rounds=$OPTARG ;;
	o) out=$OPTARG ;;
	r) rows=$OPTARG ;;
	*) sed -n 2,12p "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/measure.sh" # benchstat, pin

if [ -n "$(bash "$root/test/libsecp/oracle.sh" -t)" ]; then
	# The oracle's build (oracle.sh builds it on first use).
	lib=$(eval "$(bash "$root/test/libsecp/oracle.sh")" && echo "$LIBSECP_DIR")
	echo "libsecp256k1: $(cat "$lib/.built-from"), built in $lib" >&2
	cp "$lib/bin/bench_internal" "$lib/bin/bench" "$out/"
	gcc -O2 -I "$lib/include" -o "$out/musig" "$root/bench/libsecp-musig.c" "$lib/lib/libsecp256k1.a"
else
	# libsecp256k1's bench_internal from go-ethereum's copy.
	echo "libsecp256k1: go-ethereum's copy ($geth); no shared/oracles tarball" >&2
	src=$(cd "$root" && GOFLAGS=-mod=mod go mod download -json "$geth" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')/crypto/secp256k1/libsecp256k1
	rm -rf "$out/libsecp256k1"
	cp -r "$src" "$out/libsecp256k1"
	chmod -R u+w "$out/libsecp256k1"
	(
		cd "$out/libsecp256k1"
		# The definitions of CMake's default Release build (-O2): the 5x52 field
		# with its x86-64 assembly, int128, all modules.
		defs=(-DUSE_ASM_X86_64=1 -DECMULT_WINDOW_SIZE=15 -DCOMB_BLOCKS=43 -DCOMB_TEETH=6
			-DENABLE_MODULE_ECDH=1 -DENABLE_MODULE_RECOVERY=1 -DENABLE_MODULE_EXTRAKEYS=1
			-DENABLE_MODULE_SCHNORRSIG=1 -DENABLE_MODULE_MUSIG=1 -DENABLE_MODULE_ELLSWIFT=1)
		gcc -O2 -I include -I src "${defs[@]}" \
			-o "$out/bench_internal" src/bench_internal.c src/precomputed_ecmult.c src/precomputed_ecmult_gen.c
		gcc -O2 -I include -I src "${defs[@]}" \
			-o "$out/bench" src/bench.c src/secp256k1.c src/precomputed_ecmult.c src/precomputed_ecmult_gen.c
		gcc -O2 -I include -I src "${defs[@]}" \
			-o "$out/musig" "$root/bench/libsecp-musig.c" src/secp256k1.c src/precomputed_ecmult.c src/precomputed_ecmult_gen.c
	)
fi
if [ -n "$main" ]; then
	# The groups of the operation rows: without arguments the current
	# release line's bench also runs silentpayments' scans of whole blocks,
	# which take minutes.
	cbench=("$out/bench" ecdsa ec ecdh schnorrsig ellswift) kbench=(bench main)
else
	cbench=("$out/bench_internal" scalar field group) kbench=(bench internal)
fi

# Kestrel: the working tree, then each revision.
names=(head)
(cd "$root" && go build -o "$out/kestrel-head" ./cmd/secp256k1)
for rev in "$@"; do
	rm -rf "$out/tree-$rev"
	git -C "$root" worktree add --detach "$out/tree-$rev" "$rev" >/dev/null
	(cd "$out/tree-$rev" && go build -o "$out/kestrel-$rev" ./cmd/secp256k1)
	git -C "$root" worktree remove --force "$out/tree-$rev"
	names+=("$rev")
done

# table ROWS < "name , min , avg , max" lines: benchstat lines of the minima.
table() {
	awk -F, -v re="$1" '{ n = $1; gsub(/ /, "", n) } n ~ re && $2 + 0 > 0 {
		printf "BenchmarkInternal/%s 1 %.1f ns/op\n", n, $2 * 1000 }'
}
rm -f "$out"/libsecp256k1.txt "$out"/kestrel-*.txt
for i in $(seq "$rounds"); do
	echo "round $i of $rounds" >&2
	"${pin[@]}" "${cbench[@]}" | table "$rows" >>"$out/libsecp256k1.txt"
	if [ -n "$main" ]; then
		"${pin[@]}" "$out/musig" | table "$rows" >>"$out/libsecp256k1.txt"
	fi
	for n in "${names[@]}"; do
		"${pin[@]}" "$out/kestrel-$n" "${kbench[@]}" -run "$rows" 2>/dev/null | table "$rows" >>"$out/kestrel-$n.txt"
	done
done
cd "$out"
"${benchstat[@]}" libsecp256k1.txt $(for n in "${names[@]}"; do echo "kestrel-$n.txt"; done)
echo "raw results in $out" >&2
