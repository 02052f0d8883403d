#!/usr/bin/env bash
# Runs every native fuzz target of the repository for a fixed time and
# records how many inputs each executed (issue #10: every target ≥ 10 min
# without a finding). .ci/run calls it to run each target briefly
# (-t 2000x).
#
# Usage: .ci/fuzz-long.sh [-t DURATION] [-j LANES] [-o DIR] [REGEXP]
#   -t  time per target, a go test -fuzztime duration (default 10m)
#   -j  targets run at once, each with -parallel 1 (default 1; with more
#       lanes than cores every target still runs DURATION, on a share of
#       a core, and the exec counts say how much work that was)
#   -o  directory for one log per target and summary.txt, which each run
#       appends to (default /tmp/kestrel-fuzz)
#   REGEXP selects targets by name (default: all)
#
# Targets come from `go test -list '^Fuzz'` in every package of the main
# module, plus test/libsecp's FuzzECDSAVerifyDiff (its own module; it needs
# libsecp256k1-dev, see .ci/run). A finding makes the target's line in
# summary.txt say rc=1, leaves the failing input in the package's
# testdata/fuzz/<target>/ as go test does, and makes the script exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

fuzztime=10m lanes=1 out=/tmp/kestrel-fuzz
while getopts t:j:o: opt; do
	case $opt in
	t) fuzztime=$OPTARG ;;
	j) lanes=$OPTARG ;;
	o) out=$OPTARG ;;
	*) sed -n '2,20p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
select=${1:-.}
mkdir -p "$out"

# One "dir pkg target" line per target.
list=$out/targets.txt
: >"$list"
for pkg in $(go list ./...); do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		echo ". $pkg $target" >>"$list"
	done
done
echo "test/libsecp . FuzzECDSAVerifyDiff" >>"$list"
grep -E " [^ ]*${select}[^ ]*\$" "$list" >"$list.sel" || { echo "no target matches $select" >&2; exit 2; }
echo "$(wc -l <"$list.sel") targets, $fuzztime each, $lanes at a time; logs in $out"

# run_one DIR PKG TARGET: one target, its log, and its line in summary.txt.
run_one() {
	local dir=$1 pkg=$2 target=$3 name=$2 log start rc execs
	[ "$pkg" = . ] && name=$dir
	log=$out/$(echo "$name" | tr / _)_$target.log # targets share names across packages
	start=$(date +%s)
	rc=0
	(cd "$root/$dir" && go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" -parallel 1 "$pkg") >"$log" 2>&1 || rc=$?
	execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	printf '%s %s rc=%d %ds execs=%s\n' "$name" "$target" "$rc" "$(($(date +%s) - start))" "${execs:-?}" >>"$out/summary.txt"
	[ "$rc" = 0 ] || { echo "--- $name $target failed ($log):"; tail -n 40 "$log"; } >&2
	return "$rc"
}

failed=0
running=0
while read -r dir pkg target; do
	run_one "$dir" "$pkg" "$target" &
	running=$((running + 1))
	if [ "$running" -ge "$lanes" ]; then
		wait -n || failed=1
		running=$((running - 1))
	fi
done <"$list.sel"
while [ "$running" -gt 0 ]; do
	wait -n || failed=1
	running=$((running - 1))
done
sort "$out/summary.txt"
exit "$failed"
