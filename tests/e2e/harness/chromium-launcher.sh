#!/usr/bin/env bash
# Starts Chromium (COMPANION_CHROMIUM, or Debian's /usr/bin/chromium) with every `--disable-features`
# list it is given merged into one. Chromium keeps only the last of them, and Playwright passes its
# own list (features that would disturb automation) before the caller's: without the merge, adding
# one feature to the list would turn all of Playwright's back on. See CHROMIUM_QUIET_ARGS
# (./browsers.ts) for the features the tests turn off.
set -euo pipefail
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
