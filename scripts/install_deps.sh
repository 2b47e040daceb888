#!/usr/bin/env bash
# Installs the Debian 12 packages arenastore builds with, skipping those already present.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libsqlite3-dev libssl-dev
  libflatbuffers-dev flatbuffers-compiler
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  zlib1g-dev
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# Headless Chromium renders the plan SVG and the audit page in tests/render (skipped without it).
# It is big: chromium + chromium-common are 113 MB (fetched in 2 s, 11 s with apt's overhead, from
# deb.debian.org here), 349 MB unpacked (23 s on a loaded 2-core host), plus about 40 shared
# libraries; about a minute in all. Its own step, timed in CI's log; ARENASTORE_NO_CHROMIUM=1 skips.
if [[ -z ${ARENASTORE_NO_CHROMIUM:-} ]] &&
  ! dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "install ok installed"; then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  started=$SECONDS
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    chromium fonts-dejavu-core >/dev/null
  echo "chromium installed in $((SECONDS - started)) s"
fi
