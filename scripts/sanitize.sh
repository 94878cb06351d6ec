#!/usr/bin/env bash
# The whole test suite (`swift test`) under one sanitizer, in a build of its own
# (.build/sanitize-SANITIZER), so that the plain build is left as it is. Every program the tests
# start from that build (the daemon, the dialog backend, the client) is instrumented too, and
# writes what it finds to .build/sanitize-SANITIZER/reports/ rather than to a log a test may
# not read: the run fails when the tests fail or when any report was written.
#
# With LOAD_TESTS (a --filter pattern, the Makefile's), the floods and loads run after the rest,
# as in `make test`. With DESKTOP_TESTS, the suites that run real desktops are left out, as
# `make test` leaves them to `make test-desktops`.
#
# Usage: [LOAD_TESTS=pattern] [DESKTOP_TESTS=pattern] scripts/sanitize.sh address|thread [swift test arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer=${1:?usage: scripts/sanitize.sh address|thread [swift test arguments...]}
shift
scratch=.build/sanitize-$sanitizer
reports=$PWD/$scratch/reports
rm -rf "$reports"
mkdir -p "$reports"

case $sanitizer in
address)
	# Leaks are `make leakcheck`'s (valgrind, with the daemon's own suppressions): LeakSanitizer
	# would report every allocation GLib, GTK and the Swift runtime keep until exit.
	export ASAN_OPTIONS="detect_leaks=0:handle_sigill=1:log_path=$reports/asan:log_exe_name=1"
	;;
thread)
	export TSAN_OPTIONS="handle_sigill=1:log_path=$reports/tsan:log_exe_name=1:suppressions=$PWD/suppressions/tsan-system-libraries.supp"
	;;
*)
	echo "sanitize: unknown sanitizer '$sanitizer' (address or thread)" >&2
	exit 2
	;;
esac

# Swift's crash backtracer reads other threads' stacks, which AddressSanitizer reports as an
# error of its own; the sanitizers report a crash themselves (handle_sigill: a Swift trap).
export SWIFT_BACKTRACE=enable=no

started=$(date +%s)
status=0
skip_desktops=()
[ -n "${DESKTOP_TESTS:-}" ] && skip_desktops=(--skip "$DESKTOP_TESTS")
run_tests() {
	swift test --disable-xctest --scratch-path "$scratch" --sanitize="$sanitizer" "${skip_desktops[@]}" "$@"
}
if [ -n "${LOAD_TESTS:-}" ]; then
	run_tests --skip "$LOAD_TESTS" "$@" || status=$?
	run_tests --filter "$LOAD_TESTS" "$@" || status=$?
else
	run_tests "$@" || status=$?
fi
elapsed=$(( $(date +%s) - started ))

found=$(find "$reports" -type f | sort)
if [ -n "$found" ]; then
	for report in $found; do
		echo "---- $report" >&2
		head -60 "$report" >&2
	done
	status=1
fi
echo "sanitize: $sanitizer: swift test $([ "$status" = 0 ] && echo passed || echo failed)," \
	"$(printf '%s' "$found" | grep -c . || true) report(s), ${elapsed} s (build included)"
exit "$status"
