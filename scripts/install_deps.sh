#!/usr/bin/env bash
# Installs the Debian 12 packages arenastore builds with, skipping those already present.
#   scripts/install_deps.sh [MORE_PACKAGES...]   (the device scripts add the Arm toolchain, QEMU)
set -euo pipefail

# docker-registry (CNCF Distribution 2.8) and apache2-utils (htpasswd, for the bcrypt password
# file its basic auth reads) serve the remote tests (tests/remote), which start their own
# `docker-registry serve CONFIG` on loopback; skopeo is the other OCI tool they copy
# arenastore's repositories and OCI image layouts with.
packages=(
  build-essential cmake pkg-config
  libsqlite3-dev libssl-dev libcurl4-openssl-dev
  libflatbuffers-dev flatbuffers-compiler
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  zlib1g-dev
  pybind11-dev python3-dev python3-numpy python3-pytest
  docker-registry apache2-utils skopeo
  "$@"
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
  # docker-registry's maintainer scripts would start a system service: policy-rc.d answers 101
  # ("not allowed") while apt runs, so no daemon takes :5000 and a container without systemd
  # neither hangs nor fails the install.
  policy=/usr/sbin/policy-rc.d
  had_policy=0
  if [[ -e $policy ]]; then had_policy=1; fi
  if ((!had_policy)); then
    printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
    "${sudo_cmd[@]}" chmod 755 "$policy"
  fi
  status=0
  "${sudo_cmd[@]}" apt-get update -qq || status=$?
  if ((!status)); then
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
      --no-install-recommends "${missing[@]}" >/dev/null || status=$?
  fi
  if ((!had_policy)); then "${sudo_cmd[@]}" rm -f "$policy"; fi
  if ((status)); then exit "$status"; fi
fi

# Headless Chromium renders the plan SVG and the audit page in tests/render (skipped without it).
# It is big: chromium + chromium-common are 113 MB (fetched in 2 s, 11 s with apt's overhead, from
# Debian's mirror here), 349 MB unpacked (23 s on a loaded 2-core host), plus about 40 shared
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
