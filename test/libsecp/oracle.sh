#!/usr/bin/env bash
# test/libsecp/oracle.sh finds the libsecp256k1 that the differential tests
# (test/libsecp) and the side-by-side benchmarks (bench/compare,
# bench/libsecp-internal.sh) run against, and prints shell assignments for
# it:
#
#   eval "$(bash test/libsecp/oracle.sh)"
#
# The reference is libsecp256k1 at commit 687155df, every module (musig,
# ellswift and silentpayments included), from the tarball of the project's
# shared/oracles directory, built once with that directory's build.sh into
# ${XDG_CACHE_HOME:-~/.cache}/kestrel/libsecp256k1-687155df (about a
# minute on two cores; it needs cmake and gcc). The tarball is LIBSECP_TARBALL if set,
# else shared/oracles/libsecp256k1-687155df.tar.gz beside the checkout
# (../shared from the main checkout, which a git worktree shares); build.sh
# must be in the tarball's directory. The output sets
#
#   CGO_CFLAGS    -I the build's headers (with Go's default -g -O2)
#   CGO_LDFLAGS   -L a directory that holds only libsecp256k1.a, so that
#                 the bindings' -lsecp256k1 links the build statically
#   LIBSECP_SO    the build's shared library, for bench/compare's dlopen
#   LIBSECP_DIR   the build (bin/bench, bin/bench_internal, include, lib)
#   LIBSECP_REQUIRE_MODULES=1, which makes test/libsecp fail rather than
#                 skip if the musig, ellswift or silentpayments module is
#                 missing from what it linked
#
# and exports them. Without the tarball (or with LIBSECP_TARBALL=none) it
# prints only a comment: the bindings then use the system's libsecp256k1
# (Debian's libsecp256k1-dev 0.2.0, which lacks those three modules; their
# tests skip). With -t it only prints the tarball's path (nothing if there
# is none) and builds nothing: CI asks it whether to install cmake.
#
# With -zkp first (oracle.sh -zkp [-t]) it does the same for secp256k1-zkp
# at 99fab529 (every module; ZKP_TARBALL instead of LIBSECP_TARBALL), the
# reference of test/zkp, and prints ZKP_SO and ZKP_DIR instead of
# LIBSECP_SO and LIBSECP_DIR. Without its tarball it prints only a
# comment: test/zkp has no system fallback.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
name=libsecp256k1-687155df project=libsecp256k1 var=LIBSECP
if [ "${1:-}" = -zkp ]; then
	shift
	name=secp256k1-zkp-99fab529 project=secp256k1-zkp var=ZKP
	LIBSECP_TARBALL=${ZKP_TARBALL:-}
fi

tarball=${LIBSECP_TARBALL:-}
if [ -z "$tarball" ]; then
	# The main checkout's parent, also from a worktree (its git common
	# directory is the main checkout's .git).
	common=$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
	for dir in "$root/.." ${common:+"$(dirname "$common")/.."}; do
		if [ -f "$dir/shared/oracles/$name.tar.gz" ]; then
			tarball=$dir/shared/oracles/$name.tar.gz
			break
		fi
	done
fi
if [ -n "$tarball" ] && [ "$tarball" != none ] && [ ! -f "$tarball" ]; then
	echo "oracle.sh: LIBSECP_TARBALL=$tarball: no such file" >&2
	exit 1
fi
if [ -z "$tarball" ] || [ "$tarball" = none ]; then
	[ "${1:-}" = -t ] || echo "# $project: no $name.tar.gz (${var}_TARBALL=${LIBSECP_TARBALL:-unset}): the system library"
	exit 0
fi
if [ "${1:-}" = -t ]; then
	echo "$tarball"
	exit 0
fi
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
build=$(dirname "$tarball")/build.sh
[ -x "$build" ] || { echo "oracle.sh: no build.sh beside $tarball" >&2; exit 1; }
[ "$(basename "$tarball")" = "$name.tar.gz" ] || { echo "oracle.sh: $tarball is not $name.tar.gz" >&2; exit 1; }

out=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kestrel/$name
# build.sh reuses a finished build; it logs to $out/*.log and prints $out.
bash "$build" "$project" "$out" >/dev/null
mkdir -p "$out/static"
ln -sf ../lib/libsecp256k1.a "$out/static/libsecp256k1.a"
echo "# $project $name, built by $build"
printf 'export CGO_CFLAGS=%q\n' "-g -O2 -I$out/include"
printf 'export CGO_LDFLAGS=%q\n' "-L$out/static"
printf 'export %s_SO=%q\n' "$var" "$out/lib/libsecp256k1.so"
printf 'export %s_DIR=%q\n' "$var" "$out"
[ "$var" = ZKP ] || echo 'export LIBSECP_REQUIRE_MODULES=1'
