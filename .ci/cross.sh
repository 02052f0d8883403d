#!/usr/bin/env bash
# The main module's tests on other architectures (issue #10, item 6), called
# by .ci/run. Usage: .ci/cross.sh [arm64] [s390x] [wasm] [noasm] (default:
# all five, in that order). Every step runs, then the script fails if any
# step failed.
#
#   386           go test -short ./... with GOARCH=386 where the kernel runs
#                 32-bit binaries; elsewhere go vet for 386 and the tests on
#                 GOARCH=arm (32-bit, little-endian) under qemu-arm.
#   arm64, s390x  go test -short ./... cross-compiled (GOARCH=arm64, s390x)
#                 and run under qemu-user (go test -exec qemu-<cpu>-static).
#                 Under every emulator, and under node below, the timing
#                 tests skip (KESTREL_EMULATED, internal/testkit/race): their
#                 timings measure qemu's translation or node's clock and JIT,
#                 and the dudect self-checks missed their deliberate leaks
#                 there on arm, arm64, s390x and js/wasm.
#                 s390x is the big-endian one. Installs Debian's
#                 qemu-user-static if no qemu-<cpu>(-static) is on PATH.
#                 cmd/secp256k1 runs only TestIsTerminal (its one in-process
#                 test): the others exec the binary that TestMain builds, and
#                 without binfmt_misc the host cannot exec a foreign binary.
#   wasm          GOOS=js GOARCH=wasm go test -short ./... under node
#                 (go_js_wasm_exec of the Go distribution), without
#                 cmd/secp256k1: js/wasm has no os/exec, and its TestMain
#                 must run `go build`.
#   noasm         go test -short ./... on amd64 with the CPU features that
#                 select the assembly switched off through GODEBUG (which
#                 golang.org/x/sys/cpu honours as the runtime does), so the
#                 whole suite runs the fallback dispatch of a CPU without
#                 BMI2/ADX, AVX2 and SHA-NI; then checks that the generic
#                 backends were the ones in use.
#
# -short because the full suite is about four times as long, too long for CI
# under emulation (the native full suite is .ci/run's own step);
# CROSS_TESTFLAGS= (empty) runs it in full. Timings are printed per step.
set -euo pipefail
cd "$(dirname "$0")/.."

testflags=${CROSS_TESTFLAGS--short}

export GOFLAGS="${GOFLAGS:-} -buildvcs=false"
cmdpkg=github.com/kestrel-crypto/secp256k1/cmd/secp256k1
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo

apt_install() {
	$SUDO apt-get -o DPkg::Lock::Timeout=600 update -q
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "$@"
}

# qemu prints the path of qemu-<cpu>-static or qemu-<cpu>, installing
# qemu-user-static (or, where it is gone, qemu-user) if neither is there.
qemu() {
	local bin
	if ! bin=$(command -v "qemu-$1-static" || command -v "qemu-$1"); then
		apt_install qemu-user-static >&2 || apt_install qemu-user >&2
		bin=$(command -v "qemu-$1-static" || command -v "qemu-$1")
	fi
	echo "$bin"
}

# emulated GOARCH CPU: the suite cross-compiled and run under qemu-user.
emulated() {
	local exec pkgs
	exec=$(qemu "$2")
	"$exec" --version | sed -n 1p
	pkgs=$(go list ./... | grep -vx "$cmdpkg")
	local -x KESTREL_EMULATED=qemu-$2
	# shellcheck disable=SC2086 # word splitting of $testflags and $pkgs is wanted
	GOARCH=$1 go test $testflags -timeout 30m -exec "$exec" $pkgs
	# shellcheck disable=SC2086
	GOARCH=$1 go test $testflags -exec "$exec" -run '^TestIsTerminal$' "$cmdpkg"
}

step_arm64() { emulated arm64 aarch64; }

