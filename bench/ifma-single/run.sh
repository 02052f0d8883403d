#!/usr/bin/env bash
# bench/ifma-single/run.sh: build ifma1.c and run it.
#   run.sh quick   correctness test + a short, noisy timing (about 2 s)
#   run.sh full    correctness test + the timing proper (about 30 s; run it on a quiet machine)
#   run.sh test    correctness test only
# The binary goes to a temporary directory; the run is pinned to CPU 1
# where taskset exists and there is more than one CPU.
set -euo pipefail
mode=${1:-quick}
case $mode in quick | full | test) ;; *)
	echo "usage: $0 quick|full|test" >&2
	exit 2
	;;
esac
# The prototype needs these; elsewhere (CI on another CPU) it says so.
for f in avx512f avx512vl avx512ifma avx512_vbmi2; do
	if ! grep -qw "$f" /proc/cpuinfo 2>/dev/null; then
		echo "bench/ifma-single: this CPU lacks $f: skipped"
		exit 0
	fi
done
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -march=native -Wall -Wextra -o "$tmp/ifma1" "$dir/ifma1.c"
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then
	pin=(taskset -c 1)
fi
"${pin[@]}" "$tmp/ifma1" "$mode"
