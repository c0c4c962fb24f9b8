#!/usr/bin/env bash
# Starts Chromium (COMPANION_CHROMIUM, or Debian's /usr/bin/chromium) with every `--disable-features`
# list it is given merged into one. Chromium keeps only the last of them, and Playwright passes its
# own list (features that would disturb automation) before the caller's: without the merge, adding
# one feature to the list would turn all of Playwright's back on. See CHROMIUM_QUIET_ARGS
# (./browsers.ts) for the features the tests turn off.
#
# COMPANION_AUTOGROUP_NICENESS (set by `npm test` for the unit tests it runs beside the end-to-end
# tests, scripts/test.mjs): the niceness of this browser's autogroup. Playwright starts the browser
# in a session of its own, so it would not share the lower priority of the run that launched it.
set -euo pipefail
if [[ -n "${COMPANION_AUTOGROUP_NICENESS:-}" ]]; then
  echo "$COMPANION_AUTOGROUP_NICENESS" 2>/dev/null >/proc/self/autogroup || true
fi
disabled=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if ((${#disabled[@]} > 0)); then
  merged=$(IFS=,; echo "${disabled[*]}")
  args+=("--disable-features=$merged")
fi
exec "${COMPANION_CHROMIUM:-/usr/bin/chromium}" "${args[@]}"
