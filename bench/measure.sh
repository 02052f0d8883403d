# bench/measure.sh, sourced by the bench scripts: what every measurement
# shares. benchstat is the version the project's figures were computed
# with; pin runs a command on CPU 1 where there is more than one CPU and
# taskset, so that a measurement keeps one core to itself.
# shellcheck shell=bash disable=SC2034 # the arrays are used by the sourcing script
benchstat=(go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da)
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then
	pin=(taskset -c 1)
fi