# 386 natively if a 32-bit binary runs here. Some CI hosts have no 32-bit
# support ("exec format error"), and the Go runtime for 386 crashes under
# qemu-i386 ("bad g in signal handler"); there the 386 build is vetted and
# the 32-bit word size is tested on GOARCH=arm under qemu-arm instead.
step_386() {
	local dir
	dir=$(mktemp -d)
	printf 'package main\nfunc main() {}\n' >"$dir/main.go"
	if (cd "$dir" && GOARCH=386 GOFLAGS= go build -o probe main.go && ./probe) 2>/dev/null; then
		rm -r "$dir"
		echo "32-bit binaries run natively"
		# shellcheck disable=SC2086
		GOARCH=386 go test $testflags ./...
	else
		rm -r "$dir"
		echo "32-bit x86 binaries do not run here: go vet for 386, the tests on 32-bit arm (qemu-arm)"
		GOARCH=386 go vet ./...
		emulated arm arm
	fi
}

step_s390x() { emulated s390x s390x; }

step_wasm() {
	local goroot wasmexec pkgs
	goroot=$(go env GOROOT)
	wasmexec=$goroot/lib/wasm/go_js_wasm_exec # Go 1.24 moved it from misc/wasm
	[ -x "$wasmexec" ] || wasmexec=$goroot/misc/wasm/go_js_wasm_exec
	command -v node >/dev/null || apt_install nodejs
	echo "node $(node --version), $wasmexec"
	local -x KESTREL_EMULATED=node-wasm
	pkgs=$(go list ./... | grep -vx "$cmdpkg")
	# shellcheck disable=SC2086
	GOOS=js GOARCH=wasm go test $testflags -timeout 30m -exec "$wasmexec" $pkgs
}

step_noasm() {
	local off=cpu.bmi2=off,cpu.adx=off,cpu.avx2=off,cpu.ssse3=off
	if [ "$(go env GOARCH)" != amd64 ]; then
		echo "not amd64: no assembly to switch off"; return 0
	fi
	# The backends each package would test: the generic ones alone.
	local backends
	backends=$(GODEBUG=$off go test -count=1 -v -run '^$' ./internal/field ./internal/group ./internal/sha256 | grep ': testing the ' || true)
	echo "$backends"
	if grep -qv 'testing the generic backend' <<<"$backends" || [ "$(wc -l <<<"$backends")" != 3 ]; then
		echo "GODEBUG=$off did not leave the generic backends alone"; return 1
	fi
	# The backend the library picks by default, as the bench command reports it.
	local bin line
	bin=$(mktemp -d)/secp256k1
	go build -o "$bin" ./cmd/secp256k1
	line=$(GODEBUG=$off SECP256K1_BENCH_ITERS=1 "$bin" bench internal 2>&1 >/dev/null)
	rm -r "$(dirname "$bin")"
	echo "$line"
	case $line in
	*"field arithmetic: generic Go"*) ;;
	*) echo "GODEBUG=$off: the bench command does not report the generic backend"; return 1 ;;
	esac
	# shellcheck disable=SC2086
	GODEBUG=$off go test $testflags ./...
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(386 arm64 s390x wasm noasm)
summary=()
failed=0
for s in "${steps[@]}"; do
	declare -F "step_$s" >/dev/null || { echo "unknown step $s (want 386, arm64, s390x, wasm, noasm)"; exit 2; }
	printf '\n--- cross: %s\n' "$s"
	t0=$(date +%s)
	set +e
	(set -e; "step_$s")
	rc=$?
	set -e
	dt=$(($(date +%s) - t0))
	if [ $rc = 0 ]; then
		summary+=("$(printf '%-6s ok    %4ds' "$s" "$dt")")
	else
		summary+=("$(printf '%-6s FAIL  %4ds' "$s" "$dt")")
		failed=$((failed + 1))
	fi
	printf -- '--- cross: %s done in %ds (exit %d)\n' "$s" "$dt" "$rc"
done
printf '\ncross-architecture steps:\n'
printf '  %s\n' "${summary[@]}"
printf 'cross: %d passed, %d failed\n' $((${#steps[@]} - failed)) "$failed"
[ "$failed" = 0 ]
